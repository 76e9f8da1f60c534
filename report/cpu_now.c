// SPDX-License-Identifier: GPL-2.0-only
/*
 * Who runs on a CPU (cpu_now.h).
 */
#include <stdio.h>
#include <string.h>

#include "cpu_now.h"
#include "monitor.h"

/**
 * cpu_now_switch() - a switch: @next runs now
 * @now: the CPU
 * @next: the switch's next task
 */
void cpu_now_switch(struct cpu_now *now, const struct trace_task_ref *next)
{
	now->known = true;
	now->pid = next->pid;
	now->prio = next->prio;
	memcpy(now->comm, next->comm, sizeof(now->comm));
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
	return true;
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
