/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The HTML report, what the rest of rvreplay sees of it: one
 * self-contained file (inline CSS and SVG, no script, nothing fetched)
 * that a mail attachment or a CI artifact opens offline. A few violations
 * of each group are kept while the replay runs (windows_verdict()); after
 * it, those drawn are chosen (windows_choose()), a second pass over the
 * records gathers the time around each (windows_pass_begin(),
 * windows_record(), windows_pass_end()), and html_write() writes the file.
 * Its insides: html_local.h (writing) and html_window.h (the timelines).
 */
#ifndef HTML_REPORT_H
#define HTML_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"

struct window_samples;
struct window;
struct windows_pass;

/* The timelines of one report: the violations kept, then their windows. */
struct windows {
	struct window_samples	*samples;
	unsigned int		nr_samples;
	bool			no_samples;	/* over WINDOWS_MAX groups: worsts only */
	struct window		*w;		/* sorted by t0 for the pass */
	unsigned int		nr;
	unsigned int		nr_main;	/* not zooms */
	struct windows_pass	*pass;
	bool			oom;
};

void windows_verdict(struct windows *ws, const struct report *rep, const struct verdict *v,
		     const char *reason);
int windows_choose(struct windows *ws, const struct report *rep);
int windows_pass_begin(struct windows *ws, const struct trace_input *in);
void windows_record(struct windows *ws, const struct trace_record *rec);
void windows_pass_end(struct windows *ws, uint64_t last_ts);
bool windows_done(const struct windows *ws);
void windows_release(struct windows *ws);
int html_write(FILE *f, const struct report *rep, const struct replay_stats *stats,
	       const struct windows *ws);

#endif
