// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trace.dat container reader: real traces written by trace-cmd 3.1.6
 * (tests/data/tracedat, see its README), files this test writes with the
 * recorder's builder (zlib, big endian, chained options: what trace-cmd
 * here cannot make), and a table of bad inputs that must be refused with a
 * message.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tracedat.h"
#include "../../recorder/tracedat_build.h"
#include "../../recorder/tracedat_write.h"

#define DATA		"tests/data/tracedat/"
#define ERRLEN		256
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

/* ---- files written here, described for the recorder's builder ---- */

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
	struct tracedat_bytes	sec[TRACEDAT_NR_SECTIONS]; /* uncompressed payloads */
	const char		*uname;
	const char		*clocks;
	const char		*stats[4];
	int			nr_buffers;
	struct gen_buffer	buffers[2];	/* [0]: the top instance */
	/* where the builder put things, to corrupt them on purpose */
	struct tracedat_layout	layout;
	int			options_sec;	/* the (first) options section */
	int			top_sec;	/* the top buffer's section */
	int			named_opt;	/* v6: the named BUFFER option */
};

#define GEN_SECTIONS	(TRACEDAT_NR_SECTIONS + 5)
#define GEN_OPTIONS	(TRACEDAT_NR_SECTIONS + 12)

/* The description of @spec's file, and what it points at. */
struct gen_desc {
	struct tracedat_desc		desc;
	struct tracedat_desc_section	secs[GEN_SECTIONS];
	int				nr_secs;
	struct tracedat_desc_option	opts[2][GEN_OPTIONS];	/* per options section */
	int				nr_opts[2];
	struct tracedat_desc_cpu	cpus[2][4];
	struct tracedat_bytes		count;		/* the CPU count */
};

static struct tracedat_desc_section *gen_section(struct gen_desc *g,
						 enum tracedat_desc_kind kind, int id,
						 bool comp)
{
	struct tracedat_desc_section *sec;

	ck_assert_int_lt(g->nr_secs, GEN_SECTIONS);
	sec = &g->secs[g->nr_secs++];
	sec->kind = kind;
	sec->id = id;
	sec->flags = comp;
	sec->compress = comp;
	return sec;
}

static void gen_data(struct gen_desc *g, const struct tracedat_bytes *b, int id, bool comp)
{
	struct tracedat_desc_section *sec = gen_section(g, TRACEDAT_DESC_DATA, id, comp);

	sec->data = b->p;
	sec->len = b->len;
}

static void gen_option(struct gen_desc *g, int set, struct tracedat_desc_option opt)
{
	ck_assert_int_lt(g->nr_opts[set], GEN_OPTIONS);
	g->opts[set][g->nr_opts[set]++] = opt;
}

static void gen_option_text(struct gen_desc *g, int set, int id, const char *text)
{
	gen_option(g, set, (struct tracedat_desc_option){ .id = id, .data = text,
							  .len = strlen(text) + 1 });
}

static void gen_buffer_option(struct gen_desc *g, int set,
			      const struct tracedat_desc_section *target)
{
	gen_option(g, set, (struct tracedat_desc_option){ .kind = TRACEDAT_OPT_BUFFER,
							  .id = TRACEDAT_OPTION_BUFFER,
							  .target = target });
}

static struct tracedat_desc_section *gen_options(struct gen_desc *g, int set)
{
	struct tracedat_desc_section *sec = gen_section(g, TRACEDAT_DESC_OPTIONS, 0, false);

	sec->options = g->opts[set];
	sec->nr_options = g->nr_opts[set];
	return sec;
}

static void gen_common_options(struct gen_spec *s, struct gen_desc *g)
{
	int i;

	if (s->uname)
		gen_option_text(g, 0, TRACEDAT_OPTION_UNAME, s->uname);
	if (s->clocks)
		gen_option_text(g, 0, TRACEDAT_OPTION_TRACECLOCK, s->clocks);
	for (i = 0; i < 4 && s->stats[i]; i++)
		gen_option_text(g, 0, TRACEDAT_OPTION_CPUSTAT, s->stats[i]);
}

/* v6: a "flyrecord" (its clock only with a TRACECLOCK option); v7: a section. */
static void gen_buffer(struct gen_spec *s, struct gen_desc *g, int i)
{
	struct gen_buffer *b = &s->buffers[i];
	struct tracedat_desc_section *sec;
	int k;

	sec = gen_section(g, TRACEDAT_DESC_BUFFER, TRACEDAT_OPTION_BUFFER,
			  s->version == 7 && strcmp(s->comp, "none"));
	sec->name = b->name;
	sec->clock = s->version == 7 || s->clocks ? b->clock : NULL;
	sec->nr_cpus = b->nr_cpus;
	sec->cpus = g->cpus[i];
	for (k = 0; k < b->nr_cpus; k++)
		g->cpus[i][k] = (struct tracedat_desc_cpu){ .cpu = b->cpus[k].cpu,
							    .data = b->cpus[k].data,
							    .len = b->cpus[k].len };
}

/* Sections, the CPU count, options (a BUFFER one for the named buffer), buffers. */
static void gen_v6(struct gen_spec *s, struct gen_desc *g)
{
	int i;

	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++)
		gen_data(g, &s->sec[i], 0, false);
	gen_data(g, &g->count, 0, false);
	s->options_sec = g->nr_secs;
	s->top_sec = s->options_sec + 1;
	gen_common_options(s, g);
	if (s->nr_buffers > 1) {
		s->named_opt = g->nr_opts[0];
		gen_buffer_option(g, 0, &g->secs[s->top_sec + 1]);
	}
	gen_options(g, 0);
	for (i = 0; i < s->nr_buffers; i++)
		gen_buffer(s, g, i);
}

/* Sections, buffers, then the options sections that point at them. */
static void gen_v7(struct gen_spec *s, struct gen_desc *g)
{
	struct tracedat_desc_section *first;
	bool comp = strcmp(s->comp, "none");
	int i;

	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++) {
		gen_data(g, &s->sec[i], TRACEDAT_OPTION_HEADER_INFO + i, comp);
		gen_option(g, 0, (struct tracedat_desc_option){
			.kind = TRACEDAT_OPT_OFFSET,
			.id = TRACEDAT_OPTION_HEADER_INFO + i,
			.target = &g->secs[i] });
	}
	s->top_sec = g->nr_secs;
	for (i = 0; i < s->nr_buffers; i++) {
		gen_buffer(s, g, i);
		gen_buffer_option(g, s->split_options, &g->secs[s->top_sec + i]);
	}
	gen_common_options(s, g);
	gen_option(g, 0, (struct tracedat_desc_option){ .id = TRACEDAT_OPTION_CPUCOUNT,
							.data = g->count.p, .len = 4 });
	s->options_sec = g->nr_secs;
	first = gen_options(g, 0);
	if (s->split_options)
		first->next = gen_options(g, 1);
	g->desc.first_options = first;
}

static void gen_describe(struct gen_spec *s, struct gen_desc *g)
{
	int i;

	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++)
		ck_assert(!s->sec[i].failed);
	memset(g, 0, sizeof(*g));
	g->count.big_endian = s->be;
	tracedat_bytes_put_num(&g->count, s->nr_cpus, 4);
	ck_assert(!g->count.failed);
	if (s->version == 6)
		gen_v6(s, g);
	else
		gen_v7(s, g);
	g->desc.version = s->version;
	g->desc.big_endian = s->be;
	g->desc.long_size = 8;
	g->desc.page_size = s->page;
	g->desc.compression = s->comp;
	g->desc.compression_version = strcmp(s->comp, "none") ? "1.0" : "";
	g->desc.nr_cpus = s->nr_cpus;
	g->desc.chunk_size = 10 * s->page;
	g->desc.size_with_count = s->size_with_count;
	g->desc.nr_sections = g->nr_secs;
	g->desc.sections = g->secs;
}

/* Builds the file for @s into @w; where things went is in s->layout. */
static void gen_build(struct gen_spec *s, struct tracedat_bytes *w)
{
	char err[ERRLEN] = "";
	struct gen_desc g;

	gen_describe(s, &g);
	w->big_endian = s->be;
	ck_assert_msg(!tracedat_build_mem(&g.desc, w, &s->layout, err, sizeof(err)), "%s", err);
	tracedat_bytes_free(&g.count);
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
static int gen_open(struct gen_spec *s, struct tracedat_bytes *w, struct tracedat **td,
		    char *err)
{
	char *path = temp_path();
	int ret;

	gen_build(s, w);
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
		tracedat_bytes_free(&s->sec[i]);
	for (i = 0; i < s->nr_buffers; i++)
		for (j = 0; j < s->buffers[i].nr_cpus; j++)
			free(s->buffers[i].cpus[j].data);
	tracedat_layout_free(&s->layout);
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
	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++) {
		s->sec[i].p = section_bytes(td, i, &s->sec[i].len);
		s->sec[i].cap = s->sec[i].len;
	}
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
	struct tracedat_bytes w = { 0 };
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
	tracedat_bytes_free(&w);
}
END_TEST

/* Chunk sizes with the count, BUFFER options in a second options section. */
START_TEST(written_chained_options)
{
	struct tracedat *real = open_ok(DATA "top-v7-zstd.dat"), *td;
	struct gen_spec s;
	struct tracedat_bytes w = { 0 };
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
	tracedat_bytes_free(&w);
}
END_TEST

static void sized_text(struct tracedat_bytes *w, int bytes, const char *text)
{
	tracedat_bytes_put_sized(w, bytes, text, strlen(text));
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
		s->sec[i].big_endian = true;
	tracedat_bytes_put(&s->sec[0], "header_page", 12);
	sized_text(&s->sec[0], 8, page);
	tracedat_bytes_put(&s->sec[0], "header_event", 13);
	sized_text(&s->sec[0], 8, "# compressed entry header\n");
	tracedat_bytes_put_num(&s->sec[1], 1, 4);
	sized_text(&s->sec[1], 8, fmt);
	tracedat_bytes_put_num(&s->sec[2], 1, 4);
	tracedat_bytes_put_str(&s->sec[2], "demo_sys");
	tracedat_bytes_put_num(&s->sec[2], 2, 4);
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
	struct tracedat_bytes w = { 0 };
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
	tracedat_bytes_free(&w);
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

static void fill_random(struct tracedat_bytes *w, size_t n)
{
	uint32_t x = 12345;
	unsigned char b;

	while (n--) {
		x = x * 1103515245 + 12345;
		b = x >> 16;
		tracedat_bytes_put(w, &b, 1);
	}
}

static void load(struct tracedat_bytes *w, const char *path)
{
	FILE *f = fopen(path, "r");
	unsigned char buf[4096];
	size_t n;

	ck_assert_ptr_nonnull(f);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		tracedat_bytes_put(w, buf, n);
	fclose(f);
	ck_assert(!w->failed);
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

static void patch(struct tracedat_bytes *w, uint64_t at, uint64_t v, int bytes)
{
	ck_assert_int_eq(tracedat_bytes_patch(w, at, v, bytes), 0);
}

static void bad_empty(struct tracedat_bytes *w) { (void)w; }
static void bad_random(struct tracedat_bytes *w) { fill_random(w, 4096); }

static void bad_text(struct tracedat_bytes *w)
{
	tracedat_bytes_put(w, "This is not a trace.\nJust text.\n", 32);
}

static void bad_magic(struct tracedat_bytes *w)
{
	load(w, DATA "top-v6.dat");
	w->p[1] = 0x09;
}

static void bad_version(struct tracedat_bytes *w, char v)
{
	load(w, DATA "top-v6.dat");
	w->p[10] = v;
}

static void bad_version5(struct tracedat_bytes *w) { bad_version(w, '5'); }
static void bad_version8(struct tracedat_bytes *w) { bad_version(w, '8'); }

static void bad_version_long(struct tracedat_bytes *w)
{
	tracedat_bytes_put(w, TRACEDAT_MAGIC, TRACEDAT_MAGIC_LEN);
	tracedat_bytes_put(w, "7777777777777777", 16);
}

static void bad_kallsyms_size(struct tracedat_bytes *w)
{
	load(w, DATA "top-v6.dat");
	patch(w, where(DATA "top-v6.dat", 0), 0xffffffff, 4);
}

static void bad_cpu_offset(struct tracedat_bytes *w)
{
	uint64_t at = where(DATA "top-v6.dat", 4);

	load(w, DATA "top-v6.dat");
	/* after the CPU count come the options, then "flyrecord" */
	while (at + 10 < w->len && memcmp(w->p + at, "flyrecord", 10))
		at++;
	patch(w, at + 10, 0xfffffffffffff000ULL, 8);
}

static void bad_cpu_count(struct tracedat_bytes *w)
{
	uint64_t at = where(DATA "top-v6.dat", 4);

	load(w, DATA "top-v6.dat");
	patch(w, at, 0x7fffffff, 4);
}

static void bad_section_size(struct tracedat_bytes *w)
{
	load(w, DATA "top-v7-zstd.dat");
	patch(w, where(DATA "top-v7-zstd.dat", 1), 1ULL << 62, 8);
}

static void bad_chunk_usize(struct tracedat_bytes *w)
{
	load(w, DATA "top-v7-zstd.dat");
	patch(w, where(DATA "top-v7-zstd.dat", 2), 0xffffffff, 4);
}

static void bad_page_size(struct tracedat_bytes *w)
{
	load(w, DATA "top-v7-zstd.dat");
	patch(w, 14, 4095, 4);
}

static void bad_compression(struct tracedat_bytes *w)
{
	load(w, DATA "top-v7-zstd.dat");
	memcpy(w->p + 18, "lz4\0", 4);
}

static void bad_endian(struct tracedat_bytes *w)
{
	load(w, DATA "top-v7-zstd.dat");
	w->p[12] = 2;
}

/* The real file written again, for the bad_* below to damage and release. */
static void written(struct tracedat_bytes *w, struct gen_spec *s)
{
	spec_from_real(s, "zstd", 7);
	gen_build(s, w);
}

static void written_free(struct gen_spec *s)
{
	spec_free_strings(s);
	gen_free(s);
}

static void bad_options_loop(struct tracedat_bytes *w)
{
	const struct tracedat_layout_section *opts;
	struct gen_spec s;

	written(w, &s);
	/* the DONE option of the first options section points back at it */
	opts = &s.layout.sections[s.options_sec];
	patch(w, opts->options[opts->nr_options] + 6, opts->at, 8);
	written_free(&s);
}

static void bad_option_size(struct tracedat_bytes *w)
{
	struct gen_spec s;

	written(w, &s);
	/* the first option of the first options section */
	patch(w, s.layout.sections[s.options_sec].options[0] + 2, 0x7fffffff, 4);
	written_free(&s);
}

static void bad_no_options(struct tracedat_bytes *w)
{
	struct gen_spec s;

	written(w, &s);
	patch(w, s.layout.options_ref, 0, 8);
	written_free(&s);
}

static void bad_shared_table(struct tracedat_bytes *w)
{
	struct gen_spec s;

	spec_synthetic(&s, 6, "none");
	gen_build(&s, w);
	/* the named buffer's option points at the top "flyrecord" */
	patch(w, s.layout.sections[s.options_sec].options[s.named_opt] + 6,
	      s.layout.sections[s.top_sec].at, 8);
	gen_free(&s);
}

struct bad_case {
	const char	*what;
	void		(*make)(struct tracedat_bytes *w);
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
	struct tracedat_bytes w = { 0 };
	char err[ERRLEN] = "";

	bc->make(&w);
	ck_assert(!w.failed);
	ck_assert_msg(open_bytes(w.p, w.len, err), "%s: opened", bc->what);
	ck_assert_msg(strstr(err, bc->message), "%s: \"%s\"", bc->what, err);
	tracedat_bytes_free(&w);
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
	struct tracedat_bytes w = { 0 };
	char err[ERRLEN];
	size_t cut;

	load(&w, real_files[_i]);
	for (cut = 0; cut + 512 < w.len; cut += cut < 64 ? 1 : 211) {
		err[0] = '\0';
		ck_assert_msg(open_bytes(w.p, cut, err), "%s cut at %zu: opened",
			      real_files[_i], cut);
		ck_assert_msg(err[0], "%s cut at %zu: no message", real_files[_i], cut);
	}
	tracedat_bytes_free(&w);
}
END_TEST

/* Damage the open can't see: reading the bytes reports it. */
START_TEST(corrupt_compressed)
{
	const char *path = DATA "top-v7-zstd.dat";
	struct tracedat_bytes w = { 0 };
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
	tracedat_bytes_free(&w);
}
END_TEST

/* ---- the builder: what it refuses, where it puts things ---- */

struct build_base {
	struct tracedat_desc		desc;
	struct tracedat_desc_section	secs[3];	/* data, options, buffer */
	struct tracedat_desc_option	opt;
	struct tracedat_desc_cpu	cpu;
};

/* A small file: a section, options pointing at it, a buffer of one page. */
static void build_base(struct build_base *b, int version, bool comp)
{
	static const char payload[] = "payload", page[4096];

	memset(b, 0, sizeof(*b));
	b->secs[0] = (struct tracedat_desc_section){ .kind = TRACEDAT_DESC_DATA, .id = 16,
		.flags = comp, .compress = comp, .data = payload, .len = sizeof(payload) };
	b->opt = (struct tracedat_desc_option){ .kind = TRACEDAT_OPT_OFFSET, .id = 16,
		.target = &b->secs[0] };
	b->secs[1] = (struct tracedat_desc_section){ .kind = TRACEDAT_DESC_OPTIONS,
		.flags = comp, .compress = comp, .nr_options = 1, .options = &b->opt };
	b->cpu = (struct tracedat_desc_cpu){ .cpu = 1, .data = page, .len = sizeof(page) };
	b->secs[2] = (struct tracedat_desc_section){ .kind = TRACEDAT_DESC_BUFFER, .id = 3,
		.flags = comp, .compress = comp, .clock = "local", .nr_cpus = 1, .cpus = &b->cpu };
	b->desc = (struct tracedat_desc){ .version = version, .long_size = 8, .page_size = 4096,
		.compression = comp ? "zstd" : "none", .first_options = &b->secs[1],
		.nr_cpus = 2, .nr_sections = 3, .sections = b->secs };
}

static void spoil_version(struct build_base *b) { b->desc.version = 5; }
static void spoil_sections(struct build_base *b) { b->desc.nr_sections = -1; }
static void spoil_v6_comp(struct build_base *b) { b->secs[0].compress = true; }
static void spoil_lz4(struct build_base *b) { b->desc.compression = "lz4"; }
static void spoil_target(struct build_base *b) { b->opt.target = &b->secs[3]; }
static void spoil_no_data(struct build_base *b) { b->secs[0].data = NULL; }
static void spoil_cpu(struct build_base *b) { b->cpu.cpu = 2; }
static void spoil_cpu_file(struct build_base *b)
{
	b->cpu.data = NULL;
	b->cpu.path = "/nonexistent/cpu0.raw";
}

static void spoil_buffer_option(struct build_base *b)
{
	b->opt.kind = TRACEDAT_OPT_BUFFER;
}

static void spoil_chunk(struct build_base *b)
{
	b->desc.chunk_size = TRACEDAT_BUILD_MAX_CHUNK + 1;
}

static void spoil_forward(struct build_base *b)
{
	b->opt.kind = TRACEDAT_OPT_BUFFER;
	b->opt.target = &b->secs[2];
}

static const struct build_case {
	const char	*what;
	void		(*spoil)(struct build_base *b);
	int		version;
	bool		comp;
	const char	*message;
} build_cases[] = {
	{ "version 5", spoil_version, 7, false, "version 5: only 6 and 7" },
	{ "section count -1", spoil_sections, 7, false, "bad section count -1" },
	{ "v6 compressed", spoil_v6_comp, 6, false, "section 0: compressed in a version 6" },
	{ "unknown compression", spoil_lz4, 7, true, "compressed, but with 'lz4'" },
	{ "option target elsewhere", spoil_target, 7, false, "option 0: no target section" },
	{ "BUFFER option at data", spoil_buffer_option, 7, false, "is no buffer section" },
	{ "no data", spoil_no_data, 6, false, "section 0: 8 bytes but no data" },
	{ "v6 CPU 2 of 2", spoil_cpu, 6, false, "CPU 2 outside the file's 2 CPUs" },
	{ "chunk too large", spoil_chunk, 7, true, "bad chunk size" },
	{ "compressed points forward", spoil_forward, 7, true, "point forward to section 2" },
	{ "CPU file missing", spoil_cpu_file, 6, false, "/nonexistent/cpu0.raw: cannot read" },
};

#define NR_BUILD	((int)ARRAY_SIZE(build_cases))

START_TEST(build_refused)
{
	const struct build_case *bc = &build_cases[_i];
	struct tracedat_bytes out = { 0 };
	struct tracedat_layout layout;
	char err[ERRLEN] = "";
	struct build_base b;

	build_base(&b, bc->version, bc->comp);
	ck_assert_msg(!tracedat_build_mem(&b.desc, &out, NULL, err, sizeof(err)), "%s", err);
	tracedat_bytes_free(&out);
	bc->spoil(&b);
	ck_assert_int_eq(tracedat_build_mem(&b.desc, &out, &layout, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, bc->message), "%s: \"%s\"", bc->what, err);
	ck_assert_ptr_null(layout.sections);
	tracedat_bytes_free(&out);
}
END_TEST

START_TEST(build_refused_null)
{
	struct tracedat_bytes out = { .limit = 100 };
	char err[ERRLEN] = "";
	struct build_base b;

	ck_assert_int_eq(tracedat_build_mem(NULL, &out, NULL, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "no description");
	build_base(&b, 7, false);
	ck_assert_int_eq(tracedat_build_mem(&b.desc, &out, NULL, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "over 100 bytes"));
	ck_assert_int_eq(tracedat_build_fd(&b.desc, -1, "x.dat", NULL, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "x.dat: cannot seek"));
	tracedat_bytes_free(&out);
}
END_TEST

static uint64_t number_at(const struct tracedat_bytes *w, uint64_t at, int bytes)
{
	uint64_t v = 0;
	int i;

	ck_assert_uint_le(at + bytes, w->len);
	for (i = bytes - 1; i >= 0; i--)
		v = v << 8 | w->p[at + i];
	return v;
}

/* Offsets filled in, where the layout says; a compressed options section too. */
START_TEST(build_layout)
{
	struct tracedat_bytes out = { 0 };
	const struct tracedat_layout_section *buf;
	struct tracedat_layout layout;
	char err[ERRLEN] = "";
	struct build_base b;

	build_base(&b, _i ? 7 : 6, _i == 2);
	ck_assert_msg(!tracedat_build_mem(&b.desc, &out, &layout, err, sizeof(err)), "%s", err);
	ck_assert_uint_eq(layout.size, out.len);
	buf = &layout.sections[2];
	ck_assert_int_eq(buf->nr_cpus, 1);
	ck_assert_uint_eq(buf->cpus[0] % 4096, 0);
	if (_i == 0) {
		/* v6: the flyrecord's table, entry of CPU 1 */
		ck_assert_uint_eq(number_at(&out, buf->at + 10 + 16, 8), buf->cpus[0]);
		ck_assert_uint_eq(number_at(&out, buf->at + 10 + 24, 8), 4096);
		ck_assert_uint_eq(number_at(&out, layout.sections[1].options[0] + 6, 8),
				  layout.sections[0].at);
	} else {
		ck_assert_uint_eq(number_at(&out, layout.options_ref, 8), layout.sections[1].at);
		ck_assert_uint_eq(number_at(&out, buf->at + 8, 8), buf->end - buf->data);
	}
	if (_i == 1)
		ck_assert_uint_eq(number_at(&out, layout.sections[1].options[0] + 6, 8),
				  layout.sections[0].at);
	if (_i == 2)
		ck_assert_uint_eq(layout.sections[1].options[0], 0);
	tracedat_layout_free(&layout);
	tracedat_bytes_free(&out);
}
END_TEST

/* A file in @dir, holding @text. */
static void put_text(const char *dir, const char *name, const char *text)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	write_file(path, text, strlen(text));
}

/*
 * The recorder's writer with CPU 1 offline: CPU 2's pages must stay CPU 2's
 * (entry 2 of the v6 table), CPU 1 recorded as empty.
 */
START_TEST(writer_offline_cpu)
{
	char dir[] = "/tmp/tracedat-writer-XXXXXX", path[4200], err[ERRLEN] = "";
	static unsigned char page0[4096] = { 1 }, page2[8192] = { 2 };
	struct tracedat_write_cpu cpus[2];
	const struct tracedat_buffer *b;
	struct tracedat *td;
	char p0[4200], p2[4200];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/ftrace", dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/ftrace/print", dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	put_text(dir, "header_page", "field: u64 timestamp;\n");
	put_text(dir, "header_event", "# compressed entry header\n");
	put_text(dir, "ftrace/print/format", "name: print\nID: 5\n");
	snprintf(p0, sizeof(p0), "%s/cpu0", dir);
	snprintf(p2, sizeof(p2), "%s/cpu2", dir);
	write_file(p0, page0, sizeof(page0));
	write_file(p2, page2, sizeof(page2));
	cpus[0] = (struct tracedat_write_cpu){ .cpu = 0, .data_path = p0 };
	cpus[1] = (struct tracedat_write_cpu){ .cpu = 2, .data_path = p2 };
	snprintf(path, sizeof(path), "%s/trace.dat", dir);
	ck_assert_msg(!tracedat_write(path, &(struct tracedat_write_input){
		.events_dir = dir, .clock = "[local] global", .uname = "Linux h 6.1.0 x86_64",
		.page_size = 4096, .nr_cpus = 2, .cpus = cpus }, err, sizeof(err)), "%s", err);
	td = open_ok(path);
	ck_assert_int_eq(td->nr_cpus, 3);
	b = tracedat_buffer_find(td, "");
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(b->nr_cpus, 3);
	ck_assert_uint_eq(b->cpus[0].data.usize, sizeof(page0));
	ck_assert_uint_eq(b->cpus[1].data.usize, 0);
	ck_assert_uint_eq(b->cpus[2].data.usize, sizeof(page2));
	tracedat_close(td);
	for (const char *f = "trace.dat\0cpu0\0cpu2\0header_page\0header_event\0"
			     "ftrace/print/format\0ftrace/print\0ftrace\0"; *f; f += strlen(f) + 1) {
		snprintf(path, sizeof(path), "%s/%s", dir, f);
		remove(path);
	}
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/**
 * tracedat_suite - the tests of parsers/container/tracedat.c and recorder/tracedat_build.c
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *tracedat_suite(void)
{
	Suite *s = suite_create("tracedat");
	TCase *real = tcase_create("real traces");
	TCase *written = tcase_create("written here");
	TCase *bad = tcase_create("bad input");
	TCase *build = tcase_create("builder");

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
	tcase_add_test(written, writer_offline_cpu);
	tcase_add_loop_test(bad, bad_input, 0, NR_BAD);
	tcase_add_test(bad, bad_path);
	tcase_add_loop_test(bad, truncated, 0, NR_REAL);
	tcase_add_test(bad, corrupt_compressed);
	tcase_set_timeout(bad, 60);
	suite_add_tcase(s, real);
	suite_add_tcase(s, written);
	suite_add_tcase(s, bad);
	tcase_add_loop_test(build, build_refused, 0, NR_BUILD);
	tcase_add_test(build, build_refused_null);
	tcase_add_loop_test(build, build_layout, 0, 3);
	suite_add_tcase(s, build);
	return s;
}
