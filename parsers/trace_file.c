// SPDX-License-Identifier: GPL-2.0-only
/*
 * Opening a trace.dat file once, and the libtracecmd handles made from
 * that one descriptor.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <trace-cmd/trace-cmd.h>

#include "format_trial.h"
#include "trace_file.h"

/**
 * trace_file_open() - open a trace.dat file and check what libraries trust
 * @path: the file
 * @out: the file; close with trace_file_close()
 * @err: what is wrong, without the file name
 * @errlen: size of @err
 *
 * The path is opened once, without blocking (a FIFO is refused, never
 * waited for). The container is read and checked, the texts libtraceevent
 * parses are checked (tracedat_check_texts()) and then parsed in a child
 * process (format_trial()): the only fork.
 *
 * Return: 0, or -1 with @err set.
 */
int trace_file_open(const char *path, struct trace_file **out, char *err, size_t errlen)
{
	struct trace_file *f = calloc(1, sizeof(*f));

	*out = NULL;
	if (!f || !(f->path = strdup(path))) {
		free(f);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	f->fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (f->fd < 0) {
		snprintf(err, errlen, "cannot open: %s", strerror(errno));
		trace_file_close(f);
		return -1;
	}
	if (tracedat_open_fd(f->fd, &f->td, err, errlen) ||
	    tracedat_check_texts(f->td, &f->texts, err, errlen) ||
	    format_trial(f->td, err, errlen)) {
		trace_file_close(f);
		return -1;
	}
	*out = f;
	return 0;
}

/**
 * trace_file_close() - release a file
 * @f: the file, or NULL
 */
void trace_file_close(struct trace_file *f)
{
	if (!f)
		return;
	tracedat_texts_release(&f->texts);
	tracedat_close(f->td);
	if (f->fd >= 0)
		close(f->fd);
	free(f->path);
	free(f);
}

/**
 * trace_file_check_data() - check every page once, before libtracecmd reads any
 * @f: the file
 * @err: what is wrong
 * @errlen: size of @err
 *
 * libtracecmd and its kbuffer trust every page, chunk and event length:
 * tracedat_check_data() walks them all, once per file.
 *
 * Return: 0 when libtracecmd may read the file, -1 with @err set.
 */
int trace_file_check_data(struct trace_file *f, char *err, size_t errlen)
{
	if (!f->data_checked)
		f->data_checked = tracedat_check_data(f->td, &f->texts, err, errlen) ? -1 : 1;
	else if (f->data_checked < 0)
		snprintf(err, errlen, "the ring-buffer data cannot be read");
	return f->data_checked > 0 ? 0 : -1;
}

/**
 * trace_file_libtracecmd() - a libtracecmd handle on the file
 * @f: the file
 * @err: what is wrong
 * @errlen: size of @err
 *
 * Made from a duplicate of the one descriptor, after the data check.
 *
 * Return: the handle (tracecmd_close() it), or NULL with @err set.
 */
struct tracecmd_input *trace_file_libtracecmd(struct trace_file *f, char *err, size_t errlen)
{
	struct tracecmd_input *h;
	int fd;

	if (trace_file_check_data(f, err, errlen))
		return NULL;
	fd = fcntl(f->fd, F_DUPFD_CLOEXEC, 0);
	if (fd < 0 || lseek(fd, 0, SEEK_SET)) {
		snprintf(err, errlen, "cannot read it again: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	tracecmd_set_loglevel(TEP_LOG_NONE);
	h = tracecmd_open_fd(fd, 0);
	if (!h) {
		close(fd);
		snprintf(err, errlen, "libtracecmd cannot read it as a trace.dat file");
	}
	return h;
}
