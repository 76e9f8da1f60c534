// SPDX-License-Identifier: GPL-2.0-only
/*
 * The recorder's trace.dat builder (recorder/tracedat_build.c): the
 * descriptions it refuses, with a message, and where it puts things.
 */
#include <check.h>
#include <string.h>

#include "tracedat_fixture.h"

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

/**
 * tracedat_build_suite - the tests of recorder/tracedat_build.c
 *
 * Returns the Check suite.
 */
Suite *tracedat_build_suite(void)
{
	Suite *s = suite_create("tracedat_build");
	TCase *build = tcase_create("builder");

	tcase_add_loop_test(build, build_refused, 0, NR_BUILD);
	tcase_add_test(build, build_refused_null);
	tcase_add_loop_test(build, build_layout, 0, 3);
	suite_add_tcase(s, build);
	return s;
}
