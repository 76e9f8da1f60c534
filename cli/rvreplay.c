// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay: did my real-time threads misbehave, and why? The command
 * table; without a command name, the trace is replayed.
 */
#include <string.h>

#include "cmd.h"

struct command {
	const char	*name;
	int		(*run)(int argc, char **argv);
};

static const struct command commands[] = {
	{ "list", cmd_list },
	{ "check", cmd_check },
	{ "record", cmd_record },
	{ "watch", cmd_watch },
	{ "diff", cmd_diff },
	{ "compare", cmd_compare },
	{ "spec", cmd_spec },
};

int main(int argc, char **argv)
{
	if (argc > 1) {
		for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
			if (!strcmp(argv[1], commands[i].name))
				return commands[i].run(argc - 1, argv + 1);
	}
	return cmd_replay(argc, argv);
}
