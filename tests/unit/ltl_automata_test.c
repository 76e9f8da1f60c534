// SPDX-License-Identifier: GPL-2.0-only
/*
 * Generated automata, driven through the core with hand-written letter
 * sequences: the letter at which the violation must fire. A letter lists
 * the atoms that are true; the first letter is the start attempt.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "ltl_drive.h"
#include "ltl_equiv.h"
#include "spec_registry.h"

#define MAX_LETTERS	12

struct sequence {
	const char	*spec;
	const char	*letters[MAX_LETTERS];
	int		violation;	/* index of the letter, -1 for none */
};

static const struct sequence sequences[] = {
	/* always (A imply ((not B) until C)) */
	{ "always_imply_until", { "", "A", "", "", "C" }, -1 },
	{ "always_imply_until", { "", "A", "", "B" }, 3 },
	{ "always_imply_until", { "", "A B" }, 1 },
	{ "always_imply_until", { "", "A C", "B" }, -1 },
	{ "always_imply_until", { "", "A", "C", "B" }, -1 },
	{ "always_imply_until", { "", "A", "B C" }, -1 },
	{ "always_imply_until", { "A B" }, -1 },	/* start fails: not judged */
	{ "always_imply_until", { "A B", "A", "B" }, 2 },
	{ "always_imply_until", { "", "A", "B", "", "A", "B" }, 2 },
	/* always (A imply next B) */
	{ "always_imply_next", { "", "A", "B" }, -1 },
	{ "always_imply_next", { "", "A", "" }, 2 },
	{ "always_imply_next", { "A", "" }, 1 },
	{ "always_imply_next", { "", "A", "A B", "B" }, -1 },
	{ "always_imply_next", { "", "A", "A B", "" }, 3 },
	/* always (A imply next not A) */
	{ "always_not_next", { "A", "A" }, 1 },
	{ "always_not_next", { "A", "", "A", "", "A" }, -1 },
	/* eventualities never fail on a finite prefix */
	{ "always_imply_eventually", { "A", "", "", "", "", "" }, -1 },
	{ "eventually_always", { "", "", "A", "", "" }, -1 },
	/* A until B, not always: once B held, anything goes */
	{ "plain_until", { "A", "A", "" }, 2 },
	{ "plain_until", { "A", "B", "" }, -1 },
	{ "plain_until", { "", "A" }, -1 },
	{ "plain_until", { "B", "", "", "" }, -1 },
	/* always (A imply next false): after A, no successor exists */
	{ "next_false", { "", "A", "" }, 2 },
	{ "next_false", { "A" }, -1 },
	{ "next_false", { "A", "" }, 1 },
	/* always (A equivalent B) */
	{ "always_equivalent", { "A B", "", "A" }, 2 },
	{ "always_equivalent", { "", "B" }, 1 },
	{ "always_equivalent", { "A B", "", "A B" }, -1 },
	/* A and B or C means A and (B or C) */
	{ "group_and_or_implicit", { "A B", "C" }, 1 },
	{ "group_and_or_implicit", { "A B", "A C", "A" }, 2 },
	/* not A and B means not (A and B) */
	{ "group_not_implicit", { "", "A", "B", "A B" }, 3 },
	/* X imply Y or Z means X imply (Y or Z) */
	{ "group_imply_or_implicit", { "", "Y", "X Z", "X" }, 3 },
	/* definitions inside definitions; GUARD reads not (B or C) */
	{ "nested_defs", { "", "A", "C", "B" }, 2 },
	{ "nested_defs", { "", "A", "A" }, -1 },
	{ "nested_defs", { "", "A", "", "B" }, -1 },
	{ "nested_defs", { "", "A", "", "A B" }, 3 },
	/* A imply (B until (C until D)) */
	{ "until_chain", { "", "A B", "B", "C", "D" }, -1 },
	{ "until_chain", { "", "A B", "C", "B" }, 3 },
	/* not ((not A) until B) = A release (not B) */
	{ "release_like", { "", "", "B" }, 2 },
	{ "release_like", { "A", "B" }, -1 },
	{ "release_like", { "", "A", "B" }, -1 },
	{ "release_like", { "", "", "A B" }, 2 },
};

const struct test_spec *test_spec_find(const char *name)
{
	for (const struct test_spec *s = test_specs; s->name; s++)
		if (!strcmp(s->name, name))
			return s;
	return NULL;
}

static int count_letters(const struct sequence *s)
{
	int n = 0;

	while (n < MAX_LETTERS && s->letters[n])
		n++;
	return n;
}

START_TEST(test_sequence)
{
	const struct sequence *s = &sequences[_i];
	const struct test_spec *spec = test_spec_find(s->spec);
	int got;

	ck_assert_msg(spec, "no spec %s", s->spec);
	got = drive_first_violation(spec->automaton, s->letters, count_letters(s));
	ck_assert_msg(got == s->violation, "%s sequence %d: violation at letter %d, expected %d",
		      s->spec, _i, got, s->violation);
}
END_TEST

struct same_meaning {
	const char	*implicit;
	const char	*explicit;
};

static const struct same_meaning groupings[] = {
	{ "group_and_or_implicit", "group_and_or_explicit" },
	{ "group_not_implicit", "group_not_explicit" },
	{ "group_imply_or_implicit", "group_imply_or_explicit" },
};

/* rvgen's right-grouping gives exactly the parenthesised automaton. */
START_TEST(test_grouping)
{
	const struct test_spec *a = test_spec_find(groupings[_i].implicit);
	const struct test_spec *b = test_spec_find(groupings[_i].explicit);
	char why[256];

	ck_assert(a && b);
	ck_assert_msg(!ltl_equiv(a->automaton, b->automaton, why, sizeof(why)), "%s: %s",
		      a->name, why);
}
END_TEST

/* The checker itself must see a difference where there is one. */
START_TEST(test_grouping_differs)
{
	const struct test_spec *a = test_spec_find("group_and_or_explicit");
	const struct test_spec *b = test_spec_find("group_not_explicit");
	char why[256];

	ck_assert(a && b);
	ck_assert_int_eq(ltl_equiv(a->automaton, b->automaton, why, sizeof(why)), -1);
}
END_TEST

Suite *ltl_automata_suite(void)
{
	Suite *s = suite_create("ltl_automata");
	TCase *tc = tcase_create("sequences");

	tcase_add_loop_test(tc, test_sequence, 0, sizeof(sequences) / sizeof(sequences[0]));
	tcase_add_loop_test(tc, test_grouping, 0, sizeof(groupings) / sizeof(groupings[0]));
	tcase_add_test(tc, test_grouping_differs);
	suite_add_tcase(s, tc);
	return s;
}
