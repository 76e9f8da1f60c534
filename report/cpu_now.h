/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Who runs on a CPU, as both pictures (the HTML report's timelines, the
 * Chrome trace) follow it through the records: a switch tells, and before
 * a CPU's first switch, its first record does; a record of a task with no
 * switch-in recorded tells it runs, inferred as the text infers it
 * (switch_in_missed()). And what a switch-out's prev_state says of the
 * task that left.
 */
#ifndef CPU_NOW_H
#define CPU_NOW_H

#include <stdbool.h>

#include "trace_input.h"

struct cpu_now {
	bool			known;
	int			pid;		/* 0: idle */
	int			prio;
	char			comm[TRACE_COMM_LEN];
	bool			inferred;	/* its switch-in not recorded */
	int			switched_in;	/* by the last recorded switch; -1: none */
	struct trace_task_ref	left;		/* the last task switched out */
};

/* How a task left its CPU. */
enum cpu_left { CPU_LEFT_RUNNABLE, CPU_LEFT_SLEEPING, CPU_LEFT_EXITED };

void cpu_now_switch(struct cpu_now *now, const struct trace_record *rec);
bool cpu_now_first(struct cpu_now *now, const struct trace_record *rec,
		   const struct trace_input *names);
bool cpu_now_missed(const struct cpu_now *now, const struct trace_record *rec);
void cpu_now_infer(struct cpu_now *now, const struct trace_record *rec,
		   const struct trace_task_ref *known, const struct trace_input *names);
enum cpu_left cpu_now_left(long prev_state);

#endif
