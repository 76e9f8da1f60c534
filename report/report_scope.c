// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the filters keep, in words: the filters named as the command line
 * names them, and what the statistics cover (--pid, --comm, --from, --to).
 */
#include <stdio.h>

#include "escape.h"
#include "report.h"

/* "pid 1, 2" or "named 'a*', 'b'": a list of what a filter keeps, appended at @n. */
static size_t scope_list(char *buf, size_t len, size_t n, const char *lead,
			 const struct report_filter *f, bool comms)
{
	char pattern[ESCAPE_LEN(64)];
	int nr = comms ? f->nr_comms : f->nr_pids;

	for (int i = 0; i < nr && n < len; i++) {
		if (comms)
			n += snprintf(buf + n, len - n, "%s'%s'", i ? ", " : lead,
				      escape(f->comms[i], pattern, sizeof(pattern)));
		else
			n += snprintf(buf + n, len - n, "%s%d", i ? ", " : lead, f->pids[i]);
	}
	return n;
}

/**
 * report_stats_scope() - what the statistics cover, in words
 * @rep: the report
 * @buf: gets "every real-time task, the whole trace", or the tasks and the
 *	 window --pid, --comm, --from, --to (--around) kept
 * @len: its size
 *
 * Return: whether a filter narrows them.
 */
bool report_stats_scope(const struct report *rep, char *buf, size_t len)
{
	const struct report_filter *f = &rep->filter;
	bool window = f->from || f->to != UINT64_MAX;
	char from[32], to[32];
	size_t n = 0;

	buf[0] = '\0';
	if (!f->nr_pids && !f->nr_comms)
		n = snprintf(buf, len, "every real-time task");
	n = scope_list(buf, len, n, "real-time tasks of pid ", f, false);
	if (n < len)
		n = scope_list(buf, len, n, f->nr_pids ? " named " : "real-time tasks named ", f, true);
	if (n < len && f->nr_comms)
		n += snprintf(buf + n, len - n, " (any name they had)");
	if (n >= len)
		return true;
	if (!window) {
		snprintf(buf + n, len - n, ", the whole trace");
		return f->nr_pids || f->nr_comms;
	}
	time_text(rep->replay->times, f->from, from, sizeof(from));
	time_text(rep->replay->times, f->to, to, sizeof(to));
	snprintf(buf + n, len - n, ", from %s to %s (a sleep when any of it, from its switch-out "
		 "to its run, is within; a fault when it is)", f->from ? from : "the start",
		 f->to == UINT64_MAX ? "the end" : to);
	return true;
}

/**
 * report_filters_named() - the filters in use, as the command line names them
 * @f: the filter
 * @buf: gets "--pid, --from, --to" (or "--around"), "" when none
 * @len: its size
 *
 * Return: whether any is in use.
 */
bool report_filters_named(const struct report_filter *f, char *buf, size_t len)
{
	const char *names[] = {
		f->nr_pids ? "--pid" : NULL, f->nr_comms ? "--comm" : NULL,
		f->cpu >= 0 ? "--cpu" : NULL, f->around ? "--around" : NULL,
		!f->around && f->from ? "--from" : NULL,
		!f->around && f->to != UINT64_MAX ? "--to" : NULL,
	};
	size_t n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]) && n < len; i++)
		if (names[i])
			n += snprintf(buf + n, len - n, "%s%s", n ? ", " : "", names[i]);
	return n > 0;
}
