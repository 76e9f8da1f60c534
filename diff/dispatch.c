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
 * diff_gives_to() - whether a record gives a monitor an event of an instance
 * @c: the record
 * @m: the monitor
 * @instance: a task's pid; for a per-CPU or global monitor, its instance
 *	      on the record's CPU (diff_instance())
 *
 * Return: true when @m handles one of its events, of @instance's task for
 * a per-task monitor (any task's for the others: the record's CPU is
 * theirs, and the CPU is where diff looks).
 */
bool diff_gives_to(const struct diff_candidate *c, const struct rv_monitor *m, int instance)
{
	for (int i = 0; i < c->nr; i++)
		if (rv_monitor_handles(m, c->t[i].type) &&
		    (m->instance != RV_PER_TASK || c->t[i].pid == instance))
			return true;
	return false;
}
