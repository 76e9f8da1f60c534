// SPDX-License-Identifier: GPL-2.0-only
/*
 * Property test: every generated automaton (test specs and the rtapp
 * monitors) against formula progression on its .ltl, on random letter
 * sequences: the same letters must be violations in both.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltl_drive.h"
#include "ltl_progress.h"
#include "spec_registry.h"

#define SEQUENCES	3000
#define LENGTH		24

extern const struct rv_automaton pagefault_automaton, sleep_automaton;
extern const struct rv_automaton sleep_7_1_automaton, sleep_7_3_automaton, wakeup_automaton;

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = calloc(1, 65536);

	ck_assert_msg(f && buf, "cannot read %s", path);
	fread(buf, 1, 65535, f);
	fclose(f);
	return buf;
}

/* Mostly-false or mostly-true atoms, so that rare combinations occur. */
static unsigned long random_letter(unsigned int nr_atoms, const unsigned int *bias)
{
	unsigned long l = 0;

	for (unsigned int i = 0; i < nr_atoms; i++)
		if ((unsigned int)(random() % 100) < bias[i])
			l |= 1UL << i;
	return l;
}

static int compare(const char *path, const struct rv_automaton *a)
{
	unsigned int bias[RV_MAX_LTL_ATOM];
	char *text = read_file(path), err[LTL_MSG_LEN];
	struct ltl_spec spec;
	struct progress *p;
	struct drive d;
	int violations = 0;

	ck_assert_msg(!ltl_spec_parse(path, text, &spec, err), "%s", err);
	p = progress_new(&spec);
	ck_assert_int_eq(progress_nr_atoms(p), (int)a->nr_atoms);
	srandom(12345);
	for (int s = 0; s < SEQUENCES; s++) {
		static const unsigned int levels[] = { 5, 20, 50, 80, 95 };

		for (unsigned int i = 0; i < a->nr_atoms; i++)
			bias[i] = levels[random() % 5];
		drive_init(&d, a);
		progress_reset(p);
		for (int k = 0; k < LENGTH; k++) {
			unsigned long l = random_letter(a->nr_atoms, bias);
			bool want = progress_letter(p, l);

			ck_assert_msg(drive_letter(&d, l) == want,
				      "%s: sequence %d letter %d (%#lx): violation %s",
				      path, s, k, l, want ? "by progression only" : "by the automaton only");
			violations += want;
		}
	}
	progress_free(p);
	ltl_spec_free(&spec);
	free(text);
	return violations;
}

/* Liveness only: no finite prefix is a violation. */
static bool never_fails(const char *name)
{
	return !strcmp(name, "always_imply_eventually") || !strcmp(name, "eventually_always");
}

START_TEST(test_specs_against_progression)
{
	const struct test_spec *s = &test_specs[_i];

	int violations = compare(s->path, s->automaton);

	/* the sequences must exercise violations, or the test proves nothing */
	if (never_fails(s->name))
		ck_assert_int_eq(violations, 0);
	else
		ck_assert_msg(violations > 0, "%s: no violation in any sequence", s->name);
}
END_TEST

START_TEST(test_rtapp_against_progression)
{
	ck_assert_int_gt(compare("models/rtapp/pagefault.ltl", &pagefault_automaton), 0);
	ck_assert_int_gt(compare("models/rtapp/sleep.ltl", &sleep_automaton), 0);
	ck_assert_int_gt(compare("models/rtapp/7.1/sleep.ltl", &sleep_7_1_automaton), 0);
	ck_assert_int_gt(compare("models/rtapp/7.3/sleep.ltl", &sleep_7_3_automaton), 0);
	ck_assert_int_gt(compare("models/rtapp/7.3/wakeup.ltl", &wakeup_automaton), 0);
}
END_TEST

Suite *ltl_property_suite(void)
{
	Suite *s = suite_create("ltl_property");
	TCase *tc = tcase_create("progression");
	int n = 0;

	while (test_specs[n].name)
		n++;
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_specs_against_progression, 0, n);
	tcase_add_test(tc, test_rtapp_against_progression);
	suite_add_tcase(s, tc);
	return s;
}
