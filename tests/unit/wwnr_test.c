// SPDX-License-Identifier: GPL-2.0-only
/*
 * The DA core (monitors/da/) as the kernel's include/rv/da_monitor.h runs
 * it, through the wwnr monitor's handlers: an instance ignores events
 * until a start event, which starts it without being processed; an event
 * its state does not expect is a violation that stops the instance until
 * the next start event (docs/semantics.md section 9).
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "da/da_core.h"
#include "wwnr/wwnr.h"

extern const struct rv_monitor wwnr_monitor;

struct da_fixture {
	struct rv_task		task;
	union rv_state		state;
	struct rv_report	report;
	struct rv_target	t;
	char			seen[64];	/* "E@S" for each violation, space-separated */
	int			steps;
};

static void on_violation(void *data, const struct rv_target *t, const unsigned long *before,
			 const unsigned long *atoms, enum rv_violation_kind kind)
{
	struct da_fixture *f = data;
	const struct rv_automaton *a = t->monitor->automaton;
	size_t n = strlen(f->seen);

	ck_assert_int_eq(kind, RV_VIOLATION_STEP);
	snprintf(f->seen + n, sizeof(f->seen) - n, "%s%s@%s", n ? " " : "",
		 rv_atom_name(a, __builtin_ctzl(atoms[0])), rv_state_name(a, __builtin_ctzl(before[0])));
}

static void on_step(void *data, const struct rv_target *t, const unsigned long *states,
		    const unsigned long *atoms, const unsigned long *next)
{
	((struct da_fixture *)data)->steps++;
}

static void setup(struct da_fixture *f)
{
	memset(f, 0, sizeof(*f));
	f->task = (struct rv_task){ .pid = 42, .prio = 120, .rt = 0, .kthread = 0 };
	f->report = (struct rv_report){ .step = on_step, .violation = on_violation };
	f->t = (struct rv_target){ .monitor = &wwnr_monitor, .task = &f->task,
				   .report = &f->report, .report_data = f };
	rv_instance_bind(&f->t, &f->state);
	rv_instance_init(&f->t, true);
}

/*
 * Events by letter: S switch-out in S (a start), D switch-out in D, P
 * switch-out preempted (R+), p preempted while its state was S (S|R+),
 * i switch-in, w wakeup.
 */
static void play(struct da_fixture *f, const char *events)
{
	for (const char *c = events; *c; c++) {
		struct rv_event ev = { .type = RV_EV_SWITCH_OUT };

		switch (*c) {
		case 'S': ev.prev_state = RV_TASK_INTERRUPTIBLE; break;
		case 'D': ev.prev_state = 0x2; break;
		case 'P': ev.prev_state = RV_TASK_PREEMPTED; break;
		case 'p': ev.prev_state = RV_TASK_PREEMPTED | RV_TASK_INTERRUPTIBLE; break;
		case 'i': ev.type = RV_EV_SWITCH_IN; break;
		case 'w': ev.type = RV_EV_WAKEUP; break;
		default: ck_abort_msg("bad letter %c", *c);
		}
		rv_handle(&f->t, &ev);
	}
}

static const struct {
	const char	*events;
	const char	*violations;
	bool		monitoring;	/* at the end */
	const char	*state;		/* at the end, when monitoring */
} cases[] = {
	/* nothing is judged before the first sleep in S */
	{ "iwPiwwDiP", "", false, NULL },
	{ "pwwii", "", false, NULL },
	/* the start is not processed: not_running, whatever the event */
	{ "iwS", "", true, "not_running" },
	{ "S", "", true, "not_running" },
	/* the automaton */
	{ "Swiw", "wakeup@running", false, NULL },
	{ "SwiPwiDi", "", true, "running" },
	{ "Sii", "switch_in@running", false, NULL },
	{ "SP", "switch_out@not_running", false, NULL },
	/* a start event of a monitoring instance is processed */
	{ "SiS", "", true, "not_running" },
	{ "SS", "switch_out@not_running", false, NULL },
	/* after a violation, events are ignored until the next start */
	{ "SiiwwiiPS", "switch_in@running", true, "not_running" },
	{ "SiiSiw", "switch_in@running wakeup@running", false, NULL },
};

START_TEST(test_sequence)
{
	struct da_fixture f;

	setup(&f);
	play(&f, cases[_i].events);
	ck_assert_msg(!strcmp(f.seen, cases[_i].violations), "%s: '%s', not '%s'",
		      cases[_i].events, f.seen, cases[_i].violations);
	ck_assert_int_eq(rv_instance_running(&f.t), cases[_i].monitoring);
	if (cases[_i].state)
		ck_assert_str_eq(rv_state_name(wwnr_monitor.automaton, f.state.da.curr_state),
				 cases[_i].state);
}
END_TEST

/* The kernel's da_handle_start_run_event(): start if stopped, then process. */
START_TEST(test_start_run)
{
	struct da_fixture f;

	setup(&f);
	da_handle_start_run_event(&f.t, switch_in_wwnr);
	ck_assert(rv_instance_running(&f.t));
	ck_assert_int_eq(f.state.da.curr_state, running_wwnr);
	ck_assert_int_eq(f.steps, 1);
	da_handle_start_run_event(&f.t, switch_in_wwnr);
	ck_assert_str_eq(f.seen, "switch_in@running");
	ck_assert(!rv_instance_running(&f.t));
}
END_TEST

/* The tables as dot2c writes them, read through the automaton's functions. */
START_TEST(test_tables)
{
	const struct rv_automaton *a = wwnr_monitor.automaton;
	const struct da_steps *s = da_steps_of(a);

	ck_assert_uint_eq(a->nr_states, 2);
	ck_assert_uint_eq(a->nr_atoms, 3);
	ck_assert_uint_eq(s->initial(s), not_running_wwnr);
	ck_assert_uint_eq(s->next(s, not_running_wwnr, wakeup_wwnr), not_running_wwnr);
	ck_assert_uint_eq(s->next(s, not_running_wwnr, switch_out_wwnr), a->nr_states);
	ck_assert_uint_eq(rv_instance_unknown(&(struct rv_target){ .monitor = &wwnr_monitor }), 0);
}
END_TEST

Suite *wwnr_suite(void)
{
	Suite *s = suite_create("wwnr");
	TCase *tc = tcase_create("da_core");

	tcase_add_loop_test(tc, test_sequence, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_test(tc, test_start_run);
	tcase_add_test(tc, test_tables);
	suite_add_tcase(s, tc);
	return s;
}
