// SPDX-License-Identifier: GPL-2.0-only
/*
 * wip through its handlers, as the kernel's wip.c drives da_monitor.h:
 * a CPU's instance starts at its first preempt_enable (not processed),
 * a sched_waking is expected only with preemption disabled, and after a
 * violation events are ignored until the next preempt_enable
 * (docs/semantics.md section 11).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "da/da_core.h"
#include "wip/wip.h"

extern const struct rv_monitor wip_monitor;

struct wip_fixture {
	struct rv_task		task;
	union rv_state		state;
	struct rv_report	report;
	struct rv_target	t;
	char			seen[64];	/* "E@S" for each violation */
};

static void on_violation(void *data, const struct rv_target *t, const unsigned long *before,
			 const unsigned long *atoms, enum rv_violation_kind kind)
{
	struct wip_fixture *f = data;
	const struct rv_automaton *a = t->monitor->automaton;
	size_t n = strlen(f->seen);

	snprintf(f->seen + n, sizeof(f->seen) - n, "%s%s@%s", n ? " " : "",
		 rv_atom_name(a, __builtin_ctzl(atoms[0])), rv_state_name(a, __builtin_ctzl(before[0])));
}

/* Events by letter: d preempt_disable, e preempt_enable, w sched_waking. */
static void play(struct wip_fixture *f, const char *events)
{
	memset(f, 0, sizeof(*f));
	f->report = (struct rv_report){ .violation = on_violation };
	f->t = (struct rv_target){ .monitor = &wip_monitor, .task = &f->task,
				   .report = &f->report, .report_data = f };
	rv_instance_bind(&f->t, &f->state);
	rv_instance_init(&f->t, false);
	for (const char *c = events; *c; c++) {
		struct rv_event ev = { .type = *c == 'd' ? RV_EV_PREEMPT_DISABLE :
					       *c == 'e' ? RV_EV_PREEMPT_ENABLE : RV_EV_WAKING };

		rv_handle(&f->t, &ev);
	}
}

static const struct {
	const char	*events;
	const char	*violations;
	const char	*state;		/* at the end; NULL: not monitoring */
} cases[] = {
	/* nothing before the first preempt_enable */
	{ "wdwdd", "", NULL },
	/* the start is not processed: preemptive */
	{ "e", "", "preemptive" },
	{ "dwe", "", "preemptive" },
	{ "edwwe", "", "preemptive" },
	{ "edwwed", "", "non_preemptive" },
	/* a wakeup with preemption on (an interrupt's: no preempt_disable event) */
	{ "ew", "sched_waking@preemptive", NULL },
	{ "edewdw", "sched_waking@preemptive", NULL },
	/* nested or lost events */
	{ "edd", "preempt_disable@non_preemptive", NULL },
	/* a start event of a monitoring instance is processed */
	{ "ee", "preempt_enable@preemptive", NULL },
	/* stopped until the next preempt_enable, which starts it again */
	{ "ewdwe", "sched_waking@preemptive", "preemptive" },
	{ "ewdweww", "sched_waking@preemptive sched_waking@preemptive", NULL },
};

START_TEST(test_sequence)
{
	struct wip_fixture f;

	play(&f, cases[_i].events);
	ck_assert_msg(!strcmp(f.seen, cases[_i].violations), "%s: '%s', not '%s'",
		      cases[_i].events, f.seen, cases[_i].violations);
	ck_assert_int_eq(rv_instance_running(&f.t), cases[_i].state != NULL);
	if (cases[_i].state)
		ck_assert_str_eq(rv_state_name(wip_monitor.automaton, f.state.da.curr_state),
				 cases[_i].state);
}
END_TEST

START_TEST(test_descriptor)
{
	ck_assert_int_eq(wip_monitor.instance, RV_PER_CPU);
	ck_assert(rv_monitor_replayable(&wip_monitor));
	ck_assert(!wip_monitor.every_task);
	ck_assert_uint_eq(wip_monitor.automaton->nr_states, 2);
	ck_assert_uint_eq(wip_monitor.automaton->nr_atoms, 3);
}
END_TEST

Suite *wip_suite(void)
{
	Suite *s = suite_create("wip");
	TCase *tc = tcase_create("per_cpu_da");

	tcase_add_loop_test(tc, test_sequence, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_test(tc, test_descriptor);
	suite_add_tcase(s, tc);
	return s;
}
