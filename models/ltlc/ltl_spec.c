// SPDX-License-Identifier: GPL-2.0-only
/*
 * Parser of .ltl specifications: tokens, definitions, expressions, and the
 * warnings where rvgen's right-grouping decides what a formula means.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltl_spec.h"

/* Deep enough for any real spec, shallow enough for any stack. */
#define LTL_MAX_DEPTH	200
#define LTL_MAX_NAME	128
/*
 * Definitions are expanded recursively, each up to LTL_MAX_DEPTH deep:
 * these bound the stack and the quadratic name lookups.
 */
#define LTL_MAX_DEFS		1024
#define LTL_MAX_DEF_DEPTH	32

enum tok_kind {
	TOK_EOF,
	TOK_NAME,
	TOK_WORD,	/* a lower-case keyword */
	TOK_LPAREN,
	TOK_RPAREN,
	TOK_EQUALS,
	TOK_BAD,
};

struct token {
	enum tok_kind	kind;
	const char	*start;
	int		len;
	int		line;
	int		col;
};

struct parser {
	const char	*path;
	const char	*pos;
	int		line;
	int		col;
	struct token	tok;
	char		*err;
	struct ltl_spec	*spec;
	int		depth;
};

static const struct {
	const char	*word;
	enum ltl_op	op;
} keywords[] = {
	{ "true",	LTL_TRUE },
	{ "false",	LTL_FALSE },
	{ "not",	LTL_NOT },
	{ "always",	LTL_ALWAYS },
	{ "eventually",	LTL_EVENTUALLY },
	{ "next",	LTL_NEXT },
	{ "and",	LTL_AND },
	{ "or",		LTL_OR },
	{ "imply",	LTL_IMPLY },
	{ "equivalent",	LTL_EQUIVALENT },
	{ "until",	LTL_UNTIL },
};

/**
 * ltl_op_word() - the spec-language spelling of an operator
 * @op: the operator
 *
 * Return: "and", "until", ... or "?" for names.
 */
const char *ltl_op_word(enum ltl_op op)
{
	for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if (keywords[i].op == op)
			return keywords[i].word;
	return "?";
}

/**
 * ltl_op_is_binary() - whether an operator takes two operands
 * @op: the operator
 *
 * Return: true for and, or, imply, equivalent and until.
 */
bool ltl_op_is_binary(enum ltl_op op)
{
	return op >= LTL_AND;
}

static bool is_unary(enum ltl_op op)
{
	return op >= LTL_NOT && op <= LTL_NEXT;
}

static int fail(struct parser *p, int line, int col, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (p->err[0])
		return -1;
	n = snprintf(p->err, LTL_MSG_LEN, "%s:%d:%d: error: ", p->path, line, col);
	va_start(ap, fmt);
	vsnprintf(p->err + n, LTL_MSG_LEN - n, fmt, ap);
	va_end(ap);
	return -1;
}

static void advance_char(struct parser *p)
{
	if (*p->pos == '\n') {
		p->line++;
		p->col = 1;
	} else {
		p->col++;
	}
	p->pos++;
}

static void skip_blanks(struct parser *p)
{
	for (;;) {
		if (*p->pos == '#') {
			while (*p->pos && *p->pos != '\n')
				advance_char(p);
		} else if (isspace((unsigned char)*p->pos)) {
			advance_char(p);
		} else {
			return;
		}
	}
}

static bool is_name_start(char c)
{
	return (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_name_char(char c)
{
	return is_name_start(c) || (c >= '0' && c <= '9');
}

static void next_token(struct parser *p)
{
	struct token *t = &p->tok;

	skip_blanks(p);
	t->start = p->pos;
	t->line = p->line;
	t->col = p->col;
	t->len = 1;
	if (!*p->pos) {
		t->kind = TOK_EOF;
		t->len = 0;
		return;
	}
	if (is_name_start(*p->pos) || (*p->pos >= 'a' && *p->pos <= 'z')) {
		bool upper = is_name_start(*p->pos);

		t->kind = upper ? TOK_NAME : TOK_WORD;
		while (upper ? is_name_char(*p->pos) : (*p->pos >= 'a' && *p->pos <= 'z'))
			advance_char(p);
		t->len = p->pos - t->start;
		return;
	}
	switch (*p->pos) {
	case '(':
		t->kind = TOK_LPAREN;
		break;
	case ')':
		t->kind = TOK_RPAREN;
		break;
	case '=':
		t->kind = TOK_EQUALS;
		break;
	default:
		t->kind = TOK_BAD;
		break;
	}
	advance_char(p);
}

static bool word_op(const struct token *t, enum ltl_op *op)
{
	if (t->kind != TOK_WORD)
		return false;
	for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++) {
		if ((int)strlen(keywords[i].word) == t->len &&
		    !strncmp(keywords[i].word, t->start, t->len)) {
			*op = keywords[i].op;
			return true;
		}
	}
	return false;
}

/* How the current token is named in an error message. */
static const char *token_desc(const struct token *t, char *buf, size_t len)
{
	if (t->kind == TOK_EOF)
		return "end of file";
	if (t->kind == TOK_BAD && !isprint((unsigned char)*t->start))
		snprintf(buf, len, "byte 0x%02x", (unsigned char)*t->start);
	else
		snprintf(buf, len, "'%.*s'", t->len > 40 ? 40 : t->len, t->start);
	return buf;
}

static int unexpected(struct parser *p, const char *expected)
{
	char buf[64];
	enum ltl_op op;

	if (p->tok.kind == TOK_WORD && !word_op(&p->tok, &op))
		return fail(p, p->tok.line, p->tok.col,
			    "unknown word %s (operators are lower case, names upper case), expected %s",
			    token_desc(&p->tok, buf, sizeof(buf)), expected);
	return fail(p, p->tok.line, p->tok.col, "expected %s, found %s", expected,
		    token_desc(&p->tok, buf, sizeof(buf)));
}

static struct ltl_expr *new_expr(enum ltl_op op, const struct token *at)
{
	struct ltl_expr *e = calloc(1, sizeof(*e));

	if (!e)
		return NULL;
	e->op = op;
	e->line = at->line;
	e->col = at->col;
	return e;
}

static void free_expr(struct ltl_expr *e)
{
	if (!e)
		return;
	free_expr(e->left);
	free_expr(e->right);
	free(e->name);
	free(e);
}

static char *token_text(const struct token *t)
{
	char *s = malloc(t->len + 1);

	if (s) {
		memcpy(s, t->start, t->len);
		s[t->len] = '\0';
	}
	return s;
}

static struct ltl_expr *parse_expr(struct parser *p);

static struct ltl_expr *parse_operand(struct parser *p)
{
	const char *expected = "a name, true, false, '(' or a unary operator";
	struct token at = p->tok;
	struct ltl_expr *e;
	enum ltl_op op;

	if (at.kind == TOK_LPAREN) {
		next_token(p);
		e = parse_expr(p);
		if (!e)
			return NULL;
		if (p->tok.kind != TOK_RPAREN) {
			unexpected(p, "')' or a binary operator");
			free_expr(e);
			return NULL;
		}
		next_token(p);
		e->parens = true;
		return e;
	}
	if (at.kind == TOK_NAME) {
		if (at.len > LTL_MAX_NAME) {
			fail(p, at.line, at.col, "name longer than %d characters", LTL_MAX_NAME);
			return NULL;
		}
		e = new_expr(LTL_NAME, &at);
		if (!e || !(e->name = token_text(&at))) {
			free(e);
			fail(p, at.line, at.col, "out of memory");
			return NULL;
		}
		next_token(p);
		return e;
	}
	if (word_op(&at, &op) && (op == LTL_TRUE || op == LTL_FALSE)) {
		next_token(p);
		e = new_expr(op, &at);
		if (!e)
			fail(p, at.line, at.col, "out of memory");
		return e;
	}
	unexpected(p, expected);
	return NULL;
}

/* Print an expression as written, for warnings. */
static void print_expr(const struct ltl_expr *e, char *buf, size_t len, size_t *used);

static void append(char *buf, size_t len, size_t *used, const char *s)
{
	size_t n = strlen(s);

	if (*used + n + 1 > len)
		n = *used + 1 < len ? len - *used - 1 : 0;
	memcpy(buf + *used, s, n);
	*used += n;
	buf[*used] = '\0';
}

static void print_operand(const struct ltl_expr *e, bool parens, char *buf, size_t len,
			  size_t *used)
{
	if (parens)
		append(buf, len, used, "(");
	print_expr(e, buf, len, used);
	if (parens)
		append(buf, len, used, ")");
}

static void print_expr(const struct ltl_expr *e, char *buf, size_t len, size_t *used)
{
	if (e->op == LTL_NAME) {
		append(buf, len, used, e->name);
	} else if (e->op == LTL_TRUE || e->op == LTL_FALSE) {
		append(buf, len, used, ltl_op_word(e->op));
	} else if (is_unary(e->op)) {
		append(buf, len, used, ltl_op_word(e->op));
		append(buf, len, used, " ");
		print_operand(e->left, e->left->parens, buf, len, used);
	} else {
		print_operand(e->left, e->left->parens, buf, len, used);
		append(buf, len, used, " ");
		append(buf, len, used, ltl_op_word(e->op));
		append(buf, len, used, " ");
		print_operand(e->right, e->right->parens, buf, len, used);
	}
}

static char *format(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = malloc(n + 1);
	if (!s)
		return NULL;
	va_start(ap, fmt);
	vsnprintf(s, n + 1, fmt, ap);
	va_end(ap);
	return s;
}

static int add_warning(struct parser *p, const struct ltl_expr *e)
{
	const struct ltl_expr *left = is_unary(e->op) ? NULL : e->left;
	const struct ltl_expr *right = left ? e->right : e->left;
	char text[LTL_MSG_LEN], *msg, **list;
	size_t used = 0;

	text[0] = '\0';
	if (left) {
		print_operand(left, left->parens, text, sizeof(text), &used);
		append(text, sizeof(text), &used, " ");
	}
	append(text, sizeof(text), &used, ltl_op_word(e->op));
	append(text, sizeof(text), &used, " ");
	print_operand(right, true, text, sizeof(text), &used);

	list = realloc(p->spec->warnings, (p->spec->nr_warnings + 1) * sizeof(*list));
	if (list)
		p->spec->warnings = list;
	msg = format("%s:%d:%d: warning: '%s' applies to everything on its right: %s",
		     p->path, e->line, e->col, ltl_op_word(e->op), text);
	if (!msg || !list) {
		free(msg);
		return fail(p, e->line, e->col, "out of memory");
	}
	p->spec->warnings[p->spec->nr_warnings++] = msg;
	return 0;
}

/* Where right-extension decides the meaning, a reader may be surprised. */
static int check_grouping(struct parser *p, const struct ltl_expr *e)
{
	const struct ltl_expr *operand = is_unary(e->op) ? e->left : e->right;

	if (operand->parens || !ltl_op_is_binary(operand->op))
		return 0;
	if (ltl_op_is_binary(e->op) && operand->op == e->op)
		return 0;
	return add_warning(p, e);
}

static struct ltl_expr *parse_unary(struct parser *p, enum ltl_op op)
{
	struct token at = p->tok;
	struct ltl_expr *e = new_expr(op, &at);

	if (!e) {
		fail(p, at.line, at.col, "out of memory");
		return NULL;
	}
	next_token(p);
	e->left = parse_expr(p);
	if (!e->left || check_grouping(p, e)) {
		free_expr(e);
		return NULL;
	}
	return e;
}

static struct ltl_expr *parse_binary(struct parser *p, struct ltl_expr *left, enum ltl_op op)
{
	struct token at = p->tok;
	struct ltl_expr *e = new_expr(op, &at);

	if (!e) {
		free_expr(left);
		fail(p, at.line, at.col, "out of memory");
		return NULL;
	}
	e->left = left;
	next_token(p);
	e->right = parse_expr(p);
	if (!e->right || check_grouping(p, e)) {
		free_expr(e);
		return NULL;
	}
	return e;
}

static struct ltl_expr *parse_expr(struct parser *p)
{
	struct ltl_expr *left, *e = NULL;
	enum ltl_op op;

	if (++p->depth > LTL_MAX_DEPTH) {
		fail(p, p->tok.line, p->tok.col, "expression nested deeper than %d levels",
		     LTL_MAX_DEPTH);
		goto out;
	}
	if (word_op(&p->tok, &op) && is_unary(op)) {
		e = parse_unary(p, op);
		goto out;
	}
	left = parse_operand(p);
	if (!left)
		goto out;
	if (word_op(&p->tok, &op) && ltl_op_is_binary(op)) {
		e = parse_binary(p, left, op);
		goto out;
	}
	if (p->tok.kind == TOK_WORD) {
		unexpected(p, "a binary operator");
		free_expr(left);
		goto out;
	}
	e = left;
out:
	p->depth--;
	return e;
}

/**
 * ltl_spec_find() - look a definition up by name
 * @spec: the parsed specification
 * @name: the name
 *
 * Return: its index in spec->defs, or -1.
 */
int ltl_spec_find(const struct ltl_spec *spec, const char *name)
{
	for (int i = 0; i < spec->nr_defs; i++)
		if (!strcmp(spec->defs[i].name, name))
			return i;
	return -1;
}

static int parse_definition(struct parser *p, bool first)
{
	struct token name = p->tok;
	struct ltl_def *defs, *d;
	char buf[64];
	int prev;

	if (name.kind != TOK_NAME)
		return unexpected(p, first ? "a definition 'NAME = formula'"
				  : "a binary operator, or a new definition 'NAME = formula'");
	next_token(p);
	if (p->tok.kind != TOK_EQUALS) {
		if (first)
			return unexpected(p, "'=' after the name of a definition");
		return fail(p, name.line, name.col,
			    "%s follows a complete formula: expected a binary operator before it, or '=' after it",
			    token_desc(&name, buf, sizeof(buf)));
	}
	next_token(p);
	if (p->spec->nr_defs == LTL_MAX_DEFS)
		return fail(p, name.line, name.col, "more than %d definitions", LTL_MAX_DEFS);
	defs = realloc(p->spec->defs, (p->spec->nr_defs + 1) * sizeof(*defs));
	if (!defs)
		return fail(p, name.line, name.col, "out of memory");
	p->spec->defs = defs;
	d = &defs[p->spec->nr_defs];
	memset(d, 0, sizeof(*d));
	d->line = name.line;
	d->col = name.col;
	d->name = token_text(&name);
	if (!d->name)
		return fail(p, name.line, name.col, "out of memory");
	p->spec->nr_defs++;
	prev = ltl_spec_find(p->spec, d->name);
	if (prev < p->spec->nr_defs - 1)
		return fail(p, name.line, name.col, "'%s' is already defined at line %d",
			    d->name, p->spec->defs[prev].line);
	d->expr = parse_expr(p);
	return d->expr ? 0 : -1;
}

/*
 * Depth-first walk of the definitions a formula uses, finding cycles and
 * each definition's height (the longest chain of definitions below it, any
 * expansion's depth): *h is the largest height the formula uses.
 */
struct def_walk {
	char	*state;		/* 0 unseen, 1 on the chain, 2 done */
	int	*height;
	int	*chain;
};

static int nesting(struct parser *p, const struct ltl_expr *at)
{
	return fail(p, at->line, at->col, "definitions nested deeper than %d levels through '%s'",
		    LTL_MAX_DEF_DEPTH, at->name);
}

static int visit(struct parser *p, const struct ltl_expr *e, struct def_walk *w, int depth,
		 int *h)
{
	int i, left = 0, right = 0, below = 0;

	*h = 0;
	if (!e)
		return 0;
	if (e->op != LTL_NAME) {
		if (visit(p, e->left, w, depth, &left) || visit(p, e->right, w, depth, &right))
			return -1;
		*h = left > right ? left : right;
		return 0;
	}
	i = ltl_spec_find(p->spec, e->name);
	if (i < 0)
		return 0;
	if (w->state[i] == 2) {
		*h = w->height[i];
		return 0;
	}
	if (i == p->spec->rule)
		return fail(p, e->line, e->col, "RULE is the formula and cannot be used inside one");
	if (w->state[i] == 1) {
		char path[LTL_MSG_LEN];
		size_t used = 0;
		int k = 0;

		path[0] = '\0';
		while (w->chain[k] != i)
			k++;
		for (; k < depth; k++) {
			append(path, sizeof(path), &used, p->spec->defs[w->chain[k]].name);
			append(path, sizeof(path), &used, " -> ");
		}
		append(path, sizeof(path), &used, e->name);
		return fail(p, e->line, e->col, "recursive definition: %s", path);
	}
	if (depth >= LTL_MAX_DEF_DEPTH)
		return nesting(p, e);
	w->state[i] = 1;
	w->chain[depth] = i;
	if (visit(p, p->spec->defs[i].expr, w, depth + 1, &below))
		return -1;
	w->state[i] = 2;
	w->height[i] = below + 1;
	if (w->height[i] > LTL_MAX_DEF_DEPTH)
		return nesting(p, e);
	*h = w->height[i];
	return 0;
}

static int check_definitions(struct parser *p)
{
	struct ltl_spec *s = p->spec;
	struct def_walk w;
	int ret = -1, h;

	s->rule = ltl_spec_find(s, "RULE");
	if (s->rule < 0)
		return fail(p, p->line, p->col, "no RULE: write the formula as 'RULE = ...'");
	w.state = calloc(s->nr_defs, 1);
	w.height = calloc(s->nr_defs, sizeof(*w.height));
	w.chain = calloc(s->nr_defs + 1, sizeof(*w.chain));
	if (!w.state || !w.height || !w.chain) {
		fail(p, 1, 1, "out of memory");
		goto out;
	}
	w.state[s->rule] = 1;
	w.chain[0] = s->rule;
	if (visit(p, s->defs[s->rule].expr, &w, 1, &h))
		goto out;
	for (int i = 0; i < s->nr_defs; i++) {
		if (i != s->rule && !w.state[i]) {
			fail(p, s->defs[i].line, s->defs[i].col,
			     "'%s' is defined but RULE never uses it (a misspelled use would silently be an atom)",
			     s->defs[i].name);
			goto out;
		}
	}
	ret = 0;
out:
	free(w.state);
	free(w.height);
	free(w.chain);
	return ret;
}

/**
 * ltl_spec_parse() - parse a specification
 * @path: the file name, for messages
 * @text: the NUL-terminated contents
 * @spec: filled with the definitions and warnings; free with ltl_spec_free()
 * @err: LTL_MSG_LEN bytes, "path:line:col: error: ..." on failure
 *
 * Checks that RULE exists, that no name is defined twice, that no definition
 * uses itself, that every definition is used, and the limits that keep the
 * expansion bounded: LTL_MAX_DEFS definitions nested LTL_MAX_DEF_DEPTH deep.
 *
 * Return: 0, or -1 with @err set.
 */
int ltl_spec_parse(const char *path, const char *text, struct ltl_spec *spec, char *err)
{
	struct parser p = {
		.path = path, .pos = text, .line = 1, .col = 1, .err = err, .spec = spec,
	};

	memset(spec, 0, sizeof(*spec));
	spec->rule = -1;
	err[0] = '\0';
	spec->path = strdup(path);
	if (!spec->path)
		return fail(&p, 1, 1, "out of memory");
	next_token(&p);
	for (bool first = true; p.tok.kind != TOK_EOF; first = false) {
		if (parse_definition(&p, first))
			return -1;
	}
	return check_definitions(&p);
}

/**
 * ltl_spec_free() - release what ltl_spec_parse() allocated
 * @spec: the specification (may be partially filled after an error)
 */
void ltl_spec_free(struct ltl_spec *spec)
{
	for (int i = 0; i < spec->nr_defs; i++) {
		free(spec->defs[i].name);
		free_expr(spec->defs[i].expr);
	}
	for (int i = 0; i < spec->nr_warnings; i++)
		free(spec->warnings[i]);
	free(spec->warnings);
	free(spec->defs);
	free(spec->path);
	memset(spec, 0, sizeof(*spec));
}
