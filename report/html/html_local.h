/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside the HTML report (html_report.h), its document:
 * the trace, the summary, the coverage, statistics per task with their
 * latency histograms, and a section per group of violations with the
 * timeline of its worst violation and, one click away, of the others
 * kept (html_window.h). Text from the trace is escaped (escape.h),
 * then HTML-escaped. The file stays under HTML_MAX_BYTES whatever the
 * trace: lists have caps, and a timeline that would pass the bound is
 * left out, saying so.
 */
#ifndef HTML_LOCAL_H
#define HTML_LOCAL_H

#include <stdarg.h>
#include <stdio.h>

#include "html_window.h"

#define HTML_MAX_BYTES		(5 * 1000 * 1000)
#define HTML_TAIL_BYTES		(300 * 1000)	/* kept for what follows the timelines */
#define HTML_MAX_ROWS		200		/* rows of a table: tasks, coverage, groups */

struct html_out {
	FILE				*f;
	size_t				bytes;
	const struct time_format	*times;	/* --ts */
};

void html_printf(struct html_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void html_text(struct html_out *o, const char *s);
void html_counts(struct html_out *o, const char *lead, const struct text_count *c, int n);
void html_trace_text(struct html_out *o, const char *s);
void html_task_name(struct html_out *o, const char *comm, const char *was);
void html_task_color(int pid, char *buf, size_t len);
void html_ts(struct html_out *o, uint64_t ts);
void html_duration(struct html_out *o, uint64_t ns);

void html_stats(struct html_out *o, const struct report *rep);
int html_timeline(struct html_out *o, const struct report *rep, const struct window *w,
		  const struct window *zoom);

#endif
