// SPDX-License-Identifier: GPL-2.0-only
/*
 * A live trace's pages from our own tracefs instance: watch_source.h.
 *
 * Each pull waits for the tick (or a signal, the time limit, the
 * command's end), writes the probe line, then reads every CPU with
 * read(2) until it has nothing more or its queue's room is used up. A
 * read returns one sub-buffer: a whole page, or the events committed so
 * far of the page being written (never the same event twice), so each
 * read takes the next place of its CPU's stream. The watcher never
 * sleeps on a trace_pipe_raw descriptor, so no traced CPU is interrupted
 * to wake it (design section 1.3).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <tracefs.h>

#include "flight.h"
#include "record_session.h"
#include "watch_source.h"
#include "watcher_place.h"

#define WATCH_IDLE_PULLS	200	/* past the live reader's stalled pulls (50) */
#define WATCH_DRAIN_NS		1000000000ULL	/* told to end: what is left read within it */
#define WATCH_NO_DEADLINE	UINT64_MAX

struct watch_source {
	struct record_session	s;
	char			header[WORKDIR_PATH_LEN + 16];
	unsigned char		*pool;		/* this pull's pages, one sub-buffer each */
	struct trace_live_page	*pages;
	size_t			cap;		/* pages the pool holds */
	uint64_t		*next;		/* by stream: the next page's place */
	int			*again_fd;	/* by stream: its file, read again; -1 */
	unsigned char		*again;		/* a page read again */
	struct trace_cpu_stats	*stats;		/* by CPU id, at the end */
	int			nr_ids;
	struct flight		*flight;	/* --flight-dir, or NULL */
	void			(*on_tick)(void *data);	/* the caller's, at each tick */
	void			*tick_data;
	unsigned long		ticks;
	bool			stopped;	/* tracing off: what is left is read */
	int			idle;		/* stopped: pulls in a row that read no page */
	uint64_t		deadline_ns;	/* stopped: the end at the latest (CLOCK_MONOTONIC) */
	bool			cut;		/* ended with pages maybe left unread */
	char			*err;
};

static int fail(struct watch_source *w, char *err, const char *fmt, const char *arg)
{
	snprintf(err, TRACE_ERR_LEN, fmt, arg);
	return -1;
}

static int grow_pool(struct watch_source *w, size_t want, uint32_t subbuf)
{
	unsigned char *pool;
	struct trace_live_page *pages;

	if (want <= w->cap)
		return 0;
	want = want < 2 * w->cap ? 2 * w->cap : want;
	pool = realloc(w->pool, want * subbuf);
	if (!pool)
		return -1;
	w->pool = pool;
	pages = realloc(w->pages, want * sizeof(*pages));
	if (!pages)
		return -1;
	w->pages = pages;
	w->cap = want;
	return 0;
}

/* One sub-buffer of a CPU, or 0 when it has none now. Return: 1, 0, or -1. */
static int read_page(struct watch_source *w, int i, size_t n, char *err)
{
	struct stream_cpu *c = &w->s.streams.cpus[i];
	uint32_t subbuf = w->s.streams.subbuf_size;
	unsigned char *page;
	int got;

	if (grow_pool(w, n + 1, subbuf))
		return fail(w, err, "%s", "out of memory");
	page = w->pool + n * subbuf;
	got = tracefs_cpu_read(c->tcpu, page, true);
	if (got < 0 && errno != EAGAIN)
		return fail(w, err, "cannot read the ring buffer: %s", strerror(errno));
	if (got <= 0)
		return 0;
	if ((uint32_t)got < subbuf)
		memset(page + got, 0, subbuf - got);
	if (write(c->out_fd, page, subbuf) != (ssize_t)subbuf)
		return fail(w, err, "cannot keep the pages read: %s", strerror(errno));
	c->bytes += subbuf;
	flight_page(w->flight, i, w->next[i], page);
	w->pages[n] = (struct trace_live_page){ .cpu = c->cpu, .len = subbuf,
						.offset = w->next[i] };
	w->next[i] += subbuf;
	return 1;
}

/*
 * Every CPU read until it has nothing more or its room is used.
 * Return: the pages read, or -1. @limited: a CPU had more than its room.
 */
static int read_cpus(struct watch_source *w, const struct trace_live_batch *b, bool *limited,
		     char *err)
{
	uint32_t subbuf = w->s.streams.subbuf_size;
	size_t n = 0;
	int ret;

	*limited = false;
	for (int i = 0; i < w->s.streams.nr; i++) {
		int cpu = w->s.streams.cpus[i].cpu;
		uint64_t room = cpu < b->nr_room ? b->room[cpu] : 0;

		for (; room >= subbuf; room -= subbuf) {
			ret = read_page(w, i, n, err);
			if (ret < 0)
				return -1;
			if (!ret)
				break;
			n++;
		}
		*limited |= room < subbuf;
	}
	for (size_t k = 0; k < n; k++)
		w->pages[k].data = w->pool + k * subbuf;
	return (int)n;
}

/* The losses the kernel counted, by CPU id, for the end of the trace. */
static void end_stats(struct watch_source *w, struct trace_live_batch *b)
{
	record_session_stats(&w->s);
	for (int i = 0; w->stats && w->s.res->stats && i < w->s.streams.nr; i++) {
		int cpu = w->s.streams.cpus[i].cpu;

		if (cpu < w->nr_ids)
			w->stats[cpu] = (struct trace_cpu_stats){ w->s.res->stats[i].overrun,
								  w->s.res->stats[i].dropped };
	}
	b->stats = w->stats;
	b->nr_stats = w->stats ? w->nr_ids : 0;
}

static uint64_t mono_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000ULL + t.tv_nsec;
}

/* Until the tick, a signal, the time limit or the command's end; then the probe. */
static int tick(struct watch_source *w, char *err)
{
	struct pollfd fds[2];
	bool had_command = w->s.child > 0;
	int ret = record_session_poll(&w->s, fds, 0, WATCH_TICK_MS);

	if (ret < 0)
		return fail(w, err, "%s", w->err);
	if (ret > 0) {
		if (record_session_stop(&w->s))
			return fail(w, err, "%s", w->err);
		w->stopped = true;
		/*
		 * told to end (a signal, -d): what is left within WATCH_DRAIN_NS;
		 * the command's own end: all of it (drain_told() cuts it short)
		 */
		w->deadline_ns = had_command && w->s.child <= 0 && !w->s.res->interrupted ?
				 WATCH_NO_DEADLINE : mono_ns() + WATCH_DRAIN_NS;
		return 0;
	}
	if (tracefs_printf(w->s.tfs.inst, "rvreplay-tick: %lu\n", ++w->ticks) < 0)
		return fail(w, err, "cannot write the tick into %s", w->s.tfs.own.name);
	return 0;
}

/* Stopped at the command's end, reading what is left: SIGINT or SIGTERM makes it 1 s at most. */
static void drain_told(struct watch_source *w)
{
	struct pollfd fds[2];

	if (w->deadline_ns == WATCH_NO_DEADLINE && record_session_poll(&w->s, fds, 0, 0) > 0 &&
	    w->s.res->interrupted)
		w->deadline_ns = mono_ns() + WATCH_DRAIN_NS;
}

static int pull(void *data, struct trace_live_batch *b, char *err)
{
	struct watch_source *w = data;
	bool limited;
	int n;

	flight_pull(w->flight, &w->s, b->probe_ns);
	if (!w->stopped && tick(w, err))
		return -1;
	if (w->stopped)
		drain_told(w);
	if (w->on_tick)
		w->on_tick(w->tick_data);
	n = read_cpus(w, b, &limited, err);
	if (n < 0)
		return -1;
	/* the first pull read the start: the metadata lines every flight file begins with */
	flight_started(w->flight);
	b->pages = w->pages;
	b->nr = n;
	w->idle = w->stopped && !n ? w->idle + 1 : 0;
	/*
	 * stopped: the end once every CPU was read to its last page; or, with
	 * pages maybe left (said), once pulls in a row read nothing (the reader
	 * frees a full queue before) or the deadline passed: told to end, it ends
	 */
	if (w->stopped && (!limited || w->idle > WATCH_IDLE_PULLS ||
			   mono_ns() > w->deadline_ns)) {
		w->cut = limited;
		b->end = true;
		end_stats(w, b);
	}
	return 0;
}

/* A page read before, from its CPU's file. */
static const void *page_at(void *data, int cpu, uint64_t offset, uint32_t *len)
{
	struct watch_source *w = data;
	uint32_t subbuf = w->s.streams.subbuf_size;
	int i;

	for (i = 0; i < w->s.streams.nr && w->s.streams.cpus[i].cpu != cpu; i++)
		;
	if (i == w->s.streams.nr || offset + subbuf > w->next[i] ||
	    !flight_kept(w->flight, i, offset))
		return NULL;
	if (w->again_fd[i] < 0)
		w->again_fd[i] = open(w->s.streams.cpus[i].path, O_RDONLY | O_CLOEXEC);
	if (w->again_fd[i] < 0 || pread(w->again_fd[i], w->again, subbuf, offset) != subbuf)
		return NULL;
	*len = subbuf;
	return w->again;
}

static int allocate(struct watch_source *w)
{
	int nr = w->s.streams.nr ? w->s.streams.nr : 1;

	for (int i = 0; i < w->s.streams.nr; i++)
		if (w->s.streams.cpus[i].cpu >= w->nr_ids)
			w->nr_ids = w->s.streams.cpus[i].cpu + 1;
	w->next = calloc(nr, sizeof(*w->next));
	w->again_fd = malloc(nr * sizeof(*w->again_fd));
	w->again = malloc(w->s.streams.subbuf_size);
	w->stats = calloc(w->nr_ids ? w->nr_ids : 1, sizeof(*w->stats));
	if (!w->next || !w->again_fd || !w->again || !w->stats)
		return -1;
	for (int i = 0; i < nr; i++)
		w->again_fd[i] = -1;
	return 0;
}

static void release(struct watch_source *w)
{
	for (int i = 0; w->again_fd && i < w->s.streams.nr; i++)
		if (w->again_fd[i] >= 0)
			close(w->again_fd[i]);
	free(w->again_fd);
	free(w->next);
	free(w->again);
	free(w->stats);
	free(w->pool);
	free(w->pages);
	flight_free(w->flight);
	free(w);
}

/**
 * watch_source_start() - our instance set up, tracing on, the live trace's header written
 * @o: what to trace; @o->place puts a --save file in place
 * @cpus: where the watcher runs (watcher_place()), or NULL: where it is;
 *	  the command, forked before, keeps its own CPUs and priority
 * @flight: the flight recorder's options, or NULL for none
 * @res: filled with per-CPU statistics and the command's status
 * @err: RECORD_ERR_LEN bytes for the message on failure
 *
 * Return: the source, or NULL with @err set (nothing left in tracefs).
 */
struct watch_source *watch_source_start(const struct record_options *o, const cpu_set_t *cpus,
					const struct flight_options *flight,
					struct record_result *res, char *err)
{
	struct watch_source *w = calloc(1, sizeof(*w));

	if (!w) {
		snprintf(err, RECORD_ERR_LEN, "out of memory");
		return NULL;
	}
	record_session_init(&w->s, o, res, err);
	w->err = err;
	if (record_session_start(&w->s))
		goto fail;
	if (allocate(w)) {
		record_session_fail(&w->s, "%s", "out of memory");
		goto fail;
	}
	if (flight && !(w->flight = flight_new(flight, w->s.streams.nr, w->s.streams.subbuf_size))) {
		record_session_fail(&w->s, "--flight-dir: %s", strerror(errno));
		goto fail;
	}
	snprintf(w->header, sizeof(w->header), "%s/header.dat", w->s.workdir.path);
	/* every CPU's file still empty: the formats, kallsyms and metadata alone */
	if (record_session_write(&w->s, w->header))
		goto fail;
	if (watcher_place(cpus, err, RECORD_ERR_LEN))
		goto fail;
	/* the header written before the command runs: its events wait in the ring buffer */
	if (record_session_release(&w->s))
		goto fail;
	return w;
fail:
	if (w->header[0])
		unlink(w->header);
	record_session_cleanup(&w->s, -1);
	release(w);
	return NULL;
}

/**
 * watch_source_header() - the header-only trace.dat the live reader opens
 * @w: the source
 *
 * Return: its path, in the work folder.
 */
const char *watch_source_header(const struct watch_source *w)
{
	return w->header;
}

/**
 * watch_source_live() - the live reader's options that pull from @w
 * @w: the source
 * @live: filled: pull, page_at, the probe's pid
 */
void watch_source_live(struct watch_source *w, struct trace_live_options *live)
{
	live->pull = pull;
	live->page_at = page_at;
	live->data = w;
	live->probe_pid = getpid();
}

/**
 * watch_source_flight() - a violation at @ts wants its flight file
 * @w: the source
 * @ts: the violation's time
 *
 * Return: true when a file will hold it; false without a flight recorder
 * or once --max-files were written.
 */
bool watch_source_flight(struct watch_source *w, uint64_t ts)
{
	return flight_request(w->flight, ts);
}

/**
 * watch_source_on_tick() - @fn called at each tick, on the watcher's own time
 * @w: the source
 * @fn: what to do (never block)
 * @data: for it
 */
void watch_source_on_tick(struct watch_source *w, void (*fn)(void *data), void *data)
{
	w->on_tick = fn;
	w->tick_data = data;
}

/**
 * watch_source_cut() - whether the end came with pages maybe left unread
 * @w: the source, at its end
 *
 * Return: true when the CPUs were not all read to their last page (a
 * queue full, or the time to read them after the stop was up).
 */
bool watch_source_cut(const struct watch_source *w)
{
	return w->cut;
}

/**
 * watch_source_end() - the instance removed; with @save, the pages read as a trace.dat
 * @w: the source, freed
 * @ret: how the watch went: 0 or -1
 * @save: write the trace and put it in place (@o->place), when all went well
 *
 * Return: @ret, or -1 when the trace could not be written or the instance removed.
 */
int watch_source_end(struct watch_source *w, int ret, bool save)
{
	/* the files the last violations asked for, from the pages all read */
	flight_end(w->flight, &w->s);
	if (!ret && save)
		ret = record_session_write(&w->s, NULL) || record_session_finish(&w->s) ? -1 : 0;
	unlink(w->header);
	ret = record_session_cleanup(&w->s, ret);
	release(w);
	return ret;
}
