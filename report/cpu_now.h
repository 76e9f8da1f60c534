/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Who runs on a CPU, as both pictures (the HTML report's timelines, the
 * Chrome trace) follow it through the records: a switch tells, and before
 * a CPU's first switch, its first record does. And what a switch-out's
 * prev_state says of the task that left.
 */
#ifndef CPU_NOW_H
#define CPU_NOW_H

#include <stdbool.h>

#include "trace_input.h"

struct cpu_now {
	bool	known;
	int	pid;		/* 0: idle */
	int	prio;
	char	comm[TRACE_COMM_LEN];
};

/* How a task left its CPU. */
enum cpu_left { CPU_LEFT_RUNNABLE, CPU_LEFT_SLEEPING, CPU_LEFT_EXITED };

void cpu_now_switch(struct cpu_now *now, const struct trace_task_ref *next);
bool cpu_now_first(struct cpu_now *now, const struct trace_record *rec,
		   const struct trace_input *names);
enum cpu_left cpu_now_left(long prev_state);

#endif
