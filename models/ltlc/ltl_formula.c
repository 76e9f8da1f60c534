// SPDX-License-Identifier: GPL-2.0-only
/*
 * From parsed definitions to one formula in negation normal form, with the
 * same rewriting as rvgen: imply a b = (not a) or b, always f = false
 * release f, eventually f = true until f, and negation pushed to the atoms.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltl_formula.h"

/* The formula of an expression, plain and negated: -1 until built. */
struct expr_memo {
	const struct ltl_expr	*e;
	int			id[2];
};

struct builder {
	const struct ltl_spec	*spec;
	struct ltl_nnf		*nnf;
	int			cap;
	int			*memo;		/* [def * 2 + negated] -> id, or -1 */
	struct expr_memo	*exprs;		/* open addressing, by address */
	size_t			nr_exprs;	/* a power of two, over twice the nodes */
	bool			too_many_atoms;
	char			*err;
};

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int atom_index(const struct ltl_nnf *nnf, const char *name)
{
	char **hit = bsearch(&name, nnf->atoms, nnf->nr_atoms, sizeof(char *), cmp_names);

	return hit ? (int)(hit - nnf->atoms) : -1;
}

static int add_atom(struct builder *bd, const char *name)
{
	struct ltl_nnf *nnf = bd->nnf;
	char **atoms;

	for (int i = 0; i < nnf->nr_atoms; i++)
		if (!strcmp(nnf->atoms[i], name))
			return 0;
	/* one over the limit is enough to refuse, and keeps this loop short */
	if (nnf->nr_atoms > LTL_MAX_ATOMS) {
		bd->too_many_atoms = true;
		return 0;
	}
	atoms = realloc(nnf->atoms, (nnf->nr_atoms + 1) * sizeof(*atoms));
	if (!atoms)
		return -1;
	nnf->atoms = atoms;
	atoms[nnf->nr_atoms] = strdup(name);
	if (!atoms[nnf->nr_atoms])
		return -1;
	nnf->nr_atoms++;
	return 0;
}

/* The atoms are the names RULE reaches that no definition gives. */
static int collect_atoms(struct builder *bd, const struct ltl_expr *e, char *seen)
{
	int def;

	if (!e)
		return 0;
	if (e->op != LTL_NAME)
		return collect_atoms(bd, e->left, seen) || collect_atoms(bd, e->right, seen);
	def = ltl_spec_find(bd->spec, e->name);
	if (def < 0)
		return add_atom(bd, e->name);
	if (seen[def])
		return 0;
	seen[def] = 1;
	return collect_atoms(bd, bd->spec->defs[def].expr, seen);
}

static int intern(struct builder *bd, enum ltl_kind kind, int a, int b)
{
	struct ltl_nnf *nnf = bd->nnf;
	struct ltl_formula *f;

	for (int i = 0; i < nnf->nr; i++) {
		f = &nnf->f[i];
		if (f->kind == kind && f->a == a && f->b == b)
			return i;
	}
	if (nnf->nr == LTL_MAX_FORMULAS) {
		snprintf(bd->err, LTL_MSG_LEN, "%s: error: the formula has more than %d subformulas",
			 bd->spec->path, LTL_MAX_FORMULAS);
		return -1;
	}
	if (nnf->nr == bd->cap) {
		int cap = bd->cap ? bd->cap * 2 : 64;

		f = realloc(nnf->f, cap * sizeof(*f));
		if (!f) {
			snprintf(bd->err, LTL_MSG_LEN, "%s: error: out of memory", bd->spec->path);
			return -1;
		}
		nnf->f = f;
		bd->cap = cap;
	}
	f = &nnf->f[nnf->nr];
	f->kind = kind;
	f->a = a;
	f->b = b;
	f->temporal = kind >= LTL_F_NEXT;
	if (kind == LTL_F_AND || kind == LTL_F_OR)
		f->temporal = nnf->f[a].temporal || nnf->f[b].temporal;
	return nnf->nr++;
}

static int build(struct builder *bd, const struct ltl_expr *e, bool neg);

static size_t count_nodes(const struct ltl_expr *e)
{
	return e ? 1 + count_nodes(e->left) + count_nodes(e->right) : 0;
}

/* A table with room for every expression node of every definition. */
static int memo_init(struct builder *bd)
{
	size_t nodes = 0;

	for (int i = 0; i < bd->spec->nr_defs; i++)
		nodes += count_nodes(bd->spec->defs[i].expr);
	bd->nr_exprs = 16;
	while (bd->nr_exprs < 2 * nodes)
		bd->nr_exprs *= 2;
	bd->exprs = calloc(bd->nr_exprs, sizeof(*bd->exprs));
	return bd->exprs ? 0 : -1;
}

static struct expr_memo *memo_of(struct builder *bd, const struct ltl_expr *e)
{
	size_t k = ((uintptr_t)e >> 4) * 2654435761u & (bd->nr_exprs - 1);

	while (bd->exprs[k].e && bd->exprs[k].e != e)
		k = (k + 1) & (bd->nr_exprs - 1);
	if (!bd->exprs[k].e) {
		bd->exprs[k].e = e;
		bd->exprs[k].id[0] = bd->exprs[k].id[1] = -1;
	}
	return &bd->exprs[k];
}

static int pair(struct builder *bd, enum ltl_kind kind, const struct ltl_expr *l, bool lneg,
		const struct ltl_expr *r, bool rneg)
{
	int a = build(bd, l, lneg), b;

	if (a < 0)
		return -1;
	b = build(bd, r, rneg);
	return b < 0 ? -1 : intern(bd, kind, a, b);
}

static int with_literal(struct builder *bd, enum ltl_kind kind, enum ltl_kind literal,
			const struct ltl_expr *e, bool neg)
{
	int a = intern(bd, literal, -1, -1), b;

	if (a < 0)
		return -1;
	b = build(bd, e, neg);
	return b < 0 ? -1 : intern(bd, kind, a, b);
}

/* a equivalent b = (a and b) or (not a and not b); negated: a xor b */
static int equivalence(struct builder *bd, const struct ltl_expr *e, bool neg)
{
	int both = pair(bd, LTL_F_AND, e->left, false, e->right, neg);
	int neither;

	if (both < 0)
		return -1;
	neither = pair(bd, LTL_F_AND, e->left, true, e->right, !neg);
	return neither < 0 ? -1 : intern(bd, LTL_F_OR, both, neither);
}

static int name(struct builder *bd, const struct ltl_expr *e, bool neg)
{
	int def = ltl_spec_find(bd->spec, e->name);
	int *memo, id;

	if (def < 0)
		return intern(bd, neg ? LTL_F_NOT_ATOM : LTL_F_ATOM, atom_index(bd->nnf, e->name), -1);
	memo = &bd->memo[def * 2 + neg];
	if (*memo < 0) {
		id = build(bd, bd->spec->defs[def].expr, neg);
		if (id < 0)
			return -1;
		*memo = id;
	}
	return *memo;
}

static int build_expr(struct builder *bd, const struct ltl_expr *e, bool neg)
{
	switch (e->op) {
	case LTL_NAME:
		return name(bd, e, neg);
	case LTL_TRUE:
	case LTL_FALSE:
		return intern(bd, (e->op == LTL_TRUE) != neg ? LTL_F_TRUE : LTL_F_FALSE, -1, -1);
	case LTL_NOT:
		return build(bd, e->left, !neg);
	case LTL_NEXT: {
		int a = build(bd, e->left, neg);

		return a < 0 ? -1 : intern(bd, LTL_F_NEXT, a, -1);
	}
	case LTL_ALWAYS:
		return neg ? with_literal(bd, LTL_F_UNTIL, LTL_F_TRUE, e->left, true)
			   : with_literal(bd, LTL_F_RELEASE, LTL_F_FALSE, e->left, false);
	case LTL_EVENTUALLY:
		return neg ? with_literal(bd, LTL_F_RELEASE, LTL_F_FALSE, e->left, true)
			   : with_literal(bd, LTL_F_UNTIL, LTL_F_TRUE, e->left, false);
	case LTL_AND:
		return pair(bd, neg ? LTL_F_OR : LTL_F_AND, e->left, neg, e->right, neg);
	case LTL_OR:
		return pair(bd, neg ? LTL_F_AND : LTL_F_OR, e->left, neg, e->right, neg);
	case LTL_IMPLY:
		return pair(bd, neg ? LTL_F_AND : LTL_F_OR, e->left, !neg, e->right, neg);
	case LTL_EQUIVALENT:
		return equivalence(bd, e, neg);
	case LTL_UNTIL:
		return pair(bd, neg ? LTL_F_RELEASE : LTL_F_UNTIL, e->left, neg, e->right, neg);
	}
	return -1;
}

/*
 * Each node is built once per polarity: equivalence builds both operands
 * twice, so nested equivalences would otherwise take exponential time.
 */
static int build(struct builder *bd, const struct ltl_expr *e, bool neg)
{
	int id = memo_of(bd, e)->id[neg];

	if (id >= 0)
		return id;
	id = build_expr(bd, e, neg);
	if (id >= 0)
		memo_of(bd, e)->id[neg] = id;
	return id;
}

/**
 * ltl_nnf_build() - turn a parsed specification into its formula
 * @spec: a specification that ltl_spec_parse() accepted
 * @nnf: filled; free with ltl_nnf_free()
 * @err: LTL_MSG_LEN bytes for the message on failure
 *
 * Return: 0, or -1 when the formula exceeds the kernel's 32 atoms or our
 * size limit, or memory runs out.
 */
int ltl_nnf_build(const struct ltl_spec *spec, struct ltl_nnf *nnf, char *err)
{
	struct builder bd = { .spec = spec, .nnf = nnf, .err = err };
	char *seen = calloc(spec->nr_defs, 1);
	int ret = -1;

	memset(nnf, 0, sizeof(*nnf));
	bd.memo = malloc(spec->nr_defs * 2 * sizeof(int));
	if (!seen || !bd.memo || memo_init(&bd) ||
	    collect_atoms(&bd, spec->defs[spec->rule].expr, seen)) {
		snprintf(err, LTL_MSG_LEN, "%s: error: out of memory", spec->path);
		goto out;
	}
	if (!nnf->nr_atoms) {
		snprintf(err, LTL_MSG_LEN, "%s: error: the formula has no atoms to observe",
			 spec->path);
		goto out;
	}
	if (nnf->nr_atoms > LTL_MAX_ATOMS) {
		snprintf(err, LTL_MSG_LEN,
			 "%s: error: %s%d atoms, more than the kernel's limit of %d (RV_MAX_LTL_ATOM)",
			 spec->path, bd.too_many_atoms ? "over " : "", nnf->nr_atoms,
			 LTL_MAX_ATOMS);
		goto out;
	}
	qsort(nnf->atoms, nnf->nr_atoms, sizeof(char *), cmp_names);
	for (int i = 0; i < spec->nr_defs * 2; i++)
		bd.memo[i] = -1;
	nnf->root = build(&bd, spec->defs[spec->rule].expr, false);
	ret = nnf->root < 0 ? -1 : 0;
out:
	free(seen);
	free(bd.memo);
	free(bd.exprs);
	return ret;
}

/**
 * ltl_nnf_free() - release a formula
 * @nnf: what ltl_nnf_build() filled (also after it failed)
 */
void ltl_nnf_free(struct ltl_nnf *nnf)
{
	for (int i = 0; i < nnf->nr_atoms; i++)
		free(nnf->atoms[i]);
	free(nnf->atoms);
	free(nnf->f);
	memset(nnf, 0, sizeof(*nnf));
}
