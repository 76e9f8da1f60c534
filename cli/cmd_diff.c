// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay diff [OPTIONS] TRACE.dat: do the live monitors' verdicts in a
 * trace (rvreplay.ko's rvreplay:error_<monitor>, the kernel's
 * rv:error_<monitor>) equal the replay's? Here the options, the monitors
 * compared, the checks before a report and the exit code; diff/ finds the
 * differences, report/diff_report.c words them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "cmd.h"
#include "cmd_options.h"
#include "diff.h"
#include "diff_report.h"
#include "gate.h"

struct diff_cli {
	struct cmd_options	common;
	char			trace_names[128];
	char			trace_params[128];
	struct diff_options	opts;
	const char		*arch;		/* the trace's, settled */
	const char		*path;
	struct gate		gate;
};

static const char usage_text[] =
"usage: rvreplay diff [OPTIONS] TRACE.dat\n"
"\n"
"Replay a trace and compare the replay's verdicts with the live ones it\n"
"holds: rvreplay:error_<monitor> of the rvreplay kernel module, or\n"
"rv:error_<monitor> of the kernel's own monitors (and error_env_<monitor>\n"
"of a hybrid automaton). Each live error is tied to the record that\n"
"triggered it (the latest earlier record on its CPU that the monitor\n"
"handles for that task, or for a per-CPU monitor any record it handles).\n"
"Differences are shown with their context and, when one applies, the\n"
"documented divergence that explains them.\n"
"\n"
"  -m, --monitor NAME      the monitors to compare (default: those the module\n"
"                          ran, as the trace says, else rtapp); repeatable\n"
"      --spec FILE         a rule (rvreplay-spec(5)), compared with the verdicts of\n"
"                          the monitor spec export made of it (rv:error_NAME);\n"
"                          alone, without -m, it is all that is compared\n"
"      --states            also compare every step (event_<monitor> records)\n"
"                          and name the first differing one of each task\n"
"      --infer             replay with the inferences for tasks older than the\n"
"                          trace (a live monitor makes none: off by default)\n"
"      --strict-start      a failed start is a violation (beyond the kernel)\n"
"      --kthread-comms     take kworker/..., rcu... to be kernel threads\n"
"      --lost-events=MODE  reset (default), ignore or fail at lost events\n"
"      --damaged=MODE      fail (default) or report: data the reader cannot read\n"
"      --context N         events shown per difference (default 8)\n"
"      --ts UNIT           times in us (default, as trace-cmd report), ns or rel\n"
"      --hz N              the traced kernel's CONFIG_HZ (stall's clock counts jiffies;\n"
"                          default: the module's line)\n"
"      --param M.NAME=V    a monitor's parameter: stall.threshold_jiffies (default:\n"
"                          the module's line, else 1000)\n"
"      --profile VERSION   the monitors' kernel version: 6.17, 7.1 or 7.3\n"
"      --arch ARCH         the trace's architecture (default: from the trace)\n"
"      --buffer NAME       compare this buffer instance (default: the top one)\n"
"      --max-inflated SIZE\n"
"                          the most the trace may make rvreplay hold in memory\n"
"                          at once (default 128M; see rvreplay(1))\n"
"  -s, --summary           no line per matched verdict\n"
"  -q, --quiet             print nothing but errors; the exit code tells\n"
"  -h, --help              print this help\n"
"\n"
"Exit status: 0 every verdict (and with --states every step) matches,\n"
"1 differences, 2 error, or nothing to compare (no sign of a live monitor).\n";

enum { OPT_STATES = 256, OPT_INFER };

static const struct option longopts[] = {
	CMD_TRACE_LONGOPTS,
	CMD_REPLAY_LONGOPTS,
	{ "states", no_argument, NULL, OPT_STATES },
	{ "infer", no_argument, NULL, OPT_INFER },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* diff's own options. Return: 0 to go on, 1 when done (help). */
static int parse_option(void *cli, int opt, const char *arg)
{
	struct diff_cli *c = cli;

	switch (opt) {
	case OPT_STATES:
		c->opts.states = true;
		return 0;
	case OPT_INFER:
		c->opts.replay.infer = true;
		return 0;
	default:
		fputs(usage_text, stdout);
		return 1;
	}
}

static int parse(struct diff_cli *c, int argc, char **argv)
{
	int ret;

	c->opts.replay.context = 8;
	c->opts.replay.infer = false;
	c->common.command = "rvreplay diff";
	c->common.replay = &c->opts.replay;
	ret = cmd_options_getopt(&c->common, argc, argv, "m:sqh", longopts, parse_option, c);
	if (ret)
		return ret;
	if (optind != argc - 1)
		return cmd_usage_error("rvreplay diff", optind == argc ? "no trace file given" :
				       "one trace file at a time"), -1;
	c->path = argv[optind];
	return 0;
}

/* Which monitors are compared: without a word from the module, those that can judge. */
static int gate(struct diff_cli *c, struct opened_trace *t, bool told)
{
	struct gate_monitor *m;

	gate_before(&c->gate, &c->opts.replay, t->in, t->arch);
	for (int i = 0; i < c->gate.nr_monitors; i++) {
		m = &c->gate.monitors[i];
		if (m->state == GATE_JUDGING)
			continue;
		if (told) {
			cmd_error(c->path, "%s cannot be compared: %s", m->monitor->name, m->why);
			return EXIT_ERROR;
		}
		cmd_notice(c->path, "%s not compared: %s", m->monitor->name, m->why);
	}
	gate_keep_judging(&c->gate, &c->opts.replay);
	if (!c->opts.replay.nr_monitors) {
		cmd_error(c->path, "no monitor can be compared on this trace");
		return EXIT_ERROR;
	}
	return 0;
}

static bool selected(const struct replay_options *r, const char *name)
{
	for (int i = 0; i < r->nr_monitors; i++)
		if (!strcmp(r->monitors[i]->name, name))
			return true;
	return false;
}

/*
 * The parameters the module ran the selected monitors with
 * ("stall.threshold_jiffies=2,..."), before those of --param, which
 * override them. Return: 0, or EXIT_ERROR.
 */
static int trace_params(struct diff_cli *c)
{
	struct replay_options *r = &c->opts.replay;
	struct param_setting given[MAX_PARAM_SETTINGS], one;
	int nr_given = r->nr_settings;
	char err[TRACE_ERR_LEN], *save = NULL, *tok;

	memcpy(given, r->settings, sizeof(given));
	r->nr_settings = 0;
	for (tok = strtok_r(c->trace_params, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (params_parse(tok, &one) || r->nr_settings + nr_given >= MAX_PARAM_SETTINGS) {
			cmd_error(c->path, "the module's parameters cannot be read: %s", tok);
			return EXIT_ERROR;
		}
		if (selected(r, one.monitor))
			r->settings[r->nr_settings++] = one;
	}
	memcpy(r->settings + r->nr_settings, given, nr_given * sizeof(given[0]));
	r->nr_settings += nr_given;
	if (params_resolve(r, err)) {
		cmd_error(c->path, "the module's parameters: %s", err);
		return EXIT_ERROR;
	}
	return 0;
}

/* The monitors: -m and --spec, else what the module wrote it ran, else rtapp. */
static int select_monitors(void *cli, struct opened_trace *t)
{
	struct diff_cli *c = cli;
	char err[TRACE_ERR_LEN], *save = NULL, *tok;
	const char *names[CMD_MAX_NAMES];
	int nr = 0, found, ret;

	found = diff_monitors_of_trace(t->in, c->trace_names, sizeof(c->trace_names),
				       c->trace_params, sizeof(c->trace_params));
	if (found < 0) {
		cmd_error(c->path, "out of memory reading the trace");
		return EXIT_ERROR;
	}
	if (c->common.nr_names || c->common.nr_rules) {
		if (catalog_select(c->common.names, c->common.nr_names, c->common.rules,
				   c->common.nr_rules, &c->opts.replay, err))
			return cmd_usage_error("rvreplay diff", "%s", err);
		ret = trace_params(c);
		return ret ? ret : gate(c, t, true);
	}
	for (tok = strtok_r(c->trace_names, ",", &save); tok && nr < CMD_MAX_NAMES;
	     tok = strtok_r(NULL, ",", &save))
		names[nr++] = tok;
	if (catalog_select(names, nr, NULL, 0, &c->opts.replay, err)) {
		cmd_error(c->path, "the module ran monitors this profile lacks: %s", err);
		return EXIT_ERROR;
	}
	ret = trace_params(c);
	return ret ? ret : gate(c, t, found);
}

/* The report, unless -q; the exit code: differences (with --states, of steps too), or none. */
static int report(struct diff_cli *c, struct trace_input *in, const struct diff_result *res)
{
	const struct diff_report rep = {
		.out		= stdout,
		.opts		= &c->opts,
		.times		= &c->common.times,
		.arch		= c->arch,
		.summary	= c->common.summary,
	};
	bool differ = res->live_only || res->replay_only;

	if (c->opts.states && !trace_input_has(in, TRACE_RV_EVENT)) {
		cmd_error(c->path, "--states: the trace has no live steps (record the events "
			  "rvreplay:event_<monitor> or rv:event_<monitor> too)");
		return EXIT_ERROR;
	}
	if (c->opts.states && res->nr_divergences)
		differ = true;
	if (c->common.quiet)
		return differ ? EXIT_VIOLATIONS : EXIT_CLEAN;
	cmd_print_trace(c->path, in);
	diff_report_print(&rep, in, res);
	if (!trace_input_has(in, TRACE_RV_ERROR))
		cmd_warning(c->path, "the trace cannot hold live verdicts: no error_<monitor> "
			    "event was recorded");
	return differ ? EXIT_VIOLATIONS : EXIT_CLEAN;
}

/*
 * Without proof that a live monitor ran there is nothing to compare: the
 * module's enabled line, a live record, or a list of enabled events that
 * names a live error_<monitor>. (A format of rv:error_* proves nothing:
 * trace-cmd extract saves every format.)
 */
static int live_proof(const struct diff_cli *c, const struct diff_result *res)
{
	if (res->nr_windows || res->live_errors || res->live_steps || res->foreign ||
	    res->stats.counts.live_listed)
		return 0;
	cmd_error(c->path, "nothing to compare: no sign that a live monitor ran (no rvreplay-kmod "
		  "line, no error_ or event_ record of rv or rvreplay, no list of enabled events "
		  "naming one)");
	return EXIT_ERROR;
}

/* What the replay pass says of the records: an event not recorded, or none at all. */
static int judged(struct diff_cli *c, const struct diff_result *res)
{
	if (cmd_gate_counts(c->path, &c->gate, &res->stats.counts))
		return EXIT_ERROR;
	for (int i = 0; i < c->gate.nr_monitors; i++) {
		if (c->gate.monitors[i].state != GATE_BLIND)
			continue;
		cmd_error(c->path, "%s cannot be compared: %s", c->gate.monitors[i].monitor->name,
			  c->gate.monitors[i].why);
		return EXIT_ERROR;
	}
	return 0;
}

/* The trace's architecture, for what is printed; the replay's system calls. */
static int diff_opened(void *cli, struct opened_trace *t)
{
	struct diff_cli *c = cli;

	c->arch = t->arch;
	c->opts.replay.syscalls = t->syscalls;
	return 0;
}

/* The replay beside the live verdicts, and what differs. */
static int diff_trace(void *cli, struct opened_trace *t)
{
	struct diff_cli *c = cli;
	struct diff_result res = { 0 };
	char err[TRACE_ERR_LEN];
	int ret;

	if (diff_run(t->in, &c->opts, &res, err)) {
		cmd_error(c->path, "%s", err);
		diff_release(&res);
		return EXIT_ERROR;
	}
	ret = judged(c, &res);
	if (!ret)
		ret = live_proof(c, &res);
	if (!ret)
		ret = report(c, t->in, &res);
	if (cmd_flush_stdout())
		ret = EXIT_ERROR;
	diff_release(&res);
	return ret;
}

static const struct cmd_trace_ops diff_ops = {
	.opened	= diff_opened,
	.select	= select_monitors,
	.run	= diff_trace,
};

/**
 * cmd_diff() - rvreplay diff [OPTIONS] TRACE.dat
 * @argc: argument count
 * @argv: arguments, argv[0] being "diff"
 *
 * Return: the exit code: 0 all match, 1 differences, 2 error.
 */
int cmd_diff(int argc, char **argv)
{
	struct diff_cli c = { 0 };
	int ret;

	ret = parse(&c, argc, argv);
	if (ret)
		return ret < 0 ? EXIT_ERROR : EXIT_CLEAN;
	return cmd_run_trace(&c.common, c.path, &diff_ops, &c);
}
