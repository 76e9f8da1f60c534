// SPDX-License-Identifier: GPL-2.0-only
/*
 * The one escaping of text from a trace (escape.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "escape.h"

/* Bytes of the UTF-8 sequence starting at @s, 0 when it is not one. */
static int utf8_length(const unsigned char *s)
{
	int n, i;
	unsigned int cp;

	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	n = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
	cp = s[0] & (0x3f >> (n - 1));
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong, surrogates, beyond Unicode */
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/* Whether a whole UTF-8 sequence is a C1 control (U+0080 to U+009F). */
static bool c1(const unsigned char *s, int n)
{
	return n == 2 && s[0] == 0xc2 && s[1] < 0xa0;
}

/*
 * Log lines that CI runners take for commands: GitHub Actions' "::cmd::"
 * at the start of a line (after blanks), Buildkite's "--- ", "+++ " and
 * "~~~ " group headers and Travis's "travis_fold:" there too; and anywhere
 * in a line GitHub's older and Azure's "##[" and "##vso[", TeamCity's
 * "##teamcity[". Their first byte at the start of a text, their '['
 * anywhere, is escaped: no text from a trace is ever such a command,
 * wherever a report puts it.
 */
static const char *const line_start_commands[] = {
	"::", "--- ", "+++ ", "~~~ ", "travis_fold:", "travis_time:",
};
static const char *const anywhere_commands[] = { "##", "##vso", "##teamcity" };

static bool starts_with_any(const unsigned char *p, const char *const *words, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strncasecmp((const char *)p, words[i], strlen(words[i])))
			return true;
	return false;
}

/* Whether the byte at @p begins or ends a CI runner's command in @s. */
static bool ci_command(const unsigned char *s, const unsigned char *p)
{
	const unsigned char *first = s;

	while (*first == ' ' || *first == '\t')
		first++;
	if (p == first && starts_with_any(p, line_start_commands,
					  sizeof(line_start_commands) / sizeof(line_start_commands[0])))
		return true;
	if (*p != '[')
		return false;
	for (size_t i = 0; i < sizeof(anywhere_commands) / sizeof(anywhere_commands[0]); i++) {
		size_t n = strlen(anywhere_commands[i]);

		if ((size_t)(p - s) >= n && !strncasecmp((const char *)p - n, anywhere_commands[i], n))
			return true;
	}
	return false;
}

/* Bidirectional controls (U+200E, U+200F, U+202A-U+202E, U+2066-U+2069): reorder what follows. */
static bool bidi(const unsigned char *s, int n)
{
	if (n != 3 || s[0] != 0xe2)
		return false;
	return (s[1] == 0x80 && (s[2] == 0x8e || s[2] == 0x8f || (s[2] >= 0xaa && s[2] <= 0xae))) ||
	       (s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9);
}

/**
 * escape() - text from a trace, safe for a terminal, a file and JSON
 * @s: the text (NUL-terminated)
 * @out: where the escaped text goes
 * @len: its size: ESCAPE_LEN(strlen(@s)) always suffices; shorter cuts it
 *	 between characters
 *
 * Return: @out.
 */
char *escape(const char *s, char *out, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t used = 0;

	if (!len)
		return out;
	for (; *p; ) {
		int n = *p < 0x80 ? 1 : utf8_length(p);
		char piece[16];
		size_t k = 0;

		if (*p == '\\') {
			k = snprintf(piece, sizeof(piece), "\\\\");
		} else if (n == 1 && *p >= 0x20 && *p != 0x7f && !ci_command((const unsigned char *)s, p)) {
			piece[k++] = *p;
		} else if (n > 1 && !c1(p, n) && !bidi(p, n)) {
			for (int i = 0; i < n; i++)
				piece[k++] = p[i];
		} else {
			/* a control, or a byte that starts no character: each byte shown */
			for (int i = 0; i < (n ? n : 1); i++)
				k += snprintf(piece + k, sizeof(piece) - k, "\\x%02x", p[i]);
		}
		if (used + k >= len)
			break;
		for (size_t i = 0; i < k; i++)
			out[used++] = piece[i];
		p += n ? n : 1;
	}
	out[used] = '\0';
	return out;
}

/**
 * escape_dup() - escape() into a new string
 * @s: the text
 *
 * Return: the escaped text (free() it), or NULL when memory runs out.
 */
char *escape_dup(const char *s)
{
	size_t len = ESCAPE_LEN(strlen(s));
	char *out = malloc(len);

	return out ? escape(s, out, len) : NULL;
}
