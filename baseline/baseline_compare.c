// SPDX-License-Identifier: GPL-2.0-only
/*
 * The comparison of two baselines (baseline.h): every key of OLD and NEW
 * sorted together, summed per key and sorted into new, fixed, unchanged
 * and waived; the traces without a verdict to compare listed apart.
 */
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "baseline_local.h"
#include "grow.h"

struct names {
	const char	**name;
	size_t		nr;
};

struct entry {
	const char			*trace;	/* "": traces not named */
	const struct baseline_key	*key;
	bool				in_new;
};

struct comparing {
	const struct baseline	*old;
	const struct baseline	*new;
	bool			named;		/* a batch: keys carry the trace's name */
	struct names		judged;		/* NEW's traces */
	struct names		unjudged;
	struct entry		*entries;
	size_t			nr_entries;
};

struct tally {
	unsigned long	old;		/* OLD: waived or not */
	unsigned long	count;		/* NEW: not waived */
	unsigned long	waived;		/* NEW: waived */
};

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int names_of(const struct baseline *b, bool judged, struct names *n)
{
	n->nr = 0;
	n->name = malloc((b->nr_traces + 1) * sizeof(*n->name));
	if (!n->name)
		return -1;
	for (unsigned int i = 0; i < b->nr_traces; i++)
		if (!b->traces[i].error == judged)
			n->name[n->nr++] = b->traces[i].name;
	qsort(n->name, n->nr, sizeof(*n->name), name_cmp);
	return 0;
}

static bool names_have(const struct names *n, const char *name)
{
	return n->nr && bsearch(&name, n->name, n->nr, sizeof(*n->name), name_cmp);
}

/* An OLD trace is compared only where NEW judged it: NEW is then the one to blame. */
static bool compared(const struct comparing *s, const char *trace)
{
	return !s->named || (names_have(&s->judged, trace) && !names_have(&s->unjudged, trace));
}

static int entry_cmp(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int d = strcmp(x->trace, y->trace);

	if (!d)
		d = strcmp(x->key->monitor, y->key->monitor);
	if (!d)
		d = strcmp(x->key->comm, y->key->comm);
	if (!d)
		d = strcmp(x->key->reason, y->key->reason);
	return d;
}

static void collect_side(struct comparing *s, const struct baseline *b, bool in_new)
{
	for (unsigned int i = 0; i < b->nr_keys; i++) {
		const struct baseline_key *k = &b->keys[i];

		if (in_new || compared(s, k->trace))
			s->entries[s->nr_entries++] = (struct entry){
				s->named ? k->trace : "", k, in_new };
	}
}

static int collect(struct comparing *s)
{
	s->entries = malloc((s->old->nr_keys + s->new->nr_keys + 1) * sizeof(*s->entries));
	if (!s->entries)
		return -1;
	collect_side(s, s->old, false);
	collect_side(s, s->new, true);
	qsort(s->entries, s->nr_entries, sizeof(*s->entries), entry_cmp);
	return 0;
}

static int add_change(struct baseline_comparison *c, enum baseline_outcome o,
		      const struct entry *e, unsigned long old, unsigned long new)
{
	if (grow_room(&c->changes[o], c->nr[o], sizeof(*c->changes[o])))
		return -1;
	c->changes[o][c->nr[o]++] = (struct baseline_change){
		e->trace, e->key->monitor, e->key->comm, e->key->reason, old, new };
	return 0;
}

/* A key in OLD is known, waived or not: only NEW's unwaived ones can be new. */
static int judge_key(struct baseline_comparison *c, const struct entry *e,
		     const struct tally *t)
{
	int ret = 0;

	if (t->count)
		ret = add_change(c, t->old ? BASELINE_UNCHANGED : BASELINE_NEW, e, t->old, t->count);
	else if (!t->waived)
		ret = add_change(c, BASELINE_FIXED, e, t->old, 0);
	if (!ret && t->waived)
		ret = add_change(c, BASELINE_WAIVED, e, t->old, t->waived);
	return ret;
}

static int judge_keys(struct comparing *s, struct baseline_comparison *c)
{
	const struct entry *e = s->entries;
	size_t i, j;

	for (i = 0; i < s->nr_entries; i = j) {
		struct tally t = { 0 };

		for (j = i; j < s->nr_entries && !entry_cmp(&e[i], &e[j]); j++) {
			if (!e[j].in_new) {
				t.old = baseline_add_sat(t.old, baseline_add_sat(e[j].key->count, e[j].key->waived));
				continue;
			}
			t.count = baseline_add_sat(t.count, e[j].key->count);
			t.waived = baseline_add_sat(t.waived, e[j].key->waived);
		}
		if (judge_key(c, &e[i], &t))
			return -1;
	}
	return 0;
}

static int add_unjudged(struct baseline_comparison *c, const struct baseline_trace *t,
			bool in_new, bool absent)
{
	if (grow_room(&c->unjudged, c->nr_unjudged, sizeof(*c->unjudged)))
		return -1;
	c->unjudged[c->nr_unjudged++] = (struct baseline_unjudged){ t, in_new, absent };
	c->nr_failing += in_new;
	return 0;
}

static bool said_absent(const struct baseline_comparison *c, const char *name)
{
	for (unsigned int i = 0; i < c->nr_unjudged; i++)
		if (c->unjudged[i].absent && !strcmp(c->unjudged[i].trace->name, name))
			return true;
	return false;
}

/* A trace of OLD that a batch NEW lacks: a run that drops a trace cannot pass. */
static bool absent(const struct comparing *s, const char *name)
{
	return s->named && s->new->kind == BASELINE_LINES && !names_have(&s->judged, name) &&
	       !names_have(&s->unjudged, name);
}

static int find_unjudged(const struct comparing *s, struct baseline_comparison *c)
{
	const struct baseline_trace *t;

	for (unsigned int i = 0; i < s->new->nr_traces; i++)
		if (s->new->traces[i].error && add_unjudged(c, &s->new->traces[i], true, false))
			return -1;
	for (unsigned int i = 0; i < s->old->nr_traces; i++) {
		t = &s->old->traces[i];
		if (absent(s, t->name)) {
			if (!said_absent(c, t->name) && add_unjudged(c, t, true, true))
				return -1;
		} else if (t->error && compared(s, t->name) && add_unjudged(c, t, false, false)) {
			return -1;
		}
	}
	return 0;
}

/**
 * baseline_compare() - NEW's violations against OLD's, key by key
 * @old: the baseline
 * @new: the run judged
 * @c: filled (zero it first); free with baseline_comparison_free(); its
 *     strings are those of @old and @new, which must outlive it
 *
 * With a batch on either side the keys carry the trace's name: a single
 * report NEW is then compared with OLD's lines of its trace only, and
 * each trace of OLD that a batch NEW lacks is unjudged, in NEW. OLD's
 * keys of a trace NEW did not judge are not compared (not fixed). Two
 * single reports are compared whatever their traces' names.
 *
 * Return: 0, or -1 when memory runs out.
 */
int baseline_compare(const struct baseline *old, const struct baseline *new,
		     struct baseline_comparison *c)
{
	struct comparing s = {
		.old = old,
		.new = new,
		.named = old->kind == BASELINE_LINES || new->kind == BASELINE_LINES,
	};
	int ret = -1;

	if (names_of(new, true, &s.judged) || names_of(new, false, &s.unjudged))
		goto out;
	if (collect(&s) || judge_keys(&s, c) || find_unjudged(&s, c))
		goto out;
	ret = 0;
out:
	free(s.judged.name);
	free(s.unjudged.name);
	free(s.entries);
	return ret;
}
