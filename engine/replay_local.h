/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of the replay share (replay.c runs the record loop; the
 * others are its steps): the replay's state, and each step's entry.
 */
#ifndef REPLAY_LOCAL_H
#define REPLAY_LOCAL_H

#include "events.h"
#include "grow.h"
#include "gate.h"
#include "replay.h"
#include "cpu_history.h"
#include "cpu_irqs.h"
#include "routing.h"
#include "time_text.h"

#define MAX_INVOLVED		3
#define SETSCHED_RESET_ON_FORK	0x40000000UL
#define SCHED_FIFO		1
#define SCHED_RR		2
#define SCHED_DEADLINE		6

/*
 * A verdict held until its task runs again, then (context_centred) for
 * half its context more of the task's records. The slots of a task are a
 * list (its pending_first, then each slot's next), the unused ones another
 * (free_first): holding and completing cost the same with a million tasks.
 * A task's verdicts are given in the order they came.
 */
struct pending {
	struct verdict	v;
	bool		used;
	bool		told;		/* its sleep is known (or it had none to wait for) */
	unsigned int	after;		/* told: records of the task still to take */
	unsigned int	next;		/* the next slot of its list, index + 1; 0: none */
};

struct replay {
	struct replay_options	opts;
	struct trace_input	*in;
	struct replay_sink	sink;
	struct task_table	*tasks;
	struct replay_stats	stats;
	struct rv_report	report;
	const struct trace_record *rec;		/* the record being replayed */
	const struct task	*cur;		/* the task its CPU ran, or NULL */
	unsigned long		epoch;			/* lost-event gaps so far */
	struct cpu_span		*cpus;			/* [nr_cpus]: each CPU's records */
	struct cpu_histories	*cpu_history;		/* what each CPU ran lately */
	struct cpu_irqs		*cpu_irqs;		/* the interrupts each handled lately */
	struct task_instance	*cpu_inst;		/* [nr_cpus][nr_monitors]: per-CPU ones */
	struct trace_ref	*cpu_recent;		/* [nr_cpus][context]: their contexts */
	unsigned long		*cpu_nr_recent;		/* [nr_cpus]: records kept so far */
	bool			any_per_cpu;		/* some monitor is per CPU */
	unsigned int		nr_cpus;
	struct pending		*pending;
	unsigned int		nr_pending;
	unsigned int		free_first;	/* unused slots, index + 1; 0: none */
	char			*err;
	bool			failed;
	bool			at_end;		/* the trace has ended: rec is made up (finish) */
	bool			at_cpu_end;	/* ... for a task, at its CPU's early end */
	bool			wanted[RV_NR_EVENTS];	/* some monitor handles it */
};

/* A task's prio goes to the monitors as it is. */
_Static_assert(TRACE_UNKNOWN_PRIO == RV_PRIO_UNKNOWN, "one unknown prio");
/* A preempted switch-out goes to the monitors as the decoder normalised it. */
_Static_assert(TRACE_PREV_STATE_PREEMPTED == RV_TASK_PREEMPTED, "one preemption bit");

/* The records of one CPU: their first and last times, and the losses its pages told. */
struct cpu_span {
	bool		seen;
	uint64_t	first_ts;
	uint64_t	last_ts;
	uint64_t	before_ts;	/* the record before the last one */
	long long	told;		/* events lost, as counted by pages' flags */
	uint64_t	ends_early;	/* its last record's time when its records end
					   before the trace's: events dropped, data
					   damaged (replay_cpu_ends()); 0: they do not */
	bool		told_unknown;	/* a page flagged losses without a count */
};

/*
 * One task's instance of one monitor, handed to the monitor: the task as
 * the monitor reads it, and what the step and violation callbacks need
 * (their report_data).
 */
struct delivery {
	struct replay		*r;
	struct task		*task;
	int			monitor;	/* index in r->opts.monitors */
	enum rv_event_type	type;		/* the event; RV_NR_EVENTS: none */
	struct rv_task		facts;
	struct rv_target	target;
	struct task_instance	*inst;		/* its instance: the task's, or a CPU's */
	int			cpu;		/* a per-CPU instance's CPU; -1: a task's */
	unsigned long		atoms_before;	/* a formula rule's true atoms before the step */
};

/* replay.c: the replay stops, why for the command to say (Return: -1); an instance */
int replay_fail(struct replay *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
struct rv_target *replay_target(struct delivery *d, struct replay *r, struct task *task,
				int i, enum rv_event_type type);

/* replay_verdicts.c: the core's callbacks, verdicts held until their task runs */
void replay_on_step(void *data, const struct rv_target *t, const unsigned long *states,
		    const unsigned long *atoms, const unsigned long *next);
void replay_on_violation(void *data, const struct rv_target *t, const unsigned long *before,
			 const unsigned long *atoms, enum rv_violation_kind kind);
void replay_note_waker(const struct replay *r, struct task_waker *w,
		       const struct trace_record *rec, const struct task *cur);
void replay_complete_pending(struct replay *r, struct task *task);
void replay_pending_record(struct replay *r, struct task *task);
bool replay_holds_sleep(const struct replay *r, const struct task *task);
void replay_flush_pending(struct replay *r, struct task *task);

/* replay_tasks.c: tasks, their instances, the facts a record teaches (section 3) */
struct task *replay_touch(struct replay *r, int pid, const char *comm, struct task **fresh);
void replay_create_instances(struct replay *r, struct task *task, bool task_creation);
void replay_apply_facts(struct replay *r, const struct trace_record *rec, struct task *cur,
			struct task **fresh);
void replay_coverage_of(struct replay *r, struct task *task);
void replay_drop(struct replay *r, int pid);
void replay_finish_clocks(struct replay *r, struct task *task);

/* replay_dispatch.c: the sleep story for the reports, and the monitors' events (section 4) */
void replay_story(struct replay *r, const struct trace_record *rec, struct task *cur);
void replay_missed_switch_in(struct replay *r, const struct trace_record *rec, struct task *cur);
void replay_dispatch(struct replay *r, const struct trace_record *rec, struct task *cur);

/* replay_cpus.c: the instances of per-CPU monitors (wip) */
int replay_cpus_new(struct replay *r);
void replay_cpus_free(struct replay *r);
void replay_cpu_remember(struct replay *r, const struct trace_record *rec);
unsigned int replay_cpu_recent(const struct replay *r, int cpu, struct trace_ref *out);
void replay_cpu_deliver(struct replay *r, struct task *cur, const struct rv_event *ev);
void replay_cpus_reset(struct replay *r);
void replay_cpus_finish(struct replay *r);
void replay_cpus_coverage(struct replay *r);

/* replay_lost.c: lost events and damaged data (section 5) */
bool replay_first_of_cpu(struct replay *r, const struct trace_record *rec);
int replay_lost(struct replay *r, const struct trace_record *rec, bool first);
int replay_lost_from_stats(struct replay *r);
void replay_cpu_ends(struct replay *r);
uint64_t replay_cpu_end(const struct replay *r, int cpu);
int replay_damaged(struct replay *r);

#endif /* REPLAY_LOCAL_H */
