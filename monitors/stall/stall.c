// SPDX-License-Identifier: GPL-2.0
/*
 * stall: a task made runnable must run within a threshold (Linux 7.1,
 * kernel/trace/rv/monitors/stall/stall.c; docs/semantics.md section 10).
 * A hybrid automaton per task: woken (sched_wakeup) or preempted, it is
 * enqueued with its clock reset, and must be switched in before the clock
 * reaches threshold_jiffies (a parameter, 1000 by default). Monitoring of
 * a task starts at its first switch-out to wait, not at this event.
 */
#include "../ha/ha_core.h"
#include "../events.h"
#include "stall.h"

HA_AUTOMATON(stall_automaton, stall);

/* The kernel's handle_sched_switch(), for prev: a wait is a start. */
static void stall_on_switch_out(struct rv_target *t, const struct rv_event *ev)
{
	if (rv_switched_out_waiting(ev->prev_state))
		da_handle_start_event(t, sched_switch_wait_stall);
	else
		da_handle_event(t, sched_switch_preempt_stall);
}

/* The kernel's handle_sched_switch(), for next. */
static void stall_on_switch_in(struct rv_target *t, const struct rv_event *ev)
{
	da_handle_event(t, sched_switch_in_stall);
}

/* The kernel's handle_sched_wakeup(). */
static void stall_on_wakeup(struct rv_target *t, const struct rv_event *ev)
{
	da_handle_event(t, sched_wakeup_stall);
}

const struct rv_monitor stall_monitor = {
	.name		= "stall",
	.type		= RV_MONITOR_HA,
	.instance	= RV_PER_TASK,
	.description	= "a runnable task runs within a threshold",
	.version	= "7.1",
	.spec		= "models/stall.dot",
	.automaton	= &stall_automaton,
	.every_task	= true,
	.start_rule	= "its first switch-out to wait (not preempted, not running)",
	.params		= { { "threshold_jiffies", 1000 } },
	.on = {
		[RV_EV_SWITCH_OUT]	= stall_on_switch_out,
		[RV_EV_SWITCH_IN]	= stall_on_switch_in,
		[RV_EV_WAKEUP]		= stall_on_wakeup,
	},
	.roles = {
		[RV_EV_SWITCH_OUT]	= "sched_switch_wait (a start) or sched_switch_preempt",
		[RV_EV_SWITCH_IN]	= "sched_switch_in: a task runs",
		[RV_EV_WAKEUP]		= "sched_wakeup: a task is runnable, its clock reset",
	},
};
