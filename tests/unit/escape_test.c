// SPDX-License-Identifier: GPL-2.0-only
/*
 * escape(): the one rule for text from a trace. Control bytes, DEL, bytes
 * that are not UTF-8, C1 and bidirectional controls become \xNN; and no
 * text is left that a CI runner would take for a command, whether it
 * starts a line (GitHub's "::", Buildkite's groups, Travis's folds, after
 * blanks too) or stands anywhere (GitHub's and Azure's "##[", "##vso[",
 * TeamCity's "##teamcity["). What is none of these passes unchanged.
 */
#include <check.h>
#include <string.h>

#include "escape.h"

static const struct {
	const char	*in;
	const char	*out;
} cases[] = {
	{ "cyclictest", "cyclictest" },
	{ "a\nb", "a\\x0ab" },
	{ "\x1b]2;x\x07", "\\x1b]2;x\\x07" },
	{ "back\\slash", "back\\\\slash" },
	{ "\xc2\x9b", "\\xc2\\x9b" },			/* C1 CSI */
	{ "\xff", "\\xff" },
	{ "r\xe2\x80\xae" "evil", "r\\xe2\\x80\\xaeevil" },	/* RIGHT-TO-LEFT OVERRIDE */
	{ "\xe2\x81\xa6x", "\\xe2\\x81\\xa6x" },		/* LEFT-TO-RIGHT ISOLATE */
	{ "caf\xc3\xa9", "caf\xc3\xa9" },		/* UTF-8 text passes */
	/* GitHub Actions: at the start of a line, blanks before it or not */
	{ "::error::PWNED", "\\x3a:error::PWNED" },
	{ "  ::add-mask::x", "  \\x3a:add-mask::x" },
	{ "\t::stop-commands::t", "\\x09\\x3a:stop-commands::t" },
	{ "std::vector", "std::vector" },		/* not at the start: no command */
	/* anywhere in a line */
	{ "##[error]PWNED", "##\\x5berror]PWNED" },
	{ "x ##vso[task.setvariable]y", "x ##vso\\x5btask.setvariable]y" },
	{ "##VSO[task.complete]", "##VSO\\x5btask.complete]" },
	{ "a##teamcity[buildStatus]", "a##teamcity\\x5bbuildStatus]" },
	{ "#[not]", "#[not]" },
	/* Buildkite and Travis, at the start */
	{ "--- :fire: group", "\\x2d-- :fire: group" },
	{ "+++ open", "\\x2b++ open" },
	{ "~~~ x", "\\x7e~~ x" },
	{ "travis_fold:start:x", "\\x74ravis_fold:start:x" },
	{ "a --- b", "a --- b" },
};

START_TEST(escaped)
{
	char out[256];

	ck_assert_str_eq(escape(cases[_i].in, out, sizeof(out)), cases[_i].out);
}
END_TEST

/* Cut between characters, never inside an escape. */
START_TEST(cut_whole)
{
	char out[6];

	ck_assert_str_eq(escape("ab\ncd", out, sizeof(out)), "ab");
	ck_assert_str_eq(escape("::x", out, sizeof(out)), "\\x3a:");
}
END_TEST

Suite *escape_suite(void)
{
	Suite *s = suite_create("escape");
	TCase *tc = tcase_create("rule");

	tcase_add_loop_test(tc, escaped, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_test(tc, cut_whole);
	suite_add_tcase(s, tc);
	return s;
}
