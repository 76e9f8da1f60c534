// SPDX-License-Identifier: GPL-2.0
/*
 * rtapp/pagefault: a real-time task must not raise page faults
 * (docs/semantics.md section 4).
 */
#include "../rtapp/rtapp.h"
#include "pagefault.h"

LTL_AUTOMATON(pagefault_automaton);

static void pagefault_init(struct rv_target *t, bool task_creation)
{
	if (task_creation)
		ltl_set(t, LTL_PAGEFAULT, false);
}

static void pagefault_fetch(struct rv_target *t)
{
	rv_fetch_rt(t, LTL_RT);
}

static void pagefault_on_fault(struct rv_target *t, const struct rv_event *ev)
{
	ltl_pulse(t, LTL_PAGEFAULT, true);
}

const struct rv_monitor pagefault_monitor = {
	.name		= "pagefault",
	.type		= RV_MONITOR_LTL,
	.instance	= RV_PER_TASK,
	.container	= &rtapp_container,
	.description	= "a real-time task must not raise page faults",
	.version	= "6.17",
	.spec		= "models/rtapp/pagefault.ltl",
	.automaton	= &pagefault_automaton,
	.init		= pagefault_init,
	.fetch		= pagefault_fetch,
	.on = {
		[RV_EV_PAGE_FAULT]	= pagefault_on_fault,
	},
	.roles = {
		[RV_EV_PAGE_FAULT]	= "the page faults judged",
	},
};
