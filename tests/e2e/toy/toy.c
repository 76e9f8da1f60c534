// SPDX-License-Identifier: GPL-2.0
/*
 * A toy monitor, to prove that adding a monitor is one folder and its
 * specification (tests/e2e/toy_monitor_test.sh copies it into a copy of
 * the tree as monitors/toy/toy.c): a real-time task must not make system
 * calls.
 */
#include "../ltl/ltl_core.h"
#include "toy.h"

LTL_AUTOMATON(toy_automaton);

static void toy_init(struct rv_target *t, bool task_creation)
{
	if (task_creation)
		ltl_set(t, LTL_SYSCALL, false);
}

static void toy_fetch(struct rv_target *t)
{
	rv_fetch_rt(t, LTL_RT);
}

static void toy_on_sys_enter(struct rv_target *t, const struct rv_event *ev)
{
	ltl_pulse(t, LTL_SYSCALL, true);
}

const struct rv_monitor toy_monitor = {
	.name		= "toy",
	.description	= "a real-time task must not make system calls",
	.version	= "6.17",
	.spec		= "models/rtapp/toy.ltl",
	.automaton	= &toy_automaton,
	.init		= toy_init,
	.fetch		= toy_fetch,
	.on = {
		[RV_EV_SYS_ENTER]	= toy_on_sys_enter,
	},
	.roles = {
		[RV_EV_SYS_ENTER]	= "the system calls judged",
	},
};
