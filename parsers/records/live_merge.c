// SPDX-License-Identifier: GPL-2.0-only
/*
 * The heap of the CPUs read live: a CPU enters when a page brings it a
 * record, leaves when its queue has none left.
 */
#include <stdlib.h>

#include "live_merge.h"

static bool before(const struct live_stream *a, const struct live_stream *b)
{
	return record_order_before(a->ev.ts, a->index, b->ev.ts, b->index);
}

static void sift_down(struct live_merge *m, int i)
{
	struct live_stream *s = m->heap[i];

	for (;;) {
		int c = 2 * i + 1;

		if (c >= m->nr)
			break;
		if (c + 1 < m->nr && before(m->heap[c + 1], m->heap[c]))
			c++;
		if (!before(m->heap[c], s))
			break;
		m->heap[i] = m->heap[c];
		i = c;
	}
	m->heap[i] = s;
}

static void sift_up(struct live_merge *m, int i)
{
	struct live_stream *s = m->heap[i];

	while (i > 0 && before(s, m->heap[(i - 1) / 2])) {
		m->heap[i] = m->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	m->heap[i] = s;
}

/**
 * live_merge_init() - start merging some CPUs
 * @m: the merge
 * @nr_streams: how many; each stream is then set up with live_stream_init()
 *
 * Return: 0, or -1 when memory runs out.
 */
int live_merge_init(struct live_merge *m, int nr_streams)
{
	*m = (struct live_merge){ 0 };
	m->streams = calloc(nr_streams > 0 ? nr_streams : 1, sizeof(*m->streams));
	m->heap = calloc(nr_streams > 0 ? nr_streams : 1, sizeof(*m->heap));
	if (!m->streams || !m->heap) {
		live_merge_free(m);
		return -1;
	}
	m->nr_streams = nr_streams;
	return 0;
}

/**
 * live_merge_free() - release the streams and the heap
 * @m: the merge
 */
void live_merge_free(struct live_merge *m)
{
	for (int i = 0; m->streams && i < m->nr_streams; i++)
		live_stream_free(&m->streams[i]);
	free(m->streams);
	free(m->heap);
	*m = (struct live_merge){ 0 };
}

/**
 * live_merge_add() - queue a page read on a CPU
 * @m: the merge
 * @index: the CPU's index
 * @data: the page (the source's until live_merge_keep())
 * @len: its bytes
 * @offset: its place in the CPU's stream
 *
 * A CPU whose queue had no record enters the heap if the page gives one.
 *
 * Return: 0, or -1 when memory runs out.
 */
int live_merge_add(struct live_merge *m, int index, const void *data, uint32_t len,
		   uint64_t offset)
{
	struct live_stream *s = &m->streams[index];
	bool was_in = s->on_record;

	if (live_stream_add(s, data, len, offset))
		return -1;
	if (!was_in && live_stream_first(s)) {
		m->heap[m->nr++] = s;
		sift_up(m, m->nr - 1);
	}
	return 0;
}

/**
 * live_merge_keep() - copy every page still the source's (before it reads again)
 * @m: the merge
 *
 * Return: 0, or -1 when memory runs out.
 */
int live_merge_keep(struct live_merge *m)
{
	for (int i = 0; i < m->nr_streams; i++)
		if (live_stream_keep(&m->streams[i]))
			return -1;
	return 0;
}

/**
 * live_merge_next() - move the top CPU past its current record
 * @m: the merge, not empty
 */
void live_merge_next(struct live_merge *m)
{
	if (!live_stream_next(m->heap[0]))
		m->heap[0] = m->heap[--m->nr];
	if (m->nr)
		sift_down(m, 0);
}
