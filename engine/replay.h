/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The replay engine: trace records -> task facts -> monitor events ->
 * verdicts, with lost events and coverage (docs/semantics.md sections 3 to 5).
 */
#ifndef REPLAY_H
#define REPLAY_H

#include "monitor_params.h"
#include "time_text.h"
#include "trace_input.h"
#include "verdict.h"

enum lost_mode {
	LOST_RESET,	/* reset every instance at a gap (default) */
	LOST_IGNORE,	/* report the gap only */
	LOST_FAIL,	/* any loss, anywhere, is an error */
};

enum damaged_mode {
	DAMAGED_FAIL,	/* data a reader cannot read is an error (default) */
	DAMAGED_REPORT,	/* replay the rest, report it as lost data */
};

struct replay_options {
	const struct rv_profile		*profile;	/* the kernel version's monitors */
	const struct rv_monitor		*monitors[MAX_MONITORS];
	int				nr_monitors;
	const struct rv_syscalls	*syscalls;
	enum lost_mode			lost;
	enum damaged_mode		damaged;
	unsigned int			context;	/* records kept per task */
	bool				context_centred;	/* a sleep verdict's context
							   centred on its run again: held
							   for context / 2 more records */
	bool				strict_start;
	bool				infer;
	bool				kthread_comms;	/* comm heuristics */
	struct time_format		*times;		/* --ts; its base set here; NULL: us */
	unsigned int			hz;		/* the kernel's CONFIG_HZ; 0 unknown */
	bool				hz_from_trace;	/* said by the trace, not --hz */
	struct param_setting		settings[MAX_PARAM_SETTINGS];	/* --param */
	int				nr_settings;
	/* each monitor's parameters, its defaults with the settings (params_resolve()) */
	uint64_t			param_values[MAX_MONITORS][RV_MAX_PARAMS];
};

enum lost_where {
	LOST_MID,	/* a record said events were lost before it */
	LOST_START,	/* overwritten before the first record (per-CPU overrun no page told) */
	LOST_DROPPED,	/* dropped by a full buffer in no-overwrite mode (per-CPU dropped
			   events): no page says where; @ts is the CPU's last record */
	LOST_DAMAGED,	/* unreadable data: the CPU's records after it are lost */
};

struct lost_gap {
	int		cpu;
	uint64_t	ts;
	uint64_t	after_ts;	/* LOST_MID: the CPU's record before the gap */
	long long	count;		/* -1 unknown */
	enum lost_where	where;
	const char	*what;		/* LOST_DAMAGED: what could not be read */
	uint64_t	offset;		/* LOST_DAMAGED: where, as a record offset */
};

/* Why an RT task was not judged by a monitor, or only from some time. */
struct coverage {
	const struct rv_monitor	*monitor;
	int			pid;		/* or a CPU's instance (wip): -1 - cpu,
						   verdict_instance(); comm "CPU n" */
	char			comm[TRACE_COMM_LEN];
	bool			kthread_unknown;
	bool			kthread;	/* known to be a kernel thread */
	uint64_t		first_rt_ts;
	uint64_t		started_ts;	/* 0: never judged */
	unsigned long		events;		/* events of this monitor for it */
	unsigned long		unjudged;	/* pagefault: faults while stopped */
	unsigned long		violations;	/* reported by this instance */
	unsigned long		early_wakes;	/* sleeps woken before the task switched out:
						   the kernel judges them, a trace cannot */
	bool			comm_says_kthread; /* --kthread-comms would take it for one */
	bool			cut_off;	/* its clocks not judged at the end: the
						   records of cut_off_cpu, where it ran or was
						   woken to, end before its last record (the
						   CPU's lost gap, LOST_DROPPED or DAMAGED,
						   says when) */
	int			cut_off_cpu;
	unsigned long		unknown_atoms;	/* still unknown at the end (fetched ones fetched) */
	unsigned long		inferred;	/* events given it that no record shows */
	unsigned long		unsure;		/* waits within a jiffy of a bound: not judged */
};

/* One step of one instance, as the kernel's event_<monitor> tracepoint shows it. */
struct replay_step {
	const struct rv_monitor		*monitor;
	int				pid;
	unsigned long			states;		/* before the step */
	unsigned long			atoms;
	unsigned long			next;
	const struct trace_record	*rec;		/* the record being replayed */
};

/* A sleep of a real-time task, over: it ran again. */
struct replay_sleep {
	int			pid;
	const char		*comm;
	int			prio;
	bool			kthread;
	const struct task_sleep	*sleep;
	bool			violating;	/* a verdict of a monitor came of it */
};

/* Where results go: a report (text or JSON), or rvreplay diff. */
struct replay_sink {
	void	(*verdict)(void *data, const struct verdict *v);
	/*
	 * A sleep verdict held until its task runs again (to tell the whole
	 * sleep), told at once (optional): its sleep so far, run_ts 0. The
	 * same verdict comes to @verdict when the task runs again or the
	 * trace ends.
	 */
	void	(*held)(void *data, const struct verdict *v);
	void	(*step)(void *data, const struct replay_step *step);	/* optional */
	void	(*lost)(void *data, const struct lost_gap *gap);
	void	(*coverage)(void *data, const struct coverage *c);
	/* a task seen with a name: at first sight and at every new comm (optional) */
	void	(*task)(void *data, int pid, const char *comm);
	/* every sleep of a real-time task, when it is over (optional) */
	void	(*sleep)(void *data, const struct replay_sleep *s);
	/* every page fault of a real-time task (optional) */
	void	(*fault)(void *data, int pid, const char *comm, int prio,
			 const struct trace_record *rec);
	void	*data;
};

/* What a pass over the records counts: also what the gate judges from (gate.h). */
struct record_counts {
	unsigned long long	per_kind[TRACE_NR_KINDS];
	unsigned long long	per_user[TRACE_USER_EVENTS];	/* TRACE_USER, by event */
	unsigned long long	events;
	bool			listed;			/* rvreplay record's list was found */
	bool			enabled[TRACE_NR_KINDS];	/* in that list */
	bool			live_listed;	/* that list names a live error_<monitor> */
};

struct replay_stats {
	struct record_counts	counts;
	uint64_t		first_ts;
	uint64_t		last_ts;
	unsigned long		tasks;
	unsigned long		max_tasks;	/* known and not freed at once: alive only
						   when sched_process_free is recorded */
	unsigned long		tasks_seen;	/* tasks the trace showed (a pid freed and
						   seen again: two) */
};

/**
 * replay_frees_told() - whether the trace tells when tasks go (sched_process_free)
 * @st: the replay's figures
 *
 * Return: true when its events were recorded: max_tasks is then the live
 * tasks at most at once; else only the tasks seen are known.
 */
static inline bool replay_frees_told(const struct replay_stats *st)
{
	return st->counts.listed ? st->counts.enabled[TRACE_FREE] : st->counts.per_kind[TRACE_FREE] > 0;
}

struct replay;

struct replay *replay_new(const struct replay_options *opts, struct trace_input *in,
			  const struct replay_sink *sink);
void replay_free(struct replay *r);
int replay_run(struct replay *r, char *err);
const struct replay_stats *replay_stats(const struct replay *r);

#endif
