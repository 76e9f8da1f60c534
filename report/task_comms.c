// SPDX-License-Identifier: GPL-2.0-only
/*
 * The last comm of each task the report names (task_comms.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "task_comms.h"

static bool same_pid(unsigned int element, const void *key, const void *data)
{
	return ((const struct task_comms *)data)->tasks[element].pid == *(const int *)key;
}

static struct task_comm *find(const struct task_comms *tc, int pid)
{
	long i = key_index_find(&tc->by_pid, key_hash(&pid, sizeof(pid), 0), same_pid, &pid, tc);

	return i >= 0 ? &tc->tasks[i] : NULL;
}

static void set(struct task_comm *t, const char *comm)
{
	if (comm && comm[0])
		snprintf(t->comm, sizeof(t->comm), "%s", comm);
}

/**
 * task_comms_follow() - a task the report names: its renames followed from now
 * @tc: the names
 * @pid: the task
 * @comm: its name now (the replay's: the last so far)
 *
 * Nothing when @pid is followed already (its renames told it). Memory
 * running out is kept in @tc->oom.
 */
void task_comms_follow(struct task_comms *tc, int pid, const char *comm)
{
	struct task_comm *t;

	if (find(tc, pid))
		return;
	if (grow_room(&tc->tasks, tc->nr, sizeof(*tc->tasks)) ||
	    key_index_add(&tc->by_pid, key_hash(&pid, sizeof(pid), 0), tc->nr)) {
		tc->oom = true;
		return;
	}
	t = &tc->tasks[tc->nr++];
	memset(t, 0, sizeof(*t));
	t->pid = pid;
	set(t, comm);
}

/**
 * task_comms_renamed() - the replay read a new name of a task
 * @tc: the names
 * @pid: the task
 * @comm: its new name
 */
void task_comms_renamed(struct task_comms *tc, int pid, const char *comm)
{
	struct task_comm *t = tc->nr ? find(tc, pid) : NULL;

	if (t)
		set(t, comm);
}

/**
 * task_comms_last() - a followed task's last name
 * @tc: the names
 * @pid: the task
 *
 * Return: its name, or NULL when @pid is not followed or has no name.
 */
const char *task_comms_last(const struct task_comms *tc, int pid)
{
	const struct task_comm *t = tc->nr ? find(tc, pid) : NULL;

	return t && t->comm[0] ? t->comm : NULL;
}

void task_comms_release(struct task_comms *tc)
{
	free(tc->tasks);
	key_index_free(&tc->by_pid);
	memset(tc, 0, sizeof(*tc));
}
