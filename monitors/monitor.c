/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The table of monitors and the dispatch of an event to a monitor.
 */
#include "monitor.h"

extern const struct rv_monitor pagefault_monitor;
extern const struct rv_monitor sleep_monitor, sleep_7_1_monitor, sleep_7_3_monitor;
extern const struct rv_monitor wakeup_monitor;

const struct rv_profile rv_profiles[] = {
	{ "6.17", "6.17 to 7.0", "the first rtapp monitors",
	  { &pagefault_monitor, &sleep_monitor } },
	{ "7.1", "7.1 and 7.2", "sleep: epoll_wait is a valid sleep reason",
	  { &pagefault_monitor, &sleep_7_1_monitor } },
	{ "7.3", "7.3 and later", "sleep: user threads only, woken then scheduled in "
	  "(SCHEDULE_IN), any clock but CLOCK_REALTIME; new monitor wakeup",
	  { &pagefault_monitor, &sleep_7_3_monitor, &wakeup_monitor } },
	{ NULL },
};

const struct rv_monitor *const *const rv_monitors = rv_profiles[0].monitors;

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
 * rv_monitor_find() - a monitor of the default profile (6.17) by name
 * @name: "sleep", "pagefault"
 *
 * Return: the monitor, or NULL.
 */
const struct rv_monitor *rv_monitor_find(const char *name)
{
	return rv_profile_monitor(&rv_profiles[0], name);
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
