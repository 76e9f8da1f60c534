// SPDX-License-Identifier: GPL-2.0
/*
 * A toy deterministic automaton, to prove that a DA monitor is one folder
 * and its .dot (tests/e2e/toy_monitor_test.sh): a task's system calls do
 * not nest. An instance starts at a task's first sys_exit (back in user
 * space), in the container of the toy LTL monitor, toys.
 */
#include "../da/da_core.h"
#include "toyda.h"

extern const struct rv_container toys_container;

DA_AUTOMATON(toyda_automaton, toyda);

static void toyda_on_sys_enter(struct rv_target *t, const struct rv_event *ev)
{
	da_handle_event(t, sys_enter_toyda);
}

static void toyda_on_sys_exit(struct rv_target *t, const struct rv_event *ev)
{
	da_handle_start_event(t, sys_exit_toyda);
}

const struct rv_monitor toyda_monitor = {
	.name		= "toyda",
	.type		= RV_MONITOR_DA,
	.instance	= RV_PER_TASK,
	.container	= &toys_container,
	.description	= "a task's system calls do not nest",
	.version	= "6.17",
	.spec		= "models/toys/toyda.dot",
	.automaton	= &toyda_automaton,
	.every_task	= true,
	.start_rule	= "its first sys_exit",
	.on = {
		[RV_EV_SYS_ENTER]	= toyda_on_sys_enter,
		[RV_EV_SYS_EXIT]	= toyda_on_sys_exit,
	},
	.roles = {
		[RV_EV_SYS_ENTER]	= "sys_enter: a system call begins",
		[RV_EV_SYS_EXIT]	= "sys_exit: it ends; the first one starts the instance",
	},
};
