/* SPDX-License-Identifier: GPL-2.0-only */
/* A compiled rule and its monitor (rule_monitor.c). */
#ifndef RULE_MONITOR_H
#define RULE_MONITOR_H

#include "monitor.h"
#include "rule_local.h"
#include "rule_da.h"
#include "rule_ltl.h"

struct rule {
	struct rv_monitor	m;
	bool			is_da;		/* an automaton (.dot), not a formula */
	struct rule_ltl		ltl;
	struct rule_da		da;
	const struct rv_automaton *automaton;	/* ltl's or da's */
	struct rule_bindings	b;
	int			atom_of[RULE_MAX_BINDINGS];	/* each binding's atom */
	char			*path;
	char			*text;				/* the specification */
	char			description[256];
	char			start_rule[256];
	char			roles[RV_NR_EVENTS][128];
	/* its events of their own systems, "system:name" (m.trace_events); NULL-ended */
	const char		*trace_events[TRACE_USER_EVENTS + 1];
};

int rule_monitor_make(struct rule *r, char *err);

#endif
