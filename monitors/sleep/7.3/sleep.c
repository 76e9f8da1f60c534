// SPDX-License-Identifier: GPL-2.0
/*
 * rtapp/sleep, profile 7.3 (Linux 7.3 and later): user threads only, a
 * sleep ends when the task is scheduled in again (SCHEDULE_IN), and any
 * clock but CLOCK_REALTIME is fine for an absolute clock_nanosleep
 * (docs/semantics.md section 8).
 */
#include "../../rtapp/rtapp.h"
#include "sleep.h"

LTL_AUTOMATON(sleep_7_3_automaton);

static const struct rtapp_atoms sleep_7_3_atoms = {
	.sleep				= RTAPP_AT(LTL_SLEEP),
	.schedule_in			= RTAPP_AT(LTL_SCHEDULE_IN),
	.abort_sleep			= RTAPP_AT(LTL_ABORT_SLEEP),
	.woken_by_hardirq		= RTAPP_AT(LTL_WOKEN_BY_HARDIRQ),
	.woken_by_nmi			= RTAPP_AT(LTL_WOKEN_BY_NMI),
	.woken_by_equal_or_higher_prio	= RTAPP_AT(LTL_WOKEN_BY_EQUAL_OR_HIGHER_PRIO),
	.rt				= RTAPP_AT(LTL_RT),
	.user_thread			= RTAPP_AT(LTL_USER_THREAD),
	.block_on_rt_mutex		= RTAPP_AT(LTL_BLOCK_ON_RT_MUTEX),
	.clock_nanosleep		= RTAPP_AT(LTL_CLOCK_NANOSLEEP),
	.nanosleep_timer_abstime	= RTAPP_AT(LTL_NANOSLEEP_TIMER_ABSTIME),
	.nanosleep_clock_realtime	= RTAPP_AT(LTL_NANOSLEEP_CLOCK_REALTIME),
	.futex_wait			= RTAPP_AT(LTL_FUTEX_WAIT),
	.futex_lock_pi			= RTAPP_AT(LTL_FUTEX_LOCK_PI),
	.epoll_wait			= RTAPP_AT(LTL_EPOLL_WAIT),
};

const struct rv_monitor sleep_7_3_monitor = {
	.name		= "sleep",
	.type		= RV_MONITOR_LTL,
	.instance	= RV_PER_TASK,
	.container	= &rtapp_container,
	.description	= "a real-time user thread may only sleep in real-time safe ways, woken by equal or higher priority",
	.version	= "7.3",
	.changes	= "user threads only, woken then scheduled in (SCHEDULE_IN), any clock but CLOCK_REALTIME",
	.spec		= "models/rtapp/7.3/sleep.ltl",
	.sleep_rule	= "user threads only: futex wait, epoll_wait, or clock_nanosleep with TIMER_ABSTIME on any clock but CLOCK_REALTIME; PI locks excepted",
	.wake_rule	= "woken by an equal or higher priority task, a hard irq or an NMI (or the sleep aborted) before it is scheduled in",
	.automaton	= &sleep_7_3_automaton,
	.init		= rtapp_init,
	.kthread_learned = rtapp_kthread_learned,
	.fetch		= rtapp_fetch,
	.user_threads_only = true,
	.priv		= &sleep_7_3_atoms,
	.on = {
		[RV_EV_SWITCH_OUT]	 = rtapp_on_switch_out,
		[RV_EV_SWITCH_IN]	 = rtapp_on_switch_in,
		[RV_EV_WAKING]		 = rtapp_on_waking_friendly,
		[RV_EV_CONTENTION_BEGIN] = rtapp_on_contention_begin,
		[RV_EV_CONTENTION_END]	 = rtapp_on_contention_end,
		[RV_EV_SYS_ENTER]	 = rtapp_on_sys_enter,
		[RV_EV_SYS_EXIT]	 = rtapp_on_sys_exit_sleep,
	},
	.roles = {
		[RV_EV_SWITCH_OUT]	 = "sleeps (switch-out in TASK_INTERRUPTIBLE)",
		[RV_EV_SWITCH_IN]	 = "the end of each sleep (SCHEDULE_IN)",
		[RV_EV_WAKING]		 = "who woke the task, from which context",
		[RV_EV_CONTENTION_BEGIN] = "blocking on an rt_mutex (allowlisted)",
		[RV_EV_CONTENTION_END]	 = "the end of rt_mutex blocking",
		[RV_EV_SYS_ENTER]	 = "why the task sleeps: clock_nanosleep, futex, epoll_wait",
		[RV_EV_SYS_EXIT]	 = "the end of each system call",
	},
};
