/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Test fixture: one task's instance of a real monitor (pagefault, sleep),
 * with the task's facts under the test's control and every step and
 * violation counted.
 */
#ifndef MONITOR_FIXTURE_H
#define MONITOR_FIXTURE_H

#include "ltl/ltl_core.h"

struct fixture {
	struct rv_task		task;
	struct ltl_monitor	mon;
	struct rv_report	report;
	struct rv_target	t;
	int			steps;
	unsigned long		step_atoms[16];	/* the atoms at each step */
	int			violations;
	enum rv_violation_kind	last_kind;
};

void fixture_init(struct fixture *f, const char *monitor, int rt, int kthread,
		  const char *comm, bool task_creation);
void fixture_init_monitor(struct fixture *f, const struct rv_monitor *m, int rt, int kthread,
			  const char *comm, bool task_creation);
int fixture_value(const struct fixture *f, unsigned int atom);
void fixture_event(struct fixture *f, enum rv_event_type type);
void fixture_start(struct fixture *f, unsigned int atom);
void fixture_steps_of(const struct fixture *f, unsigned int atom, char *out);

#endif
