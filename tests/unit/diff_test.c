// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay diff's matching (diff/match.c): a live error record and a
 * replayed verdict match when they are of one monitor's task at one
 * record, the one the live record is tied to (or, for rv:*, the record
 * after it); each verdict matches once; the rest is live only or replay
 * only, explained when a divergence class applies; the entries come in
 * trace order (time, CPU, offset, then monitor and pid).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "diff_fixture.h"

static const struct rv_monitor mon_a = { .name = "a" };
static const struct rv_monitor mon_b = { .name = "b" };

static void case_init(struct match_case *mc)
{
	match_case_init(mc, &mon_a, &mon_b);
}

static struct diff_key key(uint64_t ts, int cpu, uint64_t offset)
{
	return (struct diff_key){ ts, cpu, offset };
}

/* A live error record of @monitor's task @pid, tied to the record at @at. */
static struct diff_live *add_live(struct match_case *mc, int monitor, int pid, struct diff_key at)
{
	struct diff_live *l = &mc->lives[mc->res.nr_lives++];

	l->monitor = monitor;
	l->pid = pid;
	l->ts = at.ts + 1;
	l->tied = true;
	l->at = at;
	return l;
}

static struct verdict *add_verdict(struct match_case *mc, const struct rv_monitor *m, int pid,
				   struct diff_key at)
{
	return match_case_verdict(mc, m, pid, at, RV_VIOLATION_STEP);
}

static void run_match(struct match_case *mc)
{
	ck_assert_int_eq(diff_match(&mc->cmp, &mc->rerun), 0);
	ck_assert_uint_eq(mc->res.nr_entries, mc->res.nr_lives + mc->res.nr_verdicts -
			  mc->res.matched);
}

/* What the matching counted: matched, live only, replay only. */
static void assert_counts(const struct match_case *mc, unsigned long matched,
			  unsigned long live_only, unsigned long replay_only)
{
	ck_assert_uint_eq(mc->res.matched, matched);
	ck_assert_uint_eq(mc->res.live_only, live_only);
	ck_assert_uint_eq(mc->res.replay_only, replay_only);
}

static void assert_key(struct diff_key got, struct diff_key want)
{
	ck_assert_uint_eq(got.ts, want.ts);
	ck_assert_int_eq(got.cpu, want.cpu);
	ck_assert_uint_eq(got.offset, want.offset);
}

START_TEST(same_task_same_record_matches)
{
	struct match_case mc;
	struct verdict *v;
	const struct diff_entry *e;

	case_init(&mc);
	add_live(&mc, 0, 10, key(100, 1, 4096));
	v = add_verdict(&mc, &mon_a, 10, key(100, 1, 4096));
	run_match(&mc);
	ck_assert_uint_eq(mc.res.nr_entries, 1);
	e = &mc.res.entries[0];
	ck_assert_int_eq(e->side, DIFF_MATCHED);
	ck_assert_ptr_eq(e->verdict, v);
	ck_assert_ptr_eq(e->live, &mc.lives[0]);
	ck_assert_int_eq(e->monitor, 0);
	ck_assert_int_eq(e->pid, 10);
	assert_key(e->at, key(100, 1, 4096));
	ck_assert_int_eq(e->why, DIFF_UNEXPLAINED);
	assert_counts(&mc, 1, 0, 0);
	ck_assert_uint_eq(mc.res.unexplained, 0);
	match_case_release(&mc);
}
END_TEST

/* Each part of the key must agree: pid, monitor, time, CPU, offset. */
START_TEST(any_key_apart_does_not_match)
{
	struct match_case mc;

	case_init(&mc);
	add_live(&mc, 0, 10, key(100, 1, 4096));
	add_verdict(&mc, &mon_a, 11, key(100, 1, 4096));	/* another task */
	add_verdict(&mc, &mon_b, 10, key(100, 1, 4096));	/* another monitor */
	add_verdict(&mc, &mon_a, 10, key(101, 1, 4096));	/* a later record */
	add_verdict(&mc, &mon_a, 10, key(100, 0, 4096));	/* another CPU */
	add_verdict(&mc, &mon_a, 10, key(100, 1, 4160));	/* the next record */
	run_match(&mc);
	assert_counts(&mc, 0, 1, 5);
	ck_assert_uint_eq(mc.res.unexplained, 6);
	ck_assert_uint_eq(mc.res.by_why[DIFF_UNEXPLAINED], 6);
	for (unsigned int i = 0; i < mc.res.nr_entries; i++) {
		const struct diff_entry *e = &mc.res.entries[i];

		if (e->side == DIFF_LIVE_ONLY) {
			ck_assert_ptr_null(e->verdict);
			ck_assert_ptr_eq(e->live, &mc.lives[0]);
		} else {
			ck_assert_int_eq(e->side, DIFF_REPLAY_ONLY);
			ck_assert_ptr_null(e->live);
			ck_assert_ptr_nonnull(e->verdict);
		}
	}
	match_case_release(&mc);
}
END_TEST

START_TEST(live_only_and_replay_only)
{
	struct match_case mc;
	const struct diff_entry *e;

	case_init(&mc);
	add_live(&mc, 1, 7, key(50, 0, 64));
	add_verdict(&mc, &mon_a, 8, key(60, 0, 128));
	run_match(&mc);
	ck_assert_uint_eq(mc.res.nr_entries, 2);
	e = &mc.res.entries[0];
	ck_assert_int_eq(e->side, DIFF_LIVE_ONLY);
	ck_assert_int_eq(e->monitor, 1);
	ck_assert_int_eq(e->pid, 7);
	assert_key(e->at, key(50, 0, 64));
	e = &mc.res.entries[1];
	ck_assert_int_eq(e->side, DIFF_REPLAY_ONLY);
	ck_assert_int_eq(e->monitor, 0);
	ck_assert_int_eq(e->pid, 8);
	assert_key(e->at, key(60, 0, 128));
	ck_assert_ptr_eq(e->verdict, &mc.verdicts[0]);
	ck_assert_uint_eq(mc.res.live_only, 1);
	ck_assert_uint_eq(mc.res.replay_only, 1);
	match_case_release(&mc);
}
END_TEST

/* A live record tied to no record is never matched, not even at its own place. */
START_TEST(untied_live_is_live_only)
{
	struct match_case mc;

	case_init(&mc);
	add_live(&mc, 0, 10, key(100, 1, 4096))->tied = false;
	add_verdict(&mc, &mon_a, 10, key(100, 1, 4096));
	run_match(&mc);
	assert_counts(&mc, 0, 1, 1);
	match_case_release(&mc);
}
END_TEST

/* Two verdicts at one record, three live records: each verdict is used once. */
START_TEST(each_verdict_matches_once)
{
	struct match_case mc;
	unsigned int seen[2] = { 0 };

	case_init(&mc);
	add_live(&mc, 0, 10, key(100, 1, 4096));
	add_live(&mc, 0, 10, key(100, 1, 4096))->ts = 102;
	add_live(&mc, 0, 10, key(100, 1, 4096))->ts = 103;
	add_verdict(&mc, &mon_a, 10, key(100, 1, 4096));
	add_verdict(&mc, &mon_a, 10, key(100, 1, 4096));
	run_match(&mc);
	assert_counts(&mc, 2, 1, 0);
	for (unsigned int i = 0; i < mc.res.nr_entries; i++) {
		const struct diff_entry *e = &mc.res.entries[i];

		if (e->side == DIFF_MATCHED)
			seen[e->verdict - mc.verdicts]++;
		else
			/* the live records are taken in time order: the last is left */
			ck_assert_uint_eq(e->live->ts, 103);
	}
	ck_assert_uint_eq(seen[0], 1);
	ck_assert_uint_eq(seen[1], 1);
	match_case_release(&mc);
}
END_TEST

/* rv:*: the record after the live one, when its own has no verdict of the task. */
START_TEST(next_record_when_the_tied_one_has_none)
{
	struct match_case mc;
	struct diff_live *l;
	const struct diff_entry *e;

	case_init(&mc);
	l = add_live(&mc, 0, 10, key(100, 1, 4096));
	l->has_next = true;
	l->next_at = key(105, 1, 4160);
	add_verdict(&mc, &mon_a, 10, key(105, 1, 4160));
	run_match(&mc);
	ck_assert_uint_eq(mc.res.nr_entries, 1);
	e = &mc.res.entries[0];
	ck_assert_int_eq(e->side, DIFF_MATCHED);
	assert_key(e->at, key(105, 1, 4160));
	match_case_release(&mc);
}
END_TEST

/* The tied record comes first: the next one's verdict is left to the replay. */
START_TEST(tied_record_before_next)
{
	struct match_case mc;
	struct diff_live *l;
	const struct diff_entry *e;

	case_init(&mc);
	l = add_live(&mc, 0, 10, key(100, 1, 4096));
	l->has_next = true;
	l->next_at = key(105, 1, 4160);
	add_verdict(&mc, &mon_a, 10, key(105, 1, 4160));
	add_verdict(&mc, &mon_a, 10, key(100, 1, 4096));
	run_match(&mc);
	ck_assert_uint_eq(mc.res.nr_entries, 2);
	e = &mc.res.entries[0];
	ck_assert_int_eq(e->side, DIFF_MATCHED);
	ck_assert_ptr_eq(e->verdict, &mc.verdicts[1]);
	assert_key(e->at, key(100, 1, 4096));
	e = &mc.res.entries[1];
	ck_assert_int_eq(e->side, DIFF_REPLAY_ONLY);
	ck_assert_ptr_eq(e->verdict, &mc.verdicts[0]);
	match_case_release(&mc);
}
END_TEST

/* Trace order: time, then CPU, then offset, then monitor and pid at one record. */
START_TEST(entries_in_trace_order)
{
	static const struct {
		uint64_t	ts;
		int		cpu;
		uint64_t	offset;
		int		monitor;
		int		pid;
	} want[] = {
		{ 10, 0, 500, 0, 3 },
		{ 10, 1, 100, 0, 3 },
		{ 10, 1, 200, 0, 2 },
		{ 10, 1, 200, 0, 9 },
		{ 10, 1, 200, 1, 1 },
		{ 20, 0, 0, 0, 1 },
	};
	struct match_case mc;

	case_init(&mc);
	add_verdict(&mc, &mon_a, 1, key(20, 0, 0));
	add_live(&mc, 1, 1, key(10, 1, 200));
	add_verdict(&mc, &mon_a, 9, key(10, 1, 200));
	add_live(&mc, 0, 3, key(10, 1, 100));
	add_verdict(&mc, &mon_a, 2, key(10, 1, 200));
	add_live(&mc, 0, 3, key(10, 0, 500));
	run_match(&mc);
	ck_assert_uint_eq(mc.res.nr_entries, 6);
	for (unsigned int i = 0; i < 6; i++) {
		const struct diff_entry *e = &mc.res.entries[i];

		assert_key(e->at, key(want[i].ts, want[i].cpu, want[i].offset));
		ck_assert_int_eq(e->monitor, want[i].monitor);
		ck_assert_int_eq(e->pid, want[i].pid);
	}
	match_case_release(&mc);
}
END_TEST

/* A strict start is the replay's alone; outside the windows the live monitors did not run. */
START_TEST(replay_only_explained)
{
	struct match_case mc;
	struct verdict *v;

	case_init(&mc);
	mc.res.windows = calloc(1, sizeof(*mc.res.windows));
	mc.res.windows[0] = (struct diff_window){ 100, 200 };
	mc.res.nr_windows = 1;
	add_verdict(&mc, &mon_a, 1, key(50, 0, 0));		/* before the window */
	v = add_verdict(&mc, &mon_a, 2, key(150, 0, 0));	/* a strict start, inside */
	v->kind = RV_VIOLATION_START;
	add_verdict(&mc, &mon_a, 3, key(160, 0, 0));		/* inside, unexplained */
	add_live(&mc, 0, 4, key(50, 0, 8));			/* live: windows do not apply */
	run_match(&mc);
	ck_assert_uint_eq(mc.res.nr_entries, 4);
	ck_assert_int_eq(mc.res.entries[0].why, DIFF_OUTSIDE);
	ck_assert_int_eq(mc.res.entries[1].side, DIFF_LIVE_ONLY);
	ck_assert_int_eq(mc.res.entries[1].why, DIFF_UNEXPLAINED);
	ck_assert_int_eq(mc.res.entries[2].why, DIFF_STRICT);
	ck_assert_int_eq(mc.res.entries[3].why, DIFF_UNEXPLAINED);
	ck_assert_uint_eq(mc.res.by_why[DIFF_OUTSIDE], 1);
	ck_assert_uint_eq(mc.res.by_why[DIFF_STRICT], 1);
	ck_assert_uint_eq(mc.res.unexplained, 2);
	match_case_release(&mc);
}
END_TEST

/* Lost events before the trace began explain every difference, but not a match. */
START_TEST(lost_events_explain_differences)
{
	struct match_case mc;
	struct lost_gap gap = { .where = LOST_START };

	case_init(&mc);
	mc.res.lost = &gap;
	mc.res.nr_lost = 1;
	add_live(&mc, 0, 1, key(10, 0, 0));
	add_verdict(&mc, &mon_a, 1, key(10, 0, 0));
	add_live(&mc, 0, 2, key(20, 0, 0));
	add_verdict(&mc, &mon_a, 3, key(30, 0, 0));
	run_match(&mc);
	ck_assert_uint_eq(mc.res.matched, 1);
	ck_assert_int_eq(mc.res.entries[0].why, DIFF_UNEXPLAINED);
	ck_assert_int_eq(mc.res.entries[1].why, DIFF_LOST);
	ck_assert_int_eq(mc.res.entries[2].why, DIFF_LOST);
	ck_assert_uint_eq(mc.res.unexplained, 0);
	match_case_release(&mc);
}
END_TEST

/* With --infer, the rerun without it says which differences the inference made. */
START_TEST(inference_by_the_rerun)
{
	struct match_case mc;
	struct diff_step *k;

	case_init(&mc);
	mc.opts.replay.infer = true;
	mc.rerun.verdict_keys = calloc(1, sizeof(*mc.rerun.verdict_keys));
	ck_assert_ptr_nonnull(mc.rerun.verdict_keys);
	k = &mc.rerun.verdict_keys[mc.rerun.nr_keys++];
	k->monitor = 0;
	k->pid = 1;
	k->at = key(10, 0, 0);
	add_live(&mc, 0, 1, key(10, 0, 0));		/* the rerun has it: inference */
	add_live(&mc, 0, 2, key(20, 0, 0));		/* nor the rerun: unexplained */
	add_verdict(&mc, &mon_a, 3, key(30, 0, 0));	/* not in the rerun: inference */
	run_match(&mc);
	ck_assert_uint_eq(mc.res.nr_entries, 3);
	ck_assert_int_eq(mc.res.entries[0].why, DIFF_INFER);
	ck_assert_int_eq(mc.res.entries[1].why, DIFF_UNEXPLAINED);
	ck_assert_int_eq(mc.res.entries[2].why, DIFF_INFER);
	match_case_release(&mc);
}
END_TEST

/* A difference inside a task's open divergence takes its class; after it closes, not. */
START_TEST(divergence_explains_until_it_closes)
{
	struct match_case mc;
	struct diff_divergence d = {
		.monitor = 0, .pid = 1, .at = { 10, 0, 0 }, .why = DIFF_PRIO, .until = 25,
	};

	case_init(&mc);
	mc.res.divergences = &d;
	mc.res.nr_divergences = 1;
	add_live(&mc, 0, 1, key(5, 0, 0));		/* before it opened */
	add_live(&mc, 0, 1, key(20, 0, 0));		/* while open */
	add_verdict(&mc, &mon_a, 2, key(20, 0, 8));	/* another task */
	add_verdict(&mc, &mon_a, 1, key(30, 0, 0));	/* after it closed */
	run_match(&mc);
	ck_assert_uint_eq(mc.res.nr_entries, 4);
	ck_assert_int_eq(mc.res.entries[0].why, DIFF_UNEXPLAINED);
	ck_assert_ptr_null(mc.res.entries[0].divergence);
	ck_assert_int_eq(mc.res.entries[1].why, DIFF_PRIO);
	ck_assert_ptr_eq(mc.res.entries[1].divergence, &d);
	ck_assert_int_eq(mc.res.entries[2].why, DIFF_UNEXPLAINED);
	ck_assert_int_eq(mc.res.entries[3].why, DIFF_UNEXPLAINED);
	ck_assert_uint_eq(mc.res.by_why[DIFF_PRIO], 1);
	match_case_release(&mc);
}
END_TEST

Suite *diff_suite(void)
{
	Suite *s = suite_create("diff");
	TCase *tc = tcase_create("match");

	tcase_add_test(tc, same_task_same_record_matches);
	tcase_add_test(tc, any_key_apart_does_not_match);
	tcase_add_test(tc, live_only_and_replay_only);
	tcase_add_test(tc, untied_live_is_live_only);
	tcase_add_test(tc, each_verdict_matches_once);
	tcase_add_test(tc, next_record_when_the_tied_one_has_none);
	tcase_add_test(tc, tied_record_before_next);
	tcase_add_test(tc, entries_in_trace_order);
	tcase_add_test(tc, replay_only_explained);
	tcase_add_test(tc, lost_events_explain_differences);
	tcase_add_test(tc, inference_by_the_rerun);
	tcase_add_test(tc, divergence_explains_until_it_closes);
	suite_add_tcase(s, tc);
	return s;
}
