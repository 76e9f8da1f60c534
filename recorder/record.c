// SPDX-License-Identifier: GPL-2.0-only
/*
 * A recording, start to end, in one thread and one poll(2) loop: the
 * per-CPU ring buffers, the signals (through a signalfd) and the time limit
 * (a timerfd). Everything is written in a work folder next to the output
 * and the trace.dat is renamed into place only when complete.
 *
 * Why our own recorder: trace-cmd record must write
 * /proc/sys/kernel/ftrace_enabled and stops where that file is read-only,
 * and it changes the top-level instance. This one touches only its own
 * instance, streams pages with splice, and writes trace.dat version 6
 * (uncompressed, the simplest format both trace-cmd and rvreplay read).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <tracefs.h>

#include "record.h"
#include "record_stream.h"
#include "record_tracefs.h"
#include "record_workdir.h"
#include "task_metadata.h"
#include "tracedat_write.h"

#define POLL_MS		200

struct recording {
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
	sigset_t			old_mask;
	char				*err;
};

static int fail(struct recording *r, const char *fmt, const char *arg)
{
	snprintf(r->err, RECORD_ERR_LEN, fmt, arg);
	return -1;
}

static int block_signals(struct recording *r)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigaddset(&set, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &set, &r->old_mask))
		return fail(r, "cannot block signals: %s", strerror(errno));
	r->sigfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	return r->sigfd < 0 ? fail(r, "signalfd: %s", strerror(errno)) : 0;
}

static int make_workdir(struct recording *r)
{
	if (record_workdir_create(&r->workdir, r->o->workdir_near, r->o->notice, r->err,
				  RECORD_ERR_LEN))
		return -1;
	snprintf(r->tmp_out, sizeof(r->tmp_out), "%s/trace.dat", r->workdir.path);
	return 0;
}

static int start_timer(struct recording *r)
{
	struct itimerspec its = { .it_value = { .tv_sec = r->o->duration_s } };

	r->timerfd = -1;
	if (!r->o->duration_s)
		return 0;
	r->timerfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (r->timerfd < 0 || timerfd_settime(r->timerfd, 0, &its, NULL))
		return fail(r, "timerfd: %s", strerror(errno));
	return 0;
}

/* ---- the command ---- */

static void child_exec(struct recording *r, int go, int report)
{
	char marker[4300];
	int e;
	char c;

	sigprocmask(SIG_SETMASK, &r->old_mask, NULL);
	snprintf(marker, sizeof(marker), "%s/trace_marker", r->tfs.own.path);
	setenv("RVREPLAY_TRACE_MARKER", marker, 1);
	/* wait until the recording runs and the metadata is written */
	if (read(go, &c, 1) != 1)
		_exit(127);
	execvp(r->o->argv[0], r->o->argv);
	e = errno;
	if (write(report, &e, sizeof(e)) != sizeof(e))
		_exit(127);
	_exit(127);
}

static int spawn(struct recording *r)
{
	int go[2], report[2];

	r->child = -1;
	r->go_pipe = r->exec_pipe = -1;
	if (!r->o->argv)
		return 0;
	if (pipe2(go, O_CLOEXEC) || pipe2(report, O_CLOEXEC))
		return fail(r, "pipe: %s", strerror(errno));
	r->child = fork();
	if (r->child < 0)
		return fail(r, "fork: %s", strerror(errno));
	if (r->child == 0)
		child_exec(r, go[0], report[1]);
	close(go[0]);
	close(report[1]);
	r->go_pipe = go[1];
	r->exec_pipe = report[0];
	return 0;
}

/* Let the command run; fails if it could not be executed. */
static int release_child(struct recording *r)
{
	int e;

	if (r->child < 0)
		return 0;
	if (write(r->go_pipe, "g", 1) != 1)
		return fail(r, "cannot start the command: %s", strerror(errno));
	close(r->go_pipe);
	r->go_pipe = -1;
	if (read(r->exec_pipe, &e, sizeof(e)) == sizeof(e)) {
		waitpid(r->child, NULL, 0);
		r->child = -1;
		snprintf(r->err, RECORD_ERR_LEN, "%s: %s", r->o->argv[0],
			 e == ENOENT ? "command not found" : strerror(e));
		return -1;
	}
	return 0;
}

static void stop_child(struct recording *r)
{
	if (r->child <= 0)
		return;
	if (r->go_pipe >= 0) {
		close(r->go_pipe);	/* it exits without running the command */
		r->go_pipe = -1;
	} else {
		kill(r->child, SIGTERM);
	}
	waitpid(r->child, &r->res->child_status, 0);
	r->child = -1;
}

/* ---- the loop ---- */

/* Return: 1 to stop recording, 0 to go on, -1 on error. */
static int on_signal(struct recording *r)
{
	struct signalfd_siginfo si;

	while (read(r->sigfd, &si, sizeof(si)) == sizeof(si)) {
		if (si.ssi_signo == SIGCHLD) {
			if (r->child > 0 && waitpid(r->child, &r->res->child_status, WNOHANG) ==
			    r->child) {
				r->child = -1;
				return 1;
			}
			continue;
		}
		if (si.ssi_signo == SIGINT) {
			r->res->interrupted = true;
			if (r->child > 0 && si.ssi_pid != 0)
				kill(r->child, SIGINT);	/* sent to us alone: pass it on */
			return 1;
		}
		r->aborted = true;
		snprintf(r->err, RECORD_ERR_LEN, "stopped by %s: no trace written",
			 strsignal(si.ssi_signo));
		return -1;
	}
	return 0;
}

static uint64_t streamed(const struct record_streams *s)
{
	uint64_t bytes = 0;

	for (int i = 0; i < s->nr; i++)
		bytes += s->cpus[i].bytes;
	return bytes;
}

static int loop(struct recording *r)
{
	struct pollfd fds[r->streams.nr + 2];
	int n, ret;

	for (;;) {
		n = streams_poll_fds(&r->streams, fds);
		fds[n].fd = r->sigfd;
		fds[n].events = POLLIN;
		fds[n + 1].fd = r->timerfd;
		fds[n + 1].events = POLLIN;
		if (poll(fds, n + 2, POLL_MS) < 0 && errno != EINTR)
			return fail(r, "poll: %s", strerror(errno));
		if (streams_drain(&r->streams, r->err, RECORD_ERR_LEN))
			return -1;
		if (record_instance_check(&r->tfs.own, true, r->err, RECORD_ERR_LEN))
			return -1;
		if (r->o->progress)
			r->o->progress(streamed(&r->streams));
		ret = on_signal(r);
		if (ret)
			return ret < 0 ? -1 : 0;
		if (r->timerfd >= 0 && (fds[n + 1].revents & POLLIN))
			return 0;
	}
}

/* ---- the output ---- */

static void read_stats(struct recording *r, char **stats)
{
	char file[64];

	r->res->cpus = r->streams.nr;
	r->res->stats = calloc(r->streams.nr ? r->streams.nr : 1, sizeof(*r->res->stats));
	for (int i = 0; i < r->streams.nr; i++) {
		const char *p;

		snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", r->streams.cpus[i].cpu);
		stats[i] = record_tracefs_read(&r->tfs, file);
		if (!r->res->stats)
			continue;
		r->res->stats[i].bytes = r->streams.cpus[i].bytes;
		r->res->stats[i].overrun = -1;
		r->res->stats[i].dropped = -1;
		if (stats[i] && (p = strstr(stats[i], "overrun: ")))
			r->res->stats[i].overrun = strtoll(p + 9, NULL, 10);
		if (stats[i] && (p = strstr(stats[i], "dropped events: ")))
			r->res->stats[i].dropped = strtoll(p + 16, NULL, 10);
	}
}

static int write_trace(struct recording *r)
{
	const char *events[RECORD_MAX_EVENTS + 1];
	struct tracedat_write_cpu cpus[r->streams.nr ? r->streams.nr : 1];
	struct tracedat_write_input in = { 0 };
	char *stats[r->streams.nr ? r->streams.nr : 1];
	char names[RECORD_MAX_EVENTS + 1][128], dir[4200], uname_s[512], *clock;
	char printk[4200], cmdlines[4200];
	struct utsname u;
	int n = 0, ret;

	read_stats(r, stats);
	for (int i = 0; i < r->o->nr_events; i++) {
		snprintf(names[n], sizeof(names[n]), "%s/%s", r->o->events[i].system,
			 r->o->events[i].name);
		events[n] = names[n];
		n++;
	}
	for (int i = 0; i < r->streams.nr; i++)
		cpus[i] = (struct tracedat_write_cpu){ r->streams.cpus[i].cpu,
						       r->streams.cpus[i].path, stats[i] };
	uname(&u);
	snprintf(uname_s, sizeof(uname_s), "%s %s %s %s", u.sysname, u.nodename, u.release,
		 u.machine);
	snprintf(dir, sizeof(dir), "%s/events", r->tfs.tracing_dir);
	clock = record_tracefs_read(&r->tfs, "trace_clock");
	in.events_dir = dir;
	in.events = events;
	in.nr_events = n;
	in.kallsyms_path = r->o->kallsyms ? "/proc/kallsyms" : NULL;
	/* global files: reading them changes nothing */
	snprintf(printk, sizeof(printk), "%s/printk_formats", r->tfs.tracing_dir);
	snprintf(cmdlines, sizeof(cmdlines), "%s/saved_cmdlines", r->tfs.tracing_dir);
	in.printk_path = printk;
	in.cmdlines_path = cmdlines;
	in.clock = clock ? clock : "[local]";
	in.uname = uname_s;
	in.page_size = r->streams.subbuf_size;
	in.nr_cpus = r->streams.nr;
	in.cpus = cpus;
	ret = tracedat_write(r->tmp_out, &in, r->err, RECORD_ERR_LEN);
	for (int i = 0; i < r->streams.nr; i++)
		free(stats[i]);
	free(clock);
	return ret;
}

/*
 * An instance that cannot be removed is an error, said after what went
 * wrong first if anything did: the machine is not left as it was found.
 */
static int teardown(struct recording *r, int ret)
{
	char left[RECORD_ERR_LEN];
	size_t len = strlen(r->err);

	if (!record_tracefs_teardown(&r->tfs, left, sizeof(left)))
		return ret;
	if (ret && len)
		snprintf(r->err + len, RECORD_ERR_LEN - len, "; %s", left);
	else
		snprintf(r->err, RECORD_ERR_LEN, "%s", left);
	return -1;
}

/* The instance removed first: the trace is put in place only when all went well. */
static int finish(struct recording *r)
{
	/* the command's and our own files of the instance would keep it */
	stop_child(r);
	streams_close(&r->streams, true);
	if (teardown(r, 0))
		return -1;
	/* SIGTERM while the trace was being written: still no trace */
	if (on_signal(r) < 0)
		return -1;
	return r->o->place(r->o->place_data, r->tmp_out, r->err, RECORD_ERR_LEN);
}

static int cleanup(struct recording *r, int ret)
{
	stop_child(r);
	streams_close(&r->streams, true);
	ret = teardown(r, ret);
	if (r->tmp_out[0])
		unlink(r->tmp_out);
	record_workdir_remove(&r->workdir);
	if (r->exec_pipe >= 0)
		close(r->exec_pipe);
	if (r->timerfd >= 0)
		close(r->timerfd);
	if (r->sigfd >= 0) {
		/* handled or too late to matter: not delivered when unblocked */
		struct signalfd_siginfo si;

		while (read(r->sigfd, &si, sizeof(si)) == sizeof(si))
			;
		close(r->sigfd);
	}
	sigprocmask(SIG_SETMASK, &r->old_mask, NULL);
	return ret;
}

static int record(struct recording *r)
{
	if (block_signals(r) || start_timer(r))
		return -1;
	if (record_tracefs_setup(&r->tfs, r->o, r->err, RECORD_ERR_LEN))
		return -1;
	if (make_workdir(r))
		return -1;
	if (streams_open(&r->streams, r->tfs.own.fd, r->workdir.path, r->err, RECORD_ERR_LEN))
		return -1;
	/* from here its files are open: nobody can remove it before we do */
	if (record_instance_check(&r->tfs.own, false, r->err, RECORD_ERR_LEN))
		return -1;
	if (spawn(r))
		return -1;
	if (tracefs_trace_on(r->tfs.inst))
		return fail(r, "cannot turn tracing on in %s", r->tfs.own.name);
	if (events_metadata_write(r->tfs.inst, r->o, r->tfs.enabled) ||
	    kernel_metadata_write(r->tfs.inst))
		return fail(r, "cannot write the list of events into %s", r->tfs.own.name);
	r->res->tasks = task_metadata_write(r->tfs.inst, "/proc");
	if (release_child(r) || loop(r))
		return -1;
	if (tracefs_trace_off(r->tfs.inst))
		return fail(r, "cannot turn tracing off in %s", r->tfs.own.name);
	if (streams_flush(&r->streams, r->err, RECORD_ERR_LEN) || write_trace(r))
		return -1;
	return finish(r);
}

/**
 * record_run() - record the events until the command ends, SIGINT or the time limit
 * @o: what to record and where
 * @res: filled with per-CPU statistics and the command's status
 * @err: RECORD_ERR_LEN bytes for the message on failure
 *
 * Whatever happens, the instance is removed, tracefs is unmounted if we
 * mounted it, and no partial output is left: the trace is written in a
 * work folder next to @o->workdir_near and put in place by @o->place()
 * only when complete, and the instance is removed. SIGTERM, SIGHUP and
 * SIGQUIT abort without output; SIGINT stops and writes the trace. What
 * recorders that died left (an instance, a work folder next to the
 * output) is cleaned up on the way, once proven theirs, and told to
 * @o->notice.
 *
 * Return: 0, or -1 with @err set: an error, an instance taken over during
 * the recording, or one that cannot be removed (left stopped).
 */
int record_run(const struct record_options *o, struct record_result *res, char *err)
{
	struct recording r = { .o = o, .res = res, .err = err, .sigfd = -1, .timerfd = -1,
			       .child = -1, .exec_pipe = -1, .go_pipe = -1 };
	int ret;

	memset(res, 0, sizeof(*res));
	res->child_status = -1;
	err[0] = '\0';
	if (geteuid() != 0) {
		snprintf(err, RECORD_ERR_LEN, "recording needs root (tracefs belongs to root)");
		return -1;
	}
	ret = record(&r);
	return cleanup(&r, ret);
}

void record_result_free(struct record_result *res)
{
	free(res->stats);
	res->stats = NULL;
}
