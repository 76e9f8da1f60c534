// SPDX-License-Identifier: GPL-2.0
/*
 * rtapp/wakeup, profile 7.3: a real-time user thread must not be woken by
 * a lower-priority task or from a softirq, unless it waits on a PI lock
 * (docs/semantics.md section 8). The violation belongs to the woken task, at
 * the sched_waking record.
 */
#include "../../rtapp/rtapp.h"
#include "wakeup.h"

LTL_AUTOMATON(wakeup_automaton);

static const struct rtapp_atoms wakeup_atoms = {
	.woken_by_lower_prio	= RTAPP_AT(LTL_WOKEN_BY_LOWER_PRIO),
	.woken_by_softirq	= RTAPP_AT(LTL_WOKEN_BY_SOFTIRQ),
	.rt			= RTAPP_AT(LTL_RT),
	.user_thread		= RTAPP_AT(LTL_USER_THREAD),
	.block_on_rt_mutex	= RTAPP_AT(LTL_BLOCK_ON_RT_MUTEX),
	.futex_lock_pi		= RTAPP_AT(LTL_FUTEX_LOCK_PI),
};

const struct rv_monitor wakeup_monitor = {
	.name		= "wakeup",
	.type		= RV_MONITOR_LTL,
	.instance	= RV_PER_TASK,
	.container	= &rtapp_container,
	.description	= "a real-time user thread must not be woken by a lower priority task or a softirq",
	.version	= "7.3",
	.spec		= "models/rtapp/7.3/wakeup.ltl",
	.wake_rule	= "user threads: never woken by a lower priority task or from a soft irq, unless waiting on a PI lock",
	.automaton	= &wakeup_automaton,
	.init		= rtapp_init,
	.kthread_learned = rtapp_kthread_learned,
	.fetch		= rtapp_fetch,
	.user_threads_only = true,
	.priv		= &wakeup_atoms,
	.on = {
		[RV_EV_WAKING]		 = rtapp_on_waking_blame,
		[RV_EV_CONTENTION_BEGIN] = rtapp_on_contention_begin,
		[RV_EV_CONTENTION_END]	 = rtapp_on_contention_end,
		[RV_EV_SYS_ENTER]	 = rtapp_on_sys_enter,
		[RV_EV_SYS_EXIT]	 = rtapp_on_sys_exit_lock_pi,
	},
	.roles = {
		[RV_EV_WAKING]		 = "who woke the task, from which context",
		[RV_EV_CONTENTION_BEGIN] = "blocking on an rt_mutex (allowlisted)",
		[RV_EV_CONTENTION_END]	 = "the end of rt_mutex blocking",
		[RV_EV_SYS_ENTER]	 = "futex LOCK_PI (allowlisted)",
		[RV_EV_SYS_EXIT]	 = "the end of each system call",
	},
};
