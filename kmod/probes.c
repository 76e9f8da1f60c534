// SPDX-License-Identifier: GPL-2.0
/*
 * The tracepoints, found by name (their register functions are not
 * exported), and for each the struct rv_event the replay derives from the
 * same tracepoint's trace event (docs/semantics.md section 4).
 *
 * Every probe is registered with a priority below the trace events' own
 * (TRACEPOINT_DEFAULT_PRIO): it runs after them in the same tracepoint
 * call, so a live event_/error_ record always follows the record of the
 * event that caused it on the same CPU (the rule rvreplay diff relies on).
 */
#include <linux/hardirq.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <asm/syscall.h>
#include <asm/unistd.h>

#include "kmod.h"

#define RVK_PROBE_PRIO		(TRACEPOINT_DEFAULT_PRIO - 10)
#define RVK_LIFECYCLE		0UL	/* instances, no monitor event */

/* common_flags of a trace record, as tracing_gen_ctx() computes them */
static unsigned int rvk_context(void)
{
	unsigned int pc = preempt_count(), ctx = 0;

	if (pc & NMI_MASK)
		ctx |= RV_CTX_NMI;
	if (pc & HARDIRQ_MASK)
		ctx |= RV_CTX_HARDIRQ;
	if (in_serving_softirq())
		ctx |= RV_CTX_SOFTIRQ;
	return ctx;
}

static const struct rv_syscalls *rvk_syscalls;
static unsigned long rvk_handled[RV_NR_EVENTS];	/* bit i: rvk_monitors[i] handles it */

/* The event to a task's instances of some monitors, each per task and handling it. */
static void rvk_task_deliver(struct task_struct *task, const struct rv_event *ev,
			     unsigned long monitors)
{
	struct rvk_report report = { .task = task };
	struct rv_target target;
	struct rvk_bucket *b;
	struct rvk_task *t;
	unsigned long flags;

	b = rvk_lock_pid(task->pid, &flags);
	if (!b)
		return;
	t = rvk_task_find(b, task->pid);
	if (!t) {
		/* first sight: a task the enabling did not see */
		t = rvk_task_new(b, task->pid);
		if (t)
			rvk_task_init(t, task, false);
	}
	if (t) {
		u64 now = rvk_now();

		rvk_task_facts(t, task);
		for (unsigned int i = 0; i < rvk_nr_monitors; i++) {
			if (!(monitors & BIT(i)))
				continue;
			report.monitor = i;
			rvk_target(&target, &t->facts, &t->state[i], i, now, &report);
			rv_handle(&target, ev);
		}
	}
	rvk_unlock(b, flags);
}

/*
 * The event to every running monitor that handles it: this CPU's
 * instances of the per-CPU ones first, then @task's, in the replay's order.
 */
static void rvk_deliver(struct task_struct *task, const struct rv_event *ev)
{
	unsigned long monitors = rvk_handled[ev->type] & READ_ONCE(rvk_active);

	if (!monitors || !READ_ONCE(rvk_running))
		return;
	if (monitors & rvk_per_cpu)
		rvk_cpu_deliver(ev, monitors & rvk_per_cpu);
	if (monitors & ~rvk_per_cpu)
		rvk_task_deliver(task, ev, monitors & ~rvk_per_cpu);
}

static void rvk_on_page_fault(void *data, unsigned long address, struct pt_regs *regs,
			      unsigned long error_code)
{
	struct rv_event ev = { .type = RV_EV_PAGE_FAULT };

	rvk_deliver(current, &ev);
}

/* The prev_state of the sched_switch trace event (__trace_sched_switch_state()). */
static long rvk_switch_state(bool preempt, unsigned int prev_state, struct task_struct *prev)
{
	unsigned int state;

	if (preempt)
		return TASK_REPORT_MAX;
	state = __task_state_index(prev_state, prev->exit_state);
	return state ? (1 << (state - 1)) : state;
}

static void rvk_on_sched_switch(void *data, bool preempt, struct task_struct *prev,
				struct task_struct *next, unsigned int prev_state)
{
	struct rv_event ev = {
		.type = RV_EV_SWITCH_OUT,
		.prev_state = rvk_switch_state(preempt, prev_state, prev),
	};

	rvk_deliver(prev, &ev);
	ev.type = RV_EV_SWITCH_IN;
	rvk_deliver(next, &ev);
}

static void rvk_on_sched_waking(void *data, struct task_struct *p)
{
	struct rv_event ev = {
		.type = RV_EV_WAKING,
		.waking.context = rvk_context(),
		.waking.waker_prio = READ_ONCE(current->prio),
		.waking.wakee_prio = READ_ONCE(p->prio),
	};

	rvk_deliver(p, &ev);
}

static void rvk_on_sched_wakeup(void *data, struct task_struct *p)
{
	struct rv_event ev = { .type = RV_EV_WAKEUP };

	rvk_deliver(p, &ev);
}

static void rvk_on_contention_begin(void *data, void *lock, unsigned int flags)
{
	struct rv_event ev = { .type = RV_EV_CONTENTION_BEGIN, .lock_flags = flags };

	/* only rt_mutex waits matter: no lock taken for the others */
	if (flags & RV_LCB_F_RT)
		rvk_deliver(current, &ev);
}

static void rvk_on_contention_end(void *data, void *lock, int ret)
{
	struct rv_event ev = { .type = RV_EV_CONTENTION_END };

	rvk_deliver(current, &ev);
}

static void rvk_on_sys_enter(void *data, struct pt_regs *regs, long id)
{
	struct rv_event ev = {
		.type = RV_EV_SYS_ENTER,
		.sys_enter.id = id,
		.sys_enter.table = rvk_syscalls,
	};

	syscall_get_arguments(current, regs, ev.sys_enter.args);
	rvk_deliver(current, &ev);
}

static void rvk_on_sys_exit(void *data, struct pt_regs *regs, long ret)
{
	struct rv_event ev = { .type = RV_EV_SYS_EXIT };

	rvk_deliver(current, &ev);
}

/*
 * preemptirq's: called in preempt_count_add() and _sub() when the count
 * leaves and comes back to zero, preemption off (see cpus.c).
 */
static void rvk_on_preempt_disable(void *data, unsigned long ip, unsigned long parent_ip)
{
	struct rv_event ev = { .type = RV_EV_PREEMPT_DISABLE };

	rvk_deliver(current, &ev);
}

static void rvk_on_preempt_enable(void *data, unsigned long ip, unsigned long parent_ip)
{
	struct rv_event ev = { .type = RV_EV_PREEMPT_ENABLE };

	rvk_deliver(current, &ev);
}

static void rvk_on_kthread_stop(void *data, struct task_struct *t)
{
	struct rv_event ev = { .type = RV_EV_KTHREAD_STOP };

	rvk_deliver(t, &ev);
}

/* Born now: the kernel's ltl_task_init(task, true); a reused pid starts over. */
static void rvk_on_fork(void *data, struct task_struct *parent, struct task_struct *child)
{
	struct rvk_bucket *b;
	struct rvk_task *t;
	unsigned long flags;

	if (!READ_ONCE(rvk_running))
		return;
	b = rvk_lock_pid(child->pid, &flags);
	if (!b)
		return;
	t = rvk_task_find(b, child->pid);
	if (!t)
		t = rvk_task_new(b, child->pid);
	if (t)
		rvk_task_init(t, child, true);
	rvk_unlock(b, flags);
}

static void rvk_on_free(void *data, struct task_struct *p)
{
	struct rvk_bucket *b;
	struct rvk_task *t;
	unsigned long flags;

	if (!READ_ONCE(rvk_running))
		return;
	b = rvk_lock_pid(p->pid, &flags);
	if (!b)
		return;
	t = rvk_task_find(b, p->pid);
	if (t)
		rvk_task_del(b, t);
	rvk_unlock(b, flags);
}

struct rvk_probe {
	const char		*name;
	void			*func;
	unsigned long		events;		/* BIT(RV_EV_*) it delivers; 0: lifecycle */
	struct tracepoint	*tp;
	bool			attached;
};

/* The probes; what each gives comes from rv_routes[] (rvk_probe_events()). */
static struct rvk_probe rvk_probes[] = {
	{ "sched_process_fork", rvk_on_fork },
	{ "sched_process_free", rvk_on_free },
	{ "page_fault_user", rvk_on_page_fault },
	{ "page_fault_kernel", rvk_on_page_fault },
	{ "sched_switch", rvk_on_sched_switch },
	{ "sched_waking", rvk_on_sched_waking },
	{ "sched_wakeup", rvk_on_sched_wakeup },
	{ "contention_begin", rvk_on_contention_begin },
	{ "contention_end", rvk_on_contention_end },
	{ "sys_enter", rvk_on_sys_enter },
	{ "sys_exit", rvk_on_sys_exit },
	{ "sched_kthread_stop", rvk_on_kthread_stop },
	{ "preempt_disable", rvk_on_preempt_disable },	/* CONFIG_PREEMPT_TRACER only */
	{ "preempt_enable", rvk_on_preempt_enable },
};

static void rvk_probe_lookup(struct tracepoint *tp, void *priv)
{
	for (size_t i = 0; i < ARRAY_SIZE(rvk_probes); i++)
		if (!strcmp(tp->name, rvk_probes[i].name))
			rvk_probes[i].tp = tp;
}

/* Calls this architecture may lack: -1 then, as struct rv_syscalls says. */
#ifndef __NR_clock_nanosleep
#define __NR_clock_nanosleep		(-1)
#endif
#ifndef __NR_clock_nanosleep_time64
#define __NR_clock_nanosleep_time64	(-1)
#endif
#ifndef __NR_futex
#define __NR_futex			(-1)
#endif
#ifndef __NR_futex_time64
#define __NR_futex_time64		(-1)
#endif
#ifndef __NR_epoll_wait
#define __NR_epoll_wait			(-1)
#endif

/* The numbers of the kernel's own architecture, from its headers. */
static const struct rv_syscalls rvk_syscalls_native = {
	.arch			= "this kernel's",
	.clock_nanosleep	= __NR_clock_nanosleep,
	.clock_nanosleep_time64	= __NR_clock_nanosleep_time64,
	.futex			= __NR_futex,
	.futex_time64		= __NR_futex_time64,
	.sched_setscheduler	= __NR_sched_setscheduler,
	.epoll_wait		= __NR_epoll_wait,
};

static bool rvk_event_found(enum rv_event_type type)
{
	for (size_t i = 0; i < ARRAY_SIZE(rvk_probes); i++)
		if (rvk_probes[i].tp && (rvk_probes[i].events & BIT(type)))
			return true;
	return false;
}

/* What each tracepoint gives, from the routing the replay uses (monitors/routes.c). */
static void rvk_probe_events(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(rvk_probes); i++)
		for (const struct rv_route *r = rv_routes; r->event; r++)
			if (!strcmp(r->event, rvk_probes[i].name))
				rvk_probes[i].events |= BIT(r->type);
}

/**
 * rvk_probes_find() - find the tracepoints, by name
 *
 * Return: 0.
 */
int rvk_probes_find(void)
{
	rvk_probe_events();
	for_each_kernel_tracepoint(rvk_probe_lookup, NULL);
	rvk_syscalls = &rvk_syscalls_native;
	return 0;
}

/**
 * rvk_probes_prepare() - which event types each monitor of rvk_monitors[] handles
 *
 * Called before enabling, while no probe is attached.
 */
void rvk_probes_prepare(void)
{
	memset(rvk_handled, 0, sizeof(rvk_handled));
	for (unsigned int i = 0; i < rvk_nr_monitors; i++)
		for (int type = 0; type < RV_NR_EVENTS; type++)
			if (rv_monitor_handles(rvk_monitors[i], type))
				rvk_handled[type] |= BIT(i);
}

/**
 * rvk_probes_missing() - the first tracepoint a monitor needs and lacks
 * @m: the monitor
 *
 * A monitor needs the task lifecycle and, for every event type it handles,
 * one of the tracepoints that give it.
 *
 * Return: a tracepoint name (or alternatives), or NULL when none is missing.
 */
const char *rvk_probes_missing(const struct rv_monitor *m)
{
	for (size_t i = 0; i < ARRAY_SIZE(rvk_probes); i++)
		if (rvk_probes[i].events == RVK_LIFECYCLE && !rvk_probes[i].tp)
			return rvk_probes[i].name;
	for (int type = 0; type < RV_NR_EVENTS; type++) {
		if (!rv_monitor_handles(m, type) || rvk_event_found(type))
			continue;
		if (type == RV_EV_PAGE_FAULT)
			return "page_fault_user/page_fault_kernel";
		for (size_t i = 0; i < ARRAY_SIZE(rvk_probes); i++)
			if (rvk_probes[i].events & BIT(type))
				return rvk_probes[i].name;
	}
	return NULL;
}

static bool rvk_probe_needed(const struct rvk_probe *p, unsigned long monitors)
{
	if (p->events == RVK_LIFECYCLE)
		return true;
	for (int type = 0; type < RV_NR_EVENTS; type++)
		if ((p->events & BIT(type)) && (rvk_handled[type] & monitors))
			return true;
	return false;
}

/**
 * rvk_probes_attach() - register the probes the given monitors need
 * @monitors: bit i for rvk_monitors[i]
 *
 * The probes do nothing until rvk_running is set.
 *
 * Return: 0, or the error of tracepoint_probe_register_prio() (nothing
 * stays attached then).
 */
int rvk_probes_attach(unsigned long monitors)
{
	int ret;

	for (size_t i = 0; i < ARRAY_SIZE(rvk_probes); i++) {
		struct rvk_probe *p = &rvk_probes[i];

		if (!p->tp || !rvk_probe_needed(p, monitors))
			continue;
		ret = tracepoint_probe_register_prio(p->tp, p->func, NULL, RVK_PROBE_PRIO);
		if (ret) {
			pr_err("rvreplay: cannot attach to tracepoint %s: %d\n", p->name, ret);
			rvk_probes_detach();
			return ret;
		}
		p->attached = true;
	}
	return 0;
}

/**
 * rvk_probes_detach() - unregister every probe and wait until none runs
 */
void rvk_probes_detach(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(rvk_probes); i++) {
		if (!rvk_probes[i].attached)
			continue;
		tracepoint_probe_unregister(rvk_probes[i].tp, rvk_probes[i].func, NULL);
		rvk_probes[i].attached = false;
	}
	tracepoint_synchronize_unregister();
}
