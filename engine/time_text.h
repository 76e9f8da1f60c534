/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Times as trace-cmd report prints them: seconds and microseconds, rounded
 * as libtraceevent rounds (4985.986317631 prints as 4985.986318), or with
 * --ts ns every nanosecond (trace-cmd report -t). One formatting for every
 * time rvreplay prints: headers, summaries, gaps, messages.
 */
#ifndef TIME_TEXT_H
#define TIME_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum time_unit {
	TIME_US,	/* the default, as trace-cmd report */
	TIME_NS,	/* as trace-cmd report -t */
	TIME_REL,	/* seconds and microseconds from the trace's first record */
};

void time_text_unit(enum time_unit unit);
void time_text_base(uint64_t first);
char *time_text(uint64_t ns, char *buf, size_t len);
int time_parse(const char *s, bool end, uint64_t *ns);

#endif
