// SPDX-License-Identifier: GPL-2.0-only
/*
 * Walking the pages of one CPU. The container was checked when it was
 * opened (every chunk header inside its section, sane ratios); the sizes
 * are checked again here before use, every loop is bounded by the pages
 * or chunks the data can hold, and a page or chunk that cannot be read
 * ends the CPU as libtracecmd ends it: silently, the other CPUs go on.
 *
 * Memory stays bounded whatever the length of the trace: one chunk per
 * CPU at most, and the file's mapping is released behind the reader
 * (it is a private read-only mapping, so the pages come back from the
 * file if they are touched again).
 */
#include <stdlib.h>
#include <string.h>

#include "chunk_ahead.h"
#include "cpu_stream.h"

#define RELEASE_STEP		(1U << 20)	/* bytes read before releasing them */
struct chunk_inflater {
	struct tracedat_inflater	*inf;
	struct chunk_ahead		*ahead;		/* NULL: none inflated ahead */
	uint64_t			buffered;	/* bytes of chunk buffers allocated */
	uint64_t			limit;		/* of one chunk, and of them all */
	uint64_t			peak;		/* of buffered and the helper's, together */
};

static void note_held(struct chunk_inflater *inf)
{
	uint64_t held = inf->buffered + chunk_ahead_bytes(inf->ahead);

	if (held > inf->peak)
		inf->peak = held;
}

/**
 * chunk_inflater_peak() - the most bytes of inflated data held at once
 * @inf: the state
 *
 * Return: the peak of the readers' buffers and the helper's together: at
 * most the --max-inflated limit.
 */
uint64_t chunk_inflater_peak(const struct chunk_inflater *inf)
{
	return inf->peak;
}

/**
 * chunk_inflater_new() - decompression state for the CPU data of a file
 * @td: the file
 *
 * Return: the state, or NULL when memory runs out or the file's
 * compression is unknown.
 */
struct chunk_inflater *chunk_inflater_new(const struct tracedat *td)
{
	struct chunk_inflater *inf = calloc(1, sizeof(*inf));

	if (!inf)
		return NULL;
	inf->limit = tracedat_max_inflated(td);
	inf->inf = tracedat_inflater_new(td);
	if (!inf->inf) {
		free(inf);
		return NULL;
	}
	return inf;
}

/**
 * chunk_inflater_free() - release decompression state
 * @inf: the state, or NULL
 */
void chunk_inflater_free(struct chunk_inflater *inf)
{
	if (!inf)
		return;
	chunk_ahead_free(inf->ahead);
	tracedat_inflater_free(inf->inf);
	free(inf);
}

/**
 * chunk_inflater_go_ahead() - inflate each CPU's next chunk in a helper thread
 * @inf: the state of a compressed file's reader
 * @nr_streams: the CPUs it reads; a stream's index is its slot
 *
 * Nothing changes when there is no second CPU or memory runs out: the
 * reader inflates every chunk itself.
 */
void chunk_inflater_go_ahead(struct chunk_inflater *inf, const struct tracedat *td, int nr_streams)
{
	if (!inf->ahead)
		inf->ahead = chunk_ahead_new(td, nr_streams);
}

/**
 * cpu_stream_span() - room the CPU's data takes in the record offsets
 * @td: the file
 * @loc: the CPU's data
 *
 * Return: for compressed data its uncompressed size rounded up to whole
 * pages (libtracecmd lays them end to end), else 0.
 */
uint64_t cpu_stream_span(const struct tracedat *td, const struct tracedat_location *loc)
{
	uint64_t ps = td->page_size;

	if (!loc->compressed || !loc->size)
		return 0;
	return (loc->usize + ps - 1) / ps * ps;
}

/**
 * cpu_stream_init() - prepare reading one CPU of a buffer
 * @s: the stream
 * @td: the file
 * @buf: the buffer
 * @index: the CPU's index in @buf
 * @base: for compressed data, the record offset of its first byte
 * @layout: how the pages were written
 * @inf: decompression state (shared by the streams of a reader), also
 *	 for uncompressed data: it accounts for the buffers
 *
 * Return: 0, or -1 when the data cannot be read at all.
 */
int cpu_stream_init(struct cpu_stream *s, const struct tracedat *td,
		    const struct tracedat_buffer *buf, int index, uint64_t base,
		    const struct ring_layout *layout, struct chunk_inflater *inf)
{
	const unsigned char *p;
	uint32_t n;

	memset(s, 0, sizeof(*s));
	s->td = td;
	s->loc = &buf->cpus[index].data;
	s->inf = inf;
	s->layout = *layout;
	s->cpu = buf->cpus[index].cpu;
	s->index = index;
	s->page_size = td->page_size;
	s->usize = s->loc->usize;
	s->base = s->loc->compressed ? base : s->loc->offset;
	/* what checking the chunk tables at open touched */
	tracedat_release(td, s->loc->offset, s->loc->offset + s->loc->size);
	if (!s->loc->compressed || !s->loc->size)
		return 0;
	/* compressed CPU data in an uncompressed file: tracedat_open() refused it */
	if (s->loc->size < 4)
		return -1;
	p = td->map + s->loc->offset;
	memcpy(&n, p, 4);
	s->chunks_left = td->big_endian ? __builtin_bswap32(n) : n;
	s->next_header = s->loc->offset + 4;
	s->released = s->loc->offset;
	return 0;
}

/**
 * cpu_stream_release() - free what the stream holds
 * @s: the stream
 */
void cpu_stream_release(struct cpu_stream *s)
{
	if (s->inf)
		s->inf->buffered -= s->chunk_cap;
	free(s->chunk);
	free(s->chunks);
	s->chunk = NULL;
	s->chunks = NULL;
	s->chunk_cap = 0;
}

static uint32_t read_u32(const struct tracedat *td, uint64_t at)
{
	uint32_t v;

	memcpy(&v, td->map + at, 4);
	return td->big_endian ? __builtin_bswap32(v) : v;
}

/* A chunk's sizes at @at, checked against the CPU's data. */
static enum cpu_stream_fault chunk_sizes(const struct cpu_stream *s, uint64_t at,
					 uint32_t *zsize, uint32_t *usize)
{
	uint64_t end = s->loc->offset + s->loc->size;

	if (at > end || end - at < 8)
		return CPU_STREAM_CHUNK_SIZES;
	*zsize = read_u32(s->td, at);
	*usize = read_u32(s->td, at + 4);
	if (*zsize > end - at - 8)
		return CPU_STREAM_CHUNK_SIZES;
	if (*usize > s->inf->limit)
		return CPU_STREAM_CHUNK_LARGE;
	if (*usize % s->page_size)
		return CPU_STREAM_CHUNK_PAGES;
	return CPU_STREAM_INTACT;
}

static int grow(struct chunk_inflater *inf, unsigned char **buf, uint32_t *cap, uint32_t need)
{
	unsigned char *p;

	if (need <= *cap)
		return 0;
	/* chunks inflated ahead are given up first: the limit is the reader's */
	if (inf->buffered - *cap + need + chunk_ahead_bytes(inf->ahead) > inf->limit)
		chunk_ahead_shed(inf->ahead);
	if (inf->buffered - *cap + need > inf->limit)
		return -1;
	p = realloc(*buf, need);
	if (!p)
		return -1;
	inf->buffered += need - *cap;
	*buf = p;
	*cap = need;
	note_held(inf);
	return 0;
}

static int stream_fault(struct cpu_stream *s, enum cpu_stream_fault fault, uint32_t usize)
{
	s->fault = fault;
	s->fault_usize = usize;
	s->fault_limit = s->inf ? s->inf->limit : 0;
	return -1;
}

/*
 * The run of chunks from @at, if the helper inflated it: now the stream's
 * buffer. Return: how many chunks it holds (0: none), their headers checked
 * again and their sizes adding up to what was inflated.
 */
static uint32_t take_ahead(struct cpu_stream *s, uint64_t at, uint64_t *end, uint32_t *len)
{
	struct chunk_inflater *inf = s->inf;
	unsigned char *buf = s->chunk;
	uint32_t cap = s->chunk_cap, zsize, usize;
	uint64_t total = 0;
	int n;

	if (s->ahead_at != at || !at)
		return 0;
	s->ahead_at = 0;
	n = chunk_ahead_take(inf->ahead, s->index, s->td->map + at + 8, &buf, &cap, len);
	if (!n)
		return 0;
	inf->buffered = inf->buffered - s->chunk_cap + cap;
	s->chunk = buf;
	s->chunk_cap = cap;
	*end = at;
	for (int i = 0; i < n; i++) {
		if (i >= (int)s->chunks_left ||
		    chunk_sizes(s, *end, &zsize, &usize) != CPU_STREAM_INTACT)
			return 0;
		total += usize;
		*end += 8 + zsize;
	}
	return total == *len ? n : 0;
}

/* The chunks after the current ones, posted to the helper while sound. */
static void post_ahead(struct cpu_stream *s)
{
	struct ahead_chunk run[CHUNK_AHEAD_CHUNKS];
	struct chunk_inflater *inf = s->inf;
	uint64_t at = s->next_header, total = 0, most;
	uint32_t zsize, usize;
	int n = 0;

	if (!inf->ahead || inf->buffered > inf->limit)
		return;
	most = inf->limit - inf->buffered;
	if (most > CHUNK_AHEAD_BYTES)
		most = CHUNK_AHEAD_BYTES;
	while (n < CHUNK_AHEAD_CHUNKS && (uint32_t)n < s->chunks_left &&
	       chunk_sizes(s, at, &zsize, &usize) == CPU_STREAM_INTACT &&
	       (!n || total + usize <= most)) {
		run[n++] = (struct ahead_chunk){ s->td->map + at + 8, zsize, usize };
		total += usize;
		at += 8 + zsize;
	}
	if (n && chunk_ahead_post(inf->ahead, s->index, run, n, inf->limit - inf->buffered))
		s->ahead_at = s->next_header;
	note_held(inf);
}

static int next_chunk(struct cpu_stream *s)
{
	uint32_t zsize = 0, usize = 0, n, len;
	uint64_t at = s->next_header, end;
	enum cpu_stream_fault fault;

	if (!s->chunks_left)
		return -1;
	fault = chunk_sizes(s, at, &zsize, &usize);
	if (fault)
		return stream_fault(s, fault, usize);
	n = take_ahead(s, at, &end, &len);
	if (n)
		usize = len;
	/* not inflated ahead (or wrongly): here, as always, with its errors */
	if (!n) {
		if (grow(s->inf, &s->chunk, &s->chunk_cap, usize))
			return stream_fault(s, CPU_STREAM_CHUNK_MEMORY, usize);
		if (tracedat_inflate(s->inf->inf, s->td->map + at + 8, zsize, s->chunk, usize))
			return stream_fault(s, CPU_STREAM_CHUNK_CORRUPT, usize);
		n = 1;
		end = at + 8 + zsize;
	}
	s->chunks_left -= n;
	s->chunk_no += n;
	s->next_header = end;
	s->chunk_start += s->chunk_len;
	s->chunk_len = usize;
	if (s->next_header - s->released >= RELEASE_STEP) {
		tracedat_release(s->td, s->released, s->next_header);
		s->released = s->next_header;
	}
	post_ahead(s);
	return 0;
}

/* The page at @s->pos, or NULL at the end of the data or at bad data. */
static const unsigned char *next_page_bytes(struct cpu_stream *s, size_t *avail)
{
	uint64_t left;

	if (!s->loc->compressed) {
		left = s->usize - s->pos;
		if (s->pos - s->released >= RELEASE_STEP) {
			tracedat_release(s->td, s->loc->offset + s->released, s->loc->offset + s->pos);
			s->released = s->pos;
		}
		*avail = left < s->page_size ? left : s->page_size;
		return s->td->map + s->loc->offset + s->pos;
	}
	while (s->pos >= s->chunk_start + s->chunk_len) {
		if (next_chunk(s)) {
			if (s->chunks_left)
				cpu_stream_damaged(s, CPU_STREAM_BAD_CHUNK, s->base + s->pos);
			return NULL;
		}
	}
	*avail = s->page_size;
	return s->chunk + (s->pos - s->chunk_start);
}

/**
 * cpu_stream_damaged() - note that some of the CPU's records cannot be read
 * @s: the stream
 * @damage: why
 * @offset: where, as a record offset
 *
 * The first damage is kept; libtracecmd would have refused the file.
 */
void cpu_stream_damaged(struct cpu_stream *s, enum cpu_stream_damage damage, uint64_t offset)
{
	if (s->damaged)
		return;
	s->damaged = true;
	s->damage = damage;
	s->damage_offset = offset;
	s->damage_ts = s->ev.ts;
}

/**
 * cpu_stream_next_raw() - the bytes of the CPU's next page, unparsed
 * @s: the stream
 * @avail: how many bytes the page has: the page size, or less at the end
 *	   of uncompressed data that is not whole pages
 *
 * Return: the page, or NULL at the end of the data or at data that cannot
 * be read (@s->fault says why, for compressed data).
 */
const unsigned char *cpu_stream_next_raw(struct cpu_stream *s, size_t *avail)
{
	const unsigned char *page;

	if (s->done || s->pos >= s->usize)
		return NULL;
	page = next_page_bytes(s, avail);
	if (!page)
		return NULL;
	s->page_pos = s->pos;
	s->pos += s->page_size;
	return page;
}

/**
 * cpu_stream_next_page() - move to the first record of the next page that has one
 * @s: the stream
 *
 * Return: false when the CPU has no more records.
 */
bool cpu_stream_next_page(struct cpu_stream *s)
{
	const unsigned char *page;
	size_t avail;

	while ((page = cpu_stream_next_raw(s, &avail))) {
		if (ring_page_load(&s->page, &s->layout, page, avail)) {
			cpu_stream_damaged(s, CPU_STREAM_BAD_PAGE, s->base + s->page_pos);
			break;
		}
		if (ring_page_event(&s->page, &s->ev))
			return true;
		if (s->page.cut)
			cpu_stream_damaged(s, CPU_STREAM_CUT_PAGE, s->base + s->page_pos);
	}
	s->done = true;
	if (!s->loc->compressed)
		tracedat_release(s->td, s->loc->offset + s->released, s->loc->offset + s->usize);
	else
		tracedat_release(s->td, s->released, s->next_header);
	return false;
}

/**
 * cpu_stream_first() - move to the first record of the CPU
 * @s: the stream, freshly initialised
 *
 * Return: false when the CPU has no records.
 */
bool cpu_stream_first(struct cpu_stream *s)
{
	return cpu_stream_next_page(s);
}

/* Where every chunk is, for random access; walked once, bounded by the data. */
static int index_chunks(struct cpu_stream *s)
{
	uint32_t zsize, usize, n = 0, count;
	uint64_t at, ustart = 0;

	if (s->chunks)
		return 0;
	count = read_u32(s->td, s->loc->offset);
	if (count > s->loc->size / 8)
		return -1;
	s->chunks = calloc(count ? count : 1, sizeof(*s->chunks));
	if (!s->chunks)
		return -1;
	for (at = s->loc->offset + 4; n < count; n++) {
		if (chunk_sizes(s, at, &zsize, &usize) != CPU_STREAM_INTACT)
			break;
		s->chunks[n].header = at;
		s->chunks[n].ustart = ustart;
		ustart += usize;
		at += 8 + zsize;
	}
	s->nr_chunks = n;
	return 0;
}

static int find_chunk(const struct cpu_stream *s, uint64_t pos)
{
	uint32_t lo = 0, hi = s->nr_chunks;

	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (s->chunks[mid].ustart <= pos)
			lo = mid;
		else
			hi = mid;
	}
	return s->nr_chunks && s->chunks[lo].ustart <= pos ? (int)lo : -1;
}

/**
 * cpu_stream_page_at() - one page of the CPU, for random access
 * @s: the stream (its walk is not disturbed)
 * @pos: the page's first byte, in the CPU's data (a multiple of the page size)
 * @cache: where the page (or its decompressed chunk) is kept; a chunk
 *	   already there is not decompressed again
 * @len: the page's bytes available
 *
 * Return: the offset of the page in @cache->buf, or -1 when it cannot be read.
 */
int cpu_stream_page_at(struct cpu_stream *s, uint64_t pos, struct page_cache *cache,
		       uint32_t *len)
{
	uint32_t zsize, usize;
	uint64_t left;
	int i;

	if (pos >= s->usize)
		return -1;
	if (!s->loc->compressed) {
		left = s->usize - pos;
		*len = left < s->page_size ? left : s->page_size;
		cache->stream = NULL;
		if (grow(s->inf, &cache->buf, &cache->cap, s->page_size))
			return -1;
		memcpy(cache->buf, s->td->map + s->loc->offset + pos, *len);
		tracedat_release(s->td, s->loc->offset + pos, s->loc->offset + pos + *len);
		return 0;
	}
	if (index_chunks(s) || (i = find_chunk(s, pos)) < 0 ||
	    chunk_sizes(s, s->chunks[i].header, &zsize, &usize) != CPU_STREAM_INTACT ||
	    pos - s->chunks[i].ustart >= usize)
		return -1;
	if (cache->stream != s || cache->chunk != (uint32_t)i) {
		cache->stream = NULL;
		if (grow(s->inf, &cache->buf, &cache->cap, usize) ||
		    tracedat_inflate(s->inf->inf, s->td->map + s->chunks[i].header + 8, zsize, cache->buf,
				  usize))
			return -1;
		tracedat_release(s->td, s->chunks[i].header, s->chunks[i].header + 8 + zsize);
		cache->stream = s;
		cache->chunk = i;
	}
	*len = s->page_size;
	return (int)(pos - s->chunks[i].ustart);
}
