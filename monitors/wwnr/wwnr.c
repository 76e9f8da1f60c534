// SPDX-License-Identifier: GPL-2.0
/*
 * wwnr: a task is woken only while it is not running (wakeup while not
 * running), the kernel's first DA monitor, per task (Linux 6.0,
 * kernel/trace/rv/monitors/wwnr/wwnr.c; docs/semantics.md section 9).
 * Monitoring of a task starts at its first switch-out in
 * TASK_INTERRUPTIBLE, not at this event.
 */
#include "../da/da_core.h"
#include "../events.h"
#include "wwnr.h"

DA_AUTOMATON(wwnr_automaton, wwnr);

/* The kernel's handle_switch(), for prev: a start only at a sleep in S. */
static void wwnr_on_switch_out(struct rv_target *t, const struct rv_event *ev)
{
	if (rv_switched_out_interruptible(ev->prev_state))
		da_handle_start_event(t, switch_out_wwnr);
	else
		da_handle_event(t, switch_out_wwnr);
}

/* The kernel's handle_switch(), for next. */
static void wwnr_on_switch_in(struct rv_target *t, const struct rv_event *ev)
{
	da_handle_event(t, switch_in_wwnr);
}

/* The kernel's handle_wakeup(), at sched_wakeup. */
static void wwnr_on_wakeup(struct rv_target *t, const struct rv_event *ev)
{
	da_handle_event(t, wakeup_wwnr);
}

const struct rv_monitor wwnr_monitor = {
	.name		= "wwnr",
	.type		= RV_MONITOR_DA,
	.instance	= RV_PER_TASK,
	.description	= "a task is woken only while it is not running",
	.version	= "6.0",
	.spec		= "models/wwnr.dot",
	.automaton	= &wwnr_automaton,
	.every_task	= true,
	.start_rule	= "its first switch-out in S (TASK_INTERRUPTIBLE)",
	.on = {
		[RV_EV_SWITCH_OUT]	= wwnr_on_switch_out,
		[RV_EV_SWITCH_IN]	= wwnr_on_switch_in,
		[RV_EV_WAKEUP]		= wwnr_on_wakeup,
	},
	.roles = {
		[RV_EV_SWITCH_OUT]	= "switch_out: a task leaves its CPU; in S, monitoring starts",
		[RV_EV_SWITCH_IN]	= "switch_in: a task runs",
		[RV_EV_WAKEUP]		= "wakeup: a task is woken",
	},
};
