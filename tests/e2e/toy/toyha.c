// SPDX-License-Identifier: GPL-2.0
/*
 * A toy hybrid automaton, to prove that an HA monitor is one folder and
 * its .dot (tests/e2e/toy_monitor_test.sh): a task's system call returns
 * within limit_ns (a parameter, 1 ms by default), a bound in ns that
 * needs no HZ. In the container of the toy LTL monitor, toys.
 */
#include "../ha/ha_core.h"
#include "toyha.h"

extern const struct rv_container toys_container;

HA_AUTOMATON(toyha_automaton, toyha);

static void toyha_on_sys_enter(struct rv_target *t, const struct rv_event *ev)
{
	da_handle_event(t, sys_enter_toyha);
}

static void toyha_on_sys_exit(struct rv_target *t, const struct rv_event *ev)
{
	da_handle_start_event(t, sys_exit_toyha);
}

const struct rv_monitor toyha_monitor = {
	.name		= "toyha",
	.type		= RV_MONITOR_HA,
	.instance	= RV_PER_TASK,
	.container	= &toys_container,
	.description	= "a task's system call returns within limit_ns",
	.version	= "6.17",
	.spec		= "models/toys/toyha.dot",
	.automaton	= &toyha_automaton,
	.every_task	= true,
	.start_rule	= "its first sys_exit",
	.params		= { { "limit_ns", 1000000 } },
	.on = {
		[RV_EV_SYS_ENTER]	= toyha_on_sys_enter,
		[RV_EV_SYS_EXIT]	= toyha_on_sys_exit,
	},
	.roles = {
		[RV_EV_SYS_ENTER]	= "sys_enter: a system call begins, its clock reset",
		[RV_EV_SYS_EXIT]	= "sys_exit: it ends; the first one starts the instance",
	},
};
