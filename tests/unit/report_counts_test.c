// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the reports count per task and group, kept small for a million of
 * them: texts kept once (text_pool.c), a row's few named reasons, and
 * latency histograms that keep only the buckets used (report_stats.c),
 * whose counts and percentiles must be those of all 64 buckets; groups
 * kept in full up to max_explained, counted past it, their worst still
 * named.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "report_groups.h"
#include "report_stats.h"
#include "text_pool.h"

START_TEST(pool_keeps_one_copy)
{
	struct text_pool p = { 0 };
	const char *first[1000];
	char text[32];

	for (int i = 0; i < 1000; i++) {
		snprintf(text, sizeof(text), "read() of fd %d", i);
		first[i] = text_pool_get(&p, text);
		ck_assert_ptr_nonnull(first[i]);
		ck_assert_str_eq(first[i], text);
	}
	/* the same pointers after the pool grew, for equal texts only */
	for (int i = 0; i < 1000; i++) {
		snprintf(text, sizeof(text), "read() of fd %d", i);
		ck_assert_ptr_eq(text_pool_get(&p, text), first[i]);
	}
	ck_assert_ptr_ne(first[1], first[10]);
	ck_assert_uint_eq(p.nr, 1000);
	text_pool_free(&p);
}
END_TEST

START_TEST(counts_named_then_others)
{
	struct text_pool p = { 0 };
	struct text_count c[2] = { { 0 } };
	unsigned long others = 0;

	ck_assert_int_eq(text_count_add(&p, c, 2, &others, "futex"), 0);
	ck_assert_int_eq(text_count_add(&p, c, 2, &others, "read"), 0);
	ck_assert_int_eq(text_count_add(&p, c, 2, &others, "futex"), 0);
	ck_assert_int_eq(text_count_add(&p, c, 2, &others, "poll"), 0);
	ck_assert_str_eq(c[0].text, "futex");
	ck_assert_uint_eq(c[0].count, 2);
	ck_assert_str_eq(c[1].text, "read");
	ck_assert_uint_eq(c[1].count, 1);
	ck_assert_uint_eq(others, 1);
	ck_assert_uint_eq(p.nr, 2);	/* "poll" found no slot: not kept */
	text_pool_free(&p);
}
END_TEST

/* One sleep of pid 7 woken at 1000 and run @latency ns later. */
static void sleep_of(struct report_stats *st, struct text_pool *texts, uint64_t latency)
{
	struct task_sleep sl = { .start = 500, .wakeup_ts = 1000, .run_ts = 1000 + latency,
				 .begun_rt = true };
	struct replay_sleep s = { .pid = 7, .comm = "rt", .prio = 10, .sleep = &sl };

	stats_sleep(st, texts, &s, "clock_nanosleep");
}

/* A sleep begun at prio 120, boosted before it ran: told apart, in no distribution. */
START_TEST(sleep_begun_not_rt_is_not_counted)
{
	struct task_sleep sl = { .start = 500, .wakeup_ts = 1000, .run_ts = 1200 };
	struct replay_sleep s = { .pid = 7, .comm = "holder", .prio = 39, .sleep = &sl };
	struct report_stats st = { 0 };
	struct text_pool texts = { 0 };

	stats_sleep(&st, &texts, &s, "futex");
	sleep_of(&st, &texts, 300);
	ck_assert_uint_eq(st.nr, 1);
	ck_assert_uint_eq(st.tasks[0].sleeps, 1);
	ck_assert_uint_eq(st.tasks[0].sleeps_not_rt, 1);
	ck_assert_uint_eq(st.tasks[0].latency[0].count, 1);
	ck_assert_uint_eq(st.tasks[0].latency[0].min, 300);
	ck_assert_uint_eq(st.tasks[0].slept[0].count, 1);
	ck_assert_str_eq(st.tasks[0].reasons[0].text, "clock_nanosleep");
	ck_assert_uint_eq(st.tasks[0].reasons[1].count, 0);
	stats_release(&st);
	text_pool_free(&texts);
}
END_TEST

/* Buckets met out of order (middle, below, above): the same as all 64 kept. */
START_TEST(histogram_keeps_the_used_range)
{
	static const uint64_t latencies[] = { 5000, 5100, 3, 0, 1ULL << 40, 70000, 4000 };
	unsigned long want[STATS_BUCKETS] = { 0 };
	struct report_stats st = { 0 };
	struct text_pool texts = { 0 };
	const struct stats_hist *h;

	for (size_t i = 0; i < sizeof(latencies) / sizeof(latencies[0]); i++) {
		uint64_t ns = latencies[i];

		sleep_of(&st, &texts, ns);
		want[ns < 2 ? 0 : 63 - __builtin_clzll(ns)]++;
	}
	ck_assert(!st.oom);
	ck_assert_uint_eq(st.nr, 1);
	h = &st.tasks[0].latency[0];
	ck_assert_uint_eq(h->count, 7);
	ck_assert_uint_eq(h->min, 0);
	ck_assert_uint_eq(h->max, 1ULL << 40);
	ck_assert_uint_eq(h->low, 0);
	ck_assert_uint_eq(h->nr, 41);
	for (unsigned int k = 0; k < STATS_BUCKETS; k++)
		ck_assert_uint_eq(stats_bucket(h, k), want[k]);
	ck_assert_uint_eq(stats_percentile(h, 50), 8192);	/* 4th of 7: 5000 */
	ck_assert_uint_eq(stats_percentile(h, 99), 2ULL << 40);
	ck_assert_uint_eq(stats_bucket(&st.tasks[0].latency[1], 12), 0);	/* none kept */
	ck_assert_uint_eq(st.tasks[0].reasons[0].count, 7);
	stats_release(&st);
	text_pool_free(&texts);
}
END_TEST

/* A sleep verdict of pid 7 named @comm, woken at 1000 and run @latency ns later. */
static struct verdict sleep_verdict(uint64_t ts, uint64_t latency, const char *comm)
{
	static const struct rv_monitor monitor = { .name = "sleep" };
	struct verdict v = { .monitor = &monitor, .pid = 7, .ts = ts, .prio = 49,
			     .cause = CAUSE_WAKER };

	snprintf(v.comm, sizeof(v.comm), "%s", comm);
	v.sleep.start = 500;
	v.sleep.wakeup_ts = 1000;
	v.sleep.run_ts = 1000 + latency;
	return v;
}

START_TEST(groups_past_the_cap_are_counted)
{
	struct verdict_groups g = { .max_explained = 2 };
	struct text_pool texts = { 0 };
	struct verdict v;
	const char *reasons[] = { "read(fd 3)", "read(fd 4)", "read(fd 5)" };

	for (int i = 0; i < 3; i++) {
		v = sleep_verdict(2000 + i, 10, "before");
		ck_assert_int_eq(groups_add(&g, &texts, &v, reasons[i], NULL), 0);
	}
	/* the third group: worse later, under another name */
	v = sleep_verdict(3000, 50, "after");
	ck_assert_int_eq(groups_add(&g, &texts, &v, reasons[2], NULL), 0);
	v = sleep_verdict(3001, 20, "later");
	ck_assert_int_eq(groups_add(&g, &texts, &v, reasons[2], NULL), 0);
	ck_assert_uint_eq(g.nr, 3);
	ck_assert_uint_eq(g.unexplained, 1);
	ck_assert_ptr_nonnull(g.groups[0].first);
	ck_assert_ptr_nonnull(g.groups[1].worst);
	ck_assert_ptr_null(g.groups[2].first);
	ck_assert_ptr_null(g.groups[2].worst);
	ck_assert_uint_eq(g.groups[2].count, 3);
	ck_assert_uint_eq(g.groups[2].last_ts, 3001);
	ck_assert_uint_eq(g.groups[2].max_latency, 50);
	/* its first's, until report_end() names it by the task's last */
	ck_assert_str_eq(g.groups[2].comm, "before");
	ck_assert_str_eq(g.groups[2].was_comm, "before");
	ck_assert_int_eq(g.groups[2].cause, CAUSE_WAKER);
	/* a kept group's worst moves with its copy */
	v = sleep_verdict(4000, 90, "worse");
	ck_assert_int_eq(groups_add(&g, &texts, &v, reasons[0], NULL), 0);
	ck_assert_uint_eq(g.groups[0].worst->ts, 4000);
	ck_assert_uint_eq(g.groups[0].first->ts, 2000);
	ck_assert_str_eq(g.groups[0].comm, "before");
	groups_release(&g);
	text_pool_free(&texts);
}
END_TEST

START_TEST(no_cap_keeps_every_group)
{
	struct verdict_groups g = { .max_explained = 0 };
	struct text_pool texts = { 0 };
	char reason[32];

	for (int i = 0; i < 100; i++) {
		struct verdict v = sleep_verdict(i, 1, "t");

		snprintf(reason, sizeof(reason), "read(fd %d)", i);
		ck_assert_int_eq(groups_add(&g, &texts, &v, reason, NULL), 0);
	}
	ck_assert_uint_eq(g.unexplained, 0);
	ck_assert_ptr_nonnull(g.groups[99].first);
	groups_release(&g);
	text_pool_free(&texts);
}
END_TEST

Suite *report_counts_suite(void)
{
	Suite *s = suite_create("report_counts");
	TCase *tc = tcase_create("small");

	tcase_add_test(tc, pool_keeps_one_copy);
	tcase_add_test(tc, counts_named_then_others);
	tcase_add_test(tc, histogram_keeps_the_used_range);
	tcase_add_test(tc, sleep_begun_not_rt_is_not_counted);
	tcase_add_test(tc, groups_past_the_cap_are_counted);
	tcase_add_test(tc, no_cap_keeps_every_group);
	suite_add_tcase(s, tc);
	return s;
}
