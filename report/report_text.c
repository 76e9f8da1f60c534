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
	for (int i = 0; i < rep->opts.nr_unavailable; i++)
		fprintf(out, "not judged: %s, unavailable: %s\n",
			rep->opts.unavailable[i].monitor->name, rep->opts.unavailable[i].why);
	fprintf(out, "\n");
}

static void text_context(struct report *rep, const struct verdict *v)
{
	char line[LINE_LEN];

	if (!v->nr_context)
		return;
	fprintf(rep->opts.out, "  last %u events of pid %d:\n", v->nr_context, v->pid);
	for (unsigned int i = 0; i < v->nr_context; i++) {
		trace_input_format(rep->in, &v->context[i], line, sizeof(line));
		fprintf(rep->opts.out, "    %s\n", line);
	}
}

static void text_verdict(struct report *rep, const struct verdict *v)
{
	char ts[32], buf[LINE_LEN], atoms[EXPLAIN_LEN], states[64], prio[16];
	char comm[ESCAPE_LEN(TRACE_COMM_LEN)];
	FILE *out = rep->opts.out;

	explain_ts(v->ts, ts, sizeof(ts));
	explain_prio(v->prio, prio, sizeof(prio));
	fprintf(out, "%s%s violation%s: %s pid %d prio %s, CPU %d, at %s\n",
		report_color(rep, REPORT_RED), v->monitor->name, report_color(rep, REPORT_RESET),
		escape(v->comm, comm, sizeof(comm)), v->pid, prio, v->cpu, ts);
	explain_why(v, rep->opts.arch, buf, sizeof(buf));
	fprintf(out, "  why:    %s\n", buf);
	if (v->cause == CAUSE_SLEEP_REASON || v->cause == CAUSE_WAKER) {
		explain_sleep(v, buf, sizeof(buf));
		fprintf(out, "  sleep:  %s\n", buf);
	}
	if (v->cause == CAUSE_PAGE_FAULT) {
		explain_fault(v, rep->in, rep->opts.arch, buf, sizeof(buf));
		fprintf(out, "  fault:  %s\n", buf);
	}
	trace_input_format(rep->in, &v->event_ref, buf, sizeof(buf));
	fprintf(out, "  event:  %s\n", buf + strspn(buf, " "));
	explain_atoms(v, atoms, sizeof(atoms));
	explain_states(v->states_before, states, sizeof(states));
	fprintf(out, "  kernel: states %s -> none with atoms %s\n", states, atoms[0] ? atoms : "(none)");
	text_context(rep, v);
	fprintf(out, "\n");
}

static void text_reasons(FILE *out, const struct summary_row *row)
{
	for (int i = 0; i < REPORT_MAX_REASONS && row->reasons[i].count; i++)
		fprintf(out, "%s%s x%lu", i ? ", " : "", row->reasons[i].text,
			row->reasons[i].count);
	if (row->other_reasons)
		fprintf(out, ", other x%lu", row->other_reasons);
}

static void text_summary(struct report *rep)
{
	char first[32], last[32], prio[16], comm[ESCAPE_LEN(TRACE_COMM_LEN)];
	FILE *out = rep->opts.out;

	fprintf(out, "%sSummary:%s %lu violation%s", report_color(rep, REPORT_BOLD),
		report_color(rep, REPORT_RESET),
		rep->violations, rep->violations == 1 ? "" : "s");
	for (int i = 0; i < rep->replay->nr_monitors; i++)
		fprintf(out, "%s %s %lu", i ? "," : ":", rep->replay->monitors[i]->name,
			rep->by_monitor[i]);
	fprintf(out, "\n");
	for (unsigned int i = 0; i < rep->nr_rows; i++) {
		const struct summary_row *row = &rep->rows[i];

		explain_ts(row->first, first, sizeof(first));
		explain_ts(row->last, last, sizeof(last));
		explain_prio(row->prio, prio, sizeof(prio));
		fprintf(out, "  %-9s %-16s pid %-7d prio %-4s %6lu  %s..%s  ", row->monitor->name,
			escape(row->comm, comm, sizeof(comm)), row->pid, prio, row->count, first, last);
		text_reasons(out, row);
		fprintf(out, "\n");
	}
}

static void text_coverage(struct report *rep)
{
	unsigned int judged = 0, told = 0;
	char why[EXPLAIN_LEN * 2], comm[ESCAPE_LEN(TRACE_COMM_LEN)];
	FILE *out = rep->opts.out;

	for (unsigned int i = 0; i < rep->nr_coverage; i++) {
		const struct coverage *c = &rep->coverage[i];

		if (c->started_ts)
			judged++;
		if (!explain_coverage(c, why, sizeof(why)))
			continue;
		if (!told++)
			fprintf(out, "Coverage of real-time tasks:\n");
		fprintf(out, "  %-9s %-16s pid %-7d %s\n", c->monitor->name,
			escape(c->comm, comm, sizeof(comm)), c->pid, why);
	}
	fprintf(out, "%s%u of %u monitor instances of real-time tasks were judged.\n",
		told ? "  " : "Coverage: ", judged, rep->nr_coverage);
}

static void text_lost(struct report *rep)
{
	static const char *const where[] = { "before", "overwritten before the first record,",
					     "dropped after the last record," };
	FILE *out = rep->opts.out;
	char ts[32];

	if (!rep->nr_lost) {
		fprintf(out, "Lost events: none\n");
		return;
	}
	fprintf(out, "Lost events:\n");
	for (unsigned int i = 0; i < rep->nr_lost; i++) {
		const struct lost_gap *g = &rep->lost[i];

		explain_ts(g->ts, ts, sizeof(ts));
		if (g->where == LOST_DAMAGED)
			fprintf(out, "  CPU %d: records lost after %s: %s at offset %llu "
				"(--damaged=report)\n", g->cpu, g->ts ? ts : "the start", g->what,
				(unsigned long long)g->offset);
		else if (g->count < 0)
			fprintf(out, "  CPU %d: events lost (count unknown) %s %s\n", g->cpu,
				where[g->where], ts);
		else
			fprintf(out, "  CPU %d: %lld events lost %s %s\n", g->cpu, g->count,
				where[g->where], ts);
	}
}

static void text_end(struct report *rep, const struct replay_stats *stats)
{
	char first[32], last[32];

	if (rep->opts.quiet)
		return;
	text_summary(rep);
	text_coverage(rep);
	text_lost(rep);
	explain_ts(stats->first_ts, first, sizeof(first));
	explain_ts(stats->last_ts, last, sizeof(last));
	fprintf(rep->opts.out, "Trace: %llu events from %s to %s, %lu tasks at most at once\n",
		stats->counts.events, first, last, stats->max_tasks);
}

const struct report_format report_text = {
	.begin = text_begin,
	.verdict = text_verdict,
	.end = text_end,
};
