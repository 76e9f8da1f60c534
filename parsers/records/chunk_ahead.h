/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inflating ahead: one helper thread decompresses each CPU's next chunks
 * of a version 7 file (a run of them, CHUNK_AHEAD_BYTES at most, end to
 * end in one buffer) while the reader walks the current ones, so on a
 * machine of two CPUs or more decompression costs little wall-clock time.
 * Runs, not single chunks: waking a thread costs tens of microseconds in
 * a virtual machine, about what inflating one chunk of 8 pages does.
 *
 * It only ever saves time, never changes what is read: a chunk the helper
 * did not inflate, or inflated wrong, is inflated again by the reader, the
 * way it always was, with the same checks and the same errors. The
 * helper's buffers count against --max-inflated with the reader's, and
 * are given up before the reader's own would pass it.
 */
#ifndef CHUNK_AHEAD_H
#define CHUNK_AHEAD_H

#include <stdbool.h>
#include <stdint.h>

#include "container/container.h"

#define CHUNK_AHEAD_BYTES	(128U << 10)	/* inflated bytes of a run, at most */
#define CHUNK_AHEAD_CHUNKS	64		/* chunks of a run, at most */

struct chunk_ahead;

/* One chunk of a run: its compressed bytes in the file's mapping, checked. */
struct ahead_chunk {
	const unsigned char	*in;
	uint32_t		zsize;
	uint32_t		usize;
};

void chunk_ahead_share(unsigned int processes);
struct chunk_ahead *chunk_ahead_new(const struct tracedat *td, int nr_slots);
void chunk_ahead_free(struct chunk_ahead *a);
bool chunk_ahead_post(struct chunk_ahead *a, int slot, const struct ahead_chunk *run, int n,
		      uint64_t room);
int chunk_ahead_take(struct chunk_ahead *a, int slot, const unsigned char *in,
		     unsigned char **buf, uint32_t *cap, uint32_t *len);
bool chunk_ahead_done(struct chunk_ahead *a, int slot);
uint64_t chunk_ahead_bytes(const struct chunk_ahead *a);
void chunk_ahead_shed(struct chunk_ahead *a);

#endif
