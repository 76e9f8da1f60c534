// SPDX-License-Identifier: GPL-2.0-only
/*
 * Who runs on a CPU (cpu_now.h).
 */
#include <stdio.h>
#include <string.h>

#include "cpu_history.h"
#include "cpu_now.h"
#include "monitor.h"

/**
 * cpu_now_switch() - a switch: its next task runs now
 * @now: the CPU
 * @rec: the switch
 */
void cpu_now_switch(struct cpu_now *now, const struct trace_record *rec)
{
	const struct trace_task_ref *next = &rec->sw.next;

	now->known = true;
	now->pid = next->pid;
	now->prio = next->prio;
	memcpy(now->comm, next->comm, sizeof(now->comm));
	now->inferred = false;
	now->switched_in = next->pid;
	now->left = rec->sw.prev;
}

/**
 * cpu_now_first() - a record of a CPU whose runner is not yet known
 * @now: the CPU
 * @rec: the record; a switch tells more (cpu_now_switch())
 * @names: the trace, for the task's name from the saved cmdlines, or NULL
 *	   for none
 *
 * Return: true when @rec told who runs: its task, until the CPU's first switch.
 */
bool cpu_now_first(struct cpu_now *now, const struct trace_record *rec,
		   const struct trace_input *names)
{
	const char *comm;

	if (now->known || rec->kind == TRACE_SWITCH)
		return false;
	comm = names && rec->pid ? trace_input_comm(names, rec->pid) : NULL;
	now->known = true;
	now->pid = rec->pid;
	now->prio = TRACE_UNKNOWN_PRIO;
	snprintf(now->comm, sizeof(now->comm), "%s", comm ? comm : "");
	now->switched_in = -1;
	return true;
}

/**
 * cpu_now_missed() - whether a record shows another task running on its
 *		      CPU, switched in unrecorded
 * @now: the CPU, known (cpu_now_first() came first)
 * @rec: the record, not a switch (cpu_now_switch() tells those)
 *
 * The rule of the text and the monitors: switch_in_missed().
 *
 * Return: true when @rec's task runs there from @rec on (cpu_now_infer()).
 */
bool cpu_now_missed(const struct cpu_now *now, const struct trace_record *rec)
{
	return now->known && rec->kind != TRACE_SWITCH && rec->pid > 0 && rec->pid != now->pid &&
	       switch_in_missed(rec, now->switched_in);
}

/**
 * cpu_now_infer() - @rec's task runs now, its switch-in not recorded
 * @now: the CPU, cpu_now_missed() true
 * @rec: the record
 * @known: the task's name and priority at its last switch, or NULL
 * @names: the trace, for the task's name from the saved cmdlines, or NULL
 *
 * Without @known, the task that last left this CPU tells them when it is
 * the one (a task back from a sleep on an idle CPU, as a rule).
 */
void cpu_now_infer(struct cpu_now *now, const struct trace_record *rec,
		   const struct trace_task_ref *known, const struct trace_input *names)
{
	const char *comm;

	if (!known || known->pid != rec->pid)
		known = now->left.pid == rec->pid ? &now->left : NULL;
	now->pid = rec->pid;
	now->inferred = true;
	if (known) {
		now->prio = known->prio;
		memcpy(now->comm, known->comm, sizeof(now->comm));
		return;
	}
	comm = names ? trace_input_comm(names, rec->pid) : NULL;
	now->prio = TRACE_UNKNOWN_PRIO;
	snprintf(now->comm, sizeof(now->comm), "%s", comm ? comm : "");
}

/**
 * cpu_now_left() - how a task left its CPU
 * @prev_state: the switch's prev_state
 *
 * Return: runnable (preempted), exited (dead or a zombie), else sleeping.
 */
enum cpu_left cpu_now_left(long prev_state)
{
	if (!prev_state || (prev_state & RV_TASK_PREEMPTED))
		return CPU_LEFT_RUNNABLE;
	if (prev_state & RV_TASK_EXITED)
		return CPU_LEFT_EXITED;
	return CPU_LEFT_SLEEPING;
}
