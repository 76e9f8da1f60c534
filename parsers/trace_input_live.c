// SPDX-License-Identifier: GPL-2.0-only
/*
 * The live reader as a trace_input (docs/design/watch.md section 2): the
 * formats, kallsyms and metadata of a header-only trace.dat, as the fast
 * reader has them (trace_input_fast_open()); the records from pages a
 * source pulls as the kernel writes them (struct trace_live_options),
 * walked per CPU (records/live_stream.c), merged in the replay's order
 * (records/live_merge.c) and each filled as the fast reader fills a file's
 * (fast_reader_fill()), so that the replay runs on them unchanged.
 *
 * After each pull, every record older than the bound (the time up to
 * which every CPU is complete, less the reorder window) is released. A
 * record that comes after records that sort after it were released is
 * late: never given in another place, it is told (late()), its CPU's next
 * record given says events were lost, and the window doubles (once per
 * pull), up to its most. At the end every record is released and the
 * source's final per-CPU statistics become the trace's.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "container/container.h"
#include "events/events.h"
#include "records/records.h"
#include "trace_input_local.h"

#define LIVE_WINDOW_NS		(10ULL * 1000 * 1000)
#define LIVE_WINDOW_MAX_NS	(50ULL * 1000 * 1000)
#define LIVE_QUEUE_BYTES	(8ULL << 20)	/* twice record's default buffer */
#define LIVE_STALLED_PULLS	50		/* a watcher's: 1 s of ticks */

struct trace_live {
	struct trace_live_options	opts;
	struct live_merge		merge;
	struct ring_layout		layout;
	uint32_t			page_size;
	int				*index_of;	/* by CPU id: its stream, -1: none */
	uint64_t			*room;		/* by CPU id: for the next pull */
	int				nr_ids;
	uint64_t			now_ns;		/* the newest the source gave or a probe told */
	int				probe_id;	/* ftrace:print's id; -1: no probe */
	uint64_t			window_ns;
	bool				read;		/* a live trace is read once */
	struct trace_record		rec;
	char				err[TRACE_ERR_LEN];
};

static int fail(struct trace_live *lv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(struct trace_live *lv, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(lv->err, sizeof(lv->err), fmt, ap);
	va_end(ap);
	return -1;
}

/**
 * trace_live_error() - why the live reader stopped reading
 * @lv: its state
 *
 * Return: the reason, or NULL when it did not fail (or for memory).
 */
const char *trace_live_error(const struct trace_live *lv)
{
	return lv->err[0] ? lv->err : NULL;
}

static bool host_big_endian(void)
{
	return __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
}

static void defaults(struct trace_live *lv)
{
	struct trace_live_options *o = &lv->opts;

	if (!o->window_ns)
		o->window_ns = LIVE_WINDOW_NS;
	if (!o->window_max_ns)
		o->window_max_ns = LIVE_WINDOW_MAX_NS;
	if (o->window_max_ns < o->window_ns)
		o->window_max_ns = o->window_ns;
	if (!o->queue_bytes)
		o->queue_bytes = LIVE_QUEUE_BYTES;
	/* a page and the next one read must fit, whatever was asked */
	if (o->queue_bytes < 2ULL * lv->page_size)
		o->queue_bytes = 2ULL * lv->page_size;
	lv->window_ns = o->window_ns;
}

/* One stream per CPU of the header's buffer, found by CPU id. */
static int make_streams(struct trace_live *lv, const struct tracedat *td,
			const struct tracedat_buffer *buf)
{
	lv->nr_ids = td->nr_cpus > 0 ? td->nr_cpus : 1;
	lv->index_of = malloc(lv->nr_ids * sizeof(*lv->index_of));
	lv->room = calloc(lv->nr_ids, sizeof(*lv->room));
	if (!lv->index_of || !lv->room || live_merge_init(&lv->merge, buf->nr_cpus))
		return -1;
	for (int i = 0; i < lv->nr_ids; i++)
		lv->index_of[i] = -1;
	for (int i = 0; i < buf->nr_cpus; i++) {
		int cpu = buf->cpus[i].cpu;

		live_stream_init(&lv->merge.streams[i], cpu, i, &lv->layout, lv->opts.queue_bytes);
		if (cpu >= 0 && cpu < lv->nr_ids)
			lv->index_of[cpu] = i;
	}
	return 0;
}

/* The id of the watcher's probe lines (ftrace:print), or -1 without a watcher. */
static int probe_id(struct trace_input *in, int pid)
{
	struct tep_event *ev;

	if (pid <= 0)
		return -1;
	ev = tep_find_event_by_name(in->tep, "ftrace", "print");
	return ev ? ev->id : -1;
}

/*
 * The header's formats as the fast reader has them; the data its CPUs may
 * hold is not read: the pages come from the source.
 */
static int live_open(struct trace_input *in, const char *buffer, char *err)
{
	const struct tracedat *td = in->file->td;
	const struct tracedat_buffer *buf = tracedat_buffer_find(td, buffer ? buffer : "");
	struct trace_live *lv;

	if (trace_input_fast_open(in, buffer, err))
		return -1;
	if (!buf) {
		snprintf(err, TRACE_ERR_LEN, "no buffer instance named '%s'", buffer ? buffer : "");
		return -1;
	}
	if (!in->live_opts->pull) {
		snprintf(err, TRACE_ERR_LEN, "a live trace without a source of pages");
		return -1;
	}
	lv = calloc(1, sizeof(*lv));
	if (!lv) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	in->live = lv;
	lv->opts = *in->live_opts;
	lv->page_size = td->page_size;
	lv->layout.big_endian = td->big_endian;
	lv->layout.swap = td->big_endian != host_big_endian();
	lv->layout.long8 = in->file->texts.commit_size == 8;
	defaults(lv);
	lv->probe_id = probe_id(in, lv->opts.probe_pid);
	if (make_streams(lv, td, buf)) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	return 0;
}

/* What each CPU's queue may still take: the pull must not give more. */
static const uint64_t *rooms(struct trace_live *lv)
{
	for (int cpu = 0; cpu < lv->nr_ids; cpu++)
		lv->room[cpu] = lv->index_of[cpu] < 0 ? 0 :
				live_stream_room(&lv->merge.streams[lv->index_of[cpu]]);
	return lv->room;
}

static int take_page(struct trace_live *lv, const struct trace_live_page *p)
{
	int index = p->cpu >= 0 && p->cpu < lv->nr_ids ? lv->index_of[p->cpu] : -1;

	if (index < 0)
		return fail(lv, "a page of CPU %d, which the trace's header does not list", p->cpu);
	if (!p->data || p->len > lv->page_size || p->offset % lv->page_size)
		return fail(lv, "CPU %d: %u bytes at offset %llu: not one sub-buffer of %u bytes "
			    "in its place", p->cpu, p->len, (unsigned long long)p->offset,
			    lv->page_size);
	if (p->len > lv->room[p->cpu])
		return fail(lv, "CPU %d: more pages than its queue has room for (%llu bytes at "
			    "most)", p->cpu, (unsigned long long)lv->opts.queue_bytes);
	lv->room[p->cpu] -= p->len;
	if (lv->probe_id >= 0) {
		uint64_t probe = live_page_probe(&lv->layout, p->data, p->len, lv->probe_id,
						 lv->opts.probe_pid);

		if (probe > lv->now_ns)
			lv->now_ns = probe;
	}
	if (live_merge_add(&lv->merge, index, p->data, p->len, p->offset))
		return fail(lv, "out of memory");
	return 0;
}

/* A late record told; the window grows once per pull. */
static void tell_late(struct trace_live *lv, struct live_stream *s, bool *grown)
{
	struct trace_live_late late = {
		.cpu = s->cpu, .ts = s->ev.ts, .released_ts = lv->merge.last_ts,
	};

	if (!*grown) {
		lv->window_ns = lv->window_ns > lv->opts.window_max_ns / 2 ?
				lv->opts.window_max_ns : lv->window_ns * 2;
		*grown = true;
	}
	late.window_ns = lv->window_ns;
	s->gap = true;
	s->late++;
	if (lv->opts.late)
		lv->opts.late(lv->opts.data, &late);
}

/* A task's name as the scheduler's records last showed it, for records printed again. */
static void learn_comm(struct tep_handle *tep, const struct trace_task_ref *t)
{
	const char *known;

	if (t->pid <= 0 || !t->comm[0])
		return;
	known = tep_data_comm_from_pid(tep, t->pid);
	if (!known || strcmp(known, t->comm))
		tep_override_comm(tep, t->comm, t->pid);
}

/*
 * The names a file's saved_cmdlines would give (the kernel saves a task's
 * name at its switches): a live trace's header holds only those of the
 * tasks at its start, so the scheduler's records name the others.
 */
static void learn_comms(struct tep_handle *tep, const struct trace_record *rec)
{
	switch (rec->kind) {
	case TRACE_SWITCH:
		learn_comm(tep, &rec->sw.prev);
		learn_comm(tep, &rec->sw.next);
		break;
	case TRACE_WAKING:
	case TRACE_WAKEUP:
	case TRACE_WAKEUP_NEW:
		learn_comm(tep, &rec->wake);
		break;
	default:
		break;
	}
}

/* The top record given to @fn, filled as the fast reader fills a file's. */
static int give(struct trace_input *in, struct trace_live *lv, struct live_stream *s,
		trace_record_fn fn, void *data)
{
	uint64_t offset = live_stream_offset(s);
	long long missed = s->ev.missed;

	/* a late record's gap, unless the kernel counted one here */
	if (s->gap && !missed)
		missed = -1;
	live_merge_taken(&lv->merge, s);
	/* a record too short for its fields is not given: its values are not known */
	if (!fast_reader_fill(in->decoder, s->cpu, &s->ev, offset, missed, &lv->rec)) {
		live_stream_damaged(s, LIVE_SHORT_RECORD, offset);
		return 0;
	}
	s->gap = false;
	learn_comms(in->tep, &lv->rec);
	return fn(data, &lv->rec);
}

/* A CPU's queue with no room for a page: the source cannot read it further. */
static bool queue_full(const struct trace_live *lv)
{
	for (int i = 0; i < lv->merge.nr_streams; i++)
		if (live_stream_room(&lv->merge.streams[i]) < lv->page_size)
			return true;
	return false;
}

/*
 * Every record before the bound (all at the end), in order; the late ones
 * told. @unstick: also the oldest ones until every queue has room for a
 * page. Return: 0 or @fn's return; *@given: whether a record was given.
 */
static int release(struct trace_input *in, struct trace_live *lv, bool end, bool unstick,
		   trace_record_fn fn, void *data, bool *given)
{
	uint64_t bound = lv->now_ns > lv->window_ns ? lv->now_ns - lv->window_ns : 0;
	struct live_merge *m = &lv->merge;
	struct live_stream *s;
	bool grown = false;
	int ret;

	*given = false;
	while ((s = live_merge_top(m))) {
		if (live_merge_late(m, s)) {
			tell_late(lv, s, &grown);
		} else if (end || s->ev.ts < bound || (unstick && queue_full(lv))) {
			ret = give(in, lv, s, fn, data);
			if (ret)
				return ret;
			*given = true;
		} else {
			break;
		}
		live_merge_next(m);
	}
	return 0;
}

/* The source's final per-CPU statistics: the losses no page told. */
static void end_stats(struct trace_input *in, const struct trace_live_batch *b)
{
	for (int cpu = 0; b->stats && cpu < b->nr_stats && cpu < in->meta.cpus; cpu++)
		in->meta.stats[cpu] = b->stats[cpu];
}

static int live_iterate(struct trace_input *in, trace_record_fn fn, void *data)
{
	struct trace_live *lv = in->live;
	struct trace_live_batch batch;
	int ret, stalled = 0;
	uint64_t now;
	bool given;

	lv->err[0] = '\0';
	if (lv->read)
		return fail(lv, "a live trace is read once");
	lv->read = true;
	do {
		/* the pages still holding records outlive the source's buffer */
		if (live_merge_keep(&lv->merge))
			return fail(lv, "out of memory");
		now = lv->now_ns;
		batch = (struct trace_live_batch){ .probe_ns = lv->now_ns, .room = rooms(lv),
						   .nr_room = lv->nr_ids };
		if (lv->opts.pull(lv->opts.data, &batch, lv->err)) {
			if (!lv->err[0])
				snprintf(lv->err, sizeof(lv->err), "the live source failed");
			return -1;
		}
		lv->err[0] = '\0';
		for (int i = 0; i < batch.nr; i++)
			if (take_page(lv, &batch.pages[i]))
				return -1;
		if (batch.now_ns > lv->now_ns)
			lv->now_ns = batch.now_ns;
		/*
		 * A full queue whose records are all within the window never frees
		 * itself when "now" is in its unread pages (the probe's CPU) or
		 * comes no more (tracing off): after LIVE_STALLED_PULLS pulls in a
		 * row with no page, no new "now" and nothing given, its oldest
		 * records go, which may make later ones late.
		 */
		ret = release(in, lv, batch.end, stalled >= LIVE_STALLED_PULLS, fn, data, &given);
		if (ret)
			return ret;
		stalled = !batch.nr && !given && lv->now_ns == now && queue_full(lv) ?
			  stalled + 1 : 0;
	} while (!batch.end);
	end_stats(in, &batch);
	return 0;
}

/* A record again, from the page its source still keeps. */
static int live_read_at(struct trace_input *in, const struct trace_ref *ref,
			struct tep_record *rec)
{
	struct trace_live *lv = in->live;
	uint64_t page_offset = ref->offset - ref->offset % lv->page_size;
	const void *page;
	uint32_t len = 0;

	if (!lv->opts.page_at)
		return -1;
	page = lv->opts.page_at(lv->opts.data, ref->cpu, page_offset, &len);
	if (!page || len > lv->page_size)
		return -1;
	return fast_reader_page_record(&lv->layout, page, len, page_offset,
				       ref->offset - page_offset, ref->cpu, rec);
}

static const char *damage_words(enum live_damage damage)
{
	switch (damage) {
	case LIVE_BAD_PAGE:
		return "a ring-buffer page whose header or commit lies outside the page";
	case LIVE_CUT_PAGE:
		return "a ring-buffer page with an event reaching past its commit";
	case LIVE_SHORT_RECORD:
		return "a record shorter than its event's fields";
	case LIVE_OLD_PAGE:
		return "a page given again after a later one";
	default:
		return "unreadable data";
	}
}

/* The first damage of each CPU; unlike a file's, a CPU goes on after it. */
static int live_damages(const struct trace_input *in, struct trace_damage *out, int max)
{
	const struct live_merge *m = &in->live->merge;
	int n = 0;

	for (int i = 0; i < m->nr_streams; i++) {
		const struct live_stream *s = &m->streams[i];

		if (s->damage == LIVE_WHOLE)
			continue;
		if (n < max)
			out[n] = (struct trace_damage){
				.cpu = s->cpu, .offset = s->damage_offset, .ts = s->damage_ts,
				.what = damage_words(s->damage),
			};
		n++;
	}
	return n;
}

static void live_close(struct trace_input *in)
{
	struct trace_live *lv = in->live;

	if (lv) {
		live_merge_free(&lv->merge);
		free(lv->index_of);
		free(lv->room);
		free(lv);
		in->live = NULL;
	}
	trace_input_fast_close(in);
}

const struct trace_input_ops trace_input_live = {
	.reader		= TRACE_READER_FAST,
	.open		= live_open,
	.iterate	= live_iterate,
	.close		= live_close,
	.read_at	= live_read_at,
	.damages	= live_damages,
};
