// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay compare [OPTIONS] OLD NEW: which violations of a run are new
 * against a baseline, which are fixed, unchanged or waived (baseline.h).
 * A CI keeps the last good run's report and fails on new violations only,
 * and on a trace it could not judge or no longer judges.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "baseline.h"
#include "cmd.h"
#include "cmd_options.h"

struct compare_cli {
	struct cmd_options	common;		/* -q */
	const char		*old_path;
	const char		*new_path;
	bool			json;
};

static const char usage_text[] =
"usage: rvreplay compare [OPTIONS] OLD NEW\n"
"\n"
"Compare the violations of NEW with those of OLD, the baseline. Each is the\n"
"JSON report of one run (rvreplay --json) or the JSON Lines of a batch, one\n"
"line per trace. Violations are keyed by the trace's file name (batches\n"
"only), the monitor, the task's comm and the reason class, never by pid or\n"
"time, and counted per key: new, fixed, unchanged, or waived (known issues,\n"
"which never fail).\n"
"\n"
"      --json              write one JSON object (see rvreplay-compare(1))\n"
"  -q, --quiet             print nothing but errors; the exit code tells\n"
"  -h, --help              print this help\n"
"\n"
"Exit status: 0 nothing new, 1 new violations, 2 error: a file unreadable or\n"
"not such a report, a trace NEW could not judge, or a trace of OLD that NEW\n"
"lacks.\n";

enum {
	OPT_JSON = 256,
};

static const struct option longopts[] = {
	{ "json", no_argument, NULL, OPT_JSON },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* compare's own options. Return: 0 to go on, 1 when done (help). */
static int parse_option(void *cli, int opt, const char *arg)
{
	struct compare_cli *c = cli;

	if (opt == OPT_JSON) {
		c->json = true;
		return 0;
	}
	fputs(usage_text, stdout);
	return 1;
}

static int parse(struct compare_cli *c, int argc, char **argv)
{
	int ret;

	c->common.command = "rvreplay compare";
	ret = cmd_options_getopt(&c->common, argc, argv, "qh", longopts, parse_option, c);
	if (ret)
		return ret;
	if (argc - optind != 2)
		return cmd_usage_error("rvreplay compare", argc - optind < 2 ?
				       "give two files, OLD and NEW" :
				       "two files only, OLD and NEW"), -1;
	c->old_path = argv[optind];
	c->new_path = argv[optind + 1];
	return 0;
}

static int load(const char *path, struct baseline *b)
{
	char err[BASELINE_ERR_LEN];

	if (!baseline_load(path, b, err, sizeof(err)))
		return 0;
	cmd_error(path, "%s", err);
	return EXIT_ERROR;
}

/* Each trace that keeps the comparison from passing, one line on stderr. */
static void print_failing(const struct baseline_comparison *c, const char *old_path,
			  const char *new_path)
{
	for (unsigned int i = 0; i < c->nr_unjudged; i++) {
		const struct baseline_unjudged *u = &c->unjudged[i];

		if (!u->in_new)
			continue;
		if (u->absent)
			cmd_error(new_path, "no line for %s (line %u of %s): a trace that drops "
				  "out of the run cannot pass", u->trace->name, u->trace->line,
				  old_path);
		else if (u->trace->line)
			cmd_error(new_path, "line %u: %s could not be judged: %s",
				  u->trace->line, u->trace->path, baseline_unjudged_why(u));
		else
			cmd_error(u->trace->path, "could not be judged: %s",
				  baseline_unjudged_why(u));
	}
}

/**
 * cmd_compare_say() - a comparison told, and its exit code
 * @c: the comparison
 * @old_path: OLD, for messages
 * @new_path: NEW, for messages
 * @out: where its lines go (baseline_print()), or NULL for none
 *
 * Each trace that keeps the comparison from passing is named on stderr.
 *
 * Return: 2 when one does, else 1 when something is new, else 0.
 */
int cmd_compare_say(const struct baseline_comparison *c, const char *old_path,
		    const char *new_path, FILE *out)
{
	if (out) {
		baseline_print(c, out);
		fflush(out);
	}
	print_failing(c, old_path, new_path);
	if (c->nr_failing)
		return EXIT_ERROR;
	return c->nr[BASELINE_NEW] ? EXIT_VIOLATIONS : EXIT_CLEAN;
}

static int write_json(const struct baseline_comparison *c)
{
	json_t *o = baseline_json(c);
	int ret;

	if (!o)
		return -1;
	ret = json_dumpf(o, stdout, JSON_INDENT(2));
	fputc('\n', stdout);
	json_decref(o);
	return ret;
}

static int report(const struct compare_cli *cli, const struct baseline_comparison *c)
{
	int ret;

	if (cli->json && write_json(c)) {
		cmd_error(NULL, "out of memory");
		return EXIT_ERROR;
	}
	ret = cmd_compare_say(c, cli->old_path, cli->new_path,
			      !cli->json && !cli->common.quiet ? stdout : NULL);
	return cmd_flush_stdout() ? EXIT_ERROR : ret;
}

/* A single report against a batch: which of its traces it is. */
static int resolve(const struct compare_cli *cli, struct baseline *old, struct baseline *new)
{
	char err[BASELINE_ERR_LEN];

	if (!baseline_resolve_single(old, new, err, sizeof(err)))
		return 0;
	cmd_error(cli->new_path, "%s", err);
	return EXIT_ERROR;
}

/**
 * cmd_compare() - rvreplay compare [OPTIONS] OLD NEW
 * @argc: argument count
 * @argv: arguments, argv[0] being "compare"
 *
 * Return: the exit code: 0 nothing new, 1 new violations, 2 error (an
 * input unreadable or invalid, a trace of NEW not judged, a trace of OLD
 * absent from NEW).
 */
int cmd_compare(int argc, char **argv)
{
	struct baseline old = { 0 }, new = { 0 };
	struct baseline_comparison c = { 0 };
	struct compare_cli cli = { 0 };
	int ret;

	ret = parse(&cli, argc, argv);
	if (ret)
		return ret < 0 ? EXIT_ERROR : EXIT_CLEAN;
	ret = load(cli.old_path, &old);
	if (!ret)
		ret = load(cli.new_path, &new);
	if (!ret)
		ret = resolve(&cli, &old, &new);
	if (!ret && baseline_compare(&old, &new, &c)) {
		cmd_error(NULL, "out of memory");
		ret = EXIT_ERROR;
	}
	if (!ret)
		ret = report(&cli, &c);
	baseline_comparison_free(&c);
	baseline_free(&new);
	baseline_free(&old);
	return ret;
}
