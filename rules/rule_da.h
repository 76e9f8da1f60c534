/* SPDX-License-Identifier: GPL-2.0-only */
/* A rule's automaton (.dot) as tables the DA core runs (rule_da.c). */
#ifndef RULE_DA_H
#define RULE_DA_H

#include "ha/ha_core.h"
#include "dot_automaton.h"
#include "rule_local.h"

struct rule_da {
	struct dot_automaton	*dot;
	const char		*state_names[DOT_MAX_STATES];
	const char		*event_names[DOT_MAX_EVENTS];
	unsigned char		next[DOT_MAX_STATES][DOT_MAX_EVENTS];
	bool			final[DOT_MAX_STATES];
	/* a hybrid automaton's clocks; steps.da is a plain DA's steps */
	const char		*env_names[DOT_MAX_ENVS];
	struct ha_invariant	invariants[DOT_MAX_STATES];
	unsigned long		resets[DOT_MAX_STATES][DOT_MAX_EVENTS];
	struct ha_steps		steps;
	bool			hybrid;		/* it has clocks */
	struct rv_automaton	automaton;
};

int rule_da_compile(const char *path, const char *text, const char *name, struct rule_da *d,
		    char *err);
int rule_da_event(const struct rule_da *d, const char *event);
void rule_da_free(struct rule_da *d);

#endif
