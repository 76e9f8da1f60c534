// SPDX-License-Identifier: GPL-2.0-only
/*
 * The orders diff/ sorts and searches by: a record's place in the trace,
 * a task's (monitor, pid), a step's task, record and arrival.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_local.h"

/**
 * diff_key_of() - where a record is in the trace's order
 * @rec: the record
 *
 * Return: its time, CPU and offset.
 */
struct diff_key diff_key_of(const struct trace_record *rec)
{
	return (struct diff_key){ rec->ts, rec->cpu, rec->ref.offset };
}

/**
 * diff_key_cmp() - two records in the trace's order
 * @a: one
 * @b: the other
 *
 * Return: <0, 0 or >0 as @a is before, at or after @b (time, CPU, offset).
 */
int diff_key_cmp(const struct diff_key *a, const struct diff_key *b)
{
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? -1 : 1;
	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	return 0;
}

/**
 * diff_task_cmp() - two tasks of monitors, by monitor then pid
 * @m1: the first's monitor index
 * @p1: its pid
 * @m2: the second's monitor index
 * @p2: its pid
 *
 * Return: <0, 0 or >0.
 */
int diff_task_cmp(int m1, int p1, int m2, int p2)
{
	if (m1 != m2)
		return m1 < m2 ? -1 : 1;
	if (p1 != p2)
		return p1 < p2 ? -1 : 1;
	return 0;
}

/**
 * diff_step_cmp() - qsort() order of steps: task, record, arrival
 * @a: a struct diff_step
 * @b: another
 *
 * Return: <0, 0 or >0.
 */
int diff_step_cmp(const void *a, const void *b)
{
	const struct diff_step *x = a, *y = b;
	int c = diff_task_cmp(x->monitor, x->pid, y->monitor, y->pid);

	if (!c)
		c = diff_key_cmp(&x->at, &y->at);
	if (!c)
		c = x->seq < y->seq ? -1 : x->seq > y->seq;
	return c;
}

/**
 * diff_monitor_of() - a monitor's index in the replay options' monitors
 * @opts: the options
 * @m: the monitor
 *
 * Return: the index, or -1 when @m is not one of them.
 */
int diff_monitor_of(const struct diff_options *opts, const struct rv_monitor *m)
{
	for (int i = 0; i < opts->replay.nr_monitors; i++)
		if (opts->replay.monitors[i] == m)
			return i;
	return -1;
}

/**
 * diff_sort() - qsort(), also for an empty (NULL) array
 * @base: the array
 * @n: its elements
 * @size: the size of one
 * @cmp: their order
 */
void diff_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}
