// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report of a batch's trace that could not be judged: every trace of
 * a batch has its section on standard output, or its file in -o's folder,
 * and one that could not be judged says so there (stderr, JSON Lines and
 * JUnit say it too). In text one line, "TRACE: not judged: WHY"; in JSON
 * its JSON Lines object (exit_code 2, its error, no groups), which
 * rvreplay compare reads as a trace not judged.
 */
#include <string.h>

#include "cmd_replay.h"
#include "escape.h"

/**
 * replay_cli_output_of() - a trace's -o file in a batch's folder
 * @c: the run (-o names a folder)
 * @path: the trace
 * @buf: the file's path
 * @len: its size
 *
 * Return: @buf, or NULL without -o.
 */
const char *replay_cli_output_of(const struct replay_cli *c, const char *path, char *buf,
				 size_t len)
{
	char name[256];

	if (!c->output)
		return NULL;
	trace_list_name(path, name, sizeof(name));
	snprintf(buf, len, "%s/%s.%s", c->output, name, c->report.json ? "json" : "txt");
	return buf;
}

static int say(const struct replay_cli *c, const struct trace_result *res, const char *why,
	       FILE *out)
{
	char path[ESCAPE_LEN(1024)], text[ESCAPE_LEN(1024)];
	json_t *o;
	int failed;

	size_t n = strlen(res->path);

	if (!c->report.json) {
		/* the error names the trace first, as the line does */
		if (!strncmp(why, res->path, n) && !strncmp(why + n, ": ", 2))
			why += n + 2;
		fprintf(out, "%s: not judged: %s\n", escape(res->path, path, sizeof(path)),
			escape(why, text, sizeof(text)));
		return ferror(out) ? -1 : 0;
	}
	o = trace_result_json(res, EXIT_ERROR, why);
	failed = trace_result_line(out, o, res);
	json_decref(o);
	return failed || ferror(out) ? -1 : 0;
}

/**
 * replay_cli_unjudged() - a batch's trace not judged: its report says why
 * @c: the run
 * @output: the trace's -o file, or NULL for @out
 * @res: the trace (its path, its key; no groups)
 * @why: why, as said on standard error ("" when it was not said)
 * @out: where the report goes without -o (a section of standard output)
 *
 * Written whole or not at all, as a report. Nothing on @out with -q.
 *
 * Return: 0, or -1 when it could not be written (said).
 */
int replay_cli_unjudged(const struct replay_cli *c, const char *output,
			const struct trace_result *res, const char *why, FILE *out)
{
	struct output_file o;
	char err[TRACE_ERR_LEN];
	FILE *f;

	if (!why || !why[0])
		why = "could not be judged";
	if (!output)
		return c->report.quiet ? 0 : say(c, res, why, out);
	if (output_file_prepare(&o, output, -1, err, sizeof(err)) ||
	    !(f = output_file_open(&o, err, sizeof(err)))) {
		cmd_error(output, "%s", err);
		return -1;
	}
	if (say(c, res, why, f)) {
		output_file_abort(&o);
		cmd_error(output, "cannot be written");
		return -1;
	}
	if (output_file_commit(&o, err, sizeof(err))) {
		cmd_error(output, "%s", err);
		return -1;
	}
	return 0;
}
