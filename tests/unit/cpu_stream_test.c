// SPDX-License-Identifier: GPL-2.0-only
/*
 * A CPU's pages streamed by the fast reader (parsers/records/cpu_stream.c): from
 * zlib chunks as from plain pages, damaged data ending the CPU, and chunks
 * inflated ahead by a helper thread (parsers/records/chunk_ahead.c) read exactly
 * as alone.
 */
#define _GNU_SOURCE /* sched_getaffinity(), CPU_COUNT() */
#include <check.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

#include "chunk_ahead.h"
#include "cpu_stream.h"
#include "tracedat_fixture.h"

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
	struct tracedat *td = open_ok(path);
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

/**
 * cpu_stream_suite - the tests of parsers/records/cpu_stream.c and parsers/records/chunk_ahead.c
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *cpu_stream_suite(void)
{
	Suite *s = suite_create("cpu_stream");
	TCase *chunks = tcase_create("chunks");

	tcase_add_test(chunks, zlib_chunks_stream);
	tcase_add_test(chunks, damage_ends_the_cpu);
	tcase_add_test(chunks, ahead_reads_as_alone);
	tcase_add_test(chunks, ahead_run_stops_at_bad_chunk);
	tcase_add_test(chunks, ahead_needs_a_spare_cpu);
	suite_add_tcase(s, chunks);
	return s;
}
