// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pass 2: the replay, with a sink that keeps every verdict and step (and
 * the lost events); with inference on, a second replay without it keeps
 * only where its verdicts are and its steps, to tell which differences
 * the inference makes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff_local.h"
#include "grow.h"

static void collect_verdict(void *data, const struct verdict *v)
{
	struct diff_collect *c = data;
	struct diff_result *res = c->res;
	struct verdict *copy;
	struct diff_step *k;

	if (!res) {
		if (grow_room(&c->verdict_keys, c->nr_keys, sizeof(*k))) {
			c->oom = true;
			return;
		}
		k = &c->verdict_keys[c->nr_keys++];
		memset(k, 0, sizeof(*k));
		k->monitor = diff_monitor_of(c->opts, v->monitor);
		k->pid = diff_instance(v->monitor, v->pid, v->cpu);
		k->at = (struct diff_key){ v->ts, v->cpu, v->event_ref.offset };
		return;
	}
	if (grow_room(&res->verdicts, res->nr_verdicts, sizeof(*copy))) {
		c->oom = true;
		return;
	}
	copy = &res->verdicts[res->nr_verdicts];
	*copy = *v;
	copy->context = NULL;
	copy->nr_context = 0;
	copy->set_at = NULL;
	copy->nr_set_at = 0;
	if (v->nr_context) {
		copy->context = malloc(v->nr_context * sizeof(*v->context));
		if (copy->context) {
			memcpy(copy->context, v->context, v->nr_context * sizeof(*v->context));
			copy->nr_context = v->nr_context;
		}
	}
	res->nr_verdicts++;
	res->replay_verdicts++;
}

static void collect_step(void *data, const struct replay_step *step)
{
	struct diff_collect *c = data;
	struct diff_step *st;

	if (grow_room(&c->steps, c->nr_steps, sizeof(*st))) {
		c->oom = true;
		return;
	}
	st = &c->steps[c->nr_steps++];
	st->monitor = diff_monitor_of(c->opts, step->monitor);
	st->pid = diff_instance(step->monitor, step->pid, step->rec->cpu);
	st->at = diff_key_of(step->rec);
	st->kind = step->rec->kind;
	st->asleep = diff_switched_out_asleep(step->rec);
	st->seq = c->seq++;
	st->states = step->states;
	st->atoms = step->atoms;
	st->next = step->next;
}

static void collect_lost(void *data, const struct lost_gap *gap)
{
	struct diff_collect *c = data;
	struct diff_result *res = c->res;

	if (!res)
		return;
	if (grow_room(&res->lost, res->nr_lost, sizeof(*gap))) {
		c->oom = true;
		return;
	}
	res->lost[res->nr_lost++] = *gap;
}

/**
 * diff_replay_pass() - pass 2: replay the trace, keeping what it gives
 * @in: the trace
 * @opts: the monitors and replay options
 * @infer: the replay's inference, on or off (the rerun)
 * @c: its opts set; res set to keep the verdicts, NULL for their keys only
 * @err: TRACE_ERR_LEN bytes for the reason of a failure
 *
 * Return: 0, or -1 (unreadable trace, out of memory) with @err set.
 */
int diff_replay_pass(struct trace_input *in, const struct diff_options *opts, bool infer,
		     struct diff_collect *c, char *err)
{
	struct replay_options ro = opts->replay;
	struct replay_sink sink = {
		.verdict = collect_verdict, .step = collect_step, .lost = collect_lost, .data = c,
	};
	struct replay *r;
	int ret = -1;

	ro.infer = infer;
	r = replay_new(&ro, in, &sink);
	if (!r) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		goto out;
	}
	if (replay_run(r, err))
		goto out;
	if (c->res)
		c->res->stats = *replay_stats(r);
	if (c->oom) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		goto out;
	}
	ret = 0;
out:
	replay_free(r);
	return ret;
}

