/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Where an exported rule's files go in a kernel tree, and how they are
 * written there: all or none, never over a file rvreplay did not write,
 * never through a link or a file that is not a regular one
 * (rule_export_tree.c).
 */
#ifndef RULE_EXPORT_TREE_H
#define RULE_EXPORT_TREE_H

#include <stdbool.h>

#include "gen_file.h"

/* A file of an export. */
struct rule_export_file {
	bool		in_models;	/* tools/verification/models/, else the monitor's folder */
	const char	*name;		/* its name there */
	gen_emit_fn	emit;		/* writes it */
	const void	*arg;		/* for @emit */
};

/* What an export writes and where. */
struct rule_export_tree {
	const char			*top;		/* --kernel DIR */
	const char			*monitor;	/* the monitor's name: its folder's */
	const char			*source;	/* NAME.c, which says it is rvreplay's */
	const char			*mark;		/* ... with this line */
	const char			*spec;		/* the rule's text, its model's bytes */
	const struct rule_export_file	*files;
	int				nr_files;
};

int rule_export_tree_write(const struct rule_export_tree *t, char *err);

#endif
