// SPDX-License-Identifier: GPL-2.0-only
/*
 * The live reader (parsers/trace_input_live.c) against the file reader:
 * the pages of every bundled trace given tick by tick (live_fixture.h),
 * whole, as pages read again while they grow, and as the kernel's copies
 * of what was written since the last read; then the same records in the
 * same order, the same lines printed again, the same verdicts of a whole
 * replay, with the queue's cap too. What a source does besides giving its
 * pages in time is live_source_test.c's.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arch.h"
#include "catalog.h"
#include "live_fixture.h"
#include "record_fixture.h"
#include "replay.h"
#include "tracedat_fixture.h"

static const char *const cut_names[] = { "whole", "growing", "split" };

static bool fast_reads(const char *path)
{
	struct tracedat *td = open_ok(path);
	bool fast = !td->changes_timestamps && tracedat_buffer_find(td, "");

	tracedat_close(td);
	return fast;
}

/* The trace read live with its pages cut as @cut says: exactly the file's records. */
static int live_as_file(const char *path, enum live_cut cut, bool again, uint64_t queue_bytes,
			uint64_t window_ns, unsigned int seed)
{
	struct trace_input *file = live_open_file(path), *live;
	struct recording want = { .path = path };
	const struct trace_meta *fm, *lm;
	struct trace_live_options o;
	struct live_seen seen = { 0 };
	char *header = live_header_of(path);
	struct trace_damage d;
	struct live_feed f;

	ck_assert_int_eq(trace_input_iterate(file, recording_save, &want), 0);
	live_feed_init(&f, path, cut, seed);
	f.again = again;
	f.user = &seen;
	live_feed_options(&f, &o);
	o.late = live_seen_late;
	o.queue_bytes = queue_bytes;
	o.window_ns = window_ns;
	o.window_max_ns = window_ns;
	seen.feed = &f;
	live = live_open(header, &o);
	ck_assert_msg(!trace_input_iterate(live, live_seen_save, &seen), "%s, %s pages: %s", path,
		      cut_names[cut], trace_input_error(live) ? trace_input_error(live) : "");
	ck_assert_msg(seen.nr_late == 0, "%s, %s pages: %d records late", path, cut_names[cut],
		      seen.nr_late);
	ck_assert_msg(seen.recs.nr == want.nr, "%s, %s pages: %zu records live, %zu in the file",
		      path, cut_names[cut], seen.recs.nr, want.nr);
	for (size_t i = 0; i < want.nr; i++)
		same_saved(&want.recs[i], &seen.recs.recs[i], cut != LIVE_CUT_SPLIT);
	live_same_lines(file, &want, live, &seen.recs);
	ck_assert_int_eq(trace_input_damages(live, &d, 1), 0);
	/* the source's final statistics are the trace's */
	fm = trace_input_meta(file);
	lm = trace_input_meta(live);
	ck_assert_int_eq(fm->cpus, lm->cpus);
	for (int cpu = 0; cpu < fm->cpus; cpu++) {
		ck_assert_int_eq(fm->stats[cpu].overrun, lm->stats[cpu].overrun);
		ck_assert_int_eq(fm->stats[cpu].dropped, lm->stats[cpu].dropped);
	}
	if (queue_bytes)
		ck_assert_uint_le(f.most_room, queue_bytes);
	ck_assert_int_gt(f.pulls, 2);
	trace_input_close(live);
	trace_input_close(file);
	live_feed_free(&f);
	recording_free(&want);
	recording_free(&seen.recs);
	unlink(header);
	free(header);
	return seen.before_end;
}

/* Every bundled trace the fast reader reads, its pages cut as @cut says. */
static void bundled_as_file(enum live_cut cut)
{
	int n = 0, before_end = 0;
	glob_t g;

	bundled_traces(&g);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		if (strncmp(g.gl_pathv[i], "traces/", 7) || !fast_reads(g.gl_pathv[i]))
			continue;
		before_end += live_as_file(g.gl_pathv[i], cut, false, 0, 0, 1 + i);
		n++;
	}
	ck_assert_int_ge(n, 10);
	/* records were released as the ticks went, not all at the end */
	ck_assert_int_gt(before_end, 1000);
	globfree(&g);
}

START_TEST(whole_pages_as_file)
{
	bundled_as_file(LIVE_CUT_WHOLE);
}
END_TEST

START_TEST(growing_pages_as_file)
{
	bundled_as_file(LIVE_CUT_GROWING);
}
END_TEST

START_TEST(split_pages_as_file)
{
	bundled_as_file(LIVE_CUT_SPLIT);
}
END_TEST

/* Whether the trace has time extends (a record 2^27 ns after its CPU's last) and losses. */
static void has_extends_and_losses(const char *path)
{
	struct trace_input *in = live_open_file(path);
	struct recording r = { .path = path };
	uint64_t last[64] = { 0 };
	int extends = 0, losses = 0;

	ck_assert_int_eq(trace_input_iterate(in, recording_save, &r), 0);
	for (size_t i = 0; i < r.nr; i++) {
		const struct trace_record *rec = &r.recs[i].rec;

		ck_assert_int_lt(rec->cpu, 64);
		extends += last[rec->cpu] && rec->ts - last[rec->cpu] >= 1ULL << 27;
		losses += rec->missed != 0;
		last[rec->cpu] = rec->ts;
	}
	ck_assert_int_gt(extends, 10);
	ck_assert_int_gt(losses, 5);
	recording_free(&r);
	trace_input_close(in);
}

/* Pages with time extends and lost-events flags, cut into partial reads. */
START_TEST(extends_and_losses_as_file)
{
	static const char *const paths[] = { "traces/mutex-nonpi.dat", "traces/cyclictest-abs.dat" };

	for (size_t i = 0; i < ARRAY_SIZE(paths); i++) {
		char *stretched = live_stretched_of(paths[i]);

		has_extends_and_losses(stretched);
		for (int cut = LIVE_CUT_WHOLE; cut <= LIVE_CUT_SPLIT; cut++)
			live_as_file(stretched, cut, cut == LIVE_CUT_GROWING, 0, 0, 13 + cut);
		unlink(stretched);
		free(stretched);
	}
}
END_TEST

/* Each CPU's last page read again at the next tick: nothing given twice. */
START_TEST(pages_read_again_as_file)
{
	for (int cut = LIVE_CUT_WHOLE; cut <= LIVE_CUT_SPLIT; cut++)
		live_as_file("traces/mutex-nonpi.dat", cut, true, 0, 0, 7);
}
END_TEST

/*
 * A queue of two pages: the source reads no more than its room, the records
 * stay. (The feed's "now" waits for what it left unread, so the window must
 * be small enough for two pages to drain; a watcher's probe does not wait.)
 */
START_TEST(queue_capped_as_file)
{
	for (int cut = LIVE_CUT_WHOLE; cut <= LIVE_CUT_SPLIT; cut++) {
		live_as_file("traces/mutex-nonpi.dat", cut, false, 2 * 4096, 1, 3);
		live_as_file("traces/cyclictest-abs.dat", cut, false, 2 * 4096, 1, 5);
	}
}
END_TEST

/* ---- a whole replay ---- */

/* What a replay said: each verdict with its record and context printed again. */
struct said {
	struct trace_input	*in;
	char			**verdicts;
	int			nr;
	char			lost[4096];
	int			coverage;
};

static void append(char *buf, size_t len, size_t *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void append(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
	va_list ap;

	if (*at >= len)
		return;
	va_start(ap, fmt);
	*at += vsnprintf(buf + *at, len - *at, fmt, ap);
	va_end(ap);
}

static void on_verdict(void *data, const struct verdict *v)
{
	struct said *k = data;
	size_t len = 1 << 16, at = 0;
	char *text = malloc(len), line[1024];

	ck_assert_ptr_nonnull(text);
	append(text, len, &at, "%s pid %d %s prio %d cpu %d at %llu: event %d kind %d cause %d "
	       "offset %llu\n", v->monitor->name, v->pid, v->comm, v->prio, v->cpu,
	       (unsigned long long)v->ts, v->event, v->kind, v->cause,
	       (unsigned long long)v->event_ref.offset);
	ck_assert_int_eq(trace_input_format(k->in, &v->event_ref, line, sizeof(line)), 0);
	append(text, len, &at, "  %s\n", line);
	for (unsigned int i = 0; i < v->nr_context; i++) {
		ck_assert_int_eq(trace_input_format(k->in, &v->context[i], line, sizeof(line)), 0);
		append(text, len, &at, "  context %s\n", line);
	}
	k->verdicts = realloc(k->verdicts, (k->nr + 1) * sizeof(*k->verdicts));
	ck_assert_ptr_nonnull(k->verdicts);
	k->verdicts[k->nr++] = text;
}

static void on_lost(void *data, const struct lost_gap *gap)
{
	struct said *k = data;
	size_t at = strlen(k->lost);

	append(k->lost, sizeof(k->lost), &at, "cpu %d at %llu: %lld (%d)\n", gap->cpu,
	       (unsigned long long)gap->ts, gap->count, gap->where);
}

static void on_coverage(void *data, const struct coverage *c)
{
	((struct said *)data)->coverage++;
}

static void replay_into(struct trace_input *in, const struct replay_options *ro, struct said *k)
{
	struct replay_sink sink = {
		.verdict = on_verdict, .lost = on_lost, .coverage = on_coverage, .data = k,
	};
	char err[TRACE_ERR_LEN] = "";
	struct replay *r;

	k->in = in;
	r = replay_new(ro, in, &sink);
	ck_assert_ptr_nonnull(r);
	ck_assert_msg(!replay_run(r, err), "%s", err);
	replay_free(r);
}

static void said_free(struct said *k)
{
	for (int i = 0; i < k->nr; i++)
		free(k->verdicts[i]);
	free(k->verdicts);
}

/* The default monitors over a trace and over its pages read live: the same verdicts. */
static int replay_as_file(const char *path, unsigned int seed)
{
	struct replay_options ro = { .lost = LOST_RESET, .infer = true, .context = 4 };
	struct trace_input *file = live_open_file(path), *live;
	struct said from_file = { 0 }, from_live = { 0 };
	char *header = live_header_of(path), err[TRACE_ERR_LEN] = "";
	struct trace_live_options o;
	struct live_feed f;
	int nr;

	ro.profile = catalog_choose_profile(file, NULL, err);
	ck_assert_msg(ro.profile != NULL, "%s: %s", path, err);
	ro.syscalls = arch_syscalls("x86_64");
	ck_assert_ptr_nonnull(ro.syscalls);
	ck_assert_msg(!catalog_select(NULL, 0, NULL, 0, &ro, err), "%s", err);
	replay_into(file, &ro, &from_file);
	live_feed_init(&f, path, LIVE_CUT_GROWING, seed);
	live_feed_options(&f, &o);
	live = live_open(header, &o);
	replay_into(live, &ro, &from_live);
	ck_assert_msg(from_live.nr == from_file.nr, "%s: %d verdicts live, %d from the file", path,
		      from_live.nr, from_file.nr);
	for (int i = 0; i < from_file.nr; i++)
		ck_assert_str_eq(from_live.verdicts[i], from_file.verdicts[i]);
	ck_assert_str_eq(from_live.lost, from_file.lost);
	ck_assert_int_eq(from_live.coverage, from_file.coverage);
	nr = from_file.nr;
	said_free(&from_file);
	said_free(&from_live);
	trace_input_close(live);
	trace_input_close(file);
	live_feed_free(&f);
	unlink(header);
	free(header);
	return nr;
}

START_TEST(replay_verdicts_as_file)
{
	int verdicts = 0;
	glob_t g;

	ck_assert_int_eq(replay_as_file("traces/mutex-nonpi.dat", 5), 6);
	bundled_traces(&g);
	for (size_t i = 0; i < g.gl_pathc; i++)
		if (!strncmp(g.gl_pathv[i], "traces/", 7) && fast_reads(g.gl_pathv[i]))
			verdicts += replay_as_file(g.gl_pathv[i], 100 + i);
	ck_assert_int_gt(verdicts, 20);
	globfree(&g);
}
END_TEST

/**
 * live_reader_suite - the live reader against the file reader
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *live_reader_suite(void)
{
	Suite *s = suite_create("live_reader");
	TCase *records = tcase_create("records");

	tcase_add_test(records, whole_pages_as_file);
	tcase_add_test(records, growing_pages_as_file);
	tcase_add_test(records, split_pages_as_file);
	tcase_add_test(records, pages_read_again_as_file);
	tcase_add_test(records, extends_and_losses_as_file);
	tcase_add_test(records, queue_capped_as_file);
	tcase_add_test(records, replay_verdicts_as_file);
	tcase_set_timeout(records, 240);
	suite_add_tcase(s, records);
	return s;
}
