// SPDX-License-Identifier: GPL-2.0-only
/*
 * The options the commands share, parsed once for all (cmd_options.h).
 */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "cmd_options.h"
#include "escape.h"
#include "rule.h"

static int parse_lost(struct replay_options *r, const char *arg)
{
	if (!strcmp(arg, "reset"))
		r->lost = LOST_RESET;
	else if (!strcmp(arg, "ignore"))
		r->lost = LOST_IGNORE;
	else if (!strcmp(arg, "fail"))
		r->lost = LOST_FAIL;
	else
		return -1;
	return 0;
}

/* --param MONITOR.NAME=VALUE, checked against the monitors once they are chosen. */
static int parse_param(struct cmd_options *o, const char *arg)
{
	struct replay_options *r = o->replay;

	if (r->nr_settings == MAX_PARAM_SETTINGS)
		return cmd_usage_error(o->command, "too many --param"), -1;
	if (params_parse(arg, &r->settings[r->nr_settings]))
		return cmd_usage_error(o->command, "bad --param '%s' (MONITOR.NAME=VALUE, e.g. "
				       "stall.threshold_jiffies=250)", arg), -1;
	r->nr_settings++;
	return 0;
}

/* --spec FILE: the rule compiled now, its error one line with its place. */
static int parse_spec(struct cmd_options *o, const char *arg)
{
	char err[RULE_ERR_LEN], shown[ESCAPE_LEN(RULE_ERR_LEN)];

	if (o->nr_rules == CMD_MAX_RULES)
		return cmd_usage_error(o->command, "too many --spec (%d at most)", CMD_MAX_RULES), -1;
	o->rules[o->nr_rules] = rule_load(arg, err);
	if (!o->rules[o->nr_rules]) {
		fprintf(stderr, "%s: %s\n", o->command, escape(err, shown, sizeof(shown)));
		return -1;
	}
	for (int i = 0; i < o->nr_rules; i++)
		if (!strcmp(o->rules[i]->name, o->rules[o->nr_rules]->name)) {
			fprintf(stderr, "%s: %s: a second rule named %s\n", o->command,
				escape(arg, shown, sizeof(shown)), o->rules[i]->name);
			rule_free(o->rules[o->nr_rules]);
			return -1;
		}
	o->nr_rules++;
	return 0;
}

/* -m, --profile, --arch, --buffer, --max-inflated, --hz, --param: which trace, which monitors */
static int parse_trace_option(struct cmd_options *o, int opt, const char *arg)
{
	unsigned long n;

	switch (opt) {
	case 'm':
		if (o->nr_names == CMD_MAX_NAMES)
			return cmd_usage_error(o->command, "too many --monitor"), -1;
		o->names[o->nr_names++] = arg;
		o->named |= strcmp(arg, CATALOG_DEFAULT_CONTAINER) != 0;
		return 0;
	case CMD_OPT_PROFILE:
		o->profile = arg;
		return 0;
	case CMD_OPT_ARCH:
		o->arch = arg;
		return 0;
	case CMD_OPT_BUFFER:
		o->buffer = arg;
		return 0;
	case CMD_OPT_HZ:
		if (cmd_parse_uint(arg, 100000, &n) || !n)
			return cmd_usage_error(o->command, "bad --hz '%s' (the kernel's CONFIG_HZ: "
					       "1 to 100000)", arg), -1;
		o->hz = n;
		return 0;
	case CMD_OPT_PARAM:
		return parse_param(o, arg);
	case CMD_OPT_SPEC:
		return parse_spec(o, arg);
	case CMD_OPT_MAX_INFLATED:
		return cmd_parse_size(arg, &o->max_inflated) ?
		       (cmd_usage_error(o->command, "bad --max-inflated '%s' (1M to 1024G)", arg),
			-1) : 0;
	default:
		return CMD_OPT_OTHER;
	}
}

/* How the replay goes, and how much it says. */
static int parse_replay_option(struct cmd_options *o, int opt, const char *arg)
{
	unsigned long n;

	switch (opt) {
	case CMD_OPT_LOST:
		return parse_lost(o->replay, arg) ? (cmd_usage_error(o->command, "bad --lost-events "
						     "'%s' (reset, ignore or fail)", arg), -1) : 0;
	case CMD_OPT_DAMAGED:
		if (strcmp(arg, "fail") && strcmp(arg, "report"))
			return cmd_usage_error(o->command, "bad --damaged '%s' (fail or report)",
					       arg), -1;
		o->replay->damaged = !strcmp(arg, "report") ? DAMAGED_REPORT : DAMAGED_FAIL;
		return 0;
	case CMD_OPT_TS:
		return cmd_parse_ts(o->command, arg, &o->ts);
	case CMD_OPT_CONTEXT:
		if (cmd_parse_uint(arg, CMD_MAX_CONTEXT, &n))
			return cmd_usage_error(o->command, "bad --context '%s' (0 to %d)", arg,
					       CMD_MAX_CONTEXT), -1;
		o->replay->context = n;
		return 0;
	case CMD_OPT_STRICT:
		o->replay->strict_start = true;
		return 0;
	case CMD_OPT_KCOMMS:
		o->replay->kthread_comms = true;
		return 0;
	case 's':
		o->summary = true;
		return 0;
	case 'q':
		o->quiet = true;
		cmd_quiet = true;
		return 0;
	default:
		return CMD_OPT_OTHER;
	}
}

/**
 * cmd_options_parse() - one shared option into @o
 * @o: the shared options; @o->command and @o->replay set beforehand
 * @opt: getopt_long()'s code
 * @arg: its value
 *
 * Return: 0, -1 after a usage error, or CMD_OPT_OTHER when @opt is the
 * command's own.
 */
int cmd_options_parse(struct cmd_options *o, int opt, const char *arg)
{
	int ret = parse_trace_option(o, opt, arg);

	return ret == CMD_OPT_OTHER ? parse_replay_option(o, opt, arg) : ret;
}

/**
 * cmd_options_getopt() - a command's options: the shared ones and its own
 * @o: the shared options, as cmd_options_parse() takes them
 * @argc: argument count
 * @argv: arguments, the command's name first
 * @shortopts: getopt_long()'s
 * @longopts: the command's table, with CMD_TRACE_LONGOPTS and the like
 * @own: takes an option the shared ones are not
 * @cli: for @own
 *
 * The operands start at optind afterwards.
 *
 * Return: 0, -1 after a usage error, 1 when done (help, version).
 */
int cmd_options_getopt(struct cmd_options *o, int argc, char **argv, const char *shortopts,
		       const struct option *longopts, cmd_option_fn own, void *cli)
{
	int opt, ret;

	optind = 1;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if (opt == '?')
			return cmd_usage_error(o->command, "unknown option '%s'", argv[optind - 1]),
			       -1;
		ret = cmd_options_parse(o, opt, optarg);
		if (ret == CMD_OPT_OTHER)
			ret = own(cli, opt, optarg);
		if (ret)
			return ret;
	}
	return 0;
}
