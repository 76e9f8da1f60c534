// SPDX-License-Identifier: GPL-2.0-only
/*
 * Building the heap of the CPUs that have records.
 */
#include <stdlib.h>

#include "record_merge.h"

/**
 * record_merge_init() - start merging the records of some CPUs
 * @m: the merge
 * @streams: the CPUs, freshly initialised; each is moved to its first record
 * @n: how many
 *
 * Return: 0, or -1 when memory runs out.
 */
int record_merge_init(struct record_merge *m, struct cpu_stream *streams, int n)
{
	m->nr = 0;
	m->heap = calloc(n > 0 ? n : 1, sizeof(*m->heap));
	if (!m->heap)
		return -1;
	for (int i = 0; i < n; i++)
		if (cpu_stream_first(&streams[i]))
			m->heap[m->nr++] = &streams[i];
	for (int i = m->nr / 2 - 1; i >= 0; i--)
		record_merge_sift(m, i);
	return 0;
}

/**
 * record_merge_free() - release the heap (the streams stay)
 * @m: the merge
 */
void record_merge_free(struct record_merge *m)
{
	free(m->heap);
	m->heap = NULL;
	m->nr = 0;
}
