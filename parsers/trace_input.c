// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading a trace.dat file: records come in global time order (lower CPU
 * first on equal timestamps, file order within a CPU), as
 * tracecmd_iterate_events() gives them. Two readers give the same
 * records, each an implementation of struct trace_input_ops: the fast one
 * (trace_input_fast.c), which reads the file without libtracecmd, and
 * libtracecmd (trace_input_libtracecmd.c), the reference, which also reads
 * the files whose times it changes. Both come from one open of the file
 * (trace_file.c), and a record is read again by its offset, to print it,
 * by the fast reader's page access whichever reader iterated.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "container/container.h"
#include "escape.h"
#include "events/events.h"
#include "records/records.h"
#include "trace_input_local.h"

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

/**
 * trace_input_buffer_handle() - the libtracecmd handle of a buffer instance
 * @top: the file's handle
 * @name: the instance, NULL or "" for the top one
 * @err: TRACE_ERR_LEN bytes for what is wrong
 *
 * Return: @top, a handle derived from it, or NULL with @err set.
 */
struct tracecmd_input *trace_input_buffer_handle(struct tracecmd_input *top, const char *name,
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

/**
 * trace_input_close_handles() - close a buffer's handle and its file's
 * @top: the file's handle, or NULL
 * @h: the buffer's, or NULL
 */
void trace_input_close_handles(struct tracecmd_input *top, struct tracecmd_input *h)
{
	if (h && h != top)
		tracecmd_close(h);
	if (top)
		tracecmd_close(top);
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

/* The reader asked for, or the one the file needs; NULL with @err set. */
static const struct trace_input_ops *choose(const struct tracedat *td,
					    const struct trace_open_options *opts, char *err)
{
	enum trace_reader reader = opts->reader;

	if (opts->live && reader == TRACE_READER_LIBTRACECMD) {
		snprintf(err, TRACE_ERR_LEN, "a live trace is read by rvreplay's own reader only");
		return NULL;
	}
	if (opts->live)
		return &trace_input_live;
	if (reader == TRACE_READER_LIBTRACECMD)
		return &trace_input_libtracecmd;
	if (!td->changes_timestamps)
		return &trace_input_fast;
	if (reader == TRACE_READER_FAST) {
		snprintf(err, TRACE_ERR_LEN, "options that change timestamps");
		return NULL;
	}
	return &trace_input_libtracecmd;
}

/**
 * trace_input_open() - open a trace.dat file for replay
 * @path: the file
 * @opts: how (struct trace_open_options); NULL for the defaults: the top
 *	  buffer, TRACEDAT_MAX_INFLATED, TRACE_READER_AUTO, no crash handler.
 *	  With @opts->live, @path is a live trace's header-only trace.dat and
 *	  the records come from @opts->live's source (trace_input_live.c)
 * @out: the opened input; close with trace_input_close()
 * @err: TRACE_ERR_LEN bytes: what is wrong, without the file name
 *
 * The path is opened once (trace_file_open()); its structure is validated
 * by our own reader before libtraceevent or libtracecmd see any of it
 * (hostile input: never crash on a bad file).
 *
 * Return: 0, or -1 with @err set.
 */
int trace_input_open(const char *path, const struct trace_open_options *opts,
		     struct trace_input **out, char *err)
{
	static const struct trace_open_options defaults;
	struct trace_input *in = calloc(1, sizeof(*in));
	const char *buffer;

	*out = NULL;
	if (!in) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	if (!opts)
		opts = &defaults;
	buffer = opts->buffer;
	format_trial_on_crash(opts->on_crash);
	if (trace_file_open(path, opts->max_inflated, &in->file, err, TRACE_ERR_LEN))
		goto fail;
	if (trace_meta_fill(in->file->td, &in->meta)) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		goto fail;
	}
	in->live_opts = opts->live;
	in->ops = choose(in->file->td, opts, err);
	if (!in->ops || fast_reader_open(in->file, buffer, &in->pages, err) ||
	    in->ops->open(in, buffer, err))
		goto fail;
	snprintf(in->buffer, sizeof(in->buffer), "%s", buffer ? buffer : "");
	escape(in->buffer, in->meta.buffer, sizeof(in->meta.buffer));
	if (in->meta.buffer[0] || opts->live)
		in->meta.data_bytes = 0;	/* counted for the top buffer only; live: unknown */
	in->decoder = trace_decoder_new(in->tep);
	if (!in->decoder) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		goto fail;
	}
	trace_seq_init(&in->seq);
	*out = in;
	return 0;
fail:
	/* the kallsyms were checked before anything after the texts: their error first */
	if (in->file)
		trace_file_check_kallsyms(in->file, err, TRACE_ERR_LEN);
	trace_input_close(in);
	return -1;
}

/**
 * trace_input_reader() - which reader reads an input
 * @in: the input
 *
 * Return: TRACE_READER_FAST or TRACE_READER_LIBTRACECMD.
 */
enum trace_reader trace_input_reader(const struct trace_input *in)
{
	return in->ops->reader;
}

/**
 * trace_input_time_ns() - print records' times in nanoseconds (trace-cmd report -t)
 * @in: the input
 * @ns: true for nanoseconds, false for microseconds (the default)
 */
void trace_input_time_ns(struct trace_input *in, bool ns)
{
	in->time_ns = ns;
}

/**
 * trace_input_damages() - where the last iteration met data it could not read
 * @in: the input
 * @out: filled with the first damage of each damaged CPU
 * @max: room in @out
 *
 * The records of a CPU end at a page or chunk that cannot be read; the
 * other CPUs go on. Only the fast reader meets damage while iterating:
 * libtracecmd is given a file only after every page was checked.
 *
 * Return: how many CPUs were damaged.
 */
int trace_input_damages(const struct trace_input *in, struct trace_damage *out, int max)
{
	return in->ops->damages ? in->ops->damages(in, out, max) : 0;
}

/**
 * trace_input_stopped_at_limit() - whether the last iteration stopped at
 *	the --max-inflated limit (which is no damage: nothing replays past it)
 * @in: the input
 * @err: TRACE_ERR_LEN bytes for the message
 *
 * Return: true, with @err set, when a CPU's records stopped at the limit.
 */
bool trace_input_stopped_at_limit(const struct trace_input *in, char *err)
{
	struct trace_damage d[64];
	int n = trace_input_damages(in, d, 64);

	for (int i = 0; i < n && i < 64; i++) {
		if (!d[i].limit)
			continue;
		snprintf(err, TRACE_ERR_LEN, "CPU %d at offset %llu: %s; its records from there "
			 "were not read (raise --max-inflated if the file is trusted)", d[i].cpu,
			 (unsigned long long)d[i].offset, d[i].what);
		return true;
	}
	return false;
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
	if (in->ops)
		in->ops->close(in);
	trace_input_close_handles(in->ftrace_top, in->ftrace);
	fast_reader_close(in->pages);
	trace_meta_free(&in->meta);
	trace_file_close(in->file);
	free(in);
}

/**
 * trace_input_fd() - the descriptor of the one open of the file
 * @in: the input
 *
 * For comparing it with an output file; never to be read or closed.
 *
 * Return: the descriptor.
 */
int trace_input_fd(const struct trace_input *in)
{
	return in->file->fd;
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

/**
 * trace_input_user_has() - whether the trace holds the format of an event a rule names
 * @in: the input
 * @event: its trace_user.h index
 * @field: one of its fields, by index; -1: the event alone; -2: the field of its task
 *
 * Return: true when the format is there, with that field.
 */
bool trace_input_user_has(const struct trace_input *in, int event, int field)
{
	return trace_decoder_user_has(in->decoder, event, field);
}

/**
 * trace_input_event_fields() - the names of an event's fields, common ones last
 * @in: the input
 * @system: its system
 * @name: its name
 * @names: gets up to @max of them (valid while @in is open)
 * @max: room
 *
 * Return: how many, or -1 when the trace has no format of the event.
 */
int trace_input_event_fields(const struct trace_input *in, const char *system, const char *name,
			     const char **names, int max)
{
	struct tep_event *ev = tep_find_event_by_name(in->tep, system, name);
	int n = 0;

	if (!ev)
		return -1;
	for (struct tep_format_field *f = ev->format.fields; f && n < max; f = f->next)
		names[n++] = f->name;
	for (struct tep_format_field *f = ev->format.common_fields; f && n < max; f = f->next)
		names[n++] = f->name;
	return n;
}

/**
 * trace_input_iterate() - every record of the buffer, decoded, in time order
 * @in: the input
 * @fn: called for each record; a nonzero return stops the iteration
 * @data: passed to @fn
 *
 * Every call starts from the first record again; a live trace is read
 * once, until its source says the end.
 *
 * Return: 0 when every record was visited, else what @fn returned, or -1
 * when memory runs out or the trace cannot be read on
 * (trace_input_error() says why).
 */
int trace_input_iterate(struct trace_input *in, trace_record_fn fn, void *data)
{
	return in->ops->iterate(in, fn, data);
}

/**
 * trace_input_error() - why the last iteration returned -1, when not for memory
 * @in: the input
 *
 * Return: the reason (a live source's, or the live reader's), or NULL.
 */
const char *trace_input_error(const struct trace_input *in)
{
	return in->live ? trace_live_error(in->live) : NULL;
}

/**
 * trace_input_on_progress() - be told how far each iteration has come
 * @in: the input
 * @fn: called after each record with the bytes of ring-buffer data done,
 *	up to trace_meta.data_bytes (by the fast reader: when a CPU moves
 *	to its next page); NULL to stop
 *
 * Return: 0.
 */
int trace_input_on_progress(struct trace_input *in, trace_progress_fn fn)
{
	in->progress = fn;
	return 0;
}

/*
 * libtraceevent 1.7 prints a record with no bounds checks: a record
 * shorter than its format's fields (a damaged page the fast reader reads
 * around) made it malloc() a negative length. Such a record is not printed.
 */
static bool fits_format(const struct trace_input *in, const struct tep_event *ev,
			const struct tep_record *rec)
{
	return ev && rec->size > 0 &&
	       record_bounds_fit(&in->file->texts.bounds, rec->data, rec->size);
}

/*
 * The fast reader parses the formats of other events the first time a
 * record of one is printed: with those of every other event the iteration
 * met, tried together in a child first (trace_input_fast_parse()); one
 * that fails the trial is never parsed and its records print as of no
 * known event.
 */
static struct tep_event *event_of(struct trace_input *in, struct tep_handle *tep,
				  struct tep_record *rec)
{
	struct tep_event *ev = tep_find_event_by_record(tep, rec);
	struct event_format_ref *r;

	if (ev || !in->formats || tep != in->tep)
		return ev;
	r = event_formats_find_id(in->formats, tep_data_type(tep, rec));
	if (!r || r->parsed || r->refused)
		return NULL;
	trace_input_fast_parse(in, r);
	return tep_find_event_by_record(tep, rec);
}

static void print_record(struct trace_input *in, struct tep_handle *tep, struct tep_record *rec,
			 char *buf, size_t len)
{
	struct tep_event *ev = event_of(in, tep, rec);
	char name[64], *line;
	size_t n;

	if (!fits_format(in, ev, rec)) {
		snprintf(buf, len, "(record at offset %llu: %d bytes, not the layout of %s)",
			 (unsigned long long)rec->offset, rec->size, ev ? ev->name : "any event");
		return;
	}
	snprintf(name, sizeof(name), "%s:", ev->name);
	trace_seq_reset(&in->seq);
	if (in->time_ns) {
		/* as trace-cmd report -t prints them */
		tep_print_event(tep, &in->seq, rec, "%16s-%-5d [%03d] ", TEP_PRINT_COMM,
				TEP_PRINT_PID, TEP_PRINT_CPU);
		trace_seq_printf(&in->seq, "%5llu.%09llu: ", rec->ts / 1000000000ULL,
				 rec->ts % 1000000000ULL);
	} else {
		tep_print_event(tep, &in->seq, rec, "%16s-%-5d [%03d] %6.1000d: ", TEP_PRINT_COMM,
				TEP_PRINT_PID, TEP_PRINT_CPU, TEP_PRINT_TIME);
	}
	trace_seq_printf(&in->seq, "%-21s ", name);
	tep_print_event(tep, &in->seq, rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&in->seq);
	line = in->seq.buffer ? in->seq.buffer : "";
	/* a marker's own newline ends its text, as trace-cmd report shows it */
	for (n = strlen(line); n && line[n - 1] == '\n'; n--)
		line[n - 1] = '\0';
	escape(line, buf, len);
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

/* The formats with libtracecmd's handlers: the reader's, or made once from the file. */
static struct tep_handle *ftrace_tep(struct trace_input *in)
{
	char err[TRACE_ERR_LEN];

	if (in->tep_prints_ftrace)
		return in->tep;
	if (!in->ftrace_top) {
		in->ftrace_top = trace_file_libtracecmd(in->file, err, sizeof(err));
		if (in->ftrace_top)
			in->ftrace = trace_input_buffer_handle(in->ftrace_top, in->buffer, err);
	}
	return in->ftrace ? tracecmd_get_tep(in->ftrace) : NULL;
}

/**
 * trace_input_format() - a record as `trace-cmd report` prints it
 * @in: the input
 * @ref: the record's place and time, from its struct trace_record
 * @buf: where to write the line (no newline)
 * @len: its size
 *
 * The record's bytes are read again by the fast reader's page access, with
 * whichever reader iterated: the offsets are the same. Its time is the
 * one the iteration gave it (libtracecmd may have shifted it). A live
 * trace's pages are asked of its source (trace_live_options.page_at).
 *
 * Return: 0, or -1 when the record cannot be read again.
 */
int trace_input_format(struct trace_input *in, const struct trace_ref *ref, char *buf, size_t len)
{
	struct tep_handle *tep = in->tep;
	struct tep_record rec;

	if (in->ops->read_at ? in->ops->read_at(in, ref, &rec) :
	    fast_reader_read_at(in->pages, ref, &rec)) {
		snprintf(buf, len, "(record at offset %llu unreadable)",
			 (unsigned long long)ref->offset);
		return -1;
	}
	rec.ts = ref->ts;
	if (printed_by_libtracecmd(tep, &rec))
		tep = ftrace_tep(in);
	if (!tep) {
		snprintf(buf, len, "(record at offset %llu: a function tracer event libtracecmd "
			 "cannot print)", (unsigned long long)ref->offset);
		return -1;
	}
	print_record(in, tep, &rec, buf, len);
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

/**
 * trace_input_has_system() - whether the trace has formats of an event system
 * @in: the input
 * @system: "irq_vectors"
 *
 * Return: true when some event of @system has a format in the trace.
 */
bool trace_input_has_system(const struct trace_input *in, const char *system)
{
	struct tep_event **events;

	if (in->formats)
		return event_formats_has_system(in->formats, system);
	events = tep_list_events(in->tep, TEP_EVENT_SORT_ID);
	for (int i = 0; events && events[i]; i++)
		if (!strcmp(events[i]->system, system))
			return true;
	return false;
}

/* One more system when @sys is not the one before it: a system's formats come together. */
static int next_system(const char **last, const char *sys)
{
	bool other = !*last || strcmp(*last, sys);

	*last = sys;
	return other;
}

/**
 * trace_input_nr_systems() - how many event systems have formats in the trace
 * @in: the input
 *
 * trace-cmd record and extract save the formats of every event system of
 * the kernel, recorded or not; rvreplay record only those it enables.
 *
 * Return: the count (a system whose formats are apart counts twice).
 */
int trace_input_nr_systems(const struct trace_input *in)
{
	const char *last = NULL;
	struct tep_event **events;
	int n = 0;

	if (in->formats) {
		for (int i = 0; i < in->formats->nr_refs; i++)
			n += next_system(&last, in->formats->refs[i].system);
		return n;
	}
	events = tep_list_events(in->tep, TEP_EVENT_SORT_SYSTEM);
	for (int i = 0; events && events[i]; i++)
		n += next_system(&last, events[i]->system);
	return n;
}

/**
 * trace_input_not_understood() - the event formats libtraceevent must not parse
 * @in: the input
 * @formats: set to them, in file order
 *
 * Return: how many; none in a trace a kernel wrote.
 */
int trace_input_not_understood(const struct trace_input *in,
			       const struct not_understood_format **formats)
{
	const struct not_understood *nu = &in->file->texts.not_understood;

	*formats = nu->formats;
	return nu->nr;
}

/**
 * trace_input_share_cpus() - say how many processes like this one read traces at once
 * @processes: the jobs of a batch; 1 by default
 *
 * For the whole process: a reader's helper thread (chunk_ahead.h) takes a
 * CPU of its own only when there are spare ones.
 */
void trace_input_share_cpus(unsigned int processes)
{
	chunk_ahead_share(processes);
}

/* Whether @name is a whole symbol name on one of the kallsyms lines. */
static bool symbol_in(const char *text, const char *name)
{
	size_t len = strlen(name);

	for (const char *at = text; (at = strstr(at, name)); at += len)
		if (at > text && at[-1] == ' ' && (at[len] == '\n' || at[len] == '\t' || !at[len]))
			return true;
	return false;
}

/**
 * trace_input_find_symbols() - which of some names the trace's kallsyms holds
 * @in: the input
 * @names: symbol names
 * @n: how many
 * @found: [n], set for each name found
 *
 * Return: how many were found; -1 when the trace has no kallsyms.
 */
int trace_input_find_symbols(const struct trace_input *in, const char *const *names, int n,
			     bool *found)
{
	char err[128], *text;
	size_t len;
	int hits = 0;

	if (!in->file->td->sections[TRACEDAT_SEC_KALLSYMS].present ||
	    tracedat_read_text(in->file->td, TRACEDAT_TEXT_KALLSYMS, &text, &len, err, sizeof(err)))
		return -1;
	for (int i = 0; i < n; i++) {
		found[i] = symbol_in(text, names[i]);
		hits += found[i];
	}
	free(text);
	return hits;
}

/**
 * trace_input_kernel_long() - the recording kernel's long, in bytes
 * @in: the input
 *
 * Return: 4 or 8, from the ring buffer's page header.
 */
int trace_input_kernel_long(const struct trace_input *in)
{
	return in->file->texts.commit_size;
}

/**
 * trace_input_big_endian() - the recording kernel's byte order
 * @in: the input
 *
 * Return: true for big endian.
 */
bool trace_input_big_endian(const struct trace_input *in)
{
	return in->file->td->big_endian;
}
