// SPDX-License-Identifier: GPL-2.0-only
/*
 * Errors a person can fix: one line with the file, line and column, and
 * for a misspelt name the nearest valid one.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gen_file.h"
#include "rule_local.h"

/**
 * rule_pos_text() - a place as errors name it
 * @pos: where
 * @buf: gets "file:line:col"
 * @len: its size
 *
 * Return: @buf.
 */
const char *rule_pos_text(struct rule_pos pos, char *buf, size_t len)
{
	snprintf(buf, len, "%s:%d:%d", pos.path, pos.line, pos.col);
	return buf;
}

/**
 * rule_error() - "file:line:col: error: ..." into @err
 * @err: RULE_ERR_LEN bytes
 * @pos: where
 * @fmt: what
 *
 * Return: -1, for the caller to return.
 */
int rule_error(char *err, struct rule_pos pos, const char *fmt, ...)
{
	char at[RULE_ERR_LEN];
	va_list ap;
	int n;

	n = snprintf(err, RULE_ERR_LEN, "%s: error: ", rule_pos_text(pos, at, sizeof(at)));
	va_start(ap, fmt);
	if (n > 0 && n < RULE_ERR_LEN)
		vsnprintf(err + n, RULE_ERR_LEN - n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Levenshtein distance, bounded to short words. */
static int distance(const char *a, const char *b)
{
	int row[64], la = strlen(a), lb = strlen(b);

	if (la >= 63 || lb >= 63)
		return 99;
	for (int j = 0; j <= lb; j++)
		row[j] = j;
	for (int i = 1; i <= la; i++) {
		int diag = row[0];

		row[0] = i;
		for (int j = 1; j <= lb; j++) {
			int up = row[j], best = diag + (tolower((unsigned char)a[i - 1]) !=
							tolower((unsigned char)b[j - 1]));

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

/* The valid name nearest a misspelt one, within a third of its length (2 edits at least). */
static const char *nearest(const char *word, const char *const *names, int nr)
{
	const char *best = NULL;
	int best_d = 99, limit = strlen(word) / 3 > 2 ? (int)strlen(word) / 3 : 2;

	for (int i = 0; i < nr; i++) {
		int d;

		if (!names[i])
			continue;
		d = distance(word, names[i]);
		if (d < best_d) {
			best_d = d;
			best = names[i];
		}
	}
	return best_d <= limit ? best : NULL;
}

/**
 * rule_did_you_mean() - what an error adds for a misspelt name
 * @word: as written
 * @names: the valid ones (NULL entries skipped)
 * @nr: how many
 * @buf: for the words
 * @len: its size
 *
 * Return: " (did you mean NAME?)" with the nearest valid name, or "" when none is near.
 */
const char *rule_did_you_mean(const char *word, const char *const *names, int nr, char *buf,
			      size_t len)
{
	const char *near = nearest(word, names, nr);

	if (!near)
		return "";
	snprintf(buf, len, " (did you mean %s?)", near);
	return buf;
}

/* A C name of 31 characters at most, a letter first: a monitor's, as rvgen needs it. */
bool rule_is_name(const char *s)
{
	size_t n = strlen(s);

	return n <= 31 && isalpha((unsigned char)s[0]) && gen_is_c_name(s, n);
}
