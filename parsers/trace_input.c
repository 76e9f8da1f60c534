/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading a trace.dat file with libtracecmd, the reference reader: records
 * come in global time order (lower CPU first on equal timestamps, file
 * order within a CPU), as tracecmd_iterate_events() gives them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <trace-cmd/trace-cmd.h>

/* Exported by libtracecmd, missing from Debian's trace-cmd.h. */
void tracecmd_set_all_cpus_to_timestamp(struct tracecmd_input *handle, unsigned long long time);

#include "trace_decode.h"
#include "trace_input.h"
#include "trace_meta.h"

struct trace_input {
	char			*path;
	struct tracecmd_input	*top;		/* the file */
	struct tracecmd_input	*handle;	/* the buffer replayed */
	struct tracecmd_input	*again_top;	/* second handle, for formatting */
	struct tracecmd_input	*again;
	struct tep_handle	*tep;
	struct trace_decoder	*decoder;
	struct trace_meta	meta;
	trace_record_fn		fn;
	void			*fn_data;
	int			stopped;
	trace_progress_fn	progress;
	uint64_t		*cpu_offset;	/* [meta.cpus]: last record's, 0 none yet */
	uint64_t		bytes_done;
	struct trace_seq	seq;
};

static int find_buffer(struct tracecmd_input *top, const char *name)
{
	int n = tracecmd_buffer_instances(top);

	for (int i = 0; i < n; i++) {
		const char *b = tracecmd_buffer_instance_name(top, i);

		if (b && !strcmp(b, name))
			return i;
	}
	return -1;
}

/* The handle of the named buffer instance, or of the top one. */
static struct tracecmd_input *buffer_handle(struct tracecmd_input *top, const char *name,
					    char *err)
{
	struct tracecmd_input *h;
	int i;

	if (!name || !*name)
		return top;
	i = find_buffer(top, name);
	if (i < 0) {
		snprintf(err, TRACE_ERR_LEN, "no buffer instance named '%s'", name);
		return NULL;
	}
	h = tracecmd_buffer_instance_handle(top, i);
	if (!h)
		snprintf(err, TRACE_ERR_LEN, "cannot read buffer instance '%s'", name);
	return h;
}

static void close_handles(struct tracecmd_input *top, struct tracecmd_input *h)
{
	if (h && h != top)
		tracecmd_close(h);
	if (top)
		tracecmd_close(top);
}

static int list_buffers(struct trace_input *in)
{
	int n = tracecmd_buffer_instances(in->top);

	in->meta.buffers = calloc(n > 0 ? n : 1, sizeof(char *));
	if (!in->meta.buffers)
		return -1;
	for (int i = 0; i < n; i++) {
		const char *b = tracecmd_buffer_instance_name(in->top, i);

		in->meta.buffers[in->meta.nr_buffers] = strdup(b ? b : "");
		if (!in->meta.buffers[in->meta.nr_buffers++])
			return -1;
	}
	return 0;
}

/**
 * trace_input_open() - open a trace.dat file for replay
 * @path: the file
 * @buffer: the buffer instance to replay, NULL or "" for the top one
 * @out: the opened input; close with trace_input_close()
 * @err: TRACE_ERR_LEN bytes: what is wrong, without the file name
 *
 * The file's structure is validated by our own reader before libtracecmd
 * sees it (semantics of hostile input: never crash on a bad file).
 *
 * Return: 0, or -1 with @err set.
 */
int trace_input_open(const char *path, const char *buffer, struct trace_input **out, char *err)
{
	struct trace_input *in = calloc(1, sizeof(*in));

	*out = NULL;
	if (!in || !(in->path = strdup(path))) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		goto fail;
	}
	if (trace_meta_read(path, &in->meta, err))
		goto fail;
	tracecmd_set_loglevel(TEP_LOG_NONE);
	in->top = tracecmd_open(path, 0);
	if (!in->top) {
		snprintf(err, TRACE_ERR_LEN, "libtracecmd cannot read it as a trace.dat file");
		goto fail;
	}
	in->handle = buffer_handle(in->top, buffer, err);
	if (!in->handle)
		goto fail;
	snprintf(in->meta.buffer, sizeof(in->meta.buffer), "%s", buffer ? buffer : "");
	if (in->meta.buffer[0])
		in->meta.data_bytes = 0;	/* counted for the top buffer only */
	in->tep = tracecmd_get_tep(in->handle);
	in->decoder = trace_decoder_new(in->tep);
	if (!in->decoder || list_buffers(in)) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		goto fail;
	}
	trace_seq_init(&in->seq);
	*out = in;
	return 0;
fail:
	trace_input_close(in);
	return -1;
}

/**
 * trace_input_close() - release an input
 * @in: the input, or NULL
 */
void trace_input_close(struct trace_input *in)
{
	if (!in)
		return;
	if (in->decoder)
		trace_seq_destroy(&in->seq);
	trace_decoder_free(in->decoder);
	close_handles(in->again_top, in->again);
	close_handles(in->top, in->handle);
	trace_meta_free(&in->meta);
	free(in->cpu_offset);
	free(in->path);
	free(in);
}

const struct trace_meta *trace_input_meta(const struct trace_input *in)
{
	return &in->meta;
}

/**
 * trace_input_has() - whether the trace holds the format of an event
 * @in: the input
 * @kind: the event
 *
 * Return: true when the event was recordable in this trace.
 */
bool trace_input_has(const struct trace_input *in, enum trace_kind kind)
{
	return trace_decoder_has(in->decoder, kind);
}

static int on_record(struct tracecmd_input *h, struct tep_record *rec, int cpu, void *data)
{
	struct trace_input *in = data;
	struct trace_record r;

	trace_decode(in->decoder, rec, &r);
	in->stopped = in->fn(in->fn_data, &r);
	if (in->progress && cpu >= 0 && cpu < in->meta.cpus) {
		/* within a CPU, offsets grow through its uncompressed data */
		if (in->cpu_offset[cpu] && rec->offset > in->cpu_offset[cpu])
			in->bytes_done += rec->offset - in->cpu_offset[cpu];
		in->cpu_offset[cpu] = rec->offset;
		in->progress(in->bytes_done);
	}
	return in->stopped;
}

/**
 * trace_input_iterate() - every record of the buffer, decoded, in time order
 * @in: the input
 * @fn: called for each record; a nonzero return stops the iteration
 * @data: passed to @fn
 *
 * Return: 0 when every record was visited, else what @fn returned.
 */
int trace_input_iterate(struct trace_input *in, trace_record_fn fn, void *data)
{
	in->fn = fn;
	in->fn_data = data;
	in->stopped = 0;
	in->bytes_done = 0;
	if (in->cpu_offset)
		memset(in->cpu_offset, 0, in->meta.cpus * sizeof(*in->cpu_offset));
	/* from the start again, as a second pass would otherwise see nothing */
	tracecmd_set_all_cpus_to_timestamp(in->handle, 0);
	tracecmd_iterate_events(in->handle, NULL, 0, on_record, in);
	return in->stopped;
}

/**
 * trace_input_on_progress() - be told how far each iteration has come
 * @in: the input
 * @fn: called after each record with the bytes of ring-buffer data done,
 *	up to trace_meta.data_bytes; NULL to stop
 *
 * Return: 0, or -1 when memory runs out.
 */
int trace_input_on_progress(struct trace_input *in, trace_progress_fn fn)
{
	if (fn && !in->cpu_offset) {
		in->cpu_offset = calloc(in->meta.cpus > 0 ? in->meta.cpus : 1,
					sizeof(*in->cpu_offset));
		if (!in->cpu_offset)
			return -1;
	}
	in->progress = fn;
	return 0;
}

static struct tep_record *read_again(struct trace_input *in, const struct trace_ref *ref)
{
	int cpu = -1;
	char err[TRACE_ERR_LEN];

	if (!in->again_top) {
		in->again_top = tracecmd_open(in->path, 0);
		if (!in->again_top)
			return NULL;
		in->again = buffer_handle(in->again_top, in->meta.buffer, err);
		if (!in->again)
			return NULL;
	}
	return in->again ? tracecmd_read_at(in->again, ref->offset, &cpu) : NULL;
}

/**
 * trace_input_format() - a record as `trace-cmd report` prints it
 * @in: the input
 * @ref: the record's place, from its struct trace_record
 * @buf: where to write the line (no newline)
 * @len: its size
 *
 * Return: 0, or -1 when the record cannot be read again.
 */
int trace_input_format(struct trace_input *in, const struct trace_ref *ref, char *buf, size_t len)
{
	struct tep_record *rec = read_again(in, ref);
	struct tep_event *ev;
	char name[64];

	if (!rec) {
		snprintf(buf, len, "(record at offset %llu unreadable)",
			 (unsigned long long)ref->offset);
		return -1;
	}
	ev = tep_find_event_by_record(in->tep, rec);
	snprintf(name, sizeof(name), "%s:", ev ? ev->name : "unknown");
	trace_seq_reset(&in->seq);
	tep_print_event(in->tep, &in->seq, rec, "%16s-%-5d [%03d] %6.1000d: ", TEP_PRINT_COMM,
			TEP_PRINT_PID, TEP_PRINT_CPU, TEP_PRINT_TIME);
	trace_seq_printf(&in->seq, "%-21s ", name);
	tep_print_event(in->tep, &in->seq, rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&in->seq);
	snprintf(buf, len, "%s", in->seq.buffer ? in->seq.buffer : "");
	tracecmd_free_record(rec);
	return 0;
}

/**
 * trace_input_comm() - a pid's command name from the trace's saved cmdlines
 * @in: the input
 * @pid: the task
 *
 * Return: the name, or NULL when the trace does not know it.
 */
const char *trace_input_comm(const struct trace_input *in, int pid)
{
	const char *comm;

	if (!tep_is_pid_registered(in->tep, pid))
		return NULL;
	comm = tep_data_comm_from_pid(in->tep, pid);
	return comm && strcmp(comm, "<...>") ? comm : NULL;
}

/**
 * trace_input_symbol() - a kernel address as function+offset, from the trace's kallsyms
 * @in: the input
 * @addr: the address
 * @buf: where to write
 * @len: its size
 *
 * Return: 0, or -1 when the trace has no symbol for it (@buf holds the hex address).
 */
int trace_input_symbol(const struct trace_input *in, uint64_t addr, char *buf, size_t len)
{
	unsigned long long start = tep_find_function_address(in->tep, addr);
	const char *func = tep_find_function(in->tep, addr);

	if (!func) {
		snprintf(buf, len, "0x%llx", (unsigned long long)addr);
		return -1;
	}
	snprintf(buf, len, "%s+0x%llx", func, (unsigned long long)(addr - start));
	return 0;
}
