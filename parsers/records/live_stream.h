/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One CPU's ring-buffer pages as a live source read them (read(2) of
 * per_cpu/cpuN/trace_pipe_raw), queued until their records are released,
 * and walked with the same page decoder as a file's (ring_page.h).
 *
 * A page is a whole sub-buffer, however little of it is committed: read(2)
 * of a page still being written returns what was committed so far. Each
 * page has its place in the CPU's stream (@offset, a multiple of the
 * sub-buffer size), which makes the records' offsets. The same place given
 * again is the same page read again as it grew: only the events past what
 * was taken in from it before are new, so none is released twice. A place
 * before one already taken in is an old page given again: refused, and
 * noted as damage.
 *
 * The queue holds the source's bytes until its next read; the pages still
 * holding records then are copied (live_stream_keep()). What it holds is
 * capped (@max_bytes): the source is told the room left and must not give
 * more.
 */
#ifndef LIVE_STREAM_H
#define LIVE_STREAM_H

#include <stdbool.h>
#include <stdint.h>

#include "container/container.h"

/* Why some of a CPU's pages gave no records, or not all of theirs. */
enum live_damage {
	LIVE_WHOLE,		/* none did not */
	LIVE_BAD_PAGE,		/* a page header or commit outside the page */
	LIVE_CUT_PAGE,		/* an event reaching past its page's commit */
	LIVE_SHORT_RECORD,	/* a record shorter than its event's fields */
	LIVE_OLD_PAGE,		/* a page before one already read */
};

/* A sub-buffer as read, until its last record is released. */
struct live_page {
	const unsigned char	*data;		/* the source's until its next read, or @owned */
	unsigned char		*owned;		/* a copy, once kept across a read; or NULL */
	uint32_t		len;
	uint32_t		from;		/* events before this byte were taken in before */
	uint64_t		offset;		/* its place in the CPU's stream */
};

struct live_stream {
	int			cpu;		/* the CPU id */
	int			index;		/* in the trace's buffer: ties go to the lower */
	struct ring_layout	layout;
	uint64_t		max_bytes;	/* the most its queue holds */
	/* the queue, a ring of @cap */
	struct live_page	*pages;
	uint32_t		head;
	uint32_t		nr;
	uint32_t		cap;
	uint64_t		bytes;		/* the queued pages' lengths */
	/* the walk of the head page */
	struct ring_page	page;
	struct ring_event	ev;		/* the current record, when @on_record */
	bool			on_record;
	/* the pages taken in: the same place again is a read of a grown page */
	bool			seen;
	uint64_t		last_offset;
	uint32_t		last_end;	/* its bytes taken in: header and commit */
	/* records not judged because they came late */
	bool			gap;		/* the next record given says events were lost */
	uint64_t		late;		/* how many */
	/* the first damage */
	enum live_damage	damage;
	uint64_t		damage_offset;	/* its record offset */
	uint64_t		damage_ts;	/* the last record read before it */
};

void live_stream_init(struct live_stream *s, int cpu, int index, const struct ring_layout *layout,
		      uint64_t max_bytes);
void live_stream_free(struct live_stream *s);
uint64_t live_stream_room(const struct live_stream *s);
int live_stream_add(struct live_stream *s, const void *data, uint32_t len, uint64_t offset);
bool live_stream_first(struct live_stream *s);
bool live_stream_next(struct live_stream *s);
int live_stream_keep(struct live_stream *s);
void live_stream_damaged(struct live_stream *s, enum live_damage damage, uint64_t offset);
uint64_t live_page_probe(const struct ring_layout *layout, const void *data, uint32_t len,
			 uint16_t id, int32_t pid);

/**
 * live_stream_offset() - the current record's offset: its page's place and its own in the page
 * @s: the stream, on a record
 *
 * Return: the record offset, as a file of the same pages gives it.
 */
static inline uint64_t live_stream_offset(const struct live_stream *s)
{
	return s->pages[s->head].offset + s->ev.offset;
}

#endif
