// SPDX-License-Identifier: GPL-2.0-only
/*
 * Format lines matched by hand (format_lines.h). Each line is a
 * NUL-terminated string without its newline.
 */
#include <string.h>

#include "format_lines.h"

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool xdigit(char c)
{
	return digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/* @p past @word, or NULL when it does not start there. */
static const char *past(const char *p, const char *word)
{
	size_t n = strlen(word);

	return strncmp(p, word, n) ? NULL : p + n;
}

/* @p past "[0-9]+;", or NULL. */
static const char *past_number(const char *p)
{
	if (!p || !digit(*p))
		return NULL;
	while (digit(*p))
		p++;
	return *p == ';' ? p + 1 : NULL;
}

/**
 * field_line_parse() - one field line of a format or of header_page
 * @line: the line
 * @out: where its declaration and numbers are, when it matches
 *
 * Return: whether @line is a field line.
 */
bool field_line_parse(const char *line, struct field_line *out)
{
	const char *p = past(line, "\tfield:"), *semi;

	if (!p)
		return false;
	semi = strchr(p, ';');
	if (!semi || semi == p)
		return false;
	out->decl = p;
	out->decl_len = semi - p;
	p = past(semi + 1, "\toffset:");
	out->offset = p;
	p = past_number(p);
	p = p ? past(p, "\tsize:") : NULL;
	out->size = p;
	p = past_number(p);
	if (!p)
		return false;
	if (!*p)
		return true;
	p = past_number(past(p, "\tsigned:"));
	return p && !*p;
}

/**
 * printk_line_well_formed() - whether a printk format line is as a kernel writes it
 * @line: the line
 *
 * Return: true when it is.
 */
bool printk_line_well_formed(const char *line)
{
	const char *p = past(line, "0x");
	size_t rest;

	if (!p || !xdigit(*p))
		return false;
	while (xdigit(*p))
		p++;
	p = past(p, " : \"");
	if (!p)
		return false;
	rest = strlen(p);
	return rest >= 3 && p[rest - 1] == '"';
}
