// SPDX-License-Identifier: GPL-2.0-only
/*
 * Times as trace-cmd report prints them (time_text.h).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "mutant.h"
#include "time_text.h"

/**
 * time_text() - a timestamp as trace-cmd report prints the same record's
 * @tf: how (--ts), or NULL for the default: seconds and microseconds
 * @ns: nanoseconds
 * @buf: where to write
 * @len: its size
 *
 * Microseconds are rounded half up, the carry going into the seconds, as
 * libtraceevent's print_event_time() does.
 *
 * Return: @buf.
 */
char *time_text(const struct time_format *tf, uint64_t ns, char *buf, size_t len)
{
	enum time_unit unit = tf ? tf->unit : TIME_US;
	uint64_t us;

	ns = mutant_time(ns);

	if (unit == TIME_REL) {
		uint64_t rel = ns > tf->base ? ns - tf->base : 0;

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

/**
 * time_parse() - seconds as trace-cmd report prints them ("2372.172553")
 * @s: the text: digits, optionally a dot and up to 9 decimals
 * @end: the last nanosecond that prints as @s, not the first
 * @ns: the time in nanoseconds
 *
 * A time of 6 decimals or fewer is a microsecond as trace-cmd report
 * prints it, rounded: it stands for every nanosecond that prints so, from
 * 500 ns before it to 499 after. 7 to 9 decimals are exact.
 *
 * Return: 0, or -1 when @s is not such a time.
 */
int time_parse(const char *s, bool end, uint64_t *ns)
{
	unsigned long long sec = 0, frac = 0;
	int digits = 0, given;
	bool whole;

	if (!s || !*s)
		return -1;
	whole = *s >= '0' && *s <= '9';
	for (; *s >= '0' && *s <= '9'; s++) {
		if (sec > UINT64_MAX / 10000000000ULL)
			return -1;
		sec = sec * 10 + (*s - '0');
	}
	if (*s == '.') {
		for (s++; *s >= '0' && *s <= '9' && digits < 9; s++, digits++)
			frac = frac * 10 + (*s - '0');
	}
	/* a digit at least: "." is no time */
	if (*s || (!whole && !digits))
		return -1;
	for (given = digits; digits < 9; digits++)
		frac *= 10;
	/* nanoseconds in 64 bits: up to 18446744073.709551615 s */
	if (sec > (UINT64_MAX - frac - 499) / 1000000000ULL)
		return -1;
	*ns = sec * 1000000000ULL + frac;
	if (given <= 6)
		*ns = end ? *ns + 499 : *ns < 500 ? 0 : *ns - 500;
	return 0;
}
