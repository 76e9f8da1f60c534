/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Test harness: one instance of an automaton driven through the real core
 * (monitors/ltl/ltl_core.c), counting steps and violations.
 */
#ifndef LTL_DRIVE_H
#define LTL_DRIVE_H

#include "ltl/ltl_core.h"

struct drive {
	struct rv_monitor	monitor;
	struct ltl_monitor	mon;
	struct rv_task		task;
	struct rv_report	report;
	struct rv_target	t;
	int			steps;
	int			violations;
	enum rv_violation_kind	last_kind;
	unsigned long		last_before;	/* states before the last violation */
};

void drive_init(struct drive *d, const struct rv_automaton *a);
bool drive_letter(struct drive *d, unsigned long letter);
unsigned long drive_parse_letter(const struct rv_automaton *a, const char *letter);
int drive_first_violation(const struct rv_automaton *a, const char *const *letters, int n);

#endif
