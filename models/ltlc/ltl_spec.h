/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The .ltl specification language, parsed exactly as the kernel's rvgen
 * parses it: the left operand of a binary operator is a name, a literal or
 * a parenthesised expression; everything else extends as far right as
 * possible, so all binary operators group to the right with one precedence.
 */
#ifndef LTL_SPEC_H
#define LTL_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#define LTL_MSG_LEN	512

enum ltl_op {
	LTL_NAME,
	LTL_TRUE,
	LTL_FALSE,
	/* unary */
	LTL_NOT,
	LTL_ALWAYS,
	LTL_EVENTUALLY,
	LTL_NEXT,
	/* binary */
	LTL_AND,
	LTL_OR,
	LTL_IMPLY,
	LTL_EQUIVALENT,
	LTL_UNTIL,
};

struct ltl_expr {
	enum ltl_op		op;
	struct ltl_expr		*left;		/* the operand of a unary operator */
	struct ltl_expr		*right;
	char			*name;		/* LTL_NAME */
	int			line;		/* of the name or operator */
	int			col;
	bool			parens;		/* written inside ( ) */
};

struct ltl_def {
	char			*name;
	struct ltl_expr		*expr;
	int			line;
	int			col;
};

struct ltl_spec {
	char			*path;
	struct ltl_def		*defs;
	int			nr_defs;
	int			rule;		/* index of RULE in defs */
	char			**warnings;	/* "file:line:col: warning: ..." */
	int			nr_warnings;
};

int ltl_spec_parse(const char *path, const char *text, struct ltl_spec *spec,
		   char *err);
void ltl_spec_free(struct ltl_spec *spec);
int ltl_spec_find(const struct ltl_spec *spec, const char *name);
bool ltl_op_is_binary(enum ltl_op op);
const char *ltl_op_word(enum ltl_op op);

#endif
