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

/*
 * How a command prints times: made once from its --ts, handed to what
 * prints them (the replay's options carry a pointer). The replay sets
 * @base at the trace's first record, before any time is printed.
 */
struct time_format {
	enum time_unit	unit;
	uint64_t	base;		/* TIME_REL: the first record's time, in ns */
};

char *time_text(const struct time_format *tf, uint64_t ns, char *buf, size_t len);
int time_parse(const char *s, bool end, uint64_t *ns);

#endif
