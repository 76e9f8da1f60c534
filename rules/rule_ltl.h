/* SPDX-License-Identifier: GPL-2.0-only */
/* A rule's formula as an automaton the LTL core runs (rule_ltl.c). */
#ifndef RULE_LTL_H
#define RULE_LTL_H

#include "ltl/ltl_core.h"
#include "ltl_formula.h"
#include "ltl_tableau.h"

/* Every subformula's truth on one instance's atoms (rule_ltl.c's truth_on()). */
struct rule_ltl_truth {
	DECLARE_BITMAP(atoms, RV_MAX_LTL_ATOM);	/* what it was computed on */
	bool			valid;
	unsigned long		holds[];	/* a bit per subformula of the nnf */
};

struct rule_ltl {
	struct ltl_nnf		nnf;
	struct ltl_graph	graph;
	struct ltl_steps	steps;
	struct rv_automaton	automaton;
	char			*short_names[RV_MAX_LTL_ATOM];	/* automaton.trace_names */
	struct rule_ltl_truth	*truth;		/* the last step's: the monitors run in one thread */
};

int rule_ltl_compile(const char *path, const char *text, const char *name, struct rule_ltl *l,
		     char *err);
int rule_ltl_atom(const struct rule_ltl *l, const char *atom);
void rule_ltl_free(struct rule_ltl *l);

#endif
