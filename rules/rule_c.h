/* SPDX-License-Identifier: GPL-2.0-only */
/* A binding's expression as kernel C (rule_c.c). */
#ifndef RULE_C_H
#define RULE_C_H

#include "rule_local.h"

const char *rule_c_expr(const struct rule_expr *e, const char *task, char *buf, size_t len);
void rule_c_syscalls(const struct rule_expr *e, void (*fn)(const char *name, void *arg), void *arg);

#endif
