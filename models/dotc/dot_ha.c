// SPDX-License-Identifier: GPL-2.0-only
/*
 * The constraints of a hybrid automaton (rvgen's, Linux 7.1): a state's
 * invariant on its label's second line ("enqueued\nclk < threshold_jiffies")
 * and the clocks an edge's item resets after its event
 * ("sched_wakeup;reset(clk)", one ";reset(X)" a clock). Clocks ("envs")
 * are numbered as they first appear and emitted by name, as rvgen sorts
 * them. Refused: guards on edges (not supported yet), an invariant other
 * than "CLOCK < BOUND" with BOUND a parameter's name, more clocks than a
 * monitor keeps, and a reset of a clock no invariant reads (a misspelt
 * clock would otherwise reset nothing that is checked).
 */
#include <string.h>

#include "dot_automaton.h"

#define RESET_OPEN	"reset("

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static struct dot_text trim(struct dot_text t)
{
	while (t.len && is_blank(t.s[0])) {
		t.s++;
		t.len--;
	}
	while (t.len && is_blank(t.s[t.len - 1]))
		t.len--;
	return t;
}

/* The text before and after the first @sep in @t; false if none. */
static bool split(const struct dot_text *t, const char *sep, struct dot_text *before,
		  struct dot_text *after)
{
	int n = strlen(sep);

	for (int i = 0; i + n <= t->len; i++) {
		if (strncmp(t->s + i, sep, n))
			continue;
		*before = (struct dot_text){ t->s, i };
		*after = (struct dot_text){ t->s + i + n, t->len - i - n };
		return true;
	}
	return false;
}

static int find_env(const struct dot_automaton *a, const struct dot_text *name)
{
	for (int i = 0; i < a->nr_envs; i++)
		if (dot_text_is(name, a->envs[i]))
			return i;
	return -1;
}

static int add_env(struct dot_automaton *a, const struct dot_text *name, struct dot_where at,
		   char *err)
{
	const char *why = dot_name_problem(name);
	int i = find_env(a, name);

	if (why)
		return dot_fail(a, err, at, "clock \"%.*s\" %s", name->len, name->s, why);
	if (i >= 0)
		return i;
	if (a->nr_envs == DOT_MAX_ENVS)
		return dot_fail(a, err, at, "more than %d clocks (RV_HA_MAX_ENVS)",
				DOT_MAX_ENVS);
	memcpy(a->envs[a->nr_envs], name->s, name->len);
	return a->nr_envs++;
}

/* "CLOCK < BOUND": BOUND names the monitor's parameter that holds it. */
static int invariant(struct dot_automaton *a, struct dot_state *s, const struct dot_text *text,
		     struct dot_where at, char *err)
{
	struct dot_text env, bound;
	const char *why;
	int i;

	if (!split(text, "<", &env, &bound) || (bound.len && bound.s[0] == '='))
		return dot_fail(a, err, at, "the invariant of \"%s\" is not \"CLOCK < BOUND\"",
				s->name);
	env = trim(env);
	bound = trim(bound);
	i = add_env(a, &env, at, err);
	if (i < 0)
		return -1;
	why = dot_name_problem(&bound);
	if (why)
		return dot_fail(a, err, at, "bound \"%.*s\" %s: it names a parameter",
				bound.len, bound.s, why);
	s->inv_env = i;
	memcpy(s->bound, bound.s, bound.len);
	return 0;
}

/**
 * dot_ha_state_label() - read the invariant of a node statement's label
 * @a: the automaton
 * @e: the node statement, kept as an edge without a destination
 * @err: DOT_MSG_LEN bytes, for "FILE:LINE:COL: what is wrong"
 *
 * A label of one line only names the node; with a second line (after a
 * literal "\n"), its first line is the state's name, as rvgen reads it,
 * and the second the state's invariant.
 *
 * Return: 0, or -1 with @err set.
 */
int dot_ha_state_label(struct dot_automaton *a, const struct dot_edge *e, char *err)
{
	struct dot_text name, inv, more;
	struct dot_state *s;

	if (!split(&e->label, "\\n", &name, &inv))
		return 0;
	name = trim(name);
	s = &a->states[dot_find_state(a, &e->from)];
	if (!dot_text_is(&name, s->name))
		return dot_fail(a, err, e->at, "the label of \"%s\" must start with its name",
				s->name);
	if (split(&inv, "\\n", &inv, &more))
		return dot_fail(a, err, e->at, "more than one invariant on \"%s\"", s->name);
	if (s->inv_env >= 0)
		return dot_fail(a, err, e->at, "a second invariant on \"%s\"", s->name);
	return invariant(a, s, &inv, e->at, err);
}

static int reset(struct dot_automaton *a, int state, int event, const struct dot_text *part,
		 struct dot_where at, char *err)
{
	int n = strlen(RESET_OPEN), i;
	struct dot_text env;

	if (part->len <= n || strncmp(part->s, RESET_OPEN, n) || part->s[part->len - 1] != ')')
		return dot_fail(a, err, at, "\"%.*s\": guards are not supported yet",
				part->len, part->s);
	env = (struct dot_text){ part->s + n, part->len - n - 1 };
	i = add_env(a, &env, at, err);
	if (i < 0)
		return -1;
	a->resets[state][event] |= 1UL << i;
	if (!a->env_reset_at[i].line)
		a->env_reset_at[i] = at;
	return 0;
}

/**
 * dot_ha_resets() - read the clock resets after an edge item's event
 * @a: the automaton
 * @state: the edge's origin
 * @event: the item's event
 * @rest: the item after the event's ';': "reset(X)", each further one after a ';'
 * @at: the edge's place
 * @err: DOT_MSG_LEN bytes, for "FILE:LINE:COL: what is wrong"
 *
 * Return: 0, or -1 with @err set (a guard, or a clock that cannot be one).
 */
int dot_ha_resets(struct dot_automaton *a, int state, int event, const struct dot_text *rest,
		  struct dot_where at, char *err)
{
	struct dot_text part, after = *rest;

	while (split(&after, ";", &part, &after))
		if (reset(a, state, event, &part, at, err))
			return -1;
	return reset(a, state, event, &after, at, err);
}

/**
 * dot_ha_check() - check an HA's clocks once every edge is read
 * @a: the automaton, its transitions resolved
 * @err: DOT_MSG_LEN bytes, for "FILE:LINE:COL: what is wrong"
 *
 * A clock becomes the enum constant CLOCK_NAME beside the states' and the
 * events': it may not share a name with them.
 *
 * Return: 0, or -1 with @err set.
 */
int dot_ha_check(struct dot_automaton *a, char *err)
{
	for (int i = 0; i < a->nr_envs; i++) {
		struct dot_text name = { a->envs[i], strlen(a->envs[i]) };
		bool read = false;

		if (dot_find_state(a, &name) >= 0 || dot_find_event(a, &name) >= 0)
			return dot_fail(a, err, a->end_at, "clock \"%s\" is also a state or an event",
					a->envs[i]);
		for (int s = 0; s < a->nr_states; s++)
			read |= a->states[s].inv_env == i;
		if (!read)
			return dot_fail(a, err, a->env_reset_at[i],
					"reset(%s): no state's invariant reads clock \"%s\"",
					a->envs[i], a->envs[i]);
	}
	return 0;
}
