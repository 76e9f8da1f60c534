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
int fast_reader_page_record(const struct ring_layout *layout, const void *page, uint32_t len,
			    uint64_t page_offset, uint32_t in_page, int cpu,
			    struct tep_record *rec);

/**
 * fast_reader_fill() - a record as the readers of our own give it
 * @d: the decoder
 * @cpu: its CPU id
 * @ev: the ring-buffer event
 * @offset: its record offset
 * @missed: the events lost before it: 0, a count, -1 unknown
 * @rec: filled
 *
 * The file's reader (fast_reader_iterate()) and the live reader
 * (trace_input_live.c) fill their records here alike.
 *
 * Return: false when the record is shorter than its event's fields (not to
 * be given: its values are not known).
 */
static inline bool fast_reader_fill(const struct trace_decoder *d, int cpu,
				    const struct ring_event *ev, uint64_t offset, long long missed,
				    struct trace_record *rec)
{
	rec->cpu = cpu;
	rec->ts = ev->ts;
	rec->missed = missed;
	rec->ref.offset = offset;
	rec->ref.cpu = cpu;
	rec->ref.ts = ev->ts;
	return trace_decode_payload(d, ev->data, ev->size, rec);
}

#endif
