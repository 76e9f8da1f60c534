// SPDX-License-Identifier: GPL-2.0-only
/*
 * Times as trace-cmd report prints them (time_text.h).
 */
#include <stdio.h>

#include "time_text.h"

static enum time_unit unit = TIME_US;
static uint64_t base;		/* TIME_REL: the first record's time */

/**
 * time_text_unit() - how every later time is printed
 * @u: TIME_US or TIME_NS (rvreplay --ts)
 */
void time_text_unit(enum time_unit u)
{
	unit = u;
}

/**
 * time_text_base() - the time --ts rel counts from
 * @first: the trace's first record, in ns
 */
void time_text_base(uint64_t first)
{
	base = first;
}

/**
 * time_text_current() - the unit times are printed in
 *
 * Return: TIME_US or TIME_NS.
 */
enum time_unit time_text_current(void)
{
	return unit;
}

/**
 * time_text() - a timestamp as trace-cmd report prints the same record's
 * @ns: nanoseconds
 * @buf: where to write
 * @len: its size
 *
 * Microseconds are rounded half up, the carry going into the seconds, as
 * libtraceevent's print_event_time() does.
 *
 * Return: @buf.
 */
char *time_text(uint64_t ns, char *buf, size_t len)
{
	uint64_t us;

	if (unit == TIME_REL) {
		uint64_t rel = ns > base ? ns - base : 0;

		us = rel / 1000 + (rel % 1000 >= 500);
		snprintf(buf, len, "+%llu.%06llu", (unsigned long long)(us / 1000000ULL),
			 (unsigned long long)(us % 1000000ULL));
		return buf;
	}
	us = ns / 1000 + (ns % 1000 >= 500);
	if (unit == TIME_NS)
		snprintf(buf, len, "%llu.%09llu", (unsigned long long)(ns / 1000000000ULL),
			 (unsigned long long)(ns % 1000000000ULL));
	else
		snprintf(buf, len, "%llu.%06llu", (unsigned long long)(us / 1000000ULL),
			 (unsigned long long)(us % 1000000ULL));
	return buf;
}
