// SPDX-License-Identifier: GPL-2.0-only
/*
 * The parser of an automaton's .dot file: a digraph of node, edge and
 * attribute statements, in nested anonymous subgraphs (rvgen's files put
 * each node in its own { node [shape = ...] "name" }). Anything else of
 * DOT is refused, so nothing is silently read another way than Graphviz
 * would draw it.
 */
#include <string.h>

#include "dot_automaton.h"

/* Deeper subgraphs than any drawing needs; bounds the recursion. */
#define DOT_MAX_DEPTH	32

struct parser {
	struct dot_lexer	lx;
	struct dot_token	tok;
	struct dot_automaton	*a;
	char			*err;
};

/* The defaults a node or edge statement takes from its subgraphs. */
struct scope {
	struct dot_text	shape;
	struct dot_text	label;
	bool		has_shape;
	bool		has_label;
};

static int next(struct parser *p)
{
	dot_lex_next(&p->lx, &p->tok);
	if (p->tok.kind == DOT_TOK_BAD)
		return dot_fail(p->a, p->err, p->tok.at, "%s", p->tok.why);
	return 0;
}

static const char *describe(const struct dot_token *t)
{
	switch (t->kind) {
	case DOT_TOK_EOF:
		return "the end of the file";
	case DOT_TOK_ID:
		return "a name";
	case DOT_TOK_ARROW:
		return "'->'";
	default:
		return "punctuation";
	}
}

static int expect(struct parser *p, enum dot_tok_kind kind, const char *what)
{
	if (p->tok.kind != kind)
		return dot_fail(p->a, p->err, p->tok.at, "expected %s, found %s", what,
				describe(&p->tok));
	return next(p);
}

static bool is_any_keyword(const struct dot_token *t)
{
	static const char *const words[] = {
		"digraph", "edge", "graph", "node", "strict", "subgraph",
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (dot_token_is_keyword(t, words[i]))
			return true;
	return false;
}

/* [ key = value, ... ] ...: keeps shape and label, the only ones that matter. */
static int attr_list(struct parser *p, struct scope *s)
{
	while (p->tok.kind == DOT_TOK_LBRACKET) {
		if (next(p))
			return -1;
		while (p->tok.kind == DOT_TOK_ID) {
			struct dot_text key = p->tok.text;

			if (next(p) || expect(p, DOT_TOK_EQUALS, "'=' after an attribute"))
				return -1;
			if (p->tok.kind != DOT_TOK_ID)
				return dot_fail(p->a, p->err, p->tok.at,
						"expected an attribute's value, found %s",
						describe(&p->tok));
			if (dot_text_is(&key, "shape")) {
				s->shape = p->tok.text;
				s->has_shape = true;
			} else if (dot_text_is(&key, "label")) {
				s->label = p->tok.text;
				s->has_label = true;
			}
			if (next(p))
				return -1;
			if ((p->tok.kind == DOT_TOK_COMMA || p->tok.kind == DOT_TOK_SEMI) && next(p))
				return -1;
		}
		if (expect(p, DOT_TOK_RBRACKET, "']' or an attribute"))
			return -1;
	}
	return 0;
}

static int check_name(struct parser *p, const struct dot_text *name, struct dot_where at)
{
	const char *why = dot_name_problem(name);

	if (why)
		return dot_fail(p->a, p->err, at, "\"%.*s\" %s", name->len, name->s, why);
	return 0;
}

static int declare_initial(struct parser *p, const struct dot_text *node, struct dot_where at)
{
	struct dot_automaton *a = p->a;

	if (node->len == (int)strlen(DOT_INIT_PREFIX))
		return dot_fail(a, p->err, at, "\"%s\" names no initial state", DOT_INIT_PREFIX);
	if (a->init_node.s && !(a->init_node.len == node->len &&
				!strncmp(a->init_node.s, node->s, node->len)))
		return dot_fail(a, p->err, at, "a second initial node, after line %d",
				a->init_at.line);
	if (!a->init_node.s) {
		a->init_node = *node;
		a->init_at = at;
	}
	return 0;
}

/* A node with a shape declares a state, or with "__init_" the initial one. */
static int declare(struct parser *p, const struct dot_text *node, const struct dot_text *shape,
		   struct dot_where at)
{
	struct dot_automaton *a = p->a;
	bool final = dot_text_is(shape, "doublecircle") || dot_text_is(shape, "ellipse");
	int i;

	if (check_name(p, node, at))
		return -1;
	if (!strncmp(node->s, DOT_INIT_PREFIX, strlen(DOT_INIT_PREFIX)))
		return declare_initial(p, node, at);
	i = dot_find_state(a, node);
	if (i < 0) {
		if (a->nr_states == DOT_MAX_STATES)
			return dot_fail(a, p->err, at, "more than %d states", DOT_MAX_STATES);
		i = a->nr_states++;
		memcpy(a->states[i].name, node->s, node->len);
	}
	a->states[i].final |= final;
	return 0;
}

static int add_edge(struct parser *p, const struct dot_edge *e)
{
	if (p->a->nr_edges == DOT_MAX_EDGES)
		return dot_fail(p->a, p->err, e->at, "more than %d edges", DOT_MAX_EDGES);
	p->a->edges[p->a->nr_edges++] = *e;
	return 0;
}

/* NAME [attrs], NAME -> NAME [attrs] or NAME = VALUE, NAME already read. */
static int id_stmt(struct parser *p, const struct scope *outer)
{
	struct dot_edge e = { .from = p->tok.text, .at = p->tok.at };
	struct scope s = *outer;

	if (next(p))
		return -1;
	if (p->tok.kind == DOT_TOK_EQUALS) {
		if (next(p))
			return -1;
		return expect(p, DOT_TOK_ID, "a value after '='");
	}
	if (p->tok.kind == DOT_TOK_ARROW) {
		if (next(p))
			return -1;
		if (p->tok.kind != DOT_TOK_ID || is_any_keyword(&p->tok))
			return dot_fail(p->a, p->err, p->tok.at,
					"an edge goes to a node, found %s", describe(&p->tok));
		e.to = p->tok.text;
		if (next(p))
			return -1;
		if (p->tok.kind == DOT_TOK_ARROW)
			return dot_fail(p->a, p->err, p->tok.at,
					"a chain of edges: write one edge a statement");
	}
	/* a node's label is its own (an HA's invariant), not the edges' default */
	if (!e.to.s)
		s.has_label = false;
	if (attr_list(p, &s))
		return -1;
	e.label = s.label;
	e.has_label = s.has_label;
	if (!e.to.s && s.has_shape && declare(p, &e.from, &s.shape, e.at))
		return -1;
	if (!e.to.s && s.has_shape && !e.has_label)
		return 0;
	return add_edge(p, &e);
}

static int stmt_list(struct parser *p, const struct scope *outer, int depth);

/* { ... } or subgraph [NAME] { ... }, the opening brace the current token. */
static int subgraph(struct parser *p, const struct scope *outer, int depth)
{
	if (depth == DOT_MAX_DEPTH)
		return dot_fail(p->a, p->err, p->tok.at, "subgraphs nested more than %d deep",
				DOT_MAX_DEPTH);
	if (next(p) || stmt_list(p, outer, depth + 1))
		return -1;
	return expect(p, DOT_TOK_RBRACE, "'}'");
}

/* node [...], edge [...] or graph [...]: a node's shape, an edge's label. */
static int defaults_stmt(struct parser *p, struct scope *s)
{
	bool node = dot_token_is_keyword(&p->tok, "node");
	bool edge = dot_token_is_keyword(&p->tok, "edge");
	struct scope d = *s;

	if (next(p) || attr_list(p, &d))
		return -1;
	if (node) {
		s->shape = d.shape;
		s->has_shape = d.has_shape;
	} else if (edge) {
		s->label = d.label;
		s->has_label = d.has_label;
	}
	return 0;
}

static int stmt(struct parser *p, struct scope *s, int depth)
{
	if (p->tok.kind == DOT_TOK_LBRACE)
		return subgraph(p, s, depth);
	if (dot_token_is_keyword(&p->tok, "subgraph")) {
		if (next(p) || (p->tok.kind == DOT_TOK_ID && next(p)))
			return -1;
		if (p->tok.kind != DOT_TOK_LBRACE)
			return expect(p, DOT_TOK_LBRACE, "'{' after subgraph");
		return subgraph(p, s, depth);
	}
	if (dot_token_is_keyword(&p->tok, "node") || dot_token_is_keyword(&p->tok, "edge") ||
	    dot_token_is_keyword(&p->tok, "graph"))
		return defaults_stmt(p, s);
	if (p->tok.kind == DOT_TOK_ID && !is_any_keyword(&p->tok))
		return id_stmt(p, s);
	return dot_fail(p->a, p->err, p->tok.at, "expected a statement, found %s",
			is_any_keyword(&p->tok) ? "a misplaced keyword" : describe(&p->tok));
}

static int stmt_list(struct parser *p, const struct scope *outer, int depth)
{
	struct scope s = *outer;

	while (p->tok.kind != DOT_TOK_RBRACE && p->tok.kind != DOT_TOK_EOF) {
		if (stmt(p, &s, depth))
			return -1;
		if (p->tok.kind == DOT_TOK_SEMI && next(p))
			return -1;
	}
	return 0;
}

/**
 * dot_parse() - read the states and edges of a .dot specification
 * @text: the specification, NUL-terminated
 * @a: the automaton, zeroed but for path and name; filled
 * @err: DOT_MSG_LEN bytes, for "FILE:LINE:COL: what is wrong"
 *
 * Return: 0, or -1 with @err set when the text is not a digraph of the
 * statements rvgen's automata use.
 */
int dot_parse(const char *text, struct dot_automaton *a, char *err)
{
	struct parser p = { .a = a, .err = err };
	struct scope s = { 0 };

	dot_lex_init(&p.lx, text);
	if (next(&p))
		return -1;
	if (!dot_token_is_keyword(&p.tok, "digraph"))
		return dot_fail(a, err, p.tok.at, "expected 'digraph', found %s",
				is_any_keyword(&p.tok) ? "another keyword" : describe(&p.tok));
	if (next(&p) || (p.tok.kind == DOT_TOK_ID && !is_any_keyword(&p.tok) && next(&p)))
		return -1;
	if (expect(&p, DOT_TOK_LBRACE, "'{' after digraph") || stmt_list(&p, &s, 0))
		return -1;
	a->end_at = p.tok.at;
	if (expect(&p, DOT_TOK_RBRACE, "'}'"))
		return -1;
	if (p.tok.kind != DOT_TOK_EOF)
		return dot_fail(a, err, p.tok.at, "something after the digraph's '}'");
	return 0;
}
