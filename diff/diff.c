// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay diff: live verdicts against replayed ones (see diff.h for the
 * tie rule). Three passes, each on its own handle of the trace: the live
 * records and what triggered them (live_scan.c), the replay with a sink
 * that keeps every verdict and step (replay_collect.c), and, with
 * inference on, a replay without it to tell which differences the
 * inference makes. Then the step comparison (steps.c), the matching
 * and the explanation of each difference (match.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff_local.h"

/**
 * diff_run() - replay a trace and compare it with the live verdicts it holds
 * @in: the trace, read once for the live records and once per replay
 * @opts: the monitors and replay options; opts->replay.infer off mimics a
 *	  live monitor (the kernel infers nothing)
 * @res: filled; release it with diff_release(), also after a failure
 * @err: TRACE_ERR_LEN bytes for the reason of a failure
 *
 * Return: 0, or -1 (unreadable trace, out of memory) with @err set.
 */
int diff_run(struct trace_input *in, const struct diff_options *opts, struct diff_result *res,
	     char *err)
{
	struct diff_scan s = { .opts = opts, .res = res };
	struct diff_collect c = { .opts = opts, .res = res }, rerun = { .opts = opts };
	struct diff_compare cmp = { .opts = opts, .res = res };
	int ret = -1;

	memset(res, 0, sizeof(*res));
	res->system = NULL;
	if (diff_scan_pass(in, &s, err) || diff_replay_pass(in, opts, opts->replay.infer, &c, err))
		goto out;
	if (opts->replay.infer && diff_replay_pass(in, opts, false, &rerun, err))
		goto out;
	if (!res->system)
		res->system = "";
	res->replay_steps = c.nr_steps = diff_keep_in_window(res, c.steps, c.nr_steps);
	diff_sort(s.steps, s.nr_steps, sizeof(*s.steps), diff_step_cmp);
	diff_sort(c.steps, c.nr_steps, sizeof(*c.steps), diff_step_cmp);
	diff_sort(rerun.steps, rerun.nr_steps, sizeof(*rerun.steps), diff_step_cmp);
	cmp.cpus = s.cpus;
	cmp.nr_cpus = s.nr_cpus;
	cmp.rerun = rerun.steps;
	cmp.nr_rerun = rerun.nr_steps;
	cmp.born = s.born;
	cmp.nr_born = s.nr_born;
	cmp.live = s.steps;
	cmp.nr_live = s.nr_steps;
	cmp.replay = c.steps;
	cmp.nr_replay = c.nr_steps;
	/* without live steps there is nothing to compare the replay's steps with */
	if (s.nr_steps && diff_compare_steps(&cmp, s.steps, s.nr_steps, c.steps, c.nr_steps))
		goto oom;
	diff_explain_clocks(&cmp);
	if (diff_explain_starts(in, &cmp)) {
		snprintf(err, TRACE_ERR_LEN, "reading the trace again failed, or out of memory");
		goto out;
	}
	if (diff_match(&cmp, &rerun))
		goto oom;
	ret = 0;
	goto out;
oom:
	snprintf(err, TRACE_ERR_LEN, "out of memory");
out:
	for (int i = 0; s.cpus && i < s.nr_cpus; i++)
		free(s.cpus[i].waiting);
	free(s.cpus);
	free(s.born);
	free(s.steps);
	free(c.steps);
	free(c.verdict_keys);
	free(rerun.steps);
	free(rerun.verdict_keys);
	return ret;
}

/**
 * diff_release() - free what diff_run() filled
 * @res: the result
 */
void diff_release(struct diff_result *res)
{
	for (unsigned int i = 0; i < res->nr_verdicts; i++)
		free(res->verdicts[i].context);
	free(res->verdicts);
	free(res->lives);
	free(res->entries);
	free(res->divergences);
	free(res->lost);
	free(res->windows);
	memset(res, 0, sizeof(*res));
}

struct monitors_scan {
	char	*names;
	size_t	len;
	char	*params;
	size_t	params_len;
	bool	found;
};

static int find_monitors_line(void *data, const struct trace_record *rec)
{
	struct monitors_scan *m = data;
	const struct trace_marker *mark = &rec->print.marker;

	if (rec->kind != TRACE_PRINT || mark->kind != TRACE_MARKER_KMOD_ENABLED ||
	    !mark->kmod.monitors)
		return 0;
	snprintf(m->names, m->len, "%.*s", (int)mark->kmod.len, mark->kmod.monitors);
	if (mark->kmod.params)
		snprintf(m->params, m->params_len, "%.*s", (int)mark->kmod.params_len,
			 mark->kmod.params);
	m->found = true;
	return 1;
}

/**
 * diff_monitors_of_trace() - the monitors our module ran, as it wrote them
 * @in: the trace
 * @names: gets "pagefault,sleep" from "rvreplay-kmod: enabled ... monitors=..."
 * @len: its size
 * @params: gets "stall.threshold_jiffies=2" from its " params=...", "" without
 * @params_len: its size
 *
 * Return: 1 when the line was found, 0 when not, -1 when memory runs out.
 */
int diff_monitors_of_trace(struct trace_input *in, char *names, size_t len, char *params,
			   size_t params_len)
{
	struct monitors_scan m = { names, len, params, params_len, false };

	names[0] = '\0';
	params[0] = '\0';
	if (trace_input_iterate(in, find_monitors_line, &m) < 0)
		return -1;
	return m.found;
}
