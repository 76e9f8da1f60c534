/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The records of all CPUs in one order, the one tracecmd_iterate_events()
 * gives (docs/semantics.md section 3): by timestamp, equal timestamps lower CPU
 * first, and each CPU's records in file order. A binary heap of the CPUs'
 * current records, keyed by (timestamp, CPU index): ties cannot happen,
 * so the order is total and the same as libtracecmd's linear scan.
 */
#ifndef RECORD_MERGE_H
#define RECORD_MERGE_H

#include "cpu_stream.h"

struct record_merge {
	struct cpu_stream	**heap;
	int			nr;
};

int record_merge_init(struct record_merge *m, struct cpu_stream *streams, int n);
void record_merge_free(struct record_merge *m);

/**
 * record_order_before() - whether one record comes before another in the replay's order
 * @ts_a: the one's time
 * @index_a: its CPU's index in the buffer
 * @ts_b: the other's time
 * @index_b: its CPU's index
 *
 * The one order of every merge (this file's of a file's CPUs, live_merge.h's
 * of the pages read live): by time, lower CPU index first on equal times. A
 * CPU's own records keep their page order: a merge compares only the CPUs'
 * current records.
 *
 * Return: true when (ts_a, index_a) sorts strictly before (ts_b, index_b).
 */
static inline bool record_order_before(uint64_t ts_a, int index_a, uint64_t ts_b, int index_b)
{
	return ts_a < ts_b || (ts_a == ts_b && index_a < index_b);
}

static inline bool record_merge_before(const struct cpu_stream *a, const struct cpu_stream *b)
{
	return record_order_before(a->ev.ts, a->index, b->ev.ts, b->index);
}

static inline void record_merge_sift(struct record_merge *m, int i)
{
	struct cpu_stream *s = m->heap[i];

	for (;;) {
		int c = 2 * i + 1;

		if (c >= m->nr)
			break;
		if (c + 1 < m->nr && record_merge_before(m->heap[c + 1], m->heap[c]))
			c++;
		if (!record_merge_before(m->heap[c], s))
			break;
		m->heap[i] = m->heap[c];
		i = c;
	}
	m->heap[i] = s;
}

/**
 * record_merge_top() - the CPU whose current record comes next
 * @m: the merge
 *
 * Return: the stream, or NULL when every record was taken.
 */
static inline struct cpu_stream *record_merge_top(const struct record_merge *m)
{
	return m->nr ? m->heap[0] : NULL;
}

/**
 * record_merge_next() - take the next record: move its CPU on
 * @m: the merge, not empty
 */
static inline void record_merge_next(struct record_merge *m)
{
	if (!cpu_stream_next(m->heap[0]))
		m->heap[0] = m->heap[--m->nr];
	if (m->nr)
		record_merge_sift(m, 0);
}

#endif
