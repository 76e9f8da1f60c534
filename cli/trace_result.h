/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a run says of each trace for machines: a JSON Lines line
 * (rvreplay-json(5), JSON LINES) and a JUnit testsuite (tests/junit/junit.xsd),
 * for a trace judged and for one that could not be (exit 2: its error).
 * The parts as long as the report (its groups, its test cases) wait in
 * temporary files, not in memory.
 */
#ifndef TRACE_RESULT_H
#define TRACE_RESULT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "report.h"
#include "sha256.h"

struct trace_result {
	const char		*path;
	const char		*key;		/* what a baseline knows it by (trace_list.h) */
	bool			alone;		/* the run's one trace, named alone: its line
						   is compared as a single report */
	bool			read;		/* size and sha256 known */
	uint64_t		size;
	char			sha256[SHA256_HEX_LEN];
	json_t			*digest;	/* report_json_digest(), NULL: none */
	FILE			*groups;	/* report_json_groups()' text, NULL: none */
	FILE			*cases;		/* report_junit_cases()' text, NULL: none */
	struct junit_counts	counts;
};

void trace_result_file(struct trace_result *r, int fd);
json_t *trace_result_json(const struct trace_result *r, int exit_code, const char *error);
int trace_result_line(FILE *out, const json_t *o, const struct trace_result *r);
int trace_result_suite(FILE *out, const struct trace_result *r, int exit_code, const char *error);
void trace_result_junit_begin(FILE *out);
void trace_result_junit_end(FILE *out);
void trace_result_release(struct trace_result *r);

#endif
