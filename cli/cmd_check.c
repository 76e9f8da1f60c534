// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay check TRACE.dat: can the monitors judge this trace? Every event
 * each one uses, with its records counted, then for each monitor the
 * gate's answer (engine/gate.c: the same rules as a replay's), and how to
 * record what is missing on that trace's kernel.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "catalog.h"
#include "cmd.h"
#include "cmd_options.h"
#include "gate.h"
#include "escape.h"
#include "kernel_events.h"

static const char check_usage[] =
"usage: rvreplay check [-m MONITOR]... [--spec FILE]... [--profile VERSION] [--arch ARCH]\n"
"                      [--buffer NAME] [--max-inflated SIZE] TRACE.dat\n"
"\n"
"Tell whether the monitors (default: rtapp) can judge a trace: every event\n"
"they use, how many records of it the trace has, what each monitor lacks,\n"
"and how to record it.\n"
"\n"
"  -m, --monitor NAME     rtapp (default), sleep, pagefault, wakeup, wwnr or stall;\n"
"                         repeatable\n"
"      --spec FILE        a rule of your own (rvreplay-spec(5)); repeatable\n"
"      --hz N             the traced kernel's CONFIG_HZ (stall)\n"
"      --param M.NAME=V   a monitor's parameter (stall.threshold_jiffies)\n"
"      --profile VERSION  the kernel's monitors: 6.17, 7.1 or 7.3 (default: from\n"
"                         the trace's kernel release)\n"
"      --arch ARCH        the trace's architecture (default: from the trace)\n"
"      --buffer NAME      check this buffer instance (default: the top one)\n"
"      --max-inflated SIZE\n"
"                         the most the trace may make rvreplay hold in memory\n"
"                         at once (default 128M; see rvreplay(1))\n"
"  -h, --help             print this help\n"
"\n"
"Exit status: 0 every monitor asked for can judge the trace, 1 some cannot\n"
"(which, and how to record what they lack, is printed), 2 unreadable or\n"
"damaged trace, or usage error.\n";

struct check_cli {
	struct cmd_options	common;
	struct replay_options	opts;		/* the profile and monitors */
	const char		*path;
};

struct counts {
	struct record_counts	records;
	unsigned long long	lost_gaps;
};

static int count(void *data, const struct trace_record *rec)
{
	struct counts *c = data;

	gate_count(&c->records, rec);
	c->lost_gaps += rec->missed != 0;
	return 0;
}

static const char *event_state(const struct event_need *n, const struct trace_input *in,
			       const struct counts *c, const char *arch)
{
	char why[200];

	if (!trace_input_has(in, n->kind))
		return kernel_event_state(in, arch, n->kind, why, sizeof(why)) ==
		       KERNEL_EVENT_LACKS ? "nokernel" : n->required ? "MISSING" : "absent";
	if (c->records.listed && !c->records.enabled[n->kind])
		return n->required ? "MISSING" : "absent";
	return c->records.per_kind[n->kind] ? "ok" : "empty";
}

/* A rule's events of their own systems: required, read by its bindings. */
static void print_rule_events(const struct rv_monitor *m, const struct trace_input *in,
			      const struct counts *c)
{
	for (const char *const *e = m->trace_events; e && *e; e++) {
		int k = trace_user_find_full(*e);
		unsigned long long n = k >= 0 ? c->records.per_user[k] : 0;
		char name[ESCAPE_LEN(2 * TRACE_USER_NAME_LEN)];

		printf("  %-8s %-8s %-28s %10llu  %s\n", !trace_input_user_has(in, k, -1) ?
		       "MISSING" : n ? "ok" : "empty", "required",
		       escape(*e, name, sizeof(name)), n, "its bindings");
	}
}

static void print_events(const struct rv_monitor *m, const struct trace_input *in,
			 const struct counts *c, const char *arch)
{
	printf("%s:\n", m->name);
	for (const struct event_need *n = catalog_needs(m); n->kind != TRACE_OTHER; n++)
		printf("  %-8s %-8s %-28s %10llu  %s\n", event_state(n, in, c, arch),
		       catalog_need_label(n), trace_kind_event(n->kind),
		       c->records.per_kind[n->kind], n->why);
	print_rule_events(m, in, c);
}

/*
 * The trace-cmd line that records what the monitors use, once each, of the
 * events that kernel has; those its release would tell are named apart.
 */
static void trace_cmd_line(const struct gate *g, const struct trace_input *in)
{
	enum kernel_event state[TRACE_NR_KINDS];
	bool listed[TRACE_NR_KINDS] = { false };
	char name[ESCAPE_LEN(2 * TRACE_USER_NAME_LEN)];
	char why[200];
	int maybe = 0;

	for (int i = 0; i < g->nr_monitors; i++) {
		if (g->monitors[i].state == GATE_UNAVAILABLE)
			continue;
		for (const struct event_need *n = catalog_needs(g->monitors[i].monitor);
		     n->kind != TRACE_OTHER; n++) {
			if (listed[n->kind] || n->context)
				continue;
			listed[n->kind] = true;
			state[n->kind] = kernel_event_state(in, g->arch, n->kind, why, sizeof(why));
			maybe += state[n->kind] == KERNEL_EVENT_MAY;
		}
	}
	printf("  or: trace-cmd record");
	for (int k = 0; k < TRACE_NR_KINDS; k++)
		if (listed[k] && state[k] == KERNEL_EVENT_HAS)
			printf(" -e %s", trace_kind_event(k));
	for (int i = 0; i < g->nr_monitors; i++)
		for (const char *const *e = g->monitors[i].monitor->trace_events;
		     g->monitors[i].state != GATE_UNAVAILABLE && e && *e; e++)
			printf(" -e %s", escape(*e, name, sizeof(name)));
	printf(" COMMAND\n");
	if (!maybe)
		return;
	printf("  (and, if the kernel has them: its release is not in the trace:");
	for (int k = 0; k < TRACE_NR_KINDS; k++)
		if (listed[k] && state[k] == KERNEL_EVENT_MAY)
			printf(" -e %s", trace_kind_event(k));
	printf(")\n");
}

/* Each monitor's answer; returns whether every one asked for can judge. */
static bool verdicts(const struct check_cli *c, const struct gate *g, const struct trace_input *in)
{
	char advice[256], shown[ESCAPE_LEN(sizeof(advice))];
	bool blind = false, fine = true;

	for (int i = 0; i < g->nr_monitors; i++) {
		const struct gate_monitor *m = &g->monitors[i];

		if (m->state == GATE_JUDGING) {
			printf("%s can judge this trace.\n", m->monitor->name);
			continue;
		}
		if (m->state == GATE_UNAVAILABLE) {
			printf("%s is unavailable on this kernel (%s): %s%s.\n", m->monitor->name,
			       g->kernel, m->why,
			       c->common.named ? "" : "; the others are judged without it");
			fine &= !c->common.named;
			continue;
		}
		printf("%s cannot judge this trace: %s.\n", m->monitor->name, m->why);
		blind = true;
		fine = false;
	}
	if (blind) {
		gate_advice(g, advice, sizeof(advice));
		printf("Record what is missing with:\n  %s\n", escape(advice, shown, sizeof(shown)));
		trace_cmd_line(g, in);
	}
	return fine;
}

/* Only --help is check's own. */
static int parse_option(void *cli, int opt, const char *arg)
{
	fputs(check_usage, stdout);
	return 1;
}

static int parse(struct check_cli *c, int argc, char **argv)
{
	static const struct option longopts[] = {
		CMD_TRACE_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int ret;

	c->common.command = "rvreplay check";
	c->common.replay = &c->opts;
	ret = cmd_options_getopt(&c->common, argc, argv, "m:h", longopts, parse_option, c);
	if (ret)
		return ret;
	if (optind != argc - 1)
		return cmd_usage_error("rvreplay check", "give one trace file"), -1;
	c->path = argv[optind];
	return 0;
}

static void print_identity(const struct check_cli *c, const struct opened_trace *t,
			   const struct replay_options *opts)
{
	cmd_print_trace(c->path, t->in);
	printf(", trace.dat v%d, arch %s%s%s, profile %s\n", trace_input_meta(t->in)->version,
	       t->arch ? t->arch : "unknown", t->arch_evidence[0] ? " (no uname: from " : "",
	       t->arch_evidence[0] ? "evidence)" : "", opts->profile->name);
}

/*
 * The event formats libtraceevent must not be given, when there are: none
 * is needed, or the trace would not have opened.
 */
static void print_not_understood(const struct trace_input *in)
{
	const struct not_understood_format *formats;
	int nr = trace_input_not_understood(in, &formats);
	char label[2 * NOT_UNDERSTOOD_LABEL];

	if (!nr)
		return;
	printf("event formats: %d not understood, none needed (", nr);
	for (int i = 0; i < nr && i < 3; i++)
		printf("%s%s", i ? ", " : "", escape(formats[i].label, label, sizeof(label)));
	printf("%s: %s)\n", nr > 3 ? ", ..." : "", formats[0].why);
}

/* The records, counted; a damaged trace is told and is an error. */
static int count_records(const struct check_cli *c, struct trace_input *in, struct counts *counts)
{
	char err[TRACE_ERR_LEN];
	struct trace_damage d;
	int ret;

	cmd_progress_watch(c->path, in);
	ret = trace_input_iterate(in, count, counts);
	cmd_progress_unwatch(in);
	if (ret < 0) {
		cmd_error(c->path, "out of memory reading the trace");
		return EXIT_ERROR;
	}
	if (trace_input_stopped_at_limit(in, err)) {
		cmd_error(c->path, "%s", err);
		return EXIT_ERROR;
	}
	if (trace_input_damages(in, &d, 1)) {
		cmd_error(c->path, "CPU %d: %s at offset %llu: the records after it cannot be read "
			  "(rvreplay --damaged=report replays the rest)", d.cpu, d.what,
			  (unsigned long long)d.offset);
		return EXIT_ERROR;
	}
	return 0;
}

/* The counts, the events of each monitor, and each one's answer. */
static int check_trace(void *cli, struct opened_trace *t)
{
	struct check_cli *c = cli;
	struct counts counts;
	struct gate g;
	bool fine;

	memset(&counts, 0, sizeof(counts));
	if (count_records(c, t->in, &counts))
		return EXIT_ERROR;
	print_identity(c, t, &c->opts);
	for (int i = 0; i < c->opts.nr_monitors; i++)
		print_events(c->opts.monitors[i], t->in, &counts, t->arch);
	printf("lost events: %llu gap%s\n", counts.lost_gaps, counts.lost_gaps == 1 ? "" : "s");
	print_not_understood(t->in);
	if (!counts.records.events)
		printf("The trace holds no record: nothing can be judged.\n");
	if (!t->arch) {
		printf("No monitor can judge it yet: %s.\n", t->arch_problem);
		return EXIT_VIOLATIONS;
	}
	gate_before(&g, &c->opts, t->in, t->arch);
	gate_after(&g, &counts.records);
	fine = verdicts(c, &g, t->in) && counts.records.events;
	return fine ? EXIT_CLEAN : EXIT_VIOLATIONS;
}

/* without its architecture the trace is still counted */
static const struct cmd_trace_ops check_ops = {
	.arch_optional	= true,
	.run		= check_trace,
};

/**
 * cmd_check() - rvreplay check TRACE.dat
 * @argc: argument count
 * @argv: arguments ("check" first)
 *
 * Return: the exit code.
 */
int cmd_check(int argc, char **argv)
{
	struct check_cli c = { 0 };
	int ret;

	ret = parse(&c, argc, argv);
	if (ret)
		return ret < 0 ? EXIT_ERROR : EXIT_CLEAN;
	return cmd_run_trace(&c.common, c.path, &check_ops, &c);
}
