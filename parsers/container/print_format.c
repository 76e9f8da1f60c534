// SPDX-License-Identifier: GPL-2.0-only
/*
 * A sanity check of an event's print format before libtraceevent parses
 * it: libtraceevent 1.7 folds constant expressions and follows pointers
 * while parsing, without checks.
 */
#include <stdlib.h>
#include <string.h>

#include "print_format.h"

/* brackets nested in a print format, far beyond any kernel's */
#define MAX_ARG_DEPTH	64

static bool ident_char(char c)
{
	return c == '_' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* The group a ')' closed last: what an operand ending there is. */
struct group {
	const char	*end;		/* its ')' */
	bool		call;		/* a name before its '(': a function of it */
	bool		field;		/* REC-> or (REC)-> inside it */
};

/* Whether a field is read at @p: REC-> or REC)-> of (REC)-> */
static bool field_at(const char *start, const char *p)
{
	return (p == start || !ident_char(p[-1])) &&
	       (!strncmp(p, "REC->", 5) || !strncmp(p, "REC)->", 6));
}

/*
 * Whether the operand ending at @at is read from the record (a field, a
 * group holding one, or a function of one), not constants libtraceevent
 * folds while parsing. @last is the group the last ')' closed.
 */
static bool from_record(const char *start, const char *at, const struct group *last)
{
	const char *p = at;

	while (p > start && p[-1] == ' ')
		p--;
	if (p > start && p[-1] == ')')
		return last->end == p - 1 && (last->call || last->field);
	while (p > start && ident_char(p[-1]))
		p--;
	return p - start >= 2 && p[-2] == '-' && p[-1] == '>';
}

static bool nonzero_literal(const char *p)
{
	unsigned long long v;
	char *end;

	while (*p == ' ')
		p++;
	if (*p < '0' || *p > '9')
		return false;
	v = strtoull(p, &end, 0);
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	return v && !ident_char(*end);
}

/* "->" only as REC-> or (REC)->: libtraceevent takes other names for constants. */
static bool rec_arrow(const char *start, const char *p)
{
	if (p - start >= 5 && !strncmp(p - 5, "(REC)", 5))
		return true;
	return p - start >= 3 && !strncmp(p - 3, "REC", 3) &&
	       (p - start == 3 || !ident_char(p[-4]));
}

/*
 * "({": a GNU statement expression (the kernel's min(), ARRAY_SIZE(),
 * switch statements). libtraceevent takes its '{' for an operator it does
 * not know and stops parsing the print format there, marking the event
 * failed: nothing after it is ever parsed.
 */
static bool statement_expression(const char *start, const char *p)
{
	while (p > start && p[-1] == ' ')
		p--;
	return p > start && p[-1] == '(';
}

/**
 * print_format_ok() - whether libtraceevent may parse a print format
 * @print: the text after "print fmt: ", to the end of the event's format
 *
 * The format string and its arguments as C writes them: quotes closed, brackets
 * balanced, every ':' answering a '?' at its depth, no ';' outside a
 * statement expression, "->" only after REC, and no division of constants
 * but by a nonzero number; up to the first statement expression, where
 * libtraceevent stops. libtraceevent 1.7 dereferences NULL on some
 * that are not ("cond ? a:16;b(...) : c"), divides by zero folding
 * "R/EC->x" or "2/0", and reads freed memory folding "2/sizeof(int)" (all
 * found by fuzzing); a kernel divides fields, or by numbers and sizeof.
 */
bool print_format_ok(const char *print)
{
	int pending[MAX_ARG_DEPTH] = { 0 }, depth = 0;
	const char *open[MAX_ARG_DEPTH] = { print };
	bool field[MAX_ARG_DEPTH] = { false };
	struct group last = { NULL, false, false };

	/* one pass, strings skipped: linear in the text, whatever it holds */
	for (const char *p = print; *p; p++) {
		if (*p == '"' || *p == '\'') {
			const char *q = p + 1;

			while (*q && *q != *p)
				q += q[0] == '\\' && q[1] ? 2 : 1;
			if (!*q)
				return false;
			p = q;
			continue;
		}
		if (*p == 'R' && field_at(print, p))
			field[depth] = true;
		if (*p == '{' && statement_expression(print, p))
			return true;
		switch (*p) {
		case '(': case '[': case '{':
			if (++depth == MAX_ARG_DEPTH)
				return false;
			pending[depth] = 0;
			open[depth] = p;
			field[depth] = false;
			break;
		case ')': case ']': case '}':
			if (depth == 0)
				return false;
			last = (struct group){ p, open[depth] > print && ident_char(open[depth][-1]),
					       field[depth] };
			depth--;
			field[depth] |= last.field;
			break;
		case '?':
			pending[depth]++;
			break;
		case ':':
			if (!pending[depth]--)
				return false;
			break;
		case ';':
			if (!depth)
				return false;
			break;
		case '-':
			if (p[1] == '>' && !rec_arrow(print, p))
				return false;
			break;
		case '/':
		case '%':
			if (!from_record(print, p, &last) && !nonzero_literal(p + 1))
				return false;
			break;
		}
	}
	return depth == 0;
}
