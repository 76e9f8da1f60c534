// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where the watcher runs (issue 31: reading and judging stay off the
 * real-time CPUs): on the CPUs --cpus names, the housekeeping ones, and
 * never at a real-time priority, whatever the shell that started it had.
 * Applied after the command was forked, so the command keeps its own.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "watcher_place.h"

/* One "N" or "N-M" of a list. Return: the end of it, or NULL when it is not one. */
static const char *range(const char *s, cpu_set_t *set)
{
	char *end;
	unsigned long from, to;

	if (*s < '0' || *s > '9')
		return NULL;
	from = to = strtoul(s, &end, 10);
	if (*end == '-') {
		if (end[1] < '0' || end[1] > '9')
			return NULL;
		to = strtoul(end + 1, &end, 10);
	}
	if (from > to || to >= CPU_SETSIZE)
		return NULL;
	for (unsigned long cpu = from; cpu <= to; cpu++)
		CPU_SET(cpu, set);
	return end;
}

/**
 * watcher_cpus_parse() - a CPU list as the kernel writes them ("0-2,5")
 * @s: the list
 * @set: filled
 *
 * Return: 0, or -1 when @s is not such a list.
 */
int watcher_cpus_parse(const char *s, cpu_set_t *set)
{
	CPU_ZERO(set);
	for (;;) {
		s = range(s, set);
		if (!s)
			return -1;
		if (!*s)
			return 0;
		if (*s++ != ',')
			return -1;
	}
}

/**
 * watcher_place() - the calling process on @cpus, at a normal priority
 * @cpus: the CPUs, or NULL to keep its own
 * @err: for the message
 * @len: its size
 *
 * Return: 0, or -1 with @err set.
 */
int watcher_place(const cpu_set_t *cpus, char *err, size_t len)
{
	struct sched_param normal = { 0 };
	int policy = sched_getscheduler(0);

	if (cpus && sched_setaffinity(0, sizeof(*cpus), cpus)) {
		snprintf(err, len, "--cpus: cannot run there: %s", strerror(errno));
		return -1;
	}
	if ((policy == SCHED_FIFO || policy == SCHED_RR) &&
	    sched_setscheduler(0, SCHED_OTHER, &normal)) {
		snprintf(err, len, "cannot leave the real-time priority it was started at: %s",
			 strerror(errno));
		return -1;
	}
	return 0;
}
