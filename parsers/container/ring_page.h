/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One ring-buffer page (sub-buffer) of a trace.dat file, walked event by
 * event exactly as libtraceevent's kbuffer walks it: the page header's
 * timestamp and commit size, time extends and absolute time stamps,
 * padding, and the count of events lost before the page, which only an
 * event at the very start of the page reports (kbuffer_missed_events()).
 *
 * Unlike kbuffer, nothing is read outside the page: a header or an event
 * that does not fit the committed bytes ends the page. The walk is
 * inline because it runs for every record of the trace.
 */
#ifndef RING_PAGE_H
#define RING_PAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define RING_COMMIT_MASK	((1U << 27) - 1)
#define RING_MISSING_EVENTS	(1ULL << 31)
#define RING_MISSING_STORED	(1ULL << 30)
#define RING_TS_SHIFT		27
#define RING_TS_MSB		(0xf8ULL << 56)	/* not in absolute time stamps */

/* Run for every record. */
#define __ring_inline		inline __attribute__((always_inline))

enum ring_type {
	RING_TYPE_DATA_LEN	= 0,	/* a data event with its length in a word */
	RING_TYPE_DATA_MAX	= 28,	/* 1..28: a data event of that many words */
	RING_TYPE_PADDING	= 29,
	RING_TYPE_TIME_EXTEND	= 30,
	RING_TYPE_TIME_STAMP	= 31,
};

/* How the recording kernel wrote its pages. */
struct ring_layout {
	bool		swap;		/* the file's byte order is not ours */
	bool		big_endian;	/* the file's byte order */
	bool		long8;		/* the page header's commit field is 8 bytes */
};

/* A data event of the page. */
struct ring_event {
	uint64_t	ts;
	const void	*data;
	uint32_t	size;		/* payload bytes */
	uint32_t	offset;		/* of its header, from the start of the page */
	long long	missed;		/* lost before it: 0, a count, -1 unknown */
};

struct ring_page {
	const unsigned char	*data;		/* first byte after the page header */
	uint64_t		timestamp;	/* of the current event */
	long long		lost;		/* lost before this page */
	uint32_t		size;		/* committed bytes after the header */
	uint32_t		start;		/* size of the page header: 12 or 16 */
	uint32_t		curr;		/* the current event's header, from @data */
	uint32_t		index;		/* its payload */
	uint32_t		next;		/* the event after it */
	bool			cut;		/* an event did not fit the commit */
	struct ring_layout	layout;
};

static inline uint32_t ring_read4(const struct ring_layout *l, const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return l->swap ? __builtin_bswap32(v) : v;
}

static inline uint16_t ring_read2(const struct ring_layout *l, const unsigned char *p)
{
	uint16_t v;

	memcpy(&v, p, 2);
	return l->swap ? __builtin_bswap16(v) : v;
}

static inline uint64_t ring_read8(const struct ring_layout *l, const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return l->swap ? __builtin_bswap64(v) : v;
}

static inline void ring_page_end(struct ring_page *p)
{
	p->curr = p->size;
	p->next = p->size;
	p->index = p->size;
}

/* One item's header as kbuffer's translate_data() reads it. */
struct ring_item {
	int		type;		/* RING_TYPE_*, or 1..28: a data event of that many words */
	uint32_t	delta;		/* time delta */
	uint32_t	len;		/* the second word, or type * 4 */
};

/*
 * The header of the item at @at, @room bytes being readable there: the
 * word, and the length word that padding, time extends, time stamps and
 * long data events carry. Both walks of a page decode items with it: the
 * reader's (which ends a page at what does not fit) and the check that
 * keeps libtracecmd from reading outside one (tracedat_check.c).
 *
 * Return: false when the header does not fit @room.
 */
static __ring_inline bool ring_item_decode(const struct ring_layout *l, const unsigned char *at,
					   uint32_t room, struct ring_item *it)
{
	uint32_t word;

	if (room < 4)
		return false;
	word = ring_read4(l, at);
	if (l->big_endian) {
		it->type = word >> 27;
		it->delta = word & ((1U << 27) - 1);
	} else {
		it->type = word & 31;
		it->delta = word >> 5;
	}
	it->len = it->type * 4;
	if (it->type >= RING_TYPE_PADDING || it->type == RING_TYPE_DATA_LEN) {
		if (room < 8)
			return false;
		it->len = ring_read4(l, at + 4);
	}
	return true;
}

/*
 * The item at @p->curr (kbuffer's translate_data() and update_pointers()).
 * Returns its type; -1 when it does not fit the commit, -2 for padding
 * reaching past the commit (which ends a page as kernels write it).
 */
static __ring_inline int ring_page_item(struct ring_page *p)
{
	uint32_t room = p->size - p->curr, len;
	struct ring_item it;
	uint64_t extend;
	int32_t slen;

	if (!ring_item_decode(&p->layout, p->data + p->curr, room, &it))
		return -1;
	len = it.len;
	switch (it.type) {
	case RING_TYPE_TIME_EXTEND:
	case RING_TYPE_TIME_STAMP:
		extend = ((uint64_t)len << RING_TS_SHIFT) + it.delta;
		if (it.type == RING_TYPE_TIME_STAMP)
			p->timestamp = extend | (p->timestamp & RING_TS_MSB);
		else
			p->timestamp += extend;
		p->index = p->curr + 8;
		len = 0;
		break;
	case RING_TYPE_DATA_LEN:
		/* kbuffer's int arithmetic: 1 to 3 round up to an empty event */
		p->timestamp += it.delta;
		p->index = p->curr + 8;
		slen = ((int32_t)(len - 4) + 3) & ~3;
		if (slen < 0 || (uint32_t)slen > room - 8)
			return -1;
		len = slen;
		break;
	default:	/* padding, and data events of 1 to 28 words */
		p->timestamp += it.delta;
		p->index = p->curr + 4;
		if (len > room - 4)
			return it.type == RING_TYPE_PADDING ? -2 : -1;
		break;
	}
	p->next = p->index + len;
	return it.type;
}

/**
 * ring_page_advance() - move to the next data event of the page
 * @p: the page
 *
 * Time extends, time stamps and padding are consumed on the way; at the
 * end, or at an item that does not fit, the page has no current event (and
 * is cut, unless that item is the padding that ends a page).
 */
static __ring_inline void ring_page_advance(struct ring_page *p)
{
	int type;

	do {
		p->curr = p->next;
		if (p->next >= p->size)
			return;
		type = ring_page_item(p);
		if (type < 0) {
			p->cut |= type == -1;
			ring_page_end(p);
			return;
		}
	} while (type >= RING_TYPE_PADDING);
}

/**
 * ring_page_event() - the current data event of the page
 * @p: the page
 * @ev: filled when there is one
 *
 * Return: false when the page has no more events.
 */
static __ring_inline bool ring_page_event(const struct ring_page *p, struct ring_event *ev)
{
	if (p->curr >= p->size)
		return false;
	ev->ts = p->timestamp;
	ev->data = p->data + p->index;
	ev->size = p->next - p->index;
	ev->offset = p->start + p->curr;
	ev->missed = p->curr ? 0 : p->lost;
	return true;
}

/* A page header: its timestamp and the commit word with the lost-events flags. */
struct ring_header {
	uint64_t	timestamp;
	uint64_t	flags;
	uint32_t	size;		/* committed bytes after the header */
	uint32_t	start;		/* the header's size: 12 or 16 */
};

int ring_page_header(const struct ring_layout *layout, const unsigned char *page, size_t avail,
		     struct ring_header *h);
int ring_page_load(struct ring_page *p, const struct ring_layout *layout,
		   const unsigned char *page, size_t avail);

#endif
