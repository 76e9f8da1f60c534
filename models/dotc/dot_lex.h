/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The tokens of Graphviz's DOT language, as much of it as automata use:
 * identifiers (plain, numerals or quoted), the punctuation, and comments
 * skipped.
 */
#ifndef DOT_LEX_H
#define DOT_LEX_H

#include <stdbool.h>

enum dot_tok_kind {
	DOT_TOK_EOF,
	DOT_TOK_ID,		/* a name, a numeral or a quoted string */
	DOT_TOK_LBRACE,
	DOT_TOK_RBRACE,
	DOT_TOK_LBRACKET,
	DOT_TOK_RBRACKET,
	DOT_TOK_EQUALS,
	DOT_TOK_SEMI,
	DOT_TOK_COMMA,
	DOT_TOK_ARROW,		/* -> */
	DOT_TOK_BAD,		/* why says what */
};

/* Where in the specification: its line and column (1-based). */
struct dot_where {
	int	line;
	int	col;
};

/* A piece of the specification's text, not NUL-terminated. */
struct dot_text {
	const char	*s;
	int		len;
};

struct dot_token {
	enum dot_tok_kind	kind;
	struct dot_text		text;	/* an identifier's, inside any quotes */
	bool			quoted;
	struct dot_where	at;
	const char		*why;	/* DOT_TOK_BAD */
};

struct dot_lexer {
	const char	*pos;
	int		line;
	const char	*line_begin;	/* where @line starts: columns count from it */
	bool		line_start;	/* only blanks since the last newline */
};

void dot_lex_init(struct dot_lexer *lx, const char *text);
void dot_lex_next(struct dot_lexer *lx, struct dot_token *t);
bool dot_text_is(const struct dot_text *t, const char *s);
bool dot_token_is_keyword(const struct dot_token *t, const char *word);

#endif
