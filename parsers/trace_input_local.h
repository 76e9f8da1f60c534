/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to trace_input*.c: an input and the operations of its reader.
 */
#ifndef TRACE_INPUT_LOCAL_H
#define TRACE_INPUT_LOCAL_H

#include <trace-cmd/trace-cmd.h>

#include "container/container.h"
#include "events/events.h"
#include "fast_reader.h"
#include "trace_file.h"
#include "trace_input.h"

/* One way of iterating the records of a file. */
struct trace_input_ops {
	enum trace_reader	reader;
	/* the reader's state and the formats the records are decoded with (in->tep) */
	int			(*open)(struct trace_input *in, const char *buffer, char *err);
	int			(*iterate)(struct trace_input *in, trace_record_fn fn, void *data);
	void			(*close)(struct trace_input *in);
	/* a record again by its place; NULL: the fast reader's page access (in->pages) */
	int			(*read_at)(struct trace_input *in, const struct trace_ref *ref,
					   struct tep_record *rec);
	/* where the last iteration met data it could not read; NULL: nowhere */
	int			(*damages)(const struct trace_input *in, struct trace_damage *out,
					   int max);
};

struct trace_live;

struct trace_input {
	const struct trace_input_ops	*ops;
	struct trace_file		*file;		/* the one open of the path */
	struct fast_reader		*pages;		/* records again by offset, any reader */
	struct tep_handle		*tep;
	bool				tep_prints_ftrace; /* libtracecmd's own event handlers */
	struct trace_decoder		*decoder;
	struct trace_meta		meta;		/* its text escaped (escape.h) */
	char				buffer[128];	/* the buffer's name, as the file has it */
	trace_progress_fn		progress;
	void				*reader;	/* the ops' own state */
	struct tracecmd_input		*ftrace_top;	/* fast reader: for function tracer */
	struct tracecmd_input		*ftrace;	/*   records, printed by libtracecmd */
	struct trace_seq		seq;
	struct event_formats		*formats;	/* fast reader: its formats, NULL otherwise */
	struct kallsyms			syms;		/* fast reader: read when first asked */
	int				syms_read;	/* 0 not yet, 1 read, -1 none */
	bool				time_ns;	/* records' times in nanoseconds */
	const struct trace_live_options	*live_opts;	/* live: as given, during open only */
	struct trace_live		*live;		/* live: the reader's state */
};

extern const struct trace_input_ops trace_input_fast;
extern const struct trace_input_ops trace_input_libtracecmd;
extern const struct trace_input_ops trace_input_live;

void trace_input_fast_parse(struct trace_input *in, struct event_format_ref *r);
int trace_input_fast_open(struct trace_input *in, const char *buffer, char *err);
void trace_input_fast_close(struct trace_input *in);
const char *trace_live_error(const struct trace_live *lv);

struct tracecmd_input *trace_input_buffer_handle(struct tracecmd_input *top, const char *name,
						 char *err);
void trace_input_close_handles(struct tracecmd_input *top, struct tracecmd_input *h);

#endif
