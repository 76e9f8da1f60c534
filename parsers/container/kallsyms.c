// SPDX-License-Identifier: GPL-2.0-only
/*
 * kallsyms as libtraceevent reads them (kallsyms.h). Its parser reads each
 * line with sscanf("%16llx %c %n%*s%n%*1[\t][%n%*s%n"), stops at the first
 * line it cannot read, leaves out absolute symbols (types A and a) and
 * names starting with '$', and looks an address up in an array sorted by
 * address (registration order reversed, then a stable sort) with
 * bsearch() and a comparison that takes an address inside the symbol
 * before the next one. The same is done here, so that a name we print is
 * the name trace-cmd report prints.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "kallsyms.h"

#define ADDR_WIDTH	16

static bool space(char c)
{
	return isspace((unsigned char)c);
}

static int hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* "%16llx": a sign, a 0x and digits, 16 characters at most. */
static const char *scan_hex(const char *p, uint64_t *v)
{
	int width = ADDR_WIDTH, digits = 0;
	bool minus = false;

	while (space(*p))
		p++;
	if (*p == '+' || *p == '-') {
		minus = *p++ == '-';
		width--;
	}
	if (width >= 2 && p[0] == '0' && (p[1] | 0x20) == 'x' && hex(p[2]) >= 0) {
		p += 2;
		width -= 2;
	}
	for (*v = 0; width > 0 && hex(*p) >= 0; width--, digits++)
		*v = *v << 4 | hex(*p++);
	if (minus)
		*v = -*v;
	return digits ? p : NULL;
}

static const char *skip_word(const char *p)
{
	while (*p && !space(*p))
		p++;
	return p;
}

/* One line, as the sscanf() reads it; false when it stops the parse. */
static bool scan_line(char *line, char *text, struct kallsyms_entry *e, bool *keep)
{
	const char *p = scan_hex(line, &e->addr);
	char type, *name, *end;

	if (!p)
		return false;
	while (space(*p))
		p++;
	if (!*p)
		return false;
	type = *p++;
	while (space(*p))
		p++;
	name = (char *)p;
	end = (char *)skip_word(name);
	if (end == name)
		return false;
	e->module = 0;
	if (end[0] == '\t' && end[1] == '[') {
		char *mod = end + 2, *mod_end = (char *)skip_word(mod);

		if (mod_end > mod) {
			mod_end[-1] = '\0';	/* its ']', or whatever ends it */
			e->module = mod - text;
		}
	}
	*end = '\0';
	e->name = name - text;
	*keep = name[0] != '$' && type != 'A' && type != 'a';
	return true;
}

/* Address order; among equal addresses the later line first (kallsyms.h). */
static int order(const void *a, const void *b)
{
	const struct kallsyms_entry *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->name > y->name ? -1 : x->name < y->name;
}

/**
 * kallsyms_parse() - read a kallsyms text
 * @k: filled; free with kallsyms_free()
 * @text: the NUL-terminated text, taken over (freed with @k)
 *
 * Return: 0, or -1 when memory runs out.
 */
int kallsyms_parse(struct kallsyms *k, char *text)
{
	char *line, *next;
	bool keep;

	memset(k, 0, sizeof(*k));
	k->text = text;
	for (line = text; *line; line = next) {
		struct kallsyms_entry e;

		next = strchr(line, '\n');
		next = next ? (*next = '\0', next + 1) : line + strlen(line);
		if (!*line)
			continue;
		if (!scan_line(line, text, &e, &keep))
			break;
		if (!keep)
			continue;
		if (grow_room(&k->entries, k->nr, sizeof(*k->entries)))
			return -1;
		k->entries[k->nr++] = e;
	}
	/* no symbol: no array, which qsort() may not be given */
	if (k->nr)
		qsort(k->entries, k->nr, sizeof(*k->entries), order);
	return 0;
}

/* libtraceevent's comparison: @addr in @i, or at its start. */
static int compare(const struct kallsyms *k, uint64_t addr, size_t i)
{
	uint64_t next = i + 1 < k->nr ? k->entries[i + 1].addr : 0;

	if (addr == k->entries[i].addr || (addr > k->entries[i].addr && addr < next))
		return 0;
	return addr < k->entries[i].addr ? -1 : 1;
}

/**
 * kallsyms_find() - the symbol libtraceevent names an address with
 * @k: the symbols
 * @addr: the address
 *
 * Return: the entry, or NULL.
 */
const struct kallsyms_entry *kallsyms_find(const struct kallsyms *k, uint64_t addr)
{
	size_t l = 0, u = k->nr;

	while (l < u) {
		size_t i = (l + u) / 2;
		int c = compare(k, addr, i);

		if (!c)
			return &k->entries[i];
		if (c < 0)
			u = i;
		else
			l = i + 1;
	}
	return NULL;
}

void kallsyms_free(struct kallsyms *k)
{
	free(k->text);
	free(k->entries);
	memset(k, 0, sizeof(*k));
}
