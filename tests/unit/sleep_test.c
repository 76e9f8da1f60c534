// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sleep monitor's handlers, table-driven: event values in, atom
 * operations out (docs/semantics.md section 4). An operation is seen in the
 * steps it causes: a pulse of A is two steps with A = 1 then 0, an update
 * one step, a set none.
 */
#include <check.h>
#include <string.h>

#include "arch.h"
#include "monitor_fixture.h"
#include "sleep/sleep.h"

static const struct rv_syscalls *arch(const char *name)
{
	const struct rv_syscalls *s = arch_syscalls(name);

	ck_assert_msg(s, "no system call numbers for %s", name);
	return s;
}

/* An atom's expected value; lists end at the first zero entry. */
struct check_atom {
	int	atom1;		/* the atom's index + 1 */
	int	value;		/* 1, 0, RV_UNKNOWN */
};

#define AT(atom, value)	{ (atom) + 1, (value) }

struct handler_case {
	const char	*what;
	struct rv_event	ev;
	const char	*arch;		/* for sys_enter */
	int		atom;		/* whose steps are checked */
	const char	*steps;		/* its value at each step */
	struct check_atom after[4];
};

#define CTX(c, waker, wakee) .waking = { .context = (c), .waker_prio = (waker), .wakee_prio = (wakee) }
#define SYS(nr, a0, a1) .sys_enter = { .id = (nr), .args = { (a0), (a1) } }

static const struct handler_case cases[] = {
	{ "switch out sleeping", { RV_EV_SWITCH_OUT, .prev_state = 0x1 }, NULL, LTL_SLEEP, "10" },
	{ "switch out preempted", { RV_EV_SWITCH_OUT, .prev_state = 0x101 }, NULL, LTL_SLEEP, "" },
	{ "switch out runnable", { RV_EV_SWITCH_OUT, .prev_state = 0x0 }, NULL, LTL_SLEEP, "" },
	{ "switch out uninterruptible", { RV_EV_SWITCH_OUT, .prev_state = 0x2 }, NULL, LTL_SLEEP, "" },
	{ "switch out idle (I)", { RV_EV_SWITCH_OUT, .prev_state = 0x80 }, NULL, LTL_SLEEP, "" },
	{ "woken in hard irq", { RV_EV_WAKING, CTX(RV_CTX_HARDIRQ, 120, 10) }, NULL,
	  LTL_WOKEN_BY_HARDIRQ, "10" },
	{ "woken in NMI (hard irq bit too)", { RV_EV_WAKING, CTX(RV_CTX_HARDIRQ | RV_CTX_NMI, 120, 10) },
	  NULL, LTL_WOKEN_BY_HARDIRQ, "10", { AT(LTL_WOKEN_BY_NMI, 0) } },
	{ "woken in hard irq inside softirq", { RV_EV_WAKING, CTX(RV_CTX_HARDIRQ | RV_CTX_SOFTIRQ, 120, 10) },
	  NULL, LTL_WOKEN_BY_HARDIRQ, "10" },
	{ "woken by equal prio", { RV_EV_WAKING, CTX(0, 10, 10) }, NULL,
	  LTL_WOKEN_BY_EQUAL_OR_HIGHER_PRIO, "10" },
	{ "woken by higher prio", { RV_EV_WAKING, CTX(0, 5, 10) }, NULL,
	  LTL_WOKEN_BY_EQUAL_OR_HIGHER_PRIO, "10" },
	{ "woken by deadline task", { RV_EV_WAKING, CTX(0, -1, 10) }, NULL,
	  LTL_WOKEN_BY_EQUAL_OR_HIGHER_PRIO, "10" },
	{ "woken by lower prio", { RV_EV_WAKING, CTX(0, 120, 10) }, NULL,
	  LTL_WOKEN_BY_EQUAL_OR_HIGHER_PRIO, "" },
	{ "waker prio unknown", { RV_EV_WAKING, CTX(0, RV_PRIO_UNKNOWN, 10) }, NULL,
	  LTL_WOKEN_BY_EQUAL_OR_HIGHER_PRIO, "" },
	{ "woken with BH disabled is task context", { RV_EV_WAKING, CTX(0x80, 10, 10) }, NULL,
	  LTL_WOKEN_BY_EQUAL_OR_HIGHER_PRIO, "10" },
	{ "woken in softirq", { RV_EV_WAKING, CTX(RV_CTX_SOFTIRQ, 1, 10) }, NULL,
	  LTL_WOKEN_BY_EQUAL_OR_HIGHER_PRIO, "" },
	{ "woken in NMI only", { RV_EV_WAKING, CTX(RV_CTX_NMI, 120, 10) }, NULL, LTL_WOKEN_BY_NMI, "10" },
	{ "wakeup", { RV_EV_WAKEUP }, NULL, LTL_WAKE, "10" },
	{ "rt_mutex contention", { RV_EV_CONTENTION_BEGIN, .lock_flags = 0x8 }, NULL,
	  LTL_BLOCK_ON_RT_MUTEX, "1" },
	{ "rt_mutex contention with other flags", { RV_EV_CONTENTION_BEGIN, .lock_flags = 0x8 | 0x2 },
	  NULL, LTL_BLOCK_ON_RT_MUTEX, "1" },
	{ "spin contention", { RV_EV_CONTENTION_BEGIN, .lock_flags = 0x1 }, NULL,
	  LTL_BLOCK_ON_RT_MUTEX, "" },
	{ "contention end", { RV_EV_CONTENTION_END }, NULL, LTL_BLOCK_ON_RT_MUTEX, "0" },
	{ "clock_nanosleep monotonic abs", { RV_EV_SYS_ENTER, SYS(230, 1, 1) }, "x86_64",
	  LTL_CLOCK_NANOSLEEP, "1", { AT(LTL_NANOSLEEP_CLOCK_MONOTONIC, 1),
	  AT(LTL_NANOSLEEP_CLOCK_TAI, 0), AT(LTL_NANOSLEEP_TIMER_ABSTIME, 1) } },
	{ "clock_nanosleep tai rel", { RV_EV_SYS_ENTER, SYS(230, 11, 0) }, "x86_64",
	  LTL_CLOCK_NANOSLEEP, "1", { AT(LTL_NANOSLEEP_CLOCK_MONOTONIC, 0),
	  AT(LTL_NANOSLEEP_CLOCK_TAI, 1), AT(LTL_NANOSLEEP_TIMER_ABSTIME, 0) } },
	{ "clock_nanosleep realtime abs", { RV_EV_SYS_ENTER, SYS(230, 0, 1) }, "x86_64",
	  LTL_CLOCK_NANOSLEEP, "1", { AT(LTL_NANOSLEEP_CLOCK_MONOTONIC, 0),
	  AT(LTL_NANOSLEEP_CLOCK_TAI, 0), AT(LTL_NANOSLEEP_TIMER_ABSTIME, 1) } },
	{ "clock_nanosleep boottime abs", { RV_EV_SYS_ENTER, SYS(230, 7, 1) }, "x86_64",
	  LTL_CLOCK_NANOSLEEP, "1", { AT(LTL_NANOSLEEP_CLOCK_MONOTONIC, 0),
	  AT(LTL_NANOSLEEP_CLOCK_TAI, 0) } },
	{ "clock_nanosleep i386", { RV_EV_SYS_ENTER, SYS(267, 1, 1) }, "i386", LTL_CLOCK_NANOSLEEP, "1" },
	{ "clock_nanosleep_time64 i386", { RV_EV_SYS_ENTER, SYS(407, 1, 1) }, "i386",
	  LTL_CLOCK_NANOSLEEP, "1" },
	{ "clock_nanosleep riscv64", { RV_EV_SYS_ENTER, SYS(115, 1, 1) }, "riscv64",
	  LTL_CLOCK_NANOSLEEP, "1" },
	{ "clock_nanosleep arm64", { RV_EV_SYS_ENTER, SYS(115, 1, 1) }, "arm64",
	  LTL_CLOCK_NANOSLEEP, "1" },
	{ "clock_nanosleep_time64 riscv32", { RV_EV_SYS_ENTER, SYS(407, 1, 1) }, "riscv32",
	  LTL_CLOCK_NANOSLEEP, "1" },
	{ "clock_nanosleep arm", { RV_EV_SYS_ENTER, SYS(265, 1, 1) }, "arm", LTL_CLOCK_NANOSLEEP, "1" },
	{ "clock_nanosleep_time64 arm", { RV_EV_SYS_ENTER, SYS(407, 1, 1) }, "armv7l",
	  LTL_CLOCK_NANOSLEEP, "1" },
	{ "clock_nanosleep ppc64", { RV_EV_SYS_ENTER, SYS(248, 1, 1) }, "ppc64le",
	  LTL_CLOCK_NANOSLEEP, "1" },
	{ "clock_nanosleep s390x", { RV_EV_SYS_ENTER, SYS(262, 1, 1) }, "s390x",
	  LTL_CLOCK_NANOSLEEP, "1" },
	{ "no clock_nanosleep_time64 on ppc64", { RV_EV_SYS_ENTER, SYS(407, 1, 1) }, "ppc64",
	  LTL_CLOCK_NANOSLEEP, "" },
	{ "i386 number on arm", { RV_EV_SYS_ENTER, SYS(267, 1, 1) }, "arm", LTL_CLOCK_NANOSLEEP, "" },
	{ "x86_64 number on riscv64", { RV_EV_SYS_ENTER, SYS(230, 1, 1) }, "riscv64",
	  LTL_CLOCK_NANOSLEEP, "" },
	{ "riscv64 number on riscv32", { RV_EV_SYS_ENTER, SYS(115, 1, 1) }, "riscv32",
	  LTL_CLOCK_NANOSLEEP, "" },
	{ "futex wait private", { RV_EV_SYS_ENTER, SYS(202, 0, 128) }, "x86_64", LTL_FUTEX_WAIT, "1" },
	{ "futex wait bitset private realtime", { RV_EV_SYS_ENTER, SYS(202, 0, 0x189) }, "x86_64",
	  LTL_FUTEX_WAIT, "1" },
	{ "futex wait requeue pi", { RV_EV_SYS_ENTER, SYS(202, 0, 11) }, "x86_64", LTL_FUTEX_WAIT, "1" },
	{ "futex wake", { RV_EV_SYS_ENTER, SYS(202, 0, 1 | 128) }, "x86_64", LTL_FUTEX_WAIT, "" },
	{ "futex lock pi", { RV_EV_SYS_ENTER, SYS(202, 0, 6 | 128) }, "x86_64", LTL_FUTEX_LOCK_PI, "1",
	  { AT(LTL_FUTEX_WAIT, 0) } },
	{ "futex lock pi2", { RV_EV_SYS_ENTER, SYS(202, 0, 13) }, "x86_64", LTL_FUTEX_LOCK_PI, "1" },
	{ "futex unlock pi", { RV_EV_SYS_ENTER, SYS(202, 0, 7) }, "x86_64", LTL_FUTEX_LOCK_PI, "" },
	{ "futex op beyond the command bits", { RV_EV_SYS_ENTER, SYS(202, 0, 0x200) }, "x86_64",
	  LTL_FUTEX_WAIT, "" },
	{ "futex op high 32 bits ignored", { RV_EV_SYS_ENTER, SYS(202, 0, 0x100000000UL) }, "x86_64",
	  LTL_FUTEX_WAIT, "1" },
	{ "futex riscv64", { RV_EV_SYS_ENTER, SYS(98, 0, 0) }, "riscv64", LTL_FUTEX_WAIT, "1" },
	{ "futex_time64 i386", { RV_EV_SYS_ENTER, SYS(422, 0, 0) }, "i386", LTL_FUTEX_WAIT, "1" },
	{ "futex i386", { RV_EV_SYS_ENTER, SYS(240, 0, 9) }, "i386", LTL_FUTEX_WAIT, "1" },
	{ "futex_time64 riscv32", { RV_EV_SYS_ENTER, SYS(422, 0, 0) }, "riscv32", LTL_FUTEX_WAIT, "1" },
	{ "futex arm", { RV_EV_SYS_ENTER, SYS(240, 0, 0) }, "arm", LTL_FUTEX_WAIT, "1" },
	{ "futex_time64 arm", { RV_EV_SYS_ENTER, SYS(422, 0, 0) }, "armhf", LTL_FUTEX_WAIT, "1" },
	{ "futex ppc64", { RV_EV_SYS_ENTER, SYS(221, 0, 0) }, "ppc64", LTL_FUTEX_WAIT, "1" },
	{ "futex s390x", { RV_EV_SYS_ENTER, SYS(238, 0, 0) }, "s390x", LTL_FUTEX_WAIT, "1" },
	{ "ppc64 futex number on s390x", { RV_EV_SYS_ENTER, SYS(221, 0, 0) }, "s390x",
	  LTL_FUTEX_WAIT, "" },
	{ "poll is nothing", { RV_EV_SYS_ENTER, SYS(7, 0, 0) }, "x86_64", LTL_FUTEX_WAIT, "" },
	{ "invalid id -1", { RV_EV_SYS_ENTER, SYS(-1, 0, 0) }, "riscv32", LTL_CLOCK_NANOSLEEP, "" },
	{ "sys_exit", { RV_EV_SYS_EXIT }, NULL, LTL_CLOCK_NANOSLEEP, "0",
	  { AT(LTL_FUTEX_WAIT, 0), AT(LTL_FUTEX_LOCK_PI, 0), AT(LTL_NANOSLEEP_TIMER_ABSTIME, 0),
	    AT(LTL_NANOSLEEP_CLOCK_MONOTONIC, 0) } },
	{ "kthread stop", { RV_EV_KTHREAD_STOP }, NULL, LTL_KTHREAD_SHOULD_STOP, "1" },
	{ "page fault is not sleep's", { RV_EV_PAGE_FAULT }, NULL, LTL_SLEEP, "" },
	{ "switch in is not 6.17's", { RV_EV_SWITCH_IN }, NULL, LTL_SLEEP, "" },
};

START_TEST(test_handler)
{
	const struct handler_case *c = &cases[_i];
	struct rv_event ev = c->ev;
	struct fixture f;
	char seen[17];

	/* a user task born in the trace, not RT: every atom known, started */
	fixture_init(&f, "sleep", 0, 0, "task", true);
	fixture_start(&f, LTL_SLEEP);
	if (c->arch)
		ev.sys_enter.table = arch(c->arch);
	rv_handle(&f.t, &ev);
	fixture_steps_of(&f, c->atom, seen);
	ck_assert_msg(!strcmp(seen, c->steps), "%s: steps '%s', expected '%s'", c->what, seen,
		      c->steps);
	for (int k = 0; k < 4 && c->after[k].atom1; k++) {
		int atom = c->after[k].atom1 - 1;

		ck_assert_msg(fixture_value(&f, atom) == c->after[k].value, "%s: atom %d is %d",
			      c->what, atom, fixture_value(&f, atom));
	}
}
END_TEST

struct init_case {
	const char	*what;
	int		kthread;
	const char	*comm;
	bool		task_creation;
	struct check_atom expect[8];
};

#define U RV_UNKNOWN
static const struct init_case inits[] = {
	{ "user task born", 0, "app", true, {
		AT(LTL_KERNEL_THREAD, 0), AT(LTL_FUTEX_WAIT, 0), AT(LTL_BLOCK_ON_RT_MUTEX, 0),
		AT(LTL_KTHREAD_SHOULD_STOP, 0), AT(LTL_SLEEP, 0), AT(LTL_TASK_IS_RCU, 0),
		AT(LTL_CLOCK_NANOSLEEP, 0), AT(LTL_WAKE, 0) } },
	{ "user task found running", 0, "app", false, {
		AT(LTL_KERNEL_THREAD, 0), AT(LTL_FUTEX_WAIT, U), AT(LTL_BLOCK_ON_RT_MUTEX, U),
		AT(LTL_KTHREAD_SHOULD_STOP, 0), AT(LTL_CLOCK_NANOSLEEP, U),
		AT(LTL_NANOSLEEP_CLOCK_TAI, U), AT(LTL_WOKEN_BY_NMI, 0), AT(LTL_TASK_IS_MIGRATION, 0) } },
	{ "kthread found running", 1, "kworker/0:1", false, {
		AT(LTL_KERNEL_THREAD, 1), AT(LTL_FUTEX_WAIT, 0), AT(LTL_BLOCK_ON_RT_MUTEX, U),
		AT(LTL_KTHREAD_SHOULD_STOP, U), AT(LTL_CLOCK_NANOSLEEP, 0), AT(LTL_FUTEX_LOCK_PI, 0),
		AT(LTL_TASK_IS_RCU, 0), AT(LTL_TASK_IS_MIGRATION, 0) } },
	{ "rcu kthread", 1, "rcu_preempt", false, {
		AT(LTL_TASK_IS_RCU, 1), AT(LTL_TASK_IS_MIGRATION, 0) } },
	{ "migration kthread", 1, "migration/1", false, {
		AT(LTL_TASK_IS_MIGRATION, 1), AT(LTL_TASK_IS_RCU, 0) } },
	{ "kthread born as kthreadd's child", 1, "kthreadd", true, {
		AT(LTL_TASK_IS_RCU, 0), AT(LTL_KTHREAD_SHOULD_STOP, 0), AT(LTL_BLOCK_ON_RT_MUTEX, 0) } },
	{ "kthread-ness unknown", U, "x", false, {
		AT(LTL_KERNEL_THREAD, U), AT(LTL_TASK_IS_RCU, U), AT(LTL_KTHREAD_SHOULD_STOP, U),
		AT(LTL_FUTEX_WAIT, U), AT(LTL_SLEEP, 0) } },
};

START_TEST(test_init)
{
	const struct init_case *c = &inits[_i];
	struct fixture f;

	fixture_init(&f, "sleep", 1, c->kthread, c->comm, c->task_creation);
	for (int k = 0; k < 8 && c->expect[k].atom1; k++) {
		int atom = c->expect[k].atom1 - 1;

		ck_assert_msg(fixture_value(&f, atom) == c->expect[k].value,
			      "%s: atom %d is %d, expected %d", c->what, atom,
			      fixture_value(&f, atom), c->expect[k].value);
	}
	ck_assert(!rv_ltl_valid_state(&f.mon));
}
END_TEST

/* kthread-ness learned late sets what init would have, without a step. */
START_TEST(test_kthread_learned_late)
{
	struct fixture f;

	fixture_init(&f, "sleep", 1, RV_UNKNOWN, "rcu_sched", false);
	f.task.kthread = 1;
	f.t.monitor->kthread_learned(&f.t);
	ck_assert_int_eq(fixture_value(&f, LTL_KERNEL_THREAD), 1);
	ck_assert_int_eq(fixture_value(&f, LTL_TASK_IS_RCU), 1);
	ck_assert_int_eq(f.steps, 0);
	ck_assert(!rv_ltl_valid_state(&f.mon));
}
END_TEST

/* docs/semantics.md section 5: BLOCK_ON_RT_MUTEX learned at a system call boundary. */
START_TEST(test_inference)
{
	struct fixture f;
	struct rv_event ev = { .type = RV_EV_SYS_ENTER, SYS(0, 0, 0) };

	ev.sys_enter.table = arch("x86_64");
	fixture_init(&f, "sleep", 1, 0, "app", false);
	rv_handle(&f.t, &ev);
	ck_assert_int_eq(fixture_value(&f, LTL_BLOCK_ON_RT_MUTEX), 0);
	ck_assert_int_eq(fixture_value(&f, LTL_CLOCK_NANOSLEEP), RV_UNKNOWN);
	fixture_event(&f, RV_EV_SYS_EXIT);
	ck_assert(rv_ltl_valid_state(&f.mon));	/* every atom known: started */

	fixture_init(&f, "sleep", 1, 0, "app", false);
	f.t.infer = false;
	rv_handle(&f.t, &ev);
	fixture_event(&f, RV_EV_SYS_EXIT);
	ck_assert_int_eq(fixture_value(&f, LTL_BLOCK_ON_RT_MUTEX), RV_UNKNOWN);
	ck_assert(!rv_ltl_valid_state(&f.mon));
}
END_TEST

/* The rtapp scenarios end to end on the handlers. */
static int scenario(const struct rv_event *events, int n, int rt_waker_prio)
{
	struct fixture f;

	fixture_init(&f, "sleep", 1, 0, "rt", true);
	f.task.prio = 10;
	for (int i = 0; i < n; i++) {
		struct rv_event ev = events[i];

		if (ev.type == RV_EV_SYS_ENTER)
			ev.sys_enter.table = arch("x86_64");
		if (ev.type == RV_EV_WAKING)
			ev.waking.waker_prio = rt_waker_prio;
		rv_handle(&f.t, &ev);
	}
	return f.violations;
}

START_TEST(test_scenarios)
{
	const struct rv_event abs_sleep[] = {
		{ RV_EV_SYS_ENTER, SYS(230, 1, 1) }, { RV_EV_SWITCH_OUT, .prev_state = 1 },
		{ RV_EV_WAKING, CTX(RV_CTX_HARDIRQ, 0, 10) }, { RV_EV_WAKEUP }, { RV_EV_SYS_EXIT },
		{ RV_EV_SYS_ENTER, SYS(230, 1, 1) }, { RV_EV_SWITCH_OUT, .prev_state = 1 },
	};
	const struct rv_event rel_sleep[] = {
		{ RV_EV_SYS_EXIT }, { RV_EV_SYS_ENTER, SYS(230, 1, 0) },
		{ RV_EV_SWITCH_OUT, .prev_state = 1 },
	};
	const struct rv_event futex_wait[] = {
		{ RV_EV_SYS_EXIT }, { RV_EV_SYS_ENTER, SYS(202, 0, 128) },
		{ RV_EV_SWITCH_OUT, .prev_state = 1 }, { RV_EV_WAKING, CTX(0, 0, 10) },
		{ RV_EV_WAKEUP },
	};
	const struct rv_event pi_lock[] = {
		{ RV_EV_SYS_EXIT }, { RV_EV_SYS_ENTER, SYS(202, 0, 6 | 128) },
		{ RV_EV_SWITCH_OUT, .prev_state = 1 }, { RV_EV_WAKING, CTX(0, 0, 10) },
		{ RV_EV_WAKEUP },
	};
	const struct rv_event poll_sleep[] = {
		{ RV_EV_SYS_EXIT }, { RV_EV_SYS_ENTER, SYS(7, 0, 0) },
		{ RV_EV_SWITCH_OUT, .prev_state = 1 },
	};

	ck_assert_int_eq(scenario(abs_sleep, 7, 0), 0);
	ck_assert_int_eq(scenario(rel_sleep, 3, 0), 1);
	ck_assert_int_eq(scenario(futex_wait, 5, 10), 0);	/* equal prio waker */
	ck_assert_int_eq(scenario(futex_wait, 5, 50), 1);	/* lower prio waker, at WAKE */
	ck_assert_int_eq(scenario(pi_lock, 5, 120), 0);	/* allowlisted */
	ck_assert_int_eq(scenario(poll_sleep, 3, 0), 1);
}
END_TEST

Suite *sleep_suite(void)
{
	Suite *s = suite_create("sleep");
	TCase *tc = tcase_create("handlers");

	tcase_add_loop_test(tc, test_handler, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_loop_test(tc, test_init, 0, sizeof(inits) / sizeof(inits[0]));
	tcase_add_test(tc, test_kthread_learned_late);
	tcase_add_test(tc, test_inference);
	tcase_add_test(tc, test_scenarios);
	suite_add_tcase(s, tc);
	return s;
}
