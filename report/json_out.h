/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A large JSON array or object written a member at a time, as the text
 * json_dumpf() writes with JSON_INDENT(2): a report's million groups or
 * tasks never stand in memory as one tree of values.
 */
#ifndef JSON_OUT_H
#define JSON_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

struct json_out {
	FILE		*out;
	int		depth;		/* of the array or object itself */
	char		close;		/* ']' or '}' */
	unsigned long	nr;		/* members written */
	bool		failed;		/* memory ran out: the text is not whole */
};

void json_out_open(struct json_out *o, FILE *out, int depth, bool object);
void json_out_key(struct json_out *o, const char *key);
void json_out_add(struct json_out *o, const char *key, json_t *value);
void json_out_close(struct json_out *o);

#endif
