// SPDX-License-Identifier: GPL-2.0-only
/*
 * One trace replayed to its report: the monitors gated, the records
 * replayed, what was judged said, the report and its pictures written.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd_replay.h"
#include "report_pictures.h"
#include "task_names.h"

/* --color=auto: a report on a terminal, unless NO_COLOR (set, not empty) or TERM=dumb */
static bool use_color(const struct replay_cli *c)
{
	const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");

	if (c->report.json || !strcmp(c->color, "never"))
		return false;
	if (!strcmp(c->color, "always"))
		return true;
	if ((no_color && *no_color) || (term && !strcmp(term, "dumb")))
		return false;
	return !c->output && isatty(STDOUT_FILENO);
}

/* Whether a monitor's state ends the run: blind, or unavailable when asked for by name. */
static bool stops(const struct replay_cli *c, const struct gate_monitor *m)
{
	return m->state == GATE_BLIND || (m->state == GATE_UNAVAILABLE && c->common.named);
}

/*
 * Why the monitors cannot judge, as one error: every one that stops the
 * run, each with every event it misses, then the command that records
 * what the blind ones lack.
 */
static void cannot_judge(const struct replay_cli *c, const struct gate *g)
{
	char line[4 * GATE_WHY_LEN], advice[256];
	size_t used = 0;
	bool blind = false;

	line[0] = '\0';
	for (int i = 0; i < g->nr_monitors && used < sizeof(line); i++) {
		const struct gate_monitor *m = &g->monitors[i];

		if (!stops(c, m))
			continue;
		if (used)
			used += snprintf(line + used, sizeof(line) - used, "; ");
		if (used >= sizeof(line))
			break;
		if (m->state == GATE_UNAVAILABLE)
			used += snprintf(line + used, sizeof(line) - used,
					 "%s is unavailable on this trace's kernel: %s (%s)",
					 m->monitor->name, m->why, g->kernel);
		else
			used += snprintf(line + used, sizeof(line) - used,
					 "%s cannot judge this trace: %s", m->monitor->name, m->why);
		blind |= m->state == GATE_BLIND;
	}
	if (blind && used < sizeof(line)) {
		gate_advice(g, advice, sizeof(advice));
		snprintf(line + used, sizeof(line) - used, "; record it with '%s'", advice);
	}
	cmd_error(c->path, "%s", line);
}

/* What a pass over the records says: an event not recorded, or no record at all. */
static int judged(const struct replay_cli *c, struct gate *g, const struct replay_stats *stats)
{
	if (cmd_gate_counts(c->path, g, &stats->counts))
		return EXIT_ERROR;
	for (int i = 0; i < g->nr_monitors; i++) {
		if (g->monitors[i].state == GATE_BLIND) {
			cannot_judge(c, g);
			return EXIT_ERROR;
		}
	}
	return 0;
}

/*
 * A window that kept nothing, as an unknown --pid: it holds no record of
 * the trace, or no violation while the filters hid some.
 */
static void window_notices(const struct replay_cli *c, const struct report *rep,
			   const struct replay_stats *st)
{
	const struct report_filter *f = &c->filter;
	const struct time_format *tf = c->replay.times;
	char from[32], to[32], first[32], last[32], names[128];
	const char *option = f->around ? "--around" : f->from && f->to != UINT64_MAX ?
			     "--from, --to" : f->from ? "--from" : "--to";

	if (!f->from && f->to == UINT64_MAX)
		return;
	time_text(tf, f->from, from, sizeof(from));
	time_text(tf, f->to, to, sizeof(to));
	if (f->from > st->last_ts || f->to < st->first_ts) {
		time_text(tf, st->first_ts, first, sizeof(first));
		time_text(tf, st->last_ts, last, sizeof(last));
		cmd_notice(c->path, "%s: the window from %s to %s holds no record: the trace runs "
			   "from %s to %s", option, f->from ? from : "the start",
			   f->to != UINT64_MAX ? to : "the end", first, last);
	} else if (!rep->violations && rep->hidden) {
		report_filters_named(f, names, sizeof(names));
		time_text(tf, rep->hidden_first, first, sizeof(first));
		time_text(tf, rep->hidden_last, last, sizeof(last));
		cmd_notice(c->path, "%s: no violation in the window from %s to %s; the filters "
			   "(%s) hid %lu, from %s to %s", option, f->from ? from : "the start",
			   f->to != UINT64_MAX ? to : "the end", names, rep->hidden, first, last);
	}
}

/* Warnings that change what was judged: said even with -q. */
static void judged_notices(const struct replay_cli *c, const struct report *rep,
			   const struct replay_stats *st)
{
	unsigned int gaps = rep->nr_lost;

	for (int i = 0; i < c->filter.nr_pids; i++)
		if (!rep->filter.pid_seen[i])
			cmd_notice(c->path, "--pid %d: no such task in the trace", c->filter.pids[i]);
	for (int i = 0; i < c->filter.nr_comms; i++)
		if (!rep->filter.comm_seen[i])
			cmd_notice(c->path, "--comm '%s': no task of the trace had such a name",
				   c->filter.comms[i]);
	window_notices(c, rep, st);
	if (rep->unlisted)
		cmd_notice(c->path, "--json lists %lu of the %lu violations (--max-violations %lu); "
			   "every one is counted and grouped (--max-violations 0 or --all lists them)",
			   rep->listed, rep->listed + rep->unlisted, c->report.max_listed);
	if (rep->groups.unexplained)
		cmd_notice(c->path, "%u of the %u violation groups are counted, not explained "
			   "(--max-groups %u; 0 or --all keeps every one)", rep->groups.unexplained,
			   rep->groups.nr, c->report.max_explained);
	if (gaps)
		cmd_notice(c->path, "events were lost (%u gap%s): verdicts near them may differ "
			   "from the kernel's (the report's lost events say where)", gaps,
			   gaps == 1 ? "" : "s");
}

/**
 * replay_cli_waiver_notices() - waivers that could not apply, or applied to nothing
 * @c: the run
 *
 * An expired waiver changes what fails: said even with -q. One that
 * matched nothing changes nothing: a warning -q silences.
 */
void replay_cli_waiver_notices(const struct replay_cli *c)
{
	const struct waivers *w = c->report.waivers;

	for (unsigned int i = 0; w && i < w->nr; i++) {
		if (w->list[i].expired)
			cmd_notice(c->waivers_path, "line %u: waiver expired on %s, not applied",
				    w->list[i].line, w->list[i].expires);
		else if (!w->list[i].matched)
			cmd_warning(c->waivers_path, "line %u: waiver matched no violation",
				    w->list[i].line);
	}
}


/* The second pass over the records, with its progress line, and the pictures written. */
static int pictures_draw(struct replay_cli *c, struct opened_trace *t, struct report_pictures *p,
			 struct report *rep, const struct replay_stats *stats)
{
	char err[TRACE_ERR_LEN];
	int failed;

	if (!p->html && !p->chrome && !p->perfetto)
		return 0;
	cmd_progress_watch(c->path, t->in);
	failed = pictures_write(p, rep, stats, err, sizeof(err));
	cmd_progress_unwatch(t->in);
	if (failed)
		cmd_error(c->path, "%s", err);
	else if (p->chrome && chrome_truncated(p->chrome))
		cmd_notice(c->path, "--chrome-trace ends at its bound of %llu MiB, said in the file "
			   "(--all exports every record)",
			   (unsigned long long)(c->report.chrome_max >> 20));
	return failed;
}

/* What --jsonl and --junit say of the trace, taken before the report goes. Return: 0 or -1. */
static int keep_result(struct replay_cli *c, struct report *rep, const struct replay_stats *stats)
{
	struct trace_result *res = c->result;

	if (c->jsonl || c->baseline_path) {
		res->digest = report_json_digest(rep, stats);
		res->groups = tmpfile();
		if (!res->digest || !res->groups || report_json_groups(rep, res->groups))
			return -1;
	}
	if (!c->junit)
		return 0;
	res->cases = tmpfile();
	if (!res->cases)
		return -1;
	report_junit_cases(rep, c->path, res->cases, &res->counts);
	return ferror(res->cases) || rep->oom ? -1 : 0;
}

/* What the report says of the trace, and the names --comm and waivers match. */
static int report_setup(struct replay_cli *c, struct opened_trace *t, FILE *out)
{
	c->report.out = out;
	c->report.path = c->path;
	c->report.arch = t->arch;
	c->report.arch_evidence = t->arch_evidence;
	c->report.profile = c->replay.profile->name;
	c->report.color = use_color(c);
	c->replay.syscalls = t->syscalls;
	/*
	 * --comm, and waivers' comm, match every name a task had, and --all's
	 * text names each violation's task by its last as the groups do: one
	 * more read; a live trace is read once: --all's text names a task by
	 * its name so far, and watch refuses --comm and --waivers
	 */
	if (c->filter.nr_comms || c->report.waivers ||
	    (c->report.all && !c->report.json && !c->report.quiet && !c->report.summary_only &&
	     !c->live)) {
		c->filter.names = task_names_scan(t->in);
		if (!c->filter.names) {
			cmd_error(c->path, "out of memory, or the trace cannot be read, naming its tasks");
			return -1;
		}
	}
	return 0;
}

static int run(struct replay_cli *c, struct opened_trace *t, struct gate *g, FILE *out,
	       struct picture_files *pf)
{
	struct report_pictures pics = { 0 };
	struct report rep;
	struct replay_sink sink;
	struct replay *r;
	char err[TRACE_ERR_LEN];
	int ret = EXIT_ERROR, failed;

	if (report_setup(c, t, out))
		return EXIT_ERROR;
	if (pictures_init(&pics, &(struct picture_outputs){ pf->html_f, pf->chrome_f,
							    pf->perfetto_f },
			  &c->report, t->in, c->filter.from, c->filter.to)) {
		cmd_error(c->path, "out of memory");
		return EXIT_ERROR;
	}
	/* the pictures, or the caller's own (rvreplay watch's line per violation) */
	if (pf->html_f || pf->chrome_f || pf->perfetto_f)
		c->report.tap = &pics.tap;
	report_init(&rep, &c->report, &c->filter, t->in, &c->replay);
	sink = report_sink(&rep);
	r = replay_new(&c->replay, t->in, &sink);
	if (!r) {
		cmd_error(c->path, "out of memory");
		goto out;
	}
	report_begin(&rep);
	cmd_progress_watch(c->path, t->in);
	failed = replay_run(r, err);
	cmd_progress_unwatch(t->in);
	if (failed) {
		cmd_error(c->path, "%s", err);
		goto out;
	}
	if (judged(c, g, replay_stats(r)))
		goto out;
	report_end(&rep, replay_stats(r));
	if (rep.oom) {
		cmd_error(c->path, "out of memory");
		goto out;
	}
	if (pictures_draw(c, t, &pics, &rep, replay_stats(r)))
		goto out;
	judged_notices(c, &rep, replay_stats(r));
	if (!c->list.batch)
		replay_cli_waiver_notices(c);
	/* a result the machine outputs lack is a trace not judged */
	if (c->result && keep_result(c, &rep, replay_stats(r))) {
		cmd_error(c->path, "out of memory");
		goto out;
	}
	/* no verdict is no pass: a monitor that judged none of its tasks */
	if (report_none_judged(&rep, err, sizeof(err))) {
		cmd_error(c->path, "%s", err);
		goto out;
	}
	ret = rep.violations > rep.waived ? EXIT_VIOLATIONS : EXIT_CLEAN;
out:
	replay_free(r);
	pictures_release(&pics);
	report_release(&rep);
	task_names_free((struct task_names *)c->filter.names);
	return ret;
}

/*
 * Which monitors judge. Those the trace's kernel cannot offer are dropped
 * from the container with a notice (asked for by name: an error); a
 * monitor an event was not recorded for is an error.
 */
static int gate(struct replay_cli *c, struct opened_trace *t, struct gate *g)
{
	gate_before(g, &c->replay, t->in, t->arch);
	for (int i = 0; i < g->nr_monitors; i++) {
		if (stops(c, &g->monitors[i])) {
			cannot_judge(c, g);
			return EXIT_ERROR;
		}
	}
	for (int i = 0; i < g->nr_monitors; i++) {
		const struct gate_monitor *m = &g->monitors[i];

		if (m->state == GATE_UNAVAILABLE) {
			cmd_notice(c->path, "%s not judged: %s (%s)", m->monitor->name, m->why,
				   g->kernel);
			c->unavailable[c->report.nr_unavailable++] = *m;
		}
	}
	c->report.unavailable = c->unavailable;
	gate_keep_judging(g, &c->replay);
	if (!c->replay.nr_monitors) {
		cmd_error(c->path, "no monitor can judge this trace");
		return EXIT_ERROR;
	}
	return 0;
}

/* Options that need the trace to be checked: a CPU it has. */
static int usage_on_trace(const struct replay_cli *c, const struct opened_trace *t)
{
	int cpus = trace_input_meta(t->in)->cpus;

	if (c->filter.cpu >= cpus)
		return cmd_usage_error("rvreplay", "--cpu %d: the trace has CPUs 0 to %d",
				       c->filter.cpu, cpus - 1);
	return 0;
}

/* The report: a file renamed into place, or standard output, whole or not at all. */
static int replay_to(struct replay_cli *c, struct opened_trace *t, struct gate *g)
{
	struct picture_files pf = { 0 };
	struct output_file o;
	char err[TRACE_ERR_LEN];
	FILE *out;
	int ret;

	if (replay_cli_pictures_open(c, t, &pf))
		return EXIT_ERROR;
	if (output_file_prepare(&o, c->output, trace_input_fd(t->in), err, sizeof(err)) ||
	    !(out = output_file_open(&o, err, sizeof(err)))) {
		cmd_error(c->output ? c->output : "stdout", "%s", err);
		replay_cli_pictures_abort(&pf);
		return EXIT_ERROR;
	}
	ret = run(c, t, g, out, &pf);
	if (ret == EXIT_ERROR) {
		output_file_abort(&o);
		replay_cli_pictures_abort(&pf);
		return ret;
	}
	if (output_file_commit(&o, err, sizeof(err))) {
		cmd_error(o.path, "%s", err);
		replay_cli_pictures_abort(&pf);
		return EXIT_ERROR;
	}
	return replay_cli_pictures_commit(&pf) ? EXIT_ERROR : ret;
}

/* Options that the trace checks, and the file's digest when asked for. */
static int replay_opened(void *cli, struct opened_trace *t)
{
	struct replay_cli *c = cli;

	/* a read of the whole file: only for the JSON Lines that tell its digest */
	if (c->result && c->jsonl)
		trace_result_file(c->result, trace_input_fd(t->in));
	return usage_on_trace(c, t);
}

static int replay_trace(void *cli, struct opened_trace *t)
{
	struct replay_cli *c = cli;
	struct gate g;

	if (gate(c, t, &g))
		return EXIT_ERROR;
	return replay_to(c, t, &g);
}

static const struct cmd_trace_ops replay_ops = {
	.opened	= replay_opened,
	.run	= replay_trace,
};

/**
 * replay_cli_trace() - one trace, @c->path, to its report
 * @c: the run; its result taken when @c->result is set
 *
 * Return: the exit code.
 */
int replay_cli_trace(struct replay_cli *c)
{
	cmd_last_error[0] = '\0';
	return cmd_run_trace(&c->common, c->path, &replay_ops, c);
}
