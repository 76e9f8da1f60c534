/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of diff/ share: the passes' state (the live records'
 * scan, the replay's collection, the step comparison) and the keys that
 * order records and tasks. Not for use outside diff/: diff.h is.
 */
#ifndef DIFF_LOCAL_H
#define DIFF_LOCAL_H

#include "diff.h"
#include "events.h"
#include "routing.h"

#define DIFF_CANDIDATES		64	/* records per CPU a live record may belong to */
#define DIFF_NEXT_WINDOW	8	/* rv:* records: interrupt records before the trigger */
#define DIFF_CTX_BITS		(RV_CTX_HARDIRQ | RV_CTX_SOFTIRQ | RV_CTX_NMI)
#define DIFF_MAX_TARGETS	ROUTING_MAX

/* A monitor event a record gives, and to whom. */
struct diff_target {
	enum rv_event_type	type;
	int			pid;
};

/* A record a live record may have been triggered by. */
struct diff_candidate {
	struct diff_key		at;
	struct trace_ref	ref;
	enum trace_kind		kind;
	bool			asleep;
	int			pid;		/* common_pid */
	unsigned int		ctx;		/* its interrupt context bits */
	int			nr;
	struct diff_target	t[DIFF_MAX_TARGETS];
};

/* Pass 1, one CPU: its last records that the monitors handle. */
struct diff_cpu_scan {
	struct diff_candidate	ring[DIFF_CANDIDATES];
	unsigned int		head;
	unsigned int		count;
	uint64_t		last_ts;
	unsigned int		*waiting;	/* rv:* errors that may belong to a later record */
	unsigned int		nr_waiting;
	unsigned int		since[DIFF_CANDIDATES];
	int			wait_pid[DIFF_CANDIDATES];	/* the context each was written in */
	unsigned int		wait_ctx[DIFF_CANDIDATES];
};

/* Pass 1: the live records and their triggers. */
struct diff_scan {
	const struct diff_options	*opts;
	struct diff_result		*res;
	struct diff_cpu_scan		*cpus;
	int				nr_cpus;
	struct diff_step		*steps;
	unsigned int			nr_steps;
	int				*born;		/* tasks forked in the trace */
	unsigned int			nr_born;
	unsigned int			seq;
	bool				oom;
};

/* Pass 2: the replay, every verdict and step kept. */
struct diff_collect {
	const struct diff_options	*opts;
	struct diff_result		*res;	/* NULL: keys and steps only (the rerun) */
	struct diff_step		*steps;
	unsigned int			nr_steps;
	struct diff_step		*verdict_keys;	/* the rerun's verdicts */
	unsigned int			nr_keys;
	unsigned int			seq;
	bool				oom;
};

/* What the step comparison and the matching read and fill. */
struct diff_compare {
	const struct diff_options	*opts;
	struct diff_result		*res;
	const struct diff_cpu_scan	*cpus;
	int				nr_cpus;
	const struct diff_step		*rerun;		/* the replay without inference, sorted */
	unsigned int			nr_rerun;
	const int			*born;		/* tasks forked in the trace */
	unsigned int			nr_born;
	const struct diff_step		*live;		/* the live steps, sorted */
	unsigned int			nr_live;
	const struct diff_step		*replay;	/* the replayed steps, sorted */
	unsigned int			nr_replay;
};

/* keys.c */
struct diff_key diff_key_of(const struct trace_record *rec);
int diff_key_cmp(const struct diff_key *a, const struct diff_key *b);
int diff_task_cmp(int m1, int p1, int m2, int p2);
int diff_step_cmp(const void *a, const void *b);
int diff_monitor_of(const struct diff_options *opts, const struct rv_monitor *m);
void diff_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));

/* dispatch.c */
bool diff_switched_out_asleep(const struct trace_record *rec);
int diff_targets_of(const struct trace_record *rec, struct diff_target *t);
bool diff_gives_to(const struct diff_candidate *c, const struct rv_monitor *m, int instance);

/* live_parse.c */
void diff_parse_step(const struct rv_monitor *m, const struct trace_record *rec,
		     struct diff_step *st);
bool diff_timeout(const struct trace_record *rec);
int diff_instance(const struct rv_monitor *m, int pid, int cpu);
int diff_instance_of_live(const struct rv_monitor *m, const struct trace_record *rec);

/* live_scan.c */
int diff_scan_pass(struct trace_input *in, struct diff_scan *s, char *err);

/* replay_collect.c */
int diff_replay_pass(struct trace_input *in, const struct diff_options *opts, bool infer,
		     struct diff_collect *c, char *err);

/* windows.c */
bool diff_in_window(const struct diff_result *res, uint64_t ts);
bool diff_after_lost(const struct diff_result *res, const struct diff_key *at);
unsigned int diff_keep_in_window(const struct diff_result *res, struct diff_step *s,
				 unsigned int n);

/* steps.c */
int diff_compare_steps(struct diff_compare *cmp, const struct diff_step *live, unsigned int nl,
		       const struct diff_step *replay, unsigned int nr);
const struct diff_divergence *diff_divergence_at(const struct diff_result *res, int monitor,
						 int pid, const struct diff_key *at);
bool diff_born_in_trace(const struct diff_compare *cmp, int pid);
bool diff_stepped_before(const struct diff_compare *cmp, int monitor, int pid,
			 const struct diff_key *at);

/* clocks.c */
bool diff_clock_edge(const struct diff_compare *cmp, int monitor, int pid,
		     const struct diff_key *at);
void diff_explain_clocks(struct diff_compare *cmp);

/* starts.c */
int diff_explain_starts(struct trace_input *in, struct diff_compare *cmp);

/* match.c */
int diff_match(struct diff_compare *cmp, const struct diff_collect *rerun);

#endif
