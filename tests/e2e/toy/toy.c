// SPDX-License-Identifier: GPL-2.0
/*
 * A toy monitor, to prove that adding a monitor is one folder and its
 * specification (tests/e2e/toy_monitor_test.sh copies it into a copy of
 * the tree as monitors/toy/toy.c): a real-time task must not make system
 * calls. It is the one monitor of a container of its own, toys.
 */
#include "../ltl/ltl_core.h"
#include "toy.h"

LTL_AUTOMATON(toy_automaton);

const struct rv_container toys_container = {
	.name		= "toys",
	.description	= "monitors that prove how monitors are added",
};

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
	.type		= RV_MONITOR_LTL,
	.instance	= RV_PER_TASK,
	.container	= &toys_container,
	.description	= "a real-time task must not make system calls",
	.version	= "6.17",
	.spec		= "models/toys/toy.ltl",
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
