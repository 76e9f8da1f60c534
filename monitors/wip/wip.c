// SPDX-License-Identifier: GPL-2.0
/*
 * wip: wakeups happen only with preemption disabled (wakeup in
 * preemptive), the kernel's per-CPU sample DA (Linux 6.0,
 * kernel/trace/rv/monitors/wip/wip.c; docs/semantics.md section 11). Its
 * events are the preemptirq tracepoints, which only kernels built with
 * PREEMPT_TRACER have. Monitoring of a CPU starts at its first
 * preempt_enable, not at that event.
 */
#include "../da/da_core.h"
#include "wip.h"

DA_AUTOMATON(wip_automaton, wip);

/* The kernel's handle_preempt_disable(). */
static void wip_on_preempt_disable(struct rv_target *t, const struct rv_event *ev)
{
	da_handle_event(t, preempt_disable_wip);
}

/* The kernel's handle_preempt_enable(): the start event. */
static void wip_on_preempt_enable(struct rv_target *t, const struct rv_event *ev)
{
	da_handle_start_event(t, preempt_enable_wip);
}

/* The kernel's handle_sched_waking(), whoever is woken. */
static void wip_on_waking(struct rv_target *t, const struct rv_event *ev)
{
	da_handle_event(t, sched_waking_wip);
}

const struct rv_monitor wip_monitor = {
	.name		= "wip",
	.type		= RV_MONITOR_DA,
	.instance	= RV_PER_CPU,
	.description	= "wakeups happen only with preemption disabled",
	.version	= "6.0",
	.spec		= "models/wip.dot",
	.automaton	= &wip_automaton,
	.start_rule	= "its CPU's first preempt_enable",
	.on = {
		[RV_EV_PREEMPT_DISABLE]	= wip_on_preempt_disable,
		[RV_EV_PREEMPT_ENABLE]	= wip_on_preempt_enable,
		[RV_EV_WAKING]		= wip_on_waking,
	},
	.roles = {
		[RV_EV_PREEMPT_DISABLE]	= "preempt_disable: the CPU's preemption goes off",
		[RV_EV_PREEMPT_ENABLE]	= "preempt_enable: on again; monitoring of the CPU starts",
		[RV_EV_WAKING]		= "sched_waking: a wakeup runs on the CPU",
	},
};
