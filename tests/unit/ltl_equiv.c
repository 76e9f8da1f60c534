// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltl_equiv.h"

#define MAX_EQUIV_ATOMS	20
#define MAX_PAIRS	65536

struct pair {
	unsigned long	a;
	unsigned long	b;
};

static unsigned long start_set(const struct rv_automaton *x, unsigned long letter)
{
	struct ltl_monitor mon = { 0 };

	mon.atoms[0] = letter;
	ltl_steps_of(x)->start(ltl_steps_of(x), &mon);
	return mon.states[0];
}

static unsigned long next_set(const struct rv_automaton *x, unsigned long states,
			      unsigned long letter)
{
	struct ltl_monitor mon = { 0 };
	unsigned long next[BITS_TO_LONGS(RV_MAX_BA_STATES)] = { 0 };

	mon.atoms[0] = letter;
	mon.states[0] = states;
	for (unsigned int i = 0; i < x->nr_states; i++)
		if (states >> i & 1)
			ltl_steps_of(x)->next_states(ltl_steps_of(x), &mon, i, next);
	return next[0];
}

static int add_pair(struct pair *pairs, int *nr, unsigned long a, unsigned long b)
{
	for (int i = 0; i < *nr; i++)
		if (pairs[i].a == a && pairs[i].b == b)
			return 0;
	if (*nr == MAX_PAIRS)
		return -1;
	pairs[*nr].a = a;
	pairs[*nr].b = b;
	(*nr)++;
	return 0;
}

static int same_atoms(const struct rv_automaton *a, const struct rv_automaton *b, char *why,
		      size_t len)
{
	if (a->nr_atoms != b->nr_atoms) {
		snprintf(why, len, "%u atoms against %u", a->nr_atoms, b->nr_atoms);
		return -1;
	}
	for (unsigned int i = 0; i < a->nr_atoms; i++) {
		if (strcmp(rv_atom_name(a, i), rv_atom_name(b, i))) {
			snprintf(why, len, "atom %u is %s against %s", i, rv_atom_name(a, i),
				 rv_atom_name(b, i));
			return -1;
		}
	}
	if (a->nr_atoms > MAX_EQUIV_ATOMS) {
		snprintf(why, len, "too many atoms to enumerate letters");
		return -1;
	}
	return 0;
}

/**
 * ltl_equiv() - whether two automata give the same verdicts
 * @a: one automaton
 * @b: the other, over the same atoms in the same order
 * @why: filled with the first difference found
 * @len: size of @why
 *
 * A start attempt (from a stopped instance) must succeed in both or neither,
 * and a step must leave both or neither without states, whatever came before.
 *
 * Return: 0 when they agree, -1 otherwise.
 */
int ltl_equiv(const struct rv_automaton *a, const struct rv_automaton *b, char *why,
	      size_t len)
{
	struct pair *pairs;
	unsigned long letters;
	int nr = 0, ret = -1;

	if (same_atoms(a, b, why, len))
		return -1;
	letters = 1UL << a->nr_atoms;
	pairs = malloc(MAX_PAIRS * sizeof(*pairs));
	if (!pairs)
		return -1;
	for (unsigned long l = 0; l < letters; l++) {
		unsigned long sa = start_set(a, l), sb = start_set(b, l);

		if (!sa != !sb) {
			snprintf(why, len, "start on letter %#lx: %s", l, sa ? "only the first starts"
				 : "only the second starts");
			goto out;
		}
		if (sa && add_pair(pairs, &nr, sa, sb))
			goto too_many;
	}
	for (int i = 0; i < nr; i++) {
		for (unsigned long l = 0; l < letters; l++) {
			unsigned long na = next_set(a, pairs[i].a, l);
			unsigned long nb = next_set(b, pairs[i].b, l);

			if (!na != !nb) {
				snprintf(why, len, "from states %#lx / %#lx on letter %#lx: %s",
					 pairs[i].a, pairs[i].b, l,
					 na ? "only the second fails" : "only the first fails");
				goto out;
			}
			if (na && add_pair(pairs, &nr, na, nb))
				goto too_many;
		}
	}
	ret = 0;
	goto out;
too_many:
	snprintf(why, len, "more than %d state-set pairs", MAX_PAIRS);
out:
	free(pairs);
	return ret;
}
