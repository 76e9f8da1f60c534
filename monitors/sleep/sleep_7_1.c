/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtapp/sleep, profile 7.1 (Linux 7.1 and 7.2): as 6.17, and epoll_wait
 * is a valid sleep reason (semantics-profiles.md).
 */
#include "../rtapp/rtapp.h"
#include "sleep_6_17.h"
#include "sleep_7_1.h"

LTL_AUTOMATON(sleep_7_1_automaton);

static const struct rtapp_atoms sleep_7_1_atoms = {
	SLEEP_6_17_ATOMS,
	.epoll_wait			= RTAPP_AT(LTL_EPOLL_WAIT),
};

const struct rv_monitor sleep_7_1_monitor = {
	.name		= "sleep",
	.description	= "as 6.17, and epoll_wait is a valid sleep reason",
	.automaton	= &sleep_7_1_automaton,
	.init		= rtapp_init,
	.kthread_learned = rtapp_kthread_learned,
	.fetch		= rtapp_fetch,
	.priv		= &sleep_7_1_atoms,
	.on = { SLEEP_6_17_HANDLERS },
};
