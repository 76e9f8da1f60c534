// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loading a ring-buffer page: its header (timestamp, then the commit word
 * with the lost-events flags) and the lost count the kernel may store
 * right after the committed bytes.
 */
#include "ring_page.h"

/**
 * ring_page_header() - read a page's header
 * @layout: how the kernel wrote the page
 * @page: its bytes
 * @avail: how many of them there are
 * @h: filled
 *
 * Return: 0, or -1 when the header does not fit @avail.
 */
int ring_page_header(const struct ring_layout *layout, const unsigned char *page, size_t avail,
		     struct ring_header *h)
{
	unsigned int lsize = layout->long8 ? 8 : 4;

	h->start = 8 + lsize;
	if (avail < h->start)
		return -1;
	h->timestamp = ring_read8(layout, page);
	h->flags = layout->long8 ? ring_read8(layout, page + 8) : ring_read4(layout, page + 8);
	h->size = (uint32_t)h->flags & RING_COMMIT_MASK;
	return 0;
}

/**
 * ring_page_load() - start walking a page
 * @p: the page
 * @layout: how the kernel wrote it
 * @page: its bytes
 * @avail: how many of them there are (the page size, or less at the end
 *	   of damaged data)
 *
 * As kbuffer_load_subbuffer(), the first data event becomes current; the
 * lost count is an int, as kbuffer_missed_events() returns it.
 *
 * Return: 0, or -1 when the header or the committed bytes do not fit
 * @avail (libtracecmd stops reading the CPU at such a page).
 */
int ring_page_load(struct ring_page *p, const struct ring_layout *layout,
		   const unsigned char *page, size_t avail)
{
	unsigned int lsize = layout->long8 ? 8 : 4;
	struct ring_header h;

	p->layout = *layout;
	if (ring_page_header(layout, page, avail, &h) || h.size > avail - h.start)
		return -1;
	p->start = h.start;
	p->timestamp = h.timestamp;
	p->size = h.size;
	p->data = page + p->start;
	p->lost = 0;
	if (h.flags & RING_MISSING_EVENTS) {
		p->lost = -1;
		if ((h.flags & RING_MISSING_STORED) && lsize <= avail - p->start - p->size)
			p->lost = (int)(layout->long8 ? ring_read8(layout, p->data + p->size) :
					ring_read4(layout, p->data + p->size));
	}
	p->curr = 0;
	p->index = 0;
	p->next = 0;
	p->cut = false;
	ring_page_advance(p);
	return 0;
}
