/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Ring-buffer pages written as the kernel writes them (little-endian, the
 * commit field 8 bytes): a page header, data events with time deltas, a
 * time extend where a delta does not fit, and the "events were lost
 * before this page" flag. The generators of hostile traces and the
 * structure-aware fuzzer write CPU data with it; ring_page.h reads it.
 */
#ifndef PAGE_WRITER_H
#define PAGE_WRITER_H

#include <stdbool.h>
#include <stdint.h>

#include "tracedat_build.h"

struct page_writer {
	struct tracedat_bytes	*out;		/* the CPU's pages */
	uint32_t		page_size;
	unsigned char		*page;
	uint32_t		used;		/* bytes of events on @page */
	uint64_t		last_ts;
	bool			open;
	bool			lost;		/* the next page says events were lost */
	uint32_t		pages;		/* written to @out */
};

int page_writer_init(struct page_writer *w, struct tracedat_bytes *out, uint32_t page_size);
int page_writer_event(struct page_writer *w, uint64_t ts, const void *payload, uint32_t len);
void page_writer_lost(struct page_writer *w);
void page_writer_finish(struct page_writer *w);
void page_writer_free(struct page_writer *w);

#endif
