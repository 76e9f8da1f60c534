/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Statistics per real-time task, from the same replay pass: its sleeps
 * per reason, their length and their wakeup-to-run latency (count, min,
 * average, max and a log2 histogram, violating sleeps apart), and its
 * page faults per kind. p50 and p99 are taken from the histogram: the
 * upper bound of the bucket that holds them, so memory grows with tasks,
 * never with events.
 */
#ifndef REPORT_STATS_H
#define REPORT_STATS_H

#include <stdbool.h>
#include <stdint.h>

#include "key_index.h"
#include "replay.h"
#include "text_pool.h"

#define STATS_BUCKETS		64	/* bucket k: [2^k, 2^(k+1)) ns; 0 holds 0 and 1 */
#define STATS_REASONS		6

/*
 * A distribution of durations. Only the buckets from the first to the last
 * used are kept (most tasks' sleeps fall in a few): a million tasks cost
 * a few hundred bytes each.
 */
struct stats_hist {
	unsigned long	count;
	uint64_t	min;
	uint64_t	max;
	uint64_t	sum;
	unsigned char	low;		/* the first bucket kept */
	unsigned char	nr;		/* how many are kept */
	unsigned long	*buckets;	/* [k - low] */
};

enum stats_fault_kind {
	FAULT_USER, FAULT_KERNEL, FAULT_READ, FAULT_WRITE, FAULT_NOT_PRESENT,
	FAULT_PROTECTION, FAULT_INSTRUCTION, NR_FAULT_KINDS,
};

struct task_stats {
	int			pid;
	char			comm[TRACE_COMM_LEN];
	int			prio;
	unsigned long		sleeps;		/* begun real-time: the ones counted */
	unsigned long		sleeps_not_rt;	/* begun not real-time, real-time at
						   their end (a PI boost): not counted */
	unsigned long		violating;	/* sleeps that gave a verdict */
	struct text_count	reasons[STATS_REASONS];
	unsigned long		other_reasons;
	struct stats_hist	slept[2];	/* [violating] */
	struct stats_hist	latency[2];	/* wakeup to running again, [violating] */
	unsigned long		faults;
	unsigned long		fault_kinds[NR_FAULT_KINDS];	/* kinds past user/kernel: x86 only */
};

/* What every report tells of a distribution, in this order (none when it is empty). */
enum stats_figure { STATS_MIN, STATS_AVG, STATS_MAX, STATS_P50, STATS_P99, NR_STATS_FIGURES };

/* The rows of a task's table in every report: sleeps, then latencies, violating first. */
#define STATS_ROWS		4

struct report_stats {
	struct task_stats	*tasks;
	unsigned int		nr;
	struct key_index	by_pid;		/* until sorted */
	bool			oom;
	/* a monitor of sleeps was replayed (sleep, wakeup): "violating" and
	   "ok" mean something; else every sleep is only counted */
	bool			judged;
};

void stats_sleep(struct report_stats *st, struct text_pool *texts, const struct replay_sleep *s,
		 const char *reason);
unsigned long stats_bucket(const struct stats_hist *h, unsigned int bucket);
void stats_fault(struct report_stats *st, int pid, const char *comm, int prio,
		 const struct trace_record *rec, bool x86);
void stats_sort(struct report_stats *st);
uint64_t stats_percentile(const struct stats_hist *h, unsigned int percent);
uint64_t stats_bucket_top(unsigned int bucket);
void stats_figures(const struct stats_hist *h, uint64_t fig[NR_STATS_FIGURES]);
uint64_t stats_row_top(const uint64_t fig[NR_STATS_FIGURES]);
const struct stats_hist *stats_row(const struct task_stats *t, unsigned int row, bool judged,
				   const char **name);
unsigned long stats_latency_bucket(const struct task_stats *t, unsigned int bucket);
void stats_release(struct report_stats *st);

#endif
