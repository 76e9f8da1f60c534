// SPDX-License-Identifier: GPL-2.0
/*
 * rtapp/sleep, profile 7.1 (Linux 7.1 and 7.2): as 6.17, and epoll_wait
 * is a valid sleep reason (docs/semantics.md section 8).
 */
#include "../../rtapp/rtapp.h"
#include "../sleep_map.h"
#include "sleep.h"

LTL_AUTOMATON(sleep_7_1_automaton);

static const struct rtapp_atoms sleep_7_1_atoms = {
	SLEEP_WAKE_ATOMS,
	.epoll_wait			= RTAPP_AT(LTL_EPOLL_WAIT),
};

const struct rv_monitor sleep_7_1_monitor = {
	.name		= "sleep",
	.type		= RV_MONITOR_LTL,
	.instance	= RV_PER_TASK,
	.container	= &rtapp_container,
	.description	= "a real-time task may only sleep in real-time safe ways, woken by equal or higher priority",
	.version	= "7.1",
	.changes	= "epoll_wait is a valid sleep reason",
	.spec		= "models/rtapp/7.1/sleep.ltl",
	.sleep_rule	= "only futex wait, epoll_wait, or clock_nanosleep with TIMER_ABSTIME on CLOCK_MONOTONIC or CLOCK_TAI (kernel threads: any); PI locks, rcu and migration threads excepted",
	.wake_rule	= "woken only by an equal or higher priority task, a hard irq or an NMI (or kthread_stop, or the sleep aborted)",
	.automaton	= &sleep_7_1_automaton,
	.init		= rtapp_init,
	.kthread_learned = rtapp_kthread_learned,
	.fetch		= rtapp_fetch,
	.priv		= &sleep_7_1_atoms,
	.on = { SLEEP_WAKE_HANDLERS },
	.roles = {
		SLEEP_WAKE_ROLES,
		[RV_EV_SYS_ENTER]	= "why the task sleeps: clock_nanosleep, futex, epoll_wait",
	},
};
