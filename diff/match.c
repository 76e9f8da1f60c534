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
	int		instance;	/* the task, or a per-CPU monitor's CPU */
	struct diff_key	at;
	bool		used;
};

static int slot_cmp(const void *a, const void *b)
{
	const struct verdict_slot *x = a, *y = b;
	int c = diff_task_cmp(x->monitor, x->instance, y->monitor, y->instance);

	return c ? c : diff_key_cmp(&x->at, &y->at);
}

/* The first slot of an instance at or after a record, in the sorted slots. */
static unsigned int slot_from(const struct verdict_slot *slots, unsigned int n, int monitor,
			      int instance, const struct diff_key *at)
{
	unsigned int lo = 0, hi = n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		int c = diff_task_cmp(slots[mid].monitor, slots[mid].instance, monitor, instance);

		if (!c)
			c = diff_key_cmp(&slots[mid].at, at);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* An unused replayed verdict of an instance at a record, or NULL. */
static struct verdict_slot *slot_at(struct verdict_slot *slots, unsigned int n, int monitor,
				    int instance, const struct diff_key *at)
{
	unsigned int i = slot_from(slots, n, monitor, instance, at);

	for (; i < n && slots[i].monitor == monitor && slots[i].instance == instance &&
	       !diff_key_cmp(&slots[i].at, at); i++)
		if (!slots[i].used)
			return &slots[i];
	return NULL;
}

/*
 * A clock that ran out live (the kernel's timer at the bound, our module's
 * finish at its disabling): the replay finds it at the instance's next
 * event, or at the trace's end. The first unused verdict of a broken
 * constraint of the instance at or after the live record, or NULL.
 */
static struct verdict_slot *slot_after(struct verdict_slot *slots, unsigned int n, int monitor,
				       int instance, uint64_t ts)
{
	struct diff_key from = { ts, 0, 0 };
	unsigned int i = slot_from(slots, n, monitor, instance, &from);

	for (; i < n && slots[i].monitor == monitor && slots[i].instance == instance; i++)
		if (!slots[i].used && slots[i].v->kind == RV_VIOLATION_CONSTRAINT)
			return &slots[i];
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

/*
 * A live automaton's error with no live step of its task before it in
 * the trace: its instance was monitoring before the trace began (a start
 * gives no step, and every event after one steps until an error; only
 * where the trace does not say when the live monitors started, and for a
 * task older than the trace or a CPU's instance).
 */
static bool automaton_started_before(const struct diff_compare *cmp, const struct diff_entry *e)
{
	const struct rv_monitor *m = cmp->opts->replay.monitors[e->monitor];

	bool older = m->instance == RV_PER_CPU ||
		     (m->instance == RV_PER_TASK && !diff_born_in_trace(cmp, e->pid));

	return e->side == DIFF_LIVE_ONLY && older &&
	       (m->type == RV_MONITOR_DA || m->type == RV_MONITOR_HA) && !cmp->res->nr_windows &&
	       !diff_stepped_before(cmp, e->monitor, e->pid, &e->at);
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
	if (diff_after_lost(res, &e->at)) {
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
	} else if (diff_clock_edge(cmp, e->monitor, e->pid, &e->at)) {
		e->why = DIFF_CLOCK_EDGE;
	} else if (automaton_started_before(cmp, e)) {
		e->why = DIFF_BEFORE;
	}
}

static int add_entry(struct diff_result *res, const struct diff_entry *e)
{
	if (grow_room(&res->entries, res->nr_entries, sizeof(*e)))
		return -1;
	res->entries[res->nr_entries++] = *e;
	return 0;
}

/* One live error: its replayed verdict, or live only. Return: 0, or -1 (memory). */
static int match_live(struct diff_result *res, const struct diff_live *l,
		      struct verdict_slot *slots)
{
	struct verdict_slot *slot;
	struct diff_entry e;

	memset(&e, 0, sizeof(e));
	e.monitor = l->monitor;
	e.pid = l->pid;
	e.at = l->at;
	e.live = l;
	if (l->timeout)
		slot = slot_after(slots, res->nr_verdicts, l->monitor, l->pid, l->ts);
	else
		slot = l->tied ? slot_at(slots, res->nr_verdicts, l->monitor, l->pid, &l->at) :
		       NULL;
	if (!slot && l->has_next) {
		slot = slot_at(slots, res->nr_verdicts, l->monitor, l->pid, &l->next_at);
		if (slot)
			e.at = l->next_at;
	}
	e.side = slot ? DIFF_MATCHED : DIFF_LIVE_ONLY;
	if (slot) {
		slot->used = true;
		e.verdict = slot->v;
		if (l->timeout)
			e.at = slot->at;
	}
	res->live_timeouts += l->timeout;
	res->timeouts_matched += l->timeout && slot;
	return add_entry(res, &e);
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

	if (!slots)
		return -1;
	for (unsigned int i = 0; i < res->nr_verdicts; i++) {
		struct verdict *v = &res->verdicts[i];

		slots[i].v = v;
		slots[i].monitor = diff_monitor_of(cmp->opts, v->monitor);
		slots[i].instance = diff_instance(v->monitor, v->pid, v->cpu);
		slots[i].at = (struct diff_key){ v->ts, v->cpu, v->event_ref.offset };
	}
	diff_sort(slots, res->nr_verdicts, sizeof(*slots), slot_cmp);
	diff_sort(res->lives, res->nr_lives, sizeof(*res->lives), live_cmp);
	/* those tied to records first: a clock that ran out takes what is left */
	for (int timeouts = 0; timeouts < 2; timeouts++)
		for (unsigned int i = 0; i < res->nr_lives; i++)
			if (res->lives[i].timeout == timeouts &&
			    match_live(res, &res->lives[i], slots))
				goto oom;
	for (unsigned int i = 0; i < res->nr_verdicts; i++) {
		if (slots[i].used)
			continue;
		memset(&e, 0, sizeof(e));
		e.side = DIFF_REPLAY_ONLY;
		e.monitor = slots[i].monitor;
		e.pid = slots[i].instance;
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

