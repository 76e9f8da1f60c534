// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test fixture: trace.dat files for the reader's tests (tracedat_fixture.h).
 * Every helper fails the running test (ck_assert) rather than return an
 * error.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tracedat_fixture.h"

/* ---- real files ---- */

const char *const real_files[NR_REAL] = {
	DATA "top-v6.dat", DATA "top-v7-zstd.dat", DATA "top-v7-none.dat",
	DATA "named-v6.dat", DATA "named-v7-zstd.dat",
};

static const char *const globs[] = { "traces/*.dat", "tests/data/tracedat/*.dat" };

/**
 * bundled_traces - every trace of traces/ and tests/data/tracedat
 * @g: set to their paths, to free with globfree()
 */
void bundled_traces(glob_t *g)
{
	memset(g, 0, sizeof(*g));
	for (size_t i = 0; i < sizeof(globs) / sizeof(globs[0]); i++)
		glob(globs[i], i ? GLOB_APPEND : 0, NULL, g);
	ck_assert_uint_gt(g->gl_pathc, 10);
}

/**
 * open_ok - tracedat_open() that must succeed
 * @path: the file
 *
 * Returns the open file, to close with tracedat_close().
 */
struct tracedat *open_ok(const char *path)
{
	char err[ERRLEN] = "";
	struct tracedat *td;

	ck_assert_msg(!tracedat_open(path, &td, err, sizeof(err)), "%s: %s", path, err);
	return td;
}

/**
 * cpu_bytes - a CPU's data, which must read
 * @td: the file
 * @b: its buffer
 * @i: the CPU's index in @b
 * @len: set to the data's length
 *
 * Returns the data, to free().
 */
void *cpu_bytes(const struct tracedat *td, const struct tracedat_buffer *b, int i,
		size_t *len)
{
	char err[ERRLEN] = "";
	void *data;

	ck_assert_msg(!tracedat_read_cpu(td, b, i, &data, len, err, sizeof(err)), "%s", err);
	return data;
}

/**
 * section_bytes - a section's payload, which must read
 * @td: the file
 * @sec: the section
 * @len: set to the payload's length
 *
 * Returns the payload, to free().
 */
void *section_bytes(const struct tracedat *td, enum tracedat_section sec, size_t *len)
{
	char err[ERRLEN] = "";
	void *data;

	ck_assert_msg(!tracedat_read_section(td, sec, &data, len, err, sizeof(err)),
		      "%s: %s", tracedat_section_name(sec), err);
	return data;
}

/**
 * text_of - a text of the file, which must read
 * @td: the file
 * @text: which text
 * @len: set to its length
 *
 * Returns the text, to free().
 */
char *text_of(const struct tracedat *td, enum tracedat_text text, size_t *len)
{
	char err[ERRLEN] = "";
	char *out;

	ck_assert_msg(!tracedat_read_text(td, text, &out, len, err, sizeof(err)), "%s", err);
	return out;
}

/**
 * assert_same_data - the top buffers' CPU data and the sections are identical
 * @a: one file
 * @b: the other
 */
void assert_same_data(const struct tracedat *a, const struct tracedat *b)
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

/* ---- bytes and files ---- */

/**
 * load - appends a file's bytes, which must read
 * @w: the bytes
 * @path: the file
 */
void load(struct tracedat_bytes *w, const char *path)
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

/**
 * write_file - writes bytes to a file, which must succeed
 * @path: the file, made or emptied
 * @p: the bytes
 * @len: their number
 */
void write_file(const char *path, const void *p, size_t len)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	if (len)
		ck_assert_uint_eq(fwrite(p, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
}

/**
 * temp_path - a new empty file in /tmp
 *
 * Returns its path, to unlink() and free().
 */
char *temp_path(void)
{
	char *path = strdup("/tmp/tracedat-test-XXXXXX");
	int fd = mkstemp(path);

	ck_assert_int_ge(fd, 0);
	close(fd);
	return path;
}

/**
 * temp_copy - bytes written to a new file in /tmp
 * @w: the bytes
 *
 * Returns its path, to unlink() and free().
 */
char *temp_copy(const struct tracedat_bytes *w)
{
	char *path = temp_path();

	write_file(path, w->p, w->len);
	return path;
}

/* ---- formats counted ---- */

/**
 * count_format - a tracedat_for_each_format() callback counting formats
 * @data: a struct format_count
 * @system: the format's system
 * @format: its text
 * @len: its length
 *
 * Returns 0: go on.
 */
int count_format(void *data, const char *system, const char *format, size_t len)
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

/* ---- files written here, described for the recorder's builder ---- */

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

/**
 * gen_build - builds the file @s describes, which must build
 * @s: the file; where things went is set in s->layout
 * @w: the file's bytes
 */
void gen_build(struct gen_spec *s, struct tracedat_bytes *w)
{
	char err[ERRLEN] = "";
	struct gen_desc g;

	gen_describe(s, &g);
	w->big_endian = s->be;
	ck_assert_msg(!tracedat_build_mem(&g.desc, w, &s->layout, err, sizeof(err)), "%s", err);
	tracedat_bytes_free(&g.count);
}

/**
 * gen_open - writes the file @s describes and opens it (the path is unlinked at once)
 * @s: the file; where things went is set in s->layout
 * @w: the file's bytes
 * @td: set to the open file
 * @err: the message of a failed open (ERRLEN bytes)
 *
 * Returns tracedat_open()'s result.
 */
int gen_open(struct gen_spec *s, struct tracedat_bytes *w, struct tracedat **td,
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

/**
 * gen_free - frees what a spec and its layout hold
 * @s: the spec
 */
void gen_free(struct gen_spec *s)
{
	int i, j;

	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++)
		tracedat_bytes_free(&s->sec[i]);
	for (i = 0; i < s->nr_buffers; i++)
		for (j = 0; j < s->buffers[i].nr_cpus; j++)
			free(s->buffers[i].cpus[j].data);
	tracedat_layout_free(&s->layout);
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

/**
 * spec_from_real - a spec of top-v7-zstd.dat, to write again another way
 * @s: the spec, its strings to free with spec_free_strings()
 * @comp: the compression to write
 * @version: the version to write
 */
void spec_from_real(struct gen_spec *s, const char *comp, int version)
{
	struct tracedat *td = open_ok(DATA "top-v7-zstd.dat");

	memset(s, 0, sizeof(*s));
	s->version = version;
	s->comp = comp;
	spec_from(s, td);
	tracedat_close(td);
}

/**
 * spec_header_only - a spec of a trace's metadata with every CPU empty: a
 *	version 6 header-only trace.dat, what a live trace is opened from
 * @s: the spec, its strings to free with spec_free_strings()
 * @path: the trace (its top buffer's CPUs, at most 4)
 */
void spec_header_only(struct gen_spec *s, const char *path)
{
	struct tracedat *td = open_ok(path);

	memset(s, 0, sizeof(*s));
	s->version = 6;
	s->comp = "none";
	ck_assert_ptr_nonnull(td->trace_clocks);
	ck_assert_int_le(td->buffers[0].nr_cpus, 4);
	spec_from(s, td);
	for (int i = 0; i < s->buffers[0].nr_cpus; i++) {
		free(s->buffers[0].cpus[i].data);
		s->buffers[0].cpus[i].data = NULL;
		s->buffers[0].cpus[i].len = 0;
	}
	tracedat_close(td);
}

/**
 * spec_free_strings - frees the strings spec_from_real() copied
 * @s: the spec
 */
void spec_free_strings(struct gen_spec *s)
{
	free((char *)s->uname);
	free((char *)s->clocks);
	free((char *)s->buffers[0].clock);
}

static void sized_text(struct tracedat_bytes *w, int bytes, const char *text)
{
	tracedat_bytes_put_sized(w, bytes, text, strlen(text));
}

/**
 * spec_synthetic - a spec of big-endian payloads built from scratch
 * @s: the spec: two buffers, CPU stats, a kallsyms of one line
 * @version: the version to write
 * @comp: the compression to write
 */
void spec_synthetic(struct gen_spec *s, int version, const char *comp)
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

/**
 * fixture_open_reader() - a trace opened with one reader and no other option
 * @path: the file
 * @buffer: its buffer (NULL: the top one)
 * @reader: which reader
 * @in: gets the opened trace
 * @err: TRACE_ERR_LEN bytes for why it did not open
 *
 * Return: 0, or -1 with @err set.
 */
int fixture_open_reader(const char *path, const char *buffer, enum trace_reader reader,
			struct trace_input **in, char *err)
{
	struct trace_open_options opts = { .buffer = buffer, .reader = reader };

	return trace_input_open(path, &opts, in, err);
}
