/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sched_switch's prev_state as one meaning for every kernel: the bit that
 * says "preempted" (TASK_REPORT_MAX, printed "+") is 0x100 on Linux 4.14
 * and later and another on older kernels; the event's print fmt says which.
 */
#ifndef SWITCH_STATE_H
#define SWITCH_STATE_H

#include <traceevent/event-parse.h>

unsigned long switch_state_preempt_bit(const struct tep_event *ev);
long switch_state_normal(long raw, unsigned long preempt_bit);

#endif
