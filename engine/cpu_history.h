/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What each CPU ran lately: its last switches in, so that a sleep can be
 * told with what held the CPU between its wakeup and the task running
 * again, as perf sched timehist tells it. Memory is bounded: a ring of
 * switches per CPU, allocated when the CPU first switches.
 */
#ifndef CPU_HISTORY_H
#define CPU_HISTORY_H

#include <stdbool.h>
#include <stdint.h>

#include "trace_input.h"

#define CPU_HISTORY_RUNS	64	/* switches kept per CPU */
#define CPU_ACTIVITY_MAX	6	/* tasks named per window; the others summed */

/* Who ran on a CPU in a window, in time order. */
struct cpu_activity {
	int		cpu;			/* -1: none told */
	unsigned int	nr;
	struct {
		int		pid;		/* 0: idle */
		int		prio;
		char		comm[TRACE_COMM_LEN];
		uint64_t	ns;		/* in the window */
	} ran[CPU_ACTIVITY_MAX];
	unsigned int	others;			/* more tasks, after those */
	uint64_t	others_ns;
	bool		partial;		/* the window starts before the history */
};

struct cpu_histories;

struct cpu_histories *cpu_histories_new(int cpus);
void cpu_histories_free(struct cpu_histories *h);
void cpu_history_switch(struct cpu_histories *h, int cpu, uint64_t ts,
			const struct trace_task_ref *next);
int cpu_history_current(const struct cpu_histories *h, int cpu);
bool switch_in_missed(const struct trace_record *rec, int switched_in);
void cpu_history_window(const struct cpu_histories *h, int cpu, uint64_t from, uint64_t to,
			struct cpu_activity *out);

#endif
