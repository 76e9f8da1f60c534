/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Live verdicts against replayed ones: the error_<monitor> records a live
 * monitor left in a trace (our module's rvreplay:*, the kernel's rv:*) are
 * tied to the record that triggered them and matched with the replay's
 * verdicts; the event_<monitor> records are compared step by step with
 * the replay's steps. Every difference is explained by a divergence class
 * of docs/semantics.md section 5 when one applies.
 *
 * The tie rule: a live record belongs to the latest earlier record on the
 * same CPU that the monitor handles for the same task (the task the
 * replay would give it to). Our module's probes run after the trace
 * events' own in the same tracepoint call, so that is the record just
 * before its live records unless an interrupt came in between. The
 * kernel's rv:* probes may also run before the trace event: for those the
 * next such record is tried as well.
 */
#ifndef DIFF_H
#define DIFF_H

#include "replay.h"

/* Where a record is in the trace's order (global time, then CPU, then file order). */
struct diff_key {
	uint64_t	ts;
	int		cpu;
	uint64_t	offset;
};

/* Why a live and a replayed result may differ (docs/semantics.md section 5). */
enum diff_why {
	DIFF_UNEXPLAINED,
	DIFF_LOST,		/* events missing from the trace */
	DIFF_OUTSIDE,		/* outside the time the live monitors ran */
	DIFF_INFER,		/* the replay's inference for a task older than the trace */
	DIFF_STRICT,		/* --strict-start judges beyond the kernel */
	DIFF_PRIO,		/* a priority change no event showed */
	DIFF_HARDIRQ,		/* lockdep's hard irq context against the trace's bit */
	DIFF_SET_STATE,		/* SLEEP at set_current_state(), not at the switch */
	DIFF_BEFORE,		/* the live monitor learned a task's atoms before the trace */
	DIFF_SWITCH_STATE,	/* an automaton's start: the raw switch state against the trace's */
	DIFF_CLOCK_EDGE,	/* an HA's wait at its bound, timed by records or by the probe */
	DIFF_PROBE_ORDER,	/* an interrupt between a record and the live probe of its event */
	DIFF_NR_WHY
};

/* One step, live (an event_<monitor> record) or replayed. */
struct diff_step {
	int		monitor;	/* index in the replay options' monitors */
	int		pid;		/* or a per-CPU monitor's CPU (diff_instance()) */
	struct diff_key	at;		/* the triggering record */
	enum trace_kind	kind;		/* its kind */
	bool		asleep;		/* a sched_switch the trace shows as a sleep */
	unsigned int	seq;		/* arrival order */
	unsigned long	states;
	unsigned long	atoms;
	unsigned long	next;
};

/* A live error record. */
struct diff_live {
	int			monitor;
	int			pid;		/* or a per-CPU monitor's CPU (diff_instance()) */
	char			comm[TRACE_COMM_LEN];
	char			system[16];	/* "rvreplay" or "rv" */
	struct trace_ref	ref;		/* the error record itself */
	uint64_t		ts;
	bool			tied;
	struct diff_key		at;		/* the triggering record */
	struct trace_ref	at_ref;
	enum trace_kind		at_kind;
	bool			has_next;	/* rv:*: the record after it may be the trigger */
	struct diff_key		next_at;
	struct trace_ref	next_ref;
	enum trace_kind		next_kind;
	/* an HA's clock ran out (event "none"): matched by time, not by record */
	bool			timeout;
};

/*
 * Where a task's live and replayed instances went apart, and why: from the
 * first record where their steps differ to the record after which both
 * are in the same states again (the one that explains a later difference
 * is that difference's own, not the first of the task).
 */
struct diff_divergence {
	int			monitor;
	int			pid;
	struct diff_key		at;
	bool			live_has;	/* a live step there */
	bool			replay_has;
	unsigned int		nr_live;	/* the steps of each side at that record */
	unsigned int		nr_replay;
	struct diff_step	live;
	struct diff_step	replay;
	enum diff_why		why;
	uint64_t		until;		/* in step again after then; 0: never */
};

enum diff_side {
	DIFF_MATCHED,
	DIFF_LIVE_ONLY,
	DIFF_REPLAY_ONLY,
};

struct diff_entry {
	enum diff_side			side;
	int				monitor;
	int				pid;
	struct diff_key			at;
	const struct diff_live		*live;		/* NULL: replay only */
	const struct verdict		*verdict;	/* NULL: live only */
	const struct diff_divergence	*divergence;	/* the one that explains it, if any */
	enum diff_why			why;
};

struct diff_options {
	struct replay_options	replay;
	const char		*buffer;	/* the buffer instance, NULL: the top one */
	bool			states;		/* compare the steps too */
};

struct diff_window {
	uint64_t	from;
	uint64_t	to;		/* UINT64_MAX: to the end */
};

struct diff_result {
	struct diff_entry	*entries;	/* in trace order */
	unsigned int		nr_entries;
	unsigned long		matched;
	unsigned long		live_only;
	unsigned long		replay_only;
	unsigned long		unexplained;
	unsigned long		by_why[DIFF_NR_WHY];
	/* every divergence, task by task (monitor, pid), each task's in trace order */
	struct diff_divergence	*divergences;
	unsigned int		nr_divergences;
	unsigned long		live_steps;
	unsigned long		replay_steps;
	unsigned long		live_errors;
	unsigned long		live_timeouts;	/* of them, clocks run out (event "none") */
	unsigned long		timeouts_matched;
	unsigned long		replay_verdicts;
	unsigned long		foreign;	/* live records of monitors not replayed */
	uint64_t		live_delay_max;	/* ns from a record to a live record tied to it */
	struct lost_gap		*lost;
	unsigned int		nr_lost;
	struct diff_window	*windows;	/* when the module said when it ran */
	unsigned int		nr_windows;
	const char		*system;	/* of the live records: "rvreplay", "rv", "" */
	/* storage */
	struct diff_live	*lives;
	unsigned int		nr_lives;
	struct verdict		*verdicts;
	unsigned int		nr_verdicts;
	struct replay_stats	stats;
};

int diff_monitors_of_trace(struct trace_input *in, char *names, size_t len, char *params,
			   size_t params_len);
int diff_run(struct trace_input *in, const struct diff_options *opts, struct diff_result *res,
	     char *err);
void diff_release(struct diff_result *res);
const char *diff_why_text(enum diff_why why);
const char *diff_why_key(enum diff_why why);

#endif
