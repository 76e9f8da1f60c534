// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay diff [OPTIONS] TRACE.dat: do the live monitors' verdicts in a
 * trace (rvreplay.ko's rvreplay:error_<monitor>, the kernel's
 * rv:error_<monitor>) equal the replay's? Prints each verdict as matched,
 * live only or replay only, every difference with its context and, when a
 * documented divergence explains it, which one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "cmd.h"
#include "cmd_options.h"
#include "diff.h"
#include "escape.h"
#include "explain.h"
#include "gate.h"
#include "report.h"

#define LINE_LEN	1024

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

static void print_record(const char *label, struct trace_input *in, const struct trace_ref *ref)
{
	char line[LINE_LEN];

	trace_input_format(in, ref, line, sizeof(line));
	printf("  %-9s %s\n", label, line + strspn(line, " "));
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
static void print_da_step(const char *label, const struct rv_automaton *a,
			  const struct diff_step *s)
{
	char state[ESCAPE_LEN(64)], event[ESCAPE_LEN(64)], next[ESCAPE_LEN(64)];

	printf("  %-9s %s x %s -> %s\n", label,
	       escape(bit_name(s->states, a->nr_states, a->state_name), state, sizeof(state)),
	       escape(bit_name(s->atoms, a->nr_atoms, a->atom_name), event, sizeof(event)),
	       escape(bit_name(s->next, a->nr_states, a->state_name), next, sizeof(next)));
}

static void print_step(const char *label, const struct rv_monitor *m, bool has,
		       const struct diff_step *s)
{
	const struct rv_automaton *a = m->automaton;
	char states[64], next[64], atoms[EXPLAIN_LEN];
	size_t n = 0;

	if (!has) {
		printf("  %-9s no step\n", label);
		return;
	}
	if (automaton(m)) {
		print_da_step(label, a, s);
		return;
	}
	atoms[0] = '\0';
	for (unsigned int i = 0; i < a->nr_atoms && n < sizeof(atoms); i++)
		if (s->atoms >> i & 1)
			n += snprintf(atoms + n, sizeof(atoms) - n, "%s%s", n ? "," : "",
				      rv_atom_name(a, i));
	bitmap_list(s->states, states, sizeof(states));
	bitmap_list(s->next, next, sizeof(next));
	printf("  %-9s (%s) x (%s) -> (%s)\n", label, states, atoms, next);
}

static void print_divergence(const struct diff_cli *c, const struct diff_divergence *d,
			     const char *label)
{
	const struct rv_monitor *m = c->opts.replay.monitors[d->monitor];
	char ts[32];

	time_text(&c->common.times, d->at.ts, ts, sizeof(ts));
	printf("  %-9s the instances went apart at %s (CPU %d)%s\n", label, ts, d->at.cpu,
	       d->until ? "" : " and stayed apart");
	print_step("  live:", m, d->live_has, &d->live);
	print_step("  replay:", m, d->replay_has, &d->replay);
}

static void print_entry(const struct diff_cli *c, struct trace_input *in,
			const struct diff_entry *e)
{
	static const char *const side[] = { "matched", "live only", "replay only" };
	const struct rv_monitor *m = c->opts.replay.monitors[e->monitor];
	const struct verdict *v = e->verdict;
	const struct diff_live *l = e->live;
	char ts[32], buf[LINE_LEN], atoms[EXPLAIN_LEN], states[64], comm[ESCAPE_LEN(TRACE_COMM_LEN)];

	time_text(&c->common.times, e->at.ts, ts, sizeof(ts));
	/* a DA's live record names no comm: the replay's, else the pid alone */
	printf("%-11s %-9s %-16s %s %-7d CPU %d at %s\n", side[e->side], m->name,
	       escape(v ? v->comm : l->comm[0] ? l->comm : "-", comm, sizeof(comm)),
	       instance_word(m), e->pid, e->at.cpu, ts);
	if (e->side == DIFF_MATCHED)
		return;
	if (l) {
		print_record("live:", in, &l->ref);
		if (l->tied)
			print_record("event:", in, &l->at_ref);
		else if (l->timeout)
			printf("  %-9s none: a clock ran out (the kernel's timer, or the module's "
			       "disabling)\n", "event:");
		else
			printf("  %-9s no record of this task before it on CPU %d\n", "event:",
			       l->ref.cpu);
	}
	if (v) {
		explain_why(v, c->arch, buf, sizeof(buf));
		printf("  %-9s %s\n", "why:", buf);
		print_record("event:", in, &v->event_ref);
		if (automaton(m)) {
			printf("  %-9s event %s not expected in the state %s%s\n", "replay:",
			       explain_da_event(v), explain_da_state(v),
			       v->kind == RV_VIOLATION_CONSTRAINT ? " (its clock)" : "");
		} else {
			explain_atoms(v, atoms, sizeof(atoms));
			explain_states(v->states_before, states, sizeof(states));
			printf("  %-9s states %s -> none with atoms %s\n", "replay:", states,
			       atoms[0] ? atoms : "(none)");
		}
	}
	if (e->divergence)
		print_divergence(c, e->divergence, "steps:");
	if (e->why == DIFF_UNEXPLAINED)
		printf("  %-9s UNEXPLAINED: %s\n", "diff:", diff_why_text(e->why));
	else
		printf("  %-9s explained [%s]: %s\n", "diff:", diff_why_key(e->why),
		       diff_why_text(e->why));
	if (v)
		report_text_context(stdout, in, v);
	printf("\n");
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
static void print_states(const struct diff_cli *c, const struct diff_result *res)
{
	unsigned int tasks = 0;
	char ts[32];

	printf("States: %lu live steps, %lu replayed", res->live_steps, res->replay_steps);
	if (!res->nr_divergences) {
		printf(": identical\n");
		return;
	}
	for (unsigned int i = 0; i < res->nr_divergences; i++)
		tasks += first_of_task(res, i);
	printf(", %u instance%s went apart (%u times):\n", tasks, tasks == 1 ? "" : "s",
	       res->nr_divergences);
	for (unsigned int i = 0; i < res->nr_divergences; i++) {
		const struct diff_divergence *d = &res->divergences[i];

		if (!first_of_task(res, i))
			continue;
		time_text(&c->common.times, d->at.ts, ts, sizeof(ts));
		printf("  first differing step: %s %s %d at %s, CPU %d: %s [%s]\n",
		       c->opts.replay.monitors[d->monitor]->name,
		       instance_word(c->opts.replay.monitors[d->monitor]),
		       d->pid, ts, d->at.cpu,
		       d->why == DIFF_UNEXPLAINED ? "UNEXPLAINED" : "explained",
		       diff_why_key(d->why));
		print_step("  live:", c->opts.replay.monitors[d->monitor], d->live_has, &d->live);
		print_step("  replay:", c->opts.replay.monitors[d->monitor], d->replay_has,
			   &d->replay);
	}
}

static unsigned long unexplained_steps(const struct diff_result *res)
{
	unsigned long n = 0;

	for (unsigned int i = 0; i < res->nr_divergences; i++)
		n += res->divergences[i].why == DIFF_UNEXPLAINED;
	return n;
}

static void print_header(const struct diff_cli *c, struct trace_input *in,
			 const struct diff_result *res)
{
	char from[32], to[32];

	cmd_print_trace(c->path, in);
	printf("\nmonitors:");
	for (int i = 0; i < c->opts.replay.nr_monitors; i++)
		printf(" %s", c->opts.replay.monitors[i]->name);
	printf(" (profile %s, arch %s%s); live verdicts: %s\n", c->opts.replay.profile->name,
	       c->arch, c->opts.replay.infer ? ", with inference" : "",
	       !res->system[0] ? "none in the trace" :
	       !strcmp(res->system, "rv") ? "the kernel's rv:error_*" :
	       "the rvreplay module's rvreplay:error_*");
	for (unsigned int i = 0; i < res->nr_windows; i++) {
		time_text(&c->common.times, res->windows[i].from, from, sizeof(from));
		time_text(&c->common.times, res->windows[i].to, to, sizeof(to));
		printf("live monitors ran from %s to %s\n", from,
		       res->windows[i].to == UINT64_MAX ? "the end" : to);
	}
	printf("\n");
}

static void print_summary(const struct diff_cli *c, const struct diff_result *res)
{
	unsigned long differences = res->live_only + res->replay_only;

	printf("Summary: %lu live verdicts, %lu replayed: %lu matched, %lu live only, %lu replay only",
	       res->live_errors, res->replay_verdicts, res->matched, res->live_only,
	       res->replay_only);
	if (!differences) {
		printf(": all match\n");
	} else {
		printf("; %lu unexplained", res->unexplained);
		for (int w = 1; w < DIFF_NR_WHY; w++)
			if (res->by_why[w])
				printf(", %s x%lu", diff_why_key(w), res->by_why[w]);
		printf("\n");
	}
	if (res->live_timeouts)
		printf("Clocks: %lu live verdicts of a clock that ran out (event none), %lu matched "
		       "by time\n", res->live_timeouts, res->timeouts_matched);
	if (res->foreign)
		printf("  %lu live records of monitors not compared were skipped\n", res->foreign);
	if (c->opts.states)
		print_states(c, res);
	else if (res->nr_divergences)
		printf("Steps: %u divergences (%lu unexplained); --states shows where\n",
		       res->nr_divergences, unexplained_steps(res));
	if (res->nr_lost)
		printf("Lost events: %u gaps (differences after them are explained by them)\n",
		       res->nr_lost);
}

static int report(struct diff_cli *c, struct trace_input *in, const struct diff_result *res)
{
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
	print_header(c, in, res);
	for (unsigned int i = 0; i < res->nr_entries; i++)
		if (!c->common.summary || res->entries[i].side != DIFF_MATCHED)
			print_entry(c, in, &res->entries[i]);
	if (res->nr_entries && c->common.summary == false)
		printf("\n");
	print_summary(c, res);
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
