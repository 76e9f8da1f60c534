/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ring-buffer pages of one CPU of a trace.dat buffer, read in file
 * order with bounded memory: uncompressed data straight from the file's
 * mapping (released behind the reader), version 7 compressed data one
 * chunk at a time. Also the random access that formatting a record again
 * by its offset needs.
 *
 * Record offsets are the ones libtracecmd gives: file offsets for
 * uncompressed data; for compressed data, offsets into the uncompressed
 * CPU data laid end to end, page-aligned, from one page into the file.
 */
#ifndef CPU_STREAM_H
#define CPU_STREAM_H

#include <stdbool.h>
#include <stdint.h>

#include "container/container.h"

/* Decompression state shared by the streams of a reader. */
struct chunk_inflater;

struct chunk_inflater *chunk_inflater_new(const struct tracedat *td);
void chunk_inflater_free(struct chunk_inflater *inf);
uint64_t chunk_inflater_peak(const struct chunk_inflater *inf);
void chunk_inflater_go_ahead(struct chunk_inflater *inf, const struct tracedat *td, int nr_streams);

/* Where one chunk of compressed CPU data is. */
struct chunk_entry {
	uint64_t	header;		/* file offset of its sizes */
	uint64_t	ustart;		/* its first byte in the uncompressed data */
};

/* Why a CPU's compressed data stopped before its end. */
enum cpu_stream_fault {
	CPU_STREAM_INTACT,
	CPU_STREAM_CHUNK_SIZES,		/* a chunk header outside the data */
	CPU_STREAM_CHUNK_PAGES,		/* a chunk that is not whole pages */
	CPU_STREAM_CHUNK_LARGE,		/* a chunk over tracedat_max_inflated() */
	CPU_STREAM_CHUNK_MEMORY,	/* the chunks held together would pass it */
	CPU_STREAM_CHUNK_CORRUPT,	/* it does not inflate to its size */
};

/* Why a CPU's records stopped before the end of its data. */
enum cpu_stream_damage {
	CPU_STREAM_WHOLE,		/* they did not */
	CPU_STREAM_BAD_PAGE,		/* a page header or commit outside the page */
	CPU_STREAM_CUT_PAGE,		/* an event reaching past its page's commit */
	CPU_STREAM_BAD_CHUNK,		/* a compressed chunk: see @fault */
	CPU_STREAM_SHORT_RECORD,	/* a record shorter than its event's fields */
};

struct cpu_stream {
	const struct tracedat		*td;
	const struct tracedat_location	*loc;
	struct chunk_inflater		*inf;
	struct ring_layout		layout;
	int				cpu;		/* the CPU id */
	int				index;		/* in the buffer: ties go to the lower */
	uint32_t			page_size;
	uint64_t			base;		/* record offset of the first byte */
	uint64_t			usize;		/* uncompressed bytes */
	/* the walk */
	struct ring_page		page;
	struct ring_event		ev;		/* the current record */
	uint64_t			page_pos;	/* the page's first byte, in the data */
	uint64_t			pos;		/* the next page, in the data */
	bool				done;
	bool				damaged;	/* stopped at bad data, as libtracecmd */
	enum cpu_stream_damage		damage;		/* the first damage seen */
	uint64_t			damage_offset;	/* its record offset */
	uint64_t			damage_ts;	/* the last record read before it */
	/* the mapping behind the reader is released */
	uint64_t			released;	/* uncompressed: bytes of data;
							   compressed: file offset */
	/* compressed: the current chunk */
	uint32_t			chunks_left;
	uint32_t			chunk_no;	/* the next chunk's index */
	enum cpu_stream_fault		fault;
	uint32_t			fault_usize;	/* the faulty chunk's declared size */
	uint64_t			fault_limit;	/* the limit it passed */
	char				what[160];	/* words for a limit passed */
	uint64_t			next_header;	/* file offset of the next chunk */
	uint64_t			ahead_at;	/* the one posted to inflate ahead; 0: none */
	uint64_t			chunk_start;	/* its first byte, in the data */
	unsigned char			*chunk;
	uint32_t			chunk_len;
	uint32_t			chunk_cap;
	/* random access, built on the first use */
	struct chunk_entry		*chunks;
	uint32_t			nr_chunks;
};

/* A page, or the chunk holding it, kept for the next random access. */
struct page_cache {
	unsigned char		*buf;
	uint32_t		cap;
	const struct cpu_stream	*stream;	/* whose chunk @buf holds; NULL: none */
	uint32_t		chunk;
};

int cpu_stream_init(struct cpu_stream *s, const struct tracedat *td,
		    const struct tracedat_buffer *buf, int index, uint64_t base,
		    const struct ring_layout *layout, struct chunk_inflater *inf);
void cpu_stream_release(struct cpu_stream *s);
bool cpu_stream_first(struct cpu_stream *s);
const unsigned char *cpu_stream_next_raw(struct cpu_stream *s, size_t *avail);
bool cpu_stream_next_page(struct cpu_stream *s);
int cpu_stream_page_at(struct cpu_stream *s, uint64_t pos, struct page_cache *cache,
		       uint32_t *len);
uint64_t cpu_stream_span(const struct tracedat *td, const struct tracedat_location *loc);
void cpu_stream_damaged(struct cpu_stream *s, enum cpu_stream_damage damage, uint64_t offset);

/**
 * cpu_stream_next() - move to the next record of the CPU
 * @s: the stream, on a record
 *
 * Return: false when the CPU has no more records.
 */
static inline bool cpu_stream_next(struct cpu_stream *s)
{
	ring_page_advance(&s->page);
	if (ring_page_event(&s->page, &s->ev))
		return true;
	if (s->page.cut)
		cpu_stream_damaged(s, CPU_STREAM_CUT_PAGE, s->base + s->page_pos);
	return cpu_stream_next_page(s);
}

#endif
