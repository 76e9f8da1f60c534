// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which events a trace's kernel has (engine/kernel_events.c): the kernel's
 * history by architecture and release, its words for `rvreplay list`, and
 * a real trace's own formats.
 */
#include <check.h>
#include <string.h>

#include "kernel_events.h"
#include "trace_input.h"

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

static const struct {
	const char	*arch;
	const char	*release;
	enum trace_kind	kind;
	bool		lacks;
} history_cases[] = {
	{ "x86_64", "", TRACE_FAULT_USER, false },
	{ "x86_64", "4.14.0", TRACE_FAULT_KERNEL, false },
	{ "i386", "3.2.0", TRACE_FAULT_USER, false },
	{ "riscv64", "6.16.9", TRACE_FAULT_USER, true },
	{ "riscv64", "6.17.0", TRACE_FAULT_USER, false },
	{ "riscv32", "", TRACE_FAULT_USER, true },	/* gained late: unknown is lacking */
	{ "arm64", "7.3.0", TRACE_FAULT_USER, true },
	{ "arm", "6.1.0", TRACE_FAULT_KERNEL, true },
	{ "ppc64", "6.12.0", TRACE_FAULT_USER, true },
	{ "s390x", "6.12.0", TRACE_FAULT_USER, true },
	{ "arm", "4.14.98", TRACE_CONTENTION_BEGIN, true },
	{ "arm", "5.19.0", TRACE_CONTENTION_END, false },
	{ "arm64", "", TRACE_CONTENTION_BEGIN, false },	/* all gained it: unknown may have it */
	{ "arm", "4.14.98", TRACE_WAKING, false },
	{ "arm", "", TRACE_SYS_ENTER, false },
	{ NULL, "", TRACE_FAULT_USER, true },		/* no architecture: none known to have it */
};

START_TEST(history_says)
{
	const typeof(history_cases[0]) *c = &history_cases[_i];

	ck_assert_msg(kernel_event_table_lacks(c->arch, c->release, c->kind) == c->lacks,
		      "%s %s %s: expected %s", c->arch ? c->arch : "(none)", c->release,
		      trace_kind_event(c->kind), c->lacks ? "lacking" : "not lacking");
}
END_TEST

START_TEST(where_in_words)
{
	char buf[256];

	ck_assert(kernel_event_where(TRACE_FAULT_USER, buf, sizeof(buf)));
	ck_assert_str_eq(buf, "x86_64 and i386, and on riscv64 and riscv32 from Linux 6.17");
	ck_assert(kernel_event_where(TRACE_CONTENTION_BEGIN, buf, sizeof(buf)));
	ck_assert_str_eq(buf, "kernels from Linux 5.19");
	ck_assert(!kernel_event_where(TRACE_SWITCH, buf, sizeof(buf)));
	ck_assert_str_eq(buf, "");
	/* a short buffer is cut, never overrun */
	ck_assert(kernel_event_where(TRACE_FAULT_USER, buf, 12));
	ck_assert_uint_eq(strlen(buf), 11);
}
END_TEST

/* rvreplay record's x86_64 trace: its formats decide, and it is no full dump. */
START_TEST(trace_formats_decide)
{
	struct trace_input *in;
	struct trace_open_options opts = { .reader = trace_reader_from_env() };
	char err[TRACE_ERR_LEN], why[200];

	ck_assert_msg(!trace_input_open("traces/pagefault-nomlock.dat", &opts, &in, err), "%s",
		      err);
	ck_assert_int_lt(trace_input_nr_systems(in), KERNEL_EVENTS_FULL_DUMP);
	ck_assert_int_eq(kernel_event_state(in, "x86_64", TRACE_FAULT_USER, why, sizeof(why)),
			 KERNEL_EVENT_HAS);
	/* a format in the trace is the kernel's, whatever the table says */
	ck_assert_int_eq(kernel_event_state(in, "arm64", TRACE_FAULT_USER, why, sizeof(why)),
			 KERNEL_EVENT_HAS);
	ck_assert_int_eq(kernel_event_state(in, "x86_64", TRACE_IRQ_ENTRY, why, sizeof(why)),
			 trace_input_has(in, TRACE_IRQ_ENTRY) ? KERNEL_EVENT_HAS : KERNEL_EVENT_HAS);
	trace_input_close(in);
}
END_TEST

Suite *kernel_events_suite(void)
{
	Suite *s = suite_create("kernel_events");
	TCase *tc = tcase_create("history");

	tcase_add_loop_test(tc, history_says, 0, ARRAY_LEN(history_cases));
	tcase_add_test(tc, where_in_words);
	tcase_add_test(tc, trace_formats_decide);
	suite_add_tcase(s, tc);
	return s;
}
