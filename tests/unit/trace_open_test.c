// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which files each reader opens: a kallsyms block that does not inflate
 * refused by both, and files whose options change timestamps left by the
 * fast reader to libtracecmd.
 */
#include <check.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace_input.h"
#include "tracedat_fixture.h"

/* ---- the kallsyms, checked by the reader ---- */

/*
 * A zstd file whose kallsyms block does not inflate: tracedat_check_texts()
 * leaves that section to the reader, which refuses the file all the same,
 * whichever reader, with the message the check in its place gave.
 */
START_TEST(corrupt_kallsyms_refused)
{
	const char *path = "tests/data/tracedat/top-v7-zstd.dat";
	struct tracedat *td = open_ok(path);
	uint64_t at = td->sections[TRACEDAT_SEC_KALLSYMS].offset + 20;
	static const enum trace_reader readers[] = { TRACE_READER_FAST, TRACE_READER_LIBTRACECMD };
	struct tracedat_bytes w = { 0 };
	char *copy, err[TRACE_ERR_LEN];
	struct trace_input *in;

	ck_assert(td->sections[TRACEDAT_SEC_KALLSYMS].compressed);
	tracedat_close(td);
	load(&w, path);
	for (int i = 0; i < 16; i++)
		w.p[at + i] ^= 0x55;
	copy = temp_copy(&w);
	tracedat_bytes_free(&w);
	for (size_t i = 0; i < sizeof(readers) / sizeof(readers[0]); i++) {
		ck_assert_int_eq(fixture_open_reader(copy, NULL, readers[i], &in, err), -1);
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
	struct tracedat_bytes w = { 0 };
	size_t len = strlen(text);
	char *out;

	load(&w, path);
	for (size_t i = 6; i + len < w.len; i++) {
		if (memcmp(w.p + i, text, len))
			continue;
		ck_assert_int_eq(w.p[i - 6], 9);	/* the VERSION option */
		w.p[i - 6] = 1;				/* DATE */
		break;
	}
	out = temp_copy(&w);
	tracedat_bytes_free(&w);
	return out;
}

static void left_to_libtracecmd(const char *path)
{
	struct trace_input *in;
	struct tracedat *td = open_ok(path);
	char err[TRACE_ERR_LEN];

	ck_assert(td->changes_timestamps);
	tracedat_close(td);
	ck_assert_int_ne(fixture_open_reader(path, NULL, TRACE_READER_FAST, &in, err), 0);
	ck_assert_str_eq(err, "options that change timestamps");
	ck_assert_int_eq(fixture_open_reader(path, NULL, TRACE_READER_AUTO, &in, err), 0);
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
	bundled_traces(&g);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		struct tracedat *td = open_ok(g.gl_pathv[i]);

		ck_assert(!td->changes_timestamps);
		tracedat_close(td);
	}
	globfree(&g);
}
END_TEST

/**
 * trace_open_suite - the tests of which files each trace reader opens
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *trace_open_suite(void)
{
	Suite *s = suite_create("trace_open");
	TCase *records = tcase_create("records");

	tcase_add_test(records, time_options_decline);
	tcase_add_test(records, corrupt_kallsyms_refused);
	tcase_set_timeout(records, 240);
	suite_add_tcase(s, records);
	return s;
}
