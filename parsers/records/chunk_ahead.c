// SPDX-License-Identifier: GPL-2.0-only
/*
 * Inflating ahead (chunk_ahead.h). One slot per CPU of the buffer: the
 * reader posts the CPU's next run of chunks to its slot when it starts on
 * the current one, the helper thread inflates posted runs in the order
 * they were posted, and the reader takes the result when it needs the
 * run's first chunk. A run the helper has not begun when it is needed is
 * taken back: the reader inflates its chunk itself rather than wait. A
 * chunk that does not inflate ends the run: the reader meets it itself.
 *
 * Only the slot's state is shared; the helper writes into the slot's
 * buffer only while the slot is busy, and the reader touches the buffer
 * (grows it, swaps it for its own) only while it is not.
 */
#define _GNU_SOURCE /* sched_getaffinity(), CPU_COUNT() */
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chunk_ahead.h"

enum slot_state { SLOT_IDLE, SLOT_POSTED, SLOT_BUSY, SLOT_DONE };

struct slot {
	enum slot_state		state;
	uint64_t		seq;		/* posting order */
	struct ahead_chunk	run[CHUNK_AHEAD_CHUNKS];
	int			n;
	unsigned char		*buf;
	uint32_t		cap;
	int			done;		/* DONE: the chunks inflated, from the first */
	uint32_t		done_len;	/* their bytes */
};

struct chunk_ahead {
	struct tracedat_inflater *inf;		/* the helper's own */
	pthread_t		thread;
	bool			started;
	bool			broken;		/* no helper: the reader inflates all */
	bool			stop;
	pthread_mutex_t		lock;
	pthread_cond_t		work;		/* the helper waits for a post */
	pthread_cond_t		done;		/* the reader waits for a result */
	struct slot		*slots;
	int			nr_slots;
	uint64_t		seq;
	uint64_t		bytes;		/* the slots' buffers; the reader's count */
};

static unsigned int sharers = 1;

/**
 * chunk_ahead_share() - say how many processes like this one share the CPUs
 * @processes: the jobs of a batch; 1 by default
 *
 * A helper thread takes a CPU of its own: each process gets one only when
 * there are two CPUs it may run on (its affinity: `taskset -c 3 rvreplay`
 * gets none) for it.
 */
void chunk_ahead_share(unsigned int processes)
{
	sharers = processes ? processes : 1;
}

/* The CPUs this process may run on: its affinity mask, or those online. */
static long usable_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		return CPU_COUNT(&set);
	return sysconf(_SC_NPROCESSORS_ONLN);
}

/**
 * chunk_ahead_new() - inflating ahead for the CPUs of a buffer
 * @td: the file, compressed
 * @nr_slots: its CPUs
 *
 * Return: the helper's state (its thread starts with the first post), or
 * NULL when there is no spare CPU to run it (chunk_ahead_share()) or memory
 * runs out: then the reader inflates every chunk itself.
 */
struct chunk_ahead *chunk_ahead_new(const struct tracedat *td, int nr_slots)
{
	long cpus = usable_cpus();
	struct chunk_ahead *a;

	if (nr_slots <= 0 || cpus < 2 || (unsigned long)cpus < 2UL * sharers)
		return NULL;
	a = calloc(1, sizeof(*a));
	if (!a)
		return NULL;
	a->slots = calloc(nr_slots, sizeof(*a->slots));
	a->inf = tracedat_inflater_new(td);
	if (!a->slots || !a->inf) {
		tracedat_inflater_free(a->inf);
		free(a->slots);
		free(a);
		return NULL;
	}
	a->nr_slots = nr_slots;
	pthread_mutex_init(&a->lock, NULL);
	pthread_cond_init(&a->work, NULL);
	pthread_cond_init(&a->done, NULL);
	return a;
}

/* The posted slot posted first, or NULL. Under the lock. */
static struct slot *first_posted(struct chunk_ahead *a)
{
	struct slot *first = NULL;

	for (int i = 0; i < a->nr_slots; i++)
		if (a->slots[i].state == SLOT_POSTED && (!first || a->slots[i].seq < first->seq))
			first = &a->slots[i];
	return first;
}

/* The run's chunks into the slot's buffer, up to the first that fails. */
static void inflate_run(struct chunk_ahead *a, struct slot *s)
{
	uint32_t len = 0;
	int i;

	for (i = 0; i < s->n; i++) {
		const struct ahead_chunk *c = &s->run[i];

		if (tracedat_inflate(a->inf, c->in, c->zsize, s->buf + len, c->usize))
			break;
		len += c->usize;
	}
	s->done = i;
	s->done_len = len;
}

static void *helper(void *data)
{
	struct chunk_ahead *a = data;
	struct slot *s;

	pthread_mutex_lock(&a->lock);
	while (!a->stop) {
		s = first_posted(a);
		if (!s) {
			pthread_cond_wait(&a->work, &a->lock);
			continue;
		}
		s->state = SLOT_BUSY;
		pthread_mutex_unlock(&a->lock);
		inflate_run(a, s);
		pthread_mutex_lock(&a->lock);
		s->state = SLOT_DONE;
		pthread_cond_broadcast(&a->done);
	}
	pthread_mutex_unlock(&a->lock);
	return NULL;
}

/* The helper, started with every signal blocked but the ones a fault raises. */
static bool start(struct chunk_ahead *a)
{
	static const int faults[] = { SIGBUS, SIGSEGV, SIGFPE, SIGILL, SIGABRT };
	sigset_t all, old;

	if (a->started || a->broken)
		return a->started;
	sigfillset(&all);
	for (unsigned int i = 0; i < sizeof(faults) / sizeof(faults[0]); i++)
		sigdelset(&all, faults[i]);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	a->started = !pthread_create(&a->thread, NULL, helper, a);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	a->broken = !a->started;
	return a->started;
}

/* The slot once the helper is not working in it: its result dropped. */
static void settle(struct chunk_ahead *a, struct slot *s)
{
	pthread_mutex_lock(&a->lock);
	while (s->state == SLOT_BUSY)
		pthread_cond_wait(&a->done, &a->lock);
	s->state = SLOT_IDLE;
	pthread_mutex_unlock(&a->lock);
}

/**
 * chunk_ahead_post() - have a run of chunks inflated ahead
 * @a: the helper's state, or NULL
 * @slot: the CPU's index
 * @run: the chunks, consecutive, their sizes checked by the caller
 * @n: how many, CHUNK_AHEAD_CHUNKS at most, CHUNK_AHEAD_BYTES together
 * @room: bytes the slots' buffers may hold together
 *
 * Whatever the slot held is dropped.
 *
 * Return: whether it was posted; when not, the reader inflates them itself.
 */
bool chunk_ahead_post(struct chunk_ahead *a, int slot, const struct ahead_chunk *run, int n,
		      uint64_t room)
{
	uint64_t usize = 0;
	struct slot *s;
	unsigned char *p;

	if (!a || slot < 0 || slot >= a->nr_slots || n <= 0 || n > CHUNK_AHEAD_CHUNKS ||
	    !start(a))
		return false;
	for (int i = 0; i < n; i++)
		usize += run[i].usize;
	if (usize > CHUNK_AHEAD_BYTES && n > 1)
		return false;
	s = &a->slots[slot];
	settle(a, s);
	if (usize > s->cap) {
		if (a->bytes - s->cap + usize > room || !(p = realloc(s->buf, usize)))
			return false;
		a->bytes += usize - s->cap;
		s->buf = p;
		s->cap = usize;
	}
	pthread_mutex_lock(&a->lock);
	memcpy(s->run, run, n * sizeof(*run));
	s->n = n;
	s->seq = ++a->seq;
	s->state = SLOT_POSTED;
	pthread_cond_signal(&a->work);
	pthread_mutex_unlock(&a->lock);
	return true;
}

/**
 * chunk_ahead_take() - the run posted, inflated
 * @a: the helper's state, or NULL
 * @slot: the CPU's index
 * @in: the compressed bytes of the run's first chunk, as posted
 * @buf: the reader's chunk buffer; on success swapped for the slot's,
 *	 which holds the chunks that inflated, end to end
 * @cap: its size, swapped with it
 * @len: set to their bytes
 *
 * Waits while the helper is inflating it; one not begun is taken back.
 *
 * Return: how many chunks of the run @buf holds, from its first; 0: none,
 * @buf is unchanged. The slot is free after.
 */
int chunk_ahead_take(struct chunk_ahead *a, int slot, const unsigned char *in,
		     unsigned char **buf, uint32_t *cap, uint32_t *len)
{
	unsigned char *mine;
	uint32_t mine_cap;
	struct slot *s;
	int done = 0;

	if (!a || slot < 0 || slot >= a->nr_slots)
		return 0;
	s = &a->slots[slot];
	pthread_mutex_lock(&a->lock);
	if (s->state == SLOT_POSTED)
		s->state = SLOT_IDLE;
	while (s->state == SLOT_BUSY)
		pthread_cond_wait(&a->done, &a->lock);
	if (s->state == SLOT_DONE && s->n && s->run[0].in == in)
		done = s->done;
	s->state = SLOT_IDLE;
	pthread_mutex_unlock(&a->lock);
	if (!done)
		return 0;
	*len = s->done_len;
	mine = *buf;
	mine_cap = *cap;
	*buf = s->buf;
	*cap = s->cap;
	a->bytes = a->bytes - s->cap + mine_cap;
	s->buf = mine;
	s->cap = mine_cap;
	return done;
}

/**
 * chunk_ahead_done() - whether the helper has inflated what a slot holds
 * @a: the helper's state, or NULL
 * @slot: the CPU's index
 *
 * Return: true when chunk_ahead_take() would not wait nor take it back.
 */
bool chunk_ahead_done(struct chunk_ahead *a, int slot)
{
	bool done;

	if (!a || slot < 0 || slot >= a->nr_slots)
		return false;
	pthread_mutex_lock(&a->lock);
	done = a->slots[slot].state == SLOT_DONE;
	pthread_mutex_unlock(&a->lock);
	return done;
}

/**
 * chunk_ahead_bytes() - what the slots' buffers hold
 * @a: the helper's state, or NULL
 *
 * Return: bytes allocated.
 */
uint64_t chunk_ahead_bytes(const struct chunk_ahead *a)
{
	return a ? a->bytes : 0;
}

/**
 * chunk_ahead_shed() - give up every chunk inflated ahead and its memory
 * @a: the helper's state, or NULL
 *
 * For the reader's own buffers, which come first under --max-inflated.
 */
void chunk_ahead_shed(struct chunk_ahead *a)
{
	if (!a)
		return;
	for (int i = 0; i < a->nr_slots; i++) {
		settle(a, &a->slots[i]);
		free(a->slots[i].buf);
		a->slots[i].buf = NULL;
		a->slots[i].cap = 0;
	}
	a->bytes = 0;
}

/**
 * chunk_ahead_free() - stop the helper and release its state
 * @a: the helper's state, or NULL
 */
void chunk_ahead_free(struct chunk_ahead *a)
{
	if (!a)
		return;
	chunk_ahead_shed(a);
	if (a->started) {
		pthread_mutex_lock(&a->lock);
		a->stop = true;
		pthread_cond_signal(&a->work);
		pthread_mutex_unlock(&a->lock);
		pthread_join(a->thread, NULL);
	}
	pthread_cond_destroy(&a->done);
	pthread_cond_destroy(&a->work);
	pthread_mutex_destroy(&a->lock);
	tracedat_inflater_free(a->inf);
	free(a->slots);
	free(a);
}
