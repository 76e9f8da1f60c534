// SPDX-License-Identifier: GPL-2.0
/*
 * The LTL monitor core, operation by operation as the kernel's
 * include/rv/ltl_monitor.h (Linux 6.17) does it; see docs/semantics.md section 1.
 */
#include "ltl_core.h"

#define STATE_WORDS	BITS_TO_LONGS(RV_MAX_BA_STATES)

static void copy_states(unsigned long *to, const unsigned long *from)
{
	for (size_t i = 0; i < STATE_WORDS; i++)
		to[i] = from[i];
}

static void violation(struct rv_target *t, const unsigned long *before,
		      enum rv_violation_kind kind)
{
	if (t->report && t->report->violation)
		t->report->violation(t->report_data, t, before, t->mon->atoms, kind);
}

/* The kernel's ltl_validate(): one step of every current state. */
static void step(struct rv_target *t)
{
	const struct rv_automaton *a = t->monitor->automaton;
	const struct ltl_steps *s = ltl_steps_of(a);
	DECLARE_BITMAP(next, RV_MAX_BA_STATES) = { 0 };
	DECLARE_BITMAP(before, RV_MAX_BA_STATES);

	if (!rv_ltl_valid_state(t->mon))
		return;
	for (unsigned int i = 0; i < a->nr_states; i++)
		if (test_bit(i, t->mon->states))
			s->next_states(s, t->mon, i, next);
	if (t->report && t->report->step)
		t->report->step(t->report_data, t, t->mon->states, t->mon->atoms, next);
	copy_states(before, t->mon->states);
	copy_states(t->mon->states, next);
	if (!rv_ltl_valid_state(t->mon))
		violation(t, before, RV_VIOLATION_STEP);
}

/* The kernel's ltl_attempt_start(), plus the optional strict start. */
static void attempt_start(struct rv_target *t)
{
	const struct ltl_steps *s = ltl_steps_of(t->monitor->automaton);

	if (!rv_ltl_all_atoms_known(t->mon))
		return;
	s->start(s, t->mon);
	if (t->strict_start && !rv_ltl_valid_state(t->mon))
		violation(t, t->mon->states, RV_VIOLATION_START);
}

/**
 * ltl_set() - store an atom's value and mark it known; no step
 * @t: the instance
 * @atom: the atom's index in the automaton
 * @value: its value
 */
void ltl_set(struct rv_target *t, unsigned int atom, bool value)
{
	__clear_bit(atom, t->mon->unknown_atoms);
	if (value)
		__set_bit(atom, t->mon->atoms);
	else
		__clear_bit(atom, t->mon->atoms);
}

/**
 * ltl_known() - whether an atom's value has been learned
 * @t: the instance
 * @atom: the atom's index
 *
 * Return: true when it is known.
 */
bool ltl_known(const struct rv_target *t, unsigned int atom)
{
	return !test_bit(atom, t->mon->unknown_atoms);
}

/**
 * ltl_update() - set an atom, refresh the fetched atoms, then start or step
 * @t: the instance
 * @atom: the atom's index
 * @value: its value
 *
 * A stopped instance starts when every atom is known, and does not step on
 * this event (the kernel's behaviour since 6.17).
 */
void ltl_update(struct rv_target *t, unsigned int atom, bool value)
{
	ltl_set(t, atom, value);
	if (t->monitor->fetch)
		t->monitor->fetch(t);
	if (!rv_ltl_valid_state(t->mon)) {
		attempt_start(t);
		return;
	}
	step(t);
}

/**
 * ltl_pulse() - an instantaneous event: update to @value, then step with !@value
 * @t: the instance
 * @atom: the atom's index
 * @value: the value during the event
 */
void ltl_pulse(struct rv_target *t, unsigned int atom, bool value)
{
	ltl_update(t, atom, value);
	ltl_set(t, atom, !value);
	step(t);
}

/**
 * ltl_validate() - one step on the atoms as they are (the kernel's ltl_validate())
 * @t: the instance; a stopped one stays stopped
 */
void ltl_validate(struct rv_target *t)
{
	step(t);
}

/* The kernel's ltl_task_init(): every atom unknown and no state, then init and fetch. */
static void instance_init(struct rv_target *t, bool task_creation)
{
	for (size_t i = 0; i < STATE_WORDS; i++)
		t->mon->states[i] = 0;
	for (size_t i = 0; i < BITS_TO_LONGS(RV_MAX_LTL_ATOM); i++)
		t->mon->atoms[i] = 0;
	for (size_t i = 0; i < BITS_TO_LONGS(RV_MAX_LTL_ATOM); i++)
		t->mon->unknown_atoms[i] = 0;
	for (unsigned int i = 0; i < t->monitor->automaton->nr_atoms; i++)
		__set_bit(i, t->mon->unknown_atoms);
	t->monitor->init(t, task_creation);
	if (t->monitor->fetch)
		t->monitor->fetch(t);
}

static void bind(struct rv_target *t, union rv_state *state)
{
	t->mon = &state->ltl;
}

static bool running(const struct rv_target *t)
{
	return rv_ltl_valid_state(t->mon);
}

static unsigned long unknown(const struct rv_target *t)
{
	return t->mon->unknown_atoms[0];
}

/* The LTL core, as monitors/monitor.c finds it by type. */
const struct rv_core rv_ltl_core = {
	.name		= "LTL",
	.bind		= bind,
	.init		= instance_init,
	.running	= running,
	.unknown	= unknown,
};

/**
 * rv_fetch_rt() - the usual fetch: RT is the task's rt fact, unknown while it is
 * @t: the instance
 * @rt_atom: the index of RT in this automaton
 */
void rv_fetch_rt(struct rv_target *t, unsigned int rt_atom)
{
	if (t->task->rt != RV_UNKNOWN)
		ltl_set(t, rt_atom, t->task->rt);
}
