// SPDX-License-Identifier: GPL-2.0-only
/*
 * baseline/json_scan.c: the JSON scanner baselines are read with, each
 * value checked against JSON's grammar, with its line; what it keeps
 * comes back as written.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_scan.h"

Suite *json_scan_suite(void);

/* A text read, and what is said of it. */
struct said {
	const char	*text;
	const char	*error;
};

/* The scan of @text (@n bytes), for json_scan_*() to read. */
static FILE *scanning(struct json_scan *s, const char *text, size_t n)
{
	FILE *f = fmemopen((void *)text, n, "r");

	ck_assert_ptr_nonnull(f);
	json_scan_init(s, f);
	return f;
}

START_TEST(scan_keeps_a_value_as_written)
{
	static const char text[] = "  \n[1, -0.5e+3, true, false, null, \"a\\u00e9\\n\", {}]\n{";
	struct json_scan s;
	FILE *f = scanning(&s, text, strlen(text));

	ck_assert_int_eq(json_scan_value(&s, true), 0);
	ck_assert_str_eq(s.text, "[1, -0.5e+3, true, false, null, \"a\\u00e9\\n\", {}]");
	ck_assert_uint_eq(s.len, strlen(s.text));
	ck_assert_uint_eq(s.line, 2);
	ck_assert_int_eq(json_scan_peek(&s), '{');
	ck_assert_uint_eq(s.line, 3);
	json_scan_release(&s);
	fclose(f);
}
END_TEST

static const struct said bad_values[] = {
	{ "-",			"a number without digits" },
	{ "1.",			"a number without digits" },
	{ "1e+",		"a number without digits" },
	{ "tru",		"not a JSON value" },
	{ "nul!",		"not a JSON value" },
	{ "\"abc",		"the end of the file inside a string" },
	{ "\"a\tb\"",		"a control character inside a string" },
	{ "\"\\x\"",		"an invalid escape in a string" },
	{ "\"\\u12G4\"",	"a \\u escape without four hex digits" },
	{ "[1,]",		"']' where a value was expected" },
	{ "{\"a\":1,}",		"an object member that is not \"key\": value" },
	{ "{\"a\" 1}",		"an object member that is not \"key\": value" },
	{ "[1 2]",		"'2' where ',' or ']' was expected" },
	{ "[1",			"the end of the file inside an array" },
	{ "{\"a\":1",		"the end of the file inside an object" },
	{ "   ",		"the end of the file where a value was expected" },
	{ "}",			"'}' where a value was expected" },
};

START_TEST(scan_rejects_what_json_does_not_allow)
{
	struct json_scan s;
	FILE *f = scanning(&s, bad_values[_i].text, strlen(bad_values[_i].text));

	ck_assert_int_eq(json_scan_value(&s, _i % 2), -1);
	ck_assert_str_eq(s.error, bad_values[_i].error);
	json_scan_release(&s);
	fclose(f);
}
END_TEST

/* @depth arrays, one in the other, scanned: @error, or "" when they pass. */
static void ck_nested(unsigned int depth, const char *error)
{
	char *text = malloc(2 * depth);
	struct json_scan s;
	FILE *f;

	ck_assert_ptr_nonnull(text);
	memset(text, '[', depth);
	memset(text + depth, ']', depth);
	f = scanning(&s, text, 2 * depth);
	ck_assert_int_eq(json_scan_value(&s, false), (error[0] ? -1 : 0));
	ck_assert_str_eq(s.error, error);
	json_scan_release(&s);
	fclose(f);
	free(text);
}

START_TEST(scan_nests_256_deep_at_most)
{
	ck_nested(JSON_SCAN_DEPTH, "");
	ck_nested(JSON_SCAN_DEPTH + 1, "nested over 256 deep");
}
END_TEST

START_TEST(scan_reads_keys_raw_and_cut)
{
	static const char text[] = "{ \"\\u0070ath\" : \"abcdefghij\" x";
	struct json_scan s;
	FILE *f = scanning(&s, text, strlen(text));
	char key[8];

	ck_assert_int_eq(json_scan_expect(&s, '{'), 0);
	ck_assert_int_eq(json_scan_key(&s, key, sizeof(key)), 0);
	ck_assert_str_eq(key, "\\u0070a");	/* escapes as written, cut to 7 bytes */
	ck_assert_int_eq(json_scan_expect(&s, ':'), 0);
	ck_assert_int_eq(json_scan_key(&s, key, 4), 0);
	ck_assert_str_eq(key, "abc");
	ck_assert_int_eq(json_scan_expect(&s, ','), -1);
	ck_assert_str_eq(s.error, "'x' where ',' was expected");
	ck_assert_int_eq(json_scan_key(&s, key, sizeof(key)), -1);
	ck_assert_str_eq(s.error, "'x' where '\"' was expected");
	ck_assert_int_eq(json_scan_value(&s, false), -1);
	ck_assert_int_eq(json_scan_peek(&s), 'x');
	json_scan_release(&s);
	fclose(f);

	f = scanning(&s, " \n", 2);
	ck_assert_int_eq(json_scan_expect(&s, '{'), -1);
	ck_assert_str_eq(s.error, "the end of the file where '{' was expected");
	ck_assert_int_eq(json_scan_peek(&s), EOF);
	json_scan_release(&s);
	fclose(f);
}
END_TEST


/* A NUL byte after a backslash is no escape (strchr() found its string's end). */
START_TEST(scan_refuses_nul_in_an_escape)
{
	static const char escape[] = "\"\\\0\"", hex[] = "\"\\u12\0" "4\"";
	struct json_scan s;
	FILE *f = scanning(&s, escape, sizeof(escape) - 1);

	ck_assert_int_eq(json_scan_value(&s, 0), -1);
	ck_assert_str_eq(s.error, "an invalid escape in a string");
	json_scan_release(&s);
	fclose(f);
	f = scanning(&s, hex, sizeof(hex) - 1);
	ck_assert_int_eq(json_scan_value(&s, 0), -1);
	ck_assert_str_eq(s.error, "a \\u escape without four hex digits");
	json_scan_release(&s);
	fclose(f);
}
END_TEST

Suite *json_scan_suite(void)
{
	Suite *s = suite_create("json_scan");
	TCase *scan = tcase_create("json_scan");

	tcase_add_test(scan, scan_keeps_a_value_as_written);
	tcase_add_loop_test(scan, scan_rejects_what_json_does_not_allow, 0,
			    sizeof(bad_values) / sizeof(bad_values[0]));
	tcase_add_test(scan, scan_nests_256_deep_at_most);
	tcase_add_test(scan, scan_reads_keys_raw_and_cut);
	tcase_add_test(scan, scan_refuses_nul_in_an_escape);
	suite_add_tcase(s, scan);
	return s;
}
