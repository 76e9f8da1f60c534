// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast trace reader against its references: every ring-buffer page
 * of the bundled traces walked as libtraceevent's kbuffer walks it (also
 * byte-swapped to big endian, and mutated, where kbuffer's reading of
 * malformed pages is defined), every record of every trace identical to
 * libtracecmd's (each field of struct trace_record, and the line
 * trace_input_format() prints for it), zlib chunks streamed, damaged
 * data ending a CPU, and the files the fast reader leaves to libtracecmd.
 */
#define _GNU_SOURCE /* sched_getaffinity(), CPU_COUNT() */
#include <check.h>
#include <glob.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include <traceevent/kbuffer.h>

#include "chunk_ahead.h"
#include "cpu_stream.h"
#include "ring_page.h"
#include "format_trial.h"
#include "trace_decode.h"
#include "trace_input.h"
#include "tracedat.h"

#define ERRLEN		256
#define SLACK		64	/* kbuffer reads a little past a malformed page */
#define FORMAT_EVERY	7	/* records formatted again by both readers */

/* The trace opened with @reader (no other option), as the tests here want it. */
static int open_with(const char *path, const char *buffer, enum trace_reader reader,
		       struct trace_input **in, char *err)
{
	struct trace_open_options opts = { .buffer = buffer, .reader = reader };

	return trace_input_open(path, &opts, in, err);
}
static const char *const globs[] = { "traces/*.dat", "tests/data/tracedat/*.dat" };

/* Every trace the test reads; NULL-terminated, to free with globfree(). */
static void traces(glob_t *g)
{
	memset(g, 0, sizeof(*g));
	for (size_t i = 0; i < sizeof(globs) / sizeof(globs[0]); i++)
		glob(globs[i], i ? GLOB_APPEND : 0, NULL, g);
	ck_assert_uint_gt(g->gl_pathc, 10);
}

static struct tracedat *open_td(const char *path)
{
	struct tracedat *td;
	char err[ERRLEN];

	ck_assert_msg(!tracedat_open(path, &td, err, sizeof(err)), "%s: %s", path, err);
	return td;
}

/* ---- pages: ours against kbuffer ---- */

struct page_check {
	long	pages;
	long	events;
	long	declined;	/* malformed where kbuffer is not defined */
};

/*
 * Walks @page (@ps bytes, @be: big endian) with kbuffer and with ours.
 * Where kbuffer reads garbage (commit past the page, events of negative
 * size or past the commit, steps back or off the 4-byte grid) ours may
 * have stopped; elsewhere both agree on every event. @strict: no such
 * garbage is allowed (real pages).
 */
static void compare_page(const unsigned char *page, size_t ps, bool be, bool strict,
			 struct page_check *pc)
{
	unsigned char *buf = calloc(1, ps + SLACK);
	struct ring_layout l = { .swap = be, .big_endian = be, .long8 = true };
	struct kbuffer *kb = kbuffer_alloc(KBUFFER_LSIZE_8, be ? KBUFFER_ENDIAN_BIG :
					   KBUFFER_ENDIAN_LITTLE);
	unsigned long long ts;
	struct ring_event ev;
	struct ring_page p;
	bool loaded, mine, garbage;
	uint64_t commit;
	int last = -1;
	void *data;

	ck_assert_ptr_nonnull(buf);
	ck_assert_ptr_nonnull(kb);
	memcpy(buf, page, ps);
	pc->pages++;
	memcpy(&commit, buf + 8, 8);
	commit = (be ? __builtin_bswap64(commit) : commit) & RING_COMMIT_MASK;
	loaded = !ring_page_load(&p, &l, buf, ps);
	/* kbuffer would walk up to 128 MiB past the page */
	if (commit > ps - 16) {
		ck_assert(!strict && !loaded);
		pc->declined++;
		goto out;
	}
	ck_assert(loaded);
	kbuffer_load_subbuffer(kb, buf);
	for (;;) {
		data = kbuffer_read_event(kb, &ts);
		mine = ring_page_event(&p, &ev);
		/*
		 * Negative sizes, events past the commit, negative lengths that
		 * step back or off the 4-byte grid (kbuffer can even loop on an
		 * item of length -4): ours has ended the page there.
		 */
		garbage = data && (kbuffer_event_size(kb) < 0 || kbuffer_curr_offset(kb) <= last ||
				   kbuffer_curr_offset(kb) % 4 ||
				   kbuffer_curr_offset(kb) - 16 + kbuffer_curr_size(kb) >
				   kbuffer_subbuffer_size(kb));
		if (garbage && (!mine || ev.offset != (uint32_t)kbuffer_curr_offset(kb))) {
			ck_assert(!strict);
			pc->declined++;
			break;
		}
		ck_assert_int_eq(!!data, mine);
		if (!data)
			break;
		pc->events++;
		last = kbuffer_curr_offset(kb);
		ck_assert_uint_eq(ts, ev.ts);
		ck_assert_ptr_eq(data, ev.data);
		ck_assert_int_eq(kbuffer_event_size(kb), ev.size);
		ck_assert_int_eq(kbuffer_curr_offset(kb), ev.offset);
		/* a lost count stored past the page: kbuffer reads the next bytes */
		if (kbuffer_subbuffer_size(kb) + 8 <= (int)ps - 16)
			ck_assert_int_eq(kbuffer_missed_events(kb), ev.missed);
		kbuffer_next_event(kb, NULL);
		ring_page_advance(&p);
	}
out:
	kbuffer_free(kb);
	free(buf);
}

static uint32_t get32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static void swap32_at(unsigned char *p)
{
	uint32_t v = __builtin_bswap32(get32(p));

	memcpy(p, &v, 4);
}

static void swap64_at(unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	v = __builtin_bswap64(v);
	memcpy(p, &v, 8);
}

/* A little-endian page written again as a big-endian kernel writes it. */
static void to_big_endian(unsigned char *page, size_t ps)
{
	uint64_t flags;
	uint32_t commit, pos, word, type, len;

	memcpy(&flags, page + 8, 8);
	commit = flags & RING_COMMIT_MASK;
	swap64_at(page);
	swap64_at(page + 8);
	if ((flags & RING_MISSING_STORED) && 16 + commit + 8 <= ps)
		swap64_at(page + 16 + commit);
	for (pos = 16; pos + 4 <= 16 + commit && pos + 8 <= ps;) {
		word = get32(page + pos);
		type = word & 31;
		len = type * 4 + 4;
		if (type == 0 || type >= RING_TYPE_PADDING) {
			uint32_t arr = get32(page + pos + 4);

			len = type == 0 ? 8 + ((arr - 4 + 3) & ~3U) : type == 29 ? 4 + arr : 8;
			swap32_at(page + pos + 4);
		}
		word = (type << 27) | (word >> 5);
		memcpy(page + pos, &word, 4);
		swap32_at(page + pos);
		if (!len || len > 16 + commit - pos)
			break;
		pos += len;
	}
}

/* A deterministic generator: the same mutations on every run. */
static uint32_t next_random(uint32_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return *state;
}

static void mutate(unsigned char *page, size_t ps, uint32_t *rnd)
{
	int n = 1 + next_random(rnd) % 4;

	for (int i = 0; i < n; i++) {
		size_t at = next_random(rnd) % ps;

		if (next_random(rnd) % 3 == 0)
			at = 16 + next_random(rnd) % 48;	/* the first events */
		page[at] = next_random(rnd);
	}
	if (next_random(rnd) % 8 == 0) {
		page[8] = next_random(rnd);
		page[9] = next_random(rnd) & 0x0f;
		page[11] = next_random(rnd) & 0xc0;	/* lost-events flags */
	}
}

static void pages_of_traces(bool be, int mutations)
{
	struct page_check pc = { 0 };
	unsigned char *copy;
	uint32_t rnd = 0x9e3779b9;
	char err[ERRLEN];
	glob_t g;

	traces(&g);
	for (size_t f = 0; f < g.gl_pathc; f++) {
		struct tracedat *td = open_td(g.gl_pathv[f]);
		size_t ps = td->page_size;

		copy = malloc(ps);
		ck_assert_ptr_nonnull(copy);
		for (int b = 0; b < td->nr_buffers; b++) {
			for (int i = 0; i < td->buffers[b].nr_cpus; i++) {
				void *data;
				size_t len;

				ck_assert_msg(!tracedat_read_cpu(td, &td->buffers[b], i, &data, &len,
								 err, sizeof(err)), "%s", err);
				for (size_t o = 0; o + ps <= len; o += ps) {
					memcpy(copy, (unsigned char *)data + o, ps);
					if (be)
						to_big_endian(copy, ps);
					compare_page(copy, ps, be, true, &pc);
					for (int m = 0; m < mutations; m++) {
						memcpy(copy, (unsigned char *)data + o, ps);
						mutate(copy, ps, &rnd);
						compare_page(copy, ps, be, false, &pc);
					}
				}
				free(data);
			}
		}
		free(copy);
		tracedat_close(td);
	}
	globfree(&g);
	ck_assert_int_gt(pc.events, 10000);
	if (mutations)
		ck_assert_int_gt(pc.declined, 0);
}

START_TEST(pages_as_kbuffer)
{
	pages_of_traces(false, 0);
}
END_TEST

START_TEST(big_endian_pages_as_kbuffer)
{
	pages_of_traces(true, 0);
}
END_TEST

START_TEST(mutated_pages_as_kbuffer)
{
	pages_of_traces(false, 12);
}
END_TEST

/* ---- records: the fast reader against libtracecmd ---- */

struct saved {
	struct trace_record	rec;
	char			*print;		/* a copy of print.buf */
};

struct recording {
	struct saved		*recs;
	size_t			nr;
	size_t			cap;
	size_t			checked;	/* the fast reader's records compared */
	const char		*path;
};

static int save(void *data, const struct trace_record *rec)
{
	struct recording *r = data;
	struct saved *s;

	if (r->nr == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 1024;
		r->recs = realloc(r->recs, r->cap * sizeof(*r->recs));
		ck_assert_ptr_nonnull(r->recs);
	}
	s = &r->recs[r->nr++];
	s->rec = *rec;
	s->print = NULL;
	if (rec->kind == TRACE_PRINT) {
		s->print = malloc(rec->print.len + 1);
		ck_assert_ptr_nonnull(s->print);
		memcpy(s->print, rec->print.buf, rec->print.len);
		s->print[rec->print.len] = '\0';
	}
	return 0;
}

static void same_task(const struct trace_task_ref *a, const struct trace_task_ref *b)
{
	ck_assert_int_eq(a->pid, b->pid);
	ck_assert_int_eq(a->prio, b->prio);
	ck_assert_str_eq(a->comm, b->comm);
}

/* Every field the record's kind gives meaning to. */
static void same_record(const struct saved *s, const struct trace_record *b)
{
	const struct trace_record *a = &s->rec;

	ck_assert_int_eq(a->kind, b->kind);
	ck_assert_int_eq(a->cpu, b->cpu);
	ck_assert_uint_eq(a->ts, b->ts);
	ck_assert_int_eq(a->pid, b->pid);
	ck_assert_uint_eq(a->flags, b->flags);
	ck_assert_int_eq(a->missed, b->missed);
	ck_assert_uint_eq(a->ref.offset, b->ref.offset);
	ck_assert_int_eq(a->ref.cpu, b->ref.cpu);
	switch (a->kind) {
	case TRACE_SWITCH:
		same_task(&a->sw.prev, &b->sw.prev);
		same_task(&a->sw.next, &b->sw.next);
		ck_assert_int_eq(a->sw.prev_state, b->sw.prev_state);
		break;
	case TRACE_WAKING:
	case TRACE_WAKEUP:
	case TRACE_WAKEUP_NEW:
		same_task(&a->wake, &b->wake);
		break;
	case TRACE_FORK:
		same_task(&a->fork.parent, &b->fork.parent);
		same_task(&a->fork.child, &b->fork.child);
		break;
	case TRACE_EXIT:
	case TRACE_FREE:
	case TRACE_KTHREAD_STOP:
		same_task(&a->task, &b->task);
		break;
	case TRACE_PI_SETPRIO:
		same_task(&a->pi.task, &b->pi.task);
		ck_assert_int_eq(a->pi.oldprio, b->pi.oldprio);
		ck_assert_int_eq(a->pi.newprio, b->pi.newprio);
		break;
	case TRACE_SYS_ENTER:
		ck_assert_int_eq(a->sys_enter.id, b->sys_enter.id);
		ck_assert_mem_eq(a->sys_enter.args, b->sys_enter.args, sizeof(a->sys_enter.args));
		break;
	case TRACE_SYS_EXIT:
		ck_assert_int_eq(a->sys_exit.id, b->sys_exit.id);
		ck_assert_int_eq(a->sys_exit.ret, b->sys_exit.ret);
		break;
	case TRACE_CONTENTION_BEGIN:
	case TRACE_CONTENTION_END:
		ck_assert_uint_eq(a->contention.lock, b->contention.lock);
		ck_assert_uint_eq(a->contention.flags, b->contention.flags);
		break;
	case TRACE_FAULT_USER:
	case TRACE_FAULT_KERNEL:
		ck_assert_uint_eq(a->fault.address, b->fault.address);
		ck_assert_uint_eq(a->fault.ip, b->fault.ip);
		ck_assert_uint_eq(a->fault.error_code, b->fault.error_code);
		break;
	case TRACE_PRINT:
		ck_assert_uint_eq(a->print.len, b->print.len);
		ck_assert_mem_eq(s->print, b->print.buf, b->print.len);
		break;
	case TRACE_RV_EVENT:
	case TRACE_RV_ERROR:
		ck_assert_str_eq(a->rv.system, b->rv.system);
		ck_assert_str_eq(a->rv.monitor, b->rv.monitor);
		same_task(&a->rv.task, &b->rv.task);
		ck_assert_str_eq(a->rv.states, b->rv.states);
		ck_assert_str_eq(a->rv.atoms, b->rv.atoms);
		ck_assert_str_eq(a->rv.next, b->rv.next);
		break;
	default:
		break;
	}
}

static int compare(void *data, const struct trace_record *rec)
{
	struct recording *r = data;

	ck_assert_msg(r->checked < r->nr, "%s: the fast reader gives more records", r->path);
	same_record(&r->recs[r->checked++], rec);
	return 0;
}

static struct trace_input *open_reader(const char *path, const char *buffer,
				       enum trace_reader reader)
{
	struct trace_input *in;
	char err[TRACE_ERR_LEN];

	ck_assert_msg(!open_with(path, buffer, reader, &in, err), "%s: %s", path,
		      err);
	ck_assert_int_eq(trace_input_reader(in), reader);
	return in;
}

static void same_formats(struct trace_input *ref, struct trace_input *fast,
			 const struct recording *r)
{
	char a[1024], b[1024];

	for (size_t i = 0; i < r->nr; i++) {
		if (i % FORMAT_EVERY && !r->recs[i].rec.missed)
			continue;
		ck_assert_int_eq(trace_input_format(ref, &r->recs[i].rec.ref, a, sizeof(a)),
				 trace_input_format(fast, &r->recs[i].rec.ref, b, sizeof(b)));
		ck_assert_str_eq(a, b);
	}
}

static void same_records(const char *path, const char *buffer)
{
	struct trace_input *ref = open_reader(path, buffer, TRACE_READER_LIBTRACECMD);
	struct trace_input *fast = open_reader(path, buffer, TRACE_READER_FAST);
	struct recording r = { .path = path };

	ck_assert_int_eq(trace_input_iterate(ref, save, &r), 0);
	ck_assert_int_eq(trace_input_iterate(fast, compare, &r), 0);
	ck_assert_msg(r.checked == r.nr, "%s: the fast reader gives %zu records of %zu", path,
		      r.checked, r.nr);
	same_formats(ref, fast, &r);
	/* a second pass starts again from the first record */
	r.checked = 0;
	ck_assert_int_eq(trace_input_iterate(fast, compare, &r), 0);
	ck_assert_uint_eq(r.checked, r.nr);
	for (size_t i = 0; i < r.nr; i++)
		free(r.recs[i].print);
	free(r.recs);
	trace_input_close(ref);
	trace_input_close(fast);
}

START_TEST(records_as_libtracecmd)
{
	glob_t g;

	traces(&g);
	for (size_t i = 0; i < g.gl_pathc; i++)
		same_records(g.gl_pathv[i], NULL);
	globfree(&g);
	same_records("tests/data/tracedat/named-v6.dat", "td-named");
	same_records("tests/data/tracedat/named-v7-zstd.dat", "td-named");
}
END_TEST

static int stop_at_third(void *data, const struct trace_record *rec)
{
	int *n = data;

	return ++*n == 3 ? 7 : 0;
}

START_TEST(callback_stops_both)
{
	enum trace_reader readers[] = { TRACE_READER_LIBTRACECMD, TRACE_READER_FAST };

	for (int i = 0; i < 2; i++) {
		struct trace_input *in = open_reader("traces/nanosleep.dat", NULL, readers[i]);
		int n = 0;

		ck_assert_int_eq(trace_input_iterate(in, stop_at_third, &n), 7);
		ck_assert_int_eq(n, 3);
		trace_input_close(in);
	}
}
END_TEST

/* ---- chunks: a CPU's pages streamed from zlib chunks ---- */

struct fake_file {
	struct tracedat		td;
	struct tracedat_buffer	buf;
	struct tracedat_cpu	cpu;
	unsigned char		*map;		/* the bytes, changed before sealing */
	void			*mapped;
};

/*
 * The bytes become a read-only file mapping, as tracedat_open() makes
 * (the reader releases such pages behind it; heap memory would be lost).
 */
static void seal(struct fake_file *f)
{
	char path[] = "/tmp/trace-reader-test-XXXXXX";
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, f->map, f->td.file_size), (ssize_t)f->td.file_size);
	f->mapped = mmap(NULL, f->td.file_size, PROT_READ, MAP_PRIVATE, fd, 0);
	ck_assert_ptr_ne(f->mapped, MAP_FAILED);
	close(fd);
	unlink(path);
	f->td.map = f->mapped;
}

static void unseal(struct fake_file *f)
{
	munmap(f->mapped, f->td.file_size);
	free(f->map);
}

/* Pages in chunk @n: @pages, or 1, 2, 3, 1, ... when @pages is -1. */
static size_t chunk_pages(int pages, uint32_t n)
{
	return pages > 0 ? (size_t)pages : 1 + n % 3;
}

/*
 * One CPU whose data is @data, as is (@pages 0) or in zlib chunks of
 * @pages pages (-1: 1, 2, 3 pages in turn).
 */
static void fake_file(struct fake_file *f, const void *data, size_t len, uint32_t ps,
		      int pages)
{
	size_t at = 4, chunk;
	uint32_t n = 0;

	memset(f, 0, sizeof(*f));
	f->td.version = 7;
	f->td.page_size = ps;
	f->td.compression = pages ? "zlib" : "none";
	f->buf.name = "";
	f->buf.nr_cpus = 1;
	f->buf.cpus = &f->cpu;
	f->cpu.data.present = true;
	f->cpu.data.usize = len;
	if (!pages) {
		f->map = malloc(len);
		ck_assert_ptr_nonnull(f->map);
		memcpy(f->map, data, len);
		f->cpu.data.size = len;
	} else {
		f->map = malloc(4 + len + len / ps * 64 + 1024);
		ck_assert_ptr_nonnull(f->map);
		for (size_t o = 0; o < len; o += chunk, n++) {
			uLongf zlen;
			uint32_t u, z;

			chunk = chunk_pages(pages, n) * ps;
			zlen = compressBound(chunk);
			u = len - o < chunk ? len - o : chunk;

			ck_assert_int_eq(compress2(f->map + at + 8, &zlen,
						   (const unsigned char *)data + o, u, 6), Z_OK);
			z = zlen;
			memcpy(f->map + at, &z, 4);
			memcpy(f->map + at + 4, &u, 4);
			at += 8 + zlen;
		}
		memcpy(f->map, &n, 4);
		f->cpu.data.compressed = true;
		f->cpu.data.size = at;
	}
	f->td.map = f->map;
	f->td.file_size = f->cpu.data.size;
}

static void stream_of(struct cpu_stream *s, struct fake_file *f, struct chunk_inflater **inf)
{
	struct ring_layout l = { .long8 = true };

	*inf = chunk_inflater_new(&f->td);
	ck_assert_ptr_nonnull(*inf);
	ck_assert_int_eq(cpu_stream_init(s, &f->td, &f->buf, 0, 4096, &l, *inf), 0);
}

/* The data of the busiest CPU of a bundled trace. */
static void *busy_cpu(const char *path, size_t *len, uint32_t *ps)
{
	struct tracedat *td = open_td(path);
	const struct tracedat_buffer *b = tracedat_buffer_find(td, "");
	void *best = NULL, *data;
	char err[ERRLEN];
	size_t n;

	*len = 0;
	for (int i = 0; i < b->nr_cpus; i++) {
		ck_assert(!tracedat_read_cpu(td, b, i, &data, &n, err, sizeof(err)));
		if (n > *len) {
			free(best);
			best = data;
			*len = n;
		} else {
			free(data);
		}
	}
	*ps = td->page_size;
	tracedat_close(td);
	return best;
}

START_TEST(zlib_chunks_stream)
{
	struct fake_file plain, zipped;
	struct chunk_inflater *pinf, *zinf;
	struct cpu_stream p, z;
	struct page_cache cache = { 0 };
	uint32_t ps, got;
	size_t len;
	long n = 0;
	void *data = busy_cpu("traces/cyclictest-abs.dat", &len, &ps);

	ck_assert_uint_gt(len, 4 * ps);
	fake_file(&plain, data, len, ps, 0);
	fake_file(&zipped, data, len, ps, 3);
	seal(&plain);
	seal(&zipped);
	stream_of(&p, &plain, &pinf);
	stream_of(&z, &zipped, &zinf);
	for (bool more = cpu_stream_first(&p); more; more = cpu_stream_next(&p), n++) {
		ck_assert(n ? cpu_stream_next(&z) : cpu_stream_first(&z));
		ck_assert_uint_eq(p.ev.ts, z.ev.ts);
		ck_assert_uint_eq(p.ev.size, z.ev.size);
		ck_assert_mem_eq(p.ev.data, z.ev.data, p.ev.size);
		/* uncompressed: file offsets; compressed: from one page in */
		ck_assert_uint_eq(p.base + p.page_pos + p.ev.offset,
				  z.base + z.page_pos + z.ev.offset - 4096);
	}
	ck_assert(!cpu_stream_next(&z));
	ck_assert(!p.damaged && !z.damaged);
	ck_assert_int_gt(n, 100);
	for (uint64_t pos = 0; pos < len; pos += ps) {
		int at = cpu_stream_page_at(&z, pos, &cache, &got);

		ck_assert_int_ge(at, 0);
		ck_assert_uint_eq(got, ps);
		ck_assert_mem_eq(cache.buf + at, (unsigned char *)data + pos, ps);
	}
	ck_assert_int_lt(cpu_stream_page_at(&z, len, &cache, &got), 0);
	free(cache.buf);
	cpu_stream_release(&p);
	cpu_stream_release(&z);
	chunk_inflater_free(pinf);
	chunk_inflater_free(zinf);
	unseal(&plain);
	unseal(&zipped);
	free(data);
}
END_TEST

static long records_until_stop(struct fake_file *f, bool *damaged)
{
	struct chunk_inflater *inf;
	struct cpu_stream s;
	long n = 0;

	stream_of(&s, f, &inf);
	for (bool more = cpu_stream_first(&s); more; more = cpu_stream_next(&s))
		n++;
	*damaged = s.damaged;
	cpu_stream_release(&s);
	chunk_inflater_free(inf);
	return n;
}

START_TEST(damage_ends_the_cpu)
{
	struct fake_file f;
	uint32_t ps, first;
	size_t len;
	bool damaged;
	void *data = busy_cpu("traces/cyclictest-abs.dat", &len, &ps);
	long all, some;

	fake_file(&f, data, len, ps, 0);
	seal(&f);
	all = records_until_stop(&f, &damaged);
	ck_assert(!damaged);
	unseal(&f);

	/* a commit past the page, on the third page */
	fake_file(&f, data, len, ps, 0);
	f.map[2 * ps + 11] = 0x07;
	seal(&f);
	some = records_until_stop(&f, &damaged);
	ck_assert(damaged);
	ck_assert_int_lt(some, all);
	unseal(&f);

	/* a corrupt second chunk: the records of the first chunk only */
	fake_file(&f, data, len, ps, 2);
	memcpy(&first, f.map + 4, 4);
	f.map[4 + 8 + first + 8 + 5] ^= 0xff;
	seal(&f);
	some = records_until_stop(&f, &damaged);
	ck_assert(damaged);
	ck_assert_int_gt(some, 0);
	ck_assert_int_lt(some, all);
	unseal(&f);

	/* chunk sizes past the data: read no further, never past the map */
	fake_file(&f, data, len, ps, 2);
	memcpy(&first, f.map + 4, 4);
	first += 1U << 30;
	memcpy(f.map + 4, &first, 4);
	seal(&f);
	ck_assert_int_eq(records_until_stop(&f, &damaged), 0);
	ck_assert(damaged);
	unseal(&f);
	free(data);
}
END_TEST

/* ---- inflating ahead (chunk_ahead.c) ---- */

/* What a walk of a CPU read: its records (time and bytes) and where it stopped. */
struct walk {
	long			n;
	uint64_t		sum;
	bool			damaged;
	enum cpu_stream_damage	damage;
	uint64_t		damage_offset;
	enum cpu_stream_fault	fault;
	uint32_t		chunk_no;
	uint64_t		peak;		/* inflated bytes held at once */
};

static struct walk walk_cpu(struct fake_file *f, bool ahead)
{
	struct chunk_inflater *inf;
	struct cpu_stream s;
	struct walk w = { 0 };

	stream_of(&s, f, &inf);
	if (ahead)
		chunk_inflater_go_ahead(inf, &f->td, 1);
	for (bool more = cpu_stream_first(&s); more; more = cpu_stream_next(&s)) {
		w.n++;
		w.sum = w.sum * 31 + s.ev.ts + crc32(0, s.ev.data, s.ev.size);
	}
	w.damaged = s.damaged;
	w.damage = s.damage;
	w.damage_offset = s.damage_offset;
	w.fault = s.fault;
	w.chunk_no = s.chunk_no;
	w.peak = chunk_inflater_peak(inf);
	cpu_stream_release(&s);
	chunk_inflater_free(inf);
	return w;
}

static void same_walk(struct fake_file *f, const char *what)
{
	struct walk alone = walk_cpu(f, false);

	/* the helper's timing varies: a chunk taken done, begun or not begun */
	for (int i = 0; i < 8; i++) {
		struct walk ahead = walk_cpu(f, true);

		ck_assert_msg(ahead.n == alone.n && ahead.sum == alone.sum, "%s: records differ", what);
		ck_assert_msg(ahead.peak <= tracedat_max_inflated(&f->td), "%s: %llu bytes held",
			      what, (unsigned long long)ahead.peak);
		ck_assert_msg(ahead.damaged == alone.damaged && ahead.damage == alone.damage &&
			      ahead.damage_offset == alone.damage_offset &&
			      ahead.fault == alone.fault && ahead.chunk_no == alone.chunk_no,
			      "%s: stops differ (fault %d, %d)", what, ahead.fault, alone.fault);
	}
}

/* The CPUs this test may run on (its affinity), as chunk_ahead_new() counts them. */
static int usable_cpu_count(void)
{
	cpu_set_t set;

	ck_assert_int_eq(sched_getaffinity(0, sizeof(set), &set), 0);
	return CPU_COUNT(&set);
}

/*
 * A CPU read with chunks inflated ahead reads exactly what it reads alone:
 * the same records, the same damage at the same place, the same faults
 * under --max-inflated (the helper's buffers give way to the reader's).
 */
START_TEST(ahead_reads_as_alone)
{
	struct fake_file f;
	uint32_t ps, z;
	size_t len;
	void *data = busy_cpu("traces/cyclictest-abs.dat", &len, &ps);
	struct chunk_ahead *probe;

	/* the machines here give two CPUs: without them nothing runs ahead */
	ck_assert_int_ge(usable_cpu_count(), 2);
	fake_file(&f, data, len, ps, -1);
	probe = chunk_ahead_new(&f.td, 1);
	ck_assert_ptr_nonnull(probe);
	chunk_ahead_free(probe);
	seal(&f);
	ck_assert(!walk_cpu(&f, false).damaged);
	same_walk(&f, "intact");
	for (uint64_t limit = ps / 2; limit <= 7 * ps; limit += ps / 2) {
		f.td.max_inflated = limit;
		same_walk(&f, "limited");
	}
	unseal(&f);

	/* a corrupt chunk inside a run: the run ends before it, the reader meets it */
	fake_file(&f, data, len, ps, 1);
	memcpy(&z, f.map + 4, 4);
	f.map[4 + 8 + z + 8 + z + 8 + 5] ^= 0xff;
	seal(&f);
	ck_assert(walk_cpu(&f, false).fault == CPU_STREAM_CHUNK_CORRUPT);
	same_walk(&f, "corrupt third chunk");
	unseal(&f);
	free(data);
}
END_TEST

/* A run inflates up to its first bad chunk; shedding gives its memory back. */
START_TEST(ahead_run_stops_at_bad_chunk)
{
	unsigned char plain[3][4096], packed[3][4200], *buf = NULL;
	struct ahead_chunk run[3];
	struct tracedat td = { .version = 7, .page_size = 4096, .compression = "zlib" };
	struct chunk_ahead *a = chunk_ahead_new(&td, 2);
	uint32_t cap = 0, len = 0;

	ck_assert_ptr_nonnull(a);
	for (int i = 0; i < 3; i++) {
		uLongf zlen = sizeof(packed[i]);

		memset(plain[i], 'a' + i, sizeof(plain[i]));
		ck_assert_int_eq(compress2(packed[i], &zlen, plain[i], 4096, 6), Z_OK);
		run[i] = (struct ahead_chunk){ packed[i], zlen, 4096 };
	}
	packed[1][3] ^= 0xff;
	ck_assert(chunk_ahead_post(a, 1, run, 3, 1 << 20));
	ck_assert_uint_eq(chunk_ahead_bytes(a), 3 * 4096);
	for (int i = 0; i < 10000 && !chunk_ahead_done(a, 1); i++)
		usleep(1000);
	ck_assert(chunk_ahead_done(a, 1));
	ck_assert_int_eq(chunk_ahead_take(a, 1, packed[0], &buf, &cap, &len), 1);
	ck_assert_uint_eq(len, 4096);
	ck_assert_uint_eq(cap, 3 * 4096);
	ck_assert_mem_eq(buf, plain[0], 4096);
	ck_assert_uint_eq(chunk_ahead_bytes(a), 0);
	/* taken once only; another chunk's bytes take nothing */
	ck_assert_int_eq(chunk_ahead_take(a, 1, packed[0], &buf, &cap, &len), 0);
	ck_assert(chunk_ahead_post(a, 0, &run[2], 1, 1 << 20));
	for (int i = 0; i < 10000 && !chunk_ahead_done(a, 0); i++)
		usleep(1000);
	ck_assert_int_eq(chunk_ahead_take(a, 0, packed[0], &buf, &cap, &len), 0);
	/* over the room: not posted */
	ck_assert(!chunk_ahead_post(a, 0, run, 3, 2 * 4096));
	ck_assert(chunk_ahead_post(a, 0, &run[2], 1, 1 << 20));
	chunk_ahead_shed(a);
	ck_assert_uint_eq(chunk_ahead_bytes(a), 0);
	ck_assert_int_eq(chunk_ahead_take(a, 0, packed[2], &buf, &cap, &len), 0);
	chunk_ahead_free(a);
	free(buf);
}
END_TEST

/* A helper runs only with a spare CPU: one per process sharing the CPUs it may use. */
START_TEST(ahead_needs_a_spare_cpu)
{
	struct tracedat td = { .version = 7, .page_size = 4096, .compression = "zlib" };
	cpu_set_t all, one;
	struct chunk_ahead *a;

	ck_assert_int_ge(usable_cpu_count(), 2);
	ck_assert_int_eq(sched_getaffinity(0, sizeof(all), &all), 0);
	a = chunk_ahead_new(&td, 1);
	ck_assert_ptr_nonnull(a);
	chunk_ahead_free(a);
	/* a batch of as many jobs as CPUs: none */
	chunk_ahead_share(CPU_COUNT(&all));
	ck_assert_ptr_null(chunk_ahead_new(&td, 1));
	chunk_ahead_share(1);
	/* taskset -c to one CPU: none, whatever is online */
	CPU_ZERO(&one);
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &all)) {
			CPU_SET(cpu, &one);
			break;
		}
	ck_assert_int_eq(sched_setaffinity(0, sizeof(one), &one), 0);
	a = chunk_ahead_new(&td, 1);
	ck_assert_int_eq(sched_setaffinity(0, sizeof(all), &all), 0);
	ck_assert_ptr_null(a);
}
END_TEST

/* ---- formatting damaged records ---- */

struct formatted {
	struct trace_input	*in;
	int			refused;
};

static int format_one(void *data, const struct trace_record *rec)
{
	struct formatted *f = data;
	char line[512];

	trace_input_format(f->in, &rec->ref, line, sizeof(line));
	if (strstr(line, "not the layout of print"))
		f->refused++;
	return 0;
}

/*
 * A print record of 4 bytes (found by fuzzing): libtraceevent printed it
 * with malloc() of a negative length. The reader does not give it (it is
 * damage, reported with its offset), and formatting it by that offset is
 * refused, not printed.
 */
START_TEST(short_record_not_printed)
{
	struct formatted f = { 0 };
	struct trace_damage d;
	struct trace_ref ref;
	char err[TRACE_ERR_LEN], line[512];

	ck_assert_int_eq(open_with("tests/regressions/print-too-short.dat", NULL, TRACE_READER_FAST,
				   &f.in, err), 0);
	ck_assert_int_eq(trace_input_iterate(f.in, format_one, &f), 0);
	ck_assert_int_eq(f.refused, 0);
	ck_assert_int_eq(trace_input_damages(f.in, &d, 1), 1);
	ck_assert_str_eq(d.what, "a record shorter than its event's fields");
	ref = (struct trace_ref){ .offset = d.offset, .cpu = d.cpu };
	trace_input_format(f.in, &ref, line, sizeof(line));
	ck_assert_msg(strstr(line, "not the layout of print"), "%s", line);
	trace_input_close(f.in);
}
END_TEST

/* ---- formats parsed when a record of theirs is printed ---- */

/* A copy of @path with each of @n event names replaced, same length. */
static char *renamed_copy(const char *path, const char *const *from, const char *const *to,
			  int n)
{
	char *out = strdup("/tmp/trace-reader-test-XXXXXX");
	unsigned char *p;
	long len;
	FILE *f = fopen(path, "rb");
	int fd;

	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	p = malloc(len);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(fread(p, 1, len, f), len);
	fclose(f);
	for (int k = 0; k < n; k++) {
		long size = strlen(from[k]), i;

		for (i = 0; i + size <= len && memcmp(p + i, from[k], size); i++)
			;
		ck_assert_msg(i + size <= len, "%s: no '%s'", path, from[k]);
		ck_assert_uint_eq(strlen(to[k]), size);
		memcpy(p + i, to[k], size);
	}
	fd = mkstemp(out);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, p, len), len);
	close(fd);
	free(p);
	return out;
}

struct met {
	struct trace_ref	other[64];	/* the first records of other events */
	int			nr;
};

static int keep_others(void *data, const struct trace_record *rec)
{
	struct met *m = data;

	if (rec->kind == TRACE_OTHER && m->nr < 64)
		m->other[m->nr++] = rec->ref;
	return 0;
}

static struct event_format_ref *ref_named(struct event_formats *ef, const char *name)
{
	for (int i = 0; i < ef->nr_refs; i++)
		if (!strcmp(ef->refs[i].name, name))
			return &ef->refs[i];
	ck_abort_msg("no format named %s", name);
	return NULL;
}

static const char *const crash_from[] = { "name: sched_switch\n", "name: sched_waking\n" };
static const char *const crash_to[] = { "name: sched_switcX\n", "name: sched_wakinX\n" };

/*
 * print-fmt-dot.dat, whose sched_switch format crashes libtraceevent, with
 * sched_switch and sched_waking renamed: the replay decodes neither, so
 * both wait unparsed. Tried together in one child, sched_switcX's crashes
 * it and is refused; sched_wakinX's, after it, is tried again and parsed.
 */
START_TEST(formats_tried_together)
{
	char *path = renamed_copy("tests/regressions/print-fmt-dot.dat", crash_from, crash_to, 2);
	struct event_format_ref *batch[2];
	struct event_formats ef;
	struct tracedat *td;
	char err[TRACE_ERR_LEN];

	td = open_td(path);
	unlink(path);
	free(path);
	ck_assert_int_eq(event_formats_open(td, NULL, &ef, err, sizeof(err)), 0);
	ck_assert_int_eq(format_trial_open(&ef, trace_decode_wants, NULL, NULL, err, sizeof(err)),
			 0);
	ck_assert_int_eq(event_formats_parse_open(&ef, trace_decode_wants, NULL, NULL, err,
						  sizeof(err)), 0);
	batch[0] = ref_named(&ef, "sched_switcX");
	batch[1] = ref_named(&ef, "sched_wakinX");
	ck_assert(!batch[0]->parsed && !batch[1]->parsed);
	format_trial_parse(&ef, batch, 2);
	ck_assert(batch[0]->refused && !batch[0]->parsed);
	ck_assert(batch[1]->parsed && !batch[1]->refused);
	ck_assert_ptr_null(tep_find_event_by_name(ef.tep, "sched", "sched_switcX"));
	ck_assert_ptr_nonnull(tep_find_event_by_name(ef.tep, "sched", "sched_wakinX"));
	event_formats_free(&ef);
	tracedat_close(td);
}
END_TEST

/*
 * The same file read for a report: the records of both events print, the
 * refused one's as of no known event, whichever is printed first.
 */
START_TEST(met_formats_printed)
{
	char *path = renamed_copy("tests/regressions/print-fmt-dot.dat", crash_from, crash_to, 2);
	char err[TRACE_ERR_LEN], line[512];
	int waking = 0, refused = 0;
	struct trace_input *in;
	struct met m = { 0 };

	ck_assert_msg(!open_with(path, NULL, TRACE_READER_FAST, &in, err), "%s",
		      err);
	unlink(path);
	free(path);
	ck_assert_int_eq(trace_input_iterate(in, keep_others, &m), 0);
	ck_assert_int_gt(m.nr, 1);
	for (int i = 0; i < m.nr; i++) {
		trace_input_format(in, &m.other[i], line, sizeof(line));
		waking += !!strstr(line, "sched_wakinX:");
		refused += !!strstr(line, "not the layout of any event");
	}
	ck_assert_int_gt(waking, 0);
	ck_assert_int_gt(refused, 0);
	ck_assert_int_eq(waking + refused, m.nr);
	trace_input_close(in);
}
END_TEST

/* ---- the kallsyms, checked by the reader ---- */

/*
 * A zstd file whose kallsyms block does not inflate: tracedat_check_texts()
 * leaves that section to the reader, which refuses the file all the same,
 * whichever reader, with the message the check in its place gave.
 */
START_TEST(corrupt_kallsyms_refused)
{
	const char *path = "tests/data/tracedat/top-v7-zstd.dat";
	struct tracedat *td = open_td(path);
	uint64_t at = td->sections[TRACEDAT_SEC_KALLSYMS].offset + 20;
	char *copy = strdup("/tmp/trace-reader-test-XXXXXX"), err[TRACE_ERR_LEN];
	static const enum trace_reader readers[] = { TRACE_READER_FAST, TRACE_READER_LIBTRACECMD };
	struct trace_input *in;
	unsigned char *p;
	long len;
	FILE *f;
	int fd;

	ck_assert(td->sections[TRACEDAT_SEC_KALLSYMS].compressed);
	tracedat_close(td);
	f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	p = malloc(len);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(fread(p, 1, len, f), len);
	fclose(f);
	for (int i = 0; i < 16; i++)
		p[at + i] ^= 0x55;
	fd = mkstemp(copy);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, p, len), len);
	close(fd);
	free(p);
	for (size_t i = 0; i < sizeof(readers) / sizeof(readers[0]); i++) {
		ck_assert_int_eq(open_with(copy, NULL, readers[i], &in, err), -1);
		ck_assert_msg(strstr(err, "corrupt compressed block at offset"), "%s", err);
	}
	unlink(copy);
	free(copy);
}
END_TEST

/* ---- files left to libtracecmd ---- */

/* A copy of @path whose option @id (found before @text) becomes DATE. */
static char *with_date_option(const char *path, const char *text)
{
	static const char tmpl[] = "/tmp/trace-reader-test-XXXXXX";
	char *out = strdup(tmpl);
	unsigned char *p;
	long len;
	FILE *f;
	int fd;

	f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	p = malloc(len);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(fread(p, 1, len, f), len);
	fclose(f);
	for (long i = 6; i + (long)strlen(text) < len; i++) {
		if (memcmp(p + i, text, strlen(text)))
			continue;
		ck_assert_int_eq(p[i - 6], 9);		/* the VERSION option */
		p[i - 6] = 1;				/* DATE */
		break;
	}
	fd = mkstemp(out);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, p, len), len);
	close(fd);
	free(p);
	return out;
}

static void left_to_libtracecmd(const char *path)
{
	struct trace_input *in;
	struct tracedat *td = open_td(path);
	char err[TRACE_ERR_LEN];

	ck_assert(td->changes_timestamps);
	tracedat_close(td);
	ck_assert_int_ne(open_with(path, NULL, TRACE_READER_FAST, &in, err), 0);
	ck_assert_str_eq(err, "options that change timestamps");
	ck_assert_int_eq(open_with(path, NULL, TRACE_READER_AUTO, &in, err), 0);
	ck_assert_int_eq(trace_input_reader(in), TRACE_READER_LIBTRACECMD);
	trace_input_close(in);
}

START_TEST(time_options_decline)
{
	char *v6 = with_date_option("traces/mutex-nonpi.dat", "rvreplay ");
	char *v7 = with_date_option("tests/data/tracedat/top-v7-none.dat", "3.1.6");
	glob_t g;

	left_to_libtracecmd(v6);
	left_to_libtracecmd(v7);
	unlink(v6);
	unlink(v7);
	free(v6);
	free(v7);
	traces(&g);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		struct tracedat *td = open_td(g.gl_pathv[i]);

		ck_assert(!td->changes_timestamps);
		tracedat_close(td);
	}
	globfree(&g);
}
END_TEST

Suite *trace_reader_suite(void)
{
	Suite *s = suite_create("trace_reader");
	TCase *pages = tcase_create("pages");
	TCase *records = tcase_create("records");
	TCase *chunks = tcase_create("chunks");

	tcase_add_test(pages, pages_as_kbuffer);
	tcase_add_test(pages, big_endian_pages_as_kbuffer);
	tcase_add_test(pages, mutated_pages_as_kbuffer);
	tcase_set_timeout(pages, 120);
	tcase_add_test(records, records_as_libtracecmd);
	tcase_add_test(records, callback_stops_both);
	tcase_add_test(records, time_options_decline);
	tcase_add_test(records, short_record_not_printed);
	tcase_add_test(records, formats_tried_together);
	tcase_add_test(records, met_formats_printed);
	tcase_add_test(records, corrupt_kallsyms_refused);
	tcase_set_timeout(records, 240);
	tcase_add_test(chunks, zlib_chunks_stream);
	tcase_add_test(chunks, damage_ends_the_cpu);
	tcase_add_test(chunks, ahead_reads_as_alone);
	tcase_add_test(chunks, ahead_run_stops_at_bad_chunk);
	tcase_add_test(chunks, ahead_needs_a_spare_cpu);
	suite_add_tcase(s, pages);
	suite_add_tcase(s, records);
	suite_add_tcase(s, chunks);
	return s;
}
