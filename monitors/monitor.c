// SPDX-License-Identifier: GPL-2.0
/*
 * Finding monitors and profiles, and the dispatch of an event to a monitor.
 * The descriptors and profiles themselves are in the generated
 * monitor_list.c.
 */
#include "ha/ha_core.h"
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

/* The core of each monitor type; a type without one is not replayed yet. */
static const struct rv_core *const cores[] = {
	[RV_MONITOR_LTL]	= &rv_ltl_core,
	[RV_MONITOR_DA]		= &rv_da_core,
	[RV_MONITOR_HA]		= &rv_ha_core,
};

static const struct rv_core *core_of(const struct rv_monitor *m)
{
	if ((unsigned int)m->type >= sizeof(cores) / sizeof(cores[0]))
		return NULL;
	return cores[m->type];
}

/**
 * rv_monitor_replayable() - whether this build can run a monitor's instances
 * @m: the monitor
 *
 * Return: true when its type has a core (its instances per task, per CPU or global).
 */
bool rv_monitor_replayable(const struct rv_monitor *m)
{
	return core_of(m) != NULL;
}

/**
 * rv_monitor_needs_hz() - whether a monitor's clocks count jiffies
 * @m: the monitor
 *
 * Return: true for an HA with an invariant in jiffies (stall).
 */
bool rv_monitor_needs_hz(const struct rv_monitor *m)
{
	const struct ha_steps *steps = m->automaton->steps;

	if (m->type != RV_MONITOR_HA)
		return false;
	for (unsigned int s = 0; s < m->automaton->nr_states; s++)
		if (steps->invariant(steps, s)->env != HA_NO_ENV && steps->invariant(steps, s)->jiffies)
			return true;
	return false;
}

/**
 * rv_instance_bind() - point an instance at its storage
 * @t: the instance; t->monitor set
 * @state: where its state lives, kept by the caller
 */
void rv_instance_bind(struct rv_target *t, union rv_state *state)
{
	core_of(t->monitor)->bind(t, state);
}

/**
 * rv_instance_init() - (re)initialise an instance, as the kernel's <type>_task_init()
 * @t: the instance, bound; t->task holds what is known of the task
 * @task_creation: the task is born now (fork), not found already running
 */
void rv_instance_init(struct rv_target *t, bool task_creation)
{
	core_of(t->monitor)->init(t, task_creation);
}

/**
 * rv_instance_running() - whether an instance is monitoring (started, no error since)
 * @t: the instance
 *
 * Return: true when its automaton has a state.
 */
bool rv_instance_running(const struct rv_target *t)
{
	return core_of(t->monitor)->running(t);
}

/**
 * rv_instance_finish() - the trace ends: what an instance's clocks say then
 * @t: the instance; t->now the trace's end
 */
void rv_instance_finish(struct rv_target *t)
{
	if (core_of(t->monitor)->finish)
		core_of(t->monitor)->finish(t);
}

/**
 * rv_instance_clock() - the clock of the constraint an instance just broke
 * @t: the instance, in its violation callback
 * @out: the clock
 *
 * Return: false for a monitor without clocks.
 */
bool rv_instance_clock(const struct rv_target *t, struct rv_clock *out)
{
	return core_of(t->monitor)->clock && core_of(t->monitor)->clock(t, out);
}

/**
 * rv_instance_unsure() - the waits of an instance too close to a bound to judge
 * @t: the instance
 *
 * Return: how many, 0 for a monitor without clocks.
 */
unsigned long rv_instance_unsure(const struct rv_target *t)
{
	return core_of(t->monitor)->unsure ? core_of(t->monitor)->unsure(t) : 0;
}

/**
 * rv_instance_unknown() - the letters of an instance not learned yet
 * @t: the instance
 *
 * Return: bit i set when atom i is unknown (the first word).
 */
unsigned long rv_instance_unknown(const struct rv_target *t)
{
	return core_of(t->monitor)->unknown(t);
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
