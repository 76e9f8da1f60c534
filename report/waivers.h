/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Waivers: known violations a CI accepts for now, each with its reason
 * and an optional expiry. A waiver file is a small TOML subset, strict
 * (docs/waivers.md):
 *
 *   [[waiver]]
 *   monitor = "sleep"                      # required
 *   comm = "cyclictest*"                   # required: shell pattern, last comm
 *   reason = "sleep_reason"                # required: the JSON reason class
 *   detail = "clock_nanosleep(*relative)"  # optional: reason_detail pattern
 *   pid = 6971                             # optional
 *   from = "4983.40"                       # optional: times as trace-cmd prints
 *   to = "4983.50"
 *   trace = "*cyclictest*"                 # optional: pattern on the trace's path
 *   why = "cyclictest -n not used here; RT-123"   # required
 *   expires = 2027-03-31                   # optional: after it, no longer applied
 *
 * Every error names the file, line and column.
 */
#ifndef WAIVERS_H
#define WAIVERS_H

#include <stdbool.h>
#include <stdint.h>

#include "verdict.h"

#define WAIVER_TEXT	256

struct waiver {
	unsigned int	line;			/* where it starts, for messages */
	char		monitor[32];
	char		comm[WAIVER_TEXT];
	char		reason[32];
	char		detail[WAIVER_TEXT];	/* "": any */
	int		pid;			/* -1: any */
	uint64_t	from;			/* ns */
	uint64_t	to;			/* ns; UINT64_MAX: the end */
	char		trace[WAIVER_TEXT];	/* "": any */
	char		why[WAIVER_TEXT];
	char		expires[16];		/* YYYY-MM-DD, "": never */
	bool		expired;		/* before today: not applied */
	unsigned long	matched;		/* violations it waived */
};

struct waivers {
	char		*path;
	struct waiver	*list;
	unsigned int	nr;
};

int waivers_load(const char *path, const char *today, const struct rv_monitor *const *rules,
		 int nr_rules, struct waivers *w, char *err, size_t len);
struct waiver *waivers_match(struct waivers *w, const struct verdict *v, const char *comm,
			     const char *detail, const char *trace);
void waivers_free(struct waivers *w);

#endif
