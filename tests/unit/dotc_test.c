// SPDX-License-Identifier: GPL-2.0-only
/*
 * dotc (models/dotc): the DOT tokens and where they stand; the automaton a
 * specification makes (states, events, the transition function, the
 * initial and final states, dot2c's orders); a hybrid automaton's clocks,
 * invariants and resets; every refusal, to its message and FILE:LINE:COL;
 * and the header written, to the character of rvgen's.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dot_automaton.h"

#define ARRAY_LEN(a)	(sizeof(a) / sizeof((a)[0]))

/* 64 characters: one more than a name may have */
#define X8	"xxxxxxxx"
#define X64	X8 X8 X8 X8 X8 X8 X8 X8

static struct dot_automaton *aut;
static char err[DOT_MSG_LEN];

/* An automaton is too large for the stack: one a test, on the heap. */
static void aut_setup(void)
{
	aut = calloc(1, sizeof(*aut));
	ck_assert_ptr_nonnull(aut);
	aut->path = "t.dot";
	strcpy(aut->name, "t");
}

static void aut_teardown(void)
{
	free(aut);
}

/* What dotc's compile() does before it writes: -1 with err set. */
static int compile(const char *text)
{
	if (dot_parse(text, aut, err))
		return -1;
	return dot_automaton_build(aut, err);
}

static void compiles(const char *text)
{
	ck_assert_msg(!compile(text), "refused: %s", err);
}

static int state(const char *name)
{
	struct dot_text t = { name, strlen(name) };
	int i = dot_find_state(aut, &t);

	ck_assert_msg(i >= 0, "no state %s", name);
	return i;
}

static int event(const char *name)
{
	struct dot_text t = { name, strlen(name) };
	int i = dot_find_event(aut, &t);

	ck_assert_msg(i >= 0, "no event %s", name);
	return i;
}

/* The transition function, "FROM EVENT TO" a line, in the order of declaration. */
static const char *transitions(void)
{
	static char buf[1 << 16];
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < aut->nr_states; i++)
		for (int j = 0; j < aut->nr_events; j++)
			if (aut->function[i][j] >= 0)
				len += snprintf(buf + len, sizeof(buf) - len, "%s %s %s\n",
						aut->states[i].name, aut->events[j],
						aut->states[aut->function[i][j]].name);
	return buf;
}

/* dot2c's order of the states, then of the events */
static const char *orders(void)
{
	static char buf[1 << 13];
	size_t len = 0;

	for (int i = 0; i < aut->nr_states; i++)
		len += snprintf(buf + len, sizeof(buf) - len, "%s ",
				aut->states[aut->state_order[i]].name);
	len += snprintf(buf + len, sizeof(buf) - len, "|");
	for (int i = 0; i < aut->nr_events; i++)
		len += snprintf(buf + len, sizeof(buf) - len, " %s", aut->events[aut->event_order[i]]);
	return buf;
}

/* The header dot_emit_header() writes; the caller frees it. */
static char *emit(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(dot_emit_header(f, aut), 0);
	ck_assert_int_eq(fclose(f), 0);
	return text;
}

/* ---- the tokens ---- */

struct token_want {
	enum dot_tok_kind	kind;
	const char		*text;		/* NULL: punctuation */
	bool			quoted;
	int			line;
	int			col;
};

/* C, C++ and cpp-line comments skipped; a quoted string kept raw, escapes too. */
static const char lex_text[] =
	"# a cpp line\n"
	"digraph \"q\\\"x\" {  // to the end of the line\n"
	"\t/* two\n"
	"lines */ a->-1.5 [x=.5];,\n"
	"} x # mid-line, not a comment\n";

static const struct token_want lex_want[] = {
	{ DOT_TOK_ID, "digraph", false, 2, 1 },
	{ DOT_TOK_ID, "q\\\"x", true, 2, 9 },
	{ DOT_TOK_LBRACE, NULL, false, 2, 16 },
	{ DOT_TOK_ID, "a", false, 4, 10 },
	{ DOT_TOK_ARROW, NULL, false, 4, 11 },
	{ DOT_TOK_ID, "-1.5", false, 4, 13 },
	{ DOT_TOK_LBRACKET, NULL, false, 4, 18 },
	{ DOT_TOK_ID, "x", false, 4, 19 },
	{ DOT_TOK_EQUALS, NULL, false, 4, 20 },
	{ DOT_TOK_ID, ".5", false, 4, 21 },
	{ DOT_TOK_RBRACKET, NULL, false, 4, 23 },
	{ DOT_TOK_SEMI, NULL, false, 4, 24 },
	{ DOT_TOK_COMMA, NULL, false, 4, 25 },
	{ DOT_TOK_RBRACE, NULL, false, 5, 1 },
	{ DOT_TOK_ID, "x", false, 5, 3 },
	{ DOT_TOK_BAD, NULL, false, 5, 5 },
};

START_TEST(lex_tokens)
{
	struct dot_lexer lx;
	struct dot_token t;

	dot_lex_init(&lx, lex_text);
	for (size_t i = 0; i < ARRAY_LEN(lex_want); i++) {
		const struct token_want *w = &lex_want[i];

		dot_lex_next(&lx, &t);
		ck_assert_msg(t.kind == w->kind, "token %zu: kind %d, not %d", i, t.kind, w->kind);
		ck_assert_msg(t.at.line == w->line && t.at.col == w->col,
			      "token %zu at %d:%d, not %d:%d", i, t.at.line, t.at.col,
			      w->line, w->col);
		ck_assert_msg(t.quoted == w->quoted, "token %zu: quoted %d", i, t.quoted);
		if (w->text)
			ck_assert_msg(dot_text_is(&t.text, w->text), "token %zu is \"%.*s\", not \"%s\"",
				      i, t.text.len, t.text.s, w->text);
	}
	ck_assert_str_eq(t.why, "unexpected character");
}
END_TEST

START_TEST(lex_end_and_keywords)
{
	struct dot_lexer lx;
	struct dot_token t;

	dot_lex_init(&lx, "DiGraph \"digraph\" digraphs\n  # a comment after blanks\n");
	dot_lex_next(&lx, &t);
	ck_assert(dot_token_is_keyword(&t, "digraph"));		/* any case, as Graphviz */
	dot_lex_next(&lx, &t);
	ck_assert(t.quoted && dot_text_is(&t.text, "digraph"));
	ck_assert(!dot_token_is_keyword(&t, "digraph"));		/* quoted: a name */
	dot_lex_next(&lx, &t);
	ck_assert(!dot_token_is_keyword(&t, "digraph") && !dot_text_is(&t.text, "digraph"));
	dot_lex_next(&lx, &t);
	ck_assert_int_eq(t.kind, DOT_TOK_EOF);
	ck_assert_int_eq(t.at.line, 3);
	ck_assert_int_eq(t.at.col, 1);
}
END_TEST

/* The first bad token of each: where and why (HTML-like labels are not read). */
static const struct bad_token {
	const char	*text;
	int		line;
	int		col;
	const char	*why;
} bad_tokens[] = {
	{ "a -- b", 1, 3, "'--' is an undirected edge, use '->'" },
	{ "label = <b>x</b>", 1, 9, "unexpected character" },
	{ "a:n -> b", 1, 2, "unexpected character" },
	{ "a\n\t\"open -> b\n", 2, 2, "a quoted string is not closed" },
	{ "a /* open\nstill", 2, 6, "a comment is not closed" },
	{ "a # b", 1, 3, "unexpected character" },
	{ "a + b", 1, 3, "unexpected character" },	/* no concatenation of strings */
};

START_TEST(lex_refusals)
{
	const struct bad_token *b = &bad_tokens[_i];
	struct dot_lexer lx;
	struct dot_token t;

	dot_lex_init(&lx, b->text);
	do
		dot_lex_next(&lx, &t);
	while (t.kind != DOT_TOK_BAD && t.kind != DOT_TOK_EOF);
	ck_assert_msg(t.kind == DOT_TOK_BAD, "%s: no bad token", b->text);
	ck_assert_int_eq(t.at.line, b->line);
	ck_assert_int_eq(t.at.col, b->col);
	ck_assert_str_eq(t.why, b->why);
}
END_TEST

/* ---- automata ---- */

/* rvgen's layout; the initial state sorts last, events come out of order. */
static const char zeta_spec[] =
	"digraph state_automaton {\n"
	"\t{node [shape = plaintext, style=invis, label=\"\"] \"__init_zeta\"};\n"
	"\t{node [shape = doublecircle] \"zeta\"};\n"
	"\t{node [shape = circle] \"busy\"};\n"
	"\t{node [shape = circle] \"alpha\"};\n"
	"\t\"__init_zeta\" -> \"zeta\";\n"
	"\t\"zeta\" -> \"busy\" [ label = \"start\" ];\n"
	"\t\"busy\" -> \"zeta\" [ label = \"stop\\nabort\" ];\n"
	"\t\"busy\" -> \"alpha\" [ label = \"tick\" ];\n"
	"\t\"alpha\" -> \"alpha\" [ label = \"tick\" ];\n"
	"}\n";

START_TEST(da_automaton)
{
	compiles(zeta_spec);
	ck_assert_int_eq(aut->nr_states, 3);
	ck_assert_str_eq(aut->states[aut->initial].name, "zeta");
	ck_assert(aut->states[0].final && !aut->states[1].final && !aut->states[2].final);
	ck_assert_int_eq(aut->nr_events, 4);
	/* states and events as declared: zeta busy alpha, start stop abort tick */
	ck_assert_str_eq(transitions(), "zeta start busy\n"
			 "busy stop zeta\nbusy abort zeta\nbusy tick alpha\n"
			 "alpha tick alpha\n");
	/* dot2c's orders: the initial state, then by name; events by name */
	ck_assert_str_eq(orders(), "zeta alpha busy | abort start stop tick");
	ck_assert_int_eq(aut->nr_envs, 0);
}
END_TEST

/* Our own formatting: comments, bare names, any order, "ellipse" final. */
START_TEST(da_own_layout)
{
	compiles("# a cpp line, as Graphviz allows\n"
		 "DIGRAPH state_automaton {\n"
		 "\tnot_running -> running [label = switch_in];\n"
		 "\trunning -> not_running [label = \"switch_out\"]\n"
		 "\t\"not_running\" -> \"not_running\" [label=\"wakeup\"] ;\n"
		 "\t{ node [shape = circle] running }\n"
		 "\t{ node [shape = plaintext, style = invis, label = \"\"]; __init_not_running }\n"
		 "\t{ node [shape = ellipse] not_running }\n"
		 "\t__init_not_running -> not_running\n"
		 "\t{ rank = min; \"__init_not_running\"; \"not_running\"; }\n"
		 "}\n");
	ck_assert_int_eq(aut->nr_states, 2);
	ck_assert_str_eq(aut->states[aut->initial].name, "not_running");
	ck_assert(aut->states[state("not_running")].final);
	ck_assert(!aut->states[state("running")].final);
	ck_assert_int_eq(aut->nr_events, 3);
	ck_assert_str_eq(transitions(), "running switch_out not_running\n"
			 "not_running switch_in running\nnot_running wakeup not_running\n");
}
END_TEST

/*
 * No final state: the initial one is, as in dot2c. A state declared twice
 * is one state (Graphviz's node, rvgen's set), final if the first says so.
 */
static const struct {
	const char	*first;
	bool		a_final;
	bool		b_final;
} finals[] = {
	{ "{ node [shape = circle] a }", false, true },
	{ "{ node [shape = doublecircle] a }", true, false },
};

START_TEST(final_states)
{
	char text[256];

	snprintf(text, sizeof(text), "digraph t {\n%s\n{ node [shape = plaintext] __init_b }\n"
		 "{ node [shape = circle] a b }\na -> b [label = e]\n}\n", finals[_i].first);
	compiles(text);
	ck_assert_int_eq(aut->nr_states, 2);
	ck_assert_int_eq(aut->initial, state("b"));
	ck_assert(aut->states[state("a")].final == finals[_i].a_final);
	ck_assert(aut->states[state("b")].final == finals[_i].b_final);
}
END_TEST

/* Python's sorted(): by bytes, upper case first, '_' between the cases. */
START_TEST(dot2c_order)
{
	compiles("digraph t {\n"
		 "{ node [shape = plaintext] __init_b }\n"
		 "{ node [shape = circle] a2 a10 _c a1 b B }\n"
		 "b -> B [label = \"zed e2\\ne10 _e\\nZed\"]\n"
		 "}\n");
	ck_assert_str_eq(orders(), "b B _c a1 a10 a2 | Zed _e e10 e2 zed");
	ck_assert_str_eq(transitions(), "b zed B\nb e2 B\nb e10 B\nb _e B\nb Zed B\n");
	/* one label, split at "\n" and blanks: events as they first appear */
	ck_assert_str_eq(aut->events[0], "zed");
	ck_assert_str_eq(aut->events[4], "Zed");
}
END_TEST

/* Defaults hold in their subgraph (a node takes no edge label); graph attributes skipped. */
START_TEST(scoped_defaults)
{
	compiles("digraph t {\n"
		 "\trankdir = LR\n"
		 "\tgraph [fontsize = 10]\n"
		 "\t{ node [shape = plaintext] __init_a }\n"
		 "\tsubgraph states { node [shape = circle]; a; b }\n"
		 "\tsubgraph cluster_x { edge [label = \"e\\n f\"] a; a -> b; b -> b }\n"
		 "\tb -> a [label = g, color = red]\n"
		 "}\n");
	ck_assert_int_eq(aut->nr_states, 2);
	ck_assert_str_eq(transitions(), "a e b\na f b\nb e b\nb f b\nb g a\n");
}
END_TEST

/* ---- names: each becomes NAME_MODEL in an enum of the header ---- */

static const struct {
	const char	*name;
	const char	*problem;		/* NULL: a name */
#define TAKEN "is a C keyword or a name the header declares"
} names[] = {
	{ "running", NULL },
	{ "_x9", NULL },
	{ "Int", NULL },			/* C is case-sensitive */
	{ X64 + 1, NULL },			/* 63 characters */
	{ X64, "is too long for a name" },
	{ "", "is not a C identifier" },
	{ "9x", "is not a C identifier" },
	{ "a-b", "is not a C identifier" },
	{ "a,b", "is not a C identifier" },	/* dot2c would make it a_b: refused instead */
	{ "while", TAKEN }, { "_Bool", TAKEN }, { "INVALID_STATE", TAKEN },
	{ "state_max", TAKEN }, { "event_max", TAKEN }, { "env_max", TAKEN },
	/* automaton_m, invariants_m and resets_m are the header's own */
	{ "automaton", TAKEN }, { "invariants", TAKEN }, { "resets", TAKEN },
};

START_TEST(name_problems)
{
	struct dot_text t = { names[_i].name, strlen(names[_i].name) };

	ck_assert_pstr_eq(dot_name_problem(&t), names[_i].problem);
}
END_TEST

/* ---- a hybrid automaton: two clocks, invariants, resets ---- */

static const char ha_spec[] =
	"digraph state_automaton {\n"
	"\t{node [shape = plaintext, style=invis, label=\"\"] \"__init_idle\"};\n"
	"\t{node [shape = doublecircle] \"idle\"};\n"
	"\t{node [shape = circle] \"wait\"};\n"
	"\t{node [shape = circle] \"run\"};\n"
	"\t\"__init_idle\" -> \"idle\";\n"
	"\t\"idle\" [label = \"idle\", color = green3];\n"
	"\t\"wait\" [label = \"wait\\nwclk < max_wait_jiffies\"];\n"
	"\t\"run\" [label = \" run \\n rclk<max_run_ns \"];\n"
	"\t\"idle\" -> \"wait\" [ label = \"wake;reset(wclk)\" ];\n"
	"\t\"wait\" -> \"run\" [ label = \"switch_in;reset(rclk)\" ];\n"
	"\t\"run\" -> \"wait\" [ label = \"preempt;reset(wclk);reset(rclk)\\nwake\" ];\n"
	"\t\"run\" -> \"idle\" [ label = \"sleep\" ];\n"
	"}\n";

START_TEST(ha_clocks)
{
	int wait, run, idle;

	compiles(ha_spec);
	wait = state("wait");
	run = state("run");
	idle = state("idle");
	ck_assert_int_eq(aut->nr_envs, 2);
	ck_assert_str_eq(aut->envs[0], "wclk");		/* as they first appear */
	ck_assert_str_eq(aut->envs[1], "rclk");
	ck_assert_int_eq(aut->env_order[0], 1);		/* by name */
	ck_assert_int_eq(aut->env_order[1], 0);
	ck_assert_int_eq(aut->states[idle].inv_env, -1);
	ck_assert_int_eq(aut->states[wait].inv_env, 0);
	ck_assert_str_eq(aut->states[wait].bound, "max_wait_jiffies");
	ck_assert_int_eq(aut->states[run].inv_env, 1);
	ck_assert_str_eq(aut->states[run].bound, "max_run_ns");
	ck_assert_uint_eq(aut->resets[idle][event("wake")], 1UL << 0);
	ck_assert_uint_eq(aut->resets[wait][event("switch_in")], 1UL << 1);
	ck_assert_uint_eq(aut->resets[run][event("preempt")], 1UL << 0 | 1UL << 1);
	ck_assert_uint_eq(aut->resets[run][event("wake")], 0);	/* the label's next item */
	ck_assert_uint_eq(aut->resets[run][event("sleep")], 0);
	ck_assert_int_eq(aut->env_reset_at[0].line, 10);	/* the first reset */
	ck_assert_int_eq(aut->env_reset_at[0].col, 2);
	ck_assert_int_eq(aut->env_reset_at[1].line, 11);
	/* the clocks leave the DA alone: events without ";reset(...)" */
	ck_assert_int_eq(aut->nr_events, 4);
	ck_assert_str_eq(transitions(), "idle wake wait\nwait switch_in run\n"
			 "run wake wait\nrun preempt wait\nrun sleep idle\n");
}
END_TEST

/* ---- refusals: one message, "FILE:LINE:COL: what is wrong" ---- */

struct refusal {
	const char	*what;
	const char	*text;
	const char	*message;
};

/* Lines 1-3: the initial state a, states a and b; a case starts on line 4. */
#define HEAD	"digraph t {\n" \
		"{ node [shape = plaintext] \"__init_a\" }\n" \
		"{ node [shape = circle] a b }\n"

/* An invariant of the state a, on line 4 */
#define INV(label)	HEAD "a [label = \"" label "\"]\n"

static const struct refusal refusals[] = {
	{ "an edge to nowhere", HEAD "a -> c [label = e]\n}\n",
	  "t.dot:4:1: an edge to \"c\", which is not a state" },
	{ "an edge from nowhere", HEAD "c -> a [label = e]\n}\n",
	  "t.dot:4:1: \"c\" is not declared by a node with a shape" },
	{ "a node without a shape", HEAD "c\n}\n",
	  "t.dot:4:1: \"c\" is not declared by a node with a shape" },
	{ "a shape stays in its subgraph", HEAD "{ node [shape = circle] c } d\n}\n",
	  "t.dot:4:29: \"d\" is not declared by a node with a shape" },
	{ "no initial state", "digraph t {\n{ node [shape = circle] a }\na -> a [label = e]\n}\n",
	  "t.dot:4:1: no initial state: declare a node \"__init_NAME\"" },
	{ "an undeclared initial state",
	  "digraph t {\n{ node [shape = plaintext] \"__init_z\" }\n{ node [shape = circle] a }\n"
	  "a -> a [label = e]\n}\n",
	  "t.dot:2:28: the initial state \"z\" is not declared" },
	{ "__init_ alone", "digraph t {\n{ node [shape = plaintext] \"__init_\" }\n}\n",
	  "t.dot:2:28: \"__init_\" names no initial state" },
	{ "two initial nodes", HEAD "{ node [shape = plaintext] __init_b }\n}\n",
	  "t.dot:4:28: a second initial node, after line 2" },
	{ "the initial edge elsewhere", HEAD "__init_a -> b\na -> b [label = e]\n}\n",
	  "t.dot:4:1: the edge from \"__init_a\" must go to \"a\" unlabelled" },
	{ "the initial edge labelled", HEAD "__init_a -> a [label = e]\n}\n",
	  "t.dot:4:1: the edge from \"__init_a\" must go to \"a\" unlabelled" },
	{ "not deterministic", HEAD "a -> a [label = e]\na -> b [label = \"f\\ne\"]\n}\n",
	  "t.dot:5:1: \"a\" on \"e\" goes to two states" },
	{ "an event named as a state", HEAD "a -> b [label = b]\n}\n",
	  "t.dot:4:1: \"b\" is both a state and an event" },
	{ "an event that is not a name", HEAD "a -> b [label = \"e-1\"]\n}\n",
	  "t.dot:4:1: event \"e-1\" is not a C identifier" },
	{ "an edge without a label", HEAD "a -> b\n}\n",
	  "t.dot:4:1: an edge without events: give it a label" },
	{ "a label of separators", HEAD "a -> b [label = \" \\n \"]\n}\n",
	  "t.dot:4:1: an edge without events: give it a label" },
	{ "no events", HEAD "__init_a -> a\n}\n", "t.dot:5:1: no events: no edge has a label" },
	{ "a state that is not a name", HEAD "{ node [shape = circle] \"a b\" }\n}\n",
	  "t.dot:4:25: \"a b\" is not a C identifier" },
	{ "a newline in a name", HEAD "{ node [shape = circle] \"x\ny\" }\n}\n",
	  "t.dot:4:25: \"x?y\" is not a C identifier" },
	{ "a state the header names", HEAD "{ node [shape = circle] state_max }\n}\n",
	  "t.dot:4:25: \"state_max\" is a C keyword or a name the header declares" },
	{ "a name too long", HEAD "{ node [shape = circle] " X64 " }\n}\n",
	  "t.dot:4:25: \"" X64 "\" is too long for a name" },
	{ "a chain of edges", HEAD "a -> b -> a [label = e]\n}\n",
	  "t.dot:4:8: a chain of edges: write one edge a statement" },
	{ "an edge to punctuation", HEAD "a -> ;\n}\n",
	  "t.dot:4:6: an edge goes to a node, found punctuation" },
	{ "an HTML-like label", HEAD "a -> b [label = <e>]\n}\n", "t.dot:4:17: unexpected character" },
	{ "an undirected edge", HEAD "a -- b\n}\n", "t.dot:4:3: '--' is an undirected edge, use '->'" },
	{ "an open string", HEAD "a -> b [label = \"e]\n}\n", "t.dot:4:17: a quoted string is not closed" },
	/* where the lexer stopped, the end of the file, not where the comment opens */
	{ "an open comment", HEAD "/* open\n", "t.dot:5:1: a comment is not closed" },
	{ "an attribute without a value", HEAD "a -> b [label = ]\n}\n",
	  "t.dot:4:17: expected an attribute's value, found punctuation" },
	{ "an attribute without '='", HEAD "a -> b [label e]\n}\n",
	  "t.dot:4:15: expected '=' after an attribute, found a name" },
	{ "a misplaced keyword", HEAD "digraph\n}\n",
	  "t.dot:4:1: expected a statement, found a misplaced keyword" },
	{ "strict", "strict digraph t {}", "t.dot:1:1: expected 'digraph', found another keyword" },
	{ "an empty file", "", "t.dot:1:1: expected 'digraph', found the end of the file" },
	{ "no closing brace", HEAD "a -> b [label = e]\n",
	  "t.dot:5:1: expected '}', found the end of the file" },
	{ "after the digraph", "digraph t { }\nx\n", "t.dot:2:1: something after the digraph's '}'" },
	/* a hybrid automaton's: an invariant on line 4, the resets on line 5 */
	{ "a guard", INV("a\\nclk < t") "a -> b [label = \"e;clk<t;reset(clk)\"]\n}\n",
	  "t.dot:5:1: \"clk<t\": guards are not supported yet" },
	{ "a bound that is a number", INV("a\\nclk < 1000") "a -> b [label = \"e;reset(clk)\"]\n}\n",
	  "t.dot:4:1: bound \"1000\" is not a C identifier: it names a parameter" },
	{ "<=", INV("a\\nclk <= t") "}\n",
	  "t.dot:4:1: the invariant of \"a\" is not \"CLOCK < BOUND\"" },
	{ ">", INV("a\\nclk > t") "}\n", "t.dot:4:1: the invariant of \"a\" is not \"CLOCK < BOUND\"" },
	{ "three clocks", INV("a\\nx < t") "b [label = \"b\\ny < t\"]\n"
	  "a -> b [label = \"e;reset(x);reset(z)\"]\n}\n",
	  "t.dot:6:1: more than 2 clocks (RV_HA_MAX_ENVS)" },
	{ "a reset no invariant reads", INV("a\\nclk < t") "a -> b [label = \"e;reset(clck)\"]\n}\n",
	  "t.dot:5:1: reset(clck): no state's invariant reads clock \"clck\"" },
	{ "an empty reset", INV("a\\nclk < t") "a -> b [label = \"e;reset()\"]\n}\n",
	  "t.dot:5:1: clock \"\" is not a C identifier" },
	{ "a label of another state", INV("b\\nclk < t") "}\n",
	  "t.dot:4:1: the label of \"a\" must start with its name" },
	{ "two invariants in a label", INV("a\\nclk < t\\nclk < u") "}\n",
	  "t.dot:4:1: more than one invariant on \"a\"" },
	{ "a second invariant", INV("a\\nx < t") "a [label = \"a\\nx < u\"]\n}\n",
	  "t.dot:5:1: a second invariant on \"a\"" },
	{ "a clock named as an event", INV("a\\ne < t") "a -> b [label = \"e;reset(e)\"]\n}\n",
	  "t.dot:6:1: clock \"e\" is also a state or an event" },
	{ "a clock named as a state", INV("a\\nb < t") "a -> b [label = \"e;reset(b)\"]\n}\n",
	  "t.dot:6:1: clock \"b\" is also a state or an event" },
	{ "a clock that is not a name", INV("a\\nc-k < t") "}\n",
	  "t.dot:4:1: clock \"c-k\" is not a C identifier" },
	{ "an invariant on no state", HEAD "c [label = \"c\\nclk < t\"]\n}\n",
	  "t.dot:4:1: \"c\" is not declared by a node with a shape" },
};

START_TEST(refused)
{
	const struct refusal *r = &refusals[_i];

	ck_assert_msg(compile(r->text), "%s: compiled", r->what);
	ck_assert_msg(!strcmp(err, r->message), "%s:\n  got  %s\n  want %s", r->what, err,
		      r->message);
}
END_TEST

/* ---- the limits: 64 states, 64 events, 32 nested subgraphs ---- */

#define ONE_STATE	"digraph t {\n{ node [shape = plaintext] __init_a }\n" \
			"{ node [shape = circle] a }\na -> a [label = e]\n"

/* @head, @each @n times (with its number), @close @n times, @tail */
static const struct limit {
	const char	*head;
	const char	*each;
	const char	*close;
	const char	*tail;
	int		n;
	int		states;
	int		events;
	const char	*message;	/* NULL: compiles */
} limit_cases[] = {
	{ ONE_STATE "{ node [shape = circle]\n", "s%d\n", "", "}\n}\n", 63, 64, 1, NULL },
	{ ONE_STATE "{ node [shape = circle]\n", "s%d\n", "", "}\n}\n", 64, 0, 0,
	  "t.dot:69:1: more than 64 states" },
	{ ONE_STATE, "a -> a [label = e%d]\n", "", "}\n", 63, 1, 64, NULL },
	{ ONE_STATE, "a -> a [label = e%d]\n", "", "}\n", 64, 0, 0,
	  "t.dot:68:1: more than 64 events" },
	{ ONE_STATE, "{", "}", "\n}\n", 32, 1, 1, NULL },
	{ ONE_STATE, "{", "}", "\n}\n", 33, 0, 0, "t.dot:5:33: subgraphs nested more than 32 deep" },
};

START_TEST(limits)
{
	const struct limit *l = &limit_cases[_i];
	char text[4096];
	size_t len = snprintf(text, sizeof(text), "%s", l->head);

	for (int i = 0; i < l->n; i++)
		len += snprintf(text + len, sizeof(text) - len, l->each, i);
	for (int i = 0; i < l->n; i++)
		len += snprintf(text + len, sizeof(text) - len, "%s", l->close);
	snprintf(text + len, sizeof(text) - len, "%s", l->tail);
	if (l->message) {
		ck_assert_int_eq(compile(text), -1);
		ck_assert_str_eq(err, l->message);
		return;
	}
	compiles(text);
	ck_assert_int_eq(aut->nr_states, l->states);
	ck_assert_int_eq(aut->nr_events, l->events);
}
END_TEST

/* ---- the header: dot2k's model header inside our note and guard ---- */

/* zeta_spec's: dot2c's orders, names suffixed with the model's, aligned */
static const char *const da_snippets[] = {
	"/* SPDX-License-Identifier: GPL-2.0 */\n/*\n"
	" * Generated by dotc from t.dot: do not edit, run 'make generate'.\n"
	" * The deterministic automaton as rvgen's dot2c writes it: states (the\n"
	" * initial one first), events, the transition function, the final states.\n"
	" */\n#ifndef DA_T_H\n#define DA_T_H\n\n/*\n"
	" * Automatically generated C representation of t automaton\n",
	"enum states_t {\n\tzeta_t = 0,\n\talpha_t,\n\tbusy_t,\n\tstate_max_t\n};\n\n"
	"#define INVALID_STATE state_max_t\n\n"
	"enum events_t {\n\tabort_t = 0,\n\tstart_t,\n\tstop_t,\n\ttick_t,\n\tevent_max_t\n};\n\n"
	"struct automaton_t {\n"
	"\tchar *state_names[state_max_t];\n"
	"\tchar *event_names[event_max_t];\n"
	"\tunsigned char function[state_max_t][event_max_t];\n"
	"\tunsigned char initial_state;\n"
	"\tbool final_states[state_max_t];\n};\n\n",
	"static const struct automaton_t automaton_t = {\n"
	"\t.state_names = {\n\t\t\"zeta\",\n\t\t\"alpha\",\n\t\t\"busy\"\n\t},\n"
	"\t.event_names = {\n\t\t\"abort\",\n\t\t\"start\",\n\t\t\"stop\",\n\t\t\"tick\"\n\t},\n",
	/* right-aligned to INVALID_STATE and "_t": 15 characters */
	"\t.function = {\n"
	"\t\t{   INVALID_STATE,          busy_t,   INVALID_STATE,   INVALID_STATE },\n"
	"\t\t{   INVALID_STATE,   INVALID_STATE,   INVALID_STATE,         alpha_t },\n"
	"\t\t{          zeta_t,   INVALID_STATE,          zeta_t,         alpha_t },\n"
	"\t},\n"
	"\t.initial_state = zeta_t,\n"
	"\t.final_states = { 1, 0, 0 },\n};\n\n#endif /* DA_T_H */\n",
};

/* ha_spec's: its clocks by name, each state's invariant, the resets */
static const char *const ha_snippets[] = {
	" * The hybrid automaton as rvgen's dot2c writes a DA: states (the initial\n",
	"enum states_t {\n\tidle_t = 0,\n\trun_t,\n\twait_t,\n\tstate_max_t\n};\n",
	"enum envs_t {\n\trclk_t = 0,\n\twclk_t,\n\tenv_max_t\n};\n\n",
	"\tchar *event_names[event_max_t];\n\tchar *env_names[env_max_t];\n",
	"\t.env_names = {\n\t\t\"rclk\",\n\t\t\"wclk\"\n\t},\n",
	"};\n\n"
	"static const struct ha_invariant invariants_t[state_max_t] = {\n"
	"\t[idle_t] = { .env = HA_NO_ENV },\n"
	"\t[run_t] = { .env = rclk_t, .bound = \"max_run_ns\", .jiffies = false },\n"
	"\t[wait_t] = { .env = wclk_t, .bound = \"max_wait_jiffies\", .jiffies = true },\n"
	"};\n\n"
	"static const unsigned long resets_t[state_max_t][event_max_t] = {\n"
	"\t[idle_t][wake_t] = 1UL << wclk_t,\n"
	"\t[run_t][preempt_t] = 1UL << rclk_t | 1UL << wclk_t,\n"
	"\t[wait_t][switch_in_t] = 1UL << rclk_t,\n"
	"};\n\n#endif /* DA_T_H */\n",
};

static const struct {
	const char		*spec;
	const char *const	*snippets;
	size_t			nr;
} headers[] = {
	{ zeta_spec, da_snippets, ARRAY_LEN(da_snippets) },
	{ ha_spec, ha_snippets, ARRAY_LEN(ha_snippets) },
};

START_TEST(emit_header)
{
	char *text;

	compiles(headers[_i].spec);
	text = emit();
	for (size_t i = 0; i < headers[_i].nr; i++)
		ck_assert_msg(strstr(text, headers[_i].snippets[i]),
			      "not in the header:\n%s\n---- header:\n%s", headers[_i].snippets[i], text);
	free(text);
}
END_TEST

Suite *dotc_suite(void);

Suite *dotc_suite(void)
{
	Suite *s = suite_create("dotc");
	TCase *lex = tcase_create("lex");
	TCase *automaton = tcase_create("automaton");
	TCase *refusing = tcase_create("refusals");
	TCase *header = tcase_create("header");

	tcase_add_test(lex, lex_tokens);
	tcase_add_test(lex, lex_end_and_keywords);
	tcase_add_loop_test(lex, lex_refusals, 0, ARRAY_LEN(bad_tokens));
	tcase_add_loop_test(lex, name_problems, 0, ARRAY_LEN(names));
	suite_add_tcase(s, lex);

	tcase_add_checked_fixture(automaton, aut_setup, aut_teardown);
	tcase_add_test(automaton, da_automaton);
	tcase_add_test(automaton, da_own_layout);
	tcase_add_loop_test(automaton, final_states, 0, ARRAY_LEN(finals));
	tcase_add_test(automaton, dot2c_order);
	tcase_add_test(automaton, scoped_defaults);
	tcase_add_test(automaton, ha_clocks);
	tcase_add_loop_test(automaton, limits, 0, ARRAY_LEN(limit_cases));
	suite_add_tcase(s, automaton);

	tcase_add_checked_fixture(refusing, aut_setup, aut_teardown);
	tcase_add_loop_test(refusing, refused, 0, ARRAY_LEN(refusals));
	suite_add_tcase(s, refusing);

	tcase_add_checked_fixture(header, aut_setup, aut_teardown);
	tcase_add_loop_test(header, emit_header, 0, ARRAY_LEN(headers));
	suite_add_tcase(s, header);
	return s;
}
