// SPDX-License-Identifier: GPL-2.0
/*
 * rtapp/sleep, profile 6.17 (Linux 6.17 to 7.0): a real-time task may only
 * sleep in ways safe for real time, and must be woken by something that
 * does not delay it. The handlers are the shared rtapp ones.
 */
#include "../rtapp/rtapp.h"
#include "sleep_map.h"
#include "sleep.h"

LTL_AUTOMATON(sleep_automaton);

static const struct rtapp_atoms sleep_atoms = {
	SLEEP_WAKE_ATOMS,
};

const struct rv_monitor sleep_monitor = {
	.name		= "sleep",
	.type		= RV_MONITOR_LTL,
	.instance	= RV_PER_TASK,
	.container	= &rtapp_container,
	.description	= "a real-time task may only sleep in real-time safe ways, woken by equal or higher priority",
	.version	= "6.17",
	.spec		= "models/rtapp/sleep.ltl",
	.sleep_rule	= "only futex wait, or clock_nanosleep with TIMER_ABSTIME on CLOCK_MONOTONIC or CLOCK_TAI (kernel threads: any); PI locks, rcu and migration threads excepted",
	.wake_rule	= "woken only by an equal or higher priority task, a hard irq or an NMI (or kthread_stop, or the sleep aborted)",
	.automaton	= &sleep_automaton,
	.init		= rtapp_init,
	.kthread_learned = rtapp_kthread_learned,
	.fetch		= rtapp_fetch,
	.priv		= &sleep_atoms,
	.on = { SLEEP_WAKE_HANDLERS },
	.roles = {
		SLEEP_WAKE_ROLES,
		[RV_EV_SYS_ENTER]	= "why the task sleeps: clock_nanosleep, futex",
	},
};
