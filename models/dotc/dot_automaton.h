/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A deterministic automaton read from an rvgen .dot specification: the
 * states its shaped nodes declare ("__init_X" names the initial state X;
 * doublecircle and ellipse nodes are final), the events its edges' labels
 * name, and the transition function, in the order rvgen's dot2c writes
 * them. A hybrid automaton (rvgen, Linux 7.1) adds clocks: a state's
 * invariant and the clocks a transition resets.
 */
#ifndef DOT_AUTOMATON_H
#define DOT_AUTOMATON_H

#include <stdbool.h>
#include <stdio.h>

#include "dot_lex.h"
#include "../../monitors/rv_env.h"

/* The kernel's DA monitors keep sets of states and events in unsigned long. */
#define DOT_MAX_STATES	64
#define DOT_MAX_EVENTS	64
#define DOT_MAX_NAME	64	/* with its NUL */
/* Every (state, event) pair once, with room for the same edge twice. */
#define DOT_MAX_EDGES	(2 * DOT_MAX_STATES * DOT_MAX_EVENTS)
#define DOT_MSG_LEN	512
#define DOT_INIT_PREFIX	"__init_"
/* The clocks an HA monitor instance keeps (monitors/rv_env.h). */
#define DOT_MAX_ENVS	RV_HA_MAX_ENVS

struct dot_state {
	char		name[DOT_MAX_NAME];
	bool		final;
	/* an HA's invariant "env < bound", from the node's label */
	int		inv_env;			/* -1: none */
	char		bound[DOT_MAX_NAME];
};

/* An edge, or with no @to a node named without a shape: checked at the end. */
struct dot_edge {
	struct dot_text	from;
	struct dot_text	to;
	struct dot_text	label;
	bool		has_label;
	struct dot_where at;
};

struct dot_automaton {
	const char		*path;
	char			name[DOT_MAX_NAME];	/* the file's base name */
	/* in the order the specification declares them */
	struct dot_state	states[DOT_MAX_STATES];
	int			nr_states;
	struct dot_text		init_node;		/* "__init_X" */
	struct dot_where	init_at;
	struct dot_edge		edges[DOT_MAX_EDGES];
	int			nr_edges;
	struct dot_where	end_at;			/* of the closing brace */
	/* made by dot_automaton_build() */
	int			initial;
	char			events[DOT_MAX_EVENTS][DOT_MAX_NAME];
	int			nr_events;
	signed char		function[DOT_MAX_STATES][DOT_MAX_EVENTS];	/* -1: none */
	int			state_order[DOT_MAX_STATES];	/* dot2c's order */
	int			event_order[DOT_MAX_EVENTS];
	/* an HA's clocks, as they first appear; by name in env_order */
	char			envs[DOT_MAX_ENVS][DOT_MAX_NAME];
	int			nr_envs;
	int			env_order[DOT_MAX_ENVS];
	struct dot_where	env_reset_at[DOT_MAX_ENVS];	/* line 0: never reset */
	unsigned long		resets[DOT_MAX_STATES][DOT_MAX_EVENTS];	/* bits of envs */
};

int dot_parse(const char *text, struct dot_automaton *a, char *err);
int dot_automaton_build(struct dot_automaton *a, char *err);
int dot_emit_header(FILE *out, const void *automaton);
int dot_fail(const struct dot_automaton *a, char *err, struct dot_where at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
const char *dot_name_problem(const struct dot_text *name);
int dot_find_state(const struct dot_automaton *a, const struct dot_text *name);
int dot_find_event(const struct dot_automaton *a, const struct dot_text *name);
int dot_ha_state_label(struct dot_automaton *a, const struct dot_edge *e, char *err);
int dot_ha_resets(struct dot_automaton *a, int state, int event, const struct dot_text *rest,
		  struct dot_where at, char *err);
int dot_ha_check(struct dot_automaton *a, char *err);
void dot_emit_ha_tables(FILE *out, const struct dot_automaton *a);

#endif
