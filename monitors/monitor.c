/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The table of monitors and the dispatch of an event to a monitor.
 */
#include "monitor.h"

extern const struct rv_monitor pagefault_monitor;
extern const struct rv_monitor sleep_monitor;

const struct rv_monitor *const rv_monitors[] = {
	&pagefault_monitor,
	&sleep_monitor,
	NULL,
};

static bool same_name(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/**
 * rv_monitor_find() - a monitor by name
 * @name: "sleep", "pagefault", ...
 *
 * Return: the monitor, or NULL.
 */
const struct rv_monitor *rv_monitor_find(const char *name)
{
	for (int i = 0; rv_monitors[i]; i++)
		if (same_name(rv_monitors[i]->name, name))
			return rv_monitors[i];
	return NULL;
}

/**
 * rv_monitor_handles() - whether a monitor has a handler for an event type
 * @m: the monitor
 * @type: the event type
 *
 * Return: true when events of @type matter to @m.
 */
bool rv_monitor_handles(const struct rv_monitor *m, enum rv_event_type type)
{
	return m->on[type] != NULL;
}

/**
 * rv_handle() - give an event to one task's instance of a monitor
 * @t: the instance
 * @ev: the event, already resolved to that task
 */
void rv_handle(struct rv_target *t, const struct rv_event *ev)
{
	if (t->monitor->on[ev->type])
		t->monitor->on[ev->type](t, ev);
}
