/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The metadata lines of docs/semantics.md section 7, written into the
 * trace before the workload starts, so the replay knows what a trace alone
 * cannot tell: one line per existing task (kernel threads, policies,
 * prios), and the list of events enabled (an event with no record was
 * then recorded and did not happen, rather than not recorded).
 */
#ifndef TASK_METADATA_H
#define TASK_METADATA_H

#include <stdbool.h>

#include "record.h"

struct tracefs_instance;

struct task_info {
	int	pid;
	int	tgid;
	int	kthread;
	int	policy;
	int	prio;		/* kernel-internal, as in sched_switch */
	char	comm[64];
};

long task_metadata_write(struct tracefs_instance *inst, const char *proc);
unsigned int kernel_hz(void);
int kernel_metadata_write(struct tracefs_instance *inst);
int events_metadata_write(struct tracefs_instance *inst, const struct record_options *o,
			  const bool *enabled);

#endif
