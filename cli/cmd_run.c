// SPDX-License-Identifier: GPL-2.0-only
/*
 * The one way a command goes through a trace (cmd_options.h): open it,
 * set how its times print, choose its profile and monitors, do the
 * command's work, close it.
 */
#include "catalog.h"
#include "cmd_options.h"
#include "gate.h"
#include "monitor_params.h"
#include "progress.h"

/* The monitors -m names (default: the rtapp container). */
static int select_named(const struct cmd_options *o, const char *path)
{
	char err[TRACE_ERR_LEN];

	if (!catalog_select(o->names, o->nr_names, o->rules, o->nr_rules, o->replay, err))
		return 0;
	cmd_error(path, "%s", err);
	return EXIT_ERROR;
}

/**
 * cmd_run_trace() - one trace through a command's hooks
 * @o: the shared options; @o->replay takes the profile and monitors
 * @path: the trace
 * @ops: the command's hooks
 * @cli: for the hooks
 *
 * Prints its errors.
 *
 * Return: the exit code: @ops->run()'s, or EXIT_ERROR.
 */
int cmd_run_trace(struct cmd_options *o, const char *path, const struct cmd_trace_ops *ops,
		  void *cli)
{
	struct opened_trace t = { .arch_optional = ops->arch_optional };
	char err[TRACE_ERR_LEN];
	const char *who;
	int ret;

	ret = cmd_open_trace(path, o->buffer, o->arch, o->max_inflated, &t);
	if (ret)
		return ret;
	o->times = cmd_time_format(t.in, o->ts);
	o->replay->times = &o->times;
	ret = EXIT_ERROR;
	if (ops->opened && ops->opened(cli, &t))
		goto out;
	o->replay->profile = catalog_choose_profile(t.in, o->profile, err);
	if (!o->replay->profile) {
		cmd_error(path, "%s", err);
		goto out;
	}
	o->replay->hz = o->hz;
	o->replay->hz_from_trace = false;
	ret = ops->select ? ops->select(cli, &t) : select_named(o, path);
	/* no --hz: what our recorder wrote into this trace, looked for only when needed */
	if (!ret && params_need_hz(o->replay, &who)) {
		o->replay->hz = params_trace_hz(t.in);
		o->replay->hz_from_trace = o->replay->hz != 0;
	}
	if (!ret && params_need_hz(o->replay, &who)) {
		cmd_error(path, "%s counts jiffies: give the traced kernel's HZ (--hz N, its "
			  "CONFIG_HZ: 100, 250, 300 or 1000); a trace rvreplay record made says it",
			  who);
		ret = EXIT_ERROR;
	}
	if (!ret)
		ret = ops->run(cli, &t);
out:
	trace_input_close(t.in);
	return ret;
}

/**
 * cmd_progress_watch() - the progress line follows a pass over a trace
 * @path: the trace, named on the line
 * @in: the trace, whose bytes read are the progress
 */
void cmd_progress_watch(const char *path, struct trace_input *in)
{
	progress_begin(path, PROGRESS_BYTES, trace_input_meta(in)->data_bytes);
	trace_input_on_progress(in, progress_update);
}

/**
 * cmd_progress_unwatch() - the pass over @in is over: its progress line goes
 * @in: the trace cmd_progress_watch() was given
 */
void cmd_progress_unwatch(struct trace_input *in)
{
	trace_input_on_progress(in, NULL);
	progress_end();
}

/**
 * cmd_gate_counts() - the gate told what a replay's pass over the records saw
 * @path: the trace, for the message
 * @g: the gate of the monitors judging (gate_before())
 * @counts: the pass's
 *
 * The monitors that turned out blind (an event not recorded) are then
 * the caller's to tell, in its words.
 *
 * Return: 0, or EXIT_ERROR after saying the trace holds no record.
 */
int cmd_gate_counts(const char *path, struct gate *g, const struct record_counts *counts)
{
	if (!counts->events) {
		cmd_error(path, "the trace holds no record: nothing was judged");
		return EXIT_ERROR;
	}
	gate_after(g, counts);
	return 0;
}

/**
 * cmd_print_trace() - the start of a trace's first line: its file, kernel, CPUs, clock
 * @path: the trace
 * @in: it, opened
 *
 * The caller ends the line.
 */
void cmd_print_trace(const char *path, struct trace_input *in)
{
	const struct trace_meta *meta = trace_input_meta(in);

	printf("%s: %s, %d CPUs, clock %s", path, meta->uname[0] ? meta->uname : "no uname",
	       meta->cpus, meta->clock[0] ? meta->clock : "unknown");
}
