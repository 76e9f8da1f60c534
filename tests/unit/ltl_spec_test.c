// SPDX-License-Identifier: GPL-2.0-only
/*
 * The .ltl parser: accepted and rejected specifications with the error
 * position, and the grouping warnings of docs/semantics.md section 2.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "ltl_formula.h"
#include "ltl_spec.h"
#include "ltl_tableau.h"

struct rejected {
	const char	*text;
	const char	*where;		/* "line:col" */
	const char	*what;		/* part of the message */
};

static const struct rejected rejected[] = {
	{ "", "1:1", "no RULE" },
	{ "# only a comment\n", "2:1", "no RULE" },
	{ "A = B", "1:6", "no RULE" },
	{ "RULE = ", "1:8", "expected a name, true, false, '(' or a unary operator, found end of file" },
	{ "RULE = A and", "1:13", "expected a name" },
	{ "RULE = (A and B", "1:16", "expected ')' or a binary operator" },
	{ "RULE = A B", "1:10", "'B' follows a complete formula: expected a binary operator before it" },
	{ "RULE = A andd B", "1:10", "unknown word 'andd'" },
	{ "RULE = A AND B", "1:10", "'AND' follows a complete formula" },
	{ "RULE = always", "1:14", "expected a name" },
	{ "RULE = A\n  and )", "2:7", "expected a name" },
	{ "RULE = A $ B", "1:10", "expected a binary operator, or a new definition 'NAME = formula', found '$'" },
	{ "rule = A", "1:1", "expected a definition" },
	{ "RULE A", "1:6", "expected '='" },
	{ "RULE = A\nRULE = B", "2:1", "'RULE' is already defined at line 1" },
	{ "RULE = X\nX = Y\nY = X", "3:5", "recursive definition: X -> Y -> X" },
	{ "RULE = X\nX = not X", "2:9", "recursive definition: X -> X" },
	{ "RULE = X\nX = RULE", "2:5", "RULE is the formula" },
	{ "RULE = A\nUNUSED = B", "2:1", "'UNUSED' is defined but RULE never uses it" },
	{ "RULE = A eventually B", "1:10", "expected a binary operator, found 'eventually'" },
	{ "RULE = not", "1:11", "expected a name" },
	{ "RULE = A and not", "1:17", "expected a name" },
	{ "RULE = true or", "1:15", "expected a name" },
	{ "RULE = A or or B", "1:13", "expected a name" },
	{ "RULE = A xor B", "1:10", "unknown word 'xor'" },
	{ "RULE = Ab", "1:9", "unknown word 'b'" },
};

START_TEST(test_rejected)
{
	const struct rejected *r = &rejected[_i];
	char err[LTL_MSG_LEN], where[64];
	struct ltl_spec spec;

	ck_assert_int_eq(ltl_spec_parse("t.ltl", r->text, &spec, err), -1);
	snprintf(where, sizeof(where), "t.ltl:%s: error: ", r->where);
	ck_assert_msg(!strncmp(err, where, strlen(where)), "'%s': got '%s'", r->text, err);
	ck_assert_msg(strstr(err, r->what), "'%s': got '%s'", r->text, err);
	ltl_spec_free(&spec);
}
END_TEST

static const char *const accepted[] = {
	"RULE = A",
	"RULE = true",
	"RULE = false",
	"RULE=A",
	"# comment\nRULE = A # trailing comment",
	"RULE = always (A imply not B)",
	"RULE = A until B until C",
	"RULE = next next A",
	"RULE = (((A)))",
	"RULE = A equivalent B",
	"RULE = eventually A or B",
	"RULE = X\nX = A or B\n",
	"X = A\nRULE = X and X",
	"RULE = _A1 and B_2",
	"RULE = A # comment at end of file without newline",
};

START_TEST(test_accepted)
{
	char err[LTL_MSG_LEN];
	struct ltl_spec spec;

	ck_assert_msg(!ltl_spec_parse("t.ltl", accepted[_i], &spec, err), "%s: %s",
		      accepted[_i], err);
	ltl_spec_free(&spec);
}
END_TEST

struct warned {
	const char	*text;
	const char	*warnings;	/* "line:col: ... | line:col: ..." parts, in order */
	int		count;
};

static const struct warned warned[] = {
	{ "RULE = A and B or C", "1:10: warning: 'and' applies to everything on its right: A and (B or C)", 1 },
	{ "RULE = not A and B", "1:8: warning: 'not' applies to everything on its right: not (A and B)", 1 },
	{ "RULE = X imply Y or Z", "1:10: warning: 'imply' applies to everything on its right: X imply (Y or Z)", 1 },
	{ "RULE = always A imply B", "1:8: warning: 'always' applies to everything on its right: always (A imply B)", 1 },
	{ "RULE = (R and U) imply\n (not (W or S)) or AL",
	  "1:18: warning: 'imply' applies to everything on its right: (R and U) imply ((not (W or S)) or AL)", 1 },
	{ "RULE = A or B or C", NULL, 0 },
	{ "RULE = A until B until C", NULL, 0 },
	{ "RULE = not (A and B)", NULL, 0 },
	{ "RULE = (not A) and B", NULL, 0 },
	{ "RULE = always (A imply B)", NULL, 0 },
	{ "RULE = not not A", NULL, 0 },
	{ "RULE = A and X\nX = B or C", NULL, 0 },
	{ "RULE = A and not B or C",
	  "1:14: warning: 'not' applies to everything on its right: not (B or C)", 1 },
	{ "RULE = A or B and C imply D",
	  "1:15: warning: 'and' applies to everything on its right: B and (C imply D)", 2 },
};

START_TEST(test_warned)
{
	const struct warned *w = &warned[_i];
	char err[LTL_MSG_LEN], expect[LTL_MSG_LEN];
	struct ltl_spec spec;
	bool found = false;

	ck_assert_msg(!ltl_spec_parse("t.ltl", w->text, &spec, err), "%s: %s", w->text, err);
	ck_assert_int_eq(spec.nr_warnings, w->count);
	if (w->warnings) {
		snprintf(expect, sizeof(expect), "t.ltl:%s", w->warnings);
		for (int i = 0; i < spec.nr_warnings; i++)
			found |= !strcmp(spec.warnings[i], expect);
		ck_assert_msg(found, "%s: expected '%s', first is '%s'", w->text, expect,
			      spec.warnings[0]);
	}
	ltl_spec_free(&spec);
}
END_TEST

/* Limits of the kernel: 32 atoms, 32 states. */
START_TEST(test_kernel_limits)
{
	char text[1024], err[LTL_MSG_LEN];
	struct ltl_spec spec;
	struct ltl_nnf nnf;
	struct ltl_graph g;
	size_t used;

	used = snprintf(text, sizeof(text), "RULE = always (A0");
	for (int i = 1; i < 33; i++)
		used += snprintf(text + used, sizeof(text) - used, " or A%d", i);
	snprintf(text + used, sizeof(text) - used, ")");
	ck_assert_int_eq(ltl_spec_parse("t.ltl", text, &spec, err), 0);
	ck_assert_int_eq(ltl_nnf_build(&spec, &nnf, err), -1);
	ck_assert_msg(strstr(err, "33 atoms, more than the kernel's limit of 32"), "%s", err);
	ltl_nnf_free(&nnf);
	ltl_spec_free(&spec);

	/* each eventually doubles the tableau: 2^6 = 64 states */
	ck_assert_int_eq(ltl_spec_parse("t.ltl", "RULE = always ((eventually A) and (eventually B) "
					"and (eventually C) and (eventually D) and (eventually E) "
					"and (eventually F))", &spec, err), 0);
	ck_assert_int_eq(ltl_nnf_build(&spec, &nnf, err), 0);
	ck_assert_int_eq(ltl_tableau_build(&nnf, spec.path, &g, err), -1);
	ck_assert_msg(strstr(err, "more than the kernel's limit of 32 (RV_MAX_BA_STATES)"), "%s", err);
	ltl_nnf_free(&nnf);
	ltl_spec_free(&spec);
}
END_TEST

START_TEST(test_depth_limit)
{
	char text[4096], err[LTL_MSG_LEN];
	struct ltl_spec spec;
	size_t used = snprintf(text, sizeof(text), "RULE = ");

	for (int i = 0; i < 300; i++)
		used += snprintf(text + used, sizeof(text) - used, "not ");
	snprintf(text + used, sizeof(text) - used, "A");
	ck_assert_int_eq(ltl_spec_parse("t.ltl", text, &spec, err), -1);
	ck_assert_msg(strstr(err, "nested deeper than"), "%s", err);
	ltl_spec_free(&spec);
}
END_TEST

Suite *ltl_spec_suite(void)
{
	Suite *s = suite_create("ltl_spec");
	TCase *tc = tcase_create("parser");

	tcase_add_loop_test(tc, test_rejected, 0, sizeof(rejected) / sizeof(rejected[0]));
	tcase_add_loop_test(tc, test_accepted, 0, sizeof(accepted) / sizeof(accepted[0]));
	tcase_add_loop_test(tc, test_warned, 0, sizeof(warned) / sizeof(warned[0]));
	tcase_add_test(tc, test_kernel_limits);
	tcase_add_test(tc, test_depth_limit);
	suite_add_tcase(s, tc);
	return s;
}
