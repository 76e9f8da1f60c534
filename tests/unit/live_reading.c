// SPDX-License-Identifier: GPL-2.0-only
/*
 * Test fixture: a live reading and the file reading it is compared with
 * (live_fixture.h). Every helper fails the running test (ck_assert) rather
 * than return an error.
 */
#include <check.h>

#include "live_fixture.h"
#include "tracedat_fixture.h"

#define FORMAT_EVERY	7	/* records printed again by both readers */

/**
 * live_seen_save - a trace_input_iterate() callback: the record kept
 * @data: the struct live_seen
 * @rec: the record given
 *
 * Counts the records given before the feed's last tick.
 *
 * Returns recording_save()'s return.
 */
int live_seen_save(void *data, const struct trace_record *rec)
{
	struct live_seen *seen = data;

	if (seen->feed->t < seen->feed->last_ts)
		seen->before_end++;
	return recording_save(&seen->recs, rec);
}

/**
 * live_seen_late - a trace_live_options.late: the late record kept
 * @data: the struct live_feed, whose user is the struct live_seen
 * @late: the record told late
 *
 * At the first late record of a pull, holds the feed's late CPU again for
 * hold_for ns, holds_left times.
 */
void live_seen_late(void *data, const struct trace_live_late *late)
{
	struct live_feed *f = data;
	struct live_seen *seen = f->user;

	ck_assert_int_lt(seen->nr_late, (int)ARRAY_SIZE(seen->late));
	seen->late[seen->nr_late++] = *late;
	if (seen->last_late_pull == f->pulls)
		return;
	seen->last_late_pull = f->pulls;
	seen->late_pulls++;
	if (seen->holds_left-- > 0)
		f->late_until = f->t + seen->hold_for;
}

/**
 * live_open_file - a trace read by the file reader, what a live reading is
 *	compared with
 * @path: the trace
 *
 * Returns the open trace, to trace_input_close().
 */
struct trace_input *live_open_file(const char *path)
{
	char err[TRACE_ERR_LEN] = "";
	struct trace_input *in;

	ck_assert_msg(!fixture_open_reader(path, NULL, TRACE_READER_FAST, &in, err), "%s: %s",
		      path, err);
	return in;
}

/**
 * live_open - a live trace: its header-only trace.dat, its pages pulled
 * @header: the header-only trace.dat
 * @o: the live reading's options (its source, its window, its queue)
 *
 * Returns the open trace, to trace_input_close().
 */
struct trace_input *live_open(const char *header, const struct trace_live_options *o)
{
	struct trace_open_options oo = { .live = o };
	char err[TRACE_ERR_LEN] = "";
	struct trace_input *in;

	ck_assert_msg(!trace_input_open(header, &oo, &in, err), "%s: %s", header, err);
	return in;
}

/**
 * live_same_lines - each record printed again alike, through the file and
 *	through the source's pages
 * @file: the file reading
 * @want: its records
 * @live: the live reading
 * @got: its records, the same ones in the same order
 *
 * Every FORMAT_EVERY-th record, and each one after lost events.
 */
void live_same_lines(struct trace_input *file, const struct recording *want,
		     struct trace_input *live, const struct recording *got)
{
	char a[1024], b[1024];

	for (size_t i = 0; i < want->nr; i++) {
		if (i % FORMAT_EVERY && !want->recs[i].rec.missed)
			continue;
		ck_assert_int_eq(trace_input_format(file, &want->recs[i].rec.ref, a, sizeof(a)), 0);
		ck_assert_int_eq(trace_input_format(live, &got->recs[i].rec.ref, b, sizeof(b)), 0);
		ck_assert_str_eq(a, b);
	}
}
