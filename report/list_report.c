// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay list's text: each kernel-version profile, its containers and
 * monitors (an automaton's transitions and invariants, an LTL monitor's
 * specification and atoms, the trace events each needs), then the
 * kernel's monitors rvreplay does not replay, with what a trace of each
 * would need and how to record it.
 */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "ha/ha_core.h"
#include "kernel_events.h"
#include "list_report.h"
#include "upstream_monitors.h"

/* The kernels that have the events a monitor requires, where not all do. */
static void print_kernels(FILE *out, const struct rv_monitor *m)
{
	const struct event_need *n;
	char where[256];

	for (n = catalog_needs(m); n->kind != TRACE_OTHER; n++)
		if (n->required && kernel_event_where(n->kind, where, sizeof(where)))
			fprintf(out, "    kernels: %s is a tracepoint on %s only; elsewhere %s is "
				"unavailable\n", trace_kind_event(n->kind), where, m->name);
}

/* "; reset(clk)" for an HA transition that resets a clock */
static const char *clock_resets(const struct rv_monitor *m, unsigned int s, unsigned int e)
{
	const struct ha_steps *steps = m->automaton->steps;
	static char buf[64];
	size_t n = 0;

	buf[0] = '\0';
	if (m->type != RV_MONITOR_HA)
		return buf;
	for (unsigned int i = 0; i < steps->nr_envs && n < sizeof(buf); i++)
		if (steps->resets(steps, s, e) >> i & 1)
			n += snprintf(buf + n, sizeof(buf) - n, "; reset(%s)", steps->env_name(steps, i));
	return buf;
}

/* An HA's state invariants, and the parameters they read, with the kernel's defaults. */
static void list_invariants(FILE *out, const struct rv_monitor *m)
{
	const struct ha_steps *steps = m->automaton->steps;

	fprintf(out, "    invariants (a state left too late is a violation):\n");
	for (unsigned int s = 0; s < m->automaton->nr_states; s++) {
		const struct ha_invariant *inv = steps->invariant(steps, s);

		if (inv->env != HA_NO_ENV)
			fprintf(out, "      %-14s %s < %s%s\n", rv_state_name(m->automaton, s),
				steps->env_name(steps, inv->env), inv->bound,
				inv->jiffies ? " (jiffies: --hz gives the kernel's HZ)" : " (ns)");
	}
	for (int k = 0; k < RV_MAX_PARAMS && m->params[k].name; k++)
		fprintf(out, "    parameter: %s, default %llu (--param %s.%s=N)\n",
			m->params[k].name, (unsigned long long)m->params[k].value, m->name,
			m->params[k].name);
}

/* A DA's transitions, state by state, as its .dot gives them. */
static void list_transitions(FILE *out, const struct rv_monitor *m)
{
	const struct rv_automaton *a = m->automaton;
	const struct da_steps *steps = da_steps_of(a);

	fprintf(out, "    automaton: %s, per %s, %u states, %u events (from %s)\n",
		m->type == RV_MONITOR_HA ? "hybrid (with clocks)" : "deterministic",
		m->instance == RV_PER_TASK ? "task" : m->instance == RV_PER_CPU ? "CPU" :
		"system", a->nr_states, a->nr_atoms, m->spec);
	fprintf(out, "    starts: at %s, in state %s\n",
		m->start_rule ? m->start_rule : "its first event",
		rv_state_name(a, steps->initial(steps)));
	fprintf(out, "    transitions (any other event is a violation):\n");
	for (unsigned int s = 0; s < a->nr_states; s++)
		for (unsigned int e = 0; e < a->nr_atoms; e++)
			if (steps->next(steps, s, e) < a->nr_states)
				fprintf(out, "      %-14s %-20s -> %s%s\n", rv_state_name(a, s),
					rv_atom_name(a, e),
					rv_state_name(a, steps->next(steps, s, e)),
					clock_resets(m, s, e));
	if (m->type == RV_MONITOR_HA)
		list_invariants(out, m);
}

/* An LTL monitor's formula, and its atoms as reports name them. */
static void list_formula(FILE *out, const struct rv_monitor *m)
{
	const char *spec = catalog_spec(m), *line;

	fprintf(out, "    automaton: %u atoms, %u states (from %s)\n", m->automaton->nr_atoms,
		m->automaton->nr_states, m->spec);
	fprintf(out, "    specification:\n");
	for (line = spec; *line;) {
		size_t len = strcspn(line, "\n");

		if (len && line[0] != '#')
			fprintf(out, "      %.*s\n", (int)len, line);
		line += len + (line[len] == '\n');
	}
	fprintf(out, "    atoms (as reports name them):\n");
	for (unsigned int i = 0; i < m->automaton->nr_atoms; i++) {
		const char *name = rv_atom_name(m->automaton, i), *spec_name = catalog_atom_name(m, name);

		fprintf(out, "      %-12s %s\n", name, spec_name ? spec_name : "?");
	}
}

static void list_monitor(FILE *out, const struct rv_monitor *m)
{
	const struct event_need *n;

	fprintf(out, "  %s: %s\n", m->name, m->description);
	if (m->type != RV_MONITOR_LTL)
		list_transitions(out, m);
	else
		list_formula(out, m);
	fprintf(out, "    events:\n");
	for (n = catalog_needs(m); n->kind != TRACE_OTHER; n++)
		fprintf(out, "      %-8s  %-28s %s\n", catalog_need_label(n),
			trace_kind_event(n->kind), n->why);
	print_kernels(out, m);
	fprintf(out, "\n");
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
static void list_containers(FILE *out, const struct rv_profile *p)
{
	for (int i = 0; p->monitors[i]; i++) {
		const struct rv_container *c = p->monitors[i]->container;

		if (!c || !container_first(p, i))
			continue;
		fprintf(out, "  %s: container of", c->name);
		for (int k = i; p->monitors[k]; k++)
			if (p->monitors[k]->container == c)
				fprintf(out, " %s", p->monitors[k]->name);
		fprintf(out, "%s\n",
			strcmp(c->name, CATALOG_DEFAULT_CONTAINER) ? "" : " (the default)");
	}
	fprintf(out, "\n");
}

/* Our own text stays under this many columns. */
#define LIST_WIDTH	99

/* The next word of @p; an option ("-e") keeps its argument with it. */
static int word_len(const char *p)
{
	int len = strcspn(p, " ");

	if (p[0] == '-' && p[len] == ' ' && p[len + 1] && p[len + 1] != '-')
		len += 1 + strcspn(p + len + 1, " ");
	return len;
}

/*
 * @head, then @text broken at its spaces to stay under LIST_WIDTH columns,
 * each line continued by @cont ("" or " \\" for a shell command) and the
 * next one indented by @indent.
 */
static void print_wrapped(FILE *out, const char *head, const char *text, int indent,
			  const char *cont)
{
	int col = fprintf(out, "%s", head), extra = strlen(cont);
	bool line_empty = true;

	for (const char *p = text; *p;) {
		int word = word_len(p);
		bool last = !p[word + strspn(p + word, " ")];

		if (!line_empty && col + 1 + word + (last ? 0 : extra) > LIST_WIDTH) {
			col = fprintf(out, "%s\n%*s", cont, indent, "") - extra - 1;
			line_empty = true;
		}
		col += fprintf(out, "%s%.*s", line_empty ? "" : " ", word, p);
		line_empty = false;
		p += word + strspn(p + word, " ");
	}
	fputc('\n', out);
}

static void list_upstream(FILE *out, const struct upstream_monitor *u)
{
	char line[1024];

	fprintf(out, "  %s: %s\n", u->name, u->description);
	snprintf(line, sizeof(line), "%s, %s, since Linux %s, %s%s", u->type, u->instance,
		 u->since, u->container ? "container " : "no container",
		 u->container ? u->container : "");
	print_wrapped(out, "    ", line, 6, "");
	print_wrapped(out, "    hooks: ", u->hooks, 6, "");
	print_wrapped(out, "    a trace needs: ", u->needs, 6, "");
	if (u->note)
		print_wrapped(out, "    note: ", u->note, 6, "");
	if (u->probes) {
		print_wrapped(out, "    ", "tracepoint probes: write each line into "
			      "/sys/kernel/tracing/dynamic_events (kernels with tprobe support: "
			      "CONFIG_FPROBE_EVENTS, and CONFIG_PROBE_EVENTS_BTF_ARGS for the "
			      "argument names)", 6, "");
		for (const char *const *p = u->probes; *p; p++)
			fprintf(out, "      %s\n", *p);
	}
	upstream_record_command(u, line, sizeof(line));
	if (u->probes)
		fprintf(out, "    record, the probes written first:\n");
	print_wrapped(out, u->probes ? "      " : "    record: ", line, 10, " \\");
	fprintf(out, "\n");
}

/* The kernel's monitors rvreplay does not replay: what each would need, never a verdict. */
static void list_not_replayed(FILE *out)
{
	const struct upstream_monitor *u;

	fprintf(out, "not replayed: %d of the %d monitors of Linux 7.3 (replayed:",
		upstream_monitor_count(false), upstream_monitor_count(false) +
		upstream_monitor_count(true));
	for (u = upstream_monitors; u->name; u++)
		if (upstream_monitor_replayed(u))
			fprintf(out, " %s", u->name);
	fprintf(out, ")\n");
	print_wrapped(out, "  ", "rvreplay judges none of these: it has no automaton for them, and "
		      "most need events only tracepoint probes give. What a trace would need "
		      "for each, and how to record it (with trace-cmd: rvreplay record records "
		      "what the replayed monitors need, nothing more):", 2, "");
	fprintf(out, "\n");
	for (u = upstream_monitors; u->name; u++)
		if (!upstream_monitor_replayed(u))
			list_upstream(out, u);
}

/**
 * list_report_print() - rvreplay list's text
 * @out: where to write it
 *
 * Every profile with its containers and monitors, then the kernel's
 * monitors that are not replayed.
 */
void list_report_print(FILE *out)
{
	char kernels[64], changes[512];

	for (const struct rv_profile *p = rv_profiles; p->name; p++) {
		catalog_profile_kernels(p, kernels, sizeof(kernels));
		catalog_profile_changes(p, changes, sizeof(changes));
		fprintf(out, "profile %s (Linux %s): %s\n", p->name, kernels, changes);
		list_containers(out, p);
		for (int i = 0; p->monitors[i]; i++)
			list_monitor(out, p->monitors[i]);
	}
	list_not_replayed(out);
}
