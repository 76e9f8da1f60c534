// SPDX-License-Identifier: GPL-2.0-only
/*
 * The DOT tokenizer: Graphviz's comments (C, C++ and '#' lines), quoted
 * strings kept raw, and every other character an error, never skipped.
 */
#include <string.h>
#include <strings.h>

#include "dot_lex.h"

/**
 * dot_lex_init() - start reading a specification
 * @lx: the lexer
 * @text: the whole specification, NUL-terminated
 */
void dot_lex_init(struct dot_lexer *lx, const char *text)
{
	lx->pos = text;
	lx->line = 1;
	lx->line_begin = text;
	lx->line_start = true;
}

static void advance(struct dot_lexer *lx)
{
	if (*lx->pos == '\n') {
		lx->line++;
		lx->line_begin = lx->pos + 1;
		lx->line_start = true;
	} else if (*lx->pos != ' ' && *lx->pos != '\t' && *lx->pos != '\r') {
		lx->line_start = false;
	}
	lx->pos++;
}

static void skip_line(struct dot_lexer *lx)
{
	while (*lx->pos && *lx->pos != '\n')
		advance(lx);
}

/* Blanks and comments; false, with the why, for a comment never closed. */
static bool skip_blanks(struct dot_lexer *lx, struct dot_token *t)
{
	for (;;) {
		const char *p = lx->pos;

		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == '\f') {
			advance(lx);
		} else if ((*p == '#' && lx->line_start) || (p[0] == '/' && p[1] == '/')) {
			skip_line(lx);
		} else if (p[0] == '/' && p[1] == '*') {
			advance(lx);
			advance(lx);
			while (*lx->pos && !(lx->pos[0] == '*' && lx->pos[1] == '/'))
				advance(lx);
			if (!*lx->pos) {
				t->why = "a comment is not closed";
				return false;
			}
			advance(lx);
			advance(lx);
		} else {
			return true;
		}
	}
}

static struct dot_where where(const struct dot_lexer *lx)
{
	return (struct dot_where){ lx->line, (int)(lx->pos - lx->line_begin) + 1 };
}

static bool is_id_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.';
}

/* The text inside the quotes; a backslash keeps the next character. */
static void lex_quoted(struct dot_lexer *lx, struct dot_token *t)
{
	advance(lx);
	t->text.s = lx->pos;
	while (*lx->pos && *lx->pos != '"') {
		if (*lx->pos == '\\' && lx->pos[1])
			advance(lx);
		advance(lx);
	}
	if (!*lx->pos) {
		t->kind = DOT_TOK_BAD;
		t->why = "a quoted string is not closed";
		return;
	}
	t->text.len = lx->pos - t->text.s;
	t->quoted = true;
	advance(lx);
}

static enum dot_tok_kind punctuation(char c)
{
	switch (c) {
	case '{':
		return DOT_TOK_LBRACE;
	case '}':
		return DOT_TOK_RBRACE;
	case '[':
		return DOT_TOK_LBRACKET;
	case ']':
		return DOT_TOK_RBRACKET;
	case '=':
		return DOT_TOK_EQUALS;
	case ';':
		return DOT_TOK_SEMI;
	case ',':
		return DOT_TOK_COMMA;
	default:
		return DOT_TOK_BAD;
	}
}

/**
 * dot_lex_next() - read the next token
 * @lx: the lexer
 * @t: filled with the token; DOT_TOK_BAD says why in t->why
 */
void dot_lex_next(struct dot_lexer *lx, struct dot_token *t)
{
	const char *p;

	memset(t, 0, sizeof(*t));
	t->kind = DOT_TOK_ID;
	if (!skip_blanks(lx, t)) {
		t->kind = DOT_TOK_BAD;
		t->at = where(lx);
		return;
	}
	p = lx->pos;
	t->at = where(lx);
	if (!*p) {
		t->kind = DOT_TOK_EOF;
	} else if (*p == '"') {
		lex_quoted(lx, t);
	} else if (is_id_char(*p) || (p[0] == '-' && (is_id_char(p[1])))) {
		t->text.s = p;
		advance(lx);
		while (is_id_char(*lx->pos))
			advance(lx);
		t->text.len = lx->pos - p;
	} else if (p[0] == '-' && p[1] == '>') {
		t->kind = DOT_TOK_ARROW;
		advance(lx);
		advance(lx);
	} else {
		t->kind = punctuation(*p);
		t->why = p[0] == '-' && p[1] == '-' ? "'--' is an undirected edge, use '->'" :
			 "unexpected character";
		if (t->kind != DOT_TOK_BAD)
			advance(lx);
	}
}

/**
 * dot_text_is() - whether a piece of text is a given string
 * @t: the text
 * @s: the string
 *
 * Return: true if they are the same characters.
 */
bool dot_text_is(const struct dot_text *t, const char *s)
{
	return (int)strlen(s) == t->len && !strncmp(t->s, s, t->len);
}

/**
 * dot_token_is_keyword() - whether a token is a DOT keyword
 * @t: the token
 * @word: the keyword, lower-case
 *
 * Return: true for the unquoted keyword in any case, as Graphviz reads it.
 */
bool dot_token_is_keyword(const struct dot_token *t, const char *word)
{
	return t->kind == DOT_TOK_ID && !t->quoted && (int)strlen(word) == t->text.len &&
	       !strncasecmp(t->text.s, word, t->text.len);
}
