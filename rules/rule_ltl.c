// SPDX-License-Identifier: GPL-2.0-only
/*
 * A rule's formula compiled at run time by the build's own compiler
 * (models/ltlc: the same parse, negation normal form and tableau that write
 * the monitors' headers), run by the LTL core through struct ltl_steps:
 * the steps read the graph's state labels where a generated header has
 * them written out as C. The atoms are numbered as the header numbers them
 * (sorted by name), so an exported rule is the same automaton in a kernel.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltl/ltl_core.h"
#include "ltl_emit.h"
#include "ltl_formula.h"
#include "ltl_spec.h"
#include "ltl_tableau.h"
#include "rule.h"
#include "rule_ltl.h"

/* A subformula's truth, once its operands' is known (they have smaller ids). */
static bool value(const struct ltl_formula *x, const unsigned long *truth,
		  const unsigned long *atoms)
{
	switch (x->kind) {
	case LTL_F_TRUE:
		return true;
	case LTL_F_ATOM:
		return test_bit(x->a, atoms);
	case LTL_F_NOT_ATOM:
		return !test_bit(x->a, atoms);
	case LTL_F_AND:
		return test_bit(x->a, truth) && test_bit(x->b, truth);
	case LTL_F_OR:
		return test_bit(x->a, truth) || test_bit(x->b, truth);
	default:
		return false;
	}
}

/*
 * Every subformula's truth on the instance's atoms, each computed once, as
 * a generated header's values are: a subformula shared by definitions
 * would otherwise be evaluated once per path to it, 2^levels times. The
 * last atoms' truth is kept, for the other states of the same step.
 */
static const unsigned long *truth_on(const struct rule_ltl *l, const struct ltl_monitor *mon)
{
	struct rule_ltl_truth *t = l->truth;

	if (t->valid && !memcmp(t->atoms, mon->atoms, sizeof(t->atoms)))
		return t->holds;
	for (int f = 0; f < l->nnf.nr; f++) {
		if (value(&l->nnf.f[f], t->holds, mon->atoms))
			__set_bit(f, t->holds);
		else
			__clear_bit(f, t->holds);
	}
	memcpy(t->atoms, mon->atoms, sizeof(t->atoms));
	t->valid = true;
	return t->holds;
}

static bool enters(const struct rule_ltl *l, int state, const unsigned long *truth)
{
	const struct ltl_state *s = &l->graph.states[state];

	for (int i = 0; i < s->nr_labels; i++)
		if (!test_bit(s->labels[i], truth))
			return false;
	return true;
}

static void start(const struct ltl_steps *steps, struct ltl_monitor *mon)
{
	const struct rule_ltl *l = steps->data;
	const unsigned long *truth = truth_on(l, mon);

	for (int i = 0; i < l->graph.nr; i++)
		if (l->graph.states[i].init && enters(l, i, truth))
			__set_bit(i, mon->states);
}

static void next_states(const struct ltl_steps *steps, struct ltl_monitor *mon,
			unsigned int state, unsigned long *next)
{
	const struct rule_ltl *l = steps->data;
	const struct ltl_state *s = &l->graph.states[state];
	const unsigned long *truth = truth_on(l, mon);

	for (int k = 0; k < s->nr_succ; k++)
		if (enters(l, s->succ[k], truth))
			__set_bit(s->succ[k], next);
}

/* "file: error: ..." of the whole automaton, placed at RULE's definition. */
static void at_rule(const struct ltl_spec *spec, char *err)
{
	size_t n = strlen(spec->path);
	char rest[LTL_MSG_LEN];

	if (strncmp(err, spec->path, n) || strncmp(err + n, ": ", 2) || spec->rule < 0)
		return;
	snprintf(rest, sizeof(rest), "%s", err + n + 2);
	snprintf(err, LTL_MSG_LEN, "%.200s:%d:%d: %.280s", spec->path, spec->defs[spec->rule].line,
		 spec->defs[spec->rule].col, rest);
}

/**
 * rule_ltl_compile() - a formula's automaton, ready for the LTL core
 * @path: its file, for errors
 * @text: the specification (rvgen's .ltl language; '#' lines are comments)
 * @name: the monitor's name
 * @l: filled; free with rule_ltl_free()
 * @err: LTL_MSG_LEN bytes: "file:line:col: error: ..."
 *
 * Return: 0, or -1 with @err set: a wrong formula, more than 32 atoms or
 * states (the kernel's limits), or a construction past ltlc's bounds.
 */
int rule_ltl_compile(const char *path, const char *text, const char *name, struct rule_ltl *l,
		     char *err)
{
	struct ltl_spec spec;
	int ret;

	memset(l, 0, sizeof(*l));
	/* a spec parsed in part is freed too */
	if (ltl_spec_parse(path, text, &spec, err)) {
		ltl_spec_free(&spec);
		return -1;
	}
	ret = ltl_nnf_build(&spec, &l->nnf, err) || ltl_tableau_build(&l->nnf, path, &l->graph, err);
	if (ret)
		at_rule(&spec, err);
	ltl_spec_free(&spec);
	if (ret)
		return -1;
	/* a formula has atoms: ltl_nnf_build() refuses one without */
	l->truth = calloc(1, sizeof(*l->truth) + BITS_TO_LONGS(l->nnf.nr) * sizeof(long));
	for (int i = 0; i < l->nnf.nr_atoms; i++) {
		l->short_names[i] = ltl_atom_abbrev(l->nnf.atoms, l->nnf.nr_atoms, i);
		if (!l->short_names[i] || !l->truth) {
			snprintf(err, RULE_ERR_LEN, "%s: out of memory", path);
			rule_ltl_free(l);
			return -1;
		}
	}
	l->steps = (struct ltl_steps){ .start = start, .next_states = next_states, .data = l };
	l->automaton = (struct rv_automaton){
		.name = name, .nr_atoms = l->nnf.nr_atoms, .nr_states = l->graph.nr,
		.atom_names = (const char *const *)l->nnf.atoms,
		.trace_names = (const char *const *)l->short_names, .steps = &l->steps,
	};
	return 0;
}

/* The index of an atom of the formula, or -1. */
int rule_ltl_atom(const struct rule_ltl *l, const char *atom)
{
	for (int i = 0; i < l->nnf.nr_atoms; i++)
		if (!strcmp(l->nnf.atoms[i], atom))
			return i;
	return -1;
}

void rule_ltl_free(struct rule_ltl *l)
{
	for (int i = 0; i < RV_MAX_LTL_ATOM; i++)
		free(l->short_names[i]);
	free(l->truth);
	ltl_graph_free(&l->graph);
	ltl_nnf_free(&l->nnf);
}
