/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fast reader of trace.dat records: our own container reader, our own
 * ring-buffer page walk and k-way merge, with the same records, in the
 * same order, with the same offsets as libtracecmd's
 * tracecmd_iterate_events() and tracecmd_read_at(), in memory that does
 * not grow with the trace. libtracecmd is not used at all.
 */
#ifndef FAST_READER_H
#define FAST_READER_H

#include <traceevent/event-parse.h>

#include "container/container.h"
#include "events/events.h"
#include "trace_input.h"

struct fast_reader;

struct trace_file;

int fast_reader_open(const struct trace_file *f, const char *buffer, struct fast_reader **out,
		     char *err);
void fast_reader_close(struct fast_reader *fr);
int fast_reader_iterate(struct fast_reader *fr, const struct trace_decoder *d,
			trace_record_fn fn, void *data, trace_progress_fn progress);
int fast_reader_read_at(struct fast_reader *fr, const struct trace_ref *ref,
			struct tep_record *rec);
int fast_reader_damages(struct fast_reader *fr, struct trace_damage *out, int max);

#endif
