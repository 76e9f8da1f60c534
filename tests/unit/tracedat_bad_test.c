// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bad trace.dat files the reader must refuse with a message: a table of
 * damaged real and written files, a missing path, files cut short, and
 * compressed damage that only reading the bytes reveals.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tracedat_fixture.h"

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

/**
 * tracedat_bad_suite - the bad inputs parsers/container/tracedat*.c refuses
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *tracedat_bad_suite(void)
{
	Suite *s = suite_create("tracedat_bad");
	TCase *bad = tcase_create("bad input");

	tcase_add_loop_test(bad, bad_input, 0, NR_BAD);
	tcase_add_test(bad, bad_path);
	tcase_add_loop_test(bad, truncated, 0, NR_REAL);
	tcase_add_test(bad, corrupt_compressed);
	tcase_set_timeout(bad, 60);
	suite_add_tcase(s, bad);
	return s;
}
