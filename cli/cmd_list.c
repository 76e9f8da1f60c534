// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay list: the monitors, their specifications, and the trace events
 * each one needs (report/list_report.c writes them); here the command line.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "list_report.h"

static const char list_usage[] =
"usage: rvreplay list\n"
"\n"
"Print the kernel-version profiles, their monitors, the LTL specifications\n"
"and the trace events each needs (required ones must be in the trace; the\n"
"others improve the replay). A trace is judged with the profile of the\n"
"kernel that recorded it (--profile overrides). Then the kernel's other\n"
"monitors, which rvreplay does not replay: what each would need, and how\n"
"to record it.\n"
"\n"
"  -h, --help   print this help\n"
"\n"
"Exit status: 0 listed, 2 usage error.\n";

/**
 * cmd_list() - rvreplay list
 * @argc: argument count
 * @argv: arguments ("list" first)
 *
 * Return: the exit code.
 */
int cmd_list(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		fputs(list_usage, stdout);
		return EXIT_CLEAN;
	}
	if (argc > 1)
		return cmd_usage_error("rvreplay list", "unexpected argument '%s'", argv[1]);
	list_report_print(stdout);
	return EXIT_CLEAN;
}
