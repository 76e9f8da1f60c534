/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of the JSON report share: report_json.c (the document),
 * report_json_verdict.c (a violation), report_json_totals.c (the counts
 * of the whole trace). Not for other files.
 */
#ifndef REPORT_JSON_LOCAL_H
#define REPORT_JSON_LOCAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "escape.h"
#include "report.h"

/* A string from the trace: escaped, so it is valid UTF-8 and never vanishes. */
static inline json_t *json_text(const char *s)
{
	char buf[ESCAPE_LEN(1024)];

	return json_string(escape(s, buf, sizeof(buf)));
}

static inline json_t *ns_or_null(uint64_t ns)
{
	return ns ? json_integer(ns) : json_null();
}

void report_json_put(struct report *rep, const char *key, json_t *value);
int report_json_put_line(json_t *o, FILE *out);
json_t *report_json_verdict_object(struct report *rep, const struct verdict *v);
json_t *report_json_atoms(const struct rv_monitor *m, unsigned long atoms);
void report_json_put_totals(struct report *rep, bool *failed);

#endif
