/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The pictures of a replay: the HTML report (html_report.h), the Chrome
 * trace (chrome_trace.h) and the Perfetto trace (perfetto_trace.h). All are
 * fed the verdicts while the replay runs (a report tap), then one more pass
 * over the records serves them, and stops as soon as none needs more.
 */
#ifndef REPORT_PICTURES_H
#define REPORT_PICTURES_H

#include <stdio.h>

#include "report.h"
#include "chrome_trace.h"
#include "html_report.h"
#include "perfetto_trace.h"

struct report_pictures {
	FILE			*html;		/* or NULL */
	struct chrome_trace	*chrome;	/* or NULL */
	struct perfetto_trace	*perfetto;	/* or NULL */
	struct windows		windows;
	struct report_tap	tap;
	uint64_t		last_ts;
	unsigned long		records;	/* of the second pass */
};

/* The files the pictures go to; NULL: not drawn. */
struct picture_outputs {
	FILE	*html;
	FILE	*chrome;
	FILE	*perfetto;
};

int pictures_init(struct report_pictures *p, const struct picture_outputs *out,
		  const struct report_options *opts, struct trace_input *in, uint64_t from,
		  uint64_t to);
int pictures_write(struct report_pictures *p, struct report *rep,
		   const struct replay_stats *stats, char *err, size_t len);
void pictures_release(struct report_pictures *p);

#endif
