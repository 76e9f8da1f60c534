// SPDX-License-Identifier: GPL-2.0-only
/*
 * The registry of trace_user.h: one table for the process, filled while
 * the rules are read and never changed once a trace is open.
 */
#include <stdio.h>
#include <string.h>

#include "trace_user.h"

static struct trace_user_event events[TRACE_USER_EVENTS];
static int nr_events;

/**
 * trace_user_find() - an event asked for already
 * @system: "sched"
 * @name: "sched_migrate_task"
 *
 * Return: its index, or -1.
 */
int trace_user_find(const char *system, const char *name)
{
	for (int i = 0; i < nr_events; i++)
		if (!strcmp(events[i].system, system) && !strcmp(events[i].name, name))
			return i;
	return -1;
}

/**
 * trace_user_find_full() - an event asked for already, by its "system:name"
 * @full: as trace_user_event()'s full names it
 *
 * Return: its index, or -1.
 */
int trace_user_find_full(const char *full)
{
	for (int i = 0; i < nr_events; i++)
		if (!strcmp(events[i].full, full))
			return i;
	return -1;
}

/**
 * trace_user_want() - ask for an event's records
 * @system: its system
 * @name: its name
 *
 * Return: its index (the same for the same event), or -1 when the table is
 * full or a name too long.
 */
int trace_user_want(const char *system, const char *name)
{
	struct trace_user_event *e;
	int i = trace_user_find(system, name);

	if (i >= 0)
		return i;
	if (nr_events == TRACE_USER_EVENTS || strlen(system) >= TRACE_USER_NAME_LEN ||
	    strlen(name) >= TRACE_USER_NAME_LEN)
		return -1;
	e = &events[nr_events];
	memset(e, 0, sizeof(*e));
	snprintf(e->system, sizeof(e->system), "%s", system);
	snprintf(e->name, sizeof(e->name), "%s", name);
	snprintf(e->full, sizeof(e->full), "%s:%s", system, name);
	return nr_events++;
}

/**
 * trace_user_want_field() - ask for a field of an event asked for
 * @event: its index
 * @field: the field's name
 * @at: where it is first read ("FILE:LINE:COL"), for the error when a
 *	trace's event lacks it
 *
 * Return: its index among the event's fields, or -1 when there are too many.
 */
int trace_user_want_field(int event, const char *field, const char *at)
{
	struct trace_user_event *e = &events[event];

	for (int i = 0; i < e->nr_fields; i++)
		if (!strcmp(e->fields[i], field))
			return i;
	if (e->nr_fields == TRACE_USER_FIELDS || strlen(field) >= TRACE_USER_NAME_LEN)
		return -1;
	snprintf(e->fields[e->nr_fields], sizeof(e->fields[0]), "%s", field);
	snprintf(e->field_at[e->nr_fields], sizeof(e->field_at[0]), "%s", at);
	return e->nr_fields++;
}

/**
 * trace_user_task() - say whose event it is: the task whose pid a field holds
 * @event: its index
 * @field: the field ("pid"), or "" for common_pid (the task running it)
 * @at: where it is said ("FILE:LINE:COL")
 *
 * Every rule must say the same of an event.
 *
 * Return: 0, or -1 when it was said otherwise before (trace_user_event()'s
 * task and task_at say what and where), or the name is too long.
 */
int trace_user_task(int event, const char *field, const char *at)
{
	struct trace_user_event *e = &events[event];

	if (strlen(field) >= TRACE_USER_NAME_LEN)
		return -1;
	if (e->task_said)
		return strcmp(e->task, field) ? -1 : 0;
	snprintf(e->task, sizeof(e->task), "%s", field);
	snprintf(e->task_at, sizeof(e->task_at), "%s", at);
	e->task_said = true;
	return 0;
}

const struct trace_user_event *trace_user_event(int event)
{
	return event >= 0 && event < nr_events ? &events[event] : NULL;
}

int trace_user_count(void)
{
	return nr_events;
}

/* No event asked for (the tests, between rules). */
void trace_user_reset(void)
{
	nr_events = 0;
}
