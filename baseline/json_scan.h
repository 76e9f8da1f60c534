/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * JSON read as a stream, a value at a time: a report of 471 MB is judged
 * by its groups without holding its violations. Every value is checked
 * against JSON's grammar, kept or skipped; a kept one (a group, a
 * summary) is parsed by the caller, and is bounded.
 */
#ifndef JSON_SCAN_H
#define JSON_SCAN_H

#include <stdbool.h>
#include <stdio.h>

#define JSON_SCAN_KEEP_MAX	(16u << 20)	/* a kept value, at most */
#define JSON_SCAN_DEPTH		256		/* nesting, at most */

struct json_scan {
	FILE		*f;
	unsigned char	in[65536];	/* read ahead */
	size_t		in_at;
	size_t		in_len;
	unsigned int	line;		/* of the next character, from 1 */
	bool		keeping;
	char		*text;		/* the value json_scan_value() kept, NUL-ended */
	size_t		len;
	size_t		cap;
	char		error[160];	/* what is wrong, at .line */
};

void json_scan_init(struct json_scan *s, FILE *f);
void json_scan_release(struct json_scan *s);
int json_scan_peek(struct json_scan *s);
int json_scan_expect(struct json_scan *s, char c);
int json_scan_key(struct json_scan *s, char *key, size_t len);
int json_scan_value(struct json_scan *s, bool keep);

#endif
