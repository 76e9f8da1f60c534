/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The pictures of a replay: the HTML report (html_report.h) and the Chrome
 * trace (chrome_trace.h). Both are fed the verdicts while the replay runs
 * (a report tap), then one more pass over the records serves both, and
 * stops as soon as neither needs more.
 */
#ifndef REPORT_PICTURES_H
#define REPORT_PICTURES_H

#include <stdio.h>

#include "report.h"
#include "chrome_trace.h"
#include "html_report.h"

struct report_pictures {
	FILE			*html;		/* or NULL */
	struct chrome_trace	*chrome;	/* or NULL */
	struct windows		windows;
	struct report_tap	tap;
	uint64_t		last_ts;
	unsigned long		records;	/* of the second pass */
};

int pictures_init(struct report_pictures *p, FILE *html, FILE *chrome,
		  const struct report_options *opts, struct trace_input *in, uint64_t from,
		  uint64_t to);
int pictures_write(struct report_pictures *p, struct report *rep,
		   const struct replay_stats *stats, char *err, size_t len);
void pictures_release(struct report_pictures *p);

#endif
