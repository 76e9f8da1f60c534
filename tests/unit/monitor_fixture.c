// SPDX-License-Identifier: GPL-2.0-only
#include <check.h>
#include <string.h>

#include "monitor_fixture.h"

static void on_step(void *data, const struct rv_target *t, const unsigned long *states,
		    const unsigned long *atoms, const unsigned long *next)
{
	struct fixture *f = data;

	if (f->steps < 16)
		f->step_atoms[f->steps] = t->mon->atoms[0];
	f->steps++;
}

static void on_violation(void *data, const struct rv_target *t, const unsigned long *before,
			 const unsigned long *atoms, enum rv_violation_kind kind)
{
	struct fixture *f = data;

	f->violations++;
	f->last_kind = kind;
}

/**
 * fixture_init() - a task's fresh instance of a monitor
 * @f: the fixture
 * @monitor: "sleep", "pagefault"
 * @rt: 1, 0 or RV_UNKNOWN
 * @kthread: 1, 0 or RV_UNKNOWN
 * @comm: the comm at creation
 * @task_creation: born now (fork) rather than found running
 */
void fixture_init(struct fixture *f, const char *monitor, int rt, int kthread,
		  const char *comm, bool task_creation)
{
	fixture_init_monitor(f, rv_profile_monitor(&rv_profiles[0], monitor), rt, kthread, comm,
			     task_creation);
	ck_assert_msg(f->t.monitor, "no monitor %s", monitor);
}

/**
 * fixture_init_monitor() - as fixture_init(), for a monitor of any profile
 * @f: the fixture
 * @m: the monitor
 * @rt: 1, 0 or RV_UNKNOWN
 * @kthread: 1, 0 or RV_UNKNOWN
 * @comm: the comm at creation
 * @task_creation: born now (fork) rather than found running
 */
void fixture_init_monitor(struct fixture *f, const struct rv_monitor *m, int rt, int kthread,
			  const char *comm, bool task_creation)
{
	memset(f, 0, sizeof(*f));
	f->task.pid = 42;
	f->task.prio = rt == 1 ? 10 : 120;
	f->task.rt = rt;
	f->task.kthread = kthread;
	f->task.init_comm = comm;
	f->report.step = on_step;
	f->report.violation = on_violation;
	f->t.mon = &f->mon;
	f->t.monitor = m;
	f->t.task = &f->task;
	f->t.report = &f->report;
	f->t.report_data = f;
	f->t.infer = true;
	if (m)
		rv_instance_init(&f->t, task_creation);
}

/* 1 or 0, or RV_UNKNOWN. */
int fixture_value(const struct fixture *f, unsigned int i)
{
	if (test_bit(i, f->mon.unknown_atoms))
		return RV_UNKNOWN;
	return test_bit(i, f->mon.atoms);
}

void fixture_event(struct fixture *f, enum rv_event_type type)
{
	struct rv_event ev = { .type = type };

	rv_handle(&f->t, &ev);
}

/* Start the instance with an update that changes nothing, then count afresh. */
void fixture_start(struct fixture *f, unsigned int atom)
{
	ltl_update(&f->t, atom, test_bit(atom, f->mon.atoms));
	ck_assert_msg(rv_ltl_valid_state(&f->mon), "instance did not start");
	f->steps = 0;
	f->violations = 0;
}

/* The values @atom had at each step so far, as "10" for a pulse. */
void fixture_steps_of(const struct fixture *f, unsigned int atom, char *out)
{
	int i;

	for (i = 0; i < f->steps && i < 16; i++)
		out[i] = '0' + (f->step_atoms[i] >> atom & 1);
	out[i] = '\0';
}
