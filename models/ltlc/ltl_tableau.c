// SPDX-License-Identifier: GPL-2.0-only
/*
 * GPVW tableau expansion. A node holds the formulas still to expand (new),
 * those that hold now (old) and those that must hold next (next); sets are
 * bitmaps over formula ids. Nodes whose old and next agree are one state.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltl_tableau.h"

#define BITS	(sizeof(unsigned long) * CHAR_BIT)
#define SOURCE_INIT	(-1)

struct node {
	unsigned long	*new;
	unsigned long	*old;
	unsigned long	*next;
	int		source;		/* the state it follows, or SOURCE_INIT */
};

struct done {
	unsigned long	*block;		/* new, old and next in one allocation */
	unsigned long	*old;
	unsigned long	*next;
	int		*incoming;
	int		nr_incoming;
};

struct tableau {
	const struct ltl_nnf	*nnf;
	int			words;
	struct node		*stack;
	int			nr_stack;
	int			cap_stack;
	struct done		*done;
	int			nr_done;
	long			steps;		/* expansions and completions */
};

static bool test(const unsigned long *set, int i)
{
	return set[i / BITS] >> (i % BITS) & 1;
}

static void set(unsigned long *set, int i)
{
	set[i / BITS] |= 1UL << (i % BITS);
}

static void clear(unsigned long *set, int i)
{
	set[i / BITS] &= ~(1UL << (i % BITS));
}

static int highest(const struct tableau *t, const unsigned long *set)
{
	for (int w = t->words - 1; w >= 0; w--)
		if (set[w])
			return w * BITS + (BITS - 1 - __builtin_clzl(set[w]));
	return -1;
}

static int push(struct tableau *t, const struct node *from, int source)
{
	size_t bytes = t->words * sizeof(unsigned long);
	struct node src = from ? *from : (struct node){ 0 };	/* from may move */
	struct node *n;

	if (t->nr_stack == t->cap_stack) {
		int cap = t->cap_stack ? t->cap_stack * 2 : 16;

		n = realloc(t->stack, cap * sizeof(*n));
		if (!n)
			return -1;
		t->stack = n;
		t->cap_stack = cap;
	}
	n = &t->stack[t->nr_stack];
	n->new = calloc(3, bytes);
	if (!n->new)
		return -1;
	n->old = n->new + t->words;
	n->next = n->old + t->words;
	n->source = source;
	if (from) {
		memcpy(n->new, src.new, bytes);
		memcpy(n->old, src.old, bytes);
		memcpy(n->next, src.next, bytes);
	}
	t->nr_stack++;
	return 0;
}

/* Add f to new unless it already holds in old, as rvgen does. */
static void want(unsigned long *new, const unsigned long *old, int f)
{
	if (!test(old, f))
		set(new, f);
}

static int find_done(const struct tableau *t, const struct node *n)
{
	size_t bytes = t->words * sizeof(unsigned long);

	for (int i = 0; i < t->nr_done; i++)
		if (!memcmp(t->done[i].old, n->old, bytes) && !memcmp(t->done[i].next, n->next, bytes))
			return i;
	return -1;
}

static int add_incoming(struct done *d, int source)
{
	int *in;

	for (int i = 0; i < d->nr_incoming; i++)
		if (d->incoming[i] == source)
			return 0;
	in = realloc(d->incoming, (d->nr_incoming + 1) * sizeof(*in));
	if (!in)
		return -1;
	d->incoming = in;
	in[d->nr_incoming++] = source;
	return 0;
}

/* Why construction stopped early (run() returns them). */
enum {
	TOO_MANY_NODES = 1,
	TOO_MANY_STEPS,
};

/* A fully expanded node is a state, or merges into an equal one. */
static int complete(struct tableau *t, struct node *n)
{
	int i = find_done(t, n);
	struct done *d;

	if (i >= 0) {
		free(n->new);
		return add_incoming(&t->done[i], n->source);
	}
	if (t->nr_done == LTL_MAX_NODES) {
		free(n->new);
		return TOO_MANY_NODES;
	}
	d = realloc(t->done, (t->nr_done + 1) * sizeof(*d));
	if (!d) {
		free(n->new);
		return -1;
	}
	t->done = d;
	i = t->nr_done++;
	d = &t->done[i];
	memset(d, 0, sizeof(*d));
	d->block = n->new;
	d->old = n->old;
	d->next = n->next;
	if (add_incoming(d, n->source) || push(t, NULL, i))
		return -1;
	/* what must hold next is what the successor expands */
	memcpy(t->stack[t->nr_stack - 1].new, d->next, t->words * sizeof(unsigned long));
	return 0;
}

/* Split n into two nodes: n itself takes a, and a copy pushed above takes b. */
static int split(struct tableau *t, struct node *n, int f, int a, int b, bool a_next)
{
	struct node *copy;

	set(n->old, f);
	if (push(t, n, n->source))
		return -1;
	copy = &t->stack[t->nr_stack - 1];
	n = &t->stack[t->nr_stack - 2];
	/* rvgen expands the first alternative first; the stack pops the copy */
	want(copy->new, copy->old, a);
	if (a_next)
		set(copy->next, f);
	if (b >= 0)
		want(n->new, n->old, b);
	return 0;
}

/*
 * Expand the formula f taken from the top node's new set.
 * Return: 0 to go on, 1 when the node is dropped, -1 on error.
 */
static int expand(struct tableau *t, int f)
{
	struct node *n = &t->stack[t->nr_stack - 1];
	const struct ltl_formula *fo = &t->nnf->f[f];

	if (fo->kind == LTL_F_FALSE)
		return 1;
	if (!fo->temporal || fo->kind == LTL_F_NEXT) {
		set(n->old, f);
		if (fo->kind == LTL_F_NEXT)
			set(n->next, fo->a);
		return 0;
	}
	switch (fo->kind) {
	case LTL_F_AND:
		set(n->old, f);
		want(n->new, n->old, fo->a);
		want(n->new, n->old, fo->b);
		return 0;
	case LTL_F_OR:
		return split(t, n, f, fo->a, fo->b, false);
	case LTL_F_UNTIL:
		/* a until b: a now and the until next, or b now */
		return split(t, n, f, fo->a, fo->b, true);
	case LTL_F_RELEASE:
		/* a release b: b now and the release next, or a and b now */
		if (split(t, n, f, fo->b, fo->a, true))
			return -1;
		n = &t->stack[t->nr_stack - 2];
		want(n->new, n->old, fo->b);
		return 0;
	default:
		return -1;
	}
}

static int run(struct tableau *t)
{
	while (t->nr_stack) {
		struct node *n = &t->stack[t->nr_stack - 1];
		int f = highest(t, n->new);
		int ret;

		if (++t->steps > LTL_MAX_STEPS)
			return TOO_MANY_STEPS;
		if (f < 0) {
			struct node top = *n;

			t->nr_stack--;
			ret = complete(t, &top);
			if (ret)
				return ret;
			continue;
		}
		clear(n->new, f);
		ret = expand(t, f);
		if (ret < 0)
			return -1;
		if (ret > 0) {
			free(t->stack[t->nr_stack - 1].new);
			t->nr_stack--;
		}
	}
	return 0;
}

static int fill_state(const struct tableau *t, int i, struct ltl_state *s)
{
	const struct done *d = &t->done[i];

	s->labels = calloc(t->nnf->nr, sizeof(int));
	s->succ = calloc(t->nr_done, sizeof(int));
	if (!s->labels || !s->succ)
		return -1;
	for (int f = 0; f < t->nnf->nr; f++)
		if (test(d->old, f) && !t->nnf->f[f].temporal)
			s->labels[s->nr_labels++] = f;
	for (int k = 0; k < d->nr_incoming; k++)
		if (d->incoming[k] == SOURCE_INIT)
			s->init = true;
	for (int j = 0; j < t->nr_done; j++)
		for (int k = 0; k < t->done[j].nr_incoming; k++)
			if (t->done[j].incoming[k] == i)
				s->succ[s->nr_succ++] = j;
	return 0;
}

static void free_tableau(struct tableau *t)
{
	for (int i = 0; i < t->nr_stack; i++)
		free(t->stack[i].new);
	for (int i = 0; i < t->nr_done; i++) {
		free(t->done[i].block);
		free(t->done[i].incoming);
	}
	free(t->stack);
	free(t->done);
}

/**
 * ltl_tableau_build() - build the automaton of a formula
 * @nnf: the formula
 * @path: the specification's file name, for messages
 * @g: filled with the states; free with ltl_graph_free()
 * @err: LTL_MSG_LEN bytes for the message on failure
 *
 * Return: 0, or -1 when the automaton has more states than the kernel
 * accepts (32), takes more than LTL_MAX_STEPS to build, or memory runs out.
 */
int ltl_tableau_build(const struct ltl_nnf *nnf, const char *path, struct ltl_graph *g, char *err)
{
	struct tableau t = { .nnf = nnf, .words = (nnf->nr + BITS - 1) / BITS };
	int ret = -1;

	memset(g, 0, sizeof(*g));
	if (push(&t, NULL, SOURCE_INIT))
		goto oom;
	set(t.stack[0].new, nnf->root);
	ret = run(&t);
	if (ret < 0)
		goto oom;
	if (ret == TOO_MANY_STEPS) {
		snprintf(err, LTL_MSG_LEN,
			 "%s: error: the automaton takes more than %ld tableau steps to build: simplify the formula",
			 path, LTL_MAX_STEPS);
		ret = -1;
		goto out;
	}
	if (ret > 0 || t.nr_done > LTL_MAX_STATES) {
		snprintf(err, LTL_MSG_LEN,
			 "%s: error: the automaton has %s%d states, more than the kernel's limit of %d (RV_MAX_BA_STATES)",
			 path, ret > 0 ? "over " : "", t.nr_done, LTL_MAX_STATES);
		ret = -1;
		goto out;
	}
	g->states = calloc(t.nr_done ? t.nr_done : 1, sizeof(*g->states));
	if (!g->states)
		goto oom;
	g->nr = t.nr_done;
	for (int i = 0; i < t.nr_done; i++)
		if (fill_state(&t, i, &g->states[i]))
			goto oom;
	ret = 0;
	goto out;
oom:
	snprintf(err, LTL_MSG_LEN, "%s: error: out of memory", path);
	ret = -1;
out:
	free_tableau(&t);
	return ret;
}

/**
 * ltl_graph_free() - release an automaton
 * @g: what ltl_tableau_build() filled
 */
void ltl_graph_free(struct ltl_graph *g)
{
	for (int i = 0; i < g->nr; i++) {
		free(g->states[i].labels);
		free(g->states[i].succ);
	}
	free(g->states);
	memset(g, 0, sizeof(*g));
}
