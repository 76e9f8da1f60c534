// SPDX-License-Identifier: GPL-2.0-only
/*
 * libtracecmd as a trace_input, the reference reader and the one for files
 * whose times libtracecmd changes: tracecmd_iterate_events() on a handle
 * made from the file's one descriptor, after every page was checked.
 *
 * A handle is read once: libtracecmd 3.1 counts a CPU's data down as it
 * reads it, and tracecmd_set_all_cpus_to_timestamp() cannot rewind a CPU
 * read to its end (a second pass saw nothing, or only some CPUs). Each
 * pass after the first reads a handle of its own; the first handle stays,
 * for the formats that print records.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_input_local.h"

struct libtracecmd_input {
	struct tracecmd_input	*top;		/* the file */
	struct tracecmd_input	*handle;	/* the buffer replayed */
	struct tracecmd_input	*pass_top;	/* a later pass's, NULL before one */
	struct tracecmd_input	*pass;
	bool			read;		/* @handle was iterated */
	char			buffer[128];
	struct trace_input	*in;
	trace_record_fn		fn;
	void			*fn_data;
	int			stopped;
	uint64_t		*cpu_offset;	/* [meta.cpus]: last record's, 0 none yet */
	uint64_t		bytes_done;
};

static int libtracecmd_open(struct trace_input *in, const char *buffer, char *err)
{
	struct libtracecmd_input *l = calloc(1, sizeof(*l));

	if (!l) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	in->reader = l;
	l->in = in;
	l->cpu_offset = calloc(in->meta.cpus > 0 ? in->meta.cpus : 1, sizeof(*l->cpu_offset));
	if (!l->cpu_offset) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	l->top = trace_file_libtracecmd(in->file, err, TRACE_ERR_LEN);
	if (!l->top)
		return -1;
	l->handle = trace_input_buffer_handle(l->top, buffer, err);
	if (!l->handle)
		return -1;
	snprintf(l->buffer, sizeof(l->buffer), "%s", buffer ? buffer : "");
	in->tep = tracecmd_get_tep(l->handle);
	in->tep_prints_ftrace = true;
	return 0;
}

/* Within a CPU, offsets grow through its uncompressed data. */
static void progress(struct libtracecmd_input *l, const struct tep_record *rec, int cpu)
{
	if (!l->in->progress || cpu < 0 || cpu >= l->in->meta.cpus)
		return;
	if (l->cpu_offset[cpu] && rec->offset > l->cpu_offset[cpu])
		l->bytes_done += rec->offset - l->cpu_offset[cpu];
	l->cpu_offset[cpu] = rec->offset;
	l->in->progress(l->bytes_done);
}

static int on_record(struct tracecmd_input *h, struct tep_record *rec, int cpu, void *data)
{
	struct libtracecmd_input *l = data;
	struct trace_record r;

	trace_decode(l->in->decoder, rec, &r);
	l->stopped = l->fn(l->fn_data, &r);
	progress(l, rec, cpu);
	/* libtracecmd goes on after a positive return */
	return l->stopped ? -1 : 0;
}

/* The handle a pass reads: the first one once, then a new one each time. */
static struct tracecmd_input *pass_handle(struct libtracecmd_input *l)
{
	char err[TRACE_ERR_LEN];

	if (!l->read) {
		l->read = true;
		return l->handle;
	}
	trace_input_close_handles(l->pass_top, l->pass);
	l->pass = NULL;
	l->pass_top = trace_file_libtracecmd(l->in->file, err, sizeof(err));
	if (l->pass_top)
		l->pass = trace_input_buffer_handle(l->pass_top, l->buffer, err);
	return l->pass;
}

static int libtracecmd_iterate(struct trace_input *in, trace_record_fn fn, void *data)
{
	struct libtracecmd_input *l = in->reader;
	struct tracecmd_input *h = pass_handle(l);

	if (!h)
		return -1;
	l->fn = fn;
	l->fn_data = data;
	l->stopped = 0;
	l->bytes_done = 0;
	memset(l->cpu_offset, 0, (in->meta.cpus > 0 ? in->meta.cpus : 1) * sizeof(*l->cpu_offset));
	tracecmd_iterate_events(h, NULL, 0, on_record, l);
	return l->stopped;
}

static void libtracecmd_close(struct trace_input *in)
{
	struct libtracecmd_input *l = in->reader;

	if (!l)
		return;
	trace_input_close_handles(l->pass_top, l->pass);
	trace_input_close_handles(l->top, l->handle);
	free(l->cpu_offset);
	free(l);
}

const struct trace_input_ops trace_input_libtracecmd = {
	.reader		= TRACE_READER_LIBTRACECMD,
	.open		= libtracecmd_open,
	.iterate	= libtracecmd_iterate,
	.close		= libtracecmd_close,
};
