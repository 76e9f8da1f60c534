// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay diff's report, in words: a header (the monitors, the profile,
 * where the live verdicts come from, when the live monitors ran), a line
 * per verdict with, for a difference, the records that tie it, the
 * replay's reason, the steps where the instances went apart and the
 * documented divergence that explains it; then the summary.
 */
#include <stdio.h>
#include <string.h>

#include "diff_report.h"
#include "escape.h"
#include "explain.h"
#include "report.h"

#define LINE_LEN	1024

static void print_record(FILE *out, const char *label, struct trace_input *in,
			 const struct trace_ref *ref)
{
	char line[LINE_LEN];

	trace_input_format(in, ref, line, sizeof(line));
	fprintf(out, "  %-9s %s\n", label, line + strspn(line, " "));
}

/* A state set as the kernel's "%*pbl" prints it: "0,4", "1-3", "" for none. */
static void bitmap_list(unsigned long bits, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < RV_MAX_BA_STATES && n < len; i++) {
		unsigned int end = i;

		if (!(bits >> i & 1))
			continue;
		while (end + 1 < RV_MAX_BA_STATES && (bits >> (end + 1) & 1))
			end++;
		if (end > i)
			n += snprintf(buf + n, len - n, "%s%u-%u", n ? "," : "", i, end);
		else
			n += snprintf(buf + n, len - n, "%s%u", n ? "," : "", i);
		i = end;
	}
}

/* What diff's instance number of a monitor is: a pid, a CPU, or 0 for the global one. */
static const char *instance_word(const struct rv_monitor *m)
{
	return m->instance == RV_PER_CPU ? "cpu" : m->instance == RV_GLOBAL ? "global" : "pid";
}

/* A deterministic or hybrid automaton's: one state, one event, one next state. */
static bool automaton(const struct rv_monitor *m)
{
	return m->type == RV_MONITOR_DA || m->type == RV_MONITOR_HA;
}

/* The name of the lowest bit of @bits, by @name; "?" for none. */
static const char *bit_name(unsigned long bits, unsigned int nr,
			    const char *(*name)(unsigned int))
{
	for (unsigned int i = 0; i < nr; i++)
		if (bits >> i & 1)
			return name(i);
	return "?";
}

/* A DA's step as the kernel's event_<monitor> prints it: "running x switch_out -> not_running". */
static void print_da_step(FILE *out, const char *label, const struct rv_automaton *a,
			  const struct diff_step *s)
{
	char state[ESCAPE_LEN(64)], event[ESCAPE_LEN(64)], next[ESCAPE_LEN(64)];

	fprintf(out, "  %-9s %s x %s -> %s\n", label,
		escape(bit_name(s->states, a->nr_states, a->state_name), state, sizeof(state)),
		escape(bit_name(s->atoms, a->nr_atoms, a->atom_name), event, sizeof(event)),
		escape(bit_name(s->next, a->nr_states, a->state_name), next, sizeof(next)));
}

static void print_step(FILE *out, const char *label, const struct rv_monitor *m, bool has,
		       const struct diff_step *s)
{
	const struct rv_automaton *a = m->automaton;
	char states[64], next[64], atoms[EXPLAIN_LEN];
	size_t n = 0;

	if (!has) {
		fprintf(out, "  %-9s no step\n", label);
		return;
	}
	if (automaton(m)) {
		print_da_step(out, label, a, s);
		return;
	}
	atoms[0] = '\0';
	for (unsigned int i = 0; i < a->nr_atoms && n < sizeof(atoms); i++)
		if (s->atoms >> i & 1)
			n += snprintf(atoms + n, sizeof(atoms) - n, "%s%s", n ? "," : "",
				      rv_atom_name(a, i));
	bitmap_list(s->states, states, sizeof(states));
	bitmap_list(s->next, next, sizeof(next));
	fprintf(out, "  %-9s (%s) x (%s) -> (%s)\n", label, states, atoms, next);
}

static void print_divergence(const struct diff_report *r, const struct diff_divergence *d,
			     const char *label)
{
	const struct rv_monitor *m = r->opts->replay.monitors[d->monitor];
	char ts[32];

	time_text(r->times, d->at.ts, ts, sizeof(ts));
	fprintf(r->out, "  %-9s the instances went apart at %s (CPU %d)%s\n", label, ts,
		d->at.cpu, d->until ? "" : " and stayed apart");
	print_step(r->out, "  live:", m, d->live_has, &d->live);
	print_step(r->out, "  replay:", m, d->replay_has, &d->replay);
}

/* A live verdict: its record, and the record it was tied to (or why none). */
static void print_live(FILE *out, struct trace_input *in, const struct diff_live *l)
{
	print_record(out, "live:", in, &l->ref);
	if (l->tied)
		print_record(out, "event:", in, &l->at_ref);
	else if (l->timeout)
		fprintf(out, "  %-9s none: a clock ran out (the kernel's timer, or the module's "
			"disabling)\n", "event:");
	else
		fprintf(out, "  %-9s no record of this task before it on CPU %d\n", "event:",
			l->ref.cpu);
}

/* A replayed verdict: why, its record, and what the automaton refused. */
static void print_replayed(const struct diff_report *r, struct trace_input *in,
			   const struct rv_monitor *m, const struct verdict *v)
{
	char buf[LINE_LEN], atoms[EXPLAIN_LEN], states[64];

	explain_why(v, r->arch, buf, sizeof(buf));
	fprintf(r->out, "  %-9s %s\n", "why:", buf);
	print_record(r->out, "event:", in, &v->event_ref);
	if (automaton(m)) {
		fprintf(r->out, "  %-9s event %s not expected in the state %s%s\n", "replay:",
			explain_da_event(v), explain_da_state(v),
			v->kind == RV_VIOLATION_CONSTRAINT ? " (its clock)" : "");
	} else {
		explain_atoms(v, atoms, sizeof(atoms));
		explain_states(v->states_before, states, sizeof(states));
		fprintf(r->out, "  %-9s states %s -> none with atoms %s\n", "replay:", states,
			atoms[0] ? atoms : "(none)");
	}
}

static void print_entry(const struct diff_report *r, struct trace_input *in,
			const struct diff_entry *e)
{
	static const char *const side[] = { "matched", "live only", "replay only" };
	const struct rv_monitor *m = r->opts->replay.monitors[e->monitor];
	const struct verdict *v = e->verdict;
	const struct diff_live *l = e->live;
	char ts[32], comm[ESCAPE_LEN(TRACE_COMM_LEN)];

	time_text(r->times, e->at.ts, ts, sizeof(ts));
	/* a DA's live record names no comm: the replay's, else the pid alone */
	fprintf(r->out, "%-11s %-9s %-16s %s %-7d CPU %d at %s\n", side[e->side], m->name,
		escape(v ? v->comm : l->comm[0] ? l->comm : "-", comm, sizeof(comm)),
		instance_word(m), e->pid, e->at.cpu, ts);
	if (e->side == DIFF_MATCHED)
		return;
	if (l)
		print_live(r->out, in, l);
	if (v)
		print_replayed(r, in, m, v);
	if (e->divergence)
		print_divergence(r, e->divergence, "steps:");
	if (e->why == DIFF_UNEXPLAINED)
		fprintf(r->out, "  %-9s UNEXPLAINED: %s\n", "diff:", diff_why_text(e->why));
	else
		fprintf(r->out, "  %-9s explained [%s]: %s\n", "diff:", diff_why_key(e->why),
			diff_why_text(e->why));
	if (v)
		report_text_context(r->out, in, v);
	fprintf(r->out, "\n");
}

static bool first_of_task(const struct diff_result *res, unsigned int i)
{
	for (unsigned int k = 0; k < i; k++)
		if (res->divergences[k].monitor == res->divergences[i].monitor &&
		    res->divergences[k].pid == res->divergences[i].pid)
			return false;
	return true;
}

/* --states: the first step of each task where live and replay went apart. */
static void print_states(const struct diff_report *r, const struct diff_result *res)
{
	unsigned int tasks = 0;
	char ts[32];

	fprintf(r->out, "States: %lu live steps, %lu replayed", res->live_steps,
		res->replay_steps);
	if (!res->nr_divergences) {
		fprintf(r->out, ": identical\n");
		return;
	}
	for (unsigned int i = 0; i < res->nr_divergences; i++)
		tasks += first_of_task(res, i);
	fprintf(r->out, ", %u instance%s went apart (%u times):\n", tasks, tasks == 1 ? "" : "s",
		res->nr_divergences);
	for (unsigned int i = 0; i < res->nr_divergences; i++) {
		const struct diff_divergence *d = &res->divergences[i];
		const struct rv_monitor *m = r->opts->replay.monitors[d->monitor];

		if (!first_of_task(res, i))
			continue;
		time_text(r->times, d->at.ts, ts, sizeof(ts));
		fprintf(r->out, "  first differing step: %s %s %d at %s, CPU %d: %s [%s]\n",
			m->name, instance_word(m), d->pid, ts, d->at.cpu,
			d->why == DIFF_UNEXPLAINED ? "UNEXPLAINED" : "explained",
			diff_why_key(d->why));
		print_step(r->out, "  live:", m, d->live_has, &d->live);
		print_step(r->out, "  replay:", m, d->replay_has, &d->replay);
	}
}

static unsigned long unexplained_steps(const struct diff_result *res)
{
	unsigned long n = 0;

	for (unsigned int i = 0; i < res->nr_divergences; i++)
		n += res->divergences[i].why == DIFF_UNEXPLAINED;
	return n;
}

/* The rest of the trace's line, the monitors, and when the live ones ran. */
static void print_header(const struct diff_report *r, const struct diff_result *res)
{
	const struct replay_options *replay = &r->opts->replay;
	char from[32], to[32];

	fprintf(r->out, "\nmonitors:");
	for (int i = 0; i < replay->nr_monitors; i++)
		fprintf(r->out, " %s", replay->monitors[i]->name);
	fprintf(r->out, " (profile %s, arch %s%s); live verdicts: %s\n", replay->profile->name,
		r->arch, replay->infer ? ", with inference" : "",
		!res->system[0] ? "none in the trace" :
		!strcmp(res->system, "rv") ? "the kernel's rv:error_*" :
		"the rvreplay module's rvreplay:error_*");
	for (unsigned int i = 0; i < res->nr_windows; i++) {
		time_text(r->times, res->windows[i].from, from, sizeof(from));
		time_text(r->times, res->windows[i].to, to, sizeof(to));
		fprintf(r->out, "live monitors ran from %s to %s\n", from,
			res->windows[i].to == UINT64_MAX ? "the end" : to);
	}
	fprintf(r->out, "\n");
}

static void print_summary(const struct diff_report *r, const struct diff_result *res)
{
	unsigned long differences = res->live_only + res->replay_only;

	fprintf(r->out, "Summary: %lu live verdicts, %lu replayed: %lu matched, %lu live only, "
		"%lu replay only", res->live_errors, res->replay_verdicts, res->matched,
		res->live_only, res->replay_only);
	if (!differences) {
		fprintf(r->out, ": all match\n");
	} else {
		fprintf(r->out, "; %lu unexplained", res->unexplained);
		for (int w = 1; w < DIFF_NR_WHY; w++)
			if (res->by_why[w])
				fprintf(r->out, ", %s x%lu", diff_why_key(w), res->by_why[w]);
		fprintf(r->out, "\n");
	}
	if (res->live_timeouts)
		fprintf(r->out, "Clocks: %lu live verdicts of a clock that ran out (event none), "
			"%lu matched by time\n", res->live_timeouts, res->timeouts_matched);
	if (res->foreign)
		fprintf(r->out, "  %lu live records of monitors not compared were skipped\n",
			res->foreign);
	if (r->opts->states)
		print_states(r, res);
	else if (res->nr_divergences)
		fprintf(r->out, "Steps: %u divergences (%lu unexplained); --states shows where\n",
			res->nr_divergences, unexplained_steps(res));
	if (res->nr_lost)
		fprintf(r->out, "Lost events: %u gaps (differences after them are explained by "
			"them)\n", res->nr_lost);
}

/**
 * diff_report_print() - rvreplay diff's report of one trace
 * @r: how the comparison was asked for, and where to write
 * @in: the trace, for the records' lines and the context of each difference
 * @res: what diff_run() found
 *
 * The caller has begun the first line with the trace (its file, kernel,
 * CPUs, clock); this ends it. Every verdict gets a line (with -s only the
 * differences), each difference its story, then the summary.
 */
void diff_report_print(const struct diff_report *r, struct trace_input *in,
		       const struct diff_result *res)
{
	print_header(r, res);
	for (unsigned int i = 0; i < res->nr_entries; i++)
		if (!r->summary || res->entries[i].side != DIFF_MATCHED)
			print_entry(r, in, &res->entries[i]);
	if (res->nr_entries && !r->summary)
		fprintf(r->out, "\n");
	print_summary(r, res);
}
