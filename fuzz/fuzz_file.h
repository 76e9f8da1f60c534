/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The trace harnesses hand rvreplay a path, as the command line does: the
 * input goes into a memory file named /proc/self/fd/N, rewritten per run.
 */
#ifndef FUZZ_FILE_H
#define FUZZ_FILE_H

#include <stddef.h>
#include <stdint.h>

const char *fuzz_file(const uint8_t *data, size_t size);

#endif
