/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A rule's texts (its strings, description, bindings and file name) in an
 * exported rule's C and Kconfig (rule_export_text.c): each escaped for
 * where it goes, so that it stays text there and never becomes code.
 */
#ifndef RULE_EXPORT_TEXT_H
#define RULE_EXPORT_TEXT_H

#include <stdio.h>

void rule_export_c_string(FILE *out, const char *s);
void rule_export_c_comment(FILE *out, const char *s);
char *rule_export_c_comment_dup(const char *s);
void rule_export_kconfig_help(FILE *out, const char *s);

#endif
