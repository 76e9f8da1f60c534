/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rvreplay diff's report: the monitors compared and where the live ones
 * ran, each verdict as matched, live only or replay only (a difference
 * with its records, its steps and the divergence class that explains it),
 * then the summary and, with --states, the first differing step of each
 * instance. diff/ finds the differences; this only words them.
 */
#ifndef DIFF_REPORT_H
#define DIFF_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "diff.h"

/* How the comparison was asked for: what the report tells besides the result. */
struct diff_report {
	FILE				*out;
	const struct diff_options	*opts;		/* the monitors, profile, --states */
	const struct time_format	*times;		/* --ts */
	const char			*arch;		/* the trace's */
	bool				summary;	/* -s: no line per matched verdict */
};

void diff_report_print(const struct diff_report *r, struct trace_input *in,
		       const struct diff_result *res);

#endif
