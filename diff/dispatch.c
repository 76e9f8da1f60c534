// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a record gives to which task: the replay's dispatch
 * (engine/routing.c), as diff/ needs it to tie a live record to the
 * record that triggered it.
 */
#include "diff_local.h"

/**
 * diff_switched_out_asleep() - a switch out the replay takes as a sleep
 * @rec: the record
 *
 * SLEEP at the switch (docs/semantics.md section 4).
 *
 * Return: true for a sched_switch whose previous task went to sleep.
 */
bool diff_switched_out_asleep(const struct trace_record *rec)
{
	return rec->kind == TRACE_SWITCH && rv_switched_out_sleeping(rec->sw.prev_state);
}

/**
 * diff_targets_of() - the monitor events a record gives, and to whom
 * @rec: the record
 * @t: DIFF_MAX_TARGETS events, filled
 *
 * Return: how many.
 */
int diff_targets_of(const struct trace_record *rec, struct diff_target *t)
{
	const struct rv_route *const *route = routing_of(rec->kind);
	int n = 0;

	for (; *route && n < DIFF_MAX_TARGETS; route++)
		t[n++] = (struct diff_target){ (*route)->type, routing_pid(*route, rec) };
	return n;
}

/**
 * diff_gives_to() - whether a record gives a monitor an event of a task
 * @c: the record
 * @m: the monitor
 * @pid: the task
 *
 * Return: true when one of its events is @pid's and @m handles it.
 */
bool diff_gives_to(const struct diff_candidate *c, const struct rv_monitor *m, int pid)
{
	for (int i = 0; i < c->nr; i++)
		if (c->t[i].pid == pid && rv_monitor_handles(m, c->t[i].type))
			return true;
	return false;
}
