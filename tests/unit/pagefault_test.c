// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pagefault monitor's handlers: only a page fault matters, as a pulse.
 */
#include <check.h>
#include <string.h>

#include "monitor_fixture.h"
#include "pagefault/pagefault.h"

static const struct {
	enum rv_event_type	type;
	const char		*steps;
} cases[] = {
	{ RV_EV_PAGE_FAULT, "10" },
	{ RV_EV_SWITCH_OUT, "" },
	{ RV_EV_SWITCH_IN, "" },
	{ RV_EV_WAKING, "" },
	{ RV_EV_WAKEUP, "" },
	{ RV_EV_CONTENTION_BEGIN, "" },
	{ RV_EV_CONTENTION_END, "" },
	{ RV_EV_SYS_EXIT, "" },
	{ RV_EV_KTHREAD_STOP, "" },
};

START_TEST(test_handler)
{
	struct fixture f;
	char seen[17];

	fixture_init(&f, "pagefault", 0, 0, "t", true);
	fixture_start(&f, LTL_RT);
	fixture_event(&f, cases[_i].type);
	fixture_steps_of(&f, LTL_PAGEFAULT, seen);
	ck_assert_msg(!strcmp(seen, cases[_i].steps), "event %d: '%s'", cases[_i].type, seen);
}
END_TEST

START_TEST(test_init)
{
	struct fixture f;

	fixture_init(&f, "pagefault", 0, 0, "t", true);
	ck_assert_int_eq(fixture_value(&f, LTL_PAGEFAULT), 0);
	ck_assert_int_eq(fixture_value(&f, LTL_RT), 0);
	fixture_init(&f, "pagefault", 1, 1, "t", false);
	ck_assert_int_eq(fixture_value(&f, LTL_PAGEFAULT), RV_UNKNOWN);
	ck_assert_int_eq(fixture_value(&f, LTL_RT), 1);
	fixture_init(&f, "pagefault", RV_UNKNOWN, 0, "t", true);
	ck_assert_int_eq(fixture_value(&f, LTL_RT), RV_UNKNOWN);
}
END_TEST

Suite *pagefault_suite(void)
{
	Suite *s = suite_create("pagefault");
	TCase *tc = tcase_create("handlers");

	tcase_add_loop_test(tc, test_handler, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_test(tc, test_init);
	suite_add_tcase(s, tc);
	return s;
}
