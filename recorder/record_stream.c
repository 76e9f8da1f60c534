// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-CPU streaming, single-threaded: the trace_pipe_raw files are opened
 * non-blocking and polled with the signals and the timer in one loop (see
 * record.c), and each readable CPU is drained page by page into its file
 * with libtracefs (splice, no copy through user space).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

#include "record_stream.h"

static int open_cpu(struct stream_cpu *c, int inst_fd, const char *dir, int subbuf,
		    char *err, size_t errlen)
{
	char file[64];

	snprintf(file, sizeof(file), "per_cpu/cpu%d/trace_pipe_raw", c->cpu);
	/* close-on-exec: held by the command, it would keep the instance busy */
	c->raw_fd = openat(inst_fd, file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (c->raw_fd < 0)
		return 1;	/* no such CPU */
	snprintf(c->path, sizeof(c->path), "%s/cpu%d.raw", dir, c->cpu);
	c->out_fd = open(c->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (c->out_fd < 0) {
		snprintf(err, errlen, "%s: %s", c->path, strerror(errno));
		return -1;
	}
	c->tcpu = tracefs_cpu_alloc_fd(c->raw_fd, subbuf, true);
	if (!c->tcpu) {
		snprintf(err, errlen, "cannot read the ring buffer of CPU %d", c->cpu);
		return -1;
	}
	return 0;
}

/**
 * streams_open() - open every CPU's raw buffer and its file in @dir
 * @s: the streams
 * @inst_fd: the directory of the tracefs instance
 * @dir: where the per-CPU files go
 * @err: for the message on failure
 * @errlen: its size
 *
 * Return: 0, or -1.
 */
int streams_open(struct record_streams *s, int inst_fd, const char *dir, char *err,
		 size_t errlen)
{
	long possible = sysconf(_SC_NPROCESSORS_CONF);
	int ret;

	memset(s, 0, sizeof(*s));
	s->subbuf_size = getpagesize();
	s->cpus = calloc(possible > 0 ? possible : 1, sizeof(*s->cpus));
	if (!s->cpus) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int cpu = 0; cpu < possible; cpu++) {
		struct stream_cpu *c = &s->cpus[s->nr];

		c->cpu = cpu;
		c->raw_fd = c->out_fd = -1;
		ret = open_cpu(c, inst_fd, dir, s->subbuf_size, err, errlen);
		if (ret <= 0)
			s->nr++;	/* streams_close() releases a half-open one too */
		if (ret < 0)
			return -1;
	}
	if (s->nr && tracefs_cpu_read_size(s->cpus[0].tcpu) > 0)
		s->subbuf_size = tracefs_cpu_read_size(s->cpus[0].tcpu);
	return 0;
}

/**
 * streams_poll_fds() - the CPUs' descriptors for poll(2)
 * @s: the streams
 * @fds: at least s->nr entries
 *
 * Return: how many were filled.
 */
int streams_poll_fds(const struct record_streams *s, struct pollfd *fds)
{
	for (int i = 0; i < s->nr; i++) {
		fds[i].fd = s->cpus[i].raw_fd;
		fds[i].events = POLLIN;
		fds[i].revents = 0;
	}
	return s->nr;
}

static int write_failed(const struct stream_cpu *c, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: cannot write: %s", c->path, strerror(errno));
	return -1;
}

/**
 * streams_drain() - move every full page now in the ring buffers to the files
 * @s: the streams
 * @err: for the message on failure (a full disk, typically)
 * @errlen: its size
 *
 * Return: 0, or -1.
 */
int streams_drain(struct record_streams *s, char *err, size_t errlen)
{
	for (int i = 0; i < s->nr; i++) {
		struct stream_cpu *c = &s->cpus[i];
		int n;

		/* bounded: the buffer cannot refill faster than pages are moved */
		for (int pages = 0; pages < 4096; pages++) {
			errno = 0;
			n = tracefs_cpu_write(c->tcpu, c->out_fd, true);
			if (n > 0) {
				c->bytes += n;
				continue;
			}
			if (n < 0 && errno != EAGAIN && errno != EINTR && errno != 0)
				return write_failed(c, err, errlen);
			break;
		}
	}
	return 0;
}

/**
 * streams_flush() - after tracing stopped: move what is left, partial pages too
 * @s: the streams
 * @err: for the message on failure
 * @errlen: its size
 *
 * Return: 0, or -1.
 */
int streams_flush(struct record_streams *s, char *err, size_t errlen)
{
	if (streams_drain(s, err, errlen))
		return -1;
	for (int i = 0; i < s->nr; i++) {
		struct stream_cpu *c = &s->cpus[i];
		int n;

		for (int pages = 0; pages < 65536; pages++) {
			errno = 0;
			n = tracefs_cpu_flush_write(c->tcpu, c->out_fd);
			if (n <= 0)
				break;
			c->bytes += n;
		}
		if (n < 0 && errno != EAGAIN && errno != 0)
			return write_failed(c, err, errlen);
		if (fsync(c->out_fd) && errno != EINVAL)
			return write_failed(c, err, errlen);
	}
	return 0;
}

/**
 * streams_close() - close everything, and remove the files if asked
 * @s: the streams
 * @remove_files: unlink the per-CPU files
 */
void streams_close(struct record_streams *s, bool remove_files)
{
	for (int i = 0; i < s->nr; i++) {
		struct stream_cpu *c = &s->cpus[i];

		if (c->tcpu)
			tracefs_cpu_free_fd(c->tcpu);
		if (c->raw_fd >= 0)
			close(c->raw_fd);
		if (c->out_fd >= 0)
			close(c->out_fd);
		if (remove_files && c->path[0])
			unlink(c->path);
	}
	free(s->cpus);
	memset(s, 0, sizeof(*s));
}
