// SPDX-License-Identifier: GPL-2.0-only
/*
 * engine/cpu_irqs.c: the handler a CPU is in, and the handlers it ran in a
 * window, from irq_handler_entry/exit and softirq_entry/exit records:
 * clipped to the window, grouped per interrupt, most time first, a hard
 * irq nested in a softirq counted in both, an exit without its entry left
 * out, a handler still running counted to the window's end, and a window
 * older than the kept runs told partial.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "cpu_irqs.h"

static struct trace_record rec(enum trace_kind kind, int cpu, uint64_t ts, int nr, const char *name)
{
	struct trace_record r = { .kind = kind, .cpu = cpu, .ts = ts };

	r.irq.nr = nr;
	if (name)
		strcpy(r.irq.name, name);
	return r;
}

static void take(struct cpu_irqs *q, enum trace_kind kind, int cpu, uint64_t ts, int nr,
		 const char *name)
{
	struct trace_record r = rec(kind, cpu, ts, nr, name);

	cpu_irqs_record(q, &r);
}

START_TEST(test_window_clipped_grouped)
{
	struct cpu_irqs *q = cpu_irqs_new(2);
	struct irq_activity a;

	take(q, TRACE_IRQ_ENTRY, 0, 100, 36, "virtio1-req.0");
	take(q, TRACE_IRQ_EXIT, 0, 110, 36, NULL);
	take(q, TRACE_SOFTIRQ_ENTRY, 0, 111, 4, NULL);
	take(q, TRACE_IRQ_ENTRY, 0, 115, 36, "virtio1-req.0");	/* nested in BLOCK */
	take(q, TRACE_IRQ_EXIT, 0, 118, 36, NULL);
	take(q, TRACE_SOFTIRQ_EXIT, 0, 150, 4, NULL);
	take(q, TRACE_SOFTIRQ_ENTRY, 1, 120, 1, NULL);		/* another CPU */
	take(q, TRACE_SOFTIRQ_EXIT, 1, 130, 1, NULL);
	cpu_irqs_window(q, 0, 105, 140, &a);
	ck_assert_uint_eq(a.nr, 2);
	ck_assert(a.used[0].id.soft);
	ck_assert_str_eq(a.used[0].id.name, "BLOCK");
	ck_assert_uint_eq(a.used[0].count, 1);
	ck_assert_uint_eq(a.used[0].ns, 29);		/* 111..140 */
	ck_assert(!a.used[1].id.soft);
	ck_assert_int_eq(a.used[1].id.nr, 36);
	ck_assert_str_eq(a.used[1].id.name, "virtio1-req.0");
	ck_assert_uint_eq(a.used[1].count, 2);
	ck_assert_uint_eq(a.used[1].ns, 5 + 3);	/* 105..110 and 115..118 */
	ck_assert(!a.partial);
	cpu_irqs_window(q, 0, 160, 170, &a);
	ck_assert_uint_eq(a.nr, 0);
	cpu_irqs_free(q);
}
END_TEST

START_TEST(test_now_and_open)
{
	struct cpu_irqs *q = cpu_irqs_new(1);
	struct irq_activity a;
	struct irq_id id;

	ck_assert(!cpu_irqs_now(q, 0, false, &id));
	take(q, TRACE_SOFTIRQ_ENTRY, 0, 10, 3, NULL);
	take(q, TRACE_IRQ_ENTRY, 0, 20, 24, "ahci");
	ck_assert(cpu_irqs_now(q, 0, false, &id));
	ck_assert_int_eq(id.nr, 24);
	ck_assert_str_eq(id.name, "ahci");
	ck_assert(cpu_irqs_now(q, 0, true, &id));
	ck_assert_str_eq(id.name, "NET_RX");
	/* still running: counted to the window's end */
	cpu_irqs_window(q, 0, 0, 30, &a);
	ck_assert_uint_eq(a.nr, 2);
	ck_assert_uint_eq(a.used[0].ns, 20);
	ck_assert_uint_eq(a.used[1].ns, 10);
	take(q, TRACE_IRQ_EXIT, 0, 25, 24, NULL);
	ck_assert(!cpu_irqs_now(q, 0, false, &id));
	ck_assert(!cpu_irqs_now(q, 5, false, &id));	/* no such CPU */
	cpu_irqs_free(q);
}
END_TEST

START_TEST(test_exit_without_entry)
{
	struct cpu_irqs *q = cpu_irqs_new(1);
	struct irq_activity a;

	take(q, TRACE_IRQ_EXIT, 0, 10, 24, NULL);		/* entered before the trace */
	take(q, TRACE_SOFTIRQ_ENTRY, 0, 20, 1, NULL);
	take(q, TRACE_SOFTIRQ_EXIT, 0, 30, 2, NULL);		/* not the one entered */
	take(q, TRACE_SOFTIRQ_ENTRY, 0, 40, 9, NULL);		/* the exit of 1 lost */
	take(q, TRACE_SOFTIRQ_EXIT, 0, 45, 9, NULL);
	cpu_irqs_window(q, 0, 0, 100, &a);
	ck_assert_uint_eq(a.nr, 2);
	ck_assert_str_eq(a.used[0].id.name, "TIMER");	/* 20..40: ended by the next entry */
	ck_assert_uint_eq(a.used[0].ns, 20);
	ck_assert_str_eq(a.used[1].id.name, "RCU");
	cpu_irqs_free(q);
}
END_TEST

START_TEST(test_partial_and_others)
{
	struct cpu_irqs *q = cpu_irqs_new(1);
	struct irq_activity a;
	char name[16];

	for (int i = 0; i < CPU_IRQ_RUNS + 10; i++) {
		snprintf(name, sizeof(name), "dev%d", i % 6);
		take(q, TRACE_IRQ_ENTRY, 0, 100 + 10 * i, 30 + i % 6, name);
		take(q, TRACE_IRQ_EXIT, 0, 101 + 10 * i, 30 + i % 6, NULL);
	}
	cpu_irqs_window(q, 0, 0, 100000, &a);
	ck_assert(a.partial);
	ck_assert_uint_eq(a.nr, CPU_IRQ_NAMED);
	ck_assert_uint_eq(a.others, 6 - CPU_IRQ_NAMED);
	{
		unsigned int runs = a.others_count;

		for (unsigned int i = 0; i < a.nr; i++)
			runs += a.used[i].count;
		ck_assert_uint_eq(runs, CPU_IRQ_RUNS);
	}
	/* a window within the kept runs: whole */
	cpu_irqs_window(q, 0, 100 + 10 * 20, 100 + 10 * 30, &a);
	ck_assert(!a.partial);
	cpu_irqs_free(q);
}
END_TEST

Suite *cpu_irqs_suite(void)
{
	Suite *s = suite_create("cpu_irqs");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_window_clipped_grouped);
	tcase_add_test(tc, test_now_and_open);
	tcase_add_test(tc, test_exit_without_entry);
	tcase_add_test(tc, test_partial_and_others);
	suite_add_tcase(s, tc);
	return s;
}
