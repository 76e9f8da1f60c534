/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Test fixture: one matching of rvreplay diff's, its input and output all
 * in place (no trace, no replay), for diff_test.c and diff_live_test.c.
 */
#ifndef DIFF_FIXTURE_H
#define DIFF_FIXTURE_H

#include "diff_local.h"

#define MAX_SIDE	8

struct match_case {
	struct diff_options	opts;
	struct diff_result	res;
	struct diff_compare	cmp;
	struct diff_collect	rerun;
	struct diff_live	lives[MAX_SIDE];
	struct verdict		verdicts[MAX_SIDE];
};

void match_case_init(struct match_case *mc, const struct rv_monitor *m0,
		     const struct rv_monitor *m1);
struct verdict *match_case_verdict(struct match_case *mc, const struct rv_monitor *m, int pid,
				   struct diff_key at, enum rv_violation_kind kind);
void match_case_release(struct match_case *mc);

#endif
