// SPDX-License-Identifier: GPL-2.0-only
/*
 * Statistics per real-time task (report_stats.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "report_stats.h"

static bool same_pid(unsigned int element, const void *key, const void *data)
{
	const struct report_stats *st = data;

	return st->tasks[element].pid == *(const int *)key;
}

static struct task_stats *task_of(struct report_stats *st, int pid, const char *comm)
{
	uint64_t hash = key_hash(&pid, sizeof(pid), 0);
	long found = key_index_find(&st->by_pid, hash, same_pid, &pid, st);
	struct task_stats *t;

	if (found >= 0) {
		t = &st->tasks[found];
		snprintf(t->comm, sizeof(t->comm), "%s", comm);
		return t;
	}
	if (key_index_add(&st->by_pid, hash, st->nr)) {
		st->oom = true;
		return NULL;
	}
	/* indexed before it is made: a failure below is out of memory, the run's end */
	if (grow_room(&st->tasks, st->nr, sizeof(*st->tasks))) {
		st->oom = true;
		return NULL;
	}
	t = &st->tasks[st->nr++];
	memset(t, 0, sizeof(*t));
	t->pid = pid;
	t->prio = TRACE_UNKNOWN_PRIO;
	snprintf(t->comm, sizeof(t->comm), "%s", comm);
	return t;
}

static unsigned int bucket_of(uint64_t ns)
{
	return ns < 2 ? 0 : 63 - __builtin_clzll(ns);
}

/**
 * stats_bucket_top() - the first duration past a bucket
 * @bucket: the bucket
 *
 * Return: 2^(bucket + 1) ns (saturated).
 */
uint64_t stats_bucket_top(unsigned int bucket)
{
	return bucket >= 63 ? UINT64_MAX : 2ULL << bucket;
}

/**
 * stats_bucket() - how many durations of a distribution fell in a bucket
 * @h: the distribution
 * @bucket: the bucket, 0 to STATS_BUCKETS - 1
 *
 * Return: the count.
 */
unsigned long stats_bucket(const struct stats_hist *h, unsigned int bucket)
{
	return bucket >= h->low && bucket < h->low + h->nr ? h->buckets[bucket - h->low] : 0;
}

/* Room for bucket @b among those kept: -1 when memory runs out. */
static int keep_bucket(struct stats_hist *h, unsigned int b)
{
	unsigned int low = h->nr && h->low < b ? h->low : b;
	unsigned int end = h->nr && h->low + h->nr > b + 1 ? h->low + h->nr : b + 1;
	unsigned long *buckets;

	if (h->nr && low == h->low && end == h->low + h->nr)
		return 0;
	buckets = calloc(end - low, sizeof(*buckets));
	if (!buckets)
		return -1;
	if (h->nr)
		memcpy(buckets + (h->low - low), h->buckets, h->nr * sizeof(*buckets));
	free(h->buckets);
	h->buckets = buckets;
	h->low = low;
	h->nr = end - low;
	return 0;
}

static int add(struct stats_hist *h, uint64_t ns)
{
	unsigned int b = bucket_of(ns);

	if (keep_bucket(h, b))
		return -1;
	if (!h->count || ns < h->min)
		h->min = ns;
	if (ns > h->max)
		h->max = ns;
	h->count++;
	h->sum += ns;
	h->buckets[b - h->low]++;
	return 0;
}

/**
 * stats_sleep() - one more sleep of a task real-time when it began or ended
 * @st: the statistics
 * @texts: where the reasons' names are kept
 * @s: the sleep, over
 * @reason: what it slept in, in words
 *
 * Only a sleep begun real-time (as the monitors judge RT and SLEEP, at its
 * switch-out) is counted in the distributions; the others (a PI boost
 * while it slept) only in sleeps_not_rt.
 */
void stats_sleep(struct report_stats *st, struct text_pool *texts, const struct replay_sleep *s,
		 const char *reason)
{
	struct task_stats *t = task_of(st, s->pid, s->comm);
	const struct task_sleep *sl = s->sleep;
	uint64_t end = sl->wakeup_ts ? sl->wakeup_ts : sl->run_ts;

	if (!t)
		return;
	t->prio = s->prio;
	if (!sl->begun_rt) {
		t->sleeps_not_rt++;
		return;
	}
	t->sleeps++;
	t->violating += s->violating;
	if (text_count_add(texts, t->reasons, STATS_REASONS, &t->other_reasons, reason))
		st->oom = true;
	if (end > sl->start && add(&t->slept[s->violating], end - sl->start))
		st->oom = true;
	if (sl->wakeup_ts && sl->run_ts >= sl->wakeup_ts &&
	    add(&t->latency[s->violating], sl->run_ts - sl->wakeup_ts))
		st->oom = true;
}

/**
 * stats_fault() - one more page fault of a real-time task
 * @st: the statistics
 * @pid: the task
 * @comm: its name
 * @prio: its prio
 * @rec: the fault
 * @x86: the trace's error codes are x86's (read/write, present, instruction)
 */
void stats_fault(struct report_stats *st, int pid, const char *comm, int prio,
		 const struct trace_record *rec, bool x86)
{
	struct task_stats *t = task_of(st, pid, comm);
	uint64_t e = rec->fault.error_code;

	if (!t)
		return;
	t->prio = prio;
	t->faults++;
	t->fault_kinds[rec->kind == TRACE_FAULT_USER ? FAULT_USER : FAULT_KERNEL]++;
	if (!x86)
		return;
	t->fault_kinds[e & 0x2 ? FAULT_WRITE : FAULT_READ]++;
	t->fault_kinds[e & 0x1 ? FAULT_PROTECTION : FAULT_NOT_PRESENT]++;
	if (e & 0x10)
		t->fault_kinds[FAULT_INSTRUCTION]++;
}

/**
 * stats_percentile() - the bucket bound under which @percent of a distribution lies
 * @h: the distribution
 * @percent: 50, 99...
 *
 * Return: the upper bound (ns, excluded) of the bucket holding that rank; 0
 * for an empty distribution.
 */
uint64_t stats_percentile(const struct stats_hist *h, unsigned int percent)
{
	unsigned long need = (h->count * percent + 99) / 100, seen = 0;

	for (unsigned int b = 0; h->count && b < STATS_BUCKETS; b++) {
		seen += stats_bucket(h, b);
		if (seen >= need)
			return stats_bucket_top(b);
	}
	return 0;
}

static int by_pid(const void *a, const void *b)
{
	const struct task_stats *x = a, *y = b;

	return (x->pid > y->pid) - (x->pid < y->pid);
}

void stats_sort(struct report_stats *st)
{
	key_index_free(&st->by_pid);
	if (st->nr)
		qsort(st->tasks, st->nr, sizeof(*st->tasks), by_pid);
}

void stats_release(struct report_stats *st)
{
	for (unsigned int i = 0; i < st->nr; i++)
		for (int k = 0; k < 2; k++) {
			free(st->tasks[i].slept[k].buckets);
			free(st->tasks[i].latency[k].buckets);
		}
	free(st->tasks);
	key_index_free(&st->by_pid);
	memset(st, 0, sizeof(*st));
}

/**
 * stats_figures() - what the reports tell of a distribution
 * @h: the distribution, not empty
 * @fig: gets its minimum, average, maximum and the upper bounds of the
 *	 buckets of its 50th and 99th percentiles
 */
void stats_figures(const struct stats_hist *h, uint64_t fig[NR_STATS_FIGURES])
{
	fig[STATS_MIN] = h->min;
	fig[STATS_AVG] = h->sum / h->count;
	fig[STATS_MAX] = h->max;
	fig[STATS_P50] = stats_percentile(h, 50);
	fig[STATS_P99] = stats_percentile(h, 99);
}

/**
 * stats_row() - a row of a task's table, as every report orders them
 * @t: the task
 * @row: 0 to STATS_ROWS - 1
 * @judged: a monitor of sleeps was replayed (struct report_stats)
 * @name: gets the row's name ("sleep, violating"); NULL for a row not told
 *	  (the violating ones, when no monitor judged the sleeps)
 *
 * Return: the row's distribution.
 */
const struct stats_hist *stats_row(const struct task_stats *t, unsigned int row, bool judged,
				   const char **name)
{
	static const char *const names[2][STATS_ROWS] = {
		{ NULL, "sleep, not judged", NULL, "latency, not judged" },
		{ "sleep, violating", "sleep, ok", "latency, violating", "latency, ok" },
	};
	const struct stats_hist *h = row < 2 ? t->slept : t->latency;

	*name = names[judged][row];
	return &h[!(row & 1)];
}

/**
 * stats_latency_bucket() - a task's latencies in a bucket, violating or not
 * @t: the task
 * @bucket: the bucket, 0 to STATS_BUCKETS - 1
 *
 * Return: the count of both.
 */
unsigned long stats_latency_bucket(const struct task_stats *t, unsigned int bucket)
{
	return stats_bucket(&t->latency[0], bucket) + stats_bucket(&t->latency[1], bucket);
}

/**
 * stats_row_top() - the largest of a row's figures, whose unit the row takes
 * @fig: the figures (stats_figures())
 *
 * Return: the largest.
 */
uint64_t stats_row_top(const uint64_t fig[NR_STATS_FIGURES])
{
	uint64_t top = 0;

	for (int i = 0; i < NR_STATS_FIGURES; i++)
		top = fig[i] > top ? fig[i] : top;
	return top;
}
