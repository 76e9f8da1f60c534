/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Text that comes from a trace (comms, event text, marker text, names) is
 * hostile: a comm holding "\e]2;...\a" retitles the user's terminal, one
 * holding a newline forges a line, one holding "::error::" or "##vso["
 * commands the CI runner reading the log. One rule for every such text, on
 * a terminal, in a file and in JSON: C0 and C1 control characters, DEL,
 * bidirectional controls and bytes that are not UTF-8 become \xNN, a
 * backslash \\, and the byte that makes a CI runner's command of the text
 * (escape.c) \xNN too; the rest passes. A report is then what trace-cmd
 * report prints, modulo this.
 */
#ifndef ESCAPE_H
#define ESCAPE_H

#include <stddef.h>

/* Room for the escape of @n bytes, its NUL included. */
#define ESCAPE_LEN(n)	(4 * (n) + 1)

char *escape(const char *s, char *out, size_t len);
char *escape_dup(const char *s);

#endif
