// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness of the whole command: rvreplay and rvreplay check on a
 * file, with options chosen by the input's size (so that mutations try
 * them all): monitors, profiles, JSON or text, lost-event modes, and the
 * reader (RVREPLAY_READER).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "fuzz_file.h"

static const char *const variants[][8] = {
	{ "--context", "4" },
	{ "--json", "--lost-events=ignore" },
	{ "-m", "sleep", "--profile", "7.3", "--strict-start" },
	{ "-m", "pagefault", "--no-infer", "--kthread-comms" },
	{ "--profile", "7.1", "--lost-events=fail", "-s" },
	{ "-m", "wakeup", "--profile", "7.3", "--json", "--context", "1" },
	{ "--arch", "riscv64", "--cpu", "0", "--from", "0.5" },
	{ "--pid", "0,1,2", "--comm", "*", "--context", "0" },
};

#define NR_VARIANTS	(sizeof(variants) / sizeof(variants[0]))

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);
	const char *const *v = variants[size % NR_VARIANTS];
	char *argv[16];
	int argc = 0;

	setenv("RVREPLAY_READER", size / NR_VARIANTS % 2 ? "libtracecmd" : "auto", 1);
	argv[argc++] = "rvreplay";
	for (int i = 0; i < 8 && v[i]; i++)
		argv[argc++] = (char *)v[i];
	argv[argc++] = (char *)path;
	argv[argc] = NULL;
	cmd_replay(argc, argv);

	argc = 0;
	argv[argc++] = "check";
	argv[argc++] = (char *)path;
	argv[argc] = NULL;
	cmd_check(argc, argv);
	fflush(stdout);
	return 0;
}
