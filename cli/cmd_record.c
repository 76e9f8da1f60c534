// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay record [-m MONITORS] [-o trace.dat] [-b KB] [-d SECONDS]
 *                 [-- COMMAND ARGS...]
 * Record exactly the events the monitors need (the table rvreplay list
 * prints), with the task metadata the replay uses, into a trace.dat.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include "catalog.h"
#include "cmd.h"
#include "cmd_options.h"
#include "output_file.h"
#include "progress.h"
#include "record.h"
#include "record_events.h"


static const char record_usage[] =
"usage: rvreplay record [-m MONITOR]... [--spec FILE]... [--profile VERSION] [-o FILE] [-b KB]\n"
"                       [-d SECONDS] [--no-kallsyms] [--context-events] [-q]\n"
"                       [-- COMMAND [ARGS...]]\n"
"\n"
"Record the events the monitors need (default: rtapp) in a dedicated tracefs\n"
"instance, with the metadata of every task, while COMMAND runs (or until\n"
"SIGINT, or for SECONDS). The top-level tracing instance is never touched;\n"
"the instance is removed at the end, on error and on signals.\n"
"\n"
"  -m, --monitor NAME   rtapp (default), sleep, pagefault or wakeup; repeatable\n"
"      --spec FILE      also the events a rule of your own needs (rvreplay-spec(5))\n"
"      --profile V      the monitors of kernel version V (default: this kernel's)\n"
"  -o, --output FILE    the trace (default trace.dat), written whole or not at all\n"
"  -b, --buffer-kb KB   ring buffer per CPU (default 4096)\n"
"  -d, --duration S     stop after S seconds\n"
"      --no-kallsyms    do not store /proc/kallsyms (smaller; no kernel symbols)\n"
"      --context-events also the events the reports only tell from (irq:irq_handler_*,\n"
"                       irq:softirq_*: the interrupts that delayed or woke a task)\n"
"  -q, --quiet          no summary at the end\n"
"  -h, --help           print this help\n"
"\n"
"Exit status: 0 the trace was written (whatever COMMAND's status), 2 error.\n";

struct record_cli {
	struct cmd_options	common;		/* -m, --profile, -q */
	bool			context_events;
	struct record_options	o;
};

/* record's own options. Return: 0 to go on, -1 on a usage error, 1 when done (help). */
static int parse_option(void *cli, int opt, const char *arg)
{
	struct record_cli *c = cli;

	switch (opt) {
	case 'o':
		c->o.output = arg;
		return 0;
	case 'b':
		if (cmd_parse_uint(arg, 1 << 22, &c->o.buffer_kb) || !c->o.buffer_kb)
			return cmd_usage_error("rvreplay record", "bad --buffer-kb '%s'", arg), -1;
		return 0;
	case 'd':
		if (cmd_parse_uint(arg, 86400 * 365, &c->o.duration_s))
			return cmd_usage_error("rvreplay record", "bad --duration '%s'", arg), -1;
		return 0;
	case 'K':
		c->o.kallsyms = false;
		return 0;
	case 'C':
		c->context_events = true;
		return 0;
	default:
		fputs(record_usage, stdout);
		return 1;
	}
}

static int parse(struct record_cli *c, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "monitor", required_argument, NULL, 'm' },
		{ "profile", required_argument, NULL, CMD_OPT_PROFILE },
		{ "spec", required_argument, NULL, CMD_OPT_SPEC },
		{ "output", required_argument, NULL, 'o' },
		{ "buffer-kb", required_argument, NULL, 'b' },
		{ "duration", required_argument, NULL, 'd' },
		{ "no-kallsyms", no_argument, NULL, 'K' },
		{ "context-events", no_argument, NULL, 'C' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int ret;

	c->common.command = "rvreplay record";
	c->o.output = "trace.dat";
	c->o.buffer_kb = 4096;
	c->o.kallsyms = true;
	/* "+": the options end at COMMAND, whose own follow it */
	ret = cmd_options_getopt(&c->common, argc, argv, "+m:o:b:d:qh", longopts, parse_option, c);
	if (ret)
		return ret;
	c->o.quiet = c->common.quiet;
	if (optind < argc)
		c->o.argv = argv + optind;
	return 0;
}

static void summary(const struct record_cli *c, const struct record_result *res)
{
	unsigned long long bytes = 0;
	bool lost = false;

	for (int i = 0; i < res->cpus; i++) {
		bytes += res->stats ? res->stats[i].bytes : 0;
		if (res->stats && (res->stats[i].overrun > 0 || res->stats[i].dropped > 0)) {
			fprintf(stderr, "rvreplay: warning: %s: CPU %d lost events: %lld overwritten, "
				"%lld dropped (a bigger -b, or a faster disk)\n", c->o.output, i,
				res->stats[i].overrun, res->stats[i].dropped);
			lost = true;
		}
	}
	if (c->o.quiet)
		return;
	fprintf(stderr, "rvreplay: %s: %d CPUs, %llu KiB of events, %lu tasks described, "
		"lost events: %s\n", c->o.output, res->cpus, bytes / 1024, res->tasks,
		lost ? "see above" : "none");
	if (res->child_status >= 0 && WIFSIGNALED(res->child_status))
		fprintf(stderr, "rvreplay: %s was killed by signal %d\n", c->o.argv[0],
			WTERMSIG(res->child_status));
	else if (res->child_status >= 0 && WEXITSTATUS(res->child_status))
		fprintf(stderr, "rvreplay: %s exited with status %d\n", c->o.argv[0],
			WEXITSTATUS(res->child_status));
}

/**
 * cmd_record() - rvreplay record
 * @argc: argument count
 * @argv: arguments ("record" first)
 *
 * Return: the exit code.
 */
int cmd_record(int argc, char **argv)
{
	struct replay_options opts = { 0 };
	struct record_cli c = { 0 };
	struct record_result res;
	struct output_file out;
	char err[RECORD_ERR_LEN];
	struct utsname u;
	int ret = parse(&c, argc, argv);

	if (ret)
		return ret < 0 ? EXIT_ERROR : EXIT_CLEAN;
	uname(&u);
	opts.profile = c.common.profile ? rv_profile_find(c.common.profile) : catalog_profile_of(u.release);
	if (!opts.profile)
		return cmd_usage_error("rvreplay record", "unknown profile '%s' (6.17, 7.1 or 7.3)",
				       c.common.profile);
	if (catalog_select(c.common.names, c.common.nr_names, c.common.rules, c.common.nr_rules, &opts, err))
		return cmd_usage_error("rvreplay record", "%s", err);
	record_events_choose(&c.o, &opts, c.context_events);
	if (output_file_prepare(&out, c.o.output, -1, err, sizeof(err))) {
		cmd_error(c.o.output, "%s", err);
		return EXIT_ERROR;
	}
	c.o.workdir_near = output_file_workdir(&out);
	record_events_outputs(&c.o, &out);
	if (c.o.quiet)
		progress_disable();
	progress_begin(c.o.output, PROGRESS_BYTES, 0);
	progress_deadline(c.o.duration_s);
	c.o.progress = progress_update;
	ret = record_run(&c.o, &res, err);
	progress_end();
	if (ret) {
		cmd_error(c.o.output, "%s", err);
		record_result_free(&res);
		return EXIT_ERROR;
	}
	summary(&c, &res);
	record_result_free(&res);
	return EXIT_CLEAN;
}
