// SPDX-License-Identifier: GPL-2.0
/*
 * The routing of trace events to monitor events: which tracepoint gives
 * which event, about which task (docs/semantics.md section 4). The replay
 * dispatches records with it, rvreplay diff ties live verdicts with it,
 * the events a monitor needs follow from it and its handlers, and the
 * module knows from it which tracepoints give what.
 */
#include "monitor.h"

const struct rv_route rv_routes[] = {
	{ "exceptions", "page_fault_user", RV_EV_PAGE_FAULT, RV_TO_CURRENT, true },
	{ "exceptions", "page_fault_kernel", RV_EV_PAGE_FAULT, RV_TO_CURRENT, false },
	{ "sched", "sched_switch", RV_EV_SWITCH_OUT, RV_TO_PREV, true },
	{ "sched", "sched_switch", RV_EV_SWITCH_IN, RV_TO_NEXT, true },
	{ "sched", "sched_waking", RV_EV_WAKING, RV_TO_WOKEN, true },
	{ "sched", "sched_wakeup", RV_EV_WAKEUP, RV_TO_WOKEN, true },
	{ "lock", "contention_begin", RV_EV_CONTENTION_BEGIN, RV_TO_CURRENT, false },
	{ "lock", "contention_end", RV_EV_CONTENTION_END, RV_TO_CURRENT, false },
	{ "raw_syscalls", "sys_enter", RV_EV_SYS_ENTER, RV_TO_CURRENT, true },
	{ "raw_syscalls", "sys_exit", RV_EV_SYS_EXIT, RV_TO_CURRENT, true },
	{ "sched", "sched_kthread_stop", RV_EV_KTHREAD_STOP, RV_TO_NAMED, false },
	{ "preemptirq", "preempt_disable", RV_EV_PREEMPT_DISABLE, RV_TO_CURRENT, true },
	{ "preemptirq", "preempt_enable", RV_EV_PREEMPT_ENABLE, RV_TO_CURRENT, true },
	{ NULL },
};
