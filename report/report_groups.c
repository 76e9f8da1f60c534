// SPDX-License-Identifier: GPL-2.0-only
/*
 * Violations grouped by task, monitor and reason (report_groups.h).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "report_groups.h"

/**
 * verdict_latency() - how long a sleep verdict's task waited to run once woken
 * @v: the verdict
 *
 * Return: nanoseconds, 0 when the trace does not tell.
 */
uint64_t verdict_latency(const struct verdict *v)
{
	const struct task_sleep *s = &v->sleep;

	/* a clock past its bound: how long it ran (stall: runnable to run) */
	if (v->cause == CAUSE_CONSTRAINT)
		return v->ts > v->clock.epoch_ns ? v->ts - v->clock.epoch_ns : 0;
	return s->start && s->wakeup_ts && s->run_ts > s->wakeup_ts ? s->run_ts - s->wakeup_ts : 0;
}

/**
 * verdict_sleep() - how long a sleep verdict's task slept
 * @v: the verdict
 *
 * Return: nanoseconds, to its wakeup (else to its run), 0 when not told.
 */
uint64_t verdict_sleep(const struct verdict *v)
{
	const struct task_sleep *s = &v->sleep;
	uint64_t end = s->wakeup_ts ? s->wakeup_ts : s->run_ts;

	return s->start && end > s->start ? end - s->start : 0;
}

/* A verdict of our own, its context copied: NULL when memory runs out. */
static struct verdict *keep(const struct verdict *v)
{
	struct verdict *to = malloc(sizeof(*to));

	if (!to)
		return NULL;
	*to = *v;
	to->context = NULL;
	to->set_at = NULL;
	if (v->nr_set_at && (to->set_at = malloc(v->nr_set_at * sizeof(*v->set_at))))
		memcpy(to->set_at, v->set_at, v->nr_set_at * sizeof(*v->set_at));
	else
		to->nr_set_at = 0;
	if (!v->nr_context)
		return to;
	to->context = malloc(v->nr_context * sizeof(*v->context));
	if (!to->context) {
		free(to->set_at);
		free(to);
		return NULL;
	}
	memcpy(to->context, v->context, v->nr_context * sizeof(*v->context));
	return to;
}

static void drop(struct verdict *v)
{
	if (v) {
		free(v->context);
		free(v->set_at);
	}
	free(v);
}

/* Whether @v is worse than the group's worst so far. */
static bool worse(const struct verdict_group *g, const struct verdict *v)
{
	uint64_t lat = verdict_latency(v), slept = verdict_sleep(v);

	if (lat || g->worst_latency)
		return lat > g->worst_latency;
	if (slept || g->worst_sleep)
		return slept > g->worst_sleep;
	return v->nr_context > g->worst_context;
}

/* What a group tells of its worst violation @v, kept in full or not. */
static void tell_worst(struct verdict_group *g, const struct verdict *v)
{
	g->prio = v->prio;
	g->cause = v->cause;
	g->worst_latency = verdict_latency(v);
	g->worst_sleep = verdict_sleep(v);
	g->worst_context = v->nr_context;
}

/* @v, later than the first, is the group's worst: its copy when the group keeps one. */
static int set_worst(struct verdict_group *g, const struct verdict *v)
{
	if (g->first) {
		struct verdict *copy = keep(v);

		if (!copy)
			return -1;
		if (g->worst != g->first)
			drop(g->worst);
		g->worst = copy;
	}
	tell_worst(g, v);
	return 0;
}

/* What a group is known by. */
struct group_key {
	int			pid;
	const struct rv_monitor	*monitor;
	const struct waiver	*waiver;
	const char		*reason;	/* the pool's: one pointer per text */
};

static bool same_group(unsigned int element, const void *key, const void *data)
{
	const struct verdict_group *p = &((const struct verdict_groups *)data)->groups[element];
	const struct group_key *k = key;

	return p->pid == k->pid && p->monitor == k->monitor && p->waiver == k->waiver &&
	       p->reason == k->reason;
}

static uint64_t group_hash(const struct group_key *k)
{
	uint64_t h = key_hash(&k->pid, sizeof(k->pid), 0);

	h = key_hash(&k->monitor, sizeof(k->monitor), h);
	h = key_hash(&k->waiver, sizeof(k->waiver), h);
	return key_hash(&k->reason, sizeof(k->reason), h);
}

static struct verdict_group *group_of(struct verdict_groups *g, struct text_pool *texts,
				      const struct verdict *v, const char *reason,
				      const struct waiver *waiver)
{
	struct group_key key = { verdict_instance(v), v->monitor, waiver,
				 text_pool_get(texts, reason) };
	uint64_t hash = group_hash(&key);
	long found = key.reason ? key_index_find(&g->by_key, hash, same_group, &key, g) : -1;
	struct verdict_group *p;

	if (!key.reason)
		return NULL;
	if (found >= 0)
		return &g->groups[found];
	if (grow_room(&g->groups, g->nr, sizeof(*g->groups)))
		return NULL;
	p = &g->groups[g->nr];
	memset(p, 0, sizeof(*p));
	p->monitor = v->monitor;
	p->pid = key.pid;
	p->waiver = waiver;
	p->reason = key.reason;
	p->first_ts = v->ts;
	strcpy(p->comm, v->comm);
	strcpy(p->was_comm, v->comm);
	if (!g->max_explained || g->nr < g->max_explained) {
		p->first = keep(v);
		if (!p->first)
			return NULL;
	}
	p->worst = p->first;
	if (key_index_add(&g->by_key, hash, g->nr)) {
		drop(p->first);
		return NULL;
	}
	g->unexplained += !p->first;
	g->nr++;
	return p;
}

/**
 * groups_add() - count a verdict in its group
 * @g: the groups
 * @texts: where the groups' reasons are kept
 * @v: the verdict
 * @reason: its reason in words (explain_reason())
 * @waiver: the waiver that covers it, or NULL
 *
 * Return: 0, or -1 when memory runs out.
 */
int groups_add(struct verdict_groups *g, struct text_pool *texts, const struct verdict *v,
	       const char *reason, const struct waiver *waiver)
{
	struct verdict_group *p = group_of(g, texts, v, reason, waiver);
	uint64_t lat = verdict_latency(v), slept = verdict_sleep(v);

	if (!p)
		return -1;
	if (!p->count)
		tell_worst(p, v);	/* the first, already kept */
	else if (worse(p, v) && set_worst(p, v))
		return -1;
	p->count++;
	p->last_ts = v->ts;
	if (lat > p->max_latency)
		p->max_latency = lat;
	if (slept > p->max_sleep)
		p->max_sleep = slept;
	return 0;
}

static int cmp_u64(uint64_t a, uint64_t b)
{
	return (a < b) - (a > b);	/* larger first */
}

static int compare(const void *a, const void *b, void *order)
{
	const struct verdict_group *x = a, *y = b;
	int c = 0;

	switch (*(enum group_order *)order) {
	case GROUP_BY_LATENCY:
		c = cmp_u64(x->max_latency, y->max_latency);
		break;
	case GROUP_BY_SLEEP:
		c = cmp_u64(x->max_sleep, y->max_sleep);
		break;
	case GROUP_BY_COUNT:
		c = cmp_u64(x->count, y->count);
		break;
	case GROUP_BY_TIME:
		break;
	}
	return c ? c : (x->first_ts > y->first_ts) - (x->first_ts < y->first_ts);
}

/**
 * groups_sort() - order the groups
 * @g: the groups
 * @order: by the time of their first violation, their worst latency or
 *	   sleep, or their count (ties by time)
 */
void groups_sort(struct verdict_groups *g, enum group_order order)
{
	key_index_free(&g->by_key);
	if (g->nr)
		qsort_r(g->groups, g->nr, sizeof(*g->groups), compare, &order);
}

void groups_release(struct verdict_groups *g)
{
	for (unsigned int i = 0; i < g->nr; i++) {
		if (g->groups[i].worst != g->groups[i].first)
			drop(g->groups[i].worst);
		drop(g->groups[i].first);
	}
	free(g->groups);
	key_index_free(&g->by_key);
	memset(g, 0, sizeof(*g));
}
