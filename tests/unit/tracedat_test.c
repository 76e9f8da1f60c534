/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The trace.dat container reader: real traces written by trace-cmd 3.1.6
 * (tests/data/tracedat, see its README), files this test writes itself
 * (zlib, big endian, chained options: what trace-cmd here cannot make),
 * and a table of bad inputs that must be refused with a message.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "../../parsers/tracedat.h"

#define DATA		"tests/data/tracedat/"
#define ERRLEN		256
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

/* ---- a small trace.dat writer ---- */

struct wbuf {
	unsigned char	*p;
	size_t		len;
	size_t		cap;
	bool		be;
};

static void put(struct wbuf *w, const void *d, size_t n)
{
	if (w->len + n > w->cap) {
		w->cap = (w->len + n) * 2 + 64;
		w->p = realloc(w->p, w->cap);
		ck_assert_ptr_nonnull(w->p);
	}
	if (n)
		memcpy(w->p + w->len, d, n);
	w->len += n;
}

static void put_at(struct wbuf *w, size_t at, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		w->p[at + i] = v >> (8 * (w->be ? bytes - 1 - i : i));
}

static size_t put_num(struct wbuf *w, uint64_t v, int bytes)
{
	static const unsigned char zero[8];
	size_t at = w->len;

	put(w, zero, bytes);
	put_at(w, at, v, bytes);
	return at;
}

static void put_str(struct wbuf *w, const char *s)
{
	put(w, s, strlen(s) + 1);
}

static void pad_to(struct wbuf *w, size_t align)
{
	static const unsigned char zero[1];

	while (w->len % align)
		put(w, zero, 1);
}

struct gen_cpu {
	int		cpu;
	void		*data;
	size_t		len;
};

struct gen_buffer {
	const char	*name;
	const char	*clock;
	int		nr_cpus;
	struct gen_cpu	cpus[4];
};

struct gen_spec {
	int			version;
	bool			be;
	const char		*comp;		/* "none", "zlib", "zstd" */
	bool			size_with_count; /* chunk size as later trace-cmd */
	bool			split_options;	/* BUFFER options in a 2nd section */
	unsigned int		page;
	int			nr_cpus;
	struct wbuf		sec[TRACEDAT_NR_SECTIONS]; /* uncompressed payloads */
	const char		*uname;
	const char		*clocks;
	const char		*stats[4];
	int			nr_buffers;
	struct gen_buffer	buffers[2];	/* [0]: the top instance */
	/* where the writer put things, to corrupt them on purpose */
	size_t			done_next_at;
	size_t			first_options;
	size_t			v6_named_at;	/* the named BUFFER's offset */
	size_t			v6_top_at;	/* the top "flyrecord" */
};

static void compress_into(const char *comp, const void *in, size_t len, struct wbuf *w)
{
	size_t cap = ZSTD_compressBound(len) + compressBound(len);
	unsigned char *out = malloc(cap);
	uLongf zlen = cap;

	ck_assert_ptr_nonnull(out);
	if (!strcmp(comp, "zlib")) {
		ck_assert_int_eq(compress2(out, &zlen, in, len, 9), Z_OK);
	} else {
		zlen = ZSTD_compress(out, cap, in, len, 3);
		ck_assert(!ZSTD_isError(zlen));
	}
	put_num(w, zlen, 4);
	put_num(w, len, 4);
	put(w, out, zlen);
	free(out);
}

static void gen_header(struct gen_spec *s, struct wbuf *w)
{
	unsigned char flags[2] = { s->be, 8 };

	put(w, "\x17\x08\x44tracing", 10);
	put_str(w, s->version == 6 ? "6" : "7");
	put(w, flags, 2);
	put_num(w, s->page, 4);
	if (s->version == 7) {
		put_str(w, s->comp);
		put_str(w, strcmp(s->comp, "none") ? "1.0" : "");
	}
}

static void gen_option_text(struct wbuf *w, int id, const char *text)
{
	put_num(w, id, 2);
	put_num(w, strlen(text) + 1, 4);
	put_str(w, text);
}

static void gen_common_options(struct gen_spec *s, struct wbuf *w)
{
	int i;

	if (s->uname)
		gen_option_text(w, 5, s->uname);
	if (s->clocks)
		gen_option_text(w, 4, s->clocks);
	for (i = 0; i < 4 && s->stats[i]; i++)
		gen_option_text(w, 2, s->stats[i]);
}

/* v6: "flyrecord\0", the CPU table, the clock, then page-aligned data. */
static void gen_v6_flyrecord(struct gen_spec *s, struct wbuf *w, struct gen_buffer *b)
{
	size_t table;
	int i;

	put(w, "flyrecord", 10);
	table = w->len;
	for (i = 0; i < s->nr_cpus; i++) {
		put_num(w, 0, 8);
		put_num(w, 0, 8);
	}
	if (s->clocks) {
		put_num(w, strlen(b->clock) + 2, 8);
		put(w, "[", 1);
		put(w, b->clock, strlen(b->clock));
		put(w, "]", 1);
	}
	for (i = 0; i < b->nr_cpus; i++) {
		pad_to(w, s->page);
		put_at(w, table + 16 * b->cpus[i].cpu, w->len, 8);
		put_at(w, table + 16 * b->cpus[i].cpu + 8, b->cpus[i].len, 8);
		put(w, b->cpus[i].data, b->cpus[i].len);
	}
}

static void gen_v6(struct gen_spec *s, struct wbuf *w)
{
	size_t named_at = 0;
	int i;

	gen_header(s, w);
	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++)
		put(w, s->sec[i].p, s->sec[i].len);
	put_num(w, s->nr_cpus, 4);
	put(w, "options  ", 10);
	gen_common_options(s, w);
	if (s->nr_buffers > 1) {
		put_num(w, 3, 2);
		put_num(w, 8 + strlen(s->buffers[1].name) + 1, 4);
		named_at = put_num(w, 0, 8);
		put_str(w, s->buffers[1].name);
	}
	put_num(w, 0, 2);
	s->v6_named_at = named_at;
	s->v6_top_at = w->len;
	gen_v6_flyrecord(s, w, &s->buffers[0]);
	if (s->nr_buffers > 1) {
		put_at(w, named_at, w->len, 8);
		gen_v6_flyrecord(s, w, &s->buffers[1]);
	}
}

static size_t gen_section_start(struct wbuf *w, int id, int flags)
{
	size_t at = w->len;

	put_num(w, id, 2);
	put_num(w, flags, 2);
	put_num(w, 0, 4);
	put_num(w, 0, 8);
	return at;
}

static void gen_section_end(struct wbuf *w, size_t at)
{
	put_at(w, at + 8, w->len - at - 16, 8);
}

static void gen_chunks(struct gen_spec *s, struct wbuf *w, struct gen_cpu *c, size_t *size)
{
	size_t start = w->len, chunk = 10 * s->page, off, n;
	size_t count_at = put_num(w, 0, 4);
	int chunks = 0;

	for (off = 0; off < c->len; off += n, chunks++) {
		n = c->len - off < chunk ? c->len - off : chunk;
		compress_into(s->comp, (char *)c->data + off, n, w);
	}
	put_at(w, count_at, chunks, 4);
	*size = w->len - start - (s->size_with_count ? 0 : 4);
}

/* A BUFFER section; its option goes to @opts. */
static void gen_v7_buffer(struct gen_spec *s, struct wbuf *w, struct gen_buffer *b,
			  struct wbuf *opts)
{
	bool comp = strcmp(s->comp, "none");
	size_t sec = gen_section_start(w, 3, comp), option, size[4];
	uint64_t offset[4];
	int i;

	for (i = 0; i < b->nr_cpus; i++) {
		pad_to(w, s->page);
		offset[i] = w->len;
		size[i] = b->cpus[i].len;
		if (comp)
			gen_chunks(s, w, &b->cpus[i], &size[i]);
		else
			put(w, b->cpus[i].data, b->cpus[i].len);
	}
	gen_section_end(w, sec);
	put_num(opts, 3, 2);
	option = put_num(opts, 0, 4);
	put_num(opts, sec, 8);
	put_str(opts, b->name);
	put_str(opts, b->clock);
	put_num(opts, s->page, 4);
	put_num(opts, b->nr_cpus, 4);
	for (i = 0; i < b->nr_cpus; i++) {
		put_num(opts, b->cpus[i].cpu, 4);
		put_num(opts, offset[i], 8);
		put_num(opts, size[i], 8);
	}
	put_at(opts, option, opts->len - option - 4, 4);
}

static void gen_v7_sections(struct gen_spec *s, struct wbuf *w, struct wbuf *opts)
{
	bool comp = strcmp(s->comp, "none");
	size_t at;
	int i;

	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++) {
		at = gen_section_start(w, 16 + i, comp);
		if (comp)
			compress_into(s->comp, s->sec[i].p, s->sec[i].len, w);
		else
			put(w, s->sec[i].p, s->sec[i].len);
		gen_section_end(w, at);
		put_num(opts, 16 + i, 2);
		put_num(opts, 8, 4);
		put_num(opts, at, 8);
	}
}

static size_t gen_v7_options(struct gen_spec *s, struct wbuf *w, struct wbuf *opts)
{
	size_t at = gen_section_start(w, 0, 0), next;

	put(w, opts->p, opts->len);
	put_num(w, 0, 2);
	put_num(w, 8, 4);
	next = put_num(w, 0, 8);
	gen_section_end(w, at);
	s->done_next_at = next;
	return at;
}

static void gen_v7(struct gen_spec *s, struct wbuf *w)
{
	struct wbuf opts = { .be = s->be }, bufopts = { .be = s->be };
	size_t first_at, at, prev_next;
	int i;

	gen_header(s, w);
	first_at = put_num(w, 0, 8);
	gen_v7_sections(s, w, &opts);
	for (i = 0; i < s->nr_buffers; i++)
		gen_v7_buffer(s, w, &s->buffers[i], s->split_options ? &bufopts : &opts);
	gen_common_options(s, &opts);
	put_num(&opts, 8, 2);
	put_num(&opts, 4, 4);
	put_num(&opts, s->nr_cpus, 4);
	s->first_options = gen_v7_options(s, w, &opts);
	put_at(w, first_at, s->first_options, 8);
	if (s->split_options) {
		prev_next = s->done_next_at;
		at = gen_v7_options(s, w, &bufopts);
		put_at(w, prev_next, at, 8);
	}
	free(opts.p);
	free(bufopts.p);
}

static void write_file(const char *path, const void *p, size_t len)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	if (len)
		ck_assert_uint_eq(fwrite(p, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
}

static char *temp_path(void)
{
	char *path = strdup("/tmp/tracedat-test-XXXXXX");
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	close(fd);
	return path;
}

/* Writes the file for @s, opens it; the path is unlinked at once. */
static int gen_open(struct gen_spec *s, struct wbuf *w, struct tracedat **td, char *err)
{
	char *path = temp_path();
	int ret;

	w->be = s->be;
	if (s->version == 6)
		gen_v6(s, w);
	else
		gen_v7(s, w);
	write_file(path, w->p, w->len);
	ret = tracedat_open(path, td, err, ERRLEN);
	unlink(path);
	free(path);
	return ret;
}

static void gen_free(struct gen_spec *s)
{
	int i, j;

	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++)
		free(s->sec[i].p);
	for (i = 0; i < s->nr_buffers; i++)
		for (j = 0; j < s->buffers[i].nr_cpus; j++)
			free(s->buffers[i].cpus[j].data);
}

/* ---- helpers on real files ---- */

static struct tracedat *open_ok(const char *path)
{
	char err[ERRLEN] = "";
	struct tracedat *td;

	ck_assert_msg(!tracedat_open(path, &td, err, sizeof(err)), "%s: %s", path, err);
	return td;
}

static void *cpu_bytes(const struct tracedat *td, const struct tracedat_buffer *b, int i,
		       size_t *len)
{
	char err[ERRLEN] = "";
	void *data;

	ck_assert_msg(!tracedat_read_cpu(td, b, i, &data, len, err, sizeof(err)), "%s", err);
	return data;
}

static void *section_bytes(const struct tracedat *td, enum tracedat_section sec, size_t *len)
{
	char err[ERRLEN] = "";
	void *data;

	ck_assert_msg(!tracedat_read_section(td, sec, &data, len, err, sizeof(err)),
		      "%s: %s", tracedat_section_name(sec), err);
	return data;
}

static char *text_of(const struct tracedat *td, enum tracedat_text text, size_t *len)
{
	char err[ERRLEN] = "";
	char *out;

	ck_assert_msg(!tracedat_read_text(td, text, &out, len, err, sizeof(err)), "%s", err);
	return out;
}

/* Copy a real file's sections and data into a spec, to write it again. */
static void spec_from(struct gen_spec *s, const struct tracedat *td)
{
	const struct tracedat_buffer *top = &td->buffers[0];
	int i;

	s->page = td->page_size;
	s->nr_cpus = td->nr_cpus;
	s->uname = strdup(td->uname);
	s->clocks = strdup(td->trace_clocks);
	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++)
		s->sec[i].p = section_bytes(td, i, &s->sec[i].len);
	s->nr_buffers = 1;
	s->buffers[0].name = "";
	s->buffers[0].clock = strdup(top->clock);
	s->buffers[0].nr_cpus = top->nr_cpus;
	for (i = 0; i < top->nr_cpus; i++) {
		s->buffers[0].cpus[i].cpu = top->cpus[i].cpu;
		s->buffers[0].cpus[i].data = cpu_bytes(td, top, i, &s->buffers[0].cpus[i].len);
	}
}

static void assert_same_data(const struct tracedat *a, const struct tracedat *b)
{
	const struct tracedat_buffer *ba = &a->buffers[0], *bb = &b->buffers[0];
	size_t la, lb;
	void *da, *db;
	int i;

	ck_assert_int_eq(ba->nr_cpus, bb->nr_cpus);
	for (i = 0; i < ba->nr_cpus; i++) {
		da = cpu_bytes(a, ba, i, &la);
		db = cpu_bytes(b, bb, i, &lb);
		ck_assert_uint_eq(la, lb);
		ck_assert(!memcmp(da, db, la));
		free(da);
		free(db);
	}
	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++) {
		da = section_bytes(a, i, &la);
		db = section_bytes(b, i, &lb);
		ck_assert_uint_eq(la, lb);
		ck_assert(!memcmp(da, db, la));
		free(da);
		free(db);
	}
}

/* ---- real traces ---- */

static const char *const real_files[] = {
	DATA "top-v6.dat", DATA "top-v7-zstd.dat", DATA "top-v7-none.dat",
	DATA "named-v6.dat", DATA "named-v7-zstd.dat",
};

#define NR_REAL		((int)ARRAY_SIZE(real_files))

START_TEST(real_header)
{
	struct tracedat *td = open_ok(real_files[_i]);

	ck_assert_int_eq(td->version, strstr(real_files[_i], "v6") ? 6 : 7);
	ck_assert(!td->big_endian);
	ck_assert_int_eq(td->long_size, 8);
	ck_assert_uint_eq(td->page_size, 4096);
	ck_assert_str_eq(td->compression, strstr(real_files[_i], "zstd") ? "zstd" : "none");
	ck_assert_int_eq(td->nr_cpus, 2);
	ck_assert_str_eq(td->machine, "x86_64");
	ck_assert_ptr_nonnull(strstr(td->uname, td->kernel_release));
	ck_assert(!strncmp(td->uname, "Linux ", 6));
	ck_assert_str_eq(td->trace_clock, "mono");
	ck_assert_ptr_nonnull(strstr(td->trace_clocks, "[mono]"));
	ck_assert_str_eq(td->tracecmd_version, "3.1.6 not-a-git-repo");
	tracedat_close(td);
}
END_TEST

START_TEST(real_sections)
{
	struct tracedat *td = open_ok(real_files[_i]);
	size_t len;
	void *data;
	char *text;
	int i;

	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++) {
		ck_assert(td->sections[i].present);
		ck_assert_int_eq(td->sections[i].compressed, !strcmp(td->compression, "zstd"));
		data = section_bytes(td, i, &len);
		ck_assert_uint_eq(len, td->sections[i].usize);
		free(data);
	}
	text = text_of(td, TRACEDAT_TEXT_HEADER_PAGE, &len);
	ck_assert_ptr_nonnull(strstr(text, "field: local_t commit;"));
	free(text);
	text = text_of(td, TRACEDAT_TEXT_HEADER_EVENT, &len);
	ck_assert_ptr_nonnull(strstr(text, "type_len"));
	free(text);
	text = text_of(td, TRACEDAT_TEXT_KALLSYMS, &len);
	ck_assert_ptr_nonnull(strstr(text, " T try_to_wake_up\n"));
	free(text);
	text = text_of(td, TRACEDAT_TEXT_CMDLINES, &len);
	ck_assert_uint_gt(len, 0);
	free(text);
	tracedat_close(td);
}
END_TEST

struct format_count {
	int	ftrace;
	int	sched;
	bool	switch_seen;
};

static int count_format(void *data, const char *system, const char *format, size_t len)
{
	struct format_count *fc = data;

	if (!strcmp(system, "ftrace"))
		fc->ftrace++;
	if (!strcmp(system, "sched")) {
		fc->sched++;
		if (len > 19 && !memcmp(format, "name: sched_switch\n", 19))
			fc->switch_seen = true;
	}
	return 0;
}

static int stop_at_first(void *data, const char *system, const char *format, size_t len)
{
	(void)system;
	(void)format;
	(void)len;
	(*(int *)data)++;
	return 7;
}

START_TEST(real_formats)
{
	struct tracedat *td = open_ok(real_files[_i]);
	struct format_count fc = { 0 };
	char err[ERRLEN];
	int calls = 0;

	ck_assert_int_eq(tracedat_for_each_format(td, count_format, &fc, err, sizeof(err)), 0);
	ck_assert_int_gt(fc.ftrace, 10);
	ck_assert_int_gt(fc.sched, 10);
	ck_assert(fc.switch_seen);
	ck_assert_int_eq(tracedat_for_each_format(td, stop_at_first, &calls, err,
						  sizeof(err)), 7);
	ck_assert_int_eq(calls, 1);
	tracedat_close(td);
}
END_TEST

START_TEST(real_cpu_data)
{
	struct tracedat *td = open_ok(real_files[_i]);
	const struct tracedat_buffer *b;
	uint64_t total;
	size_t len;
	void *data;
	int i, j;

	for (i = 0; i < td->nr_buffers; i++) {
		b = &td->buffers[i];
		ck_assert_uint_eq(b->page_size, td->page_size);
		for (j = total = 0; j < b->nr_cpus; j++) {
			data = cpu_bytes(td, b, j, &len);
			ck_assert_uint_eq(len, b->cpus[j].data.usize);
			ck_assert_uint_eq(len % b->page_size, 0);
			ck_assert(b->cpus[j].data.offset % b->page_size == 0);
			total += len;
			free(data);
		}
		ck_assert_uint_gt(total, 0);
		ck_assert_uint_lt(total, 64 * 4096);
	}
	tracedat_close(td);
}
END_TEST

START_TEST(real_top_buffer)
{
	struct tracedat *td = open_ok(DATA "top-v7-zstd.dat");
	const struct tracedat_buffer *top = tracedat_buffer_find(td, "");

	ck_assert_ptr_eq(top, &td->buffers[0]);
	ck_assert_int_eq(td->nr_buffers, 1);
	ck_assert_str_eq(top->clock, "mono");
	ck_assert_int_eq(top->nr_cpus, 2);
	ck_assert(top->cpus[0].data.compressed);
	ck_assert_int_eq(top->nr_stats, 2);
	ck_assert_int_eq(top->stats[0].cpu, 0);
	ck_assert_int_eq(top->stats[0].overrun, 288);
	ck_assert_int_eq(top->stats[0].entries, 0);
	ck_assert_int_eq(top->stats[0].commit_overrun, 0);
	ck_assert_int_eq(top->stats[0].dropped_events, 0);
	ck_assert_int_eq(top->stats[0].read_events, 142);
	ck_assert_int_eq(top->stats[1].cpu, 1);
	ck_assert_ptr_null(tracedat_buffer_find(td, "td-named"));
	tracedat_close(td);
}
END_TEST

/* The same trace in three encodings: identical sections and pages. */
START_TEST(real_encodings_agree)
{
	struct tracedat *v6 = open_ok(DATA "top-v6.dat");
	struct tracedat *zstd = open_ok(DATA "top-v7-zstd.dat");
	struct tracedat *none = open_ok(DATA "top-v7-none.dat");

	assert_same_data(v6, zstd);
	assert_same_data(v6, none);
	tracedat_close(v6);
	tracedat_close(zstd);
	tracedat_close(none);
}
END_TEST

START_TEST(real_named_buffer)
{
	struct tracedat *td = open_ok(real_files[3 + _i]);
	const struct tracedat_buffer *named;

	ck_assert_int_eq(td->nr_buffers, 2);
	ck_assert_str_eq(td->buffers[0].name, "");
	named = tracedat_buffer_find(td, "td-named");
	ck_assert_ptr_eq(named, &td->buffers[1]);
	/* The instance traced with "global"; trace-cmd 3.1.6 records the top's clock. */
	ck_assert_str_eq(named->clock, "mono");
	/* Only CPU 0 traced: v7 lists the CPUs with data, v6 all of them. */
	ck_assert_int_eq(named->nr_cpus, td->version == 6 ? 2 : 1);
	ck_assert_int_eq(named->cpus[0].cpu, 0);
	ck_assert_uint_eq(named->cpus[0].data.usize, 8192);
	if (td->version == 6)
		ck_assert_uint_eq(named->cpus[1].data.size, 0);
	ck_assert_int_eq(named->nr_stats, 2);
	ck_assert_int_eq(named->stats[0].dropped_events, 284);
	ck_assert_int_eq(named->stats[0].read_events, 144);
	ck_assert_int_eq(td->buffers[0].stats[0].overrun, 288);
	tracedat_close(td);
}
END_TEST

/* ---- files written here ---- */

static void spec_from_real(struct gen_spec *s, const char *comp, int version)
{
	struct tracedat *td = open_ok(DATA "top-v7-zstd.dat");

	memset(s, 0, sizeof(*s));
	s->version = version;
	s->comp = comp;
	spec_from(s, td);
	tracedat_close(td);
}

static void spec_free_strings(struct gen_spec *s)
{
	free((char *)s->uname);
	free((char *)s->clocks);
	free((char *)s->buffers[0].clock);
}

START_TEST(written_zlib)
{
	struct tracedat *real = open_ok(DATA "top-v7-zstd.dat"), *td;
	struct gen_spec s;
	struct wbuf w = { 0 };
	char err[ERRLEN] = "";

	spec_from_real(&s, "zlib", 7);
	ck_assert_msg(!gen_open(&s, &w, &td, err), "%s", err);
	ck_assert_str_eq(td->compression, "zlib");
	ck_assert(td->buffers[0].cpus[0].data.compressed);
	assert_same_data(real, td);
	ck_assert_str_eq(td->machine, "x86_64");
	tracedat_close(td);
	tracedat_close(real);
	spec_free_strings(&s);
	gen_free(&s);
	free(w.p);
}
END_TEST

/* Chunk sizes with the count, BUFFER options in a second options section. */
START_TEST(written_chained_options)
{
	struct tracedat *real = open_ok(DATA "top-v7-zstd.dat"), *td;
	struct gen_spec s;
	struct wbuf w = { 0 };
	char err[ERRLEN] = "";

	spec_from_real(&s, "zstd", 7);
	s.size_with_count = true;
	s.split_options = true;
	ck_assert_msg(!gen_open(&s, &w, &td, err), "%s", err);
	assert_same_data(real, td);
	tracedat_close(td);
	tracedat_close(real);
	spec_free_strings(&s);
	gen_free(&s);
	free(w.p);
}
END_TEST

static void sized_text(struct wbuf *w, int bytes, const char *text)
{
	put_num(w, strlen(text), bytes);
	put(w, text, strlen(text));
}

/* Big-endian payloads built from scratch. */
static void spec_synthetic(struct gen_spec *s, int version, const char *comp)
{
	static const char page[] = "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n";
	static const char fmt[] = "name: demo\nID: 42\nformat:\n";
	int i;

	memset(s, 0, sizeof(*s));
	s->version = version;
	s->be = true;
	s->comp = comp;
	s->page = 4096;
	s->nr_cpus = 2;
	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++)
		s->sec[i].be = true;
	put(&s->sec[0], "header_page", 12);
	sized_text(&s->sec[0], 8, page);
	put(&s->sec[0], "header_event", 13);
	sized_text(&s->sec[0], 8, "# compressed entry header\n");
	put_num(&s->sec[1], 1, 4);
	sized_text(&s->sec[1], 8, fmt);
	put_num(&s->sec[2], 1, 4);
	put_str(&s->sec[2], "demo_sys");
	put_num(&s->sec[2], 2, 4);
	sized_text(&s->sec[2], 8, fmt);
	sized_text(&s->sec[2], 8, fmt);
	sized_text(&s->sec[3], 4, "ffffffff81000000 T _stext\n");
	sized_text(&s->sec[4], 4, "");
	sized_text(&s->sec[5], 8, "1 init\n");
	s->uname = "Linux host 6.1.0-ppc ppc64";
	s->clocks = "[local] global counter";
	s->stats[0] = "CPU: 1\nentries: 3\noverrun: 4\ncommit overrun: 5\nbytes: 6\n"
		      "dropped events: 7\nread events: 8\n";
	s->stats[1] = "\nBuffer: second\n\n";
	s->stats[2] = "entries: 1\noverrun: x\n";
	s->nr_buffers = 2;
	s->buffers[0] = (struct gen_buffer){ "", "local", 1, { { 1, NULL, 8192 } } };
	s->buffers[1] = (struct gen_buffer){ "second", "local", 1, { { 0, NULL, 4096 } } };
	for (i = 0; i < 2; i++) {
		s->buffers[i].cpus[0].data = malloc(s->buffers[i].cpus[0].len);
		memset(s->buffers[i].cpus[0].data, 0x5a + i, s->buffers[i].cpus[0].len);
	}
}

static void assert_synthetic(const struct tracedat *td)
{
	const struct tracedat_buffer *second = tracedat_buffer_find(td, "second");
	const struct tracedat_cpustat *st = &td->buffers[0].stats[0];
	char *text;
	size_t len;

	ck_assert(td->big_endian);
	ck_assert_str_eq(td->kernel_release, "6.1.0-ppc");
	ck_assert_str_eq(td->machine, "ppc64");
	ck_assert_str_eq(td->trace_clock, "local");
	ck_assert_int_eq(td->buffers[0].nr_stats, 1);
	ck_assert_int_eq(st->cpu, 1);
	ck_assert_int_eq(st->entries, 3);
	ck_assert_int_eq(st->overrun, 4);
	ck_assert_int_eq(st->commit_overrun, 5);
	ck_assert_int_eq(st->dropped_events, 7);
	ck_assert_int_eq(st->read_events, 8);
	ck_assert_ptr_nonnull(second);
	ck_assert_int_eq(second->nr_stats, 1);
	ck_assert_int_eq(second->stats[0].cpu, 0);
	ck_assert_int_eq(second->stats[0].entries, 1);
	ck_assert_int_eq(second->stats[0].overrun, TRACEDAT_UNKNOWN);
	ck_assert_int_eq(second->stats[0].read_events, TRACEDAT_UNKNOWN);
	text = text_of(td, TRACEDAT_TEXT_KALLSYMS, &len);
	ck_assert_str_eq(text, "ffffffff81000000 T _stext\n");
	free(text);
	text = text_of(td, TRACEDAT_TEXT_PRINTK, &len);
	ck_assert_uint_eq(len, 0);
	free(text);
}

static void written_be(int version, const char *comp)
{
	struct format_count fc = { 0 };
	const struct tracedat_buffer *top;
	struct tracedat *td;
	struct gen_spec s;
	struct wbuf w = { 0 };
	char err[ERRLEN] = "";
	size_t len;
	void *data;

	spec_synthetic(&s, version, comp);
	ck_assert_msg(!gen_open(&s, &w, &td, err), "%s", err);
	assert_synthetic(td);
	ck_assert_int_eq(tracedat_for_each_format(td, count_format, &fc, err, sizeof(err)), 0);
	ck_assert_int_eq(fc.ftrace, 1);
	top = tracedat_buffer_find(td, "");
	ck_assert_str_eq(top->clock, "local");
	data = cpu_bytes(td, top, version == 6 ? 1 : 0, &len);
	ck_assert_uint_eq(len, 8192);
	ck_assert_int_eq(((unsigned char *)data)[8191], 0x5a);
	free(data);
	tracedat_close(td);
	gen_free(&s);
	free(w.p);
}

START_TEST(written_big_endian)
{
	written_be(6, "none");
	written_be(7, "zstd");
	written_be(7, "zlib");
	written_be(7, "none");
}
END_TEST

/* ---- bad inputs ---- */

static void fill_random(struct wbuf *w, size_t n)
{
	uint32_t x = 12345;
	unsigned char b;

	while (n--) {
		x = x * 1103515245 + 12345;
		b = x >> 16;
		put(w, &b, 1);
	}
}

static void load(struct wbuf *w, const char *path)
{
	FILE *f = fopen(path, "r");
	unsigned char buf[4096];
	size_t n;

	ck_assert_ptr_nonnull(f);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		put(w, buf, n);
	fclose(f);
}

/* Offsets in a real file, found through the reader itself. */
static uint64_t where(const char *path, int what)
{
	struct tracedat *td = open_ok(path);
	uint64_t at = 0;

	switch (what) {
	case 0:	/* v6: the kallsyms size */
	case 1:	/* v7: a section's size field */
		at = td->sections[TRACEDAT_SEC_KALLSYMS].offset - (what ? 8 : 0);
		break;
	case 2:	/* v7: the first chunk's uncompressed size */
		at = td->buffers[0].cpus[0].data.offset + 8;
		break;
	case 3:	/* v7: inside the first chunk's compressed bytes */
		at = td->buffers[0].cpus[0].data.offset + 40;
		break;
	case 4:	/* v6: the first CPU data offset of the flyrecord */
		at = td->sections[TRACEDAT_SEC_CMDLINES].offset +
		     td->sections[TRACEDAT_SEC_CMDLINES].size;
		break;
	case 5:	/* v7: inside the kallsyms compressed block */
		at = td->sections[TRACEDAT_SEC_KALLSYMS].offset + 20;
		break;
	}
	tracedat_close(td);
	return at;
}

static void patch(struct wbuf *w, uint64_t at, uint64_t v, int bytes)
{
	ck_assert_uint_le(at + bytes, w->len);
	put_at(w, at, v, bytes);
}

static void bad_empty(struct wbuf *w) { (void)w; }
static void bad_random(struct wbuf *w) { fill_random(w, 4096); }

static void bad_text(struct wbuf *w)
{
	put(w, "This is not a trace.\nJust text.\n", 32);
}

static void bad_magic(struct wbuf *w)
{
	load(w, DATA "top-v6.dat");
	w->p[1] = 0x09;
}

static void bad_version(struct wbuf *w, char v)
{
	load(w, DATA "top-v6.dat");
	w->p[10] = v;
}

static void bad_version5(struct wbuf *w) { bad_version(w, '5'); }
static void bad_version8(struct wbuf *w) { bad_version(w, '8'); }

static void bad_version_long(struct wbuf *w)
{
	put(w, "\x17\x08\x44tracing", 10);
	put(w, "7777777777777777", 16);
}

static void bad_kallsyms_size(struct wbuf *w)
{
	load(w, DATA "top-v6.dat");
	patch(w, where(DATA "top-v6.dat", 0), 0xffffffff, 4);
}

static void bad_cpu_offset(struct wbuf *w)
{
	uint64_t at = where(DATA "top-v6.dat", 4);

	load(w, DATA "top-v6.dat");
	/* after the CPU count come the options, then "flyrecord" */
	while (at + 10 < w->len && memcmp(w->p + at, "flyrecord", 10))
		at++;
	patch(w, at + 10, 0xfffffffffffff000ULL, 8);
}

static void bad_cpu_count(struct wbuf *w)
{
	uint64_t at = where(DATA "top-v6.dat", 4);

	load(w, DATA "top-v6.dat");
	patch(w, at, 0x7fffffff, 4);
}

static void bad_section_size(struct wbuf *w)
{
	load(w, DATA "top-v7-zstd.dat");
	patch(w, where(DATA "top-v7-zstd.dat", 1), 1ULL << 62, 8);
}

static void bad_chunk_usize(struct wbuf *w)
{
	load(w, DATA "top-v7-zstd.dat");
	patch(w, where(DATA "top-v7-zstd.dat", 2), 0xffffffff, 4);
}

static void bad_page_size(struct wbuf *w)
{
	load(w, DATA "top-v7-zstd.dat");
	patch(w, 14, 4095, 4);
}

static void bad_compression(struct wbuf *w)
{
	load(w, DATA "top-v7-zstd.dat");
	memcpy(w->p + 18, "lz4\0", 4);
}

static void bad_endian(struct wbuf *w)
{
	load(w, DATA "top-v7-zstd.dat");
	w->p[12] = 2;
}

static void written(struct wbuf *w, struct gen_spec *s)
{
	spec_from_real(s, "zstd", 7);
	w->be = false;
	gen_v7(s, w);
	spec_free_strings(s);
	gen_free(s);
}

static void bad_options_loop(struct wbuf *w)
{
	struct gen_spec s;

	written(w, &s);
	put_at(w, s.done_next_at, s.first_options, 8);
}

static void bad_option_size(struct wbuf *w)
{
	struct gen_spec s;

	written(w, &s);
	/* the first option of the first options section */
	put_at(w, s.first_options + 16 + 2, 0x7fffffff, 4);
}

static void bad_no_options(struct wbuf *w)
{
	struct gen_spec s;

	written(w, &s);
	put_at(w, 18 + 5 + 4, 0, 8);
}

static void bad_shared_table(struct wbuf *w)
{
	struct gen_spec s;

	spec_synthetic(&s, 6, "none");
	w->be = true;
	gen_v6(&s, w);
	put_at(w, s.v6_named_at, s.v6_top_at, 8);
	gen_free(&s);
}

struct bad_case {
	const char	*what;
	void		(*make)(struct wbuf *w);
	const char	*message;
};

static const struct bad_case bad_cases[] = {
	{ "empty file", bad_empty, "empty file" },
	{ "random bytes", bad_random, "bad magic" },
	{ "text file", bad_text, "bad magic" },
	{ "wrong magic", bad_magic, "bad magic" },
	{ "version 5", bad_version5, "unsupported trace.dat version 5" },
	{ "version 8", bad_version8, "unsupported trace.dat version 8" },
	{ "endless version", bad_version_long, "bad file version" },
	{ "v6 kallsyms size 4G", bad_kallsyms_size, "runs past the end" },
	{ "v6 CPU data offset", bad_cpu_offset, "outside the file" },
	{ "v6 CPU count 2^31", bad_cpu_count, "bad CPU count" },
	{ "v7 section size 2^62", bad_section_size, "runs past the end" },
	{ "v7 chunk of 4G", bad_chunk_usize, "bad compressed chunk" },
	{ "page size 4095", bad_page_size, "bad page size" },
	{ "unknown compression", bad_compression, "unsupported compression 'lz4'" },
	{ "endianness 2", bad_endian, "bad endianness" },
	{ "options loop", bad_options_loop, "loop back" },
	{ "option size 2G", bad_option_size, "runs past its end" },
	{ "no options", bad_no_options, "no options section" },
	{ "v6 shared CPU table", bad_shared_table, "shares its CPU table" },
};

#define NR_BAD		((int)ARRAY_SIZE(bad_cases))

static int open_bytes(const void *p, size_t len, char *err)
{
	char *path = temp_path();
	struct tracedat *td;
	int ret;

	write_file(path, p, len);
	ret = tracedat_open(path, &td, err, ERRLEN);
	unlink(path);
	free(path);
	if (!ret)
		tracedat_close(td);
	return ret;
}

START_TEST(bad_input)
{
	const struct bad_case *bc = &bad_cases[_i];
	struct wbuf w = { 0 };
	char err[ERRLEN] = "";

	bc->make(&w);
	ck_assert_msg(open_bytes(w.p, w.len, err), "%s: opened", bc->what);
	ck_assert_msg(strstr(err, bc->message), "%s: \"%s\"", bc->what, err);
	free(w.p);
}
END_TEST

START_TEST(bad_path)
{
	char err[ERRLEN] = "";
	struct tracedat *td;

	ck_assert_int_eq(tracedat_open(DATA "no-such.dat", &td, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "cannot open"));
	ck_assert_ptr_null(td);
	ck_assert_int_eq(tracedat_open(DATA, &td, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "not a regular file");
}
END_TEST

/* Cut before the end: refused (v7 ends with a strings section, unread). */
START_TEST(truncated)
{
	struct wbuf w = { 0 };
	char err[ERRLEN];
	size_t cut;

	load(&w, real_files[_i]);
	for (cut = 0; cut + 512 < w.len; cut += cut < 64 ? 1 : 211) {
		err[0] = '\0';
		ck_assert_msg(open_bytes(w.p, cut, err), "%s cut at %zu: opened",
			      real_files[_i], cut);
		ck_assert_msg(err[0], "%s cut at %zu: no message", real_files[_i], cut);
	}
	free(w.p);
}
END_TEST

/* Damage the open can't see: reading the bytes reports it. */
START_TEST(corrupt_compressed)
{
	const char *path = DATA "top-v7-zstd.dat";
	struct wbuf w = { 0 };
	char err[ERRLEN] = "", *text, *p = temp_path();
	struct tracedat *td;
	size_t len;
	void *data;
	int i;

	load(&w, path);
	for (i = 0; i < 16; i++) {
		w.p[where(path, 3) + i] ^= 0x55;
		w.p[where(path, 5) + i] ^= 0x55;
	}
	write_file(p, w.p, w.len);
	ck_assert_msg(!tracedat_open(p, &td, err, sizeof(err)), "%s", err);
	unlink(p);
	ck_assert_int_eq(tracedat_read_cpu(td, &td->buffers[0], 0, &data, &len, err,
					   sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "corrupt compressed data of CPU 0"));
	ck_assert_int_eq(tracedat_read_text(td, TRACEDAT_TEXT_KALLSYMS, &text, &len, err,
					    sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "corrupt compressed block"));
	ck_assert_int_eq(tracedat_read_cpu(td, &td->buffers[0], 5, &data, &len, err,
					   sizeof(err)), -1);
	tracedat_close(td);
	free(p);
	free(w.p);
}
END_TEST

/**
 * tracedat_suite - the tests of parsers/tracedat.c
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *tracedat_suite(void)
{
	Suite *s = suite_create("tracedat");
	TCase *real = tcase_create("real traces");
	TCase *written = tcase_create("written here");
	TCase *bad = tcase_create("bad input");

	tcase_add_loop_test(real, real_header, 0, NR_REAL);
	tcase_add_loop_test(real, real_sections, 0, NR_REAL);
	tcase_add_loop_test(real, real_formats, 0, NR_REAL);
	tcase_add_loop_test(real, real_cpu_data, 0, NR_REAL);
	tcase_add_test(real, real_top_buffer);
	tcase_add_test(real, real_encodings_agree);
	tcase_add_loop_test(real, real_named_buffer, 0, 2);
	tcase_add_test(written, written_zlib);
	tcase_add_test(written, written_chained_options);
	tcase_add_test(written, written_big_endian);
	tcase_add_loop_test(bad, bad_input, 0, NR_BAD);
	tcase_add_test(bad, bad_path);
	tcase_add_loop_test(bad, truncated, 0, NR_REAL);
	tcase_add_test(bad, corrupt_compressed);
	tcase_set_timeout(bad, 60);
	suite_add_tcase(s, real);
	suite_add_tcase(s, written);
	suite_add_tcase(s, bad);
	return s;
}
