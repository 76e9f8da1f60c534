/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The records of the CPUs read live, in the replay's order
 * (record_order_before(): by time, lower CPU index first, each CPU's in page
 * order): a binary heap of the CPUs whose queue holds a record, keyed by
 * their current record. The caller takes the top only while no CPU can
 * still give an older record (its time below the bound); a record that
 * comes after others that sort after it were taken is late
 * (live_merge_late()): it is never given in another place.
 */
#ifndef LIVE_MERGE_H
#define LIVE_MERGE_H

#include "live_stream.h"
#include "record_merge.h"

struct live_merge {
	struct live_stream	*streams;	/* the trace's CPUs, in its buffer's order */
	int			nr_streams;
	struct live_stream	**heap;		/* those on a record */
	int			nr;
	bool			taken;		/* a record was taken */
	uint64_t		last_ts;	/* the last one taken */
	int			last_index;
};

int live_merge_init(struct live_merge *m, int nr_streams);
void live_merge_free(struct live_merge *m);
int live_merge_add(struct live_merge *m, int index, const void *data, uint32_t len,
		   uint64_t offset);
int live_merge_keep(struct live_merge *m);
void live_merge_next(struct live_merge *m);

/**
 * live_merge_top() - the CPU whose current record comes next
 * @m: the merge
 *
 * Return: the stream, or NULL when no queue holds a record.
 */
static inline struct live_stream *live_merge_top(const struct live_merge *m)
{
	return m->nr ? m->heap[0] : NULL;
}

/**
 * live_merge_late() - whether the top record comes too late for its place
 * @m: the merge
 * @s: its top
 *
 * Late: it sorts before the last record taken, and that one is another
 * CPU's. In a file, the merge would have given it first. (After its own
 * CPU's record it is where a file's merge puts it too: a CPU's records keep
 * their page order, even when its clock steps back.)
 *
 * Return: true when it is late.
 */
static inline bool live_merge_late(const struct live_merge *m, const struct live_stream *s)
{
	return m->taken && m->last_index != s->index &&
	       record_order_before(s->ev.ts, s->index, m->last_ts, m->last_index);
}

/**
 * live_merge_taken() - note that the top record was taken (given, or told late)
 * @m: the merge
 * @s: its top
 *
 * A late record is not noted: the order goes on from the last one given.
 */
static inline void live_merge_taken(struct live_merge *m, const struct live_stream *s)
{
	m->taken = true;
	m->last_ts = s->ev.ts;
	m->last_index = s->index;
}

#endif
