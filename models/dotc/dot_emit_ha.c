// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tables a hybrid automaton's header adds after its automaton_NAME:
 * each state's invariant (struct ha_invariant, monitors/ha/ha_core.h) and
 * the clocks each transition resets, as bits of enum envs_NAME. The
 * format is ours: Linux 7.1's rvgen writes these constraints into the
 * monitor's C file instead.
 */
#include <string.h>

#include "dot_automaton.h"

#define JIFFIES_SUFFIX	"_jiffies"

/* A bound's unit is in its parameter's name: NAME_jiffies, else ns. */
static bool in_jiffies(const char *bound)
{
	size_t n = strlen(bound), k = strlen(JIFFIES_SUFFIX);

	return n >= k && !strcmp(bound + n - k, JIFFIES_SUFFIX);
}

static void emit_invariants(FILE *out, const struct dot_automaton *a)
{
	const char *n = a->name;

	fprintf(out, "static const struct ha_invariant invariants_%s[state_max_%s] = {\n", n, n);
	for (int i = 0; i < a->nr_states; i++) {
		const struct dot_state *s = &a->states[a->state_order[i]];

		fprintf(out, "\t[%s_%s] = { .env = ", s->name, n);
		if (s->inv_env < 0)
			fprintf(out, "HA_NO_ENV },\n");
		else
			fprintf(out, "%s_%s, .bound = \"%s\", .jiffies = %s },\n",
				a->envs[s->inv_env], n, s->bound,
				in_jiffies(s->bound) ? "true" : "false");
	}
	fprintf(out, "};\n\n");
}

static void emit_reset(FILE *out, const struct dot_automaton *a, int state, int event)
{
	unsigned long bits = a->resets[state][event];
	const char *sep = "";

	fprintf(out, "\t[%s_%s][%s_%s] = ", a->states[state].name, a->name,
		a->events[event], a->name);
	for (int k = 0; k < a->nr_envs; k++) {
		if (!(bits & 1UL << a->env_order[k]))
			continue;
		fprintf(out, "%s1UL << %s_%s", sep, a->envs[a->env_order[k]], a->name);
		sep = " | ";
	}
	fprintf(out, ",\n");
}

static void emit_resets(FILE *out, const struct dot_automaton *a)
{
	const char *n = a->name;

	fprintf(out, "static const unsigned long resets_%s[state_max_%s][event_max_%s] = {\n",
		n, n, n);
	for (int i = 0; i < a->nr_states; i++)
		for (int j = 0; j < a->nr_events; j++)
			if (a->resets[a->state_order[i]][a->event_order[j]])
				emit_reset(out, a, a->state_order[i], a->event_order[j]);
	fprintf(out, "};\n\n");
}

/**
 * dot_emit_ha_tables() - write a hybrid automaton's invariants and resets
 * @out: where
 * @a: the automaton, with clocks
 *
 * States and events in the order of the automaton's enums; clocks by name.
 */
void dot_emit_ha_tables(FILE *out, const struct dot_automaton *a)
{
	emit_invariants(out, a);
	emit_resets(out, a);
}
