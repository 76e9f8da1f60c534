// SPDX-License-Identifier: GPL-2.0-only
/*
 * A rule as a monitor: its automaton (rule_ltl.c) and one handler for every
 * event its bindings name, doing what the kernel's handlers do with the
 * atoms (include/rv/ltl_monitor.h): a state atom set with
 * ltl_atom_update(), pulses as ltl_atom_pulse() (all of one event's pulses
 * true for one step, then false for another), facts read before each step
 * as ltl_atoms_fetch(); an event its filters refuse is none of its events.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "da/da_core.h"
#include "rule_eval.h"
#include "rule_monitor.h"

static const struct rv_container rules_container = {
	.name = "rules",
	.description = "the rules given with --spec",
};

static bool matches(const struct rule_expr *cond, const struct rule_ctx *c)
{
	return !cond || rule_eval(cond, c) == 1;
}

/* Whether @ev is the event @type (of its own system: trace_user.h's @user). */
static bool same_event(int type, int user, const struct rv_event *ev)
{
	return type == (int)ev->type && (type != RV_EV_TRACE || user == ev->trace.event);
}

/* Whether a binding's event starts it (on), ends it (off), or neither. */
static bool is_on(const struct rule_binding *b, const struct rule_ctx *c)
{
	return same_event(b->on, b->on_user, c->ev) && matches(b->on_if, c);
}

static bool is_off(const struct rule_binding *b, const struct rule_ctx *c)
{
	return (b->kind == RULE_STATE || b->kind == RULE_VALUE) &&
	       same_event(b->off, b->off_user, c->ev) && matches(b->off_if, c);
}

/* An automaton's events, in the order of the bindings: the kernel's da_handle_*(). */
static void on_da_event(struct rv_target *t, const struct rv_event *ev)
{
	const struct rule *r = t->monitor->priv;
	const struct rule_ctx c = { .t = t, .ev = ev };

	for (int i = 0; i < r->b.nr; i++) {
		const struct rule_binding *b = &r->b.b[i];

		if (!is_on(b, &c))
			continue;
		if (b->starts && matches(b->starts_if, &c))
			da_handle_start_event(t, r->atom_of[i]);
		else
			da_handle_event(t, r->atom_of[i]);
	}
}

/* The replay's inference (--infer): an unknown atom learned at this event, no step. */
static void infer(struct rv_target *t, const struct rule_binding *b, int atom,
		  const struct rv_event *ev)
{
	if (t->infer && b->inferred_at >> ev->type & 1 && !ltl_known(t, atom))
		ltl_set(t, atom, b->inferred_value);
}

/*
 * A formula's event: every atom it sets, set; then one step, or two for
 * pulses (true, then false again), as the kernel's handlers step.
 */
static void on_event(struct rv_target *t, const struct rv_event *ev)
{
	const struct rule *r = t->monitor->priv;
	const struct rule_ctx c = { .t = t, .ev = ev };
	int pulses[RULE_MAX_BINDINGS], nr_pulses = 0, last = -1;

	for (int i = 0; i < r->b.nr; i++) {
		const struct rule_binding *b = &r->b.b[i];
		int atom = r->atom_of[i], v;

		infer(t, b, atom, ev);
		if (is_on(b, &c) && b->kind == RULE_PULSE) {
			pulses[nr_pulses++] = atom;
		} else if (is_on(b, &c)) {
			v = b->kind == RULE_VALUE ? rule_eval(b->value, &c) : 1;
			if (v >= 0)
				ltl_set(t, atom, v);
			last = atom;
		} else if (is_off(b, &c)) {
			ltl_set(t, atom, false);
			last = atom;
		}
	}
	if (nr_pulses) {
		for (int i = 0; i < nr_pulses; i++)
			ltl_set(t, pulses[i], true);
		ltl_update(t, pulses[0], true);
		for (int i = 0; i < nr_pulses; i++)
			ltl_set(t, pulses[i], false);
		ltl_validate(t);
	} else if (last >= 0 && ltl_known(t, last)) {
		ltl_update(t, last, test_bit(last, t->mon->atoms));
	}
}

/* Whether a binding takes the event: its filters. */
static bool wants(const struct rv_target *t, const struct rv_event *ev)
{
	const struct rule *r = t->monitor->priv;
	const struct rule_ctx c = { .t = t, .ev = ev };

	for (int i = 0; i < r->b.nr; i++) {
		const struct rule_binding *b = &r->b.b[i];

		if (is_on(b, &c) || is_off(b, &c) || (t->infer && b->inferred_at >> ev->type & 1))
			return true;
	}
	return false;
}

/* The initial values that depend on the task's kind: at init, and once it is learned. */
static void kthread_learned(struct rv_target *t)
{
	const struct rule *r = t->monitor->priv;
	const struct rule_ctx c = { .t = t };

	for (int i = 0; i < r->b.nr; i++) {
		int v = r->b.b[i].initially ? rule_eval(r->b.b[i].initially, &c) : -1;

		if (v >= 0)
			ltl_set(t, r->atom_of[i], v);
	}
}

/*
 * A pulse is false between its events: known from the start. A state is
 * known false at a task's creation, and otherwise unknown until an event
 * tells it (the task may be inside it when the trace begins).
 */
static void init(struct rv_target *t, bool task_creation)
{
	const struct rule *r = t->monitor->priv;

	for (int i = 0; i < r->b.nr; i++)
		if (r->b.b[i].kind == RULE_PULSE ||
		    (r->b.b[i].kind != RULE_FACT && task_creation))
			ltl_set(t, r->atom_of[i], false);
	kthread_learned(t);
}

static void fetch(struct rv_target *t)
{
	const struct rule *r = t->monitor->priv;
	const struct rule_ctx c = { .t = t };

	for (int i = 0; i < r->b.nr; i++) {
		int v;

		if (r->b.b[i].kind != RULE_FACT)
			continue;
		v = rule_eval(r->b.b[i].fact, &c);
		if (v >= 0)
			ltl_set(t, r->atom_of[i], v);
	}
}

/* The binding of an atom, as written after its name. */
static const char *atom_binding(const struct rv_monitor *m, unsigned int atom)
{
	const struct rule *r = m->priv;

	for (int i = 0; i < r->b.nr; i++)
		if (r->atom_of[i] == (int)atom)
			return r->b.b[i].text;
	return "?";
}

/* Its handler for @type, and what that event tells it ('rvreplay check', the events' needs). */
static void role(struct rule *r, int type, const char *atom)
{
	size_t used = strlen(r->roles[type]);

	if (!strstr(r->roles[type], atom))
		snprintf(r->roles[type] + used, sizeof(r->roles[type]) - used, "%s%s",
			 used ? ", " : "", atom);
	r->m.on[type] = r->is_da ? on_da_event : on_event;
	r->m.roles[type] = r->roles[type];
}

/* The events of their own systems it reads, each once: what gates and records them. */
static void trace_events(struct rule *r)
{
	int n = 0;

	for (int i = 0; i < r->b.nr; i++) {
		int users[2] = { r->b.b[i].on_user, r->b.b[i].off_user };

		for (int k = 0; k < 2; k++) {
			const struct trace_user_event *u = trace_user_event(users[k]);
			bool seen = false;

			for (int j = 0; u && j < n; j++)
				seen |= r->trace_events[j] == u->full;
			if (u && !seen && n < TRACE_USER_EVENTS)
				r->trace_events[n++] = u->full;
		}
	}
	r->trace_events[n] = NULL;
	r->m.trace_events = n ? r->trace_events : NULL;
}

static void roles(struct rule *r)
{
	for (int i = 0; i < r->b.nr; i++) {
		const struct rule_binding *b = &r->b.b[i];

		if (b->on >= 0)
			role(r, b->on, b->atom);
		if (b->off >= 0)
			role(r, b->off, b->atom);
		for (int type = 0; type < RV_NR_EVENTS; type++)
			if (b->inferred_at >> type & 1)
				role(r, type, b->atom);
	}
}

/* The index of a letter (an atom, an event) of the automaton, or -1. */
static int letter(const struct rv_automaton *a, const char *name)
{
	for (unsigned int i = 0; i < a->nr_atoms; i++)
		if (!strcmp(a->atom_names[i], name))
			return i;
	return -1;
}

/* An automaton's event binds as 'on EVENT [if] [starts [if]]'; a formula's atom never starts. */
static int binding_fits(const struct rule *r, const struct rule_binding *b, char *err)
{
	if (r->is_da && (b->kind != RULE_PULSE || b->initially || b->inferred_at))
		return rule_error(err, b->pos, "an automaton's event binds as 'on EVENT [if EXPR] "
				  "[starts [if EXPR]]'");
	if (b->kind == RULE_PULSE && (b->initially || b->inferred_at))
		return rule_error(err, b->pos, "a pulse is false between its events: it has no "
				  "initial or inferred value");
	if (!r->is_da && b->starts)
		return rule_error(err, b->starts_pos, "'starts' is for an automaton's events "
				  "(a .dot rule)");
	return 0;
}

/* Every binding names a letter, and every letter is bound. */
static int letters_bound(struct rule *r, char *err)
{
	const struct rv_automaton *a = r->automaton;
	const char *what = r->is_da ? "event" : "atom", *of = r->is_da ? "automaton" : "formula";
	bool starts = false;

	for (int i = 0; i < r->b.nr; i++) {
		r->atom_of[i] = letter(a, r->b.b[i].atom);
		if (r->atom_of[i] < 0) {
			char hint[RULE_HINT_LEN];

			return rule_error(err, r->b.b[i].pos, "%s is no %s of the %s%s",
					  r->b.b[i].atom, what, of,
					  rule_did_you_mean(r->b.b[i].atom, a->atom_names,
							    a->nr_atoms, hint, sizeof(hint)));
		}
		if (binding_fits(r, &r->b.b[i], err))
			return -1;
		starts |= r->b.b[i].starts;
	}
	for (unsigned int k = 0; k < a->nr_atoms; k++) {
		bool bound = false;

		for (int i = 0; i < r->b.nr; i++)
			bound |= r->atom_of[i] == (int)k;
		if (!bound)
			return rule_error(err, (struct rule_pos){ r->path, 1, 1 },
					  "the %s %s of the %s has no binding ('#: %s = ...')", what,
					  a->atom_names[k], of, a->atom_names[k]);
	}
	if (r->is_da && !starts)
		return rule_error(err, (struct rule_pos){ r->path, 1, 1 }, "no event starts the "
				  "automaton: mark one binding 'starts' (the kernel's "
				  "da_handle_start_event())");
	return 0;
}

/* Where a DA rule's instances start, for 'rvreplay list' and the coverage. */
static void start_rule(struct rule *r)
{
	for (int i = 0; i < r->b.nr; i++)
		if (r->b.b[i].starts) {
			snprintf(r->start_rule, sizeof(r->start_rule), "its first %s (%s)",
				 r->b.b[i].atom, r->b.b[i].text);
			return;
		}
}

/* A hybrid automaton's bounds are parameters, each given a value; nothing else is. */
static int params_fit(struct rule *r, char *err)
{
	const struct rule_bindings *b = &r->b;

	for (int i = 0; i < b->nr_params; i++) {
		bool used = false;

		for (unsigned int s = 0; r->is_da && r->da.hybrid && s < r->automaton->nr_states; s++)
			used |= r->da.invariants[s].env != HA_NO_ENV &&
				!strcmp(r->da.invariants[s].bound, b->params[i].name);
		if (!used)
			return rule_error(err, b->params[i].pos, "no state's clock invariant reads "
					  "%s", b->params[i].name);
		r->m.params[i] = (struct rv_param){ b->params[i].name, b->params[i].value };
	}
	for (unsigned int s = 0; r->is_da && r->da.hybrid && s < r->automaton->nr_states; s++) {
		const struct ha_invariant *inv = &r->da.invariants[s];
		bool given = inv->env == HA_NO_ENV;

		for (int i = 0; i < b->nr_params && !given; i++)
			given = !strcmp(inv->bound, b->params[i].name);
		if (!given)
			return rule_error(err, (struct rule_pos){ r->path, 1, 1 }, "the bound %s of "
					  "state %s has no value: give '#: param %s = %s'",
					  inv->bound, rv_state_name(r->automaton, s), inv->bound,
					  inv->jiffies ? "JIFFIES" : "DURATION");
	}
	return 0;
}

/**
 * rule_monitor_make() - the monitor of a compiled rule
 * @r: its automaton, bindings and texts filled; gets its monitor
 * @err: RULE_ERR_LEN bytes
 *
 * Every binding must name an atom of the formula (an event of the
 * automaton), and every one be bound; a clock's bounds have values.
 *
 * Return: 0, or -1 with @err set.
 */
int rule_monitor_make(struct rule *r, char *err)
{
	r->automaton = r->is_da ? &r->da.automaton : &r->ltl.automaton;
	if (letters_bound(r, err))
		return -1;
	snprintf(r->description, sizeof(r->description), "%s",
		 r->b.description ? r->b.description : "a rule given with --spec");
	r->m = (struct rv_monitor){
		.name = r->b.name, .type = RV_MONITOR_LTL, .instance = RV_PER_TASK,
		.container = &rules_container, .description = r->description,
		.version = "rule", .spec = r->path, .automaton = r->automaton,
		.init = init, .kthread_learned = kthread_learned, .fetch = fetch, .wants = wants,
		.atom_binding = atom_binding, .priv = r,
	};
	/* an automaton judges every task from its start event, as wwnr does (or each CPU, or one) */
	if (r->is_da) {
		start_rule(r);
		r->m.type = RV_MONITOR_DA;
		r->m.init = NULL;
		r->m.kthread_learned = NULL;
		r->m.fetch = NULL;
		r->m.instance = r->b.instance;
		r->m.every_task = r->b.instance == RV_PER_TASK;
		r->m.start_rule = r->start_rule;
	} else if (r->b.instance != RV_PER_TASK) {
		return rule_error(err, r->b.instance_pos, "a formula's instances are the tasks', as "
				  "the kernel's LTL monitors' (include/rv/ltl_monitor.h): a rule per "
				  "CPU or global is an automaton (.dot)");
	}
	if (r->is_da && r->da.hybrid)
		r->m.type = RV_MONITOR_HA;
	if (params_fit(r, err))
		return -1;
	roles(r);
	trace_events(r);
	return 0;
}
