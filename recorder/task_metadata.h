/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The task metadata of docs/semantics.md section 7: one trace_marker line per
 * existing task, written before the workload starts, so the replay knows
 * what a trace alone cannot tell (kernel threads, policies, prios).
 */
#ifndef TASK_METADATA_H
#define TASK_METADATA_H

struct tracefs_instance;

struct task_info {
	int	pid;
	int	tgid;
	int	kthread;
	int	policy;
	int	prio;		/* kernel-internal, as in sched_switch */
	char	comm[64];
};

int task_info_parse_stat(const char *stat, int tgid, struct task_info *ti);
long task_metadata_write(struct tracefs_instance *inst, const char *proc);

#endif
