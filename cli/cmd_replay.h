/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rvreplay [OPTIONS] TRACE.dat|FOLDER...: what its files share. Its
 * options (cmd_replay_options.c), one trace replayed to its report
 * (cmd_replay_trace.c), the files it writes besides the report
 * (cmd_replay_outputs.c), the report of a batch's trace that could not be
 * judged (unjudged_report.c), and the run of one trace or a batch, with
 * waivers and a baseline (cmd_replay.c).
 */
#ifndef CMD_REPLAY_H
#define CMD_REPLAY_H

#include <stdio.h>

#include "baseline.h"
#include "cmd.h"
#include "cmd_options.h"
#include "gate.h"
#include "output_file.h"
#include "report.h"
#include "trace_list.h"
#include "trace_result.h"

struct replay_cli {
	struct cmd_options	common;
	struct replay_options	replay;
	struct report_options	report;
	struct report_filter	filter;
	const char		*output;
	const char		*color;
	const char		*path;
	bool			live;		/* rvreplay watch: the trace is read once */
	struct gate_monitor	unavailable[MAX_MONITORS];
	const char		*html;		/* --html FILE */
	const char		*chrome;	/* --chrome-trace FILE */
	const char		*perfetto;	/* --perfetto FILE */
	const char		*waivers_path;	/* --waivers FILE */
	struct waivers		waivers;
	struct trace_list	list;		/* the traces */
	const char		*index_file;	/* --index-file LIST */
	long			index;		/* --index N, -1: every trace of LIST */
	unsigned long		jobs;		/* -j N */
	unsigned long		trace_timeout;	/* --trace-timeout S, 0: none */
	bool			max_listed_set;	/* --max-violations given */
	bool			max_explained_set;	/* --max-groups given */
	const char		*jsonl;		/* --jsonl FILE */
	const char		*junit;		/* --junit FILE */
	struct trace_result	*result;	/* the trace's, for --jsonl, --junit, --baseline */
	const char		*baseline_path;	/* --baseline OLD */
	struct baseline		old, new;	/* OLD, and this run's lines */
	bool			new_broken;	/* a line of this run could not be taken in */
	char			out_path[4][4096];	/* a trace's -o, --html, --chrome-trace,
							   --perfetto in the folders a batch names */
};

/* --html, --chrome-trace, --perfetto: files written whole or not at all, as -o's */
struct picture_files {
	struct output_file	html, chrome, perfetto;
	FILE			*html_f, *chrome_f, *perfetto_f;
};

/* --jsonl, --junit: files written whole or not at all, as -o's. */
struct result_files {
	struct output_file	jsonl, junit;
	FILE			*jsonl_f, *junit_f;
};

int replay_cli_parse(struct replay_cli *c, int argc, char **argv);

int replay_cli_trace(struct replay_cli *c);
void replay_cli_waiver_notices(const struct replay_cli *c);

int replay_cli_pictures_open(const struct replay_cli *c, const struct opened_trace *t,
			     struct picture_files *pf);
void replay_cli_pictures_abort(struct picture_files *pf);
int replay_cli_pictures_commit(struct picture_files *pf);
int replay_cli_make_folders(const struct replay_cli *c);
void replay_cli_outputs_in_folders(struct replay_cli *c, const char *path);
const char *replay_cli_output_of(const struct replay_cli *c, const char *path, char *buf,
				 size_t len);
int replay_cli_unjudged(const struct replay_cli *c, const char *output,
			const struct trace_result *res, const char *why, FILE *out);
int replay_cli_results_open(const struct replay_cli *c, struct result_files *rf);
int replay_cli_results_close(struct result_files *rf, int ret);

#endif
