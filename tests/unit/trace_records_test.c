// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast trace reader's records against libtracecmd's: every record of
 * every bundled trace identical (each field of struct trace_record, and
 * the line trace_input_format() prints for it), and a callback's stop.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "record_fixture.h"
#include "trace_input.h"
#include "tracedat_fixture.h"

#define FORMAT_EVERY	7	/* records formatted again by both readers */

static int compare(void *data, const struct trace_record *rec)
{
	struct recording *r = data;

	ck_assert_msg(r->checked < r->nr, "%s: the fast reader gives more records", r->path);
	same_record(&r->recs[r->checked++], rec, true);
	return 0;
}

static struct trace_input *open_reader(const char *path, const char *buffer,
				       enum trace_reader reader)
{
	struct trace_input *in;
	char err[TRACE_ERR_LEN];

	ck_assert_msg(!fixture_open_reader(path, buffer, reader, &in, err), "%s: %s", path,
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

	ck_assert_int_eq(trace_input_iterate(ref, recording_save, &r), 0);
	ck_assert_int_eq(trace_input_iterate(fast, compare, &r), 0);
	ck_assert_msg(r.checked == r.nr, "%s: the fast reader gives %zu records of %zu", path,
		      r.checked, r.nr);
	same_formats(ref, fast, &r);
	/* a second pass starts again from the first record */
	r.checked = 0;
	ck_assert_int_eq(trace_input_iterate(fast, compare, &r), 0);
	ck_assert_uint_eq(r.checked, r.nr);
	recording_free(&r);
	trace_input_close(ref);
	trace_input_close(fast);
}

START_TEST(records_as_libtracecmd)
{
	glob_t g;

	bundled_traces(&g);
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

/**
 * trace_records_suite - the tests of the fast reader's records against libtracecmd's
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *trace_records_suite(void)
{
	Suite *s = suite_create("trace_records");
	TCase *records = tcase_create("records");

	tcase_add_test(records, records_as_libtracecmd);
	tcase_add_test(records, callback_stops_both);
	tcase_set_timeout(records, 240);
	suite_add_tcase(s, records);
	return s;
}
