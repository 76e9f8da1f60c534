// SPDX-License-Identifier: GPL-2.0-only
/*
 * From the parsed nodes and edges to the automaton dot2c writes: the
 * events the labels name, the transition function, the final states and
 * dot2c's order of states (the initial one first, then by name) and of
 * events (by name); an HA's clocks (dot_ha.c) by name, as rvgen orders them.
 */
#include <stdarg.h>
#include <string.h>

#include "dot_automaton.h"

/**
 * dot_fail() - set the message of an error in the specification
 * @a: the automaton, for its path
 * @err: DOT_MSG_LEN bytes
 * @at: where the error is
 * @fmt: printf format of what is wrong
 *
 * Return: -1, for the caller to return.
 */
int dot_fail(const struct dot_automaton *a, char *err, struct dot_where at, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(err, DOT_MSG_LEN, "%s:%d:%d: ", a->path, at.line, at.col);
	if (n < 0 || n >= DOT_MSG_LEN)
		return -1;
	va_start(ap, fmt);
	vsnprintf(err + n, DOT_MSG_LEN - n, fmt, ap);
	va_end(ap);
	/* one line, whatever a quoted name held */
	for (char *c = err; *c; c++)
		if ((unsigned char)*c < ' ' || *c == 0x7f)
			*c = '?';
	return -1;
}

/**
 * dot_find_state() - the index of a declared state
 * @a: the automaton
 * @name: the state's name
 *
 * Return: its index in a->states, or -1 if no node declares it.
 */
int dot_find_state(const struct dot_automaton *a, const struct dot_text *name)
{
	for (int i = 0; i < a->nr_states; i++)
		if (dot_text_is(name, a->states[i].name))
			return i;
	return -1;
}

static bool is_init_node(const struct dot_automaton *a, const struct dot_text *name)
{
	return a->init_node.s && name->len == a->init_node.len &&
	       !strncmp(name->s, a->init_node.s, name->len);
}

/**
 * dot_find_event() - the index of an event some edge names
 * @a: the automaton
 * @name: the event's name
 *
 * Return: its index in a->events, or -1 if no edge read so far names it.
 */
int dot_find_event(const struct dot_automaton *a, const struct dot_text *name)
{
	for (int i = 0; i < a->nr_events; i++)
		if (dot_text_is(name, a->events[i]))
			return i;
	return -1;
}

static int add_event(struct dot_automaton *a, const struct dot_text *name, struct dot_where at,
		     char *err)
{
	const char *why = dot_name_problem(name);
	int i = dot_find_event(a, name);

	if (why)
		return dot_fail(a, err, at, "event \"%.*s\" %s", name->len, name->s, why);
	if (i >= 0)
		return i;
	if (dot_find_state(a, name) >= 0)
		return dot_fail(a, err, at, "\"%.*s\" is both a state and an event",
				name->len, name->s);
	if (a->nr_events == DOT_MAX_EVENTS)
		return dot_fail(a, err, at, "more than %d events", DOT_MAX_EVENTS);
	memcpy(a->events[a->nr_events], name->s, name->len);
	return a->nr_events++;
}

/* The next event of a label: dot2c splits labels at "\n" and blanks. */
static bool next_event(const struct dot_text *label, int *pos, struct dot_text *ev)
{
	const char *s = label->s;
	int i = *pos, end = label->len;

	/* an empty label may have no text at all */
	if (!s) {
		ev->s = NULL;
		ev->len = 0;
		return false;
	}
	for (;;) {
		if (i < end && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
			i++;
		else if (i + 1 < end && s[i] == '\\' && s[i + 1] == 'n')
			i += 2;
		else
			break;
	}
	ev->s = s + i;
	while (i < end && !(s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') &&
	       !(i + 1 < end && s[i] == '\\' && s[i + 1] == 'n'))
		i++;
	ev->len = s + i - ev->s;
	*pos = i;
	return ev->len > 0;
}

static int check_node(const struct dot_automaton *a, const struct dot_text *name,
		      struct dot_where at, char *err)
{
	if (dot_find_state(a, name) < 0 && !is_init_node(a, name))
		return dot_fail(a, err, at, "\"%.*s\" is not declared by a node with a shape",
				name->len, name->s);
	return 0;
}

/* The edge from "__init_X" only points at X, the initial state. */
static int initial_edge(const struct dot_automaton *a, const struct dot_edge *e, char *err)
{
	if (!e->to.s)
		return 0;
	if (dot_find_state(a, &e->to) != a->initial || e->has_label)
		return dot_fail(a, err, e->at, "the edge from \"%.*s\" must go to \"%s\" unlabelled",
				e->from.len, e->from.s, a->states[a->initial].name);
	return 0;
}

static int transition(struct dot_automaton *a, const struct dot_edge *e, char *err)
{
	int from = dot_find_state(a, &e->from), to = dot_find_state(a, &e->to), pos = 0;
	struct dot_text ev;
	bool any = false;

	if (to < 0)
		return dot_fail(a, err, e->at, "an edge to \"%.*s\", which is not a state",
				e->to.len, e->to.s);
	while (next_event(&e->label, &pos, &ev)) {
		/* an HA's item: "EVENT;reset(X)..." */
		const char *semi = memchr(ev.s, ';', ev.len);
		struct dot_text rest = { 0 };
		int i;

		if (semi) {
			rest = (struct dot_text){ semi + 1, ev.s + ev.len - semi - 1 };
			ev.len = semi - ev.s;
		}
		i = add_event(a, &ev, e->at, err);

		if (i < 0)
			return -1;
		if (a->function[from][i] >= 0 && a->function[from][i] != to)
			return dot_fail(a, err, e->at, "\"%s\" on \"%s\" goes to two states",
					a->states[from].name, a->events[i]);
		a->function[from][i] = to;
		if (semi && dot_ha_resets(a, from, i, &rest, e->at, err))
			return -1;
		any = true;
	}
	if (!any)
		return dot_fail(a, err, e->at, "an edge without events: give it a label");
	return 0;
}

static int resolve_edges(struct dot_automaton *a, char *err)
{
	for (int i = 0; i < a->nr_edges; i++) {
		const struct dot_edge *e = &a->edges[i];

		if (check_node(a, &e->from, e->at, err))
			return -1;
		if (is_init_node(a, &e->from)) {
			if (initial_edge(a, e, err))
				return -1;
		} else if (e->to.s) {
			if (transition(a, e, err))
				return -1;
		} else if (e->has_label && dot_ha_state_label(a, e, err)) {
			return -1;
		}
	}
	return 0;
}

/* Insertion sort of @n indexes by the names they point at: at most 64. */
static void sort_by_name(int *idx, int n, const char *names, size_t stride)
{
	for (int i = 1; i < n; i++) {
		int v = idx[i], j = i;

		for (; j > 0 && strcmp(names + idx[j - 1] * stride, names + v * stride) > 0; j--)
			idx[j] = idx[j - 1];
		idx[j] = v;
	}
}

/*
 * dot2c's order: the initial state, then the others by name; events by
 * name; and rvgen's, clocks by name.
 */
static void order(struct dot_automaton *a)
{
	int n = 1;

	a->state_order[0] = a->initial;
	for (int i = 0; i < a->nr_states; i++)
		if (i != a->initial)
			a->state_order[n++] = i;
	for (int i = 0; i < a->nr_events; i++)
		a->event_order[i] = i;
	sort_by_name(a->state_order + 1, a->nr_states - 1, a->states[0].name,
		     sizeof(a->states[0]));
	sort_by_name(a->event_order, a->nr_events, a->events[0], sizeof(a->events[0]));
	for (int i = 0; i < a->nr_envs; i++)
		a->env_order[i] = i;
	sort_by_name(a->env_order, a->nr_envs, a->envs[0], sizeof(a->envs[0]));
}

/**
 * dot_automaton_build() - the transition function of a parsed specification
 * @a: the automaton dot_parse() filled
 * @err: DOT_MSG_LEN bytes, for "FILE:LINE:COL: what is wrong"
 *
 * Checks what the parser could not see before the end: the initial state,
 * that every edge joins declared states, that the automaton is
 * deterministic and an HA's clocks. With no final state, the initial one is final, as in
 * dot2c.
 *
 * Return: 0, or -1 with @err set.
 */
int dot_automaton_build(struct dot_automaton *a, char *err)
{
	struct dot_text initial;
	bool any_final = false;

	if (!a->init_node.s)
		return dot_fail(a, err, a->end_at, "no initial state: declare a node \"%sNAME\"",
				DOT_INIT_PREFIX);
	initial.s = a->init_node.s + strlen(DOT_INIT_PREFIX);
	initial.len = a->init_node.len - strlen(DOT_INIT_PREFIX);
	a->initial = dot_find_state(a, &initial);
	if (a->initial < 0)
		return dot_fail(a, err, a->init_at, "the initial state \"%.*s\" is not declared",
				initial.len, initial.s);
	memset(a->function, -1, sizeof(a->function));
	for (int i = 0; i < a->nr_states; i++)
		a->states[i].inv_env = -1;
	if (resolve_edges(a, err) || dot_ha_check(a, err))
		return -1;
	if (!a->nr_events)
		return dot_fail(a, err, a->end_at, "no events: no edge has a label");
	for (int i = 0; i < a->nr_states; i++)
		any_final |= a->states[i].final;
	if (!any_final)
		a->states[a->initial].final = true;
	order(a);
	return 0;
}
