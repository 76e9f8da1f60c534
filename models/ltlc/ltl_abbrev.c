// SPDX-License-Identifier: GPL-2.0-only
/*
 * Short atom names for ltl_atom_str(), made as rvgen makes them, so that the
 * atoms listed by event_<monitor> trace events read the same as the kernel's.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ltl_emit.h"

static bool skipped(const char *word, size_t len)
{
	static const char *const words[] = { "is", "by", "or", "and" };

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == len && !strncasecmp(words[i], word, len))
			return true;
	return false;
}

/* Two lower-case letters of each '_'-separated word, joined by '_'. */
static void shorten(const char *s, size_t len, char *out)
{
	size_t o = strlen(out), start = 0;
	bool first = true;

	for (size_t i = 0; i <= len; i++) {
		if (i < len && s[i] != '_')
			continue;
		if (!skipped(s + start, i - start)) {
			if (!first)
				out[o++] = '_';
			for (size_t k = start; k < i && k < start + 2; k++)
				out[o++] = tolower((unsigned char)s[k]);
			first = false;
		}
		start = i + 1;
	}
	out[o] = '\0';
}

/* The longest prefix of atoms[i] that another atom shares. */
static size_t shared_prefix(char *const *atoms, int nr, int i)
{
	for (size_t len = strlen(atoms[i]) + 1; len-- > 0;) {
		int count = 0;

		for (int k = 0; k < nr; k++)
			if (!strncmp(atoms[k], atoms[i], len))
				count++;
		if (count > 1)
			return len;
	}
	return 0;
}

/**
 * ltl_atom_abbrev() - the short name of an atom
 * @atoms: all atom names, sorted
 * @nr: how many
 * @i: which one
 *
 * The shared prefix and the rest are shortened separately and joined:
 * WOKEN_BY_HARDIRQ next to WOKEN_BY_NMI is "wo_" + "ha".
 *
 * Return: a malloc'd string, or NULL when memory runs out.
 */
char *ltl_atom_abbrev(char *const *atoms, int nr, int i)
{
	size_t share = shared_prefix(atoms, nr, i), len = strlen(atoms[i]);
	char *out = malloc(2 * len + 2);

	if (!out)
		return NULL;
	out[0] = '\0';
	shorten(atoms[i], share, out);
	shorten(atoms[i] + share, len - share, out);
	return out;
}
