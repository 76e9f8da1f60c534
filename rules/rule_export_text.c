// SPDX-License-Identifier: GPL-2.0-only
/*
 * A rule's texts in kernel C and Kconfig (rule_export_text.h). One
 * notation everywhere: printable ASCII as it is, a newline \n, a tab \t,
 * every other byte three octal digits (\ooo, never \x: it would take the
 * digits after it), and in each language what would end its text escaped
 * too. rvreplay-spec(5), EXPORT, tells it.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "rule_export_text.h"

static bool printable(unsigned char c)
{
	return c >= ' ' && c <= '~';
}

/* A byte no file shows as it is. */
static void byte(FILE *out, unsigned char c)
{
	if (c == '\n')
		fputs("\\n", out);
	else if (c == '\t')
		fputs("\\t", out);
	else
		fprintf(out, "\\%03o", c);
}

/**
 * rule_export_c_string() - a text as a C string literal
 * @out: where to write it
 * @s: the text
 *
 * Quotes, backslashes and the start of a trigraph (??) are escaped: the
 * literal ends where its last quote is, whatever @s holds.
 */
void rule_export_c_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p == '?' && p[1] == '?')
			fputs("?\\", out);
		else if (printable(*p))
			fputc(*p, out);
		else
			byte(out, *p);
	}
	fputc('"', out);
}

/**
 * rule_export_c_comment() - a text inside a C block comment
 * @out: where to write it
 * @s: the text; the caller writes a blank before and after it
 *
 * No "*" "/" (which would end the comment) nor "/" "*" (-Wcomment) is
 * left: the second character is escaped ("*\/", "/\*"), and so is the
 * second '?' of "??" (a trigraph). A backslash is \134: none starts a
 * line continuation, and every backslash shown is an escape's.
 */
void rule_export_c_comment(FILE *out, const char *s)
{
	unsigned char before = ' ';

	for (const unsigned char *p = (const unsigned char *)s; *p; before = *p++) {
		if (*p == '\\')
			fputs("\\134", out);
		else if ((*p == '/' && before == '*') || (*p == '*' && before == '/') ||
			 (*p == '?' && before == '?'))
			fprintf(out, "\\%c", *p);
		else if (printable(*p))
			fputc(*p, out);
		else
			byte(out, *p);
	}
}

/**
 * rule_export_c_comment_dup() - rule_export_c_comment() of a text, as a string
 * @s: the text
 *
 * For the generators' headers, which take their source's name as a string.
 *
 * Return: the escaped text, for the caller to free; NULL when out of memory.
 */
char *rule_export_c_comment_dup(const char *s)
{
	char *text = NULL;
	size_t len;
	FILE *out = open_memstream(&text, &len);

	if (!out)
		return NULL;
	rule_export_c_comment(out, s);
	if (fclose(out)) {
		free(text);
		return NULL;
	}
	return text;
}

/**
 * rule_export_kconfig_help() - a text on a line of a Kconfig entry's help
 * @out: where to write it
 * @s: the text
 *
 * Kconfig reads a help line as it is, to its end: only a newline (which
 * would end the help, and make what follows the entry's attributes) is
 * to fear, and it is \n. A backslash is \\, so that each one shown is an
 * escape's.
 */
void rule_export_kconfig_help(FILE *out, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '\\')
			fputs("\\\\", out);
		else if (printable(*p))
			fputc(*p, out);
		else
			byte(out, *p);
	}
}
