// SPDX-License-Identifier: GPL-2.0-only
/*
 * An input as a file: one memfd per process, truncated and rewritten for
 * every run, reached through its /proc/self/fd path.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_file.h"

static int fd = -1;
static char path[64];

/**
 * fuzz_file() - the input as a file rvreplay can open by name
 * @data: the bytes
 * @size: how many
 *
 * Return: its path; the process aborts when the memory file fails.
 */
const char *fuzz_file(const uint8_t *data, size_t size)
{
	size_t done = 0;
	ssize_t n;

	if (fd < 0) {
		fd = memfd_create("rvreplay-fuzz", MFD_CLOEXEC);
		if (fd < 0)
			abort();
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0))
		abort();
	while (done < size) {
		n = pwrite(fd, data + done, size - done, done);
		if (n <= 0)
			abort();
		done += n;
	}
	return path;
}
