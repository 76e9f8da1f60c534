/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What an event means to the monitors: a switch-out that is a sleep, which
 * system call a sys_enter is, and the inferences of docs/semantics.md section 5.
 */
#ifndef RV_EVENTS_H
#define RV_EVENTS_H

#include "monitor.h"

#define RV_CLOCK_REALTIME	0
#define RV_CLOCK_MONOTONIC	1
#define RV_CLOCK_BOOTTIME	7
#define RV_CLOCK_TAI		11
#define RV_TIMER_ABSTIME	1

enum rv_futex_kind {
	RV_FUTEX_OTHER,
	RV_FUTEX_WAIT,		/* WAIT, WAIT_BITSET, WAIT_REQUEUE_PI */
	RV_FUTEX_LOCK_PI,	/* LOCK_PI, LOCK_PI2 */
};

bool rv_switched_out_sleeping(long prev_state);
bool rv_switched_out_interruptible(long prev_state);
bool rv_switched_out_waiting(long prev_state);
bool rv_syscall_is(long id, long nr);
bool rv_is_clock_nanosleep(const struct rv_event *ev);
enum rv_futex_kind rv_futex_kind(const struct rv_event *ev);
void rv_infer_not_blocked(struct rv_target *t, unsigned int block_atom);

#endif
