/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The trace events of any system that rules name (rvreplay-spec(5): "on
 * sched:sched_migrate_task if dest_cpu != orig_cpu"), and the fields of
 * each they read: asked for once, before traces are opened, then decoded
 * as TRACE_USER records by every trace's decoder.
 */
#ifndef TRACE_USER_H
#define TRACE_USER_H

#include <stdbool.h>

#define TRACE_USER_EVENTS	16	/* events, all rules together */
#define TRACE_USER_FIELDS	8	/* fields read of each */
#define TRACE_USER_STR_LEN	32	/* a string field's value, cut */
#define TRACE_USER_NAME_LEN	64

struct trace_user_event {
	char	system[TRACE_USER_NAME_LEN];
	char	name[TRACE_USER_NAME_LEN];
	char	full[2 * TRACE_USER_NAME_LEN];		/* "system:name" */
	char	fields[TRACE_USER_FIELDS][TRACE_USER_NAME_LEN];
	char	field_at[TRACE_USER_FIELDS][160];	/* "FILE:LINE:COL" of its first use */
	int	nr_fields;
	char	task[TRACE_USER_NAME_LEN];	/* the field with the pid of the task it is
						   about; "": common_pid, the task running */
	char	task_at[160];			/* where it was said */
	bool	task_said;			/* by a rule (its first binding of it) */
};

int trace_user_want(const char *system, const char *name);
int trace_user_want_field(int event, const char *field, const char *at);
int trace_user_task(int event, const char *field, const char *at);
int trace_user_find(const char *system, const char *name);
int trace_user_find_full(const char *full);
const struct trace_user_event *trace_user_event(int event);
int trace_user_count(void);
void trace_user_reset(void);

#endif
