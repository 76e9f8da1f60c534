/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The atom map, handler table and roles of sleep as 6.17 made it (a sleep
 * ends at WAKE), which 7.1 keeps: initializers expanded in each version's
 * descriptor, against the atom enum of the automaton header it includes.
 */
#ifndef SLEEP_MAP_H
#define SLEEP_MAP_H

#define SLEEP_WAKE_ATOMS							\
	.sleep				= RTAPP_AT(LTL_SLEEP),			\
	.wake				= RTAPP_AT(LTL_WAKE),			\
	.abort_sleep			= RTAPP_AT(LTL_ABORT_SLEEP),		\
	.woken_by_hardirq		= RTAPP_AT(LTL_WOKEN_BY_HARDIRQ),	\
	.woken_by_nmi			= RTAPP_AT(LTL_WOKEN_BY_NMI),		\
	.woken_by_equal_or_higher_prio	= RTAPP_AT(LTL_WOKEN_BY_EQUAL_OR_HIGHER_PRIO), \
	.rt				= RTAPP_AT(LTL_RT),			\
	.kernel_thread			= RTAPP_AT(LTL_KERNEL_THREAD),		\
	.task_is_rcu			= RTAPP_AT(LTL_TASK_IS_RCU),		\
	.task_is_migration		= RTAPP_AT(LTL_TASK_IS_MIGRATION),	\
	.kthread_should_stop		= RTAPP_AT(LTL_KTHREAD_SHOULD_STOP),	\
	.block_on_rt_mutex		= RTAPP_AT(LTL_BLOCK_ON_RT_MUTEX),	\
	.clock_nanosleep		= RTAPP_AT(LTL_CLOCK_NANOSLEEP),	\
	.nanosleep_timer_abstime	= RTAPP_AT(LTL_NANOSLEEP_TIMER_ABSTIME), \
	.nanosleep_clock_monotonic	= RTAPP_AT(LTL_NANOSLEEP_CLOCK_MONOTONIC), \
	.nanosleep_clock_tai		= RTAPP_AT(LTL_NANOSLEEP_CLOCK_TAI),	\
	.futex_wait			= RTAPP_AT(LTL_FUTEX_WAIT),		\
	.futex_lock_pi			= RTAPP_AT(LTL_FUTEX_LOCK_PI)

#define SLEEP_WAKE_HANDLERS							\
	[RV_EV_SWITCH_OUT]	 = rtapp_on_switch_out,				\
	[RV_EV_WAKING]		 = rtapp_on_waking_friendly,			\
	[RV_EV_WAKEUP]		 = rtapp_on_wakeup,				\
	[RV_EV_CONTENTION_BEGIN] = rtapp_on_contention_begin,			\
	[RV_EV_CONTENTION_END]	 = rtapp_on_contention_end,			\
	[RV_EV_SYS_ENTER]	 = rtapp_on_sys_enter,				\
	[RV_EV_SYS_EXIT]	 = rtapp_on_sys_exit_sleep,			\
	[RV_EV_KTHREAD_STOP]	 = rtapp_on_kthread_stop

/* All but SYS_ENTER's, which says what each version accepts. */
#define SLEEP_WAKE_ROLES							\
	[RV_EV_SWITCH_OUT]	 = "sleeps (switch-out in TASK_INTERRUPTIBLE)",	\
	[RV_EV_WAKING]		 = "who woke the task, from which context",	\
	[RV_EV_WAKEUP]		 = "the end of each sleep (WAKE)",		\
	[RV_EV_CONTENTION_BEGIN] = "blocking on an rt_mutex (allowlisted)",	\
	[RV_EV_CONTENTION_END]	 = "the end of rt_mutex blocking",		\
	[RV_EV_SYS_EXIT]	 = "the end of each system call",		\
	[RV_EV_KTHREAD_STOP]	 = "kthread_stop() of kernel threads"

#endif /* SLEEP_MAP_H */
