// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ring-buffer pages, as the kernel's ring buffer writes them (page_writer.h;
 * kernel/trace/ring_buffer.c: rb_update_event(), rb_add_time_stamp()).
 */
#include <stdlib.h>
#include <string.h>

#include "page_writer.h"

#define HEADER		16		/* u64 timestamp, u64 commit */
#define DELTA_BITS	27
#define SMALL_MAX	112		/* RB_MAX_SMALL_DATA: 28 words */
#define MISSED_EVENTS	(1ULL << 31)

static void put4(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static void put8(unsigned char *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

/**
 * page_writer_init() - start writing a CPU's pages
 * @w: the writer
 * @out: where the pages go (little-endian numbers)
 * @page_size: of each page, at least 64
 *
 * Return: 0, or -1 when memory runs out.
 */
int page_writer_init(struct page_writer *w, struct tracedat_bytes *out, uint32_t page_size)
{
	*w = (struct page_writer){ .out = out, .page_size = page_size };
	w->page = calloc(1, page_size);
	return w->page ? 0 : -1;
}

static void flush(struct page_writer *w)
{
	uint64_t commit = w->used;

	if (!w->open)
		return;
	if (w->lost)
		commit |= MISSED_EVENTS;
	put8(w->page + 8, commit);
	tracedat_bytes_put(w->out, w->page, w->page_size);
	w->pages++;
	w->open = false;
	w->lost = false;
}

static void start(struct page_writer *w, uint64_t ts)
{
	memset(w->page, 0, w->page_size);
	put8(w->page, ts);
	w->used = 0;
	w->last_ts = ts;
	w->open = true;
}

/* Bytes of an event of @len payload bytes, its header and time extend included. */
static uint32_t event_bytes(uint32_t len, bool extend)
{
	uint32_t words = (len + 3) / 4;

	return (extend ? 8 : 0) + 4 + (len > SMALL_MAX ? 4 : 0) + 4 * words;
}

/**
 * page_writer_event() - one data event
 * @w: the writer
 * @ts: its time; never before the previous one
 * @payload: its bytes (common fields first)
 * @len: how many, at least 1
 *
 * Return: 0, or -1 when it cannot fit an empty page or @ts goes back.
 */
int page_writer_event(struct page_writer *w, uint64_t ts, const void *payload, uint32_t len)
{
	uint64_t delta;
	unsigned char *p;
	bool extend;

	if (!len || (w->open && ts < w->last_ts) || event_bytes(len, false) > w->page_size - HEADER)
		return -1;
	delta = w->open ? ts - w->last_ts : 0;
	extend = delta >> DELTA_BITS;
	if (!w->open || w->used + event_bytes(len, extend) > w->page_size - HEADER) {
		flush(w);
		start(w, ts);
		delta = 0;
		extend = false;
	}
	p = w->page + HEADER + w->used;
	if (extend) {
		put4(p, 30 | (uint32_t)(delta & ((1U << DELTA_BITS) - 1)) << 5);
		put4(p + 4, delta >> DELTA_BITS);
		p += 8;
		delta = 0;
	}
	if (len > SMALL_MAX) {
		put4(p, (uint32_t)delta << 5);
		put4(p + 4, 4 + 4 * ((len + 3) / 4));
		p += 8;
	} else {
		put4(p, (len + 3) / 4 | (uint32_t)delta << 5);
		p += 4;
	}
	memcpy(p, payload, len);
	w->used += event_bytes(len, extend);
	w->last_ts = ts;
	return w->out->failed ? -1 : 0;
}

/**
 * page_writer_lost() - the next event starts a page that says events were lost
 * @w: the writer
 */
void page_writer_lost(struct page_writer *w)
{
	flush(w);
	w->lost = true;
}

/**
 * page_writer_finish() - write the page being filled
 * @w: the writer
 */
void page_writer_finish(struct page_writer *w)
{
	flush(w);
}

void page_writer_free(struct page_writer *w)
{
	free(w->page);
	w->page = NULL;
}
