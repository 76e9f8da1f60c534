/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Writers of an automaton: the kernel-compatible C header and Graphviz.
 */
#ifndef LTL_EMIT_H
#define LTL_EMIT_H

#include <stdio.h>

#include "ltl_formula.h"
#include "ltl_tableau.h"

struct ltl_model {
	const char		*name;		/* MONITOR_NAME */
	const char		*source;	/* the .ltl file it came from */
	const struct ltl_nnf	*nnf;
	const struct ltl_graph	*graph;
};

int ltl_emit_header(FILE *out, const struct ltl_model *m);
int ltl_emit_dot(FILE *out, const struct ltl_model *m);
char *ltl_atom_abbrev(char *const *atoms, int nr, int i);

#endif
