/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtapp/sleep: a real-time task may only sleep in ways safe for real time,
 * and must be woken by something that does not delay it. Event to atom,
 * handler by handler as semantics.md section 4 gives them.
 */
#include "../ltl/ltl_core.h"
#include "../events.h"
#include "sleep.h"

LTL_AUTOMATON(sleep_automaton);

static bool starts_with(const char *s, const char *prefix)
{
	if (!s)
		return false;
	while (*prefix)
		if (*s++ != *prefix++)
			return false;
	return true;
}

/* The part of ltl_atoms_init() that depends on PF_KTHREAD. */
static void sleep_init_kind(struct rv_target *t)
{
	if (t->task->kthread == 1) {
		ltl_set(t, LTL_KERNEL_THREAD, true);
		/* kernel threads make no system calls */
		ltl_set(t, LTL_FUTEX_WAIT, false);
		ltl_set(t, LTL_FUTEX_LOCK_PI, false);
		ltl_set(t, LTL_NANOSLEEP_CLOCK_MONOTONIC, false);
		ltl_set(t, LTL_NANOSLEEP_CLOCK_TAI, false);
		ltl_set(t, LTL_NANOSLEEP_TIMER_ABSTIME, false);
		ltl_set(t, LTL_CLOCK_NANOSLEEP, false);
		ltl_set(t, LTL_TASK_IS_MIGRATION, starts_with(t->task->init_comm, "migration/"));
		ltl_set(t, LTL_TASK_IS_RCU, starts_with(t->task->init_comm, "rcu"));
	} else if (t->task->kthread == 0) {
		ltl_set(t, LTL_KTHREAD_SHOULD_STOP, false);
		ltl_set(t, LTL_KERNEL_THREAD, false);
		ltl_set(t, LTL_TASK_IS_RCU, false);
		ltl_set(t, LTL_TASK_IS_MIGRATION, false);
	}
}

static void sleep_init(struct rv_target *t, bool task_creation)
{
	ltl_set(t, LTL_SLEEP, false);
	ltl_set(t, LTL_WAKE, false);
	ltl_set(t, LTL_ABORT_SLEEP, false);
	ltl_set(t, LTL_WOKEN_BY_HARDIRQ, false);
	ltl_set(t, LTL_WOKEN_BY_NMI, false);
	ltl_set(t, LTL_WOKEN_BY_EQUAL_OR_HIGHER_PRIO, false);
	if (task_creation) {
		ltl_set(t, LTL_KTHREAD_SHOULD_STOP, false);
		ltl_set(t, LTL_NANOSLEEP_CLOCK_MONOTONIC, false);
		ltl_set(t, LTL_NANOSLEEP_CLOCK_TAI, false);
		ltl_set(t, LTL_NANOSLEEP_TIMER_ABSTIME, false);
		ltl_set(t, LTL_CLOCK_NANOSLEEP, false);
		ltl_set(t, LTL_FUTEX_WAIT, false);
		ltl_set(t, LTL_FUTEX_LOCK_PI, false);
		ltl_set(t, LTL_BLOCK_ON_RT_MUTEX, false);
	}
	sleep_init_kind(t);
}

static void sleep_fetch(struct rv_target *t)
{
	rv_fetch_rt(t, LTL_RT);
}

static void sleep_on_switch_out(struct rv_target *t, const struct rv_event *ev)
{
	if (rv_switched_out_sleeping(ev->prev_state))
		ltl_pulse(t, LTL_SLEEP, true);
}

static void sleep_on_waking(struct rv_target *t, const struct rv_event *ev)
{
	unsigned int ctx = ev->waking.context;

	if (ctx & RV_CTX_HARDIRQ) {
		ltl_pulse(t, LTL_WOKEN_BY_HARDIRQ, true);
	} else if (!(ctx & (RV_CTX_SOFTIRQ | RV_CTX_NMI))) {
		if (ev->waking.waker_prio != RV_PRIO_UNKNOWN &&
		    ev->waking.waker_prio <= ev->waking.wakee_prio)
			ltl_pulse(t, LTL_WOKEN_BY_EQUAL_OR_HIGHER_PRIO, true);
	} else if (ctx & RV_CTX_NMI) {
		ltl_pulse(t, LTL_WOKEN_BY_NMI, true);
	}
}

static void sleep_on_wakeup(struct rv_target *t, const struct rv_event *ev)
{
	ltl_pulse(t, LTL_WAKE, true);
}

static void sleep_on_contention_begin(struct rv_target *t, const struct rv_event *ev)
{
	if (ev->lock_flags & RV_LCB_F_RT)
		ltl_update(t, LTL_BLOCK_ON_RT_MUTEX, true);
}

static void sleep_on_contention_end(struct rv_target *t, const struct rv_event *ev)
{
	ltl_update(t, LTL_BLOCK_ON_RT_MUTEX, false);
}

static void sleep_on_sys_enter(struct rv_target *t, const struct rv_event *ev)
{
	rv_infer_not_blocked(t, LTL_BLOCK_ON_RT_MUTEX);
	if (rv_is_clock_nanosleep(ev)) {
		ltl_set(t, LTL_NANOSLEEP_CLOCK_MONOTONIC, ev->sys_enter.args[0] == RV_CLOCK_MONOTONIC);
		ltl_set(t, LTL_NANOSLEEP_CLOCK_TAI, ev->sys_enter.args[0] == RV_CLOCK_TAI);
		ltl_set(t, LTL_NANOSLEEP_TIMER_ABSTIME, ev->sys_enter.args[1] == RV_TIMER_ABSTIME);
		ltl_update(t, LTL_CLOCK_NANOSLEEP, true);
		return;
	}
	switch (rv_futex_kind(ev)) {
	case RV_FUTEX_LOCK_PI:
		ltl_update(t, LTL_FUTEX_LOCK_PI, true);
		break;
	case RV_FUTEX_WAIT:
		ltl_update(t, LTL_FUTEX_WAIT, true);
		break;
	default:
		break;
	}
}

static void sleep_on_sys_exit(struct rv_target *t, const struct rv_event *ev)
{
	rv_infer_not_blocked(t, LTL_BLOCK_ON_RT_MUTEX);
	ltl_set(t, LTL_FUTEX_LOCK_PI, false);
	ltl_set(t, LTL_FUTEX_WAIT, false);
	ltl_set(t, LTL_NANOSLEEP_TIMER_ABSTIME, false);
	ltl_set(t, LTL_NANOSLEEP_CLOCK_MONOTONIC, false);
	ltl_set(t, LTL_NANOSLEEP_CLOCK_TAI, false);
	ltl_update(t, LTL_CLOCK_NANOSLEEP, false);
}

static void sleep_on_kthread_stop(struct rv_target *t, const struct rv_event *ev)
{
	ltl_update(t, LTL_KTHREAD_SHOULD_STOP, true);
}

const struct rv_monitor sleep_monitor = {
	.name		= "sleep",
	.description	= "a real-time task may only sleep in real-time safe ways, woken by equal or higher priority",
	.automaton	= &sleep_automaton,
	.init		= sleep_init,
	.kthread_learned = sleep_init_kind,
	.fetch		= sleep_fetch,
	.on = {
		[RV_EV_SWITCH_OUT]	 = sleep_on_switch_out,
		[RV_EV_WAKING]		 = sleep_on_waking,
		[RV_EV_WAKEUP]		 = sleep_on_wakeup,
		[RV_EV_CONTENTION_BEGIN] = sleep_on_contention_begin,
		[RV_EV_CONTENTION_END]	 = sleep_on_contention_end,
		[RV_EV_SYS_ENTER]	 = sleep_on_sys_enter,
		[RV_EV_SYS_EXIT]	 = sleep_on_sys_exit,
		[RV_EV_KTHREAD_STOP]	 = sleep_on_kthread_stop,
	},
};
