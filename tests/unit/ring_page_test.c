// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast reader's ring-buffer pages against libtraceevent's kbuffer:
 * every page of the bundled traces walked both ways, also byte-swapped to
 * big endian, and mutated, where kbuffer's reading of malformed pages is
 * defined.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include <traceevent/kbuffer.h>

#include "ring_page.h"
#include "tracedat_fixture.h"

#define SLACK		64	/* kbuffer reads a little past a malformed page */

struct page_check {
	long	pages;
	long	events;
	long	declined;	/* malformed where kbuffer is not defined */
};

/*
 * Walks @page (@ps bytes, @be: big endian) with kbuffer and with ours.
 * Where kbuffer reads garbage (commit past the page, events of negative
 * size or past the commit, steps back or off the 4-byte grid) ours may
 * have stopped; elsewhere both agree on every event. @strict: no such
 * garbage is allowed (real pages).
 */
static void compare_page(const unsigned char *page, size_t ps, bool be, bool strict,
			 struct page_check *pc)
{
	unsigned char *buf = calloc(1, ps + SLACK);
	struct ring_layout l = { .swap = be, .big_endian = be, .long8 = true };
	struct kbuffer *kb = kbuffer_alloc(KBUFFER_LSIZE_8, be ? KBUFFER_ENDIAN_BIG :
					   KBUFFER_ENDIAN_LITTLE);
	unsigned long long ts;
	struct ring_event ev;
	struct ring_page p;
	bool loaded, mine, garbage;
	uint64_t commit;
	int last = -1;
	void *data;

	ck_assert_ptr_nonnull(buf);
	ck_assert_ptr_nonnull(kb);
	memcpy(buf, page, ps);
	pc->pages++;
	memcpy(&commit, buf + 8, 8);
	commit = (be ? __builtin_bswap64(commit) : commit) & RING_COMMIT_MASK;
	loaded = !ring_page_load(&p, &l, buf, ps);
	/* kbuffer would walk up to 128 MiB past the page */
	if (commit > ps - 16) {
		ck_assert(!strict && !loaded);
		pc->declined++;
		goto out;
	}
	ck_assert(loaded);
	kbuffer_load_subbuffer(kb, buf);
	for (;;) {
		data = kbuffer_read_event(kb, &ts);
		mine = ring_page_event(&p, &ev);
		/*
		 * Negative sizes, events past the commit, negative lengths that
		 * step back or off the 4-byte grid (kbuffer can even loop on an
		 * item of length -4): ours has ended the page there.
		 */
		garbage = data && (kbuffer_event_size(kb) < 0 || kbuffer_curr_offset(kb) <= last ||
				   kbuffer_curr_offset(kb) % 4 ||
				   kbuffer_curr_offset(kb) - 16 + kbuffer_curr_size(kb) >
				   kbuffer_subbuffer_size(kb));
		if (garbage && (!mine || ev.offset != (uint32_t)kbuffer_curr_offset(kb))) {
			ck_assert(!strict);
			pc->declined++;
			break;
		}
		ck_assert_int_eq(!!data, mine);
		if (!data)
			break;
		pc->events++;
		last = kbuffer_curr_offset(kb);
		ck_assert_uint_eq(ts, ev.ts);
		ck_assert_ptr_eq(data, ev.data);
		ck_assert_int_eq(kbuffer_event_size(kb), ev.size);
		ck_assert_int_eq(kbuffer_curr_offset(kb), ev.offset);
		/* a lost count stored past the page: kbuffer reads the next bytes */
		if (kbuffer_subbuffer_size(kb) + 8 <= (int)ps - 16)
			ck_assert_int_eq(kbuffer_missed_events(kb), ev.missed);
		kbuffer_next_event(kb, NULL);
		ring_page_advance(&p);
	}
out:
	kbuffer_free(kb);
	free(buf);
}

static uint32_t get32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static void swap32_at(unsigned char *p)
{
	uint32_t v = __builtin_bswap32(get32(p));

	memcpy(p, &v, 4);
}

static void swap64_at(unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	v = __builtin_bswap64(v);
	memcpy(p, &v, 8);
}

/* A little-endian page written again as a big-endian kernel writes it. */
static void to_big_endian(unsigned char *page, size_t ps)
{
	uint64_t flags;
	uint32_t commit, pos, word, type, len;

	memcpy(&flags, page + 8, 8);
	commit = flags & RING_COMMIT_MASK;
	swap64_at(page);
	swap64_at(page + 8);
	if ((flags & RING_MISSING_STORED) && 16 + commit + 8 <= ps)
		swap64_at(page + 16 + commit);
	for (pos = 16; pos + 4 <= 16 + commit && pos + 8 <= ps;) {
		word = get32(page + pos);
		type = word & 31;
		len = type * 4 + 4;
		if (type == 0 || type >= RING_TYPE_PADDING) {
			uint32_t arr = get32(page + pos + 4);

			len = type == 0 ? 8 + ((arr - 4 + 3) & ~3U) : type == 29 ? 4 + arr : 8;
			swap32_at(page + pos + 4);
		}
		word = (type << 27) | (word >> 5);
		memcpy(page + pos, &word, 4);
		swap32_at(page + pos);
		if (!len || len > 16 + commit - pos)
			break;
		pos += len;
	}
}

/* A deterministic generator: the same mutations on every run. */
static uint32_t next_random(uint32_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return *state;
}

static void mutate(unsigned char *page, size_t ps, uint32_t *rnd)
{
	int n = 1 + next_random(rnd) % 4;

	for (int i = 0; i < n; i++) {
		size_t at = next_random(rnd) % ps;

		if (next_random(rnd) % 3 == 0)
			at = 16 + next_random(rnd) % 48;	/* the first events */
		page[at] = next_random(rnd);
	}
	if (next_random(rnd) % 8 == 0) {
		page[8] = next_random(rnd);
		page[9] = next_random(rnd) & 0x0f;
		page[11] = next_random(rnd) & 0xc0;	/* lost-events flags */
	}
}

static void pages_of_traces(bool be, int mutations)
{
	struct page_check pc = { 0 };
	unsigned char *copy;
	uint32_t rnd = 0x9e3779b9;
	char err[ERRLEN];
	glob_t g;

	bundled_traces(&g);
	for (size_t f = 0; f < g.gl_pathc; f++) {
		struct tracedat *td = open_ok(g.gl_pathv[f]);
		size_t ps = td->page_size;

		copy = malloc(ps);
		ck_assert_ptr_nonnull(copy);
		for (int b = 0; b < td->nr_buffers; b++) {
			for (int i = 0; i < td->buffers[b].nr_cpus; i++) {
				void *data;
				size_t len;

				ck_assert_msg(!tracedat_read_cpu(td, &td->buffers[b], i, &data, &len,
								 err, sizeof(err)), "%s", err);
				for (size_t o = 0; o + ps <= len; o += ps) {
					memcpy(copy, (unsigned char *)data + o, ps);
					if (be)
						to_big_endian(copy, ps);
					compare_page(copy, ps, be, true, &pc);
					for (int m = 0; m < mutations; m++) {
						memcpy(copy, (unsigned char *)data + o, ps);
						mutate(copy, ps, &rnd);
						compare_page(copy, ps, be, false, &pc);
					}
				}
				free(data);
			}
		}
		free(copy);
		tracedat_close(td);
	}
	globfree(&g);
	ck_assert_int_gt(pc.events, 10000);
	if (mutations)
		ck_assert_int_gt(pc.declined, 0);
}

START_TEST(pages_as_kbuffer)
{
	pages_of_traces(false, 0);
}
END_TEST

START_TEST(big_endian_pages_as_kbuffer)
{
	pages_of_traces(true, 0);
}
END_TEST

START_TEST(mutated_pages_as_kbuffer)
{
	pages_of_traces(false, 12);
}
END_TEST

/**
 * ring_page_suite - the tests of parsers/container/ring_page.c against kbuffer
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *ring_page_suite(void)
{
	Suite *s = suite_create("ring_page");
	TCase *pages = tcase_create("pages");

	tcase_add_test(pages, pages_as_kbuffer);
	tcase_add_test(pages, big_endian_pages_as_kbuffer);
	tcase_add_test(pages, mutated_pages_as_kbuffer);
	tcase_set_timeout(pages, 120);
	suite_add_tcase(s, pages);
	return s;
}
