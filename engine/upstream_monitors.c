// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's RV monitors (Linux 7.3), what each needs, and how a trace
 * could hold it.
 *
 * Where the facts come from: hooks are the rv_attach_trace_probe() lines
 * of kernel/trace/rv/monitors/<name>/<name>.c (the 6.12 tree for wip and
 * wwnr, torvalds/linux for the others); type and instance from the same
 * files (RV_MON_PER_CPU, da_monitor.h or ha_monitor.h); "since" is the
 * merge window of the commits that added them (sco, snroc, scpd, snep:
 * 2025-03, 6.15; sts, nrp, sssw, opid: 2025-07, 6.17). Not verified here,
 * taken from issue 29: stall and nomiss since 7.1, and opid a hybrid
 * automaton from 7.1 (its conversion is dated 2026-03). The sched_dl_*_tp
 * argument names are not verified either: their probes fetch $arg*.
 */
#include <stdio.h>
#include <string.h>

#include "monitor.h"
#include "upstream_monitors.h"

/*
 * One probe per raw tracepoint no trace event exposes, fetching what any
 * handler reads: tprobe events (Documentation/trace/fprobetrace.rst),
 * named arguments through BTF. The group is not "rvreplay": our kernel
 * module's events have that system.
 */
#define PROBE_SET_STATE		"t:rvprobe/sched_set_state sched_set_state_tp pid=tsk->pid state=state"
#define PROBE_ENTRY		"t:rvprobe/sched_entry sched_entry_tp preempt=preempt"
#define PROBE_EXIT		"t:rvprobe/sched_exit sched_exit_tp is_switch=is_switch"
#define PROBE_NEED_RESCHED	"t:rvprobe/sched_need_resched sched_set_need_resched_tp " \
				"pid=tsk->pid cpu=cpu tif=tif"
#define PROBE_DL_REPLENISH	"t:rvprobe/sched_dl_replenish sched_dl_replenish_tp $arg*"
#define PROBE_DL_THROTTLE	"t:rvprobe/sched_dl_throttle sched_dl_throttle_tp $arg*"
#define PROBE_DL_SERVER_STOP	"t:rvprobe/sched_dl_server_stop sched_dl_server_stop_tp $arg*"

/* The x86 interrupt vectors sts and nrp also take (CONFIG_X86_LOCAL_APIC). */
#define X86_VECTORS	"irq_vectors:local_timer_entry", "irq_vectors:irq_work_entry", \
			"irq_vectors:reschedule_entry", "irq_vectors:call_function_entry", \
			"irq_vectors:call_function_single_entry"

#define SCHED_SWITCH_WAKEUP	"sched:sched_switch", "sched:sched_wakeup"
#define PREEMPT_TOGGLES		"preemptirq:preempt_disable", "preemptirq:preempt_enable"

#define LIST(...)	((const char *const []){ __VA_ARGS__, NULL })

const struct upstream_monitor upstream_monitors[] = {
	{ "wwnr", "wakeup while not running per-task testing model.", "DA", "per task", "6.0",
	  NULL, "sched_switch, sched_wakeup",
	  "sched:sched_switch and sched:sched_wakeup, which any trace can hold",
	  NULL, LIST(SCHED_SWITCH_WAKEUP), NULL },
	{ "wip", "wakeup in preemptive per-cpu testing monitor.", "DA", "per CPU", "6.0",
	  NULL, "preempt_disable, preempt_enable, sched_waking",
	  "preemptirq:preempt_disable and preempt_enable (kernels with "
	  "CONFIG_PREEMPT_TRACER) and sched:sched_waking",
	  NULL, LIST(PREEMPT_TOGGLES, "sched:sched_waking"), NULL },
	{ "stall", "identify tasks stalled for longer than a threshold.", "HA", "per task", "7.1",
	  NULL, "sched_switch, sched_wakeup",
	  "sched:sched_switch and sched:sched_wakeup, and for its clock (clk < threshold_jiffies) "
	  "the kernel's HZ and the threshold, which no trace holds",
	  "threshold_jiffies is a module parameter, 1000 by default",
	  LIST(SCHED_SWITCH_WAKEUP), NULL },
	{ "opid", "operations with preemption and irq disabled.", "DA in 6.17, HA from 7.1",
	  "per CPU", "6.17", "sched", "sched_set_need_resched_tp, sched_waking",
	  "sched_set_need_resched_tp through a tracepoint probe, and sched:sched_waking; "
	  "irq and preempt state from each record's common_flags and common_preempt_count",
	  "its guards read irqs_disabled() and the preempt count where the event happens",
	  LIST("sched:sched_waking"), LIST(PROBE_NEED_RESCHED) },
	{ "sco", "scheduling context operations.", "DA", "per CPU", "6.15", "sched",
	  "sched_set_state_tp, sched_entry_tp, sched_exit_tp",
	  "the raw tracepoints sched_set_state_tp, sched_entry_tp and sched_exit_tp, "
	  "through tracepoint probes",
	  NULL, NULL, LIST(PROBE_SET_STATE, PROBE_ENTRY, PROBE_EXIT) },
	{ "snroc", "set non runnable on its own context.", "DA", "per task", "6.15", "sched",
	  "sched_set_state_tp, sched_switch",
	  "sched_set_state_tp through a tracepoint probe, and sched:sched_switch",
	  NULL, LIST("sched:sched_switch"), LIST(PROBE_SET_STATE) },
	{ "scpd", "schedule called with preemption disabled.", "DA", "per CPU", "6.15", "sched",
	  "preempt_disable, preempt_enable, sched_entry_tp, sched_exit_tp",
	  "preemptirq:preempt_disable and preempt_enable, and sched_entry_tp and "
	  "sched_exit_tp through tracepoint probes",
	  NULL, LIST(PREEMPT_TOGGLES), LIST(PROBE_ENTRY, PROBE_EXIT) },
	{ "snep", "schedule does not enable preempt.", "DA", "per CPU", "6.15", "sched",
	  "preempt_disable, preempt_enable, sched_entry_tp, sched_exit_tp",
	  "preemptirq:preempt_disable and preempt_enable, and sched_entry_tp and "
	  "sched_exit_tp through tracepoint probes",
	  NULL, LIST(PREEMPT_TOGGLES), LIST(PROBE_ENTRY, PROBE_EXIT) },
	{ "sts", "schedule implies task switch.", "DA", "per CPU", "6.17", "sched",
	  "irq_disable, irq_enable, irq_handler_entry, sched_switch, sched_entry_tp, "
	  "sched_exit_tp; on x86 also local_timer_entry, irq_work_entry, reschedule_entry, "
	  "call_function_entry, call_function_single_entry",
	  "preemptirq:irq_disable and irq_enable, irq:irq_handler_entry (on x86 also the "
	  "irq_vectors entries), sched:sched_switch, and sched_entry_tp and sched_exit_tp "
	  "through tracepoint probes",
	  NULL, LIST("preemptirq:irq_disable", "preemptirq:irq_enable", "irq:irq_handler_entry",
		     X86_VECTORS, "sched:sched_switch"),
	  LIST(PROBE_ENTRY, PROBE_EXIT) },
	{ "nrp", "need resched preempts.", "DA", "per task", "6.17", "sched",
	  "irq_handler_entry, sched_set_need_resched_tp, sched_entry_tp; on x86 also "
	  "local_timer_entry, irq_work_entry, reschedule_entry, call_function_entry, "
	  "call_function_single_entry",
	  "irq:irq_handler_entry (on x86 also the irq_vectors entries), and "
	  "sched_set_need_resched_tp and sched_entry_tp through tracepoint probes",
	  NULL, LIST("irq:irq_handler_entry", X86_VECTORS),
	  LIST(PROBE_NEED_RESCHED, PROBE_ENTRY) },
	{ "sssw", "set state sleep and wakeup.", "DA", "per task", "6.17", "sched",
	  "sched_set_state_tp, sched_switch, sched_wakeup, signal_deliver",
	  "sched_set_state_tp through a tracepoint probe, and sched:sched_switch, "
	  "sched:sched_wakeup and signal:signal_deliver",
	  NULL, LIST(SCHED_SWITCH_WAKEUP, "signal:signal_deliver"), LIST(PROBE_SET_STATE) },
	{ "nomiss", "dl entities run to completion before their deadline.", "HA",
	  "per deadline entity", "7.1", "deadline",
	  "sched_dl_replenish_tp, sched_dl_throttle_tp, sched_dl_server_stop_tp, sched_switch, "
	  "sched_wakeup, sys_enter, task_newtask, sched_process_exit",
	  "sched_dl_replenish_tp, sched_dl_throttle_tp and sched_dl_server_stop_tp through "
	  "tracepoint probes, and each entity's deadline parameters",
	  "the probes below fetch the arguments ($arg*): the entity's address, not its "
	  "dl_deadline and dl_defer, which its clock and guards read",
	  LIST(SCHED_SWITCH_WAKEUP, "raw_syscalls:sys_enter", "task:task_newtask",
	       "sched:sched_process_exit"),
	  LIST(PROBE_DL_REPLENISH, PROBE_DL_THROTTLE, PROBE_DL_SERVER_STOP) },
	{ "pagefault", "Monitor that RT tasks do not raise page faults", "LTL", "per task", "6.17",
	  "rtapp", "page_fault_kernel, page_fault_user", "see above", NULL, NULL, NULL },
	{ "sleep", "Monitor that RT tasks do not undesirably sleep", "LTL", "per task", "6.17",
	  "rtapp", "sched_waking, sched_wakeup, sched_set_state_tp, contention_begin, "
	  "contention_end, sched_kthread_stop, sys_enter, sys_exit", "see above", NULL, NULL, NULL },
	{ "wakeup", "Monitor that real-time tasks are not woken by lower-priority tasks", "LTL",
	  "per task", "7.3", "rtapp", "sched_waking, contention_begin, contention_end, "
	  "sys_enter, sys_exit", "see above", NULL, NULL, NULL },
	{ NULL },
};

/**
 * upstream_monitor_find() - a kernel monitor by name
 * @name: "sco", ...
 *
 * Return: its entry, or NULL when the kernel has no such monitor.
 */
const struct upstream_monitor *upstream_monitor_find(const char *name)
{
	for (const struct upstream_monitor *u = upstream_monitors; u->name; u++)
		if (!strcmp(u->name, name))
			return u;
	return NULL;
}

/**
 * upstream_monitor_replayed() - whether rvreplay replays a kernel monitor
 * @u: the monitor
 *
 * Its descriptor in rv_monitor_list[] decides: a monitor added there is
 * replayed, with nothing to change here.
 *
 * Return: true when some version of it is replayed.
 */
bool upstream_monitor_replayed(const struct upstream_monitor *u)
{
	for (int i = 0; rv_monitor_list[i]; i++)
		if (!strcmp(rv_monitor_list[i]->name, u->name))
			return true;
	return false;
}

/**
 * upstream_monitor_count() - how many kernel monitors are, or are not, replayed
 * @replayed: which to count
 *
 * Return: the count.
 */
int upstream_monitor_count(bool replayed)
{
	int n = 0;

	for (const struct upstream_monitor *u = upstream_monitors; u->name; u++)
		n += upstream_monitor_replayed(u) == replayed;
	return n;
}

/* "t:rvprobe/sched_entry sched_entry_tp ..." recorded as "rvprobe:sched_entry" */
static int probe_event(const char *line, char *buf, size_t len)
{
	const char *name = strchr(line, ':') + 1;
	int group = strcspn(name, "/"), event = strcspn(name + group + 1, " ");

	return snprintf(buf, len, " -e %.*s:%.*s", group, name, event, name + group + 1);
}

/**
 * upstream_record_command() - the trace-cmd command that records what a monitor needs
 * @u: the monitor
 * @buf: gets "trace-cmd record -e rvprobe:sched_entry -e sched:sched_switch COMMAND"
 * @len: its size
 *
 * trace-cmd, since rvreplay record records only what replayed monitors
 * need. The probes must be in dynamic_events first.
 */
void upstream_record_command(const struct upstream_monitor *u, char *buf, size_t len)
{
	size_t used = snprintf(buf, len, "trace-cmd record");

	for (const char *const *p = u->probes; p && *p && used < len; p++)
		used += probe_event(*p, buf + used, len - used);
	for (const char *const *e = u->events; e && *e && used < len; e++)
		used += snprintf(buf + used, len - used, " -e %s", *e);
	if (used < len)
		snprintf(buf + used, len - used, " COMMAND");
}

/* "container 'sched' ..." when @name is a container of kernel monitors only */
static bool container_not_replayed(const char *name, char *err, size_t len)
{
	const struct upstream_monitor *u;

	for (u = upstream_monitors; u->name; u++)
		if (u->container && !strcmp(u->container, name) && upstream_monitor_replayed(u))
			return false;
	for (u = upstream_monitors; u->name; u++)
		if (u->container && !strcmp(u->container, name))
			break;
	if (!u->name)
		return false;
	snprintf(err, len, "container '%s' is not replayed: none of its monitors is "
		 "(see 'rvreplay list')", name);
	return true;
}

/**
 * upstream_not_replayed() - why -m names a kernel monitor rvreplay does not replay
 * @name: the name -m was given
 * @err: gets one line: not replayed, and what it would need
 * @len: its size
 *
 * Return: true with @err set when @name is such a monitor, or a container
 * of such monitors only; false otherwise (@err untouched).
 */
bool upstream_not_replayed(const char *name, char *err, size_t len)
{
	const struct upstream_monitor *u = upstream_monitor_find(name);

	if (!u)
		return container_not_replayed(name, err, len);
	if (upstream_monitor_replayed(u))
		return false;
	snprintf(err, len, "monitor '%s' is not replayed: it needs %s (see 'rvreplay list')",
		 name, u->needs);
	return true;
}
