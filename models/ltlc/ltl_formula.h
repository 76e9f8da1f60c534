/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A specification as one formula in negation normal form, the input of the
 * tableau: always, eventually, imply and equivalent are rewritten, negation
 * sits only on atoms, and equal subformulas are stored once.
 */
#ifndef LTL_FORMULA_H
#define LTL_FORMULA_H

#include <stdbool.h>

#include "ltl_spec.h"

/* The kernel's RV_MAX_LTL_ATOM. */
#define LTL_MAX_ATOMS		32
#define LTL_MAX_FORMULAS	4096

enum ltl_kind {
	LTL_F_TRUE,
	LTL_F_FALSE,
	LTL_F_ATOM,
	LTL_F_NOT_ATOM,
	LTL_F_AND,
	LTL_F_OR,
	LTL_F_NEXT,
	LTL_F_UNTIL,
	LTL_F_RELEASE,
};

struct ltl_formula {
	enum ltl_kind	kind;
	int		a;		/* left operand, or the atom index */
	int		b;		/* right operand */
	bool		temporal;	/* contains next, until or release */
};

struct ltl_nnf {
	struct ltl_formula	*f;	/* operands always have smaller ids */
	int			nr;
	char			**atoms;	/* sorted by name */
	int			nr_atoms;
	int			root;
};

int ltl_nnf_build(const struct ltl_spec *spec, struct ltl_nnf *nnf, char *err);
void ltl_nnf_free(struct ltl_nnf *nnf);

#endif
