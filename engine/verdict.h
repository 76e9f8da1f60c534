/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A verdict: one violation of one monitor by one task, with what a report
 * needs to explain it.
 */
#ifndef VERDICT_H
#define VERDICT_H

#include <limits.h>
#include <stdio.h>

#include "monitor.h"
#include "cpu_history.h"
#include "task_facts.h"

enum verdict_cause {
	CAUSE_SLEEP_REASON,	/* sleep: went to sleep in a way not safe for real time */
	CAUSE_WAKER,		/* sleep: woken by something that may delay it */
	CAUSE_PAGE_FAULT,	/* pagefault: a fault while real-time */
	CAUSE_START,		/* --strict-start: false from the first event judged */
	CAUSE_UNEXPECTED,	/* a DA: an event its state does not expect (error_<monitor>) */
	CAUSE_CONSTRAINT,	/* an HA: a clock past its bound (error_env_<monitor>) */
	CAUSE_RULE,		/* a rule (--spec): no state of its automaton holds */
	CAUSE_OTHER,
};

/* The clock of a broken constraint, and the kernel's HZ that counts it. */
struct verdict_clock {
	const char			*name;		/* "clk" */
	const char			*bound_name;	/* "threshold_jiffies" */
	uint64_t			bound;		/* in its unit */
	bool				jiffies;
	unsigned int			hz;
	uint64_t			epoch_ns;	/* its last reset */
	uint64_t			bound_ns;
};

#define VERDICT_SET_MAX		8	/* a rule verdict's atoms told with where they became true */

/* An atom of a rule verdict, true at this step (@here) or since the step of the record @ref. */
struct verdict_set_at {
	unsigned char		atom;
	bool			here;
	struct trace_ref	ref;
};

struct verdict {
	const struct rv_monitor		*monitor;
	int				pid;
	char				comm[TRACE_COMM_LEN];
	int				prio;
	uint64_t			ts;
	int				cpu;
	enum trace_kind			event;
	int				user_event;	/* TRACE_USER: trace_user.h's index */
	struct trace_ref		event_ref;
	enum rv_violation_kind		kind;
	enum verdict_cause		cause;
	bool				switch_in_inferred;	/* at a SCHEDULE_IN no
								   switch-in recorded */
	unsigned long			atoms;		/* true during the failing step */
	/* a formula rule's true atoms, and where each became true (malloc'd,
	   VERDICT_SET_MAX at most; NULL for the other monitors' verdicts) */
	struct verdict_set_at		*set_at;
	int				nr_set_at;
	unsigned long			states_before;
	bool				kthread;
	struct task_sleep		sleep;		/* sleep verdicts */
	struct cpu_activity		held;		/* who ran on its CPU from the wakeup
							   to its run; cpu -1: not told */
	struct irq_activity		held_irqs;	/* the interrupts it handled then */
	struct {
		bool			user;
		uint64_t		address;
		uint64_t		ip;
		uint64_t		error_code;
	} fault;
	struct task_syscall		syscall;	/* in progress at the event */
	struct task_switch		last_switch;	/* before the event (DA verdicts) */
	struct verdict_clock		clock;		/* CAUSE_CONSTRAINT's */
	bool				per_cpu;	/* the instance is @cpu's (wip); the
							   task is the one it ran */
	bool				global;		/* the instance is the one of a global
							   monitor (and per_cpu: no task's) */
	struct {
		uint64_t		ts;		/* a per-CPU DA's: when it entered
							   its state; 0: not known */
		enum trace_kind		by;		/* the record that put it there */
	} entered;
	bool				at_end;		/* found at the trace's end, no event */
	bool				at_cpu_end;	/* ... at the end of CPU cpu's records,
							   before the trace's (events dropped) */
	struct trace_ref		*context;	/* the task's last records */
	unsigned int			nr_context;
	int				context_run;	/* a sleep's: its run again's index
							   in @context; -1 none */
};

const char *verdict_cause_name(enum verdict_cause cause);

/* The "system:name" of the event a verdict came at. */
static inline const char *verdict_event(const struct verdict *v)
{
	const struct trace_user_event *u = v->event == TRACE_USER ?
					   trace_user_event(v->user_event) : NULL;

	return u ? u->full : trace_kind_event(v->event);
}

/* A global monitor's one instance, as verdict_instance() numbers it. */
#define INSTANCE_GLOBAL		INT_MIN

/*
 * The instance a verdict, group, summary row or coverage row is of, as one
 * number: a task's pid, for a per-CPU monitor's instance (wip) -1 - cpu,
 * for a global monitor's INSTANCE_GLOBAL.
 */
static inline int verdict_instance(const struct verdict *v)
{
	return v->global ? INSTANCE_GLOBAL : v->per_cpu ? -1 - v->cpu : v->pid;
}

/* Whether an instance is no task's: a CPU's, or the global one. */
static inline bool instance_is_cpu(int instance)
{
	return instance < 0;
}

/* Its CPU; -1 for the global one. */
static inline int instance_cpu(int instance)
{
	return instance == INSTANCE_GLOBAL ? -1 : -1 - instance;
}

/* "CPU 1", or "global": how the reports name an instance that is no task's. */
static inline const char *instance_name(int instance, char *buf, size_t len)
{
	if (instance == INSTANCE_GLOBAL)
		snprintf(buf, len, "global");
	else
		snprintf(buf, len, "CPU %d", instance_cpu(instance));
	return buf;
}

#endif
