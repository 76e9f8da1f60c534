// SPDX-License-Identifier: GPL-2.0-only
/*
 * make check-rvgen: our generated automata against the kernel's rvgen
 * output for the same specifications, exhaustively (every letter from
 * every reachable pair of state sets).
 */
#include <stdio.h>

#include "ltl_equiv.h"

extern const struct rv_automaton pagefault_automaton, rvgen_pagefault;
extern const struct rv_automaton sleep_automaton, rvgen_sleep;

static int compare(const struct rv_automaton *ours, const struct rv_automaton *theirs)
{
	char why[256];

	if (ltl_equiv(ours, theirs, why, sizeof(why))) {
		printf("%s: verdicts differ from rvgen's: %s\n", ours->name, why);
		return 1;
	}
	printf("%s: same verdicts as rvgen's automaton (%u and %u states)\n", ours->name,
	       ours->nr_states, theirs->nr_states);
	return 0;
}

int main(void)
{
	return compare(&pagefault_automaton, &rvgen_pagefault) |
	       compare(&sleep_automaton, &rvgen_sleep);
}
