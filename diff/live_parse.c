// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a live record says, in the replay's terms: a step's states, letters
 * and next states as bits (the LTL monitors' "%*pbl" lists and atom names,
 * a deterministic automaton's state and event names), and whose instance
 * it is (a task's, or a per-CPU monitor's CPU).
 */
#include <stdlib.h>
#include <string.h>

#include "diff_local.h"

/* "0,4" or "1-2,5", as "%*pbl" prints a bitmap */
static unsigned long parse_states(const char *s)
{
	unsigned long bits = 0, from, to;
	char *end;

	while (*s) {
		from = strtoul(s, &end, 10);
		if (end == s)
			break;
		to = from;
		if (*end == '-')
			to = strtoul(end + 1, &end, 10);
		for (unsigned long b = from; b <= to && b < RV_MAX_BA_STATES; b++)
			bits |= 1UL << b;
		s = *end == ',' ? end + 1 : end;
		if (*end != ',')
			break;
	}
	return bits;
}

/* "fu_wa,rt,wak": names of the true atoms */
static unsigned long parse_atoms(const struct rv_automaton *a, const char *s)
{
	unsigned long bits = 0;
	size_t len;

	while (*s) {
		len = strcspn(s, ",");
		for (unsigned int i = 0; i < a->nr_atoms; i++)
			if (strlen(rv_atom_trace_name(a, i)) == len &&
			    !strncmp(rv_atom_trace_name(a, i), s, len))
				bits |= 1UL << i;
		s += len;
		if (*s == ',')
			s++;
	}
	return bits;
}

/* A DA's state by name, as a bit; 0 for a name the automaton lacks. */
static unsigned long state_bit(const struct rv_automaton *a, const char *name)
{
	for (unsigned int i = 0; a->state_name && i < a->nr_states; i++)
		if (!strcmp(rv_state_name(a, i), name))
			return 1UL << i;
	return 0;
}

/* A DA's event by name, as a bit; 0 for "none" (a clock ran out) or an unknown name. */
static unsigned long event_bit(const struct rv_automaton *a, const char *name)
{
	for (unsigned int i = 0; i < a->nr_atoms; i++)
		if (!strcmp(rv_atom_name(a, i), name))
			return 1UL << i;
	return 0;
}

/**
 * diff_parse_step() - a live event_<monitor> record as the replay's step
 * @m: its monitor
 * @rec: the record (TRACE_RV_EVENT)
 * @st: gets states, atoms and next; the rest is left
 *
 * The LTL layout names states by number and atoms by name; the DA layout
 * (deterministic and hybrid automata) names one state, one event and the
 * next state, which the replay's DA core reports as one bit each.
 */
void diff_parse_step(const struct rv_monitor *m, const struct trace_record *rec,
		     struct diff_step *st)
{
	const struct rv_automaton *a = m->automaton;

	if (rec->rv.layout == TRACE_RV_LTL) {
		st->states = parse_states(rec->rv.states);
		st->atoms = parse_atoms(a, rec->rv.atoms);
		st->next = parse_states(rec->rv.next);
		return;
	}
	st->states = state_bit(a, rec->rv.states);
	st->atoms = event_bit(a, rec->rv.atoms);
	st->next = state_bit(a, rec->rv.next);
}

/**
 * diff_timeout() - a live error with no event: a hybrid automaton's clock ran out
 * @rec: the record (TRACE_RV_ERROR)
 *
 * The kernel's HA timer fires at the bound with the event "none"
 * (include/rv/ha_monitor.h), and our module's finish at its disabling
 * does the same; neither belongs to a record of the trace.
 *
 * Return: true for error_env_<monitor> with the event "none".
 */
bool diff_timeout(const struct trace_record *rec)
{
	return rec->rv.env && !strcmp(rec->rv.atoms, "none");
}

/**
 * diff_instance() - whose instance of a monitor a task and CPU stand for
 * @m: the monitor
 * @pid: the task
 * @cpu: the CPU
 *
 * Return: @pid for a per-task monitor, @cpu for a per-CPU one, 0 for a
 * global one: the number diff keys a monitor's verdicts and steps by.
 */
int diff_instance(const struct rv_monitor *m, int pid, int cpu)
{
	switch (m->instance) {
	case RV_PER_CPU:
		return cpu;
	case RV_GLOBAL:
		return 0;
	default:
		return pid;
	}
}

/**
 * diff_instance_of_live() - whose instance a live record is of
 * @m: its monitor
 * @rec: the record
 *
 * A per-task record names its task (the LTL layout's pid, a DA's id); a
 * per-CPU monitor's record names none: the record's CPU is the instance.
 *
 * Return: as diff_instance().
 */
int diff_instance_of_live(const struct rv_monitor *m, const struct trace_record *rec)
{
	return diff_instance(m, rec->rv.task.pid, rec->cpu);
}
