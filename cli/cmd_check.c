// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay check TRACE.dat: does the trace hold what the monitors need,
 * and if not, which events are missing and how to record them.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "cmd.h"
#include "progress.h"

#define MAX_NAMES	16

static const char check_usage[] =
"usage: rvreplay check [-m MONITOR]... [--profile VERSION] [--arch ARCH] [--buffer NAME]\n"
"                      TRACE.dat\n"
"\n"
"Tell whether a trace holds the events the monitors need (default: rtapp),\n"
"how many records of each it has, and how to record the missing ones.\n"
"\n"
"  -m, --monitor NAME     rtapp (default), sleep, pagefault or wakeup; repeatable\n"
"      --profile VERSION  the kernel's monitors: 6.17, 7.1 or 7.3 (default: from\n"
"                         the trace's kernel release)\n"
"      --arch ARCH        the trace's architecture (default: from the trace)\n"
"      --buffer NAME      check this buffer instance (default: the top one)\n"
"  -h, --help             print this help\n"
"\n"
"Exit status: 0 all required events present, 1 some missing, 2 error.\n";

struct counts {
	unsigned long long	per_kind[TRACE_NR_KINDS];
	unsigned long long	lost_gaps;
};

static int count(void *data, const struct trace_record *rec)
{
	struct counts *c = data;

	c->per_kind[rec->kind]++;
	c->lost_gaps += rec->missed != 0;
	return 0;
}

/*
 * Required events with a format but no record, comma-separated in @buf:
 * trace-cmd extract saves the formats of events it never recorded.
 */
static int list_unrecorded(const struct replay_options *opts, const struct trace_input *in,
			   const struct counts *c, char *buf, size_t len)
{
	bool listed[TRACE_NR_KINDS] = { false };
	size_t used = 0;
	int nr = 0;

	buf[0] = '\0';
	for (int i = 0; i < opts->nr_monitors; i++) {
		for (const struct event_need *n = catalog_needs(opts->monitors[i]);
		     n->kind != TRACE_OTHER; n++) {
			if (!n->required || !trace_input_has(in, n->kind) || c->per_kind[n->kind] ||
			    listed[n->kind] || used >= len)
				continue;
			listed[n->kind] = true;
			used += snprintf(buf + used, len - used, "%s%s", nr++ ? ", " : "",
					 trace_kind_event(n->kind));
		}
	}
	return nr;
}

static bool check_monitor(const struct rv_monitor *m, const struct trace_input *in,
			  const struct counts *c)
{
	bool complete = true;

	printf("%s:\n", m->name);
	for (const struct event_need *n = catalog_needs(m); n->kind != TRACE_OTHER; n++) {
		const char *state = "ok";

		if (!trace_input_has(in, n->kind)) {
			state = n->required ? "MISSING" : "absent";
			complete &= !n->required;
		} else if (!c->per_kind[n->kind]) {
			state = "empty";
		}
		printf("  %-8s %-8s %-28s %10llu  %s\n", state, n->required ? "required" : "optional",
		       trace_kind_event(n->kind), c->per_kind[n->kind], n->why);
	}
	return complete;
}

static void trace_cmd_line(const struct replay_options *opts)
{
	printf("  or: trace-cmd record");
	for (int i = 0; i < opts->nr_monitors; i++)
		for (const struct event_need *n = catalog_needs(opts->monitors[i]);
		     n->kind != TRACE_OTHER; n++)
			printf(" -e %s", trace_kind_event(n->kind));
	printf(" COMMAND\n");
}

static int parse(int argc, char **argv, const char **names, int *nr, const char **arch,
		 const char **buffer, const char **profile)
{
	static const struct option longopts[] = {
		{ "monitor", required_argument, NULL, 'm' },
		{ "profile", required_argument, NULL, 'p' },
		{ "arch", required_argument, NULL, 'a' },
		{ "buffer", required_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "m:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'm':
			if (*nr == MAX_NAMES)
				return cmd_usage_error("rvreplay check", "too many --monitor"), -1;
			names[(*nr)++] = optarg;
			break;
		case 'a':
			*arch = optarg;
			break;
		case 'b':
			*buffer = optarg;
			break;
		case 'p':
			*profile = optarg;
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
	const char *names[MAX_NAMES], *arch = NULL, *buffer = NULL, *profile = NULL;
	struct replay_options opts = { 0 };
	struct counts counts;
	const struct trace_meta *meta;
	struct opened_trace t;
	char err[TRACE_ERR_LEN], cmd[256], unrecorded[512];
	bool complete = true;
	int nr = 0, ret;

	memset(&counts, 0, sizeof(counts));
	ret = parse(argc, argv, names, &nr, &arch, &buffer, &profile);
	if (ret)
		return ret < 0 ? EXIT_ERROR : EXIT_CLEAN;
	ret = cmd_open_trace(argv[optind], buffer, arch, &t);
	if (ret)
		return ret;
	opts.profile = cmd_choose_profile(argv[optind], &t, profile);
	if (!opts.profile || catalog_select(names, nr, &opts, err)) {
		if (opts.profile)
			cmd_error(argv[optind], "%s", err);
		trace_input_close(t.in);
		return EXIT_ERROR;
	}
	progress_begin(argv[optind], PROGRESS_BYTES, trace_input_meta(t.in)->data_bytes);
	trace_input_on_progress(t.in, progress_update);
	trace_input_iterate(t.in, count, &counts);
	trace_input_on_progress(t.in, NULL);
	progress_end();
	meta = trace_input_meta(t.in);
	printf("%s: %s, %d CPUs, clock %s, trace.dat v%d, arch %s, profile %s\n", argv[optind],
	       meta->uname, meta->cpus, meta->clock, meta->version, t.arch, opts.profile->name);
	for (int i = 0; i < opts.nr_monitors; i++)
		complete &= check_monitor(opts.monitors[i], t.in, &counts);
	printf("lost events: %llu gap%s\n", counts.lost_gaps, counts.lost_gaps == 1 ? "" : "s");
	if (complete) {
		printf("The trace holds every event the monitors need.\n");
		if (list_unrecorded(&opts, t.in, &counts, unrecorded, sizeof(unrecorded)))
			printf("But no record of: %s (were they enabled when recording?)\n",
			       unrecorded);
	} else {
		catalog_record_command(&opts, cmd, sizeof(cmd));
		printf("Required events are missing. Record them with:\n  %s\n", cmd);
		trace_cmd_line(&opts);
	}
	trace_input_close(t.in);
	return complete ? EXIT_CLEAN : EXIT_VIOLATIONS;
}
