// SPDX-License-Identifier: GPL-2.0-only
/*
 * The reports' words and numbers for violations built in memory: the
 * text report (its group, summary, coverage and trace lines) and the JSON
 * (its counts and rows), each written to a memory stream. The trace is a
 * bundled one, for its header and the records the verdicts point at.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "catalog.h"
#include "report.h"

#define TRACE_PATH	"traces/pagefault-mlock.dat"
#define PID		4242
#define AT		1000123456789ULL	/* prints as 1000.123457 */
#define GAP		100000000ULL		/* 0.1 s between the violations */

/* A report of the pagefault and sleep monitors (profile 7.3) on a real trace. */
struct fixture {
	struct trace_input	*in;
	struct trace_ref	ref;		/* a record of the trace */
	struct replay_options	ro;
	struct time_format	times;
	struct report_options	opts;
	struct report_filter	filter;
	struct report		rep;
	char			*text;
	size_t			len;
};

static int first_record(void *data, const struct trace_record *rec)
{
	*(struct trace_ref *)data = rec->ref;
	return 1;
}

static void fixture_open(struct fixture *f, bool json, enum time_unit unit)
{
	static const char *const names[] = { "pagefault", "sleep" };
	struct trace_open_options opts = { 0 };
	char err[TRACE_ERR_LEN];

	memset(f, 0, sizeof(*f));
	ck_assert_msg(!trace_input_open(TRACE_PATH, &opts, &f->in, err), "%s", err);
	trace_input_iterate(f->in, first_record, &f->ref);
	f->ro.profile = catalog_profile_of("7.3");
	ck_assert_ptr_nonnull(f->ro.profile);
	ck_assert_msg(!catalog_select(names, 2, NULL, 0, &f->ro, err), "%s", err);
	f->times.unit = unit;
	f->times.base = AT - 2 * GAP;
	f->ro.times = &f->times;
	f->opts.json = json;
	f->opts.path = "t.dat";
	f->opts.arch = "x86_64";
	f->opts.profile = "7.3";
	f->opts.arch_evidence = "";
	f->opts.out = open_memstream(&f->text, &f->len);
	ck_assert_ptr_nonnull(f->opts.out);
	f->filter.cpu = -1;
	f->filter.to = UINT64_MAX;
	report_init(&f->rep, &f->opts, &f->filter, f->in, &f->ro);
	report_begin(&f->rep);
}

/* A user page fault of pid PID, @nth of its run. */
static struct verdict fault_of(const struct fixture *f, int nth)
{
	struct verdict v = {
		.monitor = f->ro.monitors[0], .pid = PID, .comm = "rt-worker", .prio = 49,
		.ts = AT + nth * GAP, .cpu = 3, .event = TRACE_FAULT_USER, .event_ref = f->ref,
		.cause = CAUSE_PAGE_FAULT, .fault = { .user = true, .address = 0x7f0000001000ULL },
		.held = { .cpu = -1 },
	};

	return v;
}

/* Three faults of PID, one instance judged all along; the report ended. */
static void fixture_run(struct fixture *f)
{
	struct replay_sink sink = report_sink(&f->rep);
	struct coverage c = {
		.monitor = f->ro.monitors[0], .pid = PID, .comm = "rt-worker",
		.first_rt_ts = AT - GAP, .started_ts = AT - GAP, .events = 3, .violations = 3,
	};
	struct replay_stats stats = {
		.first_ts = AT - 2 * GAP, .last_ts = AT + 3 * GAP, .max_tasks = 5, .tasks_seen = 7,
	};

	stats.counts.events = 1234;
	for (int i = 0; i < 3; i++) {
		struct verdict v = fault_of(f, i);

		sink.verdict(sink.data, &v);
	}
	sink.coverage(sink.data, &c);
	report_end(&f->rep, &stats);
	fclose(f->opts.out);
}

static void fixture_close(struct fixture *f)
{
	report_release(&f->rep);
	trace_input_close(f->in);
	free(f->text);
}

static void has_line(const struct fixture *f, const char *line)
{
	ck_assert_msg(strstr(f->text, line), "no \"%s\" in:\n%s", line, f->text);
}

START_TEST(text_tells_the_group)
{
	struct fixture f;

	fixture_open(&f, false, TIME_US);
	fixture_run(&f);
	has_line(&f, "t.dat: ");
	has_line(&f, "\nmonitors: pagefault sleep (profile 7.3, arch x86_64)\n");
	has_line(&f, "\npagefault violations: rt-worker pid 4242 prio 49: 3 from 1000.123457 "
		 "to 1000.323457, user page fault\n");
	has_line(&f, "\n  why:    a user page fault while real-time\n");
	has_line(&f, "\n  first, worst: 1000.123457 on CPU 3: user fault at address "
		 "0x7f0000001000, ");
	has_line(&f, "\n  event:  ");
	has_line(&f, "\nSummary: 3 violations: pagefault 3, sleep 0\n");
	has_line(&f, "\n  pagefault rt-worker        pid 4242    prio 49        3  "
		 "1000.123457..1000.323457  user page fault x3\n");
	has_line(&f, "\nCoverage: 1 of 1 monitor instances of real-time tasks were judged.\n");
	has_line(&f, "\nLost events: none\n");
	has_line(&f, "\nTrace: 1234 events from 999.923457 to 1000.423457, 7 tasks seen\n");
	fixture_close(&f);
}
END_TEST

/* --ts rel counts from the format's base, --ts ns prints every nanosecond. */
START_TEST(text_times_follow_the_format)
{
	struct fixture f;

	fixture_open(&f, false, TIME_REL);
	fixture_run(&f);
	has_line(&f, ": 3 from +0.200000 to +0.400000, user page fault\n");
	has_line(&f, "\nTrace: 1234 events from +0.000000 to +0.500000,");
	fixture_close(&f);
	fixture_open(&f, false, TIME_NS);
	fixture_run(&f);
	has_line(&f, ": 3 from 1000.123456789 to 1000.323456789, user page fault\n");
	fixture_close(&f);
}
END_TEST

/* A verdict filtered out is in no count but the hidden one. */
START_TEST(text_counts_what_passes_the_filter)
{
	struct fixture f;

	fixture_open(&f, false, TIME_US);
	f.rep.filter.from = AT + GAP;
	fixture_run(&f);
	has_line(&f, ": 2 from 1000.223457 to 1000.323457, user page fault\n");
	has_line(&f, "\nSummary: 2 violations (1 more hidden by --from): pagefault 2, sleep 0\n");
	ck_assert_uint_eq(f.rep.hidden, 1);
	fixture_close(&f);
}
END_TEST

START_TEST(json_counts_and_rows)
{
	json_int_t n, by_pf, group_n, first_ts, row_n, reason_n;
	const char *monitor, *reason, *key, *detail;
	struct fixture f;
	json_error_t error;
	json_t *doc, *v;

	fixture_open(&f, true, TIME_US);
	fixture_run(&f);
	doc = json_loads(f.text, 0, &error);
	ck_assert_msg(doc, "%s in:\n%s", error.text, f.text);
	v = json_object_get(doc, "violations");
	ck_assert_uint_eq(json_array_size(v), 3);
	ck_assert_int_eq(json_unpack(json_array_get(v, 2), "{s:s, s:I}", "monitor", &monitor,
				     "pid", &n), 0);
	ck_assert_str_eq(monitor, "pagefault");
	ck_assert_int_eq(n, PID);
	ck_assert_int_eq(json_unpack(doc, "{s:{s:I, s:{s:I}, s:[{s:I, s:[{s:s, s:I}]}]}}",
				     "summary", "violations", &n, "by_monitor", "pagefault", &by_pf,
				     "tasks", "violations", &row_n, "reasons", "reason", &reason,
				     "count", &reason_n), 0);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(by_pf, 3);
	ck_assert_int_eq(row_n, 3);
	ck_assert_str_eq(reason, "user page fault");
	ck_assert_int_eq(reason_n, 3);
	ck_assert_int_eq(json_unpack(doc, "{s:[{s:s, s:s, s:I, s:I}]}", "groups", "reason", &key,
				     "reason_detail", &detail, "count", &group_n, "first_ts_ns",
				     &first_ts), 0);
	ck_assert_str_eq(key, "page_fault");
	ck_assert_str_eq(detail, "user page fault");
	ck_assert_int_eq(group_n, 3);
	ck_assert_int_eq(first_ts, AT);
	json_decref(doc);
	fixture_close(&f);
}
END_TEST

Suite *report_text_suite(void)
{
	Suite *s = suite_create("report_text");
	TCase *tc = tcase_create("in_memory");

	tcase_add_test(tc, text_tells_the_group);
	tcase_add_test(tc, text_times_follow_the_format);
	tcase_add_test(tc, text_counts_what_passes_the_filter);
	tcase_add_test(tc, json_counts_and_rows);
	suite_add_tcase(s, tc);
	return s;
}
