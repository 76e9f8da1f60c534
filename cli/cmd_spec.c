// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay spec export FILE --kernel DIR: a rule of your own written out
 * for a kernel tree (rules/rule_export.c), to build the same monitor into
 * a kernel with the files rvgen would have made.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "escape.h"
#include "rule.h"
#include "rule_export.h"

static const char spec_usage[] =
"usage: rvreplay spec export FILE --kernel DIR\n"
"\n"
"Write a rule of your own (rvreplay-spec(5)) into the kernel tree DIR, as the\n"
"kernel's rvgen would: the rule in tools/verification/models/, and in\n"
"kernel/trace/rv/monitors/NAME/ its automaton's header (the one rvreplay\n"
"runs), its monitor's C (each handler doing what a binding says, the binding\n"
"above it: read it before building) and its Kconfig.\n"
"\n"
"      --kernel DIR    the kernel tree's top (made when missing)\n"
"  -h, --help          print this help\n"
"\n"
"Exit status: 0 written, 2 error (a wrong rule: one line with its place).\n";

static int fail(const char *fmt, const char *what)
{
	char shown[ESCAPE_LEN(RULE_ERR_LEN)];

	fprintf(stderr, "rvreplay spec: ");
	fprintf(stderr, fmt, escape(what, shown, sizeof(shown)));
	fputc('\n', stderr);
	return EXIT_ERROR;
}

/* export FILE --kernel DIR */
static int export(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "kernel", required_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *dir = NULL;
	const struct rv_monitor *m;
	char err[RULE_ERR_LEN], shown[ESCAPE_LEN(256)];
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c == 'k')
			dir = optarg;
		else if (c == 'h')
			return fputs(spec_usage, stdout), EXIT_CLEAN;
		else
			return cmd_usage_error("rvreplay spec", "bad option"), EXIT_ERROR;
	}
	if (!dir || optind != argc - 1)
		return cmd_usage_error("rvreplay spec", !dir ? "export needs --kernel DIR" :
				       "export takes one rule file"), EXIT_ERROR;
	m = rule_load(argv[optind], err);
	if (!m)
		return fail("%s", err);
	if (rule_export(m, dir, err))
		return fail("%s", err);
	printf("%s: exported to %s/kernel/trace/rv/monitors/%s/\n", m->name,
	       escape(dir, shown, sizeof(shown)), m->name);
	rule_export_lines(m, stdout);
	return EXIT_CLEAN;
}

/**
 * cmd_spec() - rvreplay spec: what a rule of your own becomes
 * @argc: the arguments after "rvreplay"
 * @argv: "spec", then the subcommand
 *
 * Return: the exit code.
 */
int cmd_spec(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "export"))
		return export(argc - 1, argv + 1);
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")))
		return fputs(spec_usage, stdout), EXIT_CLEAN;
	return cmd_usage_error("rvreplay spec", "expected 'export'"), EXIT_ERROR;
}
