// SPDX-License-Identifier: GPL-2.0-only
/*
 * sched_switch's preemption bit read from its print fmt (parsers/events/
 * switch_state.c): 0x100 on Linux 4.14+, another on older kernels, and a
 * prev_state normalised to the 4.14+ bit whatever the kernel.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "switch_state.h"

#define FIELDS \
	"name: sched_switch\nID: 7\nformat:\n" \
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n" \
	"\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n" \
	"\tfield:long prev_state;\toffset:24;\tsize:8;\tsigned:1;\n\n"

#define MASK_6X "(((0x00000000 | 0x00000001 | 0x00000002 | 0x00000004 | 0x00000008 | " \
	"0x00000010 | 0x00000020 | 0x00000040) + 1) << 1)"

static const struct {
	const char	*print_fmt;
	unsigned long	bit;
} formats[] = {
	/* Linux 4.14 to 7.x */
	{ "\"prev_state=%s%s\", (REC->prev_state & (" MASK_6X " - 1)) ? \"S\" : \"R\", "
	  "REC->prev_state & " MASK_6X " ? \"+\" : \"\"", 0x100 },
	/* older kernels: TASK_STATE_MAX, as a number */
	{ "\"prev_state=%s%s\", REC->prev_state & (4096-1) ? \"S\" : \"R\", "
	  "REC->prev_state & 4096 ? \"+\" : \"\"", 0x1000 },
	{ "\"prev_state=%s%s\", REC->prev_state & (2048-1) ? \"S\" : \"R\", "
	  "REC->prev_state & 0x800 ? \"+\" : \"\"", 0x800 },
	/* not a single bit, or no "+" test: unknown, the 4.14+ bit kept */
	{ "\"prev_state=%s%s\", REC->prev_state, REC->prev_state & 3 ? \"+\" : \"\"", 0 },
	{ "\"prev_state=%d\", REC->prev_state", 0 },
	{ "\"prev_state=%s\", REC->prev_comm & 256 ? \"+\" : \"\"", 0 },
};

START_TEST(test_preempt_bit)
{
	struct tep_handle *tep = tep_alloc();
	struct tep_event *ev = NULL;
	char text[2048];

	snprintf(text, sizeof(text), FIELDS "print fmt: %s\n", formats[_i].print_fmt);
	ck_assert_int_eq(tep_parse_format(tep, &ev, text, strlen(text), "sched"), 0);
	ck_assert_uint_eq(switch_state_preempt_bit(ev), formats[_i].bit);
	tep_free(tep);
}
END_TEST

START_TEST(test_normal)
{
	/* 4.14+ and unknown: as they are */
	ck_assert_int_eq(switch_state_normal(0x101, 0x100), 0x101);
	ck_assert_int_eq(switch_state_normal(0x1, 0), 0x1);
	/* an older kernel: its preemption bit moves, the states stay */
	ck_assert_int_eq(switch_state_normal(0x1000, 0x1000), 0x100);
	ck_assert_int_eq(switch_state_normal(0x1001, 0x1000), 0x101);
	ck_assert_int_eq(switch_state_normal(0x1, 0x1000), 0x1);
	ck_assert_int_eq(switch_state_normal(0x2, 0x1000), 0x2);
	/* its states above 0xff (TASK_WAKING, TASK_PARKED) are not the 4.14+ bits */
	ck_assert_int_eq(switch_state_normal(0x402, 0x1000), 0x2);
}
END_TEST

Suite *switch_state_suite(void)
{
	Suite *s = suite_create("switch_state");
	TCase *tc = tcase_create("print_fmt");

	tcase_add_loop_test(tc, test_preempt_bit, 0, sizeof(formats) / sizeof(formats[0]));
	tcase_add_test(tc, test_normal);
	suite_add_tcase(s, tc);
	return s;
}
