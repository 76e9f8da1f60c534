// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the fleet harness's files of text (fleet.h) are made of: text
 * buffers, raw lines, names that break naive code; and the index file, a
 * line at a time (its model is the index's own rules, fleet_check_lists.c).
 * The waiver file is fleet_waivers.c's, the baselines fleet_baselines.c's.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fleet.h"

/* ---- text buffers */

/**
 * text_put - appends bytes, a NUL kept after them
 * @t: the text
 * @data: the bytes
 * @len: their number
 *
 * Out of memory aborts: the harness has nothing better to do.
 */
void text_put(struct text *t, const void *data, size_t len)
{
	if (t->len + len + 1 > t->cap) {
		size_t cap = t->cap ? t->cap : 256;

		while (cap < t->len + len + 1)
			cap *= 2;
		t->p = realloc(t->p, cap);
		if (!t->p)
			abort();
		t->cap = cap;
	}
	memcpy(t->p + t->len, data, len);
	t->len += len;
	t->p[t->len] = '\0';
}

/**
 * text_str - appends a string, without its NUL
 * @t: the text
 * @s: the string
 */
void text_str(struct text *t, const char *s)
{
	text_put(t, s, strlen(s));
}

/**
 * text_free - frees a text and empties it
 * @t: the text
 */
void text_free(struct text *t)
{
	free(t->p);
	memset(t, 0, sizeof(*t));
}

/**
 * text_write - writes a text to a file, made or emptied
 * @t: the text
 * @path: the file
 *
 * Returns 0, or -1 when the file cannot be opened or written whole.
 */
int text_write(const struct text *t, const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	ssize_t n = 0;

	if (fd < 0)
		return -1;
	if (t->len)
		n = write(fd, t->p, t->len);
	close(fd);
	return n == (ssize_t)t->len ? 0 : -1;
}

/**
 * text_raw_line - a line of up to @most - 1 bytes of the program's, whatever they are
 * @t: the text the line is put in
 * @g: the program
 * @most: the bound on the line's length, its end excluded
 */
void text_raw_line(struct text *t, struct program *g, unsigned int most)
{
	unsigned int n = byte(g) % most;

	for (unsigned int i = 0; i < n; i++) {
		char c = byte(g);

		text_put(t, &c, 1);
	}
	text_str(t, "\n");
}

/* ---- names */

/*
 * Names a CI's folders hold, and names that break naive code: a newline,
 * a backslash-n that escapes alike, bytes that are not UTF-8, a terminal's
 * escape, a CI runner's command, a glob, a leading dash.
 */
static const char *const name_table[] = {
	"a", "b", "b-x", "b.d", "board1", "x y", "-n", "*", "[a", "a\\nb", "a\nb",
	"\xff\xfe", "\xc3\xa9t\xc3\xa9", "..x", "\x1b]2;t\a", "##[x", "::e::", "A", "b.dat.d",
	"tr\tab",
};

#define NR_NAMES	(sizeof(name_table) / sizeof(name_table[0]))

/**
 * fleet_name - a name from the program
 * @g: the program
 * @out: set to the name: up to 255 bytes (a file name's limit), never '/',
 *	never NUL, never "." or ".."
 * @len: @out's size
 */
void fleet_name(struct program *g, char *out, size_t len)
{
	unsigned int kind = byte(g) % 24, n;
	size_t i;

	if (kind < NR_NAMES) {
		snprintf(out, len, "%s", name_table[kind]);
	} else if (kind == 20) {
		snprintf(out, len, ".%s", name_table[byte(g) % NR_NAMES]);
	} else if (kind == 21) {
		n = byte(g) % 12 + 1;
		for (i = 0; i < n && i + 1 < len; i++) {
			out[i] = byte(g);
			if (out[i] == '/' || !out[i])
				out[i] = '_';
		}
		out[i] = '\0';
	} else if (kind == 22) {
		/* long: paths near PATH_MAX after a few folders */
		n = 100 + byte(g) % 156;
		for (i = 0; i < n && i + 1 < len; i++)
			out[i] = 'L';
		out[i] = '\0';
	} else {
		snprintf(out, len, "t%u", byte(g));
	}
	if (!strcmp(out, ".") || !strcmp(out, ".."))
		snprintf(out, len, "dot");
}

/* ---- the index file */

/*
 * A line of an index: a path of the tree (as it is, with a CR end, with
 * blanks first, with a '/' after), a comment, a blank line, lines at the 4095-byte limit, a
 * NUL, a CR inside, raw bytes.
 */
void index_op(struct text *t, struct program *g, const struct tree *tree)
{
	char buf[4200];
	unsigned int op = byte(g) % 12, n;

	switch (op) {
	case 0: case 1: case 2: case 3:
		n = byte(g) % 5;
		if (n == 3)
			text_str(t, "  ");
		text_str(t, tree_pick(tree, g, buf, sizeof(buf)));
		if (n == 2)
			text_str(t, "\r");
		if (n == 4)
			text_str(t, "/");
		break;
	case 4:
		text_str(t, "# ");
		text_str(t, tree_pick(tree, g, buf, sizeof(buf)));
		break;
	case 5:
		text_str(t, (const char *[]){ "", "   ", "\r", "#" }[byte(g) % 4]);
		break;
	case 6:
		n = 4090 + byte(g) % 12;
		memset(buf, 'x', n);
		text_put(t, buf, n);
		break;
	case 7:
		text_put(t, "a\0b", 3);
		break;
	case 8:
		text_str(t, "a\rb");
		break;
	default:
		n = byte(g) % 32;
		for (unsigned int i = 0; i < n; i++)
			buf[i] = byte(g);
		text_put(t, buf, n);
		break;
	}
	text_str(t, "\n");
}

