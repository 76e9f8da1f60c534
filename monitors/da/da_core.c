// SPDX-License-Identifier: GPL-2.0
/*
 * The DA monitor core, operation by operation as the kernel's
 * include/rv/da_monitor.h (Linux 6.0 to 7.0) does it; see docs/semantics.md
 * section 9. An instance ignores events until a start event; an event its
 * state does not expect is an error (the kernel's error_<monitor>), after
 * which the instance stops until the next start event.
 */
#include "da_core.h"

/* The kernel's da_monitor_reset_<name>(): not monitoring, the initial state. */
static void reset(struct rv_target *t)
{
	t->da->monitoring = false;
	t->da->curr_state = da_steps_of(t->monitor->automaton)->initial();
}

/* The kernel's da_monitor_start_<name>(). */
static void start(struct rv_target *t)
{
	t->da->curr_state = da_steps_of(t->monitor->automaton)->initial();
	t->da->monitoring = true;
}

/* The kernel's __da_handle_event_<name>(): step, or report and reset. */
static void step(struct rv_target *t, unsigned int event)
{
	const struct rv_automaton *a = t->monitor->automaton;
	unsigned int curr = t->da->curr_state;
	unsigned int next = da_steps_of(a)->next(curr, event);
	unsigned long states = 1UL << curr, atoms = 1UL << event;
	unsigned long after = next < a->nr_states ? 1UL << next : 0;

	if (t->report && t->report->step)
		t->report->step(t->report_data, t, &states, &atoms, &after);
	if (next < a->nr_states) {
		t->da->curr_state = next;
		return;
	}
	if (t->report && t->report->violation)
		t->report->violation(t->report_data, t, &states, &atoms, RV_VIOLATION_STEP);
	reset(t);
}

/**
 * da_handle_event() - an event for a monitoring instance; ignored otherwise
 * @t: the instance
 * @event: the event's index in the automaton
 */
void da_handle_event(struct rv_target *t, unsigned int event)
{
	if (t->da->monitoring)
		step(t, event);
}

/**
 * da_handle_start_event() - start monitoring without handling the event, or handle it
 * @t: the instance
 * @event: the event's index in the automaton
 *
 * The system is back in the automaton's initial state: a stopped instance
 * starts there and skips this event; a monitoring one handles it.
 */
void da_handle_start_event(struct rv_target *t, unsigned int event)
{
	if (!t->da->monitoring) {
		start(t);
		return;
	}
	step(t, event);
}

/**
 * da_handle_start_run_event() - start monitoring if stopped, then handle the event
 * @t: the instance
 * @event: the event's index in the automaton
 */
void da_handle_start_run_event(struct rv_target *t, unsigned int event)
{
	if (!t->da->monitoring)
		start(t);
	step(t, event);
}

static void bind(struct rv_target *t, union rv_state *state)
{
	t->da = &state->da;
}

/* A new task, and every task when the monitor is enabled: not monitoring. */
static void instance_init(struct rv_target *t, bool task_creation)
{
	reset(t);
	if (t->monitor->init)
		t->monitor->init(t, task_creation);
}

static bool running(const struct rv_target *t)
{
	return t->da->monitoring;
}

/* A DA reads no facts of the task: nothing is ever unknown. */
static unsigned long unknown(const struct rv_target *t)
{
	return 0;
}

/* The DA core, as monitors/monitor.c finds it by type. */
const struct rv_core rv_da_core = {
	.name		= "DA",
	.bind		= bind,
	.init		= instance_init,
	.running	= running,
	.unknown	= unknown,
};
