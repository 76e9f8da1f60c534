/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the rtapp monitors (sleep of each kernel profile, wakeup) share:
 * where each of their atoms sits in one generated automaton, and the event
 * handlers written once against that map. A monitor's file only says which
 * automaton, which atoms, and which handlers (docs/semantics.md section 4,
 * docs/semantics.md section 8).
 */
#ifndef RTAPP_H
#define RTAPP_H

#include "../ltl/ltl_core.h"

/* An atom's index + 1 in the automaton; 0: this automaton has no such atom. */
#define RTAPP_AT(atom)	((atom) + 1)

struct rtapp_atoms {
	/* instantaneous events: false at every init */
	int	sleep;
	int	wake;
	int	schedule_in;
	int	abort_sleep;
	int	woken_by_hardirq;
	int	woken_by_nmi;
	int	woken_by_equal_or_higher_prio;
	int	woken_by_lower_prio;
	int	woken_by_softirq;
	/* what the task is */
	int	rt;
	int	kernel_thread;
	int	user_thread;
	int	task_is_rcu;
	int	task_is_migration;
	/* taught by events: false at init for tasks born now */
	int	kthread_should_stop;
	int	block_on_rt_mutex;
	int	clock_nanosleep;
	int	nanosleep_timer_abstime;
	int	nanosleep_clock_monotonic;
	int	nanosleep_clock_tai;
	int	nanosleep_clock_realtime;
	int	futex_wait;
	int	futex_lock_pi;
	int	epoll_wait;
};

extern const struct rv_container rtapp_container;

void rtapp_init(struct rv_target *t, bool task_creation);
void rtapp_kthread_learned(struct rv_target *t);
void rtapp_fetch(struct rv_target *t);
void rtapp_on_switch_out(struct rv_target *t, const struct rv_event *ev);
void rtapp_on_switch_in(struct rv_target *t, const struct rv_event *ev);
void rtapp_on_waking_friendly(struct rv_target *t, const struct rv_event *ev);
void rtapp_on_waking_blame(struct rv_target *t, const struct rv_event *ev);
void rtapp_on_wakeup(struct rv_target *t, const struct rv_event *ev);
void rtapp_on_contention_begin(struct rv_target *t, const struct rv_event *ev);
void rtapp_on_contention_end(struct rv_target *t, const struct rv_event *ev);
void rtapp_on_sys_enter(struct rv_target *t, const struct rv_event *ev);
void rtapp_on_sys_exit_sleep(struct rv_target *t, const struct rv_event *ev);
void rtapp_on_sys_exit_lock_pi(struct rv_target *t, const struct rv_event *ev);
void rtapp_on_kthread_stop(struct rv_target *t, const struct rv_event *ev);

#endif /* RTAPP_H */
