// SPDX-License-Identifier: GPL-2.0-only
/*
 * A rule's automaton (a .dot specification in rvgen's language) read at
 * run time by the build's own reader (models/dotc: the parse and checks
 * that write the built-in automata's headers), run by the DA core through
 * struct da_steps: its states and events numbered as dot2c numbers them
 * (the initial state first, the others and the events by name), so that
 * an exported rule is the same automaton in a kernel.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rule_da.h"

static const struct rule_da *da_of(const struct da_steps *s)
{
	return s->data;
}

static unsigned int initial(const struct da_steps *s)
{
	return 0;	/* dot2c writes the initial state first */
}

static unsigned int next(const struct da_steps *s, unsigned int state, unsigned int event)
{
	const struct rule_da *d = da_of(s);

	return d->next[state][event];
}

static bool final(const struct da_steps *s, unsigned int state)
{
	return da_of(s)->final[state];
}

/* The tables in dot2c's order; a missing transition is nr_states. */
static void tables(struct rule_da *d)
{
	const struct dot_automaton *a = d->dot;

	for (int i = 0; i < a->nr_states; i++) {
		const struct dot_state *s = &a->states[a->state_order[i]];

		d->state_names[i] = s->name;
		d->final[i] = s->final;
		for (int e = 0; e < a->nr_events; e++) {
			int to = a->function[a->state_order[i]][a->event_order[e]];

			d->next[i][e] = a->nr_states;
			for (int k = 0; to >= 0 && k < a->nr_states; k++)
				if (a->state_order[k] == to)
					d->next[i][e] = k;
		}
	}
	for (int e = 0; e < a->nr_events; e++)
		d->event_names[e] = a->events[a->event_order[e]];
}

/**
 * rule_da_compile() - an automaton's tables, ready for the DA core
 * @path: its file, for errors
 * @text: the specification (rvgen's .dot language)
 * @name: the monitor's name
 * @d: filled; free with rule_da_free()
 * @err: RULE_ERR_LEN bytes: "file:line: error: ..."
 *
 * Return: 0, or -1 with @err set; an automaton with clocks (a hybrid one)
 * is refused: rules do not judge clocks yet.
 */
int rule_da_compile(const char *path, const char *text, const char *name, struct rule_da *d,
		    char *err)
{
	char msg[DOT_MSG_LEN];
	size_t n = strlen(path);

	memset(d, 0, sizeof(*d));
	d->dot = calloc(1, sizeof(*d->dot));
	if (!d->dot)
		return snprintf(err, RULE_ERR_LEN, "out of memory"), -1;
	d->dot->path = path;
	if (dot_parse(text, d->dot, msg) || dot_automaton_build(d->dot, msg)) {
		/* "file:line: what" -> "file:line: error: what" */
		if (!strncmp(msg, path, n) && msg[n] == ':' && strchr(msg + n + 1, ':'))
			snprintf(err, RULE_ERR_LEN, "%.*s error:%s",
				 (int)(strchr(msg + n + 1, ':') - msg + 1), msg,
				 strchr(msg + n + 1, ':') + 1);
		else
			snprintf(err, RULE_ERR_LEN, "%s", msg);
		return -1;
	}
	if (d->dot->nr_envs)
		return snprintf(err, RULE_ERR_LEN, "%s:1:1: error: a hybrid automaton (its clock "
				"%s): rules do not judge clocks yet", path, d->dot->envs[0]), -1;
	tables(d);
	d->steps = (struct da_steps){ .initial = initial, .next = next, .final = final, .data = d };
	d->automaton = (struct rv_automaton){
		.name = name, .nr_atoms = d->dot->nr_events, .nr_states = d->dot->nr_states,
		.atom_names = d->event_names, .state_names = d->state_names, .steps = &d->steps,
	};
	return 0;
}

/* The index of an event of the automaton, or -1. */
int rule_da_event(const struct rule_da *d, const char *event)
{
	for (unsigned int i = 0; i < d->automaton.nr_atoms; i++)
		if (!strcmp(d->event_names[i], event))
			return i;
	return -1;
}

void rule_da_free(struct rule_da *d)
{
	free(d->dot);
	d->dot = NULL;
}
