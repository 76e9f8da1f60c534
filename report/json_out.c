// SPDX-License-Identifier: GPL-2.0-only
/*
 * JSON written a member at a time (json_out.h).
 */
#include <stdlib.h>
#include <string.h>

#include "json_out.h"

#define JSON_OUT_FLAGS	(JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY)

static void indent(FILE *out, int depth)
{
	static const char spaces[] = "                                ";

	for (int n = 2 * depth, k; n > 0; n -= k) {
		k = n < (int)sizeof(spaces) - 1 ? n : (int)sizeof(spaces) - 1;
		fwrite(spaces, 1, k, out);
	}
}

/**
 * json_out_value() - one value, as it reads at @depth of a document
 * @out: where to write
 * @value: the value, released here (NULL: memory ran out)
 * @depth: how deep it sits: its lines after the first are indented so
 * @failed: set when memory runs out
 *
 * JSON text holds no raw newline inside a string: every newline is the
 * dump's own, and takes the indentation.
 */
static void json_out_value(FILE *out, json_t *value, int depth, bool *failed)
{
	char *text = value ? json_dumps(value, JSON_OUT_FLAGS) : NULL;

	json_decref(value);
	if (!text) {
		*failed = true;
		fputs("null", out);
		return;
	}
	for (const char *p = text, *nl; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (!nl) {
			fputs(p, out);
			break;
		}
		fwrite(p, 1, nl + 1 - p, out);
		indent(out, depth);
	}
	free(text);
}

/**
 * json_out_open() - begin an array or an object
 * @o: the writer
 * @out: where to write
 * @depth: how deep it sits (0: a value of the top-level report's members,
 *	   as json_dumpf() of that value writes it)
 * @object: an object (members with keys), else an array
 */
void json_out_open(struct json_out *o, FILE *out, int depth, bool object)
{
	o->out = out;
	o->depth = depth;
	o->close = object ? '}' : ']';
	o->nr = 0;
	o->failed = false;
	fputc(object ? '{' : '[', out);
}

/**
 * json_out_key() - begin the next member: its separator and, in an object,
 *	its key (one of ours: plain ASCII)
 * @o: the writer
 * @key: the key, or NULL in an array
 */
void json_out_key(struct json_out *o, const char *key)
{
	fputs(o->nr++ ? ",\n" : "\n", o->out);
	indent(o->out, o->depth + 1);
	if (key)
		fprintf(o->out, "\"%s\": ", key);
}

/**
 * json_out_add() - the next member
 * @o: the writer
 * @key: its key in an object, NULL in an array
 * @value: the value, released here
 */
void json_out_add(struct json_out *o, const char *key, json_t *value)
{
	json_out_key(o, key);
	json_out_value(o->out, value, o->depth + 1, &o->failed);
}

/* The end: "[]" or "{}" when empty, as jansson writes it. */
void json_out_close(struct json_out *o)
{
	if (o->nr) {
		fputc('\n', o->out);
		indent(o->out, o->depth);
	}
	fputc(o->close, o->out);
}
