/* SPDX-License-Identifier: GPL-2.0-only */
/* An exported rule's monitor C (rule_export_c.c). */
#ifndef RULE_EXPORT_C_H
#define RULE_EXPORT_C_H

#include <stdbool.h>
#include <stdio.h>

struct rule;

/* The line of NAME.c that says an export wrote it (its folder may be written over). */
#define RULE_EXPORT_MARK	"\n * Exported by rvreplay from "

int rule_export_c(FILE *out, const void *arg);
bool rule_export_implicit(const struct rule *r);

#endif
