/* SPDX-License-Identifier: GPL-2.0-only */
/* A binding's expression as kernel C (rule_c.c). */
#ifndef RULE_C_H
#define RULE_C_H

#include <stdio.h>

#include "rule_local.h"

void rule_c_expr(FILE *out, const struct rule_expr *e, const char *task);
void rule_c_syscalls(const struct rule_expr *e, void (*fn)(const char *name, void *arg), void *arg);
void rule_c_binding_syscalls(const struct rule_binding *b, void (*fn)(const char *name, void *arg),
			     void *arg);

#endif
