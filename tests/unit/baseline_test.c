// SPDX-License-Identifier: GPL-2.0-only
/*
 * The comparison of runs (baseline/): JSON scanned a value at a time;
 * reports and JSON Lines loaded into keys summed per trace, monitor, comm
 * and reason, or refused with the line that is wrong; two runs compared
 * into new, fixed, unchanged and waived keys and traces not judged; the
 * comparison printed. Files are written to a folder removed at the end.
 */
#include <check.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "baseline.h"

Suite *baseline_suite(void);

/* A group of a JSON Lines object or a report, waived or not. */
#define GROUP(mon, comm, reason, n, waived)						\
	"{\"monitor\":\"" mon "\",\"pid\":7,\"comm\":\"" comm "\",\"reason\":\"" reason	\
	"\",\"reason_detail\":\"x\",\"count\":" #n ",\"waived\":" waived ",\"first_ts_ns\":9}"
#define G(mon, comm, reason, n)		GROUP(mon, comm, reason, n, "false")
#define GW(mon, comm, reason, n)	GROUP(mon, comm, reason, n, "true")

/* A batch's line of a judged trace, and of one not judged (exit code 2). */
#define LINE(path, code, groups)								\
	"{\"rvreplay_version\":\"0.1.0\",\"path\":\"" path "\",\"exit_code\":" #code		\
	",\"error\":null,\"kernel\":\"6.18\",\"groups\":[" groups "]}"
#define UNJUDGED(path, why)									\
	"{\"path\":\"" path "\",\"exit_code\":2,\"error\":\"" why "\",\"groups\":[]}"

/* One run's --json report, six lines long, its violations passed over. */
#define REPORT(path, groups)									\
	"{\n  \"trace\": {\"path\": \"" path "\", \"size\": 4096},\n"				\
	"  \"violations\": [{\"ts\": 1, \"detail\": [1, 2.5e3, null, \"\\\"\"]}],\n"		\
	"  \"groups\": [" groups "],\n  \"summary\": {\"violations\": 1}\n}\n"

#define LINE_A		LINE("a.dat", 1, G("sleep", "rt", "waker", 1)) "\n"

/* A batch's line keyed by the trace's path under the batch's folder. */
#define BOARD(key, groups)									\
	"{\"path\":\"/data/" key "\",\"key\":\"" key "\",\"exit_code\":1,\"groups\":[" groups "]}\n"

/* A text read, and what is said of it. */
struct said {
	const char	*text;
	const char	*error;
};

static char dir[PATH_MAX];

/* The two runs of a comparison, and the comparison. */
static struct baseline old, new;
static struct baseline_comparison c;

static void make_dir(void)
{
	snprintf(dir, sizeof(dir), "%s/rvreplay-baseline-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void)
{
	char path[PATH_MAX + 256];
	DIR *d = opendir(dir);
	struct dirent *e;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.') {	/* the files written: none is hidden */
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			unlink(path);
		}
	closedir(d);
	rmdir(dir);
}

/* @text written to the file @name of the folder, then loaded. */
static int load(const char *name, const char *text, struct baseline *b, char *err)
{
	char path[PATH_MAX + 256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, strlen(text), f), strlen(text));
	ck_assert_int_eq(fclose(f), 0);
	err[0] = '\0';
	return baseline_load(path, b, err, BASELINE_ERR_LEN);
}

static void load_ok(const char *name, const char *text, struct baseline *b)
{
	char err[BASELINE_ERR_LEN];

	ck_assert_msg(!load(name, text, b, err), "%s: %s", name, err);
}

/* A key or a change, "trace|monitor|comm|reason|count|waived" or "...|old|new". */
static const char *keyed_text(const char *trace, const char *monitor, const char *comm,
			      const char *reason, unsigned long a, unsigned long b)
{
	static char s[1024];

	snprintf(s, sizeof(s), "%s|%s|%s|%s|%lu|%lu", trace, monitor, comm, reason, a, b);
	return s;
}
#define key_text(k)	keyed_text((k)->trace, (k)->monitor, (k)->comm, (k)->reason, \
				   (k)->count, (k)->waived)
#define change_text(o, i)	keyed_text(c.changes[o][i].trace, c.changes[o][i].monitor,	\
					   c.changes[o][i].comm, c.changes[o][i].reason,	\
					   c.changes[o][i].old, c.changes[o][i].new)

/* OLD and NEW loaded, a single report resolved among a batch, compared. */
static void compare(const char *old_text, const char *new_text)
{
	char err[BASELINE_ERR_LEN] = "";

	load_ok("old", old_text, &old);
	load_ok("new", new_text, &new);
	ck_assert_msg(!baseline_resolve_single(&old, &new, err, sizeof(err)), "%s", err);
	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(baseline_compare(&old, &new, &c), 0);
}

static void compared_free(void)
{
	baseline_comparison_free(&c);
	baseline_free(&old);
	baseline_free(&new);
}

static void ck_printed(const char *want)
{
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);

	ck_assert_ptr_nonnull(out);
	baseline_print(&c, out);
	ck_assert_int_eq(fclose(out), 0);
	ck_assert_str_eq(text, want);
	free(text);
}

static void ck_json(const char *want)
{
	json_t *o = baseline_json(&c);
	char *text;

	ck_assert_ptr_nonnull(o);
	text = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
	ck_assert_str_eq(text, want);
	free(text);
	json_decref(o);
}

/* ---- key repetition */

static const char *string_at(const void *data, unsigned int i)
{
	return ((const char *const *)data)[i];
}

START_TEST(key_repeat_finds_the_earliest_pair_of_the_smallest_key)
{
	static const char *const keys[] = { "b", "a", "c", "b", "a", "a" };
	static const char *const unique[] = { "x/t.dat", "y/t.dat", "t.dat" };
	unsigned int first = 99, second = 99;

	ck_assert_int_eq(baseline_key_repeat(string_at, keys, 6, &first, &second), 1);
	ck_assert_uint_eq(first, 1);
	ck_assert_uint_eq(second, 4);
	ck_assert_int_eq(baseline_key_repeat(string_at, unique, 3, &first, &second), 0);
	ck_assert_int_eq(baseline_key_repeat(string_at, unique, 0, &first, &second), 0);
	ck_assert_int_eq(baseline_key_repeat(string_at, keys, 4, &first, &second), 1);
	ck_assert_uint_eq(first, 0);
	ck_assert_uint_eq(second, 3);
}
END_TEST

/* ---- loading */

START_TEST(load_lines_keys_and_sums_groups)
{
	struct baseline b;

	load_ok("lines", LINE("runs/a.dat", 1, G("sleep", "rt", "waker", 2) ","
				    G("sleep", "rt", "waker", 3) ","
				    GW("sleep", "rt", "waker", 4) ","
				    G("pagefault", "rt", "page_fault", 1)) "\n\n"
		BOARD("board1/b.dat", G("sleep", "rt", "waker", 5))
		UNJUDGED("c.dat", "") "\n", &b);
	ck_assert_int_eq(b.kind, BASELINE_LINES);
	ck_assert_uint_eq(b.nr_keys, 3);
	ck_assert_str_eq(key_text(&b.keys[0]), "a.dat|sleep|rt|waker|5|4");
	ck_assert_str_eq(key_text(&b.keys[1]), "a.dat|pagefault|rt|page_fault|1|0");
	ck_assert_str_eq(key_text(&b.keys[2]), "board1/b.dat|sleep|rt|waker|5|0");
	ck_assert_uint_eq(b.nr_traces, 3);
	ck_assert_str_eq(b.traces[0].path, "runs/a.dat");
	ck_assert_str_eq(b.traces[0].name, "a.dat");
	ck_assert_ptr_null(b.traces[0].error);
	ck_assert_uint_eq(b.traces[0].line, 1);
	ck_assert_str_eq(b.traces[1].name, "board1/b.dat");
	ck_assert_uint_eq(b.traces[1].line, 3);
	ck_assert_str_eq(b.traces[2].error, "no error given");
	ck_assert_uint_eq(b.traces[2].line, 4);
	ck_assert(!b.alone);
	baseline_free(&b);
}
END_TEST

START_TEST(load_reads_a_report_passing_its_violations_over)
{
	struct baseline b;
	char err[BASELINE_ERR_LEN], path[PATH_MAX + 16];

	load_ok("report", REPORT("/runs/1/trace.dat", G("sleep", "rt", "waker", 2) ","
				 GW("stall", "rt", "stall", 1)), &b);
	ck_assert_int_eq(b.kind, BASELINE_REPORT);
	ck_assert_uint_eq(b.nr_traces, 1);
	ck_assert_str_eq(b.traces[0].path, "/runs/1/trace.dat");
	ck_assert_str_eq(b.traces[0].name, "trace.dat");
	ck_assert_uint_eq(b.traces[0].line, 0);
	ck_assert_uint_eq(b.nr_keys, 2);
	ck_assert_str_eq(key_text(&b.keys[0]), "trace.dat|sleep|rt|waker|2|0");
	ck_assert_str_eq(key_text(&b.keys[1]), "trace.dat|stall|rt|stall|0|1");
	baseline_free(&b);

	snprintf(path, sizeof(path), "%s/absent", dir);
	ck_assert_int_eq(baseline_load(path, &b, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "cannot read: No such file or directory");
}
END_TEST

/* A file refused: what is said, with the line of JSON Lines that is wrong. */
static const struct said bad_files[] = {
	{ "", "empty: neither a JSON report nor JSON Lines" },
	{ " \r\n\n", "empty: neither a JSON report nor JSON Lines" },
	{ LINE_A "{\"path\":\"b.dat\",\"exit_code\":1,\"groups\":[}\n",
	  "line 2: invalid JSON: '}' where a value was expected" },
	{ LINE_A "\n[1]\n", "line 3: not a JSON object" },
	{ "x", "line 1: not a JSON object" },
	{ "{\"path\":\"a.dat\",\"exit_code\":1,\"groups\":[\n\n",
	  "line 1: invalid JSON: the end of the file where a value was expected (line 3)" },
	{ LINE_A LINE("b.dat", 1, G("sleep", "rt", "waker", 1) "," G("sleep", "rt", "waker", 0)),
	  "line 2: group 2: 'count' is not a whole number above 0" },
	{ "{\"exit_code\":1,\"path\":\"a.dat\",\"groups\":[{\"monitor\":\"sleep\",\"count\":1}]}",
	  "line 1: group 1: no 'comm' string" },
	{ LINE("a.dat", 1, GROUP("sleep", "rt", "waker", 1, "\"yes\"")),
	  "line 1: group 1: 'waived' is not true or false" },
	{ LINE("a.dat", 3, ""), "line 1: 'exit_code' is not 0, 1 or 2" },
	{ "{\"path\":\"a.dat\",\"exit_code\":0}", "line 1: no 'groups' array" },
	{ "{\"path\":\"a.dat\",\"key\":\"\",\"exit_code\":0,\"groups\":[]}",
	  "line 1: 'key' is not a string naming the trace" },
	{ LINE("board1/", 0, ""), "line 1: 'path' names no file" },
	{ LINE_A "{\"path\":\"b.dat\",\"groups\":[]}\n",
	  "line 2: not a line of rvreplay's JSON Lines: no 'exit_code'" },
	{ "{\"path\":\"a.dat\"}\n",
	  "neither an rvreplay --json report nor a line of JSON Lines: "
	  "no 'groups', no 'exit_code'" },
	{ "{\"path\":\"a.dat\",\"exit_code\":0,\"groups\":[],\"groups\":[]}",
	  "line 1: a second 'groups' member" },
	{ LINE("a.dat", 1, G("sleep", "rt", "waker", 9223372036854775808)),
	  "line 1: invalid JSON: too big integer near '9223372036854775808'" },
	{ LINE("a.dat", 1, G("sleep", "c\\ud800", "waker", 1)),
	  "line 1: invalid JSON: invalid Unicode '\\uD800' near '\"c\\ud800\"'" },
	{ LINE("a/trace.dat", 0, "") "\n" LINE("b/trace.dat", 0, "") "\n",
	  "traces a/trace.dat and b/trace.dat are both keyed 'trace.dat': key them by their "
	  "path under the batch's folder (rvreplay writes it as 'key')" },
	{ REPORT("/r/t.dat", "") LINE_A, "line 7: a JSON Lines object after a single report" },
	{ REPORT("/r/t.dat", "") REPORT("/r/u.dat", ""),
	  "line 7: a second report, or a report among JSON Lines" },
	{ LINE_A REPORT("/r/t.dat", ""),
	  "line 2: not a line of rvreplay's JSON Lines: no 'exit_code'" },
	{ "{\"trace\":{\"path\":\"/r/t.dat\"},\"groups\":[]}",
	  "not a complete rvreplay --json report: no 'summary'" },
	{ "{\"trace\":{\"size\":1},\"groups\":[],\"summary\":{}}",
	  "no 'trace' object with a 'path' string" },
};

START_TEST(load_refuses_a_damaged_file)
{
	struct baseline b;
	char err[BASELINE_ERR_LEN];

	ck_assert_int_eq(load("bad", bad_files[_i].text, &b, err), -1);
	ck_assert_str_eq(err, bad_files[_i].error);
	/* freed: nothing of what was read before the damage stays */
	ck_assert_int_eq(b.kind, BASELINE_EMPTY);
	ck_assert_uint_eq(b.nr_keys + b.nr_traces, 0);
}
END_TEST

START_TEST(load_reads_unicode_escapes)
{
	struct baseline b;

	/* "path", "groups" and "/" escaped; é and an emoji (a surrogate pair) */
	load_ok("unicode", "{\"\\u0070ath\":\"runs/b\\u002fa.dat\",\"key\":\"b\\u002fa.dat\","
		"\"exit_code\":1,\"\\u0067roups\":[{\"monitor\":\"sleep\",\"comm\":\"caf\\u00e9\","
		"\"reason\":\"w\\ud83d\\ude00\",\"c\\u006funt\":2}]}\n", &b);
	ck_assert_int_eq(b.kind, BASELINE_LINES);
	ck_assert_uint_eq(b.nr_traces, 1);
	ck_assert_str_eq(b.traces[0].path, "runs/b/a.dat");
	ck_assert_str_eq(b.traces[0].name, "b/a.dat");
	ck_assert_uint_eq(b.nr_keys, 1);
	ck_assert_str_eq(key_text(&b.keys[0]), "b/a.dat|sleep|caf\xc3\xa9|w\xf0\x9f\x98\x80|2|0");
	baseline_free(&b);
}
END_TEST

START_TEST(load_counts_up_to_json_largest_integer)
{
	compare(LINE("a.dat", 1, G("sleep", "rt", "waker", 9223372036854775807) ","
		     G("sleep", "rt", "waker", 9223372036854775807) ","
		     GW("sleep", "rt", "waker", 1)) "\n",
		LINE("a.dat", 1, G("sleep", "rt", "waker", 9223372036854775806) ","
		     GW("sleep", "rt", "waker", 9223372036854775807) ","
		     GW("sleep", "rt", "waker", 2)) "\n");
	ck_assert_uint_eq(old.nr_keys, 1);
	ck_assert_uint_eq(old.keys[0].count, LLONG_MAX);
	ck_assert_uint_eq(old.keys[0].waived, 1);
	ck_assert_uint_eq(new.keys[0].count, LLONG_MAX - 1);
	ck_assert_uint_eq(new.keys[0].waived, LLONG_MAX);
	ck_assert_str_eq(change_text(BASELINE_UNCHANGED, 0),
			 "a.dat|sleep|rt|waker|9223372036854775807|9223372036854775806");
	ck_assert_str_eq(change_text(BASELINE_WAIVED, 0),
			 "a.dat|sleep|rt|waker|9223372036854775807|9223372036854775807");
	ck_printed("unchanged: a.dat: sleep rt waker "
		   "(9223372036854775806, was 9223372036854775807)\n"
		   "waived:    a.dat: sleep rt waker (9223372036854775807)\n"
		   "compare: 0 new, 0 fixed, 1 unchanged, 1 waived\n");
	compared_free();
}
END_TEST

START_TEST(load_reads_crlf_lines)
{
	struct baseline b;
	char err[BASELINE_ERR_LEN];

	load_ok("crlf", LINE("a.dat", 1, G("sleep", "rt", "waker", 2)) "\r\n\r\n"
		UNJUDGED("b.dat", "cannot read") "\r\n", &b);
	ck_assert_uint_eq(b.nr_keys, 1);
	ck_assert_str_eq(key_text(&b.keys[0]), "a.dat|sleep|rt|waker|2|0");
	ck_assert_uint_eq(b.nr_traces, 2);
	ck_assert_str_eq(b.traces[1].name, "b.dat");
	ck_assert_str_eq(b.traces[1].error, "cannot read");
	ck_assert_uint_eq(b.traces[1].line, 3);
	baseline_free(&b);

	ck_assert_int_eq(load("crlf-bad", LINE("a.dat", 0, "") "\r\n\r\n"
			      "{\"path\":\"b.dat\",\"exit_code\":0,\"groups\":[]\r\n}\r\n"
			      "{\"path\":\"c.dat\",\"exit_code\":0,\"groups\":[,]}\r\n",
			      &b, err), -1);
	ck_assert_str_eq(err, "line 5: invalid JSON: ',' where a value was expected");
}
END_TEST

START_TEST(load_takes_a_run_of_one_trace_alone_as_single)
{
	struct baseline b;

	load_ok("alone", "{\"path\":\"x/a.dat\",\"key\":\"x/a.dat\",\"alone\":true,"
		"\"exit_code\":0,\"groups\":[]}\n", &b);
	ck_assert(b.alone);
	ck_assert_int_eq(b.kind, BASELINE_REPORT);
	baseline_free(&b);

	load_ok("batch", "{\"path\":\"a.dat\",\"alone\":true,\"exit_code\":0,\"groups\":[]}\n"
		LINE("b.dat", 0, "") "\n", &b);
	ck_assert(b.alone);
	ck_assert_int_eq(b.kind, BASELINE_LINES);
	baseline_free(&b);
}
END_TEST

START_TEST(add_lines_reads_a_run_own_lines_unnumbered)
{
	static const char text[] = LINE("a.dat", 1, G("sleep", "rt", "waker", 2)) "\n"
				   LINE("a.dat", 1, G("sleep", "rt", "waker", 3)) "\n";
	struct baseline b = { 0 };
	char err[BASELINE_ERR_LEN] = "";
	FILE *f = fmemopen((void *)text, strlen(text), "r");

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(baseline_add_lines(&b, f, err, sizeof(err)), 0);
	fclose(f);
	ck_assert_str_eq(err, "");
	/* not checked for keys alike here: one key, its counts summed */
	ck_assert_uint_eq(b.nr_traces, 2);
	ck_assert_uint_eq(b.traces[0].line, 0);
	ck_assert_uint_eq(b.nr_keys, 1);
	ck_assert_str_eq(key_text(&b.keys[0]), "a.dat|sleep|rt|waker|5|0");
	ck_assert_int_eq(baseline_unique(&b, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "traces a.dat and a.dat are both keyed 'a.dat': key them by "
			 "their path under the batch's folder (rvreplay writes it as 'key')");
	baseline_free(&b);
}
END_TEST

/* ---- comparing */

START_TEST(compare_finds_new_fixed_and_unchanged)
{
	compare(LINE("a.dat", 1, G("sleep", "cyclictest", "sleep_reason", 2) ","
		     G("pagefault", "cyclictest", "page_fault", 1)) "\n",
		LINE("a.dat", 1, G("sleep", "cyclictest", "sleep_reason", 3) ","
		     G("sleep", "irq/9", "waker", 4)) "\n");
	ck_assert_str_eq(change_text(BASELINE_NEW, 0), "a.dat|sleep|irq/9|waker|0|4");
	ck_assert_str_eq(change_text(BASELINE_FIXED, 0),
			 "a.dat|pagefault|cyclictest|page_fault|1|0");
	ck_assert_str_eq(change_text(BASELINE_UNCHANGED, 0),
			 "a.dat|sleep|cyclictest|sleep_reason|2|3");
	ck_assert_uint_eq(c.nr_unjudged + c.nr_failing, 0);
	ck_printed("new:       a.dat: sleep irq/9 waker (4)\n"
		   "fixed:     a.dat: pagefault cyclictest page_fault (1)\n"
		   "unchanged: a.dat: sleep cyclictest sleep_reason (3, was 2)\n"
		   "compare: 1 new, 1 fixed, 1 unchanged, 0 waived\n");
	compared_free();
}
END_TEST

START_TEST(compare_waived_is_never_new_nor_fixed)
{
	static const char known[] = LINE("a.dat", 1, G("sleep", "rt", "waker", 2)) "\n";
	static const char waived[] = LINE("a.dat", 1, GW("sleep", "rt", "waker", 2) ","
					  GW("stall", "rt", "stall", 5)) "\n";

	compare(known, waived);
	ck_assert_str_eq(change_text(BASELINE_WAIVED, 0), "a.dat|sleep|rt|waker|2|2");
	ck_assert_str_eq(change_text(BASELINE_WAIVED, 1), "a.dat|stall|rt|stall|0|5");
	ck_printed("waived:    a.dat: sleep rt waker (2)\n"
		   "waived:    a.dat: stall rt stall (5, was 0)\n"
		   "compare: 0 new, 0 fixed, 0 unchanged, 2 waived\n");
	compared_free();

	/* waived in OLD: known, so unchanged when no longer waived */
	compare(waived, known);
	ck_printed("fixed:     a.dat: stall rt stall (5)\n"
		   "unchanged: a.dat: sleep rt waker (2)\n"
		   "compare: 0 new, 1 fixed, 1 unchanged, 0 waived\n");
	compared_free();
}
END_TEST

START_TEST(compare_lists_traces_not_judged)
{
	compare(LINE("a.dat", 1, G("sleep", "rt", "waker", 1)) "\n"
		LINE("b.dat", 1, G("sleep", "rt", "waker", 2)) "\n"
		LINE("c.dat", 1, G("sleep", "rt", "waker", 3)) "\n"
		UNJUDGED("d.dat", "truncated") "\n",
		LINE("a.dat", 1, G("sleep", "rt", "waker", 1)) "\n"
		UNJUDGED("b.dat", "cannot read: Permission denied") "\n"
		LINE("d.dat", 0, "") "\n");
	/* b.dat and c.dat have no verdict in NEW: their keys are not fixed */
	ck_assert_uint_eq(c.nr_failing, 2);
	ck_assert_str_eq(c.unjudged[0].trace->name, "b.dat");
	ck_assert(c.unjudged[0].in_new && !c.unjudged[0].absent);
	ck_assert_str_eq(c.unjudged[1].trace->name, "c.dat");
	ck_assert(c.unjudged[1].in_new && c.unjudged[1].absent);
	ck_assert_str_eq(baseline_unjudged_why(&c.unjudged[1]), "absent from NEW");
	ck_assert_str_eq(c.unjudged[2].trace->name, "d.dat");
	ck_assert(!c.unjudged[2].in_new && !c.unjudged[2].absent);
	ck_printed("unchanged: a.dat: sleep rt waker (1)\n"
		   "unjudged:  b.dat in NEW: cannot read: Permission denied\n"
		   "unjudged:  c.dat in OLD: absent from NEW\n"
		   "unjudged:  d.dat in OLD: truncated\n"
		   "compare: 0 new, 0 fixed, 1 unchanged, 0 waived, 3 unjudged\n");
	ck_json("{\"fixed\":[],\"new\":[],\"unchanged\":[{\"comm\":\"rt\",\"monitor\":\"sleep\","
		"\"new\":1,\"old\":1,\"reason\":\"waker\",\"trace\":\"a.dat\"}],\"unjudged\":["
		"{\"fails\":true,\"in\":\"new\",\"line\":2,\"path\":\"b.dat\",\"trace\":\"b.dat\","
		"\"why\":\"cannot read: Permission denied\"},"
		"{\"fails\":true,\"in\":\"old\",\"line\":3,\"path\":\"c.dat\",\"trace\":\"c.dat\","
		"\"why\":\"absent from NEW\"},"
		"{\"fails\":false,\"in\":\"old\",\"line\":4,\"path\":\"d.dat\",\"trace\":\"d.dat\","
		"\"why\":\"truncated\"}],\"waived\":[]}");
	compared_free();
}
END_TEST

START_TEST(compare_two_reports_whatever_their_traces)
{
	compare(REPORT("/runs/1/trace.dat", G("sleep", "rt", "waker", 2)),
		REPORT("/runs/2/other.dat", G("sleep", "rt", "waker", 2) ","
		       G("pagefault", "rt", "page_fault", 1)));
	ck_assert_str_eq(change_text(BASELINE_NEW, 0), "|pagefault|rt|page_fault|0|1");
	ck_assert_str_eq(change_text(BASELINE_UNCHANGED, 0), "|sleep|rt|waker|2|2");
	ck_printed("new:       pagefault rt page_fault (1)\n"
		   "unchanged: sleep rt waker (2)\n"
		   "compare: 1 new, 0 fixed, 1 unchanged, 0 waived\n");
	compared_free();
}
END_TEST

START_TEST(compare_a_report_with_its_line_of_a_batch)
{
	char err[BASELINE_ERR_LEN];

	compare(BOARD("board1/trace.dat", G("sleep", "rt", "waker", 1))
		BOARD("board2/other.dat", G("sleep", "rt", "waker", 7)),
		REPORT("/tmp/x/trace.dat", G("sleep", "rt", "waker", 4)));
	ck_assert_str_eq(new.traces[0].name, "board1/trace.dat");
	ck_assert_str_eq(new.keys[0].trace, "board1/trace.dat");
	/* only the batch's line of its trace: board2 neither fixed nor missing */
	ck_printed("unchanged: board1/trace.dat: sleep rt waker (4, was 1)\n"
		   "compare: 0 new, 0 fixed, 1 unchanged, 0 waived\n");
	ck_assert_uint_eq(c.nr_failing, 0);
	compared_free();

	load_ok("old", BOARD("board1/trace.dat", "") BOARD("board2/trace.dat", ""), &old);
	load_ok("new", REPORT("/tmp/x/trace.dat", ""), &new);
	ck_assert_int_eq(baseline_resolve_single(&new, &old, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "the single report's trace trace.dat could be board1/trace.dat or "
			 "board2/trace.dat of the batch");
	baseline_free(&old);
	baseline_free(&new);
}
END_TEST

START_TEST(print_escapes_what_a_trace_names)
{
	compare(LINE("a.dat", 0, "") "\n",
		LINE("a.dat", 1, G("sleep", "evil\\u001b]2;x", "waker", 1)) "\n");
	ck_assert_str_eq(c.changes[BASELINE_NEW][0].comm, "evil\x1b]2;x");
	ck_printed("new:       a.dat: sleep evil\\x1b]2;x waker (1)\n"
		   "compare: 1 new, 0 fixed, 0 unchanged, 0 waived\n");
	ck_json("{\"fixed\":[],\"new\":[{\"comm\":\"evil\\u001B]2;x\",\"monitor\":\"sleep\","
		"\"new\":1,\"old\":0,\"reason\":\"waker\",\"trace\":\"a.dat\"}],"
		"\"unchanged\":[],\"unjudged\":[],\"waived\":[]}");
	compared_free();

	/* nothing to compare: the counts only */
	memset(&c, 0, sizeof(c));
	ck_printed("compare: 0 new, 0 fixed, 0 unchanged, 0 waived\n");
}
END_TEST

Suite *baseline_suite(void)
{
	Suite *s = suite_create("baseline");
	TCase *load_tc = tcase_create("load");
	TCase *cmp = tcase_create("compare"), *repeat = tcase_create("key_repeat");

	tcase_add_test(repeat, key_repeat_finds_the_earliest_pair_of_the_smallest_key);
	suite_add_tcase(s, repeat);

	tcase_add_unchecked_fixture(load_tc, make_dir, remove_dir);
	tcase_add_test(load_tc, load_lines_keys_and_sums_groups);
	tcase_add_test(load_tc, load_reads_a_report_passing_its_violations_over);
	tcase_add_loop_test(load_tc, load_refuses_a_damaged_file, 0,
			    sizeof(bad_files) / sizeof(bad_files[0]));
	tcase_add_test(load_tc, load_reads_unicode_escapes);
	tcase_add_test(load_tc, load_reads_crlf_lines);
	tcase_add_test(load_tc, load_takes_a_run_of_one_trace_alone_as_single);
	tcase_add_test(load_tc, add_lines_reads_a_run_own_lines_unnumbered);
	suite_add_tcase(s, load_tc);

	tcase_add_unchecked_fixture(cmp, make_dir, remove_dir);
	tcase_add_test(cmp, load_counts_up_to_json_largest_integer);
	tcase_add_test(cmp, compare_finds_new_fixed_and_unchanged);
	tcase_add_test(cmp, compare_waived_is_never_new_nor_fixed);
	tcase_add_test(cmp, compare_lists_traces_not_judged);
	tcase_add_test(cmp, compare_two_reports_whatever_their_traces);
	tcase_add_test(cmp, compare_a_report_with_its_line_of_a_batch);
	tcase_add_test(cmp, print_escapes_what_a_trace_names);
	suite_add_tcase(s, cmp);
	return s;
}
