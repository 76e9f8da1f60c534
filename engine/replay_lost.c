// SPDX-License-Identifier: GPL-2.0-only
/*
 * Lost events and damaged data (docs/semantics.md section 5): said to the
 * sink, and with --lost-events reset, every instance started over.
 */
#include <stdio.h>

#include "replay_local.h"

/* Every verdict held for the end of a sleep, given now. */
static void flush_pending(struct replay *r)
{
	for (unsigned int i = 0; i < r->nr_pending; i++) {
		struct task *task;

		if (!r->pending[i].used)
			continue;
		task = task_find(r->tasks, r->pending[i].v.pid);
		if (task)
			replay_complete_pending(r, task);
	}
}

/* Whether @rec is its CPU's first record; the CPU's span of records grows. */
bool replay_first_of_cpu(struct replay *r, const struct trace_record *rec)
{
	struct cpu_span *c;
	bool first;

	if (rec->cpu < 0 || (unsigned int)rec->cpu >= r->nr_cpus)
		return false;
	c = &r->cpus[rec->cpu];
	first = !c->seen;
	if (first)
		c->first_ts = rec->ts;
	c->seen = true;
	c->last_ts = rec->ts;
	return first;
}

int replay_lost(struct replay *r, const struct trace_record *rec, bool first)
{
	struct lost_gap gap = {
		.cpu = rec->cpu, .ts = rec->ts, .count = rec->missed > 0 ? rec->missed : -1,
		.where = LOST_MID,
	};
	const struct trace_meta *m = trace_input_meta(r->in);
	char ts[32];

	/* at a CPU's first record: the overrun its statistics count (LOST_START) */
	if (first && m->stats && rec->cpu < m->cpus &&
	    m->stats[rec->cpu].overrun > 0)
		gap.where = LOST_START;
	else if (r->sink.lost)
		r->sink.lost(r->sink.data, &gap);
	if (r->opts.lost == LOST_FAIL && gap.where == LOST_MID)
		return replay_fail(r, "events lost on CPU %d before %s", rec->cpu,
				 time_text(r->opts.times, rec->ts, ts, sizeof(ts)));
	/* every instance is reset: each task when it is next used (catch_up()) */
	if (r->opts.lost == LOST_RESET) {
		flush_pending(r);
		r->epoch++;
		replay_cpus_reset(r);
	}
	return 0;
}

static void tell_lost(struct replay *r, struct lost_gap *gap)
{
	if (r->sink.lost)
		r->sink.lost(r->sink.data, gap);
}

/* What the file's per-CPU statistics say was lost before or after the records. */
int replay_lost_from_stats(struct replay *r)
{
	const struct trace_meta *m = trace_input_meta(r->in);
	struct lost_gap gap;

	for (int cpu = 0; m->stats && cpu < m->cpus; cpu++) {
		if (m->stats[cpu].overrun > 0) {
			if (r->opts.lost == LOST_FAIL)
				return replay_fail(r, "%lld events lost on CPU %d before the first record "
					      "(overwritten)", m->stats[cpu].overrun, cpu);
			gap = (struct lost_gap){ .cpu = cpu, .count = m->stats[cpu].overrun,
						 .where = LOST_START, .ts = (unsigned int)cpu < r->nr_cpus &&
						 r->cpus[cpu].seen ? r->cpus[cpu].first_ts :
						 r->stats.first_ts };
			tell_lost(r, &gap);
		}
		if (m->stats[cpu].dropped > 0) {
			if (r->opts.lost == LOST_FAIL)
				return replay_fail(r, "%lld events lost on CPU %d after the last record "
					      "(dropped)", m->stats[cpu].dropped, cpu);
			gap = (struct lost_gap){ .cpu = cpu, .count = m->stats[cpu].dropped,
						 .where = LOST_END, .ts = (unsigned int)cpu < r->nr_cpus &&
						 r->cpus[cpu].seen ? r->cpus[cpu].last_ts :
						 r->stats.last_ts };
			tell_lost(r, &gap);
		}
	}
	return 0;
}

/* Data the reader could not read: an error, or with --damaged=report, lost data. */
int replay_damaged(struct replay *r)
{
	struct trace_damage d[8];
	struct lost_gap gap;
	char ts[32];
	int n = trace_input_damages(r->in, d, 8);

	if (trace_input_stopped_at_limit(r->in, r->err)) {
		r->failed = true;
		return -1;
	}
	if (n && r->opts.damaged == DAMAGED_FAIL) {
		time_text(r->opts.times, d[0].ts, ts, sizeof(ts));
		return replay_fail(r, "CPU %d: %s at offset %llu, after its record at %s; the records "
			      "after it cannot be read (%d CPU%s damaged; --damaged=report replays "
			      "the rest)", d[0].cpu, d[0].what, (unsigned long long)d[0].offset,
			      d[0].ts ? ts : "(none)", n, n == 1 ? "" : "s");
	}
	for (int i = 0; i < n && i < 8; i++) {
		gap = (struct lost_gap){ .cpu = d[i].cpu, .ts = d[i].ts, .count = -1,
					 .where = LOST_DAMAGED, .what = d[i].what, .offset = d[i].offset };
		tell_lost(r, &gap);
	}
	return 0;
}

