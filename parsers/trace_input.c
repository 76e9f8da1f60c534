/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading a trace.dat file: records come in global time order (lower CPU
 * first on equal timestamps, file order within a CPU), as
 * tracecmd_iterate_events() gives them. Two readers give the same
 * records: the fast one (fast_reader.c), which reads the file without
 * libtracecmd, and libtracecmd, the reference, which also reads the files
 * the fast one declines and formats the function tracer's records.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <trace-cmd/trace-cmd.h>

/* Exported by libtracecmd, missing from Debian's trace-cmd.h. */
void tracecmd_set_all_cpus_to_timestamp(struct tracecmd_input *handle, unsigned long long time);

#include "fast_reader.h"
#include "trace_decode.h"
#include "trace_input.h"
#include "trace_meta.h"
#include "tracedat.h"

struct trace_input {
	char			*path;
	enum trace_reader	reader;		/* the one reading, never AUTO */
	struct fast_reader	*fast;
	struct tracecmd_input	*top;		/* the file (libtracecmd reader) */
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
	bool			data_checked;	/* safe for libtracecmd's reader */
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
 * trace_reader_from_env() - the reader RVREPLAY_READER asks for
 *
 * "libtracecmd" or "fast"; anything else, or nothing, is AUTO.
 *
 * Return: the reader.
 */
enum trace_reader trace_reader_from_env(void)
{
	const char *r = getenv("RVREPLAY_READER");

	if (r && !strcmp(r, "libtracecmd"))
		return TRACE_READER_LIBTRACECMD;
	if (r && !strcmp(r, "fast"))
		return TRACE_READER_FAST;
	return TRACE_READER_AUTO;
}

/*
 * libtracecmd and its kbuffer trust every page, chunk and event length:
 * the whole file is checked once before they read any of it.
 */
static int check_for_libtracecmd(struct trace_input *in, char *err)
{
	struct tracedat *td;
	int ret;

	if (in->data_checked)
		return 0;
	if (tracedat_open(in->path, &td, err, TRACE_ERR_LEN))
		return -1;
	ret = tracedat_check_data(td, err, TRACE_ERR_LEN);
	tracedat_close(td);
	in->data_checked = !ret;
	return ret;
}

/* The libtracecmd reader: the whole file opened, the buffer's data ready. */
static int open_libtracecmd(struct trace_input *in, const char *buffer, char *err)
{
	if (check_for_libtracecmd(in, err))
		return -1;
	in->top = tracecmd_open(in->path, 0);
	if (!in->top) {
		snprintf(err, TRACE_ERR_LEN, "libtracecmd cannot read it as a trace.dat file");
		return -1;
	}
	in->handle = buffer_handle(in->top, buffer, err);
	return in->handle ? 0 : -1;
}

/* The fast reader: 0, 1 when it declines the file, -1 on error. */
static int open_fast(struct trace_input *in, const char *buffer, char *err)
{
	const struct tracedat *td;
	int ret;

	ret = fast_reader_open(in->path, buffer, &in->fast, err);
	if (ret)
		return ret;
	td = fast_reader_file(in->fast);
	in->tep = fast_reader_tep(in->fast);
	in->meta.buffers = calloc(td->nr_buffers > 0 ? td->nr_buffers : 1, sizeof(char *));
	if (!in->meta.buffers)
		goto nomem;
	for (int i = 0; i < td->nr_buffers; i++) {
		if (!td->buffers[i].name[0])
			continue;
		in->meta.buffers[in->meta.nr_buffers] = strdup(td->buffers[i].name);
		if (!in->meta.buffers[in->meta.nr_buffers++])
			goto nomem;
	}
	return 0;
nomem:
	snprintf(err, TRACE_ERR_LEN, "out of memory");
	return -1;
}

/**
 * trace_input_open_reader() - open a trace.dat file for replay with a given reader
 * @path: the file
 * @buffer: the buffer instance to replay, NULL or "" for the top one
 * @reader: TRACE_READER_AUTO (the fast reader unless it declines the
 *	    file), TRACE_READER_FAST (fail when it declines) or
 *	    TRACE_READER_LIBTRACECMD (the reference)
 * @out: the opened input; close with trace_input_close()
 * @err: TRACE_ERR_LEN bytes: what is wrong, without the file name
 *
 * The file's structure is validated by our own reader before libtracecmd
 * sees it (semantics of hostile input: never crash on a bad file).
 *
 * Return: 0, or -1 with @err set.
 */
int trace_input_open_reader(const char *path, const char *buffer, enum trace_reader reader,
			    struct trace_input **out, char *err)
{
	struct trace_input *in = calloc(1, sizeof(*in));
	int ret = 1;

	*out = NULL;
	if (!in || !(in->path = strdup(path))) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		goto fail;
	}
	if (trace_meta_read(path, &in->meta, err))
		goto fail;
	tracecmd_set_loglevel(TEP_LOG_NONE);
	if (reader != TRACE_READER_LIBTRACECMD) {
		ret = open_fast(in, buffer, err);
		if (ret < 0 || (ret > 0 && reader == TRACE_READER_FAST))
			goto fail;
	}
	in->reader = ret ? TRACE_READER_LIBTRACECMD : TRACE_READER_FAST;
	if (ret) {
		if (open_libtracecmd(in, buffer, err))
			goto fail;
		in->tep = tracecmd_get_tep(in->handle);
	}
	snprintf(in->meta.buffer, sizeof(in->meta.buffer), "%s", buffer ? buffer : "");
	if (in->meta.buffer[0])
		in->meta.data_bytes = 0;	/* counted for the top buffer only */
	in->decoder = trace_decoder_new(in->tep);
	if (!in->decoder || (!in->fast && list_buffers(in))) {
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
 * trace_input_open() - open a trace.dat file for replay
 * @path: the file
 * @buffer: the buffer instance to replay, NULL or "" for the top one
 * @out: the opened input; close with trace_input_close()
 * @err: TRACE_ERR_LEN bytes: what is wrong, without the file name
 *
 * The reader is the one RVREPLAY_READER names (trace_reader_from_env()).
 *
 * Return: 0, or -1 with @err set.
 */
int trace_input_open(const char *path, const char *buffer, struct trace_input **out, char *err)
{
	return trace_input_open_reader(path, buffer, trace_reader_from_env(), out, err);
}

/**
 * trace_input_reader() - which reader reads an input
 * @in: the input
 *
 * Return: TRACE_READER_FAST or TRACE_READER_LIBTRACECMD.
 */
enum trace_reader trace_input_reader(const struct trace_input *in)
{
	return in->reader;
}

/**
 * trace_input_damaged() - whether the last iteration met unreadable CPU data
 * @in: the input
 *
 * The records of a CPU end at a page or chunk that cannot be read, as
 * libtracecmd ends them; the other CPUs go on. Only the fast reader tells.
 *
 * Return: true when some records could not be read.
 */
bool trace_input_damaged(const struct trace_input *in)
{
	return in->fast && fast_reader_damaged(in->fast);
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
	fast_reader_close(in->fast);
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
	/* libtracecmd goes on after a positive return */
	return in->stopped ? -1 : 0;
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
	if (in->fast)
		return fast_reader_iterate(in->fast, in->decoder, fn, data, in->progress);
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
 *	up to trace_meta.data_bytes (by the fast reader: when a CPU moves
 *	to its next page); NULL to stop
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
		if (check_for_libtracecmd(in, err))
			return NULL;
		in->again_top = tracecmd_open(in->path, 0);
		if (!in->again_top)
			return NULL;
		in->again = buffer_handle(in->again_top, in->meta.buffer, err);
		if (!in->again)
			return NULL;
	}
	return in->again ? tracecmd_read_at(in->again, ref->offset, &cpu) : NULL;
}

/* Whether every field of a list lies inside the record, dynamic ones too. */
static bool fields_fit(struct tep_handle *tep, struct tep_format_field *f,
		       const struct tep_record *rec)
{
	const unsigned char *data = rec->data;

	for (; f; f = f->next) {
		unsigned long long loc, start;

		if (f->offset < 0 || f->size < 0 || f->offset + f->size > rec->size)
			return false;
		if (!(f->flags & TEP_FIELD_IS_DYNAMIC))
			continue;
		if (f->size != 4)
			return false;
		loc = tep_read_number(tep, data + f->offset, 4);
		start = loc & 0xffff;
		if (f->flags & TEP_FIELD_IS_RELATIVE)
			start += f->offset + 4;
		if (start + (loc >> 16) > (unsigned long long)rec->size)
			return false;
	}
	return true;
}

/*
 * libtraceevent 1.7 prints a record with no bounds checks: a record
 * shorter than its format's fields (a damaged page the fast reader reads
 * around) made it malloc() a negative length. Such a record is not printed.
 */
static bool fits_format(struct tep_handle *tep, const struct tep_event *ev,
			const struct tep_record *rec)
{
	return ev && rec->size > 0 && fields_fit(tep, ev->format.common_fields, rec) &&
	       fields_fit(tep, ev->format.fields, rec);
}

static void print_record(struct trace_input *in, struct tep_handle *tep, struct tep_record *rec,
			 char *buf, size_t len)
{
	struct tep_event *ev = tep_find_event_by_record(tep, rec);
	char name[64];

	if (!fits_format(tep, ev, rec)) {
		snprintf(buf, len, "(record at offset %llu: %d bytes, not the layout of %s)",
			 (unsigned long long)rec->offset, rec->size, ev ? ev->name : "any event");
		return;
	}
	snprintf(name, sizeof(name), "%s:", ev ? ev->name : "unknown");
	trace_seq_reset(&in->seq);
	tep_print_event(tep, &in->seq, rec, "%16s-%-5d [%03d] %6.1000d: ", TEP_PRINT_COMM,
			TEP_PRINT_PID, TEP_PRINT_CPU, TEP_PRINT_TIME);
	trace_seq_printf(&in->seq, "%-21s ", name);
	tep_print_event(tep, &in->seq, rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&in->seq);
	snprintf(buf, len, "%s", in->seq.buffer ? in->seq.buffer : "");
}

/* The function tracer's events, which libtracecmd prints with its own handlers. */
static bool printed_by_libtracecmd(struct tep_handle *tep, struct tep_record *rec)
{
	static const char *const names[] = {
		"function", "funcgraph_entry", "funcgraph_exit", "kernel_stack",
	};
	struct tep_event *ev = tep_find_event_by_record(tep, rec);

	if (!ev || strcmp(ev->system, "ftrace"))
		return false;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(ev->name, names[i]))
			return true;
	return false;
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
	struct tep_record *rec = NULL, fast;
	struct tep_handle *tep = in->tep;

	if (in->fast && !fast_reader_read_at(in->fast, ref, &fast))
		rec = &fast;
	/* the offsets are the same: libtracecmd reads the record again */
	if (!in->fast || (rec && printed_by_libtracecmd(tep, rec))) {
		rec = read_again(in, ref);
		tep = rec ? tracecmd_get_tep(in->again) : tep;
	}
	if (!rec) {
		snprintf(buf, len, "(record at offset %llu unreadable)",
			 (unsigned long long)ref->offset);
		return -1;
	}
	print_record(in, tep, rec, buf, len);
	if (rec != &fast)
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
