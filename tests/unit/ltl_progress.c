// SPDX-License-Identifier: GPL-2.0-only
#include <stdlib.h>
#include <string.h>

#include "ltl_progress.h"

enum pk {
	P_TRUE, P_FALSE, P_ATOM, P_NOT, P_AND, P_OR, P_IMPLY, P_EQUIV,
	P_NEXT, P_ALWAYS, P_EVENTUALLY, P_UNTIL, P_DEFER,
};

struct pf {
	enum pk		k;
	int		atom;
	struct pf	*a;
	struct pf	*b;
};

#define POOL	(1 << 20)

struct progress {
	struct pf	*rule;		/* lives in the first part of the pool */
	struct pf	*pool;
	int		fixed;		/* pool entries of the rule itself */
	int		used;
	struct pf	*now;		/* NULL: stopped */
	char		**atoms;
	int		nr_atoms;
};

static struct pf t_true = { .k = P_TRUE }, t_false = { .k = P_FALSE };

static struct pf *mk(struct progress *p, enum pk k, struct pf *a, struct pf *b)
{
	struct pf *f;

	if (p->used == POOL)
		abort();
	f = &p->pool[p->used++];
	f->k = k;
	f->a = a;
	f->b = b;
	f->atom = -1;
	return f;
}

static struct pf *mk_not(struct progress *p, struct pf *a)
{
	if (a->k == P_TRUE)
		return &t_false;
	if (a->k == P_FALSE)
		return &t_true;
	return mk(p, P_NOT, a, NULL);
}

static struct pf *mk_and(struct progress *p, struct pf *a, struct pf *b)
{
	if (a->k == P_FALSE || b->k == P_FALSE)
		return &t_false;
	if (a->k == P_TRUE)
		return b;
	if (b->k == P_TRUE)
		return a;
	return mk(p, P_AND, a, b);
}

static struct pf *mk_or(struct progress *p, struct pf *a, struct pf *b)
{
	if (a->k == P_TRUE || b->k == P_TRUE)
		return &t_true;
	if (a->k == P_FALSE)
		return b;
	if (b->k == P_FALSE)
		return a;
	return mk(p, P_OR, a, b);
}

static struct pf *mk_equiv(struct progress *p, struct pf *a, struct pf *b)
{
	if (a->k == P_TRUE)
		return b;
	if (a->k == P_FALSE)
		return mk_not(p, b);
	if (b->k == P_TRUE)
		return a;
	if (b->k == P_FALSE)
		return mk_not(p, a);
	return mk(p, P_EQUIV, a, b);
}

static struct pf *prog(struct progress *p, struct pf *f, unsigned long l)
{
	switch (f->k) {
	case P_TRUE:
	case P_FALSE:
		return f;
	case P_ATOM:
		return l >> f->atom & 1 ? &t_true : &t_false;
	case P_NOT:
		return mk_not(p, prog(p, f->a, l));
	case P_AND:
		return mk_and(p, prog(p, f->a, l), prog(p, f->b, l));
	case P_OR:
		return mk_or(p, prog(p, f->a, l), prog(p, f->b, l));
	case P_IMPLY:
		return mk_or(p, mk_not(p, prog(p, f->a, l)), prog(p, f->b, l));
	case P_EQUIV:
		return mk_equiv(p, prog(p, f->a, l), prog(p, f->b, l));
	case P_NEXT:
		return f->a->k == P_TRUE ? &t_true : mk(p, P_DEFER, f->a, NULL);
	case P_DEFER:
		return prog(p, f->a, l);
	case P_ALWAYS:
		return mk_and(p, prog(p, f->a, l), f);
	case P_EVENTUALLY:
		return mk_or(p, prog(p, f->a, l), f);
	case P_UNTIL:
		return mk_or(p, prog(p, f->b, l), mk_and(p, prog(p, f->a, l), f));
	}
	abort();
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void collect(struct progress *p, const struct ltl_spec *s, const struct ltl_expr *e)
{
	int d;

	if (!e)
		return;
	if (e->op != LTL_NAME) {
		collect(p, s, e->left);
		collect(p, s, e->right);
		return;
	}
	d = ltl_spec_find(s, e->name);
	if (d >= 0) {
		collect(p, s, s->defs[d].expr);
		return;
	}
	for (int i = 0; i < p->nr_atoms; i++)
		if (!strcmp(p->atoms[i], e->name))
			return;
	p->atoms = realloc(p->atoms, (p->nr_atoms + 1) * sizeof(char *));
	p->atoms[p->nr_atoms++] = e->name;
}

static struct pf *convert(struct progress *p, const struct ltl_spec *s, const struct ltl_expr *e)
{
	static const enum pk kinds[] = {
		[LTL_NOT] = P_NOT, [LTL_ALWAYS] = P_ALWAYS, [LTL_EVENTUALLY] = P_EVENTUALLY,
		[LTL_NEXT] = P_NEXT, [LTL_AND] = P_AND, [LTL_OR] = P_OR, [LTL_IMPLY] = P_IMPLY,
		[LTL_EQUIVALENT] = P_EQUIV, [LTL_UNTIL] = P_UNTIL,
	};
	struct pf *f;
	int d;

	switch (e->op) {
	case LTL_TRUE:
		return &t_true;
	case LTL_FALSE:
		return &t_false;
	case LTL_NAME:
		d = ltl_spec_find(s, e->name);
		if (d >= 0)
			return convert(p, s, s->defs[d].expr);
		f = mk(p, P_ATOM, NULL, NULL);
		for (int i = 0; i < p->nr_atoms; i++)
			if (!strcmp(p->atoms[i], e->name))
				f->atom = i;
		return f;
	default:
		f = mk(p, kinds[e->op], convert(p, s, e->left), NULL);
		if (e->right)
			f->b = convert(p, s, e->right);
		return f;
	}
}

/**
 * progress_new() - a progression monitor of a parsed specification
 * @spec: the specification; its atoms are numbered in sorted order, as the
 *        generated automaton numbers them
 *
 * Return: the monitor, stopped.
 */
struct progress *progress_new(const struct ltl_spec *spec)
{
	struct progress *p = calloc(1, sizeof(*p));

	p->pool = malloc(POOL * sizeof(struct pf));
	collect(p, spec, spec->defs[spec->rule].expr);
	qsort(p->atoms, p->nr_atoms, sizeof(char *), cmp);
	p->rule = convert(p, spec, spec->defs[spec->rule].expr);
	p->fixed = p->used;
	return p;
}

void progress_free(struct progress *p)
{
	free(p->pool);
	free(p->atoms);
	free(p);
}

/* Stopped, and the memory of earlier progressions released. */
void progress_reset(struct progress *p)
{
	p->now = NULL;
	p->used = p->fixed;
}

int progress_nr_atoms(const struct progress *p)
{
	return p->nr_atoms;
}

/**
 * progress_letter() - one letter, as the core sees one update
 * @p: the monitor
 * @letter: bit i is atom i
 *
 * Stopped: a start attempt, which fails silently when the formula is false
 * at once. Running: a step, which is a violation when the formula becomes
 * false; the monitor is then stopped.
 *
 * Return: true for a violation.
 */
bool progress_letter(struct progress *p, unsigned long letter)
{
	bool running = p->now != NULL;
	struct pf *f = prog(p, running ? p->now : p->rule, letter);

	p->now = f->k == P_FALSE ? NULL : f;
	if (!p->now)
		p->used = p->fixed;
	return running && !p->now;
}
