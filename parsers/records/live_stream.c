// SPDX-License-Identifier: GPL-2.0-only
/*
 * One CPU's pages as read live: queued, deduplicated by their place, walked
 * record by record, copied only when they must outlive the source's buffer.
 * A page that does not parse ends that page only, and is noted as damage,
 * as cpu_stream_damaged() notes a file's.
 */
#include <stdlib.h>
#include <string.h>

#include "live_stream.h"

/**
 * live_stream_init() - prepare one CPU's queue
 * @s: the stream
 * @cpu: the CPU id
 * @index: its index in the trace's buffer
 * @layout: how the kernel writes its pages
 * @max_bytes: the most the queue may hold
 */
void live_stream_init(struct live_stream *s, int cpu, int index, const struct ring_layout *layout,
		      uint64_t max_bytes)
{
	memset(s, 0, sizeof(*s));
	s->cpu = cpu;
	s->index = index;
	s->layout = *layout;
	s->max_bytes = max_bytes;
}

/**
 * live_stream_free() - release the queue and the copies it holds
 * @s: the stream
 */
void live_stream_free(struct live_stream *s)
{
	for (uint32_t i = 0; i < s->nr; i++)
		free(s->pages[(s->head + i) % s->cap].owned);
	free(s->pages);
	s->pages = NULL;
	s->nr = 0;
	s->cap = 0;
	s->bytes = 0;
	s->on_record = false;
}

/**
 * live_stream_room() - how many more bytes of pages the queue may take
 * @s: the stream
 *
 * Return: 0 when it holds its most.
 */
uint64_t live_stream_room(const struct live_stream *s)
{
	return s->bytes < s->max_bytes ? s->max_bytes - s->bytes : 0;
}

/**
 * live_stream_damaged() - note that some of the CPU's records cannot be read
 * @s: the stream
 * @damage: why
 * @offset: where, as a record offset
 *
 * The first damage is kept; the CPU goes on with its next page.
 */
void live_stream_damaged(struct live_stream *s, enum live_damage damage, uint64_t offset)
{
	if (s->damage != LIVE_WHOLE)
		return;
	s->damage = damage;
	s->damage_offset = offset;
	s->damage_ts = s->ev.ts;
}

static int grow(struct live_stream *s)
{
	uint32_t cap = s->cap ? s->cap * 2 : 8;
	struct live_page *pages;

	if (cap < s->cap)
		return -1;
	pages = malloc(cap * sizeof(*pages));
	if (!pages)
		return -1;
	for (uint32_t i = 0; i < s->nr; i++)
		pages[i] = s->pages[(s->head + i) % s->cap];
	free(s->pages);
	s->pages = pages;
	s->cap = cap;
	s->head = 0;
	return 0;
}

/* The bytes of the page a header and its commit cover, within @len; 0: no header. */
static uint32_t page_end(const struct live_stream *s, const void *data, uint32_t len)
{
	struct ring_header h;

	if (ring_page_header(&s->layout, data, len, &h))
		return 0;
	return h.start + (h.size < len - h.start ? h.size : len - h.start);
}

/**
 * live_stream_add() - queue a page as read
 * @s: the stream
 * @data: the page, the source's: valid until live_stream_keep()
 * @len: its bytes (the sub-buffer size)
 * @offset: its place in the CPU's stream
 *
 * The same place again is the page read again as it grew: only its events
 * past what was taken in from it before are walked. A page that adds
 * nothing is not queued; one before the last place taken in is refused as
 * damage. The caller checks the room (live_stream_room()) first.
 *
 * Return: 0, or -1 when memory runs out.
 */
int live_stream_add(struct live_stream *s, const void *data, uint32_t len, uint64_t offset)
{
	uint32_t end = page_end(s, data, len), from = 0;

	if (s->seen && offset < s->last_offset) {
		live_stream_damaged(s, LIVE_OLD_PAGE, offset);
		return 0;
	}
	if (s->seen && offset == s->last_offset) {
		if (end <= s->last_end)
			return 0;
		from = s->last_end;
	}
	if (s->nr == s->cap && grow(s))
		return -1;
	s->seen = true;
	s->last_offset = offset;
	s->last_end = end;
	s->pages[(s->head + s->nr) % s->cap] = (struct live_page){
		.data = data, .len = len, .from = from, .offset = offset,
	};
	s->nr++;
	s->bytes += len;
	return 0;
}

static void drop_head(struct live_stream *s)
{
	struct live_page *p = &s->pages[s->head];

	free(p->owned);
	s->bytes -= p->len;
	s->head = (s->head + 1) % s->cap;
	s->nr--;
}

/* The first new record of the first page that has one: the head page is not loaded yet. */
static bool walk_from_head(struct live_stream *s)
{
	while (s->nr) {
		const struct live_page *p = &s->pages[s->head];

		if (ring_page_load(&s->page, &s->layout, p->data, p->len)) {
			live_stream_damaged(s, LIVE_BAD_PAGE, p->offset);
			drop_head(s);
			continue;
		}
		while (ring_page_event(&s->page, &s->ev) && s->ev.offset < p->from)
			ring_page_advance(&s->page);
		if (ring_page_event(&s->page, &s->ev)) {
			s->on_record = true;
			return true;
		}
		if (s->page.cut)
			live_stream_damaged(s, LIVE_CUT_PAGE, p->offset);
		drop_head(s);
	}
	s->on_record = false;
	return false;
}

/**
 * live_stream_first() - be on the CPU's oldest record not walked yet
 * @s: the stream
 *
 * Return: false when its queue holds none.
 */
bool live_stream_first(struct live_stream *s)
{
	return s->on_record || walk_from_head(s);
}

/**
 * live_stream_next() - move past the current record
 * @s: the stream, on a record
 *
 * A page is dropped (and its copy freed) once its last record is passed.
 *
 * Return: false when the queue holds no more records.
 */
bool live_stream_next(struct live_stream *s)
{
	ring_page_advance(&s->page);
	if (ring_page_event(&s->page, &s->ev))
		return true;
	if (s->page.cut)
		live_stream_damaged(s, LIVE_CUT_PAGE, s->pages[s->head].offset);
	drop_head(s);
	return walk_from_head(s);
}

/**
 * live_stream_keep() - copy the queued pages that are still the source's
 * @s: the stream
 *
 * Called before the source reads again: the pages holding records not
 * released yet (about one per CPU) outlive its buffer.
 *
 * Return: 0, or -1 when memory runs out.
 */
int live_stream_keep(struct live_stream *s)
{
	for (uint32_t i = 0; i < s->nr; i++) {
		struct live_page *p = &s->pages[(s->head + i) % s->cap];
		const unsigned char *old = p->data;

		if (p->owned)
			continue;
		p->owned = malloc(p->len ? p->len : 1);
		if (!p->owned)
			return -1;
		memcpy(p->owned, old, p->len);
		p->data = p->owned;
		/* the walk of the head page follows it */
		if (i == 0 && s->on_record) {
			s->page.data = p->owned + (s->page.data - old);
			s->ev.data = p->owned + ((const unsigned char *)s->ev.data - old);
		}
	}
	return 0;
}

/**
 * live_page_probe() - the newest record of a page that is a watcher's probe
 * @layout: how the page was written
 * @data: the page, as read
 * @len: its bytes
 * @id: the probe's event id (ftrace:print, a trace_marker write)
 * @pid: the writer's pid (its common_pid)
 *
 * A probe is written before every read of a pull, so its time is one
 * up to which every CPU read after it is complete (docs/design/watch.md
 * section 1.4).
 *
 * Return: its time, or 0 when the page holds none.
 */
uint64_t live_page_probe(const struct ring_layout *layout, const void *data, uint32_t len,
			 uint16_t id, int32_t pid)
{
	struct ring_page page;
	struct ring_event ev;
	uint64_t newest = 0;

	if (ring_page_load(&page, layout, data, len))
		return 0;
	for (; ring_page_event(&page, &ev); ring_page_advance(&page)) {
		const unsigned char *p = ev.data;

		if (ev.size >= 8 && ring_read2(layout, p) == id &&
		    (int32_t)ring_read4(layout, p + 4) == pid && ev.ts > newest)
			newest = ev.ts;
	}
	return newest;
}
