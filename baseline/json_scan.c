// SPDX-License-Identifier: GPL-2.0-only
/*
 * JSON read as a stream (json_scan.h). The grammar is RFC 8259's; a value
 * is kept byte for byte, so that Jansson parses it as it stood.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json_scan.h"

void json_scan_init(struct json_scan *s, FILE *f)
{
	memset(s, 0, sizeof(*s));
	s->f = f;
	s->line = 1;
}

void json_scan_release(struct json_scan *s)
{
	free(s->text);
	s->text = NULL;
	s->cap = s->len = 0;
}

/* The first thing found wrong stays what is said. */
static int fail(struct json_scan *s, const char *fmt, ...)
{
	va_list ap;

	if (s->error[0])
		return -1;
	va_start(ap, fmt);
	vsnprintf(s->error, sizeof(s->error), fmt, ap);
	va_end(ap);
	return -1;
}

static int keep_char(struct json_scan *s, int c)
{
	char *p;

	if (s->len + 1 >= s->cap) {
		if (s->cap >= JSON_SCAN_KEEP_MAX)
			return fail(s, "a value over %u MiB where rvreplay writes small ones",
				    JSON_SCAN_KEEP_MAX >> 20);
		p = realloc(s->text, s->cap ? 2 * s->cap : 256);
		if (!p)
			return fail(s, "out of memory");
		s->text = p;
		s->cap = s->cap ? 2 * s->cap : 256;
	}
	s->text[s->len++] = c;
	return 0;
}

/* The next character, not consumed (EOF at the end or on an error). */
static int look(struct json_scan *s)
{
	if (s->in_at == s->in_len) {
		s->in_len = fread(s->in, 1, sizeof(s->in), s->f);
		s->in_at = 0;
		if (!s->in_len)
			return EOF;
	}
	return s->in[s->in_at];
}

/* The next character, consumed (EOF at the end; -2 when it cannot be kept). */
static int take(struct json_scan *s)
{
	int c = look(s);

	if (c == EOF)
		return EOF;
	s->in_at++;
	if (c == '\n')
		s->line++;
	if (s->keeping && keep_char(s, c))
		return -2;
	return c;
}

static void blanks(struct json_scan *s)
{
	int c;

	while ((c = look(s)) == ' ' || c == '\t' || c == '\r' || c == '\n')
		take(s);
}

/**
 * json_scan_peek() - the next character after blanks, not consumed
 * @s: the scan
 *
 * Return: the character, or EOF at the end.
 */
int json_scan_peek(struct json_scan *s)
{
	blanks(s);
	return look(s);
}

/**
 * json_scan_expect() - consume @c after blanks
 * @s: the scan
 * @c: '{', ':', ','...
 *
 * Return: 0, or -1 with .error set.
 */
int json_scan_expect(struct json_scan *s, char c)
{
	int got = json_scan_peek(s);

	s->error[0] = '\0';
	if (got != c)
		return got == EOF ? fail(s, "the end of the file where '%c' was expected", c) :
		       fail(s, "'%c' where '%c' was expected", got, c);
	take(s);
	return 0;
}

/* The four hex digits of a \u escape, to @out as written if given. */
static int hex4(struct json_scan *s, char *out, size_t *n, size_t len)
{
	for (int i = 0; i < 4; i++) {
		int c = take(s);

		/* c 0: strchr() finds the string's end */
		if (c <= 0 || !strchr("0123456789abcdefABCDEF", c))
			return fail(s, "a \\u escape without four hex digits");
		if (out && *n + 1 < len)
			out[(*n)++] = c;
	}
	return 0;
}

/* The rest of a string after its opening quote; its bytes to @out (cut at @len) if given. */
static int string_rest(struct json_scan *s, char *out, size_t len)
{
	size_t n = 0;
	int c;

	for (;;) {
		c = take(s);
		if (c == -2)
			return -1;
		if (c == EOF)
			return fail(s, "the end of the file inside a string");
		if (c == '"')
			break;
		if (c < 0x20)
			return fail(s, "a control character inside a string");
		if (out && n + 1 < len)
			out[n++] = c;
		if (c != '\\')
			continue;
		c = take(s);
		if (c <= 0 || !strchr("\"\\/bfnrtu", c))
			return fail(s, "an invalid escape in a string");
		if (out && n + 1 < len)
			out[n++] = c;
		if (c == 'u' && hex4(s, out, &n, len))
			return -1;
	}
	if (out)
		out[n] = '\0';
	return 0;
}

/**
 * json_scan_key() - an object's key, after blanks
 * @s: the scan
 * @key: gets it, raw (escapes as written), cut to @len
 * @len: size of @key
 *
 * Return: 0, or -1 with .error set.
 */
int json_scan_key(struct json_scan *s, char *key, size_t len)
{
	if (json_scan_expect(s, '"'))
		return -1;
	s->error[0] = '\0';
	return string_rest(s, key, len);
}

static int digits(struct json_scan *s)
{
	int c, n = 0;

	while ((c = look(s)) >= '0' && c <= '9') {
		take(s);
		n++;
	}
	return n ? 0 : fail(s, "a number without digits");
}

static int number(struct json_scan *s)
{
	int c = look(s);

	if (c == '-')
		take(s);
	if (look(s) == '0')
		take(s);
	else if (digits(s))
		return -1;
	if (look(s) == '.') {
		take(s);
		if (digits(s))
			return -1;
	}
	c = look(s);
	if (c == 'e' || c == 'E') {
		take(s);
		c = look(s);
		if (c == '+' || c == '-')
			take(s);
		if (digits(s))
			return -1;
	}
	return s->error[0] ? -1 : 0;
}

static int literal(struct json_scan *s, const char *word)
{
	for (const char *p = word; *p; p++)
		if (take(s) != *p)
			return fail(s, "not a JSON value");
	return 0;
}

static int value(struct json_scan *s, unsigned int depth);

/* The members or elements of an object or array, its opening consumed. */
static int members(struct json_scan *s, unsigned int depth, bool object)
{
	char close = object ? '}' : ']';
	int c;

	if (depth >= JSON_SCAN_DEPTH)
		return fail(s, "nested over %d deep", JSON_SCAN_DEPTH);
	blanks(s);
	if (look(s) == close) {
		take(s);
		return 0;
	}
	for (;;) {
		blanks(s);
		if (object && (take(s) != '"' || string_rest(s, NULL, 0) ||
			       (blanks(s), take(s) != ':')))
			return s->error[0] ? -1 : fail(s, "an object member that is not \"key\": value");
		if (value(s, depth + 1))
			return -1;
		blanks(s);
		c = take(s);
		if (c == close)
			return 0;
		if (c != ',')
			return c == EOF ? fail(s, "the end of the file inside %s",
					       object ? "an object" : "an array") :
			       s->error[0] ? -1 : fail(s, "'%c' where ',' or '%c' was expected",
						       c, close);
	}
}

static int value(struct json_scan *s, unsigned int depth)
{
	int c;

	blanks(s);
	c = look(s);
	switch (c) {
	case '{':
	case '[':
		take(s);
		return members(s, depth, c == '{');
	case '"':
		take(s);
		return string_rest(s, NULL, 0);
	case 't':
		return literal(s, "true");
	case 'f':
		return literal(s, "false");
	case 'n':
		return literal(s, "null");
	case EOF:
		return fail(s, "the end of the file where a value was expected");
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return number(s);
		return fail(s, "'%c' where a value was expected", c);
	}
}

/**
 * json_scan_value() - one whole value, after blanks
 * @s: the scan
 * @keep: keep its text in .text (.len bytes, NUL-ended), up to
 *	  JSON_SCAN_KEEP_MAX; else only check it
 *
 * Return: 0, or -1 with .error set.
 */
int json_scan_value(struct json_scan *s, bool keep)
{
	int ret;

	s->error[0] = '\0';
	blanks(s);
	s->len = 0;
	s->keeping = keep;
	ret = value(s, 0);
	s->keeping = false;
	if (!ret && keep && keep_char(s, '\0'))
		return -1;
	if (keep && !ret)
		s->len--;
	return ret;
}
