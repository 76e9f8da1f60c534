/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the replay knows about each task (docs/semantics.md section 3): prio,
 * RT-ness, kernel-thread-ness and where it was learned, comm, birth in the
 * trace, and the state kept per task for the monitors and the reports.
 */
#ifndef TASK_FACTS_H
#define TASK_FACTS_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu_irqs.h"
#include "monitor.h"
#include "trace_input.h"

#define MAX_MONITORS	RV_MAX_PROFILE_MONITORS

/* Sources of kthread-ness, weakest first; a weaker one never overrides. */
enum kthread_source {
	KTHREAD_FROM_NONE,
	KTHREAD_FROM_COMM,	/* --kthread-comms heuristics */
	KTHREAD_FROM_SYSCALL,	/* it entered a system call: a user task */
	KTHREAD_FROM_FORK,	/* child of kthreadd (pid 2) or not */
	KTHREAD_FROM_PID,	/* pid 0 and 2 */
	KTHREAD_FROM_METADATA,	/* rvreplay-task: line, section 7 */
};

/* One task's instance of one monitor, and what the reports need of it. */
struct task_instance {
	union rv_state		state;
	bool			created;
	uint64_t		started_ts;	/* first start; 0: never */
	unsigned long		violations;
	unsigned long		events;		/* events delivered to it */
	unsigned long		unjudged;	/* events while stopped and RT */
	unsigned long		inferred;	/* events given it that no record shows */
	uint64_t		entered_ts;	/* a per-CPU DA's: when it entered its state */
	enum trace_kind		entered_by;	/* and the record that put it there */
	/* a formula rule's: the record at whose step each atom last became true
	   (made at the first; NULL: none yet) */
	struct atom_steps	*set_at;
};

struct atom_steps {
	unsigned long		known;		/* bits: the atoms @at knows */
	struct trace_ref	at[RV_MAX_LTL_ATOM];
};

/* The system call a task is in, if any. */
struct task_syscall {
	bool			active;
	long			id;
	unsigned long		args[6];
	uint64_t		ts;
};

/* Who woke a task: its sched_waking record. */
struct task_waker {
	uint64_t		ts;		/* 0: no sched_waking seen */
	int			pid;		/* the task the CPU ran (0: idle) */
	int			prio;
	unsigned int		context;	/* common_flags: task, irq, softirq, NMI */
	int			cpu;
	char			comm[TRACE_COMM_LEN];
	struct task_syscall	syscall;	/* a task waker's system call then */
	struct irq_id		irq;		/* the hard irq handler its CPU was in (nr -1: none told) */
	struct irq_id		softirq;	/* the softirq handler, likewise */
};

/* The last sleep of a task and how it ended. */
struct task_sleep {
	uint64_t		start;		/* switched out sleeping; 0: not sleeping */
	bool			uninterruptible;	/* in D: no SLEEP for the monitors */
	bool			begun_rt;	/* RT at its switch-out, where the monitors
						   judge RT and SLEEP */
	struct task_syscall	reason;		/* the system call it slept in */
	struct task_waker	waker;
	uint64_t		wakeup_ts;
	uint64_t		run_ts;
	bool			run_inferred;	/* no switch-in recorded: its next own record */
	int			run_cpu;	/* where it ran again */
};

/* A task's last switch in or out, as the monitors were given it. */
struct task_switch {
	uint64_t		ts;		/* 0: none seen */
	int			cpu;
	bool			in;
	bool			inferred;	/* a switch-in not recorded: its own record */
};

struct task {
	int			pid;
	int			prio;		/* TRACE_UNKNOWN_PRIO until seen */
	signed char		rt;		/* 1, 0, RV_UNKNOWN */
	signed char		kthread;	/* 1, 0, RV_UNKNOWN */
	enum kthread_source	kthread_from;
	bool			born;		/* sched_process_fork seen */
	bool			ever_rt;
	char			comm[TRACE_COMM_LEN];		/* latest */
	char			init_comm[TRACE_COMM_LEN];	/* at instance creation */
	struct task_syscall	syscall;
	struct task_syscall	setscheduler;	/* pending until its sys_exit */
	struct task_sleep	sleep;
	bool			switched_out;	/* waiting for its next run */
	bool			awaiting_switch_in;	/* switched out, no switch-in seen */
	bool			cut_off;	/* its clocks not judged at the end: cpu_now's
						   records end before its last record */
	uint64_t		waking_ts;	/* a sched_waking since its switch-out, no
						   sched_wakeup since; 0: none */
	bool			running;	/* seen on a CPU, not switched out since */
	int			cpu_now;	/* the CPU whose records tell what becomes of it
						   next: it ran, was switched out or was woken
						   to there; -1: not known */

	struct task_switch	last_switch;	/* its last switch in or out, for DA verdicts */
	unsigned long		early_wakes;	/* woken while RT before it switched out */
	unsigned int		pending_first;	/* its verdicts waiting for the sleep's end: */
	unsigned int		pending_last;	/* their slots (replay.c), index + 1; 0: none */
	unsigned long		epoch;		/* the replay's lost-event gaps it has seen */
	struct trace_ref	*recent;	/* ring of the last records involving it */
	unsigned int		recent_cap;	/* grows up to the context */
	unsigned int		nr_recent;
	unsigned int		recent_head;
	uint64_t		first_ts;
	uint64_t		last_ts;
	struct task		*hash_next;
	struct task_instance	inst[];		/* one per monitor replayed */
};

struct task_table;

struct task_table *task_table_new(unsigned int context, int nr_monitors);
void task_table_free(struct task_table *t);
struct task *task_find(struct task_table *t, int pid);
struct task *task_get(struct task_table *t, int pid, bool *created);
void task_drop(struct task_table *t, int pid);
void task_for_each(struct task_table *t, void (*fn)(struct task *task, void *data), void *data);
unsigned long task_count(const struct task_table *t);

void task_set_prio(struct task *task, int prio);
void task_set_rt(struct task *task, bool rt);
bool task_set_kthread(struct task *task, bool kthread, enum kthread_source from);
void task_set_comm(struct task *task, const char *comm);
int task_remember(struct task_table *t, struct task *task, const struct trace_ref *ref);
unsigned int task_recent(const struct task *task, struct trace_ref *out, unsigned int max);

#endif
