/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a recording and a watch share (docs/design/watch.md section 2.1):
 * the tracefs instance with the per-CPU readers, the signals (through a
 * signalfd) and the time limit (a timerfd), the command started once
 * tracing is on, the trace.dat written in a work folder, and the cleanup
 * on every path. The caller reads the CPUs: record.c splices whole pages
 * to files, watch_source.c reads them as they are written.
 */
#ifndef RECORD_SESSION_H
#define RECORD_SESSION_H

#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

#include "record.h"
#include "record_stream.h"
#include "record_tracefs.h"
#include "record_workdir.h"

struct record_session {
	const struct record_options	*o;
	struct record_result		*res;
	struct record_tracefs		tfs;
	struct record_streams		streams;
	struct record_workdir		workdir;
	char				tmp_out[WORKDIR_PATH_LEN + 16];
	int				sigfd;
	int				timerfd;
	pid_t				child;
	int				exec_pipe;	/* the child's exec errno, CLOEXEC */
	int				go_pipe;	/* tells the child to exec */
	bool				aborted;	/* SIGTERM, SIGHUP: no output */
	bool				window;		/* the files hold a window of the run: no
							   per-CPU statistics (they count it all) */
	sigset_t			old_mask;
	char				*err;
};

void record_session_init(struct record_session *s, const struct record_options *o,
			 struct record_result *res, char *err);
int record_session_start(struct record_session *s);
int record_session_release(struct record_session *s);
int record_session_poll(struct record_session *s, struct pollfd *fds, int nr, int timeout_ms);
int record_session_stop(struct record_session *s);
int record_session_write(struct record_session *s, const char *path);
int record_session_finish(struct record_session *s);
int record_session_cleanup(struct record_session *s, int ret);
void record_session_stats(struct record_session *s);
int record_session_fail(struct record_session *s, const char *fmt, const char *arg);

#endif
