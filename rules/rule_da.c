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

/* The enum index of a clock (dot2c's order, by name). */
static unsigned int env_index(const struct dot_automaton *a, int env)
{
	for (int k = 0; k < a->nr_envs; k++)
		if (a->env_order[k] == env)
			return k;
	return HA_NO_ENV;
}

static bool in_jiffies(const char *bound)
{
	size_t n = strlen(bound);

	return n >= 8 && !strcmp(bound + n - 8, "_jiffies");
}

static const struct rule_da *ha_of(const struct ha_steps *s)
{
	return s->da.data;
}

static const char *env_name(const struct ha_steps *s, unsigned int env)
{
	return ha_of(s)->env_names[env];
}

static const struct ha_invariant *invariant(const struct ha_steps *s, unsigned int state)
{
	return &ha_of(s)->invariants[state];
}

static unsigned long resets(const struct ha_steps *s, unsigned int state, unsigned int event)
{
	return ha_of(s)->resets[state][event];
}

/* A hybrid automaton's invariants and resets, in the tables' order; the HA core's hooks. */
static void clocks(struct rule_da *d)
{
	const struct dot_automaton *a = d->dot;

	for (int k = 0; k < a->nr_envs; k++)
		d->env_names[k] = a->envs[a->env_order[k]];
	for (int i = 0; i < a->nr_states; i++) {
		const struct dot_state *s = &a->states[a->state_order[i]];

		d->invariants[i] = (struct ha_invariant){ .env = HA_NO_ENV };
		if (s->inv_env >= 0)
			d->invariants[i] = (struct ha_invariant){
				.env = env_index(a, s->inv_env), .bound = s->bound,
				.jiffies = in_jiffies(s->bound),
			};
		for (int e = 0; e < a->nr_events; e++) {
			unsigned long bits = a->resets[a->state_order[i]][a->event_order[e]];

			for (int k = 0; k < a->nr_envs; k++)
				if (bits >> a->env_order[k] & 1)
					d->resets[i][e] |= 1UL << k;
		}
	}
	d->steps.da.hooks = &ha_hooks;
	d->steps.nr_envs = a->nr_envs;
	d->steps.env_name = env_name;
	d->steps.invariant = invariant;
	d->steps.resets = resets;
	d->hybrid = true;
}

/**
 * rule_da_compile() - an automaton's tables, ready for the DA core
 * @path: its file, for errors
 * @text: the specification (rvgen's .dot language)
 * @name: the monitor's name
 * @d: filled; free with rule_da_free()
 * @err: RULE_ERR_LEN bytes: "file:line:col: error: ..."
 *
 * Return: 0, or -1 with @err set.
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
		/* "file:line:col: what" -> "file:line:col: error: what" */
		const char *col = !strncmp(msg, path, n) && msg[n] == ':' ?
				  strchr(msg + n + 1, ':') : NULL;
		const char *what = col ? strchr(col + 1, ':') : NULL;

		if (what)
			snprintf(err, RULE_ERR_LEN, "%.*s error:%s", (int)(what - msg + 1), msg,
				 what + 1);
		else
			snprintf(err, RULE_ERR_LEN, "%s", msg);
		return -1;
	}
	tables(d);
	d->steps.da = (struct da_steps){ .initial = initial, .next = next, .final = final,
					 .data = d };
	if (d->dot->nr_envs)
		clocks(d);
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
