// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test fixture: one matching of rvreplay diff's, in place (diff_fixture.h).
 */
#include <stdlib.h>
#include <string.h>

#include "diff_fixture.h"

/* An empty matching of two monitors, its arrays the case's own. */
void match_case_init(struct match_case *mc, const struct rv_monitor *m0,
		     const struct rv_monitor *m1)
{
	memset(mc, 0, sizeof(*mc));
	mc->opts.replay.monitors[0] = m0;
	mc->opts.replay.monitors[1] = m1;
	mc->opts.replay.nr_monitors = 2;
	mc->res.lives = mc->lives;
	mc->res.verdicts = mc->verdicts;
	mc->cmp.opts = &mc->opts;
	mc->cmp.res = &mc->res;
	mc->rerun.opts = &mc->opts;
}

/* A replayed verdict of @m's instance @pid at the record @at. */
struct verdict *match_case_verdict(struct match_case *mc, const struct rv_monitor *m, int pid,
				   struct diff_key at, enum rv_violation_kind kind)
{
	struct verdict *v = &mc->verdicts[mc->res.nr_verdicts++];

	v->monitor = m;
	v->pid = pid;
	v->ts = at.ts;
	v->cpu = at.cpu;
	v->event_ref = (struct trace_ref){ at.offset, at.ts, at.cpu };
	v->kind = kind;
	return v;
}

/* What the matching allocated. */
void match_case_release(struct match_case *mc)
{
	free(mc->res.entries);
	free(mc->res.windows);
	free(mc->rerun.verdict_keys);
}
