/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Büchi automaton of a formula, built with the tableau of Gerth, Peled,
 * Vardi and Wolper ("Simple on-the-fly automatic verification of linear
 * temporal logic", 1995) as the kernel's rvgen builds it: propositional
 * subformulas stay whole as state labels, and no state is pruned for
 * acceptance, so a run dies exactly when no successor's label holds.
 */
#ifndef LTL_TABLEAU_H
#define LTL_TABLEAU_H

#include <stdbool.h>

#include "ltl_formula.h"

/* The kernel's RV_MAX_BA_STATES. */
#define LTL_MAX_STATES		32
/* Construction stops here, so a huge formula cannot exhaust memory. */
#define LTL_MAX_NODES		1024
/*
 * Or here, so it cannot take forever: nodes that merge into few states can
 * still be exponentially many ((next A) or (next A), and so on).
 */
#define LTL_MAX_STEPS		(1L << 25)

struct ltl_state {
	bool		init;
	int		*labels;	/* formula ids, all must hold to enter */
	int		nr_labels;
	int		*succ;		/* state ids, ascending */
	int		nr_succ;
};

struct ltl_graph {
	struct ltl_state	*states;
	int			nr;
};

int ltl_tableau_build(const struct ltl_nnf *nnf, const char *path, struct ltl_graph *g,
		      char *err);
void ltl_graph_free(struct ltl_graph *g);

#endif
