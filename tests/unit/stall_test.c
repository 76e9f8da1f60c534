// SPDX-License-Identifier: GPL-2.0-only
/*
 * The HA core (monitors/ha/) through the stall monitor: its DA rules (the
 * start at a switch-out to wait, not processed), the clock reset by a
 * wakeup or a preemption, the invariant clk < threshold_jiffies judged at
 * the next event and at the trace's end, and a wait within a jiffy of the
 * bound never judged (docs/semantics.md section 10).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "ha/ha_core.h"
#include "stall/stall.h"

extern const struct rv_monitor stall_monitor;

#define MS	1000000ULL

struct ha_fixture {
	struct rv_task		task;
	union rv_state		state;
	struct rv_report	report;
	struct rv_target	t;
	uint64_t		params[RV_MAX_PARAMS];
	char			seen[128];
};

static void on_violation(void *data, const struct rv_target *t, const unsigned long *before,
			 const unsigned long *atoms, enum rv_violation_kind kind)
{
	struct ha_fixture *f = data;
	const struct rv_automaton *a = t->monitor->automaton;
	size_t n = strlen(f->seen);
	struct rv_clock c = { 0 };

	if (kind == RV_VIOLATION_CONSTRAINT) {
		ck_assert(rv_instance_clock(t, &c));
		snprintf(f->seen + n, sizeof(f->seen) - n, "%s%s@%s+%llu", n ? " " : "",
			 atoms[0] ? rv_atom_name(a, __builtin_ctzl(atoms[0])) : "none",
			 rv_state_name(a, __builtin_ctzl(before[0])),
			 (unsigned long long)((t->now - c.epoch_ns) / MS));
		return;
	}
	snprintf(f->seen + n, sizeof(f->seen) - n, "%s%s@%s", n ? " " : "",
		 rv_atom_name(a, __builtin_ctzl(atoms[0])), rv_state_name(a, __builtin_ctzl(before[0])));
}

/* HZ 1000, threshold 10 jiffies: 10 ms, and unsure from 9 ms. */
static void setup(struct ha_fixture *f)
{
	memset(f, 0, sizeof(*f));
	f->task = (struct rv_task){ .pid = 7, .prio = 120 };
	f->report = (struct rv_report){ .violation = on_violation };
	f->params[0] = 10;
	f->t = (struct rv_target){ .monitor = &stall_monitor, .task = &f->task,
				   .report = &f->report, .report_data = f, .hz = 1000,
				   .params = f->params };
	rv_instance_bind(&f->t, &f->state);
	rv_instance_init(&f->t, true);
}

/*
 * "W" switch-out to wait, "P" preempted, "i" switch-in, "w" wakeup, each
 * at the number of ms before it ("w5" a wakeup 5 ms later); "E" the
 * trace's end.
 */
static void play(struct ha_fixture *f, const char *events)
{
	for (const char *c = events; *c;) {
		struct rv_event ev = { .type = RV_EV_SWITCH_OUT };
		char what = *c++;

		while (*c >= '0' && *c <= '9')
			f->t.now += (uint64_t)(*c++ - '0') * MS;
		switch (what) {
		case 'W': ev.prev_state = RV_TASK_INTERRUPTIBLE; break;
		case 'P': ev.prev_state = RV_TASK_PREEMPTED; break;
		case 'i': ev.type = RV_EV_SWITCH_IN; break;
		case 'w': ev.type = RV_EV_WAKEUP; break;
		case 'E': rv_instance_finish(&f->t); continue;
		default: ck_abort_msg("bad letter %c", what);
		}
		rv_handle(&f->t, &ev);
	}
}

static const struct {
	const char	*events;
	const char	*violations;
	unsigned long	unsure;
	bool		monitoring;
} cases[] = {
	/* nothing before the first wait; the start is not processed */
	{ "iwPi", "", 0, false },
	{ "W", "", 0, true },
	{ "Ww", "", 0, true },
	/* woken, run within the bound: fine; past it: the invariant broken */
	{ "Wwi5", "", 0, true },
	{ "Wwi8P1i8", "", 0, true },
	{ "Wwi99", "sched_switch_in@enqueued+18", 0, false },
	{ "Wwi9i", "", 1, false },
	/* the clock runs from the wakeup, not from later wakeups */
	{ "Www5i6", "sched_switch_in@enqueued+11", 0, false },
	/* a preemption resets it */
	{ "Wwi1P1i5P2i8", "", 0, true },
	/* still enqueued at the trace's end: the kernel's timer */
	{ "WwE99", "none@enqueued+18", 0, false },
	{ "WwE9", "", 1, false },
	{ "WwE5", "", 0, true },
	{ "Ww1iE99", "", 0, true },
	/* the automaton: a switch-in while dequeued, a wait while enqueued */
	{ "Wi", "sched_switch_in@dequeued", 0, false },
	{ "WwW", "sched_switch_wait@enqueued", 0, false },
	/* after a violation, nothing until the next wait */
	{ "Wi w99i W w1i", "sched_switch_in@dequeued", 0, true },
};

START_TEST(test_sequence)
{
	struct ha_fixture f;
	char events[64];
	size_t n = 0;

	/* spaces only separate the letters for the reader */
	for (const char *c = cases[_i].events; *c && n < sizeof(events) - 1; c++)
		if (*c != ' ')
			events[n++] = *c;
	events[n] = '\0';
	setup(&f);
	play(&f, events);
	ck_assert_msg(!strcmp(f.seen, cases[_i].violations), "%s: '%s', not '%s'",
		      cases[_i].events, f.seen, cases[_i].violations);
	ck_assert_uint_eq(rv_instance_unsure(&f.t), cases[_i].unsure);
	ck_assert_int_eq(rv_instance_running(&f.t), cases[_i].monitoring);
}
END_TEST

/* The parameter's default is the kernel's, and HZ is needed. */
START_TEST(test_descriptor)
{
	ck_assert_str_eq(stall_monitor.params[0].name, "threshold_jiffies");
	ck_assert_uint_eq(stall_monitor.params[0].value, 1000);
	ck_assert(rv_monitor_needs_hz(&stall_monitor));
}
END_TEST

Suite *stall_suite(void)
{
	Suite *s = suite_create("stall");
	TCase *tc = tcase_create("ha_core");

	tcase_add_loop_test(tc, test_sequence, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_test(tc, test_descriptor);
	suite_add_tcase(s, tc);
	return s;
}
