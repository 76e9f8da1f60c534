// SPDX-License-Identifier: GPL-2.0
/*
 * The rtapp handlers, written once for every kernel profile: an atom the
 * monitor's automaton lacks is simply not touched, which is exactly how
 * the profiles differ (docs/semantics.md section 8).
 */
#include "../events.h"
#include "rtapp.h"

/* The kernel's rtapp container: the monitors of real-time applications. */
const struct rv_container rtapp_container = {
	.name		= "rtapp",
	.description	= "real-time applications: what may delay a real-time task",
};

static const struct rtapp_atoms *atoms_of(const struct rv_target *t)
{
	return t->monitor->priv;
}

static void set(struct rv_target *t, int at, bool value)
{
	if (at)
		ltl_set(t, at - 1, value);
}

static void update(struct rv_target *t, int at, bool value)
{
	if (at)
		ltl_update(t, at - 1, value);
}

static void pulse(struct rv_target *t, int at)
{
	if (at)
		ltl_pulse(t, at - 1, true);
}

static bool starts_with(const char *s, const char *prefix)
{
	if (!s)
		return false;
	while (*prefix)
		if (*s++ != *prefix++)
			return false;
	return true;
}

/* The system call atoms, all set to @value. */
static void set_syscall_atoms(struct rv_target *t, bool value)
{
	const struct rtapp_atoms *a = atoms_of(t);

	set(t, a->futex_wait, value);
	set(t, a->futex_lock_pi, value);
	set(t, a->epoll_wait, value);
	set(t, a->nanosleep_timer_abstime, value);
	set(t, a->nanosleep_clock_monotonic, value);
	set(t, a->nanosleep_clock_tai, value);
	set(t, a->nanosleep_clock_realtime, value);
	set(t, a->clock_nanosleep, value);
}

/**
 * rtapp_kthread_learned() - the part of the kernel's init that depends on PF_KTHREAD
 * @t: the instance; t->task->kthread known
 *
 * Also used when kthread-ness is learned after the instance was created:
 * the atoms are set (no step).
 */
void rtapp_kthread_learned(struct rv_target *t)
{
	const struct rtapp_atoms *a = atoms_of(t);

	if (t->task->kthread == RV_UNKNOWN)
		return;
	set(t, a->user_thread, !t->task->kthread);
	if (!a->kernel_thread)
		return;
	if (t->task->kthread) {
		set(t, a->kernel_thread, true);
		/* kernel threads make no system calls */
		set_syscall_atoms(t, false);
		set(t, a->task_is_migration, starts_with(t->task->init_comm, "migration/"));
		set(t, a->task_is_rcu, starts_with(t->task->init_comm, "rcu"));
	} else {
		set(t, a->kthread_should_stop, false);
		set(t, a->kernel_thread, false);
		set(t, a->task_is_rcu, false);
		set(t, a->task_is_migration, false);
	}
}

/**
 * rtapp_init() - the kernel's ltl_atoms_init() of an rtapp monitor
 * @t: the instance
 * @task_creation: the task is born now, rather than found running
 */
void rtapp_init(struct rv_target *t, bool task_creation)
{
	const struct rtapp_atoms *a = atoms_of(t);

	set(t, a->sleep, false);
	set(t, a->wake, false);
	set(t, a->schedule_in, false);
	set(t, a->abort_sleep, false);
	set(t, a->woken_by_hardirq, false);
	set(t, a->woken_by_nmi, false);
	set(t, a->woken_by_equal_or_higher_prio, false);
	set(t, a->woken_by_lower_prio, false);
	set(t, a->woken_by_softirq, false);
	if (task_creation) {
		set(t, a->kthread_should_stop, false);
		set(t, a->block_on_rt_mutex, false);
		set_syscall_atoms(t, false);
	}
	rtapp_kthread_learned(t);
}

/**
 * rtapp_fetch() - the kernel's ltl_atoms_fetch(): RT, unknown while the task's is
 * @t: the instance
 */
void rtapp_fetch(struct rv_target *t)
{
	const struct rtapp_atoms *a = atoms_of(t);

	if (a->rt && t->task->rt != RV_UNKNOWN)
		ltl_set(t, a->rt - 1, t->task->rt);
}

void rtapp_on_switch_out(struct rv_target *t, const struct rv_event *ev)
{
	if (rv_switched_out_sleeping(ev->prev_state))
		pulse(t, atoms_of(t)->sleep);
}

void rtapp_on_switch_in(struct rv_target *t, const struct rv_event *ev)
{
	pulse(t, atoms_of(t)->schedule_in);
}

/**
 * rtapp_on_waking_friendly() - sleep's sched_waking: who may wake a real-time task
 * @t: the woken task's instance
 * @ev: the waking context and the prios
 *
 * In the kernel's order: hard irq first (inside an NMI both bits are set),
 * then task context with the prio comparison, then NMI; a soft irq waker
 * sets nothing, nor does an unknown waker prio.
 */
void rtapp_on_waking_friendly(struct rv_target *t, const struct rv_event *ev)
{
	const struct rtapp_atoms *a = atoms_of(t);
	unsigned int ctx = ev->waking.context;

	if (ctx & RV_CTX_HARDIRQ) {
		pulse(t, a->woken_by_hardirq);
	} else if (!(ctx & (RV_CTX_SOFTIRQ | RV_CTX_NMI))) {
		if (ev->waking.waker_prio != RV_PRIO_UNKNOWN &&
		    ev->waking.waker_prio <= ev->waking.wakee_prio)
			pulse(t, a->woken_by_equal_or_higher_prio);
	} else if (ctx & RV_CTX_NMI) {
		pulse(t, a->woken_by_nmi);
	}
}

/**
 * rtapp_on_waking_blame() - wakeup's sched_waking: wakers that may delay the task
 * @t: the woken task's instance
 * @ev: the waking context and the prios
 *
 * Task context: a lower-priority waker (prio unknown: nothing). Otherwise a
 * waker serving a softirq, even with a hard irq or NMI nested in it.
 */
void rtapp_on_waking_blame(struct rv_target *t, const struct rv_event *ev)
{
	const struct rtapp_atoms *a = atoms_of(t);
	unsigned int ctx = ev->waking.context;

	if (!(ctx & (RV_CTX_HARDIRQ | RV_CTX_SOFTIRQ | RV_CTX_NMI))) {
		if (ev->waking.waker_prio != RV_PRIO_UNKNOWN &&
		    ev->waking.waker_prio > ev->waking.wakee_prio)
			pulse(t, a->woken_by_lower_prio);
	} else if (ctx & RV_CTX_SOFTIRQ) {
		pulse(t, a->woken_by_softirq);
	}
}

void rtapp_on_wakeup(struct rv_target *t, const struct rv_event *ev)
{
	pulse(t, atoms_of(t)->wake);
}

void rtapp_on_contention_begin(struct rv_target *t, const struct rv_event *ev)
{
	if (ev->lock_flags & RV_LCB_F_RT)
		update(t, atoms_of(t)->block_on_rt_mutex, true);
}

void rtapp_on_contention_end(struct rv_target *t, const struct rv_event *ev)
{
	update(t, atoms_of(t)->block_on_rt_mutex, false);
}

static void on_clock_nanosleep(struct rv_target *t, const struct rv_event *ev)
{
	const struct rtapp_atoms *a = atoms_of(t);
	unsigned long clock = ev->sys_enter.args[0];

	set(t, a->nanosleep_clock_monotonic, clock == RV_CLOCK_MONOTONIC);
	set(t, a->nanosleep_clock_tai, clock == RV_CLOCK_TAI);
	set(t, a->nanosleep_clock_realtime, clock == RV_CLOCK_REALTIME);
	set(t, a->nanosleep_timer_abstime, ev->sys_enter.args[1] == RV_TIMER_ABSTIME);
	update(t, a->clock_nanosleep, true);
}

/**
 * rtapp_on_sys_enter() - the system calls that are sleep reasons or allowlisted
 * @t: the current task's instance
 * @ev: the system call number, arguments and the architecture's table
 */
void rtapp_on_sys_enter(struct rv_target *t, const struct rv_event *ev)
{
	const struct rtapp_atoms *a = atoms_of(t);

	if (a->block_on_rt_mutex)
		rv_infer_not_blocked(t, a->block_on_rt_mutex - 1);
	if (rv_is_clock_nanosleep(ev)) {
		on_clock_nanosleep(t, ev);
		return;
	}
	/* only epoll_wait, not epoll_pwait, as in the kernel (7.1) */
	if (rv_syscall_is(ev->sys_enter.id, ev->sys_enter.table->epoll_wait)) {
		update(t, a->epoll_wait, true);
		return;
	}
	switch (rv_futex_kind(ev)) {
	case RV_FUTEX_LOCK_PI:
		update(t, a->futex_lock_pi, true);
		break;
	case RV_FUTEX_WAIT:
		update(t, a->futex_wait, true);
		break;
	default:
		break;
	}
}

/**
 * rtapp_on_sys_exit_sleep() - sleep's sys_exit: the syscall atoms set false,
 * CLOCK_NANOSLEEP updated
 * @t: the current task's instance
 * @ev: unused
 */
void rtapp_on_sys_exit_sleep(struct rv_target *t, const struct rv_event *ev)
{
	const struct rtapp_atoms *a = atoms_of(t);

	if (a->block_on_rt_mutex)
		rv_infer_not_blocked(t, a->block_on_rt_mutex - 1);
	set_syscall_atoms(t, false);
	update(t, a->clock_nanosleep, false);
}

/**
 * rtapp_on_sys_exit_lock_pi() - wakeup's sys_exit: FUTEX_LOCK_PI updated false
 * @t: the current task's instance
 * @ev: unused
 *
 * An update, so a step, unlike sleep's set (docs/semantics.md section 8).
 */
void rtapp_on_sys_exit_lock_pi(struct rv_target *t, const struct rv_event *ev)
{
	const struct rtapp_atoms *a = atoms_of(t);

	if (a->block_on_rt_mutex)
		rv_infer_not_blocked(t, a->block_on_rt_mutex - 1);
	update(t, a->futex_lock_pi, false);
}

void rtapp_on_kthread_stop(struct rv_target *t, const struct rv_event *ev)
{
	update(t, atoms_of(t)->kthread_should_stop, true);
}
