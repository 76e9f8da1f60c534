/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtapp/sleep, profile 6.17 (Linux 6.17 to 7.0): a real-time task may only
 * sleep in ways safe for real time, and must be woken by something that
 * does not delay it. The handlers are the shared rtapp ones.
 */
#include "../rtapp/rtapp.h"
#include "sleep_6_17.h"
#include "sleep.h"

LTL_AUTOMATON(sleep_automaton);

static const struct rtapp_atoms sleep_atoms = {
	SLEEP_6_17_ATOMS,
};

const struct rv_monitor sleep_monitor = {
	.name		= "sleep",
	.description	= "a real-time task may only sleep in real-time safe ways, woken by equal or higher priority",
	.automaton	= &sleep_automaton,
	.init		= rtapp_init,
	.kthread_learned = rtapp_kthread_learned,
	.fetch		= rtapp_fetch,
	.priv		= &sleep_atoms,
	.on = { SLEEP_6_17_HANDLERS },
};
