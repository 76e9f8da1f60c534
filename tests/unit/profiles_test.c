// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel-version profiles (docs/semantics.md section 8): the kernel's own KUnit
 * vectors per profile, and one test per difference between profiles that
 * fails under the wrong profile.
 */
#include <check.h>
#include <string.h>

#include "arch.h"
#include "events.h"
#include "monitor_fixture.h"

#define MAX_STEPS	10


/*
 * A scenario: events in order, for one task; the waker's prio is in the
 * event. Each starts with a sys_exit, an update that starts the instance
 * (the event that starts an instance is never judged, docs/semantics.md section 1).
 */
struct scenario {
	const char	*what;
	int		kthread;
	bool		task_creation;
	struct rv_event	ev[MAX_STEPS];
	int		nr;
};

#define SYS(nr, a0, a1)	{ RV_EV_SYS_ENTER, .sys_enter = { .id = (nr), .args = { (a0), (a1) } } }
#define EXIT		{ RV_EV_SYS_EXIT }
#define SLEEP		{ RV_EV_SWITCH_OUT, .prev_state = RV_TASK_INTERRUPTIBLE }
#define WAKING(ctx, waker) { RV_EV_WAKING, .waking = { .context = (ctx), .waker_prio = (waker), \
					.wakee_prio = 50 } }
#define WAKEUP		{ RV_EV_WAKEUP }
#define IN		{ RV_EV_SWITCH_IN }
#define FAULT		{ RV_EV_PAGE_FAULT }

/* x86_64 numbers */
#define CLOCK_NANOSLEEP	230
#define FUTEX		202
#define EPOLL_WAIT	232

static int run(const char *profile, const char *monitor, const struct scenario *s)
{
	const struct rv_profile *p = rv_profile_find(profile);
	const struct rv_monitor *m = p ? rv_profile_monitor(p, monitor) : NULL;
	struct fixture f;

	ck_assert_msg(p, "no profile %s", profile);
	if (!m)
		return -1;	/* the profile has no such monitor */
	fixture_init_monitor(&f, m, 1, s->kthread, s->kthread ? "kworker/0:1" : "app",
			     s->task_creation);
	f.task.prio = 50;
	for (int i = 0; i < s->nr; i++) {
		struct rv_event ev = s->ev[i];

		ev.sys_enter.table = arch_syscalls("x86_64");
		if (ev.type != RV_EV_SYS_ENTER)
			ev.sys_enter.table = NULL, ev = s->ev[i];
		rv_handle(&f.t, &ev);
	}
	return f.violations;
}

static void expect(const char *profile, const char *monitor, const struct scenario *s, int want)
{
	int got = run(profile, monitor, s);

	ck_assert_msg(got == want, "%s, %s under %s: %d violations, expected %d", s->what,
		      monitor, profile, got, want);
}

/* The KUnit vectors of the kernel (7.3), and what they mean in each profile. */
START_TEST(test_kunit_pagefault)
{
	struct scenario s = { "fault while not RT, then while RT", 0, true, { EXIT, FAULT }, 2 };
	struct fixture f;

	for (const struct rv_profile *p = rv_profiles; p->name; p++) {
		fixture_init_monitor(&f, rv_profile_monitor(p, "pagefault"), 0, 0, "app", true);
		fixture_event(&f, RV_EV_PAGE_FAULT);
		ck_assert_int_eq(f.violations, 0);
		f.task.rt = 1;
		fixture_event(&f, RV_EV_PAGE_FAULT);
		ck_assert_msg(f.violations == 1, "%s under %s", s.what, p->name);
	}
}
END_TEST

START_TEST(test_kunit_sleep_realtime)
{
	struct scenario s = { "clock_nanosleep CLOCK_REALTIME then sleep", 0, true,
			      { EXIT, SYS(CLOCK_NANOSLEEP, RV_CLOCK_REALTIME, RV_TIMER_ABSTIME), SLEEP }, 3 };

	expect("6.17", "sleep", &s, 1);
	expect("7.1", "sleep", &s, 1);
	expect("7.3", "sleep", &s, 1);
}
END_TEST

START_TEST(test_kunit_sleep_lower_waker)
{
	struct scenario s73 = { "FUTEX_WAIT, sleep, woken by lower prio, scheduled in", 0, true,
				{ EXIT, SYS(FUTEX, 0, 0), SLEEP, WAKING(0, 60), IN }, 5 };
	struct scenario s617 = { "FUTEX_WAIT, sleep, woken by lower prio, wakeup", 0, true,
				 { EXIT, SYS(FUTEX, 0, 0), SLEEP, WAKING(0, 60), WAKEUP }, 5 };

	expect("7.3", "sleep", &s73, 1);
	/* 6.17 ends a sleep at WAKE, not at the switch-in */
	expect("6.17", "sleep", &s73, 0);
	expect("6.17", "sleep", &s617, 1);
	expect("7.1", "sleep", &s617, 1);
}
END_TEST

/* 7.3 accepts any clock but CLOCK_REALTIME for an absolute sleep. */
START_TEST(test_boottime_absolute)
{
	struct scenario s = { "absolute CLOCK_BOOTTIME sleep", 0, true,
			      { EXIT, SYS(CLOCK_NANOSLEEP, RV_CLOCK_BOOTTIME, RV_TIMER_ABSTIME), SLEEP,
				WAKING(RV_CTX_HARDIRQ, 120), WAKEUP, IN }, 6 };

	expect("6.17", "sleep", &s, 1);
	expect("7.1", "sleep", &s, 1);
	expect("7.3", "sleep", &s, 0);
}
END_TEST

/* Relative sleeps are not real-time safe in any profile (whatever the clock). */
START_TEST(test_boottime_relative)
{
	struct scenario s = { "relative CLOCK_BOOTTIME sleep", 0, true,
			      { EXIT, SYS(CLOCK_NANOSLEEP, RV_CLOCK_BOOTTIME, 0), SLEEP }, 3 };

	expect("6.17", "sleep", &s, 1);
	expect("7.3", "sleep", &s, 1);
}
END_TEST

START_TEST(test_rt_kthread)
{
	struct scenario s = { "RT kernel thread woken by a lower prio task", 1, true,
			      { EXIT, SLEEP, WAKING(0, 60), WAKEUP, IN }, 5 };

	expect("6.17", "sleep", &s, 1);
	expect("7.3", "sleep", &s, 0);
	expect("7.3", "wakeup", &s, 0);
}
END_TEST

START_TEST(test_epoll_wait)
{
	struct scenario s = { "sleep in epoll_wait", 0, true,
			      { EXIT, SYS(EPOLL_WAIT, 3, 0), SLEEP, WAKING(RV_CTX_HARDIRQ, 120), WAKEUP,
				IN }, 6 };

	expect("6.17", "sleep", &s, 1);
	expect("7.1", "sleep", &s, 0);
	expect("7.3", "sleep", &s, 0);
}
END_TEST

START_TEST(test_softirq_waker)
{
	struct scenario s = { "futex wait woken from a softirq", 0, true,
			      { EXIT, SYS(FUTEX, 0, 0), SLEEP, WAKING(RV_CTX_SOFTIRQ, 120) }, 4 };
	struct scenario nested = { "woken from a hard irq nested in a softirq", 0, true,
				   { EXIT, SYS(FUTEX, 0, 0), SLEEP,
				     WAKING(RV_CTX_SOFTIRQ | RV_CTX_HARDIRQ, 120) }, 4 };
	struct scenario hard = { "woken from a hard irq", 0, true,
				 { EXIT, SYS(FUTEX, 0, 0), SLEEP, WAKING(RV_CTX_HARDIRQ, 120) }, 4 };
	struct scenario pi = { "softirq waker while waiting on a PI futex", 0, true,
			       { EXIT, SYS(FUTEX, 0, 6), SLEEP, WAKING(RV_CTX_SOFTIRQ, 120) }, 4 };

	expect("7.3", "wakeup", &s, 1);
	expect("7.3", "wakeup", &nested, 1);
	expect("7.3", "wakeup", &hard, 0);
	expect("7.3", "wakeup", &pi, 0);
	ck_assert_int_eq(run("6.17", "wakeup", &s), -1);	/* no such monitor before 7.3 */
}
END_TEST

START_TEST(test_wakeup_lower_prio)
{
	struct scenario lower = { "woken by a lower prio task", 0, true, { EXIT, WAKING(0, 60) }, 2 };
	struct scenario equal = { "woken by an equal prio task", 0, true, { EXIT, WAKING(0, 50) }, 2 };
	struct scenario unknown = { "waker prio unknown", 0, true,
				    { EXIT, WAKING(0, RV_PRIO_UNKNOWN) }, 2 };

	expect("7.3", "wakeup", &lower, 1);
	expect("7.3", "wakeup", &equal, 0);
	expect("7.3", "wakeup", &unknown, 0);
}
END_TEST

/* sys_exit updates FUTEX_LOCK_PI in wakeup: a step (a set in sleep). */
START_TEST(test_wakeup_sys_exit_steps)
{
	const struct rv_profile *p = rv_profile_find("7.3");
	struct fixture f;

	fixture_init_monitor(&f, rv_profile_monitor(p, "wakeup"), 0, 0, "app", true);
	fixture_event(&f, RV_EV_SYS_EXIT);	/* starts: every atom known */
	f.steps = 0;
	fixture_event(&f, RV_EV_SYS_EXIT);
	ck_assert_int_eq(f.steps, 1);
	fixture_init_monitor(&f, rv_profile_monitor(p, "sleep"), 0, 0, "app", true);
	fixture_event(&f, RV_EV_SYS_EXIT);
	f.steps = 0;
	fixture_event(&f, RV_EV_SYS_EXIT);
	ck_assert_int_eq(f.steps, 1);	/* the update of CLOCK_NANOSLEEP */
}
END_TEST

Suite *profiles_suite(void)
{
	Suite *s = suite_create("profiles");
	TCase *tc = tcase_create("differences");

	tcase_add_test(tc, test_kunit_pagefault);
	tcase_add_test(tc, test_kunit_sleep_realtime);
	tcase_add_test(tc, test_kunit_sleep_lower_waker);
	tcase_add_test(tc, test_boottime_absolute);
	tcase_add_test(tc, test_boottime_relative);
	tcase_add_test(tc, test_rt_kthread);
	tcase_add_test(tc, test_epoll_wait);
	tcase_add_test(tc, test_softirq_waker);
	tcase_add_test(tc, test_wakeup_lower_prio);
	tcase_add_test(tc, test_wakeup_sys_exit_steps);
	suite_add_tcase(s, tc);
	return s;
}
