// SPDX-License-Identifier: GPL-2.0-only
/*
 * The replay engine's loop, driven over a bundled trace with a sink that
 * keeps what comes out: verdicts with their times, tasks and causes as
 * `trace-cmd report -t traces/mutex-nonpi.dat` shows the records, the
 * monitors selected, the coverage of every real-time instance, and the
 * steps of the core.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "arch.h"
#include "catalog.h"
#include "replay.h"

#define TRACE_PATH	"traces/mutex-nonpi.dat"
#define MAX_KEPT	64
/* mutex_inversion-7039 [000] 4984.167744185: page_fault_user: address=0x7f13bd869b30 */
#define FAULT_TS	4984167744185ULL
#define FAULT_PID	7039

struct kept {
	struct verdict		v[MAX_KEPT];
	int			nr;
	int			by_monitor[2];	/* pagefault, sleep */
	int			coverage;
	unsigned long		steps;
	unsigned long		lost;
	struct verdict		held[MAX_KEPT];	/* told before their sleep ended */
	int			held_at[MAX_KEPT];	/* how many were emitted then */
	int			nr_held;
};

static void on_verdict(void *data, const struct verdict *v)
{
	struct kept *k = data;

	if (k->nr < MAX_KEPT)
		k->v[k->nr++] = *v;
	k->by_monitor[!strcmp(v->monitor->name, "sleep")]++;
}

static void on_held(void *data, const struct verdict *v)
{
	struct kept *k = data;

	if (k->nr_held < MAX_KEPT) {
		k->held_at[k->nr_held] = k->nr;
		k->held[k->nr_held++] = *v;
	}
}

static void on_step(void *data, const struct replay_step *step)
{
	((struct kept *)data)->steps++;
}

static void on_lost(void *data, const struct lost_gap *gap)
{
	((struct kept *)data)->lost++;
}

static void on_coverage(void *data, const struct coverage *c)
{
	((struct kept *)data)->coverage++;
}

/* Replay TRACE_PATH through the monitors @names (none: the default container). */
static void replay_with(const char *const *names, int nr, bool steps, struct kept *k)
{
	struct trace_open_options open_opts = { 0 };
	struct replay_options ro = { .lost = LOST_RESET, .infer = true };
	struct replay_sink sink = {
		.verdict = on_verdict, .held = on_held, .lost = on_lost, .coverage = on_coverage,
		.step = steps ? on_step : NULL, .data = k,
	};
	char err[TRACE_ERR_LEN];
	struct trace_input *in;
	struct replay *r;

	memset(k, 0, sizeof(*k));
	ck_assert_msg(!trace_input_open(TRACE_PATH, &open_opts, &in, err), "%s", err);
	ro.profile = catalog_choose_profile(in, NULL, err);
	ck_assert_msg(ro.profile != NULL, "%s", err);
	ro.syscalls = arch_syscalls("x86_64");
	ck_assert_ptr_nonnull(ro.syscalls);
	ck_assert_msg(!catalog_select(names, nr, NULL, 0, &ro, err), "%s", err);
	r = replay_new(&ro, in, &sink);
	ck_assert_ptr_nonnull(r);
	ck_assert_msg(!replay_run(r, err), "%s", err);
	ck_assert_uint_eq(replay_stats(r)->first_ts < replay_stats(r)->last_ts, 1);
	replay_free(r);
	trace_input_close(in);
}

START_TEST(rtapp_verdicts)
{
	struct kept k;

	replay_with(NULL, 0, false, &k);
	ck_assert_int_eq(k.nr, 6);
	ck_assert_int_eq(k.by_monitor[0], 1);
	ck_assert_int_eq(k.by_monitor[1], 5);
	ck_assert_uint_eq(k.lost, 0);
	/* every real-time instance told: the report's coverage */
	ck_assert_int_gt(k.coverage, 0);
}
END_TEST

START_TEST(fault_as_the_record_says)
{
	static const char *const names[] = { "pagefault" };
	struct kept k;

	replay_with(names, 1, false, &k);
	ck_assert_int_eq(k.nr, 1);
	ck_assert_int_eq(k.by_monitor[1], 0);
	ck_assert_uint_eq(k.v[0].ts, FAULT_TS);
	ck_assert_int_eq(k.v[0].pid, FAULT_PID);
	ck_assert_int_eq(k.v[0].cpu, 0);
	ck_assert_int_eq(k.v[0].prio, 39);
	ck_assert_int_eq(k.v[0].event, TRACE_FAULT_USER);
	ck_assert_int_eq(k.v[0].cause, CAUSE_PAGE_FAULT);
	ck_assert_int_eq(k.v[0].kind, RV_VIOLATION_STEP);
	ck_assert_str_eq(k.v[0].comm, "mutex_inversion");
	ck_assert(k.v[0].fault.user);
	ck_assert_uint_eq(k.v[0].fault.address, 0x7f13bd869b30ULL);
}
END_TEST

START_TEST(sleep_verdicts_tell_their_sleep)
{
	static const char *const names[] = { "sleep" };
	struct kept k;

	replay_with(names, 1, false, &k);
	ck_assert_int_eq(k.nr, 5);
	for (int i = 0; i < k.nr; i++) {
		ck_assert(k.v[i].cause == CAUSE_SLEEP_REASON || k.v[i].cause == CAUSE_WAKER);
		/* held until the task ran again: the whole sleep is known */
		ck_assert_uint_gt(k.v[i].sleep.start, 0);
		ck_assert_uint_ge(k.v[i].sleep.run_ts, k.v[i].sleep.start);
		ck_assert_uint_ge(k.v[i].ts, k.v[i].sleep.start);
	}
}
END_TEST

/*
 * A live watcher hears of each held sleep verdict at once: the same
 * violation (time, task, cause) that the sink gets whole later, told
 * before it, its sleep not over yet.
 */
START_TEST(held_verdicts_told_first)
{
	static const char *const names[] = { "sleep" };
	struct kept k;
	int found;

	replay_with(names, 1, false, &k);
	ck_assert_int_gt(k.nr_held, 0);
	for (int h = 0; h < k.nr_held; h++) {
		ck_assert_uint_eq(k.held[h].sleep.run_ts, 0);
		found = -1;
		for (int i = 0; i < k.nr && found < 0; i++)
			if (k.v[i].ts == k.held[h].ts && k.v[i].pid == k.held[h].pid &&
			    k.v[i].cause == k.held[h].cause)
				found = i;
		ck_assert_int_ge(found, 0);
		ck_assert_int_ge(found, k.held_at[h]);
	}
}
END_TEST

START_TEST(steps_reported_when_asked)
{
	struct kept with, without;

	replay_with(NULL, 0, true, &with);
	replay_with(NULL, 0, false, &without);
	ck_assert_uint_gt(with.steps, (unsigned long)with.nr);
	ck_assert_uint_eq(without.steps, 0);
	ck_assert_int_eq(with.nr, without.nr);
}
END_TEST

START_TEST(unknown_monitor_refused)
{
	static const char *const names[] = { "nosuch" };
	struct replay_options ro = { .profile = rv_profile_find("7.3") };
	char err[TRACE_ERR_LEN];

	ck_assert_int_eq(catalog_select(names, 1, NULL, 0, &ro, err), -1);
	ck_assert_ptr_nonnull(strstr(err, "no monitor 'nosuch'"));
}
END_TEST

/**
 * replay_suite - the engine's loop over a bundled trace
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *replay_suite(void)
{
	Suite *s = suite_create("replay");
	TCase *tc = tcase_create("loop");

	tcase_add_test(tc, rtapp_verdicts);
	tcase_add_test(tc, fault_as_the_record_says);
	tcase_add_test(tc, sleep_verdicts_tell_their_sleep);
	tcase_add_test(tc, held_verdicts_told_first);
	tcase_add_test(tc, steps_reported_when_asked);
	tcase_add_test(tc, unknown_monitor_refused);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
