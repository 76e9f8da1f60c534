/* SPDX-License-Identifier: GPL-2.0-only */
/* A rule written out for a kernel tree (rule_export.c). */
#ifndef RULE_EXPORT_H
#define RULE_EXPORT_H

#include "monitor.h"

#include <stdio.h>

int rule_export(const struct rv_monitor *m, const char *dir, char *err);
void rule_export_lines(const struct rv_monitor *m, FILE *out);

#endif
