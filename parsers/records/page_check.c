// SPDX-License-Identifier: GPL-2.0-only
/*
 * What libtracecmd's reader trusts of the data, checked before it reads a
 * file: every compressed chunk inflates, every ring-buffer page holds a
 * commit inside the page and a chain of events inside the commit, each as
 * long as its format (kbuffer walks the page with no bounds at all).
 */
#include <stdarg.h>
#include <stdio.h>

#include "cpu_stream.h"
#include "page_check.h"

/* Every event has type, flags, preempt count and pid before its fields. */
#define MIN_EVENT		8

struct page_walk {
	const struct tracedat		*td;
	const struct tracedat_texts	*texts;
	struct ring_layout		layout;
	uint64_t			page_size;
	char				*err;
	size_t				errlen;
};

static __attribute__((format(printf, 2, 3))) int bad(struct page_walk *w, const char *fmt, ...)
{
	va_list ap;

	if (!w->err || !w->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(w->err, w->errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static int bad_page(struct page_walk *w, const char *what, uint64_t page, uint64_t at)
{
	return bad(w, "%s in ring-buffer page %llu at byte %llu", what,
		   (unsigned long long)page, (unsigned long long)at);
}

/* Where kbuffer goes from the item at @curr, or an error: its policy, our bounds. */
static int next_item(struct page_walk *w, const unsigned char *data, uint64_t curr,
		     uint64_t size, uint64_t room, uint64_t index, uint64_t *next)
{
	uint64_t header = 8 + w->texts->commit_size;
	struct ring_item it;

	if (curr + 4 > size)
		return bad_page(w, "event header past the commit", index, header + curr);
	/* the item's second word may lie past the commit, not past the page */
	if (!ring_item_decode(&w->layout, data + curr, room - curr, &it))
		return bad_page(w, "event past the end", index, header + curr);
	switch (it.type) {
	case RING_TYPE_PADDING:
		/* kbuffer adds the length with 32-bit wrap-around */
		if (it.len > w->page_size)
			return bad_page(w, "padding longer than a page", index, header + curr);
		*next = curr + 4 + it.len;
		return 0;
	case RING_TYPE_TIME_EXTEND:
	case RING_TYPE_TIME_STAMP:
		*next = curr + 8;
		break;
	case RING_TYPE_DATA_LEN:
		if (it.len < 4 + MIN_EVENT || it.len > room)
			return bad_page(w, "bad event length", index, header + curr);
		*next = curr + 4 + ((it.len + 3) & ~3ULL);
		break;
	default:
		if (it.len < MIN_EVENT)
			return bad_page(w, "event too short", index, header + curr);
		*next = curr + 4 + it.len;
		break;
	}
	if (*next > size)
		return bad_page(w, "event past the commit", index, header + curr);
	if (it.type <= RING_TYPE_DATA_MAX) {
		uint64_t at = curr + (it.type ? 4 : 8);

		if (!record_bounds_fit(&w->texts->bounds, data + at, *next - at))
			return bad_page(w, "event shorter than its format", index, header + curr);
	}
	return 0;
}

/* One page: the commit inside it, every event inside the commit. */
static int check_page(struct page_walk *w, const unsigned char *page, uint64_t index)
{
	uint64_t room = w->page_size - 8 - w->texts->commit_size, curr = 0, next = 0;
	struct ring_header h;

	ring_page_header(&w->layout, page, w->page_size, &h);
	if (h.size > room)
		return bad_page(w, "commit past the end", index, 8);
	/* the count of lost events is stored after the data */
	if ((h.flags & RING_MISSING_EVENTS) && (h.flags & RING_MISSING_STORED) &&
	    h.size + w->texts->commit_size > room)
		return bad_page(w, "lost-events count past the end", index, h.start + h.size);
	for (; curr < h.size; curr = next)
		if (next_item(w, page + h.start, curr, h.size, room, index, &next))
			return -1;
	return 0;
}

/* Why a CPU's compressed data stopped, in the words of a corrupt file. */
static int chunk_fault(struct page_walk *w, const struct cpu_stream *s)
{
	switch (s->fault) {
	case CPU_STREAM_CHUNK_PAGES:
		/* libtracecmd maps a page inside one chunk: no page may straddle two */
		return bad(w, "compressed chunk %u of CPU %d holds %u bytes, not whole pages",
			   s->chunk_no, s->cpu, s->fault_usize);
	case CPU_STREAM_CHUNK_LARGE:
		return bad(w, "compressed chunk %u of CPU %d inflates to %u bytes, more than a chunk may",
			   s->chunk_no, s->cpu, s->fault_usize);
	case CPU_STREAM_CHUNK_MEMORY:
		return bad(w, "out of memory for chunk %u of CPU %d",
			   s->chunk_no, s->cpu);
	case CPU_STREAM_CHUNK_SIZES:
		return bad(w, "bad chunk table of CPU %d", s->cpu);
	default:
		return bad(w, "corrupt compressed data of CPU %d at offset %llu",
			   s->cpu, (unsigned long long)s->loc->offset);
	}
}

/* Every page of one CPU, one at a time: compressed data one chunk at a time. */
static int check_pages_of(struct page_walk *w, struct cpu_stream *s)
{
	const unsigned char *page;
	uint64_t index = 0;
	size_t avail;

	while ((page = cpu_stream_next_raw(s, &avail))) {
		if (avail < w->page_size)
			return bad(w, "%llu bytes, not a whole number of %llu-byte pages",
				   (unsigned long long)s->usize, (unsigned long long)w->page_size);
		if (check_page(w, page, index++))
			return -1;
	}
	return 0;
}

static int check_cpu(struct page_walk *w, const struct tracedat_buffer *b, int i,
		     struct chunk_inflater *inf)
{
	const struct tracedat_cpu *cpu = &b->cpus[i];
	struct cpu_stream s;
	char what[192];
	int ret;

	if (!cpu->data.size)
		return 0;
	if (w->td->version == TRACEDAT_V6 && cpu->data.offset % w->page_size)
		return bad(w, "CPU %d data at offset %llu is not page aligned",
			   cpu->cpu, (unsigned long long)cpu->data.offset);
	if (cpu_stream_init(&s, w->td, b, i, 0, &w->layout, inf))
		return bad(w, "bad chunk table of CPU %d", cpu->cpu);
	ret = check_pages_of(w, &s);
	if (ret) {
		/* say whose page it is */
		snprintf(what, sizeof(what), "%s", w->err);
		bad(w, "%s, in the data of CPU %d%s%s", what, cpu->cpu,
		    b->name[0] ? " of buffer " : "", b->name);
	} else if (s.fault) {
		ret = chunk_fault(w, &s);
	}
	cpu_stream_release(&s);
	return ret;
}

/**
 * page_check_all() - check the ring-buffer data as libtracecmd would trust it
 * @td: an open file
 * @texts: what tracedat_check_texts() learned of it
 * @err: message on failure
 * @errlen: size of @err
 *
 * Every CPU's data of every buffer inflated, one chunk at a time, and
 * every ring-buffer page walked: its commit inside the page, every event
 * inside the commit, each as long as its format's fields (libtracecmd 3.1
 * and its kbuffer make none of these checks, and crash closing a file they
 * failed to open). Reads the whole file: a cost proportional to its size,
 * for the libtracecmd reader only.
 *
 * Returns 0, or -1 with @err set to what is wrong and where.
 */
int page_check_all(const struct tracedat *td, const struct tracedat_texts *texts, char *err,
		   size_t errlen)
{
	struct page_walk w = { .td = td, .texts = texts, .err = err, .errlen = errlen };
	struct chunk_inflater *inf = chunk_inflater_new(td);
	int ret = 0;

	if (!inf)
		return bad(&w, "out of memory");
	w.layout = texts->bounds.layout;
	w.layout.long8 = texts->commit_size == 8;
	for (int b = 0; b < td->nr_buffers && !ret; b++) {
		const struct tracedat_buffer *buf = &td->buffers[b];

		/* libtracecmd 3.1 reads every buffer with the file's page size */
		if (buf->page_size != td->page_size) {
			ret = bad(&w, "buffer '%s' has pages of %u bytes, the file %u",
				  buf->name, buf->page_size, td->page_size);
			break;
		}
		w.page_size = buf->page_size;
		for (int i = 0; i < buf->nr_cpus && !ret; i++)
			ret = check_cpu(&w, buf, i, inf);
	}
	chunk_inflater_free(inf);
	return ret;
}
