/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Exhaustive check that two automata over the same atoms give the same
 * verdicts for every sequence of letters (product of their subset
 * constructions, every letter at every reachable pair).
 */
#ifndef LTL_EQUIV_H
#define LTL_EQUIV_H

#include <stddef.h>

#include "ltl/ltl_core.h"

int ltl_equiv(const struct rv_automaton *a, const struct rv_automaton *b, char *why,
	      size_t len);

#endif
