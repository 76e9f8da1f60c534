// SPDX-License-Identifier: GPL-2.0-only
/*
 * The files rvreplay writes besides the report: --html, --chrome-trace,
 * --perfetto, --jsonl, --junit, each whole or not at all; and in a batch, the folders
 * that hold each trace's.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd_replay.h"

/* An output besides the report, when asked for; -1 when it cannot be written. */
static int extra_open(const char *path, int input_fd, struct output_file *o, FILE **f)
{
	char err[TRACE_ERR_LEN];

	if (!path)
		return 0;
	if (output_file_prepare(o, path, input_fd, err, sizeof(err)) ||
	    !(*f = output_file_open(o, err, sizeof(err)))) {
		cmd_error(path, "%s", err);
		return -1;
	}
	return 0;
}

/**
 * replay_cli_pictures_abort() - the pictures' files left unwritten
 * @pf: those open
 */
void replay_cli_pictures_abort(struct picture_files *pf)
{
	if (pf->html_f)
		output_file_abort(&pf->html);
	if (pf->chrome_f)
		output_file_abort(&pf->chrome);
	if (pf->perfetto_f)
		output_file_abort(&pf->perfetto);
}

/**
 * replay_cli_pictures_open() - --html and --chrome-trace's files, when asked for
 * @c: the run
 * @t: the trace, which they may not replace
 * @pf: filled
 *
 * Return: 0, or -1 after an error (none left open).
 */
int replay_cli_pictures_open(const struct replay_cli *c, const struct opened_trace *t,
			     struct picture_files *pf)
{
	if (extra_open(c->html, trace_input_fd(t->in), &pf->html, &pf->html_f) ||
	    extra_open(c->chrome, trace_input_fd(t->in), &pf->chrome, &pf->chrome_f) ||
	    extra_open(c->perfetto, trace_input_fd(t->in), &pf->perfetto, &pf->perfetto_f)) {
		replay_cli_pictures_abort(pf);
		return -1;
	}
	return 0;
}

/**
 * replay_cli_pictures_commit() - the pictures' files renamed into place
 * @pf: those open
 *
 * Return: 0, or -1 after an error.
 */
int replay_cli_pictures_commit(struct picture_files *pf)
{
	char err[TRACE_ERR_LEN];

	if (pf->html_f && output_file_commit(&pf->html, err, sizeof(err))) {
		cmd_error(pf->html.path, "%s", err);
		pf->html_f = NULL;
		replay_cli_pictures_abort(pf);
		return -1;
	}
	if (pf->chrome_f && output_file_commit(&pf->chrome, err, sizeof(err))) {
		cmd_error(pf->chrome.path, "%s", err);
		if (pf->perfetto_f)
			output_file_abort(&pf->perfetto);
		return -1;
	}
	if (pf->perfetto_f && output_file_commit(&pf->perfetto, err, sizeof(err))) {
		cmd_error(pf->perfetto.path, "%s", err);
		return -1;
	}
	return 0;
}

/**
 * replay_cli_outputs_in_folders() - a trace's outputs in a batch's folders
 * @c: the run, in a batch's child: -o, --html and --chrome-trace name folders
 * @path: the trace
 */
void replay_cli_outputs_in_folders(struct replay_cli *c, const char *path)
{
	char name[256];

	trace_list_name(path, name, sizeof(name));
	c->output = replay_cli_output_of(c, path, c->out_path[0], sizeof(c->out_path[0]));
	if (c->html) {
		snprintf(c->out_path[1], sizeof(c->out_path[1]), "%s/%s.html", c->html, name);
		c->html = c->out_path[1];
	}
	if (c->chrome) {
		snprintf(c->out_path[2], sizeof(c->out_path[2]), "%s/%s.chrome.json", c->chrome, name);
		c->chrome = c->out_path[2];
	}
	if (c->perfetto) {
		snprintf(c->out_path[3], sizeof(c->out_path[3]), "%s/%s.perfetto-trace", c->perfetto,
			 name);
		c->perfetto = c->out_path[3];
	}
}


/**
 * replay_cli_make_folders() - -o, --html, --chrome-trace of a batch: folders
 * @c: the run
 *
 * Made when missing.
 *
 * Return: 0, or -1 after an error.
 */
int replay_cli_make_folders(const struct replay_cli *c)
{
	const char *dirs[] = { c->output, c->html, c->chrome, c->perfetto };
	struct stat st;

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		if (!dirs[i])
			continue;
		if (mkdir(dirs[i], 0777) && errno != EEXIST) {
			cmd_error(dirs[i], "cannot make the folder: %s", strerror(errno));
			return -1;
		}
		if (stat(dirs[i], &st) || !S_ISDIR(st.st_mode)) {
			cmd_error(dirs[i], "not a folder: with several traces, -o, --html, "
				  "--chrome-trace and --perfetto name folders");
			return -1;
		}
	}
	return 0;
}

/*
 * An output of the run may not replace a trace: one of its own, or any
 * trace.dat (--jsonl traces/a.dat traces/b.dat: the file name forgotten).
 */
static int not_a_trace(const struct replay_cli *c, const char *out)
{
	struct stat o, t;

	if (!out || stat(out, &o))
		return 0;
	for (unsigned int i = 0; i < c->list.nr; i++) {
		if (stat(c->list.paths[i], &t) || t.st_dev != o.st_dev || t.st_ino != o.st_ino)
			continue;
		cmd_error(out, "%s: it would be overwritten", c->list.batch ?
			  "is one of the traces to replay" : "is the trace being read");
		return -1;
	}
	if (S_ISREG(o.st_mode) && tracedat_file_has_magic(out)) {
		cmd_error(out, "is a trace.dat file: it would be overwritten (a file name "
			  "forgotten after an option?)");
		return -1;
	}
	return 0;
}

/**
 * replay_cli_results_open() - --jsonl and --junit's files, when asked for
 * @c: the run; no output of it may replace a trace
 * @rf: filled
 *
 * Return: 0, or -1 after an error (none left open).
 */
int replay_cli_results_open(const struct replay_cli *c, struct result_files *rf)
{
	if (not_a_trace(c, c->jsonl) || not_a_trace(c, c->junit) ||
	    (!c->list.batch && (not_a_trace(c, c->output) || not_a_trace(c, c->html) ||
				not_a_trace(c, c->chrome) || not_a_trace(c, c->perfetto))))
		return -1;
	if (extra_open(c->jsonl, -1, &rf->jsonl, &rf->jsonl_f))
		return -1;
	if (extra_open(c->junit, -1, &rf->junit, &rf->junit_f)) {
		if (rf->jsonl_f)
			output_file_abort(&rf->jsonl);
		return -1;
	}
	if (rf->junit_f)
		trace_result_junit_begin(rf->junit_f);
	return 0;
}

/**
 * replay_cli_results_close() - --jsonl and --junit's files renamed into place
 * @rf: those open
 * @ret: the run's exit code
 *
 * Return: @ret, or EXIT_ERROR when one cannot be written.
 */
int replay_cli_results_close(struct result_files *rf, int ret)
{
	char err[TRACE_ERR_LEN];

	if (rf->junit_f)
		trace_result_junit_end(rf->junit_f);
	if (rf->jsonl_f && output_file_commit(&rf->jsonl, err, sizeof(err))) {
		cmd_error(rf->jsonl.path, "%s", err);
		ret = EXIT_ERROR;
	}
	if (rf->junit_f && output_file_commit(&rf->junit, err, sizeof(err))) {
		cmd_error(rf->junit.path, "%s", err);
		ret = EXIT_ERROR;
	}
	return ret;
}
