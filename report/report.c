// SPDX-License-Identifier: GPL-2.0-only
/*
 * The parts of a report that do not depend on its format: filters, the
 * summary per monitor and task, and the lists of coverage and lost events.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "grow.h"
#include "report.h"

/**
 * report_init() - a report for one replay
 * @rep: the report
 * @opts: format and destination (copied)
 * @filter: which verdicts to report (copied)
 * @in: the trace
 * @replay: the replay's options (monitors)
 *
 * Return: 0.
 */
int report_init(struct report *rep, const struct report_options *opts,
		const struct report_filter *filter, struct trace_input *in,
		const struct replay_options *replay)
{
	memset(rep, 0, sizeof(*rep));
	rep->opts = *opts;
	rep->filter = *filter;
	rep->in = in;
	rep->replay = replay;
	rep->format = opts->json ? &report_json : &report_text;
	rep->first_item = true;
	rep->groups.max_explained = opts->max_explained;
	/* the statistics' "violating" and "ok" need a monitor of sleeps */
	for (int i = 0; i < replay->nr_monitors; i++)
		rep->stats.judged |= replay->monitors[i]->sleep_rule || replay->monitors[i]->wake_rule;
	return 0;
}

void report_release(struct report *rep)
{
	groups_release(&rep->groups);
	stats_release(&rep->stats);
	task_comms_release(&rep->comms);
	text_pool_free(&rep->texts);
	free(rep->rows);
	key_index_free(&rep->rows_index);
	free(rep->coverage);
	free(rep->lost);
}

/**
 * report_color() - an ANSI color sequence, or "" when colors are off
 * @rep: the report
 * @seq: the sequence, REPORT_RED, REPORT_BOLD or REPORT_RESET
 *
 * Return: @seq, or "". Never a shared buffer: a printf may take several.
 */
const char *report_color(const struct report *rep, const char *seq)
{
	return rep->opts.color ? seq : "";
}

static int report_monitor_index(const struct report *rep, const struct rv_monitor *m)
{
	for (int i = 0; i < rep->replay->nr_monitors; i++)
		if (rep->replay->monitors[i] == m)
			return i;
	return 0;
}

static bool pid_passes(const struct report_filter *f, int pid)
{
	if (!f->nr_pids)
		return true;
	for (int i = 0; i < f->nr_pids; i++)
		if (f->pids[i] == pid)
			return true;
	return false;
}

static bool comm_matches(const struct report_filter *f, const char *comm)
{
	for (int i = 0; i < f->nr_comms; i++)
		if (!fnmatch(f->comms[i], comm, 0))
			return true;
	return false;
}

/* @comm if --comm matches it, else another name of @pid that it matches */
static const char *name_matched(const struct report_filter *f, int pid, const char *comm)
{
	const char *names[TASK_NAMES_MAX];
	int n;

	if (!f->nr_comms)
		return NULL;
	if (comm_matches(f, comm))
		return comm;
	n = f->names ? task_names_of(f->names, pid, names) : 0;
	for (int i = 0; i < n; i++)
		if (comm_matches(f, names[i]))
			return names[i];
	return NULL;
}

/**
 * report_comm_matched() - the name of a task that --comm matched
 * @f: the filter
 * @v: a verdict
 *
 * The comm at the verdict first; else any other name the pid had in the
 * trace (a thread renamed after it faulted, say).
 *
 * Return: the name, or NULL when none matches (or there is no --comm).
 */
const char *report_comm_matched(const struct report_filter *f, const struct verdict *v)
{
	return name_matched(f, v->pid, v->comm);
}

/*
 * A sleep verdict is in --from/--to when any of its sleep is, from its
 * switch-out to its run again: --around on any time it prints (the
 * switch-out, the wakeup, the run) finds it. Any other at its time.
 */
static bool verdict_in_window(const struct report_filter *f, const struct verdict *v)
{
	const struct task_sleep *s = &v->sleep;
	uint64_t from = v->ts, to = v->ts;

	if (explain_is_sleep(v) && s->start) {
		from = s->start < from ? s->start : from;
		to = s->run_ts > to ? s->run_ts : s->wakeup_ts > to ? s->wakeup_ts : to;
	}
	return to >= f->from && from <= f->to;
}

static bool passes(const struct report_filter *f, const struct verdict *v)
{
	return pid_passes(f, v->pid) && (!f->nr_comms || report_comm_matched(f, v)) &&
	       (f->cpu < 0 || f->cpu == v->cpu) && verdict_in_window(f, v);
}

static bool same_row(unsigned int element, const void *key, const void *data)
{
	const struct summary_row *row = &((const struct report *)data)->rows[element];
	const struct verdict *v = key;

	return row->pid == verdict_instance(v) && row->monitor == v->monitor;
}

static struct summary_row *row_of(struct report *rep, const struct verdict *v)
{
	int instance = verdict_instance(v);
	uint64_t hash = key_hash(&v->monitor, sizeof(v->monitor),
				 key_hash(&instance, sizeof(instance), 0));
	long found = key_index_find(&rep->rows_index, hash, same_row, v, rep);
	struct summary_row *rows;

	if (found >= 0)
		return &rep->rows[found];
	if (grow_room(&rep->rows, rep->nr_rows, sizeof(*rep->rows)) ||
	    key_index_add(&rep->rows_index, hash, rep->nr_rows)) {
		rep->oom = true;
		return NULL;
	}
	rows = &rep->rows[rep->nr_rows++];
	memset(rows, 0, sizeof(*rows));
	rows->monitor = v->monitor;
	rows->pid = instance;
	rows->first = v->ts;
	strcpy(rows->was_comm, v->comm);
	return rows;
}

static void summarize(struct report *rep, const struct verdict *v)
{
	struct summary_row *row = row_of(rep, v);
	char reason[EXPLAIN_LEN];

	if (!row)
		return;
	row->count++;
	row->last = v->ts;
	row->prio = v->prio;
	strcpy(row->comm, v->comm);
	explain_reason(v, rep->opts.arch, reason, sizeof(reason));
	if (text_count_add(&rep->texts, row->reasons, REPORT_MAX_REASONS, &row->other_reasons, reason))
		rep->oom = true;
}

/**
 * report_last_comm() - what the report calls a task: its last comm
 * @rep: the report
 * @pid: the task
 * @comm: a name of it, for a task no record named
 *
 * The trace's names when it was read for them (--comm, waivers: all of
 * them known from the start), else the last the replay has read so far
 * of a task the report follows (task_comms.h): after the replay, its last.
 *
 * Return: the name.
 */
const char *report_last_comm(const struct report *rep, int pid, const char *comm)
{
	const char *last = rep->filter.names ? task_names_last(rep->filter.names, pid) :
			   task_comms_last(&rep->comms, pid);

	return last && last[0] ? last : comm;
}

/**
 * report_task_name() - a task's name as the text shows it: "renamed (was early)"
 * @comm: its last comm
 * @was: another it had at its violations, or ""
 * @buf: the name, escaped
 * @len: its size
 */
void report_task_name(const char *comm, const char *was, char *buf, size_t len)
{
	char a[ESCAPE_LEN(TRACE_COMM_LEN)], b[ESCAPE_LEN(TRACE_COMM_LEN)];

	escape(comm, a, sizeof(a));
	if (was[0])
		snprintf(buf, len, "%s (was %s)", a, escape(was, b, sizeof(b)));
	else
		snprintf(buf, len, "%s", a);
}

/* @comm, its last name; @was the one it had then, kept only when another */
static void name_task(const struct report *rep, int pid, char *comm, char *was)
{
	const char *last;

	if (instance_is_cpu(pid)) {
		was[0] = '\0';
		return;
	}
	last = report_last_comm(rep, pid, comm);
	if (last != comm)
		snprintf(comm, TRACE_COMM_LEN, "%s", last);
	if (!strcmp(was, comm))
		was[0] = '\0';
}

/* After the replay: every task named by its last name (task_comms.h). */
static void name_tasks(struct report *rep)
{
	for (unsigned int i = 0; i < rep->nr_rows; i++)
		name_task(rep, rep->rows[i].pid, rep->rows[i].comm, rep->rows[i].was_comm);
	for (unsigned int i = 0; i < rep->groups.nr; i++)
		name_task(rep, rep->groups.groups[i].pid, rep->groups.groups[i].comm,
			  rep->groups.groups[i].was_comm);
	for (unsigned int i = 0; i < rep->stats.nr; i++) {
		struct task_stats *t = &rep->stats.tasks[i];
		const char *last = report_last_comm(rep, t->pid, t->comm);

		if (last != t->comm)
			snprintf(t->comm, sizeof(t->comm), "%s", last);
	}
	rep->oom |= rep->comms.oom;
}

static void on_verdict(void *data, const struct verdict *v)
{
	struct report *rep = data;
	char reason[EXPLAIN_LEN];

	if (!passes(&rep->filter, v)) {
		if (!rep->hidden++)
			rep->hidden_first = v->ts;
		rep->hidden_last = v->ts;
		return;
	}
	rep->violations++;
	rep->by_monitor[report_monitor_index(rep, v->monitor)]++;
	summarize(rep, v);
	explain_reason(v, rep->opts.arch, reason, sizeof(reason));
	task_comms_follow(&rep->comms, v->pid, v->comm);
	rep->waiver = waivers_match(rep->opts.waivers, v, report_last_comm(rep, v->pid, v->comm),
				    reason, rep->opts.path);
	if (rep->waiver)
		rep->waived++;
	if (groups_add(&rep->groups, &rep->texts, v, reason, rep->waiver))
		rep->oom = true;
	if (rep->opts.tap)
		rep->opts.tap->verdict(rep->opts.tap->data, rep, v, reason);
	/* -s and -q shorten the text; JSON lists up to --max-violations, counts all */
	if (rep->opts.json && rep->opts.max_listed && rep->listed >= rep->opts.max_listed) {
		rep->unlisted++;
	} else if (rep->opts.json || (rep->opts.all && !rep->opts.summary_only &&
					!rep->opts.quiet)) {
		rep->format->verdict(rep, v);
		rep->listed += rep->opts.json;
	}
}

/* The tasks --pid and --comm name (any name the pid had), or every one. */
static bool task_passes(const struct report_filter *f, int pid, const char *comm)
{
	return pid_passes(f, pid) && (!f->nr_comms || name_matched(f, pid, comm));
}

/* A sleep is in the window when any of it is, from its switch-out to its run. */
static bool sleep_in_window(const struct report_filter *f, const struct task_sleep *s)
{
	uint64_t end = s->run_ts ? s->run_ts : s->wakeup_ts ? s->wakeup_ts : s->start;

	return end >= f->from && s->start <= f->to;
}

static void on_sleep(void *data, const struct replay_sleep *s)
{
	struct report *rep = data;
	char reason[EXPLAIN_LEN];

	task_comms_follow(&rep->comms, s->pid, s->comm);
	if (!task_passes(&rep->filter, s->pid, s->comm) || !sleep_in_window(&rep->filter, s->sleep))
		return;
	if (!s->sleep->reason.active && s->kthread)
		snprintf(reason, sizeof(reason), "kernel thread sleep");
	else
		explain_syscall(&s->sleep->reason, rep->opts.arch, reason, sizeof(reason));
	stats_sleep(&rep->stats, &rep->texts, s, reason);
}

static void on_fault(void *data, int pid, const char *comm, int prio,
		     const struct trace_record *rec)
{
	struct report *rep = data;

	task_comms_follow(&rep->comms, pid, comm);
	if (!task_passes(&rep->filter, pid, comm) || rec->ts < rep->filter.from ||
	    rec->ts > rep->filter.to)
		return;
	stats_fault(&rep->stats, pid, comm, prio, rec, !strcmp(rep->opts.arch, "x86_64") ||
		    !strcmp(rep->opts.arch, "i386"));
}

static void on_lost(void *data, const struct lost_gap *gap)
{
	struct report *rep = data;

	if (grow_room(&rep->lost, rep->nr_lost, sizeof(*rep->lost))) {
		rep->oom = true;
		return;
	}
	rep->lost[rep->nr_lost++] = *gap;
	if (rep->opts.tap && rep->opts.tap->lost)
		rep->opts.tap->lost(rep->opts.tap->data, rep, gap);
}

static void on_coverage(void *data, const struct coverage *c)
{
	struct report *rep = data;

	if (!pid_passes(&rep->filter, c->pid) || (rep->filter.nr_comms && !name_matched(&rep->filter, c->pid, c->comm)))
		return;
	if (grow_room(&rep->coverage, rep->nr_coverage, sizeof(*rep->coverage))) {
		rep->oom = true;
		return;
	}
	rep->coverage[rep->nr_coverage++] = *c;
}

static void on_task(void *data, int pid, const char *comm)
{
	struct report_filter *f = &((struct report *)data)->filter;

	task_comms_renamed(&((struct report *)data)->comms, pid, comm);
	for (int i = 0; i < f->nr_pids; i++)
		f->pid_seen[i] |= f->pids[i] == pid;
	for (int i = 0; i < f->nr_comms && comm[0]; i++)
		f->comm_seen[i] |= !fnmatch(f->comms[i], comm, 0);
}

/**
 * report_sink() - where the replay sends its results for this report
 * @rep: the report
 *
 * Return: the sink.
 */
/* A held verdict that passes the filters, to the tap that wants it told early. */
static void on_held(void *data, const struct verdict *v)
{
	struct report *rep = data;
	char reason[EXPLAIN_LEN];

	if (!rep->opts.tap || !rep->opts.tap->held || !passes(&rep->filter, v))
		return;
	explain_reason(v, rep->opts.arch, reason, sizeof(reason));
	rep->opts.tap->held(rep->opts.tap->data, rep, v, reason);
}

struct replay_sink report_sink(struct report *rep)
{
	return (struct replay_sink){
		.verdict = on_verdict, .held = on_held, .lost = on_lost, .coverage = on_coverage,
		.task = on_task, .sleep = on_sleep, .fault = on_fault, .data = rep,
	};
}

void report_begin(struct report *rep)
{
	rep->format->begin(rep);
}

static int by_pid(const void *a, const void *b)
{
	const struct coverage *x = a, *y = b;

	return x->pid != y->pid ? (x->pid > y->pid) - (x->pid < y->pid) :
	       strcmp(x->monitor->name, y->monitor->name);
}

static int row_by_pid(const void *a, const void *b)
{
	const struct summary_row *x = a, *y = b;

	return x->pid != y->pid ? (x->pid > y->pid) - (x->pid < y->pid) :
	       strcmp(x->monitor->name, y->monitor->name);
}

/* Summary and coverage in pid order, whatever order things happened in. */
void report_end(struct report *rep, const struct replay_stats *stats)
{
	/* qsort(NULL, 0, ...) is undefined: a clean trace has no rows */
	if (rep->nr_rows)
		qsort(rep->rows, rep->nr_rows, sizeof(*rep->rows), row_by_pid);
	key_index_free(&rep->rows_index);
	if (rep->nr_coverage)
		qsort(rep->coverage, rep->nr_coverage, sizeof(*rep->coverage), by_pid);
	groups_sort(&rep->groups, rep->opts.sort);
	stats_sort(&rep->stats);
	name_tasks(rep);
	rep->oom |= rep->stats.oom;
	rep->format->end(rep, stats);
	fflush(rep->opts.out);
}
