// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay [OPTIONS] TRACE.dat|FOLDER...: replay a trace through the
 * monitors and report every violation. Here the run: one trace, or a
 * batch of them; the waivers, and the comparison with a baseline.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "batch.h"
#include "cmd_replay.h"
#include "progress.h"

static int load_waivers(struct replay_cli *c)
{
	char err[TRACE_ERR_LEN], today[16];
	time_t now = time(NULL);
	struct tm tm;

	if (!c->waivers_path)
		return 0;
	gmtime_r(&now, &tm);
	strftime(today, sizeof(today), "%Y-%m-%d", &tm);
	if (waivers_load(c->waivers_path, today, c->common.rules, c->common.nr_rules, &c->waivers,
			 err, sizeof(err))) {
		cmd_error(NULL, "%s", err);	/* err names the file, line and column */
		return -1;
	}
	c->report.waivers = &c->waivers;
	return 0;
}

/*
 * A trace's JSON Lines line: to @line (--jsonl, a batch's) and, when
 * @baseline, to @mine (NULL: it could not be made). Return: @ret, or
 * EXIT_ERROR when one cannot be written.
 */
static int result_line(const char *path, struct trace_result *res, int ret, FILE *line, FILE *mine,
		       bool baseline)
{
	json_t *o;

	if (!line && !baseline)
		return ret;
	o = trace_result_json(res, ret, ret == EXIT_ERROR ? cmd_last_error : NULL);
	if ((line && trace_result_line(line, o, res)) ||
	    (baseline && (!mine || trace_result_line(mine, o, res)))) {
		cmd_error(path, "out of memory, or a temporary file failed");
		ret = EXIT_ERROR;
	}
	json_decref(o);
	return ret;
}

/* A trace's JUnit testsuite, when @suite. Return: @ret, or EXIT_ERROR. */
static int result_suite(const char *path, struct trace_result *res, int ret, FILE *suite)
{
	if (suite && trace_result_suite(suite, res, ret, ret == EXIT_ERROR ? cmd_last_error : NULL)) {
		cmd_error(path, "a temporary file failed");
		ret = EXIT_ERROR;
	}
	return ret;
}

/* A trace of a batch, in its child: its report, its line and suite, the waivers it used. */
static int batch_one(void *ctx, unsigned int index, FILE *line, FILE *suite, FILE *notes)
{
	struct replay_cli *c = ctx;
	const char *path = c->list.paths[index];
	struct trace_result res = { .path = path, .key = c->list.keys[index] };
	int ret;

	c->path = path;
	c->result = &res;
	replay_cli_outputs_in_folders(c, path);
	ret = replay_cli_trace(c);
	/* not judged: its section, or its file, says so all the same */
	if (ret == EXIT_ERROR)
		replay_cli_unjudged(c, c->output, &res, cmd_last_error, stdout);
	for (unsigned int i = 0; notes && i < c->waivers.nr; i++)
		if (c->waivers.list[i].matched)
			fprintf(notes, "%u\n", i);
	ret = result_line(path, &res, ret, line, NULL, false);
	ret = result_suite(path, &res, ret, suite);
	trace_result_release(&res);
	return ret;
}

/* In the parent: a trace whose child gave no result (stopped, killed), said. */
static void batch_unjudged(void *ctx, unsigned int index, const char *why, FILE *out)
{
	const struct replay_cli *c = ctx;
	struct trace_result res = { .path = c->list.paths[index], .key = c->list.keys[index] };
	char output[4096];

	replay_cli_unjudged(c, replay_cli_output_of(c, res.path, output, sizeof(output)), &res,
			    why, out);
}

/* In the parent: the waivers a trace's child used (one index a line). */
static void batch_notes(void *ctx, const char *notes)
{
	struct replay_cli *c = ctx;
	unsigned long i;
	char *end;

	for (const char *p = notes; p && *p; p = end + (*end == '\n')) {
		i = strtoul(p, &end, 10);
		if (end == p)
			return;
		if (i < c->waivers.nr)
			c->waivers.list[i].matched = true;
	}
}

/* --baseline: a trace's line (@lines from its start) taken into this run's side. */
static void take_line(struct replay_cli *c, FILE *lines)
{
	char err[BASELINE_ERR_LEN];

	if (!c->baseline_path)
		return;
	if (lines)
		rewind(lines);
	if (!lines || baseline_add_lines(&c->new, lines, err, sizeof(err))) {
		cmd_error(NULL, "--baseline: this run's result: %s", lines ? err : "out of memory");
		c->new_broken = true;
	}
}

/* In the parent: a trace's line of a batch, for --baseline. */
static void batch_line(void *ctx, const char *line)
{
	FILE *f = line ? fmemopen((void *)line, strlen(line), "r") : NULL;

	take_line(ctx, f);
	if (f)
		fclose(f);
}

/*
 * --baseline: this run against OLD. The comparison goes to stdout after
 * the text report, else its last line to stderr. Return: the exit code,
 * 2 whenever a trace was not judged.
 */
static int against_baseline(struct replay_cli *c, int ret)
{
	struct baseline_comparison cmp = { 0 };
	bool to_stdout = !c->common.quiet && !c->report.json;
	int said;

	char err[BASELINE_ERR_LEN];

	/* a run of one trace is a single report, as rvreplay compare takes its line */
	baseline_make_single(&c->new);
	if (!c->new_broken && (baseline_unique(&c->new, err, sizeof(err)) ||
			       baseline_resolve_single(&c->old, &c->new, err, sizeof(err)))) {
		cmd_error(NULL, "--baseline: %s", err);
		c->new_broken = true;
	} else if (!c->new_broken && baseline_compare(&c->old, &c->new, &cmp)) {
		cmd_error(NULL, "out of memory");
		c->new_broken = true;
	}
	if (c->new_broken) {
		baseline_comparison_free(&cmp);
		return EXIT_ERROR;
	}
	if (to_stdout)
		printf("\nAgainst the baseline %s:\n", c->baseline_path);
	said = cmd_compare_say(&cmp, c->baseline_path, "this run", to_stdout ? stdout : NULL);
	if (!to_stdout)
		fprintf(stderr, "rvreplay: against %s: %u new, %u fixed, %u unchanged, %u waived\n",
			c->baseline_path, cmp.nr[BASELINE_NEW], cmp.nr[BASELINE_FIXED],
			cmp.nr[BASELINE_UNCHANGED], cmp.nr[BASELINE_WAIVED]);
	baseline_comparison_free(&cmp);
	return ret == EXIT_ERROR ? EXIT_ERROR : said;
}

static int load_baseline(struct replay_cli *c)
{
	char err[BASELINE_ERR_LEN];

	if (!c->baseline_path || !baseline_load(c->baseline_path, &c->old, err, sizeof(err)))
		return 0;
	cmd_error(c->baseline_path, "%s", err);
	return -1;
}

/* One trace, with its line and suite when asked: no child, the output as ever. */
static int single(struct replay_cli *c, struct result_files *rf)
{
	/* a trace named alone is a single report; an array task's is a batch's part */
	struct trace_result res = { .path = c->path, .key = c->list.keys[0],
				    .alone = !c->list.indexed };
	FILE *mine = NULL;
	int ret;

	if (rf->jsonl_f || rf->junit_f || c->baseline_path)
		c->result = &res;
	ret = replay_cli_trace(c);
	if (c->baseline_path)
		mine = tmpfile();
	ret = result_line(c->path, &res, ret, rf->jsonl_f, mine, c->baseline_path);
	take_line(c, mine);
	if (mine)
		fclose(mine);
	ret = result_suite(c->path, &res, ret, rf->junit_f);
	trace_result_release(&res);
	c->result = NULL;
	return ret;
}

/**
 * cmd_replay() - the main job: rvreplay [OPTIONS] TRACE.dat|FOLDER...
 * @argc: argument count
 * @argv: arguments
 *
 * Return: the exit code (of several traces, the worst).
 */
int cmd_replay(int argc, char **argv)
{
	struct replay_cli c = { 0 };
	struct result_files rf = { 0 };
	struct batch b;
	int ret;

	ret = replay_cli_parse(&c, argc, argv);
	if (ret) {
		trace_list_free(&c.list);
		return ret < 0 ? EXIT_ERROR : EXIT_CLEAN;
	}
	ret = EXIT_ERROR;
	if (load_waivers(&c) || load_baseline(&c))
		goto out;
	/* -q silences the text report on stdout only: a file or JSON gets it all */
	c.report.quiet = c.common.quiet && !c.output && !c.report.json;
	if (c.common.quiet || c.report.json || c.list.batch)
		progress_disable();
	if ((c.list.batch && replay_cli_make_folders(&c)) || replay_cli_results_open(&c, &rf))
		goto out;
	if (!c.list.batch) {
		ret = replay_cli_results_close(&rf, single(&c, &rf));
		goto compared;
	}
	b = (struct batch){ .list = &c.list, .jobs = c.jobs ? c.jobs : cmd_cpus(), .one = batch_one,
			    .notes = batch_notes, .line = c.baseline_path ? batch_line : NULL,
			    .unjudged = batch_unjudged, .ctx = &c,
			    .jsonl = rf.jsonl_f, .junit = rf.junit_f, .timeout = c.trace_timeout };
	if (b.jobs > c.list.nr)
		b.jobs = c.list.nr;
	ret = replay_cli_results_close(&rf, batch_run(&b));
	/* a waiver is unused when no trace of the batch used it: said once */
	replay_cli_waiver_notices(&c);
compared:
	if (c.baseline_path)
		ret = against_baseline(&c, ret);
out:
	baseline_free(&c.old);
	baseline_free(&c.new);
	waivers_free(&c.waivers);
	trace_list_free(&c.list);
	return ret;
}

