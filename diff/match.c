// SPDX-License-Identifier: GPL-2.0-only
/*
 * Matching the verdicts: a live error record and a replayed verdict
 * match when they are of one task of one monitor at one record (the one
 * the live record is tied to, or for rv:* the next one); every other is
 * live only or replay only, and explained when a divergence class
 * applies.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_local.h"
#include "grow.h"

static int live_cmp(const void *a, const void *b)
{
	const struct diff_live *x = a, *y = b;
	int c = diff_task_cmp(x->monitor, x->pid, y->monitor, y->pid);

	if (!c)
		c = diff_key_cmp(&x->at, &y->at);
	if (!c)
		c = x->ts < y->ts ? -1 : x->ts > y->ts;
	return c;
}

struct verdict_slot {
	struct verdict	*v;
	int		monitor;
	struct diff_key	at;
	bool		used;
};

static int slot_cmp(const void *a, const void *b)
{
	const struct verdict_slot *x = a, *y = b;
	int c = diff_task_cmp(x->monitor, x->v->pid, y->monitor, y->v->pid);

	return c ? c : diff_key_cmp(&x->at, &y->at);
}

/* An unused replayed verdict of a task at a record, or NULL. */
static struct verdict_slot *slot_at(struct verdict_slot *slots, unsigned int n, int monitor,
				    int pid, const struct diff_key *at)
{
	unsigned int lo = 0, hi = n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		int c = diff_task_cmp(slots[mid].monitor, slots[mid].v->pid, monitor, pid);

		if (!c)
			c = diff_key_cmp(&slots[mid].at, at);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < n && slots[lo].monitor == monitor && slots[lo].v->pid == pid &&
	       !diff_key_cmp(&slots[lo].at, at); lo++)
		if (!slots[lo].used)
			return &slots[lo];
	return NULL;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct diff_entry *x = a, *y = b;
	int c = diff_key_cmp(&x->at, &y->at);

	return c ? c : diff_task_cmp(x->monitor, x->pid, y->monitor, y->pid);
}

static bool rerun_has(const struct diff_step *keys, unsigned int n, int monitor, int pid,
		      const struct diff_key *at)
{
	for (unsigned int i = 0; i < n; i++)
		if (keys[i].monitor == monitor && keys[i].pid == pid && !diff_key_cmp(&keys[i].at, at))
			return true;
	return false;
}

static void explain_entry(struct diff_entry *e, const struct diff_compare *cmp,
			  const struct diff_collect *rerun)
{
	const struct diff_result *res = cmp->res;
	const struct diff_divergence *d;

	e->why = DIFF_UNEXPLAINED;
	if (e->side == DIFF_MATCHED)
		return;
	if (e->side == DIFF_REPLAY_ONLY && !diff_in_window(res, e->at.ts)) {
		e->why = DIFF_OUTSIDE;
		return;
	}
	if (diff_after_lost(res, cmp->cpus, cmp->nr_cpus, &e->at)) {
		e->why = DIFF_LOST;
		return;
	}
	if (e->side == DIFF_REPLAY_ONLY && e->verdict->kind == RV_VIOLATION_START) {
		e->why = DIFF_STRICT;
		return;
	}
	if (cmp->opts->replay.infer &&
	    rerun_has(rerun->verdict_keys, rerun->nr_keys, e->monitor, e->pid, &e->at) ==
	    (e->side == DIFF_LIVE_ONLY)) {
		e->why = DIFF_INFER;
		return;
	}
	d = diff_divergence_at(res, e->monitor, e->pid, &e->at);
	if (d) {
		e->divergence = d;
		e->why = d->why;
	}
}

static int add_entry(struct diff_result *res, const struct diff_entry *e)
{
	if (grow_room(&res->entries, res->nr_entries, sizeof(*e)))
		return -1;
	res->entries[res->nr_entries++] = *e;
	return 0;
}

/**
 * diff_match() - match the live error records with the replayed verdicts
 * @cmp: the comparison: its res holds the lives and verdicts, gets the
 *	 entries (in trace order) and their counts; its divergences
 *	 explain them
 * @rerun: the replay without inference (its verdict_keys), read when
 *	   cmp->opts->replay.infer is on
 *
 * Sorts res->lives by task and record.
 *
 * Return: 0, or -1 when memory runs out.
 */
int diff_match(struct diff_compare *cmp, const struct diff_collect *rerun)
{
	struct diff_result *res = cmp->res;
	struct verdict_slot *slots = calloc(res->nr_verdicts + 1, sizeof(*slots));
	struct diff_entry e;
	struct verdict_slot *slot;

	if (!slots)
		return -1;
	for (unsigned int i = 0; i < res->nr_verdicts; i++) {
		struct verdict *v = &res->verdicts[i];

		slots[i].v = v;
		slots[i].monitor = diff_monitor_of(cmp->opts, v->monitor);
		slots[i].at = (struct diff_key){ v->ts, v->cpu, v->event_ref.offset };
	}
	diff_sort(slots, res->nr_verdicts, sizeof(*slots), slot_cmp);
	diff_sort(res->lives, res->nr_lives, sizeof(*res->lives), live_cmp);
	for (unsigned int i = 0; i < res->nr_lives; i++) {
		const struct diff_live *l = &res->lives[i];

		memset(&e, 0, sizeof(e));
		e.monitor = l->monitor;
		e.pid = l->pid;
		e.at = l->at;
		e.live = l;
		slot = l->tied ? slot_at(slots, res->nr_verdicts, l->monitor, l->pid, &l->at) : NULL;
		if (!slot && l->has_next) {
			slot = slot_at(slots, res->nr_verdicts, l->monitor, l->pid, &l->next_at);
			if (slot)
				e.at = l->next_at;
		}
		e.side = slot ? DIFF_MATCHED : DIFF_LIVE_ONLY;
		if (slot) {
			slot->used = true;
			e.verdict = slot->v;
		}
		if (add_entry(res, &e))
			goto oom;
	}
	for (unsigned int i = 0; i < res->nr_verdicts; i++) {
		if (slots[i].used)
			continue;
		memset(&e, 0, sizeof(e));
		e.side = DIFF_REPLAY_ONLY;
		e.monitor = slots[i].monitor;
		e.pid = slots[i].v->pid;
		e.at = slots[i].at;
		e.verdict = slots[i].v;
		if (add_entry(res, &e))
			goto oom;
	}
	free(slots);
	diff_sort(res->entries, res->nr_entries, sizeof(*res->entries), entry_cmp);
	for (unsigned int i = 0; i < res->nr_entries; i++) {
		struct diff_entry *x = &res->entries[i];

		explain_entry(x, cmp, rerun);
		if (x->side == DIFF_MATCHED) {
			res->matched++;
			continue;
		}
		if (x->side == DIFF_LIVE_ONLY)
			res->live_only++;
		else
			res->replay_only++;
		res->by_why[x->why]++;
		if (x->why == DIFF_UNEXPLAINED)
			res->unexplained++;
	}
	return 0;
oom:
	free(slots);
	return -1;
}

