// SPDX-License-Identifier: GPL-2.0
/*
 * Event meanings shared by the monitors' handlers.
 */
#include "events.h"
#include "ltl/ltl_core.h"

/* futex(2) commands, and the kernel's FUTEX_CMD_MASK */
#define FUTEX_WAIT		0
#define FUTEX_LOCK_PI		6
#define FUTEX_WAIT_BITSET	9
#define FUTEX_WAIT_REQUEUE_PI	11
#define FUTEX_LOCK_PI2		13
#define FUTEX_CMD_MASK		(~(128 | 256))	/* ~(PRIVATE_FLAG | CLOCK_REALTIME) */

/**
 * rv_switched_out_sleeping() - whether a sched_switch prev_state is a sleep
 * @prev_state: the prev_state field
 *
 * The replay's SLEEP: switched out in TASK_INTERRUPTIBLE, not preempted.
 *
 * Return: true for a sleep.
 */
bool rv_switched_out_sleeping(long prev_state)
{
	return (prev_state & RV_TASK_INTERRUPTIBLE) && !(prev_state & RV_TASK_PREEMPTED);
}

/**
 * rv_switched_out_interruptible() - whether a switch-out is in exactly TASK_INTERRUPTIBLE
 * @prev_state: the prev_state field
 *
 * What the kernel's DA handlers test (prev_state == TASK_INTERRUPTIBLE,
 * on the raw state the tracepoint passes). The trace event reports the
 * state masked, and a preemption instead of the state: a preempted task
 * whose state was already S, and an S with TASK_FREEZABLE, are told apart
 * by the kernel and not by the trace (docs/semantics.md section 9).
 *
 * Return: true for a switch-out in S, not preempted.
 */
bool rv_switched_out_interruptible(long prev_state)
{
	return prev_state == RV_TASK_INTERRUPTIBLE;
}

/**
 * rv_switched_out_waiting() - whether a switch-out is to wait, as stall's handler tests it
 * @prev_state: the prev_state field
 *
 * The kernel tests !preempt && prev_state != TASK_RUNNING: not preempted,
 * and some state (S, D, or any other).
 *
 * Return: true for a switch-out to wait.
 */
bool rv_switched_out_waiting(long prev_state)
{
	return prev_state && !(prev_state & RV_TASK_PREEMPTED);
}

/**
 * rv_syscall_is() - whether a system call id is a given number
 * @id: the id of sys_enter
 * @nr: a number from struct rv_syscalls, -1 when the architecture lacks it
 *
 * Return: true when they match.
 */
bool rv_syscall_is(long id, long nr)
{
	return nr >= 0 && id == nr;
}

/**
 * rv_is_clock_nanosleep() - whether a sys_enter is clock_nanosleep
 * @ev: an RV_EV_SYS_ENTER event
 *
 * Return: true for clock_nanosleep and clock_nanosleep_time64.
 */
bool rv_is_clock_nanosleep(const struct rv_event *ev)
{
	const struct rv_syscalls *s = ev->sys_enter.table;

	return rv_syscall_is(ev->sys_enter.id, s->clock_nanosleep) ||
	       rv_syscall_is(ev->sys_enter.id, s->clock_nanosleep_time64);
}

/**
 * rv_futex_kind() - what a sys_enter of futex asks for
 * @ev: an RV_EV_SYS_ENTER event
 *
 * The command is decoded as the kernel does: the op argument as an int,
 * without the private and clock flags.
 *
 * Return: RV_FUTEX_WAIT, RV_FUTEX_LOCK_PI, or RV_FUTEX_OTHER (also for
 * system calls other than futex).
 */
enum rv_futex_kind rv_futex_kind(const struct rv_event *ev)
{
	const struct rv_syscalls *s = ev->sys_enter.table;
	int cmd = (int)ev->sys_enter.args[1] & FUTEX_CMD_MASK;

	if (!rv_syscall_is(ev->sys_enter.id, s->futex) &&
	    !rv_syscall_is(ev->sys_enter.id, s->futex_time64))
		return RV_FUTEX_OTHER;
	switch (cmd) {
	case FUTEX_LOCK_PI:
	case FUTEX_LOCK_PI2:
		return RV_FUTEX_LOCK_PI;
	case FUTEX_WAIT:
	case FUTEX_WAIT_BITSET:
	case FUTEX_WAIT_REQUEUE_PI:
		return RV_FUTEX_WAIT;
	default:
		return RV_FUTEX_OTHER;
	}
}

/**
 * rv_infer_not_blocked() - a task at a system call boundary holds no rt_mutex wait
 * @t: the instance
 * @block_atom: the index of BLOCK_ON_RT_MUTEX in this automaton
 *
 * With inference on, an unknown BLOCK_ON_RT_MUTEX becomes false (set, no
 * step). Tasks born in the trace know it already, so nothing changes there.
 */
void rv_infer_not_blocked(struct rv_target *t, unsigned int block_atom)
{
	if (t->infer && !ltl_known(t, block_atom))
		ltl_set(t, block_atom, false);
}
