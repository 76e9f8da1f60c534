// SPDX-License-Identifier: GPL-2.0-only
/*
 * The header of a deterministic automaton: the model header rvgen's dot2k
 * writes for a kernel monitor, to the character (its note, the states and
 * events enums with the monitor's name as suffix, struct automaton_NAME
 * and its one instance), inside our note and include guard. A hybrid
 * automaton adds its clocks: enum envs_NAME, their names in the instance,
 * and the tables of dot_emit_ha.c.
 */
#include <ctype.h>
#include <string.h>

#include "dot_automaton.h"

#define INVALID_STATE	"INVALID_STATE"
#define DA_NOTE \
	" * The deterministic automaton as rvgen's dot2c writes it: states (the\n" \
	" * initial one first), events, the transition function, the final states.\n"
#define HA_NOTE \
	" * The hybrid automaton as rvgen's dot2c writes a DA: states (the initial\n" \
	" * one first), events, the transition function, the final states; then its\n" \
	" * clocks, each state's invariant and each transition's clock resets.\n"

static const char *state_name(const struct dot_automaton *a, int i)
{
	return a->states[a->state_order[i]].name;
}

static const char *event_name(const struct dot_automaton *a, int i)
{
	return a->events[a->event_order[i]];
}

static const char *env_name(const struct dot_automaton *a, int i)
{
	return a->envs[a->env_order[i]];
}

/* dot2c's choice; with at most DOT_MAX_STATES states, always the first. */
static const char *state_type(const struct dot_automaton *a)
{
	return a->nr_states > 255 ? "unsigned short" : "unsigned char";
}

static void emit_enums(FILE *out, const struct dot_automaton *a)
{
	const char *n = a->name;

	fprintf(out, "enum states_%s {\n", n);
	for (int i = 0; i < a->nr_states; i++)
		fprintf(out, "\t%s_%s%s,\n", state_name(a, i), n, i ? "" : " = 0");
	fprintf(out, "\tstate_max_%s\n};\n\n", n);
	fprintf(out, "#define %s state_max_%s\n\n", INVALID_STATE, n);
	fprintf(out, "enum events_%s {\n", n);
	for (int i = 0; i < a->nr_events; i++)
		fprintf(out, "\t%s_%s%s,\n", event_name(a, i), n, i ? "" : " = 0");
	fprintf(out, "\tevent_max_%s\n};\n\n", n);
	if (!a->nr_envs)
		return;
	fprintf(out, "enum envs_%s {\n", n);
	for (int i = 0; i < a->nr_envs; i++)
		fprintf(out, "\t%s_%s%s,\n", env_name(a, i), n, i ? "" : " = 0");
	fprintf(out, "\tenv_max_%s\n};\n\n", n);
}

static void emit_struct(FILE *out, const struct dot_automaton *a)
{
	const char *n = a->name;

	fprintf(out, "struct automaton_%s {\n"
		"\tchar *state_names[state_max_%s];\n"
		"\tchar *event_names[event_max_%s];\n", n, n, n);
	if (a->nr_envs)
		fprintf(out, "\tchar *env_names[env_max_%s];\n", n);
	fprintf(out, "\t%s function[state_max_%s][event_max_%s];\n"
		"\t%s initial_state;\n"
		"\tbool final_states[state_max_%s];\n"
		"};\n\n", state_type(a), n, n, state_type(a), n);
}

static void emit_names(FILE *out, const char *field, const struct dot_automaton *a, int nr,
		       const char *(*name)(const struct dot_automaton *, int))
{
	fprintf(out, "\t.%s = {\n", field);
	for (int i = 0; i < nr; i++)
		fprintf(out, "\t\t\"%s\"%s\n", name(a, i), i < nr - 1 ? "," : "");
	fprintf(out, "\t},\n");
}

/*
 * Right-aligned to the longest state name or INVALID_STATE, with the
 * suffix's length added (dot2k aligns the suffixed names).
 */
static void emit_function(FILE *out, const struct dot_automaton *a)
{
	int width = strlen(INVALID_STATE);
	char next[2 * DOT_MAX_NAME + 2];

	for (int i = 0; i < a->nr_states; i++)
		if ((int)strlen(a->states[i].name) > width)
			width = strlen(a->states[i].name);
	width += strlen(a->name) + 1;
	fprintf(out, "\t.function = {\n");
	for (int i = 0; i < a->nr_states; i++) {
		fprintf(out, "\t\t{ ");
		for (int j = 0; j < a->nr_events; j++) {
			int to = a->function[a->state_order[i]][a->event_order[j]];

			if (to < 0)
				snprintf(next, sizeof(next), "%s", INVALID_STATE);
			else
				snprintf(next, sizeof(next), "%s_%s", a->states[to].name, a->name);
			fprintf(out, "%*s%s", width, next, j < a->nr_events - 1 ? ", " : " },\n");
		}
	}
	fprintf(out, "\t},\n");
}

static void emit_instance(FILE *out, const struct dot_automaton *a)
{
	fprintf(out, "static const struct automaton_%s automaton_%s = {\n", a->name, a->name);
	emit_names(out, "state_names", a, a->nr_states, state_name);
	emit_names(out, "event_names", a, a->nr_events, event_name);
	if (a->nr_envs)
		emit_names(out, "env_names", a, a->nr_envs, env_name);
	emit_function(out, a);
	fprintf(out, "\t.initial_state = %s_%s,\n", state_name(a, 0), a->name);
	fprintf(out, "\t.final_states = { ");
	for (int i = 0; i < a->nr_states; i++)
		fprintf(out, "%s%d", i ? ", " : "", a->states[a->state_order[i]].final);
	fprintf(out, " },\n};\n\n");
}

static void guard(const struct dot_automaton *a, char *buf)
{
	size_t i;

	for (i = 0; a->name[i]; i++)
		buf[i] = toupper((unsigned char)a->name[i]);
	buf[i] = '\0';
}

/**
 * dot_emit_header() - write the C header of an automaton
 * @out: where
 * @automaton: the struct dot_automaton dot_automaton_build() made
 *
 * Return: 0, or -1 if writing failed.
 */
int dot_emit_header(FILE *out, const void *automaton)
{
	const struct dot_automaton *a = automaton;
	char name[DOT_MAX_NAME];

	guard(a, name);
	fprintf(out, "/* SPDX-License-Identifier: GPL-2.0 */\n"
		"/*\n"
		" * Generated by dotc from %s: do not edit, run 'make generate'.\n"
		"%s"
		" */\n"
		"#ifndef DA_%s_H\n"
		"#define DA_%s_H\n\n"
		"/*\n"
		" * Automatically generated C representation of %s automaton\n"
		" * For further information about this format, see kernel documentation:\n"
		" *   Documentation/trace/rv/deterministic_automata.rst\n"
		" */\n\n", a->path, a->nr_envs ? HA_NOTE : DA_NOTE, name, name, a->name);
	emit_enums(out, a);
	emit_struct(out, a);
	emit_instance(out, a);
	if (a->nr_envs)
		dot_emit_ha_tables(out, a);
	fprintf(out, "#endif /* DA_%s_H */\n", name);
	return ferror(out) ? -1 : 0;
}
