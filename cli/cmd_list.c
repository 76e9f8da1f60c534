// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay list: the monitors, their specifications, and the trace events
 * each one needs.
 */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "da/da_core.h"
#include "cmd.h"
#include "kernel_events.h"

static const char list_usage[] =
"usage: rvreplay list\n"
"\n"
"Print the kernel-version profiles, their monitors, the LTL specifications\n"
"and the trace events each needs (required ones must be in the trace; the\n"
"others improve the replay). A trace is judged with the profile of the\n"
"kernel that recorded it (--profile overrides).\n"
"\n"
"  -h, --help   print this help\n"
"\n"
"Exit status: 0 listed, 2 usage error.\n";

/* The kernels that have the events a monitor requires, where not all do. */
static void print_kernels(const struct rv_monitor *m)
{
	const struct event_need *n;
	char where[256];

	for (n = catalog_needs(m); n->kind != TRACE_OTHER; n++)
		if (n->required && kernel_event_where(n->kind, where, sizeof(where)))
			printf("    kernels: %s is a tracepoint on %s only; elsewhere %s is "
			       "unavailable\n", trace_kind_event(n->kind), where, m->name);
}

/* A DA's transitions, state by state, as its .dot gives them. */
static void list_transitions(const struct rv_monitor *m)
{
	const struct rv_automaton *a = m->automaton;
	const struct da_steps *steps = da_steps_of(a);

	printf("    automaton: deterministic, per %s, %u states, %u events (from %s)\n",
	       m->instance == RV_PER_TASK ? "task" : m->instance == RV_PER_CPU ? "CPU" :
	       "system", a->nr_states, a->nr_atoms, m->spec);
	printf("    starts: at %s, in state %s\n", m->start_rule ? m->start_rule : "its first event",
	       a->state_name(steps->initial()));
	printf("    transitions (any other event is a violation):\n");
	for (unsigned int s = 0; s < a->nr_states; s++)
		for (unsigned int e = 0; e < a->nr_atoms; e++)
			if (steps->next(s, e) < a->nr_states)
				printf("      %-14s %-14s -> %s\n", a->state_name(s), a->atom_name(e),
				       a->state_name(steps->next(s, e)));
}

/* An LTL monitor's formula, and its atoms as reports name them. */
static void list_formula(const struct rv_monitor *m)
{
	const char *spec = catalog_spec(m), *line;

	printf("    automaton: %u atoms, %u states (from %s)\n", m->automaton->nr_atoms,
	       m->automaton->nr_states, m->spec);
	printf("    specification:\n");
	for (line = spec; *line;) {
		size_t len = strcspn(line, "\n");

		if (len && line[0] != '#')
			printf("      %.*s\n", (int)len, line);
		line += len + (line[len] == '\n');
	}
	printf("    atoms (as reports name them):\n");
	for (unsigned int i = 0; i < m->automaton->nr_atoms; i++) {
		const char *name = m->automaton->atom_name(i), *spec_name = catalog_atom_name(m, name);

		printf("      %-12s %s\n", name, spec_name ? spec_name : "?");
	}
}

static void list_monitor(const struct rv_monitor *m)
{
	const struct event_need *n;

	printf("  %s: %s\n", m->name, m->description);
	if (m->type == RV_MONITOR_DA)
		list_transitions(m);
	else
		list_formula(m);
	printf("    events:\n");
	for (n = catalog_needs(m); n->kind != TRACE_OTHER; n++)
		printf("      %-8s  %-28s %s\n", catalog_need_label(n),
		       trace_kind_event(n->kind), n->why);
	print_kernels(m);
	printf("\n");
}

/* Whether @p's monitor @i is the first of its container. */
static bool container_first(const struct rv_profile *p, int i)
{
	for (int k = 0; k < i; k++)
		if (p->monitors[k]->container == p->monitors[i]->container)
			return false;
	return true;
}

/* "  rtapp: container of pagefault sleep (the default)", one line per container */
static void list_containers(const struct rv_profile *p)
{
	for (int i = 0; p->monitors[i]; i++) {
		const struct rv_container *c = p->monitors[i]->container;

		if (!c || !container_first(p, i))
			continue;
		printf("  %s: container of", c->name);
		for (int k = i; p->monitors[k]; k++)
			if (p->monitors[k]->container == c)
				printf(" %s", p->monitors[k]->name);
		printf("%s\n", strcmp(c->name, CATALOG_DEFAULT_CONTAINER) ? "" : " (the default)");
	}
	printf("\n");
}

/**
 * cmd_list() - rvreplay list
 * @argc: argument count
 * @argv: arguments ("list" first)
 *
 * Return: the exit code.
 */
int cmd_list(int argc, char **argv)
{
	char kernels[64], changes[512];

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		fputs(list_usage, stdout);
		return EXIT_CLEAN;
	}
	if (argc > 1)
		return cmd_usage_error("rvreplay list", "unexpected argument '%s'", argv[1]);
	for (const struct rv_profile *p = rv_profiles; p->name; p++) {
		catalog_profile_kernels(p, kernels, sizeof(kernels));
		catalog_profile_changes(p, changes, sizeof(changes));
		printf("profile %s (Linux %s): %s\n", p->name, kernels, changes);
		list_containers(p);
		for (int i = 0; p->monitors[i]; i++)
			list_monitor(p->monitors[i]);
	}
	return EXIT_CLEAN;
}
