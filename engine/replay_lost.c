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
			replay_flush_pending(r, task);
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
	c->before_ts = c->last_ts;
	c->last_ts = rec->ts;
	return first;
}

/**
 * replay_cpu_ends() - which CPUs' records end before the trace does
 * @r: the replay, after its last record
 *
 * A full buffer in no-overwrite mode drops a CPU's newest events (its
 * statistics count them), and damaged data hides what follows it: what
 * became of the tasks that CPU ran or queued after its last record is not
 * in the trace (docs/semantics.md section 5).
 */
void replay_cpu_ends(struct replay *r)
{
	const struct trace_meta *m = trace_input_meta(r->in);
	struct trace_damage d[8];
	int n = trace_input_damages(r->in, d, 8);

	for (unsigned int cpu = 0; cpu < r->nr_cpus; cpu++) {
		struct cpu_span *c = &r->cpus[cpu];
		bool dropped = m->stats && (int)cpu < m->cpus && m->stats[cpu].dropped > 0;

		for (int i = 0; i < n && i < 8; i++)
			dropped = dropped || d[i].cpu == (int)cpu;
		c->ends_early = c->seen && dropped && c->last_ts < r->stats.last_ts ? c->last_ts : 0;
	}
}

/**
 * replay_cpu_end() - where a CPU's records end before the trace does
 * @r: the replay, after replay_cpu_ends()
 * @cpu: the CPU, or -1
 *
 * Return: the time of its last record when they end so, else 0.
 */
uint64_t replay_cpu_end(const struct replay *r, int cpu)
{
	return cpu >= 0 && (unsigned int)cpu < r->nr_cpus ? r->cpus[cpu].ends_early : 0;
}

static void tell_lost(struct replay *r, struct lost_gap *gap)
{
	if (r->sink.lost)
		r->sink.lost(r->sink.data, gap);
}

/* A gap a page's flag told: counted against its CPU's overrun. */
static void count_told(struct replay *r, const struct lost_gap *gap)
{
	struct cpu_span *c;

	if (gap->cpu < 0 || (unsigned int)gap->cpu >= r->nr_cpus)
		return;
	c = &r->cpus[gap->cpu];
	if (gap->count < 0)
		c->told_unknown = true;
	else
		c->told += gap->count;
}

/*
 * A record whose page says events were lost before it. At a CPU's first
 * record they were lost before the first record. Told with the page's
 * count, or as unknown when the page holds none (trace-cmd report's
 * "[EVENTS DROPPED]"): the same whether the statistics are known at the
 * start (a file) or only at the end (a live trace).
 */
int replay_lost(struct replay *r, const struct trace_record *rec, bool first)
{
	struct lost_gap gap = {
		.cpu = rec->cpu, .ts = rec->ts, .count = rec->missed > 0 ? rec->missed : -1,
		.where = first ? LOST_START : LOST_MID,
		.after_ts = first ? 0 : r->cpus[rec->cpu].before_ts,
	};
	char ts[32];

	count_told(r, &gap);
	tell_lost(r, &gap);
	if (r->opts.lost == LOST_FAIL && gap.where == LOST_START)
		return replay_fail(r, "events lost on CPU %d before its first record (%s)",
				   rec->cpu, time_text(r->opts.times, rec->ts, ts, sizeof(ts)));
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

/*
 * What of a CPU's overrun no page told: overwritten before its first
 * record. In overwrite mode the kernel flags the next page it hands out
 * after overwriting, so the overrun is usually told in full by the pages
 * (trace-cmd report's "[N EVENTS DROPPED]"); the rest, if any, came before
 * the first page read. A page that flagged a gap without a count may hold
 * any of it: nothing more is said then.
 */
static int overrun_rest(struct replay *r, int cpu, long long overrun)
{
	const struct cpu_span *c = (unsigned int)cpu < r->nr_cpus ? &r->cpus[cpu] : NULL;
	long long rest = overrun - (c ? c->told : 0);
	struct lost_gap gap;

	if (c && (c->told_unknown || rest <= 0))
		return 0;
	if (r->opts.lost == LOST_FAIL)
		return replay_fail(r, "%lld events lost on CPU %d before the first record "
			      "(overwritten)", rest, cpu);
	gap = (struct lost_gap){ .cpu = cpu, .count = rest, .where = LOST_START,
				 .ts = c && c->seen ? c->first_ts : r->stats.first_ts };
	tell_lost(r, &gap);
	return 0;
}

/*
 * A CPU's dropped events: a full buffer in no-overwrite mode drops the
 * newest events and flags no page, so where they were is not in the trace
 * (docs/semantics.md section 5). Told with the CPU's last record.
 */
static int dropped(struct replay *r, int cpu, long long count)
{
	const struct cpu_span *c = (unsigned int)cpu < r->nr_cpus ? &r->cpus[cpu] : NULL;
	struct lost_gap gap;

	if (r->opts.lost == LOST_FAIL)
		return replay_fail(r, "%lld events dropped on CPU %d where the trace does not say "
			      "(a full buffer in no-overwrite mode)", count, cpu);
	gap = (struct lost_gap){ .cpu = cpu, .count = count, .where = LOST_DROPPED,
				 .ts = c && c->seen ? c->last_ts : r->stats.last_ts };
	tell_lost(r, &gap);
	return 0;
}

/**
 * replay_lost_from_stats() - the losses only the per-CPU statistics know
 * @r: the replay, after its last record
 *
 * Return: 0, or -1 with --lost-events=fail.
 */
int replay_lost_from_stats(struct replay *r)
{
	const struct trace_meta *m = trace_input_meta(r->in);

	for (int cpu = 0; m->stats && cpu < m->cpus; cpu++) {
		if (m->stats[cpu].overrun > 0 && overrun_rest(r, cpu, m->stats[cpu].overrun))
			return -1;
		if (m->stats[cpu].dropped > 0 && dropped(r, cpu, m->stats[cpu].dropped))
			return -1;
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

