// SPDX-License-Identifier: GPL-2.0-only
/*
 * A rule's formula compiled at run time (rules/rule_ltl.c): the same
 * verdicts as the header ltlc generates from it, and a cost bounded by its
 * size, however its definitions share subformulas (issue 43).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "ltl_equiv.h"
#include "rule_ltl.h"
#include "spec_registry.h"

#define LEVELS	30	/* the deepest definitions ltl_spec_parse() takes below RULE */

static void compile(const char *path, const char *text, struct rule_ltl *l)
{
	char err[LTL_MSG_LEN];

	ck_assert_msg(!rule_ltl_compile(path, text, "rule", l, err), "%s", err);
}

static void same_verdicts(const char *what, const struct rv_automaton *a,
			  const struct rv_automaton *b)
{
	char why[256];

	ck_assert_msg(!ltl_equiv(a, b, why, sizeof(why)), "%s: %s", what, why);
}

/* @spec's text compiled at run time: the verdicts of the header ltlc made of it. */
static void compiled_as_generated(const struct test_spec *spec)
{
	static char text[65536];
	struct rv_automaton named;
	struct rule_ltl l;
	FILE *f = fopen(spec->path, "r");
	size_t n;

	ck_assert_msg(f, "cannot read %s", spec->path);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	compile(spec->path, text, &l);
	/* a generated header names its atoms as its trace events print them */
	named = l.automaton;
	named.atom_names = named.trace_names;
	same_verdicts(spec->path, &named, spec->automaton);
	rule_ltl_free(&l);
}

START_TEST(test_specs_compiled_as_generated)
{
	for (const struct test_spec *spec = test_specs; spec->name; spec++)
		compiled_as_generated(spec);
}
END_TEST

/*
 * Lk = (L(k-1) or L(k-1)) and L(k-1): L(k-1) twice whatever its value, so
 * each level doubles the paths to L0, each evaluated before: 2^30 per state
 * and letter, minutes for the 16 letters of four atoms.
 */
START_TEST(test_shared_definitions_once_each)
{
	static char text[4096];
	struct rule_ltl shared, plain;
	size_t used;

	used = snprintf(text, sizeof(text), "RULE = always L%d\n"
			"L0 = (A and B) imply not (C and D)\n", LEVELS);
	for (int k = 1; k <= LEVELS; k++)
		used += snprintf(text + used, sizeof(text) - used, "L%d = (L%d or L%d) and L%d\n",
				 k, k - 1, k - 1, k - 1);
	ck_assert_uint_lt(used, sizeof(text));
	compile("shared.ltl", text, &shared);
	compile("plain.ltl", "RULE = always ((A and B) imply not (C and D))\n", &plain);
	same_verdicts("shared definitions", &shared.automaton, &plain.automaton);
	rule_ltl_free(&shared);
	rule_ltl_free(&plain);
}
END_TEST

Suite *rule_ltl_suite(void)
{
	Suite *s = suite_create("rule_ltl");
	TCase *tc = tcase_create("compiled");

	/* a hang guard: each takes milliseconds */
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_specs_compiled_as_generated);
	tcase_add_test(tc, test_shared_definitions_once_each);
	suite_add_tcase(s, tc);
	return s;
}
