// SPDX-License-Identifier: GPL-2.0-only
/*
 * parsers/events/format_trial.c: format_trial_all() runs the parent's parse
 * beside a child that parses every format first. Whatever the parent's
 * parse does (nothing, crash, spin), a file whose formats crash
 * libtraceevent ends with the child's verdict, and a crash of the parent
 * alone is said too: through format_trial_on_crash()'s function, exit 2.
 * Each case runs in Check's own forked process.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format_trial.h"
#include "trace_file.h"

#define GOOD_TRACE	"traces/cyclictest-abs.dat"
#define CRASH_TRACE	"tests/regressions/print-fmt-dot.dat"
#define CHILD_VERDICT	"libtraceevent crashes (Segmentation fault) parsing the format of " \
			"sched:sched_switch"
#define PARENT_VERDICT	"libtraceevent crashes parsing the event formats"

static const char *expected;

/* Exit 2 when the text is the one expected, 3 when it is another. */
static void crash_said(const char *text)
{
	_exit(strcmp(text, expected) ? 3 : 2);
}

static void parse_nothing(void *data)
{
}

static void parse_crashes(void *data)
{
	raise(SIGSEGV);
}

static void parse_spins(void *data)
{
	for (;;)
		pause();
}

static int check_passes(const struct tracedat *td, char *err, size_t len)
{
	return 0;
}

#define CHECK_VERDICT	"its kallsyms: a check failed"

static int check_fails(const struct tracedat *td, char *err, size_t len)
{
	snprintf(err, len, "%s", CHECK_VERDICT);
	return -1;
}

/* format_trial_all() on @path with @check, @parse: its return, @err its message. */
static int checked_trial_of(const char *path, format_trial_check_fn check,
			    format_trial_meanwhile_fn parse, char *err, size_t len)
{
	struct trace_file *f;
	int ret;

	ck_assert_msg(!trace_file_open(path, 1ULL << 30, &f, err, len), "%s: %s", path, err);
	/*
	 * A parse that returns needs no handler: the trial's verdict is its
	 * return. With one, a child that failed may end the run at once, as
	 * rvreplay's handler does, the same verdict said.
	 */
	format_trial_on_crash(parse == parse_nothing ? NULL : crash_said);
	ret = format_trial_all(f->td, &f->texts.formats, check, parse, NULL, err, len);
	trace_file_close(f);
	return ret;
}

static int trial_of(const char *path, format_trial_meanwhile_fn parse, char *err, size_t len)
{
	return checked_trial_of(path, NULL, parse, err, len);
}

START_TEST(good_file_parent_fine)
{
	char err[256];

	ck_assert_msg(!trial_of(GOOD_TRACE, parse_nothing, err, sizeof(err)), "%s", err);
}
END_TEST

START_TEST(crashing_file_parent_fine)
{
	char err[256];

	ck_assert_int_eq(trial_of(CRASH_TRACE, parse_nothing, err, sizeof(err)), -1);
	ck_assert_str_eq(err, CHILD_VERDICT);
}
END_TEST

/* exit tests: the process ends in crash_said() */
START_TEST(crashing_file_parent_crashes)
{
	char err[256];

	expected = CHILD_VERDICT;
	trial_of(CRASH_TRACE, parse_crashes, err, sizeof(err));
}
END_TEST

START_TEST(crashing_file_parent_spins)
{
	char err[256];

	expected = CHILD_VERDICT;
	trial_of(CRASH_TRACE, parse_spins, err, sizeof(err));
}
END_TEST

START_TEST(good_file_parent_crashes)
{
	char err[256];

	expected = PARENT_VERDICT;
	trial_of(GOOD_TRACE, parse_crashes, err, sizeof(err));
}
END_TEST

START_TEST(check_passes_good_file)
{
	char err[256];

	ck_assert_msg(!checked_trial_of(GOOD_TRACE, check_passes, parse_nothing, err, sizeof(err)),
		      "%s", err);
}
END_TEST

/* The child's check fails first: its text, whatever the parent's parse does. */
START_TEST(check_fails_parent_fine)
{
	char err[256];

	ck_assert_int_eq(checked_trial_of(CRASH_TRACE, check_fails, parse_nothing, err,
					  sizeof(err)), -1);
	ck_assert_str_eq(err, CHECK_VERDICT);
}
END_TEST

START_TEST(check_fails_parent_spins)
{
	char err[256];

	expected = CHECK_VERDICT;
	checked_trial_of(GOOD_TRACE, check_fails, parse_spins, err, sizeof(err));
}
END_TEST

START_TEST(check_fails_parent_crashes)
{
	char err[256];

	expected = CHECK_VERDICT;
	checked_trial_of(CRASH_TRACE, check_fails, parse_crashes, err, sizeof(err));
}
END_TEST

Suite *format_trial_suite(void)
{
	Suite *s = suite_create("format_trial");
	TCase *tc = tcase_create("beside");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, good_file_parent_fine);
	tcase_add_test(tc, crashing_file_parent_fine);
	tcase_add_exit_test(tc, crashing_file_parent_crashes, 2);
	tcase_add_exit_test(tc, crashing_file_parent_spins, 2);
	tcase_add_exit_test(tc, good_file_parent_crashes, 2);
	tcase_add_test(tc, check_passes_good_file);
	tcase_add_test(tc, check_fails_parent_fine);
	tcase_add_exit_test(tc, check_fails_parent_spins, 2);
	tcase_add_exit_test(tc, check_fails_parent_crashes, 2);
	suite_add_tcase(s, tc);
	return s;
}
