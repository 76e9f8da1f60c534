/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reports: the verdicts that pass the user's filters, a summary per monitor
 * and task, coverage and lost events, written as text or JSON.
 */
#ifndef REPORT_H
#define REPORT_H

#include <stdio.h>

#include <jansson.h>

#include "escape.h"
#include "gate.h"
#include "replay.h"
#include "report_groups.h"
#include "report_stats.h"
#include "task_comms.h"
#include "task_names.h"
#include "waivers.h"

#define REPORT_MAX_PIDS		64
#define REPORT_MAX_COMMS	16
#define REPORT_MAX_REASONS	4

struct report_filter {
	int		pids[REPORT_MAX_PIDS];
	int		nr_pids;
	bool		pid_seen[REPORT_MAX_PIDS];	/* some task of the trace has it */
	const char	*comms[REPORT_MAX_COMMS];	/* shell patterns */
	int		nr_comms;
	bool		comm_seen[REPORT_MAX_COMMS];	/* some task's comm matched it */
	int		cpu;				/* -1: any */
	uint64_t	from;				/* ns, included */
	uint64_t	to;				/* ns, included; UINT64_MAX: the end */
	bool		around;				/* --around set from and to */
	const struct task_names *names;			/* with --comm: every name of each pid */
};

struct report;
struct report_tap;

/* The violations --json lists by default: about 20 MB of JSON (each ~2 KB). */
#define REPORT_MAX_LISTED	10000

struct report_options {
	bool		json;
	bool		summary_only;
	bool		quiet;		/* the text report on stdout: nothing */
	bool		color;
	const char	*path;		/* the trace */
	const char	*arch;
	const char	*profile;
	const char	*arch_evidence;	/* inferred architecture: from what, or "" */
	FILE		*out;
	bool		all;		/* every violation in full, not groups */
	enum group_order sort;		/* of the groups */
	unsigned int	limit;		/* groups printed; 0: all */
	unsigned long	max_listed;	/* violations JSON lists; 0: all (--max-violations) */
	unsigned int	max_explained;	/* groups kept in full; 0: all (--max-groups) */
	uint64_t	chrome_max;	/* bytes of --chrome-trace; 0: no bound */
	bool		stats;		/* the statistics per task in the text */
	struct waivers	*waivers;	/* known violations: reported, not failing */
	/* selected monitors that could not judge (gate.h), told in the report */
	const struct gate_monitor *unavailable;
	int		nr_unavailable;
	const struct report_tap *tap;	/* another output fed each reported verdict, or NULL */
};

/* Another output fed each verdict that passes the filters: the pictures (report_pictures.h). */
struct report_tap {
	void	(*verdict)(void *data, const struct report *rep, const struct verdict *v,
			   const char *reason);
	/* a verdict held until its sleep ends, told now (optional; replay_sink.held) */
	void	(*held)(void *data, const struct report *rep, const struct verdict *v,
			const char *reason);
	/* a gap of lost events, as the report takes it in (optional) */
	void	(*lost)(void *data, const struct report *rep, const struct lost_gap *gap);
	void	*data;
};

struct summary_row {
	const struct rv_monitor	*monitor;
	int			pid;		/* its instance: verdict_instance() */
	char			comm[TRACE_COMM_LEN];	/* after report_end(): its last */
	char			was_comm[TRACE_COMM_LEN];	/* report_end() tells */
	int			prio;
	unsigned long		count;
	uint64_t		first;
	uint64_t		last;
	struct text_count	reasons[REPORT_MAX_REASONS];
	unsigned long		other_reasons;
};

struct report;

/* What a trace's JUnit test cases hold (report_junit.c). */
struct junit_counts {
	unsigned int	tests;
	unsigned int	failures;
	unsigned int	skipped;
};

/* One output format. */
struct report_format {
	void	(*begin)(struct report *rep);
	void	(*verdict)(struct report *rep, const struct verdict *v);
	void	(*end)(struct report *rep, const struct replay_stats *stats);
};

struct report {
	struct report_options		opts;
	struct report_filter		filter;
	const struct report_format	*format;
	struct trace_input		*in;
	const struct replay_options	*replay;
	unsigned long			violations;
	unsigned long			by_monitor[MAX_MONITORS];
	struct summary_row		*rows;
	unsigned int			nr_rows;
	struct key_index		rows_index;	/* by task and monitor, until sorted */
	struct coverage			*coverage;
	unsigned int			nr_coverage;
	struct lost_gap			*lost;
	unsigned int			nr_lost;
	bool				first_item;	/* JSON: no comma before */
	bool				oom;
	struct verdict_groups		groups;
	struct report_stats		stats;
	struct text_pool		texts;		/* the reasons of rows, groups, stats */
	struct task_comms		comms;		/* the last names of the tasks named */
	unsigned long			waived;		/* of the violations */
	unsigned long			listed;		/* JSON's violations array */
	unsigned long			unlisted;	/* past opts.max_listed: counted only */
	unsigned long			hidden;		/* violations the filters hid */
	uint64_t			hidden_first;	/* the first and the last of them */
	uint64_t			hidden_last;
	const struct waiver		*waiver;	/* of the verdict being written */
};

extern const struct report_format report_text;
extern const struct report_format report_json;

int report_init(struct report *rep, const struct report_options *opts,
		const struct report_filter *filter, struct trace_input *in,
		const struct replay_options *replay);
void report_release(struct report *rep);
struct replay_sink report_sink(struct report *rep);
void report_begin(struct report *rep);
void report_end(struct report *rep, const struct replay_stats *stats);
bool report_none_judged(const struct report *rep, char *buf, size_t len);
uint64_t report_cpu_end(const struct report *rep, int cpu);
enum coverage_class report_coverage_class(const struct report *rep, const struct coverage *c,
					  char *buf, size_t len);
bool report_coverage_told(const struct coverage *c, enum coverage_class class, bool all);
bool report_coverage_rt_only(const struct report *rep);
void text_automaton_state(const struct report *rep, const struct verdict *v, char *buf,
			  size_t len);
void text_automaton_kernel(const struct report *rep, const struct verdict *v, char *buf,
			   size_t len);
void text_automaton_params(const struct report *rep, FILE *out);
void report_coverage_counts(const struct report *rep, const unsigned int count[COVERAGE_NEVER + 1],
			    unsigned int total, char *buf, size_t len);
#define REPORT_RED	"\033[1;31m"
#define REPORT_BOLD	"\033[1m"
#define REPORT_RESET	"\033[0m"
const char *report_color(const struct report *rep, const char *seq);
void report_text_group(struct report *rep, const struct verdict_group *g, FILE *out);
void report_text_context(FILE *out, struct trace_input *in, const struct verdict *v);
json_t *report_json_digest(struct report *rep, const struct replay_stats *stats);
int report_json_groups(struct report *rep, FILE *out);
int report_json_verdict_line(struct report *rep, const struct verdict *v, FILE *out);
int report_json_held_line(struct report *rep, const struct verdict *v, FILE *out);
int report_json_lost_line(const struct lost_gap *g, FILE *out);
int report_json_string(const char *s, FILE *out);
void report_junit_cases(struct report *rep, const char *suite, FILE *out,
			struct junit_counts *n);
void report_xml_text(FILE *out, const char *s);

const char *report_comm_matched(const struct report_filter *f, const struct verdict *v);
bool report_stats_scope(const struct report *rep, char *buf, size_t len);
bool report_filters_named(const struct report_filter *f, char *buf, size_t len);
const char *report_last_comm(const struct report *rep, int pid, const char *comm);
/* "LAST (was OTHER)", both escaped */
#define TASK_NAME_LEN	(2 * ESCAPE_LEN(TRACE_COMM_LEN) + 8)
void report_task_name(const char *comm, const char *was, char *buf, size_t len);

#endif
