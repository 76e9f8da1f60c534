/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fast reader of trace.dat records: our own container reader, our own
 * ring-buffer page walk and k-way merge, with the same records, in the
 * same order, with the same offsets as libtracecmd's
 * tracecmd_iterate_events() and tracecmd_read_at(), in memory that does
 * not grow with the trace. libtracecmd is not used at all: the event
 * formats (struct tep_handle) come from our reading of the metadata.
 */
#ifndef FAST_READER_H
#define FAST_READER_H

#include <traceevent/event-parse.h>

#include "trace_decode.h"
#include "trace_input.h"
#include "tracedat.h"

struct fast_reader;

int fast_reader_open(const char *path, const char *buffer, struct fast_reader **out,
		     char *err);
struct tep_handle *fast_reader_tep(const struct fast_reader *fr);
const struct tracedat *fast_reader_file(const struct fast_reader *fr);
void fast_reader_close(struct fast_reader *fr);
int fast_reader_iterate(struct fast_reader *fr, const struct trace_decoder *d,
			trace_record_fn fn, void *data, trace_progress_fn progress);
int fast_reader_read_at(struct fast_reader *fr, const struct trace_ref *ref,
			struct tep_record *rec);
bool fast_reader_damaged(const struct fast_reader *fr);

#endif
