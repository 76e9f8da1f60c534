/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rvreplay list's text: the profiles, their monitors (automata,
 * specifications, the trace events each needs) and the kernel's monitors
 * that are not replayed, with what a trace of each would need.
 */
#ifndef LIST_REPORT_H
#define LIST_REPORT_H

#include <stdio.h>

void list_report_print(FILE *out);

#endif
