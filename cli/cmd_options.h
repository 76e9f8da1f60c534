/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The options the commands share (-m, --profile, --arch, --buffer,
 * --max-inflated, --ts, --context, --lost-events, ..., -q), parsed by one
 * function into one structure, as rtla's common_parse_options(), in one
 * getopt loop that gives each command its own; and the one pipeline each
 * trace goes through (open it, choose its profile and monitors, run the
 * command's work, close it), with the command's hooks, as rtla's
 * run_tool().
 */
#ifndef CMD_OPTIONS_H
#define CMD_OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

#include "cmd.h"

#define CMD_MAX_NAMES	16
#define CMD_MAX_CONTEXT	1000
#define CMD_MAX_RULES	8

/* The shared options' codes: above every command's own. */
enum {
	CMD_OPT_PROFILE = 512, CMD_OPT_ARCH, CMD_OPT_BUFFER, CMD_OPT_MAX_INFLATED, CMD_OPT_LOST,
	CMD_OPT_DAMAGED, CMD_OPT_TS, CMD_OPT_CONTEXT, CMD_OPT_STRICT, CMD_OPT_KCOMMS,
	CMD_OPT_HZ, CMD_OPT_PARAM, CMD_OPT_SPEC,
};

/* What cmd_options_parse() returns for an option it does not own. */
#define CMD_OPT_OTHER	2

/* The options of a command that opens a trace: entries of its getopt table. */
#define CMD_TRACE_LONGOPTS							\
	{ "monitor", required_argument, NULL, 'm' },				\
	{ "profile", required_argument, NULL, CMD_OPT_PROFILE },		\
	{ "arch", required_argument, NULL, CMD_OPT_ARCH },			\
	{ "buffer", required_argument, NULL, CMD_OPT_BUFFER },			\
	{ "max-inflated", required_argument, NULL, CMD_OPT_MAX_INFLATED },	\
	{ "hz", required_argument, NULL, CMD_OPT_HZ },				\
	{ "param", required_argument, NULL, CMD_OPT_PARAM },			\
	{ "spec", required_argument, NULL, CMD_OPT_SPEC }

/* And of a command that replays it. */
#define CMD_REPLAY_LONGOPTS							\
	{ "lost-events", required_argument, NULL, CMD_OPT_LOST },		\
	{ "damaged", required_argument, NULL, CMD_OPT_DAMAGED },		\
	{ "ts", required_argument, NULL, CMD_OPT_TS },				\
	{ "context", required_argument, NULL, CMD_OPT_CONTEXT },		\
	{ "strict-start", no_argument, NULL, CMD_OPT_STRICT },			\
	{ "kthread-comms", no_argument, NULL, CMD_OPT_KCOMMS },			\
	{ "summary", no_argument, NULL, 's' },					\
	{ "quiet", no_argument, NULL, 'q' }

struct cmd_options {
	const char		*command;	/* "rvreplay", "rvreplay diff": for usage errors */
	struct replay_options	*replay;	/* takes --context, --lost-events, ... */
	const char		*names[CMD_MAX_NAMES];	/* -m */
	int			nr_names;
	bool			named;		/* a monitor by name, not only the container */
	const struct rv_monitor	*rules[CMD_MAX_RULES];	/* --spec, compiled */
	int			nr_rules;
	const char		*profile;
	const char		*arch;
	const char		*buffer;
	uint64_t		max_inflated;
	unsigned int		hz;		/* --hz; 0: from each trace, if it says */
	enum time_unit		ts;
	struct time_format	times;		/* made from --ts when the trace is open */
	bool			summary;	/* -s */
	bool			quiet;		/* -q */
};

/* A command's own option: 0 to go on, -1 on a usage error, 1 when done (help). */
typedef int (*cmd_option_fn)(void *cli, int opt, const char *arg);

int cmd_options_parse(struct cmd_options *o, int opt, const char *arg);
int cmd_options_getopt(struct cmd_options *o, int argc, char **argv, const char *shortopts,
		       const struct option *longopts, cmd_option_fn own, void *cli);

/*
 * A command's work on one trace (rtla's struct tool_ops). Return: 0, or
 * not 0 after an error, for opened(); the exit code for select() and run().
 */
struct cmd_trace_ops {
	bool	arch_optional;	/* a trace of unknown architecture still opens */
	/* the trace opened, its times set: options checked against it */
	int	(*opened)(void *cli, struct opened_trace *t);
	/* the monitors, the profile chosen; NULL: those -m names */
	int	(*select)(void *cli, struct opened_trace *t);
	int	(*run)(void *cli, struct opened_trace *t);
};

int cmd_run_trace(struct cmd_options *o, const char *path, const struct cmd_trace_ops *ops,
		  void *cli);
void cmd_progress_watch(const char *path, struct trace_input *in);
void cmd_progress_unwatch(struct trace_input *in);
struct gate;
int cmd_gate_counts(const char *path, struct gate *g, const struct record_counts *counts);
void cmd_print_trace(const char *path, struct trace_input *in);

#endif
