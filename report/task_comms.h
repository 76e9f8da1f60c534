/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the report calls a task: its last comm in the trace, one rule for
 * the group headers, the summary, the statistics, JSON (and so compare's
 * keys) and waivers; where the task had another name at its violations,
 * both are shown ("renamed (was early)"). The replay tells each rename as
 * it reads it (replay_sink.task); only the tasks the report names (a
 * verdict, statistics) are followed, so memory grows with those. A trace
 * read for its names first (--comm, waivers: task_names.h) gives the last
 * name at once, and then is the one source.
 */
#ifndef TASK_COMMS_H
#define TASK_COMMS_H

#include "key_index.h"
#include "trace_input.h"

struct task_comm {
	int	pid;
	char	comm[TRACE_COMM_LEN];
};

struct task_comms {
	struct task_comm	*tasks;
	unsigned int		nr;
	struct key_index	by_pid;
	bool			oom;
};

void task_comms_follow(struct task_comms *tc, int pid, const char *comm);
void task_comms_renamed(struct task_comms *tc, int pid, const char *comm);
const char *task_comms_last(const struct task_comms *tc, int pid);
void task_comms_release(struct task_comms *tc);

#endif
