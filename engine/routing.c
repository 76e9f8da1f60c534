// SPDX-License-Identifier: GPL-2.0-only
/*
 * monitors/routes.c by record kind.
 */
#include "routing.h"

static const struct rv_route *by_kind[TRACE_NR_KINDS][ROUTING_MAX + 1];
static bool made;
/* an event a rule names, whatever its system: to the task it is about (trace_user_task()) */
static const struct rv_route user_route = { "", "", RV_EV_TRACE, RV_TO_NAMED, false };

static void make(void)
{
	for (const struct rv_route *r = rv_routes; r->event; r++) {
		enum trace_kind kind = trace_kind_find(r->system, r->event);
		int i = 0;

		while (i < ROUTING_MAX && by_kind[kind][i])
			i++;
		if (kind != TRACE_OTHER && i < ROUTING_MAX)
			by_kind[kind][i] = r;
	}
	by_kind[TRACE_USER][0] = &user_route;
	made = true;
}

/**
 * routing_of() - the routes of a record kind
 * @kind: the kind
 *
 * Return: its routes in monitors/routes.c's order, NULL-terminated (none
 * for kinds no monitor event comes from).
 */
const struct rv_route *const *routing_of(enum trace_kind kind)
{
	if (!made)
		make();
	if ((unsigned int)kind >= TRACE_NR_KINDS)
		kind = TRACE_OTHER;
	return by_kind[kind];
}

/**
 * routing_pid() - the task a route gives its event to
 * @route: one of the record's routes
 * @rec: the record
 *
 * Return: the task's pid.
 */
int routing_pid(const struct rv_route *route, const struct trace_record *rec)
{
	if (rec->kind == TRACE_USER)
		return rec->user.pid;
	switch (route->to) {
	case RV_TO_PREV:
		return rec->sw.prev.pid;
	case RV_TO_NEXT:
		return rec->sw.next.pid;
	case RV_TO_WOKEN:
		return rec->wake.pid;
	case RV_TO_NAMED:
		return rec->task.pid;
	case RV_TO_CURRENT:
	default:
		return rec->pid;
	}
}
