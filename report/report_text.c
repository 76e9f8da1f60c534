// SPDX-License-Identifier: GPL-2.0-only
/*
 * The text report: a block per violation, then the summary, coverage and
 * lost events, for people at a terminal.
 */
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "report.h"

#define LINE_LEN	1024

static void text_begin(struct report *rep)
{
	const struct trace_meta *m = trace_input_meta(rep->in);
	char path[ESCAPE_LEN(256)];
	FILE *out = rep->opts.out;

	if (rep->opts.quiet)
		return;
	fprintf(out, "%s: %s, %d CPUs, clock %s, trace.dat v%d%s%s\n",
		escape(rep->opts.path, path, sizeof(path)),
		m->uname[0] ? m->uname : "no uname", m->cpus, m->clock[0] ? m->clock : "unknown",
		m->version, m->buffer[0] ? ", buffer " : "", m->buffer);
	fprintf(out, "monitors:");
	for (int i = 0; i < rep->replay->nr_monitors; i++)
		fprintf(out, " %s", rep->replay->monitors[i]->name);
	fprintf(out, " (profile %s, arch %s%s%s)\n", rep->opts.profile, rep->opts.arch,
		rep->opts.arch_evidence[0] ? ", no uname: from " : "", rep->opts.arch_evidence);
	text_automaton_params(rep, out);
	for (int i = 0; i < rep->opts.nr_unavailable; i++)
		fprintf(out, "not judged: %s, unavailable: %s\n",
			rep->opts.unavailable[i].monitor->name, rep->opts.unavailable[i].why);
	fprintf(out, "\n");
}

/**
 * report_text_context() - a verdict's last records: its task's, or its CPU's for a per-CPU monitor
 * @out: where
 * @in: the trace, to format them
 * @v: the verdict
 */
void report_text_context(FILE *out, struct trace_input *in, const struct verdict *v)
{
	char line[LINE_LEN];

	if (!v->nr_context)
		return;
	if (v->per_cpu)
		fprintf(out, "  last %u events of CPU %d:\n", v->nr_context, v->cpu);
	else if (explain_is_sleep(v) && v->sleep.run_ts &&
		 v->context[v->nr_context - 1].ts > v->sleep.run_ts)
		fprintf(out, "  %u events of pid %d, around its run again:\n", v->nr_context, v->pid);
	else if (explain_is_sleep(v) && v->sleep.run_ts)
		fprintf(out, "  last %u events of pid %d, to its run again:\n", v->nr_context, v->pid);
	else
		fprintf(out, "  last %u events of pid %d:\n", v->nr_context, v->pid);
	for (unsigned int i = 0; i < v->nr_context; i++) {
		trace_input_format(in, &v->context[i], line, sizeof(line));
		fprintf(out, "    %s\n", line);
	}
}

/* A formula rule's true atoms: those set at this step, and each set earlier with its record. */
static void text_set_at(struct report *rep, const struct verdict *v)
{
	const struct rv_automaton *a = v->monitor->automaton;
	char line[LINE_LEN], here[EXPLAIN_LEN] = "";
	size_t n = 0;

	for (int i = 0; i < v->nr_set_at; i++)
		if (v->set_at[i].here && n < sizeof(here))
			n += snprintf(here + n, sizeof(here) - n, "%s%s", n ? ", " : "",
				      rv_atom_name(a, v->set_at[i].atom));
	if (here[0])
		fprintf(rep->opts.out, "  true:   %s from this event's step\n", here);
	for (int i = 0; i < v->nr_set_at; i++) {
		if (v->set_at[i].here)
			continue;
		trace_input_format(rep->in, &v->set_at[i].ref, line, sizeof(line));
		fprintf(rep->opts.out, "  true:   %s since the step at  %s\n",
			rv_atom_name(a, v->set_at[i].atom), line + strspn(line, " "));
	}
}

/* The record that gave a verdict, what the kernel's monitor saw, the task's last records. */
static void text_kernel(struct report *rep, const struct verdict *v)
{
	char buf[LINE_LEN], atoms[EXPLAIN_LEN], states[64];
	FILE *out = rep->opts.out;

	/* at the trace's end there is no event: the task's last record, if kept */
	if (v->at_end && !v->event_ref.ts)
		snprintf(buf, sizeof(buf), "(no record of it kept: --context 0)");
	else
		trace_input_format(rep->in, &v->event_ref, buf, sizeof(buf));
	fprintf(out, "  %s  %s\n", v->at_end ? "last:  " : "event:", buf + strspn(buf, " "));
	text_set_at(rep, v);
	if (v->switch_in_inferred)
		fprintf(out, "  note:   its switch-in was not recorded: SCHEDULE_IN is taken at this, "
			"its next own record\n");
	if (v->cause == CAUSE_UNEXPECTED || v->cause == CAUSE_CONSTRAINT) {
		text_automaton_kernel(rep, v, buf, sizeof(buf));
		fprintf(out, "  kernel: %s\n", buf);
	} else {
		explain_atoms(v, atoms, sizeof(atoms));
		explain_states(v->states_before, states, sizeof(states));
		fprintf(out, "  kernel: states %s -> none with atoms %s\n", states,
			atoms[0] ? atoms : "(none)");
	}
	report_text_context(rep->opts.out, rep->in, v);
	fprintf(out, "\n");
}

/*
 * A sleep's times, as --around takes them: its switch-out, its wakeup and
 * its run again (the latency and "held" are of the last two).
 */
static void text_sleep_times(struct report *rep, const struct verdict *v)
{
	const struct task_sleep *s = &v->sleep;
	char start[32], wakeup[32], run[32];

	if (!explain_is_sleep(v) || !s->start)
		return;
	time_text(rep->replay->times, s->start, start, sizeof(start));
	time_text(rep->replay->times, s->wakeup_ts, wakeup, sizeof(wakeup));
	time_text(rep->replay->times, s->run_ts, run, sizeof(run));
	fprintf(rep->opts.out, "  times:  switched out %s, %s%s, ", start,
		s->wakeup_ts ? "woken " : "no sched_wakeup recorded", s->wakeup_ts ? wakeup : "");
	if (s->run_ts)
		fprintf(rep->opts.out, "ran %s on CPU %d%s\n", run, s->run_cpu,
			s->run_inferred ? " (its next own record)" : "");
	else
		fprintf(rep->opts.out, "not run again by the trace's end\n");
}

static void text_verdict(struct report *rep, const struct verdict *v)
{
	char ts[32], buf[LINE_LEN], prio[16], name[TASK_NAME_LEN];
	char other[ESCAPE_LEN(TRACE_COMM_LEN)], also[128] = "";
	FILE *out = rep->opts.out;
	const char *matched, *last;

	time_text(rep->replay->times, v->ts, ts, sizeof(ts));
	explain_prio(v->prio, prio, sizeof(prio));
	/* its last name as far as known now: the trace's, when read for names */
	last = report_last_comm(rep, v->pid, v->comm);
	report_task_name(last, strcmp(last, v->comm) ? v->comm : "", name, sizeof(name));
	matched = report_comm_matched(&rep->filter, v);
	if (matched && strcmp(matched, v->comm) && strcmp(matched, last))
		snprintf(also, sizeof(also), " (also named %s in the trace)",
			 escape(matched, other, sizeof(other)));
	fprintf(out, "%s%s violation%s: %s%s pid %d prio %s, CPU %d, at %s\n",
		report_color(rep, REPORT_RED), v->monitor->name, report_color(rep, REPORT_RESET),
		name, also, v->pid, prio, v->cpu, ts);
	explain_why(v, rep->opts.arch, buf, sizeof(buf));
	fprintf(out, "  why:    %s\n", buf);
	if (explain_is_sleep(v)) {
		explain_sleep(v, rep->opts.arch, buf, sizeof(buf));
		fprintf(out, "  sleep:  %s\n", buf);
		text_sleep_times(rep, v);
		if (explain_held(v, buf, sizeof(buf)))
			fprintf(out, "  held:   %s\n", buf);
	}
	if (explain_is_fault(v)) {
		explain_fault(v, rep->in, rep->opts.arch, buf, sizeof(buf));
		fprintf(out, "  fault:  %s\n", buf);
	}
	if (v->cause == CAUSE_UNEXPECTED || v->cause == CAUSE_CONSTRAINT) {
		text_automaton_state(rep, v, buf, sizeof(buf));
		fprintf(out, "  state:  %s\n", buf);

		if (v->cause == CAUSE_CONSTRAINT && explain_held(v, buf, sizeof(buf)))
			fprintf(out, "  held:   %s\n", buf);
	}
	text_kernel(rep, v);
}

/* One line for a violation of a group: when, where, and its sleep or fault. */
static void text_instance(struct report *rep, const char *label, const struct verdict *v)
{
	char ts[32], buf[LINE_LEN];

	time_text(rep->replay->times, v->ts, ts, sizeof(ts));
	if (v->cause == CAUSE_UNEXPECTED || v->cause == CAUSE_CONSTRAINT) {
		size_t n = snprintf(buf, sizeof(buf), "%s, ", explain_da_event(v));

		text_automaton_state(rep, v, buf + n, sizeof(buf) - n);
	} else {
		explain_detail(v, rep->in, rep->opts.arch, buf, sizeof(buf));
	}
	fprintf(rep->opts.out, "  %s%*s%s on CPU %d: %s\n", label,
		(int)(strlen(label) < 8 ? 8 - strlen(label) : 1), "", ts, v->cpu, buf);
}

/* A group: its count and times, the rule, its first and worst violation. */
static void text_group(struct report *rep, const struct verdict_group *g)
{
	char first[32], last[32], prio[16], buf[LINE_LEN], name[TASK_NAME_LEN];
	char why[ESCAPE_LEN(WAIVER_TEXT)], path[ESCAPE_LEN(256)];
	const struct verdict *w = g->worst;
	FILE *out = rep->opts.out;

	time_text(rep->replay->times, g->first_ts, first, sizeof(first));
	time_text(rep->replay->times, g->last_ts, last, sizeof(last));
	explain_prio(g->prio, prio, sizeof(prio));
	fprintf(out, "%s%s violation%s%s: ", report_color(rep, REPORT_RED), g->monitor->name,
		g->count == 1 ? "" : "s", report_color(rep, REPORT_RESET));
	if (instance_is_cpu(g->pid))
		fprintf(out, "%s: ", instance_name(g->pid, name, sizeof(name)));
	else {
		report_task_name(g->comm, g->was_comm, name, sizeof(name));
		fprintf(out, "%s pid %d prio %s: ", name, g->pid, prio);
	}
	if (g->count == 1)
		fprintf(out, "1 at %s, %s\n", first, g->reason);
	else
		fprintf(out, "%lu from %s to %s, %s\n", g->count, first, last, g->reason);
	/* a waiver's why is a file's text: its "\n" would forge a report line */
	if (g->waiver)
		fprintf(out, "  waived: %s (%s line %u%s%s)\n",
			escape(g->waiver->why, why, sizeof(why)),
			escape(rep->opts.waivers->path, path, sizeof(path)), g->waiver->line,
			g->waiver->expires[0] ? ", until " : "", g->waiver->expires);
	if (!w) {
		fprintf(out, "  %s\n\n", GROUP_NOT_KEPT);
		return;
	}
	explain_why(w, rep->opts.arch, buf, sizeof(buf));
	fprintf(out, "  why:    %s\n", buf);
	if (g->count > 1 && g->first->ts != w->ts)
		text_instance(rep, "first:", g->first);
	text_instance(rep, g->count == 1 ? "at:" : g->first->ts == w->ts ? "first, worst:" : "worst:",
		      w);
	text_sleep_times(rep, w);
	if ((explain_is_sleep(w) || w->cause == CAUSE_CONSTRAINT) &&
	    explain_held(w, buf, sizeof(buf)))
		fprintf(out, "  held:   %s\n", buf);
	text_kernel(rep, w);
}

/**
 * report_text_group() - one group as the text report tells it, uncoloured
 * @rep: the report, after report_end()
 * @g: one of its groups
 * @out: where to write (the JUnit failure of the group)
 */
void report_text_group(struct report *rep, const struct verdict_group *g, FILE *out)
{
	FILE *was = rep->opts.out;
	bool color = rep->opts.color;

	rep->opts.out = out;
	rep->opts.color = false;
	text_group(rep, g);
	rep->opts.out = was;
	rep->opts.color = color;
}

static void text_groups(struct report *rep)
{
	unsigned int n = rep->groups.nr, shown = rep->opts.limit && rep->opts.limit < n ?
						 rep->opts.limit : n;

	for (unsigned int i = 0; i < shown; i++)
		text_group(rep, &rep->groups.groups[i]);
	if (shown < n)
		fprintf(rep->opts.out, "... %u more group%s (--limit %u or 0 shows every group, --all "
			"every violation)\n\n", n - shown, n - shown == 1 ? "" : "s", n);
}

/* Named counts ("futex x3, read x1"), @lead before the first. */
static void text_counts(FILE *out, const char *lead, const struct text_count *c, int n)
{
	for (int i = 0; i < n && c[i].count; i++)
		fprintf(out, "%s%s x%lu", i ? ", " : lead, c[i].text, c[i].count);
}

static void text_reasons(FILE *out, const struct summary_row *row)
{
	text_counts(out, "", row->reasons, REPORT_MAX_REASONS);
	if (row->other_reasons)
		fprintf(out, ", other x%lu", row->other_reasons);
}

static void text_stats_row(FILE *out, const struct task_stats *t, unsigned int row, bool judged)
{
	uint64_t fig[NR_STATS_FIGURES];
	const char *name;
	const struct stats_hist *h = stats_row(t, row, judged, &name);
	char buf[32];

	if (!name)
		return;
	fprintf(out, "    %-19s %7lu", name, h->count);
	if (h->count) {
		stats_figures(h, fig);
		/* one unit a row, its largest figure's: p99's bound, or the max */
		for (int i = 0; i < NR_STATS_FIGURES; i++) {
			explain_duration_as(fig[i], stats_row_top(fig), buf, sizeof(buf));
			fprintf(out, " %11s", buf);
		}
	}
	fprintf(out, "\n");
}

static void stats_histogram(FILE *out, const struct task_stats *t)
{
	char top[32];
	bool any = false;

	for (unsigned int k = 0; k < STATS_BUCKETS; k++) {
		unsigned long n = stats_latency_bucket(t, k);

		if (!n)
			continue;
		explain_duration(stats_bucket_top(k), top, sizeof(top));
		fprintf(out, "%s<%s %lu", any ? ", " : "    latency histogram: ", top, n);
		any = true;
	}
	if (any)
		fprintf(out, "\n");
}

static void stats_faults(FILE *out, const struct task_stats *t)
{
	static const char *const kind[NR_FAULT_KINDS] = {
		"user", "kernel", "read", "write", "not present", "protection", "instruction",
	};

	fprintf(out, "    page faults:        %7lu", t->faults);
	for (int k = 0; k < NR_FAULT_KINDS; k++)
		if (t->fault_kinds[k])
			fprintf(out, "%s%s %lu", k ? ", " : " (", kind[k], t->fault_kinds[k]);
	fprintf(out, "%s\n", t->fault_kinds[FAULT_USER] || t->fault_kinds[FAULT_KERNEL] ? ")" : "");
}

/* --stats: per real-time task, as rtla timerlat hist aligns its columns. */
static void text_stats(struct report *rep)
{
	char prio[16], comm[ESCAPE_LEN(TRACE_COMM_LEN)], scope[LINE_LEN];
	FILE *out = rep->opts.out;

	fprintf(out, "Statistics of real-time tasks (sleeps begun real-time, as the monitors "
		"judge them; sleep: until the wakeup; latency: from the wakeup to running; p50, "
		"p99: the upper bound of their log2 bucket%s):\n",
		rep->stats.judged ? "" : "; no monitor of sleeps replayed: none judged");
	report_stats_scope(rep, scope, sizeof(scope));
	fprintf(out, "  over %s%s\n", scope, rep->filter.cpu >= 0 ? "; --cpu does not narrow them" : "");
	for (unsigned int i = 0; i < rep->stats.nr; i++) {
		const struct task_stats *t = &rep->stats.tasks[i];

		explain_prio(t->prio, prio, sizeof(prio));
		fprintf(out, "  %s pid %d prio %s: %lu sleep%s", escape(t->comm, comm, sizeof(comm)),
			t->pid, prio, t->sleeps, t->sleeps == 1 ? "" : "s");
		if (rep->stats.judged)
			fprintf(out, ", %lu violating", t->violating);
		if (t->sleeps_not_rt)
			fprintf(out, " (and %lu begun not real-time, not counted)", t->sleeps_not_rt);
		text_counts(out, ": ", t->reasons, STATS_REASONS);
		fprintf(out, "\n    %-19s %7s %11s %11s %11s %11s %11s\n", "", "count", "min", "avg",
			"max", "p50<", "p99<");
		for (unsigned int row = 0; row < STATS_ROWS; row++)
			text_stats_row(out, t, row, rep->stats.judged);
		stats_histogram(out, t);
		if (t->faults)
			stats_faults(out, t);
	}
}

static void text_summary(struct report *rep)
{
	char first[32], last[32], prio[16], name[TASK_NAME_LEN];
	FILE *out = rep->opts.out;

	fprintf(out, "%sSummary:%s %lu violation%s", report_color(rep, REPORT_BOLD),
		report_color(rep, REPORT_RESET),
		rep->violations, rep->violations == 1 ? "" : "s");
	if (rep->opts.waivers)
		fprintf(out, " (%lu waived)", rep->waived);
	if (rep->hidden) {
		char filters[128];

		report_filters_named(&rep->filter, filters, sizeof(filters));
		fprintf(out, " (%lu more hidden by %s)", rep->hidden, filters);
	}
	for (int i = 0; i < rep->replay->nr_monitors; i++)
		fprintf(out, "%s %s %lu", i ? "," : ":", rep->replay->monitors[i]->name,
			rep->by_monitor[i]);
	fprintf(out, "\n");
	for (unsigned int i = 0; i < rep->nr_rows; i++) {
		const struct summary_row *row = &rep->rows[i];

		time_text(rep->replay->times, row->first, first, sizeof(first));
		time_text(rep->replay->times, row->last, last, sizeof(last));
		explain_prio(row->prio, prio, sizeof(prio));
		if (instance_is_cpu(row->pid))
			fprintf(out, "  %-9s %-38s %6lu  %s..%s  ", row->monitor->name,
				instance_name(row->pid, name, sizeof(name)), row->count, first, last);
		else {
			report_task_name(row->comm, row->was_comm, name, sizeof(name));
			fprintf(out, "  %-9s %-16s pid %-7d prio %-4s %6lu  %s..%s  ",
				row->monitor->name, name, row->pid, prio, row->count, first, last);
		}
		text_reasons(out, row);
		fprintf(out, "\n");
	}
}

static void text_coverage(struct report *rep)
{
	unsigned int count[COVERAGE_NEVER + 1] = { 0 }, told = 0;
	char why[EXPLAIN_LEN * 2], comm[ESCAPE_LEN(TRACE_COMM_LEN)], counts[256];
	FILE *out = rep->opts.out;

	for (unsigned int i = 0; i < rep->nr_coverage; i++) {
		const struct coverage *c = &rep->coverage[i];
		enum coverage_class class = report_coverage_class(rep, c, why, sizeof(why));

		count[class]++;
		if (!report_coverage_told(c, class, rep->opts.all))
			continue;
		if (!told++)
			fprintf(out, "Coverage%s:\n",
				report_coverage_rt_only(rep) ? " of real-time tasks" : "");
		if (instance_is_cpu(c->pid))
			fprintf(out, "  %-9s %-28s %s\n", c->monitor->name, c->comm, why);
		else
			fprintf(out, "  %-9s %-16s pid %-7d %s\n", c->monitor->name,
				escape(c->comm, comm, sizeof(comm)), c->pid, why);
	}
	report_coverage_counts(rep, count, rep->nr_coverage, counts, sizeof(counts));
	fprintf(out, "%s%s.\n", told ? "  " : "Coverage: ", counts);
}

static void text_lost(struct report *rep)
{
	static const char *const how[] = {
		[LOST_MID] = "lost before %s",
		[LOST_START] = "overwritten before the first record (%s)",
		[LOST_DROPPED] = ("dropped where the trace does not say (a full buffer in no-overwrite "
				  "mode marks no page; its records end at %s)"),
	};
	FILE *out = rep->opts.out;
	char ts[32], after[32], when[160];

	if (!rep->nr_lost) {
		fprintf(out, "Lost events: none\n");
		return;
	}
	fprintf(out, "Lost events:\n");
	for (unsigned int i = 0; i < rep->nr_lost; i++) {
		const struct lost_gap *g = &rep->lost[i];

		time_text(rep->replay->times, g->ts, ts, sizeof(ts));
		if (g->where == LOST_DAMAGED) {
			fprintf(out, "  CPU %d: records lost after %s: %s at offset %llu "
				"(--damaged=report)\n", g->cpu, g->ts ? ts : "the start", g->what,
				(unsigned long long)g->offset);
			continue;
		}
		snprintf(when, sizeof(when), how[g->where], ts);
		if (g->where == LOST_MID && g->after_ts)
			snprintf(when, sizeof(when), "lost between its records at %s and %s",
				 time_text(rep->replay->times, g->after_ts, after, sizeof(after)), ts);
		if (g->count < 0)
			fprintf(out, "  CPU %d: events (how many unknown) %s\n", g->cpu, when);
		else
			fprintf(out, "  CPU %d: %lld event%s %s\n", g->cpu, g->count,
				g->count == 1 ? "" : "s", when);
	}
}

static void text_end(struct report *rep, const struct replay_stats *stats)
{
	char first[32], last[32];

	if (rep->opts.quiet)
		return;
	if (!rep->opts.all && !rep->opts.summary_only)
		text_groups(rep);
	text_summary(rep);
	if (rep->opts.stats)
		text_stats(rep);
	text_coverage(rep);
	text_lost(rep);
	time_text(rep->replay->times, stats->first_ts, first, sizeof(first));
	time_text(rep->replay->times, stats->last_ts, last, sizeof(last));
	fprintf(rep->opts.out, "Trace: %llu events from %s to %s, %lu tasks seen", stats->counts.events,
		first, last, stats->tasks_seen);
	/* without sched_process_free, no task is known to have gone */
	if (replay_frees_told(stats))
		fprintf(rep->opts.out, ", %lu at most at once", stats->max_tasks);
	fprintf(rep->opts.out, "\n");
}

const struct report_format report_text = {
	.begin = text_begin,
	.verdict = text_verdict,
	.end = text_end,
};
