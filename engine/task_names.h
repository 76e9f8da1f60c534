/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Every name each pid had in a trace: the comms its records carry (switch,
 * wakeup, fork, exit and priority events). rvreplay --comm matches a task
 * by any of them, as trace-cmd report and the coverage show a thread under
 * its last name while it faulted under its first (before prctl(PR_SET_NAME)).
 * A pid reused by another task keeps the names of both; its last name is
 * the latest record's, what the report calls it (report/task_comms.h).
 */
#ifndef TASK_NAMES_H
#define TASK_NAMES_H

#include <stdbool.h>

#include "trace_input.h"

#define TASK_NAMES_MAX	8	/* distinct names kept per pid; later ones are not */

struct task_names;

struct task_names *task_names_scan(struct trace_input *in);
int task_names_of(const struct task_names *n, int pid, const char **names);
const char *task_names_last(const struct task_names *n, int pid);
void task_names_free(struct task_names *n);

#endif
