/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef RVREPLAY_PRINT_FORMAT_H
#define RVREPLAY_PRINT_FORMAT_H

#include <stdbool.h>

bool print_format_ok(const char *print);

#endif
