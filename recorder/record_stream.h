/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Streaming the per-CPU ring buffers of a tracefs instance to files while
 * tracing runs, so a run longer than the ring buffer loses nothing when
 * the disk keeps up.
 */
#ifndef RECORD_STREAM_H
#define RECORD_STREAM_H

#include <limits.h>
#include <poll.h>
#include <stdbool.h>

struct tracefs_cpu;

struct stream_cpu {
	int			cpu;
	int			raw_fd;		/* per_cpu/cpuN/trace_pipe_raw */
	int			out_fd;
	struct tracefs_cpu	*tcpu;
	unsigned long long	bytes;
	char			path[PATH_MAX];
};

struct record_streams {
	struct stream_cpu	*cpus;
	int			nr;
	int			subbuf_size;
};

int streams_open(struct record_streams *s, int inst_fd, const char *dir, char *err,
		 size_t errlen);
int streams_poll_fds(const struct record_streams *s, struct pollfd *fds);
int streams_drain(struct record_streams *s, char *err, size_t errlen);
int streams_flush(struct record_streams *s, char *err, size_t errlen);
void streams_close(struct record_streams *s, bool remove_files);

#endif
