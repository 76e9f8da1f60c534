// SPDX-License-Identifier: GPL-2.0-only
/*
 * Records formatted by reference (trace_input_format()): a damaged record
 * refused, not printed, and event formats parsed only when a record of
 * theirs is printed, tried together in one child where one crashes
 * libtraceevent.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format_trial.h"
#include "trace_decode.h"
#include "trace_input.h"
#include "tracedat_fixture.h"

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

	ck_assert_int_eq(fixture_open_reader("tests/regressions/print-too-short.dat", NULL,
						 TRACE_READER_FAST, &f.in, err), 0);
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
	struct tracedat_bytes w = { 0 };
	char *out;

	load(&w, path);
	for (int k = 0; k < n; k++) {
		size_t size = strlen(from[k]), i;

		for (i = 0; i + size <= w.len && memcmp(w.p + i, from[k], size); i++)
			;
		ck_assert_msg(i + size <= w.len, "%s: no '%s'", path, from[k]);
		ck_assert_uint_eq(strlen(to[k]), size);
		memcpy(w.p + i, to[k], size);
	}
	out = temp_copy(&w);
	tracedat_bytes_free(&w);
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

	td = open_ok(path);
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

	ck_assert_msg(!fixture_open_reader(path, NULL, TRACE_READER_FAST, &in, err), "%s",
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
/**
 * trace_format_suite - the tests of records formatted by reference
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *trace_format_suite(void)
{
	Suite *s = suite_create("trace_format");
	TCase *records = tcase_create("records");

	tcase_add_test(records, short_record_not_printed);
	tcase_add_test(records, formats_tried_together);
	tcase_add_test(records, met_formats_printed);
	tcase_set_timeout(records, 240);
	suite_add_tcase(s, records);
	return s;
}
