// SPDX-License-Identifier: GPL-2.0-only
/*
 * The core's rules (docs/semantics.md section 1) on the pagefault monitor:
 * set never steps, update starts or steps, pulse is update then step,
 * unknown atoms delay the start, restart after a violation, strict start.
 */
#include <check.h>

#include "monitor_fixture.h"
#include "pagefault/pagefault.h"

START_TEST(test_set_does_not_step)
{
	struct fixture f;

	fixture_init(&f, "pagefault", 0, 0, "t", true);
	ltl_set(&f.t, LTL_PAGEFAULT, true);
	ck_assert(!rv_ltl_valid_state(&f.mon));
	fixture_start(&f, LTL_RT);
	ltl_set(&f.t, LTL_PAGEFAULT, true);
	ck_assert_int_eq(f.steps, 0);
	ck_assert_int_eq(fixture_value(&f, LTL_PAGEFAULT), 1);
}
END_TEST

/* Starting is not a step: the event that starts an instance is not judged. */
START_TEST(test_update_starts_without_step)
{
	struct fixture f;

	fixture_init(&f, "pagefault", 0, 0, "t", true);
	ltl_update(&f.t, LTL_PAGEFAULT, true);
	ck_assert(rv_ltl_valid_state(&f.mon));
	ck_assert_int_eq(f.steps, 0);
	ltl_update(&f.t, LTL_PAGEFAULT, false);
	ck_assert_int_eq(f.steps, 1);
}
END_TEST

START_TEST(test_pulse_is_update_then_step)
{
	struct fixture f;
	char seen[17];

	fixture_init(&f, "pagefault", 0, 0, "t", true);
	fixture_start(&f, LTL_RT);
	ltl_pulse(&f.t, LTL_PAGEFAULT, true);
	fixture_steps_of(&f, LTL_PAGEFAULT, seen);
	ck_assert_str_eq(seen, "10");
	ck_assert_int_eq(fixture_value(&f, LTL_PAGEFAULT), 0);
	/* a pulse on a stopped instance: the update starts, the step judges */
	fixture_init(&f, "pagefault", 0, 0, "t", true);
	ltl_pulse(&f.t, LTL_PAGEFAULT, true);
	fixture_steps_of(&f, LTL_PAGEFAULT, seen);
	ck_assert_str_eq(seen, "0");
}
END_TEST

START_TEST(test_unknown_atoms_delay_start)
{
	struct fixture f;

	/* found running: PAGEFAULT unknown until the first fault; RT unknown */
	fixture_init(&f, "pagefault", RV_UNKNOWN, 0, "t", false);
	ck_assert_int_eq(fixture_value(&f, LTL_PAGEFAULT), RV_UNKNOWN);
	ck_assert_int_eq(fixture_value(&f, LTL_RT), RV_UNKNOWN);
	fixture_event(&f, RV_EV_PAGE_FAULT);
	ck_assert(!rv_ltl_valid_state(&f.mon));
	ck_assert_int_eq(fixture_value(&f, LTL_PAGEFAULT), 0);
	f.task.rt = 0;	/* fetched at the next update */
	fixture_event(&f, RV_EV_PAGE_FAULT);
	ck_assert(rv_ltl_valid_state(&f.mon));
	ck_assert_int_eq(f.violations, 0);
}
END_TEST

/* Reported once per RT episode; a task RT from its first fault is never judged. */
START_TEST(test_restart_after_violation)
{
	struct fixture f;

	fixture_init(&f, "pagefault", 0, 0, "t", true);
	fixture_event(&f, RV_EV_PAGE_FAULT);
	f.task.rt = 1;
	fixture_event(&f, RV_EV_PAGE_FAULT);
	ck_assert_int_eq(f.violations, 1);
	ck_assert_int_eq(f.last_kind, RV_VIOLATION_STEP);
	ck_assert(!rv_ltl_valid_state(&f.mon));
	fixture_event(&f, RV_EV_PAGE_FAULT);
	fixture_event(&f, RV_EV_PAGE_FAULT);
	ck_assert_int_eq(f.violations, 1);
	f.task.rt = 0;
	fixture_event(&f, RV_EV_PAGE_FAULT);
	ck_assert(rv_ltl_valid_state(&f.mon));
	f.task.rt = 1;
	fixture_event(&f, RV_EV_PAGE_FAULT);
	ck_assert_int_eq(f.violations, 2);
}
END_TEST

START_TEST(test_rt_from_first_fault)
{
	struct fixture f;

	fixture_init(&f, "pagefault", 1, 0, "t", false);
	for (int i = 0; i < 5; i++)
		fixture_event(&f, RV_EV_PAGE_FAULT);
	ck_assert_int_eq(f.violations, 0);
	ck_assert(!rv_ltl_valid_state(&f.mon));

	fixture_init(&f, "pagefault", 1, 0, "t", false);
	f.t.strict_start = true;
	for (int i = 0; i < 5; i++)
		fixture_event(&f, RV_EV_PAGE_FAULT);
	ck_assert_int_eq(f.violations, 5);
	ck_assert_int_eq(f.last_kind, RV_VIOLATION_START);
}
END_TEST

/* Strict start judges only a start with every atom known. */
START_TEST(test_strict_start_needs_known_atoms)
{
	struct fixture f;

	fixture_init(&f, "pagefault", RV_UNKNOWN, 0, "t", false);
	f.t.strict_start = true;
	fixture_event(&f, RV_EV_PAGE_FAULT);
	ck_assert_int_eq(f.violations, 0);
}
END_TEST

Suite *ltl_core_suite(void)
{
	Suite *s = suite_create("ltl_core");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, test_set_does_not_step);
	tcase_add_test(tc, test_update_starts_without_step);
	tcase_add_test(tc, test_pulse_is_update_then_step);
	tcase_add_test(tc, test_unknown_atoms_delay_start);
	tcase_add_test(tc, test_restart_after_violation);
	tcase_add_test(tc, test_rt_from_first_fault);
	tcase_add_test(tc, test_strict_start_needs_known_atoms);
	suite_add_tcase(s, tc);
	return s;
}
