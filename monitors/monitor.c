// SPDX-License-Identifier: GPL-2.0
/*
 * Finding monitors and profiles, and the dispatch of an event to a monitor.
 * The descriptors and profiles themselves are in the generated
 * monitor_list.c.
 */
#include "monitor.h"

static bool same_name(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/**
 * rv_profile_find() - a kernel-version profile by name
 * @name: "6.17", "7.1" or "7.3"
 *
 * Return: the profile, or NULL.
 */
const struct rv_profile *rv_profile_find(const char *name)
{
	for (int i = 0; rv_profiles[i].name; i++)
		if (same_name(rv_profiles[i].name, name))
			return &rv_profiles[i];
	return NULL;
}

/**
 * rv_profile_monitor() - a monitor of a profile by name
 * @p: the profile
 * @name: "sleep", "pagefault", "wakeup"
 *
 * Return: the monitor, or NULL when the profile has none of that name.
 */
const struct rv_monitor *rv_profile_monitor(const struct rv_profile *p, const char *name)
{
	for (int i = 0; p->monitors[i]; i++)
		if (same_name(p->monitors[i]->name, name))
			return p->monitors[i];
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
