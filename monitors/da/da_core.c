// SPDX-License-Identifier: GPL-2.0
/*
 * The DA monitor core, operation by operation as the kernel's
 * include/rv/da_monitor.h (Linux 6.0 to 7.0) does it; see docs/semantics.md
 * section 9. An instance ignores events until a start event; an event its
 * state does not expect is an error (the kernel's error_<monitor>), after
 * which the instance stops until the next start event.
 */
#include "da_core.h"

/**
 * da_reset() - the kernel's da_monitor_reset_<name>(): not monitoring, the initial state
 * @t: the instance
 */
void da_reset(struct rv_target *t)
{
	t->da->monitoring = false;
	const struct da_steps *steps = da_steps_of(t->monitor->automaton);

	t->da->curr_state = steps->initial(steps);
}

/* The kernel's da_monitor_start_<name>(), with an HA's hook (its clocks never reset). */
static void start(struct rv_target *t)
{
	const struct da_steps *steps = da_steps_of(t->monitor->automaton);

	t->da->curr_state = steps->initial(steps);
	t->da->monitoring = true;
	if (steps->hooks)
		steps->hooks->start(t);
}

/**
 * da_violation() - tell a violation, as the kernel's error_<monitor> and error_env_<monitor>
 * @t: the instance
 * @states: its state before, as a bit
 * @atoms: the event, as a bit; 0: none (a clock ran out)
 * @kind: RV_VIOLATION_STEP or RV_VIOLATION_CONSTRAINT
 */
void da_violation(struct rv_target *t, unsigned long states, unsigned long atoms,
		  enum rv_violation_kind kind)
{
	if (t->report && t->report->violation)
		t->report->violation(t->report_data, t, &states, &atoms, kind);
}

/* What an HA's constraints say of a transition the table allows. */
static enum da_verdict constraint(struct rv_target *t, unsigned int curr, unsigned int event,
				  unsigned int next)
{
	const struct da_hooks *hooks = da_steps_of(t->monitor->automaton)->hooks;

	return hooks ? hooks->constraint(t, curr, event, next) : DA_ALLOWED;
}

/* The kernel's __da_handle_event_<name>(): step, or report and reset. */
static void step(struct rv_target *t, unsigned int event)
{
	const struct rv_automaton *a = t->monitor->automaton;
	unsigned int curr = t->da->curr_state;
	const struct da_steps *steps = da_steps_of(a);
	unsigned int next = steps->next(steps, curr, event);
	unsigned long states = 1UL << curr, atoms = 1UL << event;
	unsigned long after = next < a->nr_states ? 1UL << next : 0;
	enum da_verdict verdict = next < a->nr_states ? constraint(t, curr, event, next) :
				  DA_BROKEN;

	if (verdict == DA_ALLOWED) {
		if (t->report && t->report->step)
			t->report->step(t->report_data, t, &states, &atoms, &after);
		t->da->curr_state = next;
		return;
	}
	if (verdict == DA_BROKEN)
		da_violation(t, states, atoms, next < a->nr_states ? RV_VIOLATION_CONSTRAINT :
			     RV_VIOLATION_STEP);
	da_reset(t);
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

/**
 * da_instance_init() - a new task, and every task when the monitor is enabled
 * @t: the instance, bound
 * @task_creation: the task is born now
 *
 * Not monitoring, as the kernel's rv_task_fork() and da_monitor_init():
 * an HA's clocks are set at the next start (ha_core.c), read only while
 * monitoring.
 */
void da_instance_init(struct rv_target *t, bool task_creation)
{
	da_reset(t);
	if (t->monitor->init)
		t->monitor->init(t, task_creation);
}

/**
 * da_running() - whether a DA's or HA's instance is monitoring
 * @t: the instance
 *
 * Return: true between a start and an error.
 */
bool da_running(const struct rv_target *t)
{
	return t->da->monitoring;
}

/**
 * da_unknown() - a DA's or HA's letters not learned yet: none
 * @t: the instance
 *
 * An automaton reads no facts of the task: nothing is ever unknown.
 *
 * Return: 0.
 */
unsigned long da_unknown(const struct rv_target *t)
{
	return 0;
}

/* The DA core, as monitors/monitor.c finds it by type. */
const struct rv_core rv_da_core = {
	.name		= "DA",
	.bind		= bind,
	.init		= da_instance_init,
	.running	= da_running,
	.unknown	= da_unknown,
};
