// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test fixture: a live source made of a recorded trace (live_fixture.h).
 * Every helper fails the running test (ck_assert) rather than return an
 * error.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "live_fixture.h"
#include "page_writer.h"
#include "tracedat_fixture.h"

#define SCRIBBLE	0xa5	/* what a page given is overwritten with after its pull */

static bool host_big_endian(void)
{
	return __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
}

/* The records of one page: their times and the commit after each. */
static void walk_page(struct live_feed *f, struct feed_page *p)
{
	struct ring_event ev;
	struct ring_page rp;
	int cap = 0;

	p->min_ts = UINT64_MAX;
	if (ring_page_load(&rp, &f->layout, p->data, p->len))
		return;
	for (; ring_page_event(&rp, &ev); ring_page_advance(&rp)) {
		if (p->nr == cap) {
			cap = cap ? cap * 2 : 64;
			p->ts = realloc(p->ts, cap * sizeof(*p->ts));
			p->end = realloc(p->end, cap * sizeof(*p->end));
			ck_assert(p->ts && p->end);
		}
		p->ts[p->nr] = ev.ts;
		p->end[p->nr++] = rp.next;
		if (ev.ts < p->min_ts)
			p->min_ts = ev.ts;
		if (ev.ts < f->first_ts)
			f->first_ts = ev.ts;
		if (ev.ts > f->last_ts)
			f->last_ts = ev.ts;
	}
}

/* A CPU's pages, with their places as the file reader gives its records' offsets. */
static void read_cpu(struct live_feed *f, const struct tracedat *td,
		     const struct tracedat_buffer *top, int i, uint64_t base)
{
	struct feed_cpu *c = &f->cpus[i];
	size_t len;

	c->cpu = top->cpus[i].cpu;
	c->bytes = cpu_bytes(td, top, i, &len);
	c->nr_pages = (len + f->page_size - 1) / f->page_size;
	c->pages = calloc(c->nr_pages + 1, sizeof(*c->pages));
	c->suffix_min = calloc(c->nr_pages + 1, sizeof(*c->suffix_min));
	ck_assert(c->pages && c->suffix_min);
	for (int k = 0; k < c->nr_pages; k++) {
		struct feed_page *p = &c->pages[k];
		size_t at = (size_t)k * f->page_size;

		p->data = (unsigned char *)c->bytes + at;
		p->len = len - at < f->page_size ? len - at : f->page_size;
		p->offset = base + at;
		walk_page(f, p);
	}
	c->suffix_min[c->nr_pages] = UINT64_MAX;
	for (int k = c->nr_pages - 1; k >= 0; k--)
		c->suffix_min[k] = c->pages[k].min_ts < c->suffix_min[k + 1] ?
				   c->pages[k].min_ts : c->suffix_min[k + 1];
	c->split_base = (uint64_t)(i + 1) << 32;
	c->split_at = c->split_base;
}

/* The trace's page layout and final statistics, as its own reading has them. */
static void read_meta(struct live_feed *f, const char *path)
{
	char err[TRACE_ERR_LEN] = "";
	const struct trace_meta *m;
	struct trace_input *in;

	ck_assert_msg(!fixture_open_reader(path, NULL, TRACE_READER_FAST, &in, err), "%s: %s",
		      path, err);
	f->long_size = trace_input_kernel_long(in);
	f->layout.big_endian = trace_input_big_endian(in);
	f->layout.swap = f->layout.big_endian != host_big_endian();
	f->layout.long8 = f->long_size == 8;
	m = trace_input_meta(in);
	f->nr_stats = m->cpus;
	f->stats = calloc(m->cpus + 1, sizeof(*f->stats));
	ck_assert_ptr_nonnull(f->stats);
	memcpy(f->stats, m->stats, m->cpus * sizeof(*f->stats));
	trace_input_close(in);
}

/**
 * live_feed_init - a live source of a trace's top buffer
 * @f: the source
 * @path: the trace (at most LIVE_FEED_CPUS CPUs)
 * @cut: how its pages are read
 * @seed: of the ticks' lengths and the CPUs' order in a pull
 *
 * Ticks grow by 1 ns to step_max (a 40th of the trace's span, 1 ms at
 * least; the test may change it), nothing held back, the reader's room
 * respected.
 */
void live_feed_init(struct live_feed *f, const char *path, enum live_cut cut, unsigned int seed)
{
	struct tracedat *td = open_ok(path);
	const struct tracedat_buffer *top = tracedat_buffer_find(td, "");
	uint64_t run = td->page_size;

	memset(f, 0, sizeof(*f));
	f->cut = cut;
	f->seed = seed;
	f->late_cpu = -1;
	f->page_size = td->page_size;
	f->first_ts = UINT64_MAX;
	read_meta(f, path);
	ck_assert_ptr_nonnull(top);
	ck_assert_int_le(top->nr_cpus, LIVE_FEED_CPUS);
	f->nr_cpus = top->nr_cpus;
	for (int i = 0; i < top->nr_cpus; i++) {
		const struct tracedat_location *loc = &top->cpus[i].data;

		/* as fast_reader.c lays compressed data end to end after one page */
		read_cpu(f, td, top, i, loc->compressed ? run : loc->offset);
		if (loc->compressed && loc->size)
			run += (loc->usize + td->page_size - 1) / td->page_size * td->page_size;
	}
	tracedat_close(td);
	f->step_max = (f->last_ts - f->first_ts) / 40;
	if (f->step_max < 1000 * 1000)
		f->step_max = 1000 * 1000;
}

static void free_made(struct feed_made *m, int nr, bool scribble)
{
	for (int i = 0; i < nr; i++) {
		if (scribble)
			memset(m[i].data, SCRIBBLE, m[i].len);
		free(m[i].data);
	}
	free(m);
}

/**
 * live_feed_free - release a source
 * @f: the source
 */
void live_feed_free(struct live_feed *f)
{
	for (int i = 0; i < f->nr_cpus; i++) {
		for (int k = 0; k < f->cpus[i].nr_pages; k++) {
			free(f->cpus[i].pages[k].ts);
			free(f->cpus[i].pages[k].end);
		}
		free(f->cpus[i].pages);
		free(f->cpus[i].suffix_min);
		free(f->cpus[i].bytes);
	}
	free_made(f->given, f->nr_given, true);
	free_made(f->made, f->nr_made, false);
	free(f->pages);
	free(f->stats);
}

/**
 * live_feed_options - the live options of a source: its pull and page_at
 * @f: the source
 * @o: set; the window and the rest zero (the defaults)
 */
void live_feed_options(struct live_feed *f, struct trace_live_options *o)
{
	memset(o, 0, sizeof(*o));
	o->pull = live_feed_pull;
	o->page_at = live_feed_page_at;
	o->data = f;
}

/* A sub-buffer given in this pull: its own copy, scribbled over at the next. */
static void give(struct live_feed *f, int cpu, uint64_t offset, unsigned char *data, uint32_t len)
{
	if (f->nr == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 64;
		f->pages = realloc(f->pages, f->cap * sizeof(*f->pages));
		ck_assert_ptr_nonnull(f->pages);
	}
	f->given = realloc(f->given, (f->nr_given + 1) * sizeof(*f->given));
	ck_assert_ptr_nonnull(f->given);
	f->given[f->nr_given++] = (struct feed_made){ cpu, offset, data, len };
	f->pages[f->nr++] = (struct trace_live_page){
		.cpu = cpu, .data = data, .len = len, .offset = offset,
	};
}

static unsigned char *copy_of(const void *data, uint32_t len)
{
	unsigned char *p = malloc(len ? len : 1);

	ck_assert_ptr_nonnull(p);
	memcpy(p, data, len);
	return p;
}

static void put_word(const struct live_feed *f, unsigned char *at, uint64_t v, int size)
{
	if (size == 8) {
		uint64_t x = f->layout.swap ? __builtin_bswap64(v) : v;

		memcpy(at, &x, 8);
	} else {
		uint32_t x = f->layout.swap ? __builtin_bswap32((uint32_t)v) : (uint32_t)v;

		memcpy(at, &x, 4);
	}
}

/*
 * A sub-buffer of the page's items from @from to @to (commit bytes), its
 * header time @ts, the page's lost-events flags and count when @flags.
 */
static unsigned char *sub_buffer(const struct live_feed *f, const struct feed_page *p,
				 uint32_t from, uint32_t to, uint64_t ts, bool flags)
{
	unsigned char *buf = calloc(1, p->len);
	struct ring_header h;
	uint64_t word = to - from;

	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(ring_page_header(&f->layout, p->data, p->len, &h), 0);
	ck_assert_uint_le(h.start + to, p->len);
	if (flags)
		word |= h.flags & (RING_MISSING_EVENTS | RING_MISSING_STORED);
	put_word(f, buf, ts, 8);
	put_word(f, buf + 8, word, f->long_size);
	memcpy(buf + h.start, p->data + h.start + from, to - from);
	/* the kernel's count, after the committed bytes */
	if (flags && (h.flags & RING_MISSING_STORED) &&
	    h.start + to - from + f->long_size <= p->len && h.start + h.size + f->long_size <= p->len)
		memcpy(buf + h.start + to - from, p->data + h.start + h.size, f->long_size);
	return buf;
}

static void keep_made(struct live_feed *f, int cpu, uint64_t offset, const unsigned char *data,
		      uint32_t len)
{
	if (f->nr_made == f->cap_made) {
		f->cap_made = f->cap_made ? f->cap_made * 2 : 64;
		f->made = realloc(f->made, f->cap_made * sizeof(*f->made));
		ck_assert_ptr_nonnull(f->made);
	}
	f->made[f->nr_made++] = (struct feed_made){ cpu, offset, copy_of(data, len), len };
}

/* The page's records before @k read now; all of them when @complete. */
static void read_page(struct live_feed *f, struct feed_cpu *c, const struct feed_page *p, int k,
		      bool complete)
{
	struct ring_header h;
	unsigned char *buf;
	uint32_t from;

	ck_assert_int_eq(ring_page_header(&f->layout, p->data, p->len, &h), 0);
	switch (f->cut) {
	case LIVE_CUT_WHOLE:
		give(f, c->cpu, p->offset, copy_of(p->data, p->len), p->len);
		return;
	case LIVE_CUT_GROWING:
		/* the same place, its header and its committed prefix again */
		buf = complete ? copy_of(p->data, p->len) :
		      sub_buffer(f, p, 0, p->end[k - 1], h.timestamp, true);
		give(f, c->cpu, p->offset, buf, p->len);
		return;
	case LIVE_CUT_SPLIT:
		/* only what came since the last read; the rest of a page is padding */
		if (complete && c->di == k && c->di)
			return;
		from = c->di ? p->end[c->di - 1] : 0;
		buf = sub_buffer(f, p, from, complete ? h.size : p->end[k - 1],
				 c->di ? p->ts[c->di - 1] : h.timestamp, !c->di);
		keep_made(f, c->cpu, c->split_at, buf, p->len);
		give(f, c->cpu, c->split_at, buf, p->len);
		c->split_at += f->page_size;
		return;
	}
}

/* The CPU's records up to @t, as far as its room goes. */
static void read_cpu_until(struct live_feed *f, struct feed_cpu *c, uint64_t t, uint64_t *room)
{
	while (c->pi < c->nr_pages) {
		const struct feed_page *p = &c->pages[c->pi];
		int k = c->di;
		bool complete;

		while (k < p->nr && p->ts[k] <= t)
			k++;
		complete = k == p->nr;
		if (!complete && (f->cut == LIVE_CUT_WHOLE || k == c->di))
			return;
		if (room[c->cpu] < p->len && !f->ignore_room)
			return;
		room[c->cpu] -= room[c->cpu] < p->len ? room[c->cpu] : p->len;
		read_page(f, c, p, k, complete);
		if (!complete) {
			c->di = k;
			return;
		}
		c->pi++;
		c->di = 0;
	}
}

/* The oldest record of the CPU not read yet. */
static uint64_t oldest_left(const struct feed_cpu *c)
{
	uint64_t m;

	if (c->pi >= c->nr_pages)
		return UINT64_MAX;
	m = c->suffix_min[c->pi + 1];
	for (int k = c->di; k < c->pages[c->pi].nr; k++)
		if (c->pages[c->pi].ts[k] < m)
			m = c->pages[c->pi].ts[k];
	return m;
}

/* Each CPU's last page of the last pull, given again: a read that adds nothing. */
static void give_again(struct live_feed *f, const struct feed_made *old, int nr, uint64_t *room)
{
	for (int i = 0; i < nr; i++) {
		bool last = true;

		for (int k = i + 1; k < nr; k++)
			last &= old[k].cpu != old[i].cpu;
		if (!last || room[old[i].cpu] < old[i].len)
			continue;
		room[old[i].cpu] -= old[i].len;
		give(f, old[i].cpu, old[i].offset, copy_of(old[i].data, old[i].len), old[i].len);
	}
}

static bool held(const struct live_feed *f, const struct feed_cpu *c)
{
	return c->cpu == f->late_cpu && f->t < f->late_until;
}

/**
 * live_feed_pull - the pages of the next tick (a struct trace_live_options.pull)
 * @data: the struct live_feed
 * @b: filled: the pages read, "now" (the tick's time, or the oldest record
 *     a CPU still holds unread if older, but for a CPU held back), the
 *     end with the trace's statistics once every page was given
 * @err: set when the feed loops without end
 *
 * The pages of the last pull are scribbled over and freed first.
 *
 * Returns 0, or -1.
 */
int live_feed_pull(void *data, struct trace_live_batch *b, char *err)
{
	struct live_feed *f = data;
	struct feed_made *old = f->given;
	int nr_old = f->nr_given, order[LIVE_FEED_CPUS];
	uint64_t room[64] = { 0 }, now;
	bool done = true;

	ck_assert_int_le(b->nr_room, 64);
	for (int cpu = 0; cpu < b->nr_room; cpu++) {
		room[cpu] = b->room[cpu];
		if (room[cpu] > f->most_room)
			f->most_room = room[cpu];
	}
	if (++f->pulls > 1000000) {
		snprintf(err, TRACE_ERR_LEN, "the feed goes on without end");
		return -1;
	}
	f->given = NULL;
	f->nr_given = 0;
	f->nr = 0;
	if (f->again)
		give_again(f, old, nr_old, room);
	free_made(old, nr_old, true);
	f->t = f->pulls == 1 ? f->first_ts : f->t + 1 + rand_r(&f->seed) % f->step_max;
	for (int i = 0; i < f->nr_cpus; i++)
		order[i] = i;
	for (int i = f->nr_cpus - 1; i > 0; i--) {
		int j = rand_r(&f->seed) % (i + 1), x = order[i];

		order[i] = order[j];
		order[j] = x;
	}
	now = f->t;
	for (int i = 0; i < f->nr_cpus; i++) {
		struct feed_cpu *c = &f->cpus[order[i]];

		if (!held(f, c))
			read_cpu_until(f, c, f->t, room);
		done &= c->pi == c->nr_pages;
		if (!held(f, c) && oldest_left(c) < now)
			now = oldest_left(c);
	}
	b->pages = f->pages;
	b->nr = f->nr;
	b->now_ns = now;
	if (done && f->t >= f->last_ts) {
		b->end = true;
		b->stats = f->stats;
		b->nr_stats = f->nr_stats;
	}
	return 0;
}

/**
 * live_feed_page_at - a page given before (a struct trace_live_options.page_at)
 * @data: the struct live_feed
 * @cpu: its CPU
 * @offset: its place
 * @len: set to its length
 *
 * Whole and growing pages are the file's pages in their places; split
 * ones, the sub-buffers as made.
 *
 * Returns the page, or NULL.
 */
const void *live_feed_page_at(void *data, int cpu, uint64_t offset, uint32_t *len)
{
	struct live_feed *f = data;

	for (int i = 0; f->cut == LIVE_CUT_SPLIT && i < f->nr_made; i++) {
		if (f->made[i].cpu != cpu || f->made[i].offset != offset)
			continue;
		*len = f->made[i].len;
		return f->made[i].data;
	}
	for (int i = 0; f->cut != LIVE_CUT_SPLIT && i < f->nr_cpus; i++) {
		const struct feed_cpu *c = &f->cpus[i];

		for (int k = 0; c->cpu == cpu && k < c->nr_pages; k++) {
			if (c->pages[k].offset != offset)
				continue;
			*len = c->pages[k].len;
			return c->pages[k].data;
		}
	}
	return NULL;
}

/**
 * live_header_of - a header-only trace.dat of a trace: its own metadata
 *	sections, every CPU empty (the container's builder, version 6)
 * @path: the trace
 *
 * Returns the file's path, to unlink() and free().
 */
char *live_header_of(const char *path)
{
	struct tracedat_bytes w = { 0 };
	struct gen_spec s;
	char *out;

	spec_header_only(&s, path);
	gen_build(&s, &w);
	out = temp_copy(&w);
	spec_free_strings(&s);
	gen_free(&s);
	tracedat_bytes_free(&w);
	return out;
}

/* One CPU's records again, later and later, a page now and then after lost events. */
static void stretch_cpu(struct live_feed *f, const struct feed_cpu *c, struct tracedat_bytes *out)
{
	struct page_writer w;
	struct ring_event ev;
	struct ring_page rp;
	uint64_t shift = 0;
	int n = 0;

	ck_assert_int_eq(page_writer_init(&w, out, f->page_size), 0);
	for (int k = 0; k < c->nr_pages; k++) {
		if (ring_page_load(&rp, &f->layout, c->pages[k].data, c->pages[k].len))
			continue;
		for (; ring_page_event(&rp, &ev); ring_page_advance(&rp), n++) {
			if (n % 9 == 8)
				shift += 150 * 1000 * 1000;	/* past a delta's 27 bits */
			if (n % 50 == 49)
				page_writer_lost(&w);
			ck_assert_int_eq(page_writer_event(&w, ev.ts + shift, ev.data, ev.size), 0);
		}
	}
	page_writer_finish(&w);
	page_writer_free(&w);
	ck_assert(!out->failed);
}

/**
 * live_stretched_of - a trace's records written again by the kernel's rules
 *	(tests/hostile/page_writer.h), with time extends and lost events
 * @path: the trace (version 6, little endian, an 8-byte commit)
 *
 * Each CPU's records keep their payloads; every 9th is 150 ms later than
 * the one before (a time extend) and every 50th starts a page that says
 * events were lost before it.
 *
 * Returns the new trace's path, to unlink() and free().
 */
char *live_stretched_of(const char *path)
{
	struct tracedat_bytes w = { 0 };
	struct live_feed f;
	struct gen_spec s;
	char *out;

	live_feed_init(&f, path, LIVE_CUT_WHOLE, 1);
	ck_assert(!f.layout.big_endian && f.long_size == 8);
	spec_header_only(&s, path);
	ck_assert_int_eq(s.buffers[0].nr_cpus, f.nr_cpus);
	for (int i = 0; i < f.nr_cpus; i++) {
		struct tracedat_bytes cpu = { 0 };

		stretch_cpu(&f, &f.cpus[i], &cpu);
		s.buffers[0].cpus[i].data = cpu.p;
		s.buffers[0].cpus[i].len = cpu.len;
	}
	gen_build(&s, &w);
	out = temp_copy(&w);
	spec_free_strings(&s);
	gen_free(&s);
	tracedat_bytes_free(&w);
	live_feed_free(&f);
	return out;
}
