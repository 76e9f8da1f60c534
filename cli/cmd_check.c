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
#include "gate.h"
#include "escape.h"
#include "kernel_events.h"
#include "progress.h"

#define MAX_NAMES	16

static const char check_usage[] =
"usage: rvreplay check [-m MONITOR]... [--profile VERSION] [--arch ARCH] [--buffer NAME]\n"
"                      [--max-inflated SIZE] TRACE.dat\n"
"\n"
"Tell whether the monitors (default: rtapp) can judge a trace: every event\n"
"they use, how many records of it the trace has, what each monitor lacks,\n"
"and how to record it.\n"
"\n"
"  -m, --monitor NAME     rtapp (default), sleep, pagefault or wakeup; repeatable\n"
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
	const char		*names[MAX_NAMES];
	int			nr;
	bool			named;		/* a monitor by name, not only the container */
	const char		*arch;
	const char		*buffer;
	const char		*profile;
	const char		*path;
	uint64_t		max_inflated;
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

static void print_events(const struct rv_monitor *m, const struct trace_input *in,
			 const struct counts *c, const char *arch)
{
	printf("%s:\n", m->name);
	for (const struct event_need *n = catalog_needs(m); n->kind != TRACE_OTHER; n++)
		printf("  %-8s %-8s %-28s %10llu  %s\n", event_state(n, in, c, arch),
		       catalog_need_label(n), trace_kind_event(n->kind),
		       c->records.per_kind[n->kind], n->why);
}

/*
 * The trace-cmd line that records what the monitors use, once each, of the
 * events that kernel has; those its release would tell are named apart.
 */
static void trace_cmd_line(const struct gate *g, const struct trace_input *in)
{
	enum kernel_event state[TRACE_NR_KINDS];
	bool listed[TRACE_NR_KINDS] = { false };
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
	char advice[256];
	bool blind = false, fine = true;

	for (int i = 0; i < g->nr_monitors; i++) {
		const struct gate_monitor *m = &g->monitors[i];

		if (m->state == GATE_JUDGING) {
			printf("%s can judge this trace.\n", m->monitor->name);
			continue;
		}
		if (m->state == GATE_UNAVAILABLE) {
			printf("%s is unavailable on this kernel (%s): %s%s.\n", m->monitor->name,
			       g->kernel, m->why, c->named ? "" : "; the others are judged without it");
			fine &= !c->named;
			continue;
		}
		printf("%s cannot judge this trace: %s.\n", m->monitor->name, m->why);
		blind = true;
		fine = false;
	}
	if (blind) {
		gate_advice(g, advice, sizeof(advice));
		printf("Record what is missing with:\n  %s\n", advice);
		trace_cmd_line(g, in);
	}
	return fine;
}

static int parse(struct check_cli *c, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "monitor", required_argument, NULL, 'm' },
		{ "profile", required_argument, NULL, 'p' },
		{ "arch", required_argument, NULL, 'a' },
		{ "buffer", required_argument, NULL, 'b' },
		{ "max-inflated", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "m:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'm':
			if (c->nr == MAX_NAMES)
				return cmd_usage_error("rvreplay check", "too many --monitor"), -1;
			c->names[c->nr++] = optarg;
			c->named |= strcmp(optarg, "rtapp") != 0;
			break;
		case 'a':
			c->arch = optarg;
			break;
		case 'b':
			c->buffer = optarg;
			break;
		case 'p':
			c->profile = optarg;
			break;
		case 'M':
			if (cmd_parse_size(optarg, &c->max_inflated))
				return cmd_usage_error("rvreplay check", "bad --max-inflated '%s' "
						       "(1M to 1024G)", optarg), -1;
			break;
		case 'h':
			fputs(check_usage, stdout);
			return 1;
		default:
			return cmd_usage_error("rvreplay check", "unknown option '%s'",
					       argv[optind - 1]), -1;
		}
	}
	if (optind != argc - 1)
		return cmd_usage_error("rvreplay check", "give one trace file"), -1;
	c->path = argv[optind];
	return 0;
}

static void print_identity(const struct check_cli *c, const struct opened_trace *t,
			   const struct replay_options *opts)
{
	const struct trace_meta *meta = trace_input_meta(t->in);

	printf("%s: %s, %d CPUs, clock %s, trace.dat v%d, arch %s%s%s, profile %s\n", c->path,
	       meta->uname[0] ? meta->uname : "no uname", meta->cpus,
	       meta->clock[0] ? meta->clock : "unknown", meta->version, t->arch ? t->arch : "unknown",
	       t->arch_evidence[0] ? " (no uname: from " : "", t->arch_evidence[0] ? "evidence)" : "",
	       opts->profile->name);
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

	progress_begin(c->path, PROGRESS_BYTES, trace_input_meta(in)->data_bytes);
	trace_input_on_progress(in, progress_update);
	ret = trace_input_iterate(in, count, counts);
	trace_input_on_progress(in, NULL);
	progress_end();
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

/**
 * cmd_check() - rvreplay check TRACE.dat
 * @argc: argument count
 * @argv: arguments ("check" first)
 *
 * Return: the exit code.
 */
int cmd_check(int argc, char **argv)
{
	struct replay_options opts = { 0 };
	struct check_cli c = { 0 };
	struct counts counts;
	struct opened_trace t = { 0 };
	struct gate g;
	char err[TRACE_ERR_LEN];
	bool fine;
	int ret;

	memset(&counts, 0, sizeof(counts));
	ret = parse(&c, argc, argv);
	if (ret)
		return ret < 0 ? EXIT_ERROR : EXIT_CLEAN;
	/* without its architecture the trace is still counted */
	t.arch_optional = true;
	ret = cmd_open_trace(c.path, c.buffer, c.arch, c.max_inflated, &t);
	if (ret)
		return ret;
	ret = EXIT_ERROR;
	opts.profile = cmd_choose_profile(c.path, &t, c.profile);
	if (!opts.profile)
		goto out;
	if (catalog_select(c.names, c.nr, &opts, err)) {
		cmd_error(c.path, "%s", err);
		goto out;
	}
	if (count_records(&c, t.in, &counts))
		goto out;
	print_identity(&c, &t, &opts);
	for (int i = 0; i < opts.nr_monitors; i++)
		print_events(opts.monitors[i], t.in, &counts, t.arch);
	printf("lost events: %llu gap%s\n", counts.lost_gaps, counts.lost_gaps == 1 ? "" : "s");
	print_not_understood(t.in);
	if (!counts.records.events)
		printf("The trace holds no record: nothing can be judged.\n");
	if (!t.arch) {
		printf("No monitor can judge it yet: %s.\n", t.arch_problem);
		ret = EXIT_VIOLATIONS;
		goto out;
	}
	gate_before(&g, &opts, t.in, t.arch);
	gate_after(&g, &counts.records);
	fine = verdicts(&c, &g, t.in) && counts.records.events;
	ret = fine ? EXIT_CLEAN : EXIT_VIOLATIONS;
out:
	trace_input_close(t.in);
	return ret;
}
