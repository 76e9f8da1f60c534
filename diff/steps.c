// SPDX-License-Identifier: GPL-2.0-only
/*
 * The step comparison: the live event_<monitor> records against the
 * replay's steps, task by task and record by record; where they go apart
 * is a divergence, classed by docs/semantics.md section 5 when one
 * property explains it.
 */
#include <string.h>

#include "diff_local.h"
#include "grow.h"

static bool same_step(const struct diff_step *a, const struct diff_step *b)
{
	return a->states == b->states && a->atoms == b->atoms && a->next == b->next;
}

static unsigned long atom_bits(const struct rv_monitor *m, const char *const *names)
{
	const struct rv_automaton *a = m->automaton;
	unsigned long bits = 0;

	for (unsigned int i = 0; i < a->nr_atoms; i++)
		for (int k = 0; names[k]; k++)
			if (!strcmp(rv_atom_name(a, i), names[k]))
				bits |= 1UL << i;
	return bits;
}

/*
 * Which section 5 property the first differing step shows, if any. @at is
 * a step at the record where the steps differ (its kind, and whether the
 * trace shows a sleep there).
 */
static enum diff_why classify_steps(const struct rv_monitor *m, const struct diff_divergence *d,
				    const struct diff_step *at)
{
	static const char *const prio[] = { "rt", "wo_eq_hi_pr", "wo_lo_pr", NULL };
	static const char *const waker_prio[] = { "wo_eq_hi_pr", "wo_lo_pr", NULL };
	static const char *const hardirq[] = { "wo_ha", NULL };
	static const char *const sleep[] = { "sl", "sle", NULL };
	static const char *const abort_sleep[] = { "ab_sl", NULL };
	unsigned long differ;

	if (d->live_has && (d->live.atoms & atom_bits(m, abort_sleep)))
		return DIFF_SET_STATE;
	if (d->live_has && d->replay_has) {
		differ = d->live.atoms ^ d->replay.atoms;
		if (differ & atom_bits(m, hardirq))
			return DIFF_HARDIRQ;
		if (differ & atom_bits(m, prio))
			return DIFF_PRIO;
		if (differ & atom_bits(m, sleep))
			return DIFF_SET_STATE;
		return DIFF_UNEXPLAINED;
	}
	differ = d->live_has ? d->live.atoms : d->replay.atoms;
	if (at->kind == TRACE_WAKING && (differ & atom_bits(m, hardirq)))
		return DIFF_HARDIRQ;
	if (at->kind == TRACE_WAKING && (differ & atom_bits(m, waker_prio)))
		return DIFF_PRIO;
	/*
	 * A SLEEP only the live monitor took, at a record where the trace
	 * shows no sleep: the kernel's, at set_current_state(). That record
	 * may be a switch too: one where the task was preempted (R), ran
	 * again and set its state, which no record shows. Only a switch out
	 * asleep is where the replay itself takes SLEEP.
	 */
	if (d->live_has && !at->asleep && (differ & atom_bits(m, sleep)))
		return DIFF_SET_STATE;
	return DIFF_UNEXPLAINED;
}

/* The end of the run of steps of one task at one record, in a sorted array. */
static unsigned int run_end(const struct diff_step *s, unsigned int n, unsigned int from)
{
	unsigned int i = from + 1;

	while (i < n && !diff_task_cmp(s[i].monitor, s[i].pid, s[from].monitor, s[from].pid) &&
	       !diff_key_cmp(&s[i].at, &s[from].at))
		i++;
	return i;
}

static bool same_run(const struct diff_step *a, unsigned int na, const struct diff_step *b,
		     unsigned int nb)
{
	if (na != nb)
		return false;
	for (unsigned int i = 0; i < na; i++)
		if (!same_step(&a[i], &b[i]))
			return false;
	return true;
}

/* The first step of a task at or after a record in a sorted array, or n. */
static unsigned int find_run_from(const struct diff_step *s, unsigned int n, int monitor, int pid,
				  const struct diff_key *at)
{
	struct diff_step probe = { .monitor = monitor, .pid = pid, .at = *at, .seq = 0 };
	unsigned int lo = 0, hi = n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (diff_step_cmp(&s[mid], &probe) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The first step of a task at a record in a sorted array, or n. */
static unsigned int find_run(const struct diff_step *s, unsigned int n, int monitor, int pid,
			     const struct diff_key *at)
{
	unsigned int lo = find_run_from(s, n, monitor, pid, at);

	if (lo == n || diff_task_cmp(s[lo].monitor, s[lo].pid, monitor, pid) ||
	    diff_key_cmp(&s[lo].at, at))
		return n;
	return lo;
}

/**
 * diff_stepped_before() - whether an instance has a live step before a record
 * @cmp: the comparison (its live steps, sorted)
 * @monitor: the monitor's index
 * @pid: the instance
 * @at: the record
 *
 * Return: true when a live step of that instance comes before @at.
 */
bool diff_stepped_before(const struct diff_compare *cmp, int monitor, int pid,
			 const struct diff_key *at)
{
	struct diff_key first = { 0, 0, 0 };
	unsigned int i = find_run_from(cmp->live, cmp->nr_live, monitor, pid, &first);

	return i < cmp->nr_live && cmp->live[i].monitor == monitor && cmp->live[i].pid == pid &&
	       diff_key_cmp(&cmp->live[i].at, at) < 0;
}

/* Without inference, would the replay have stepped there as the live monitor did? */
static bool rerun_agrees(const struct diff_compare *cmp, const struct diff_step *live,
			 unsigned int nl, const struct diff_step *any)
{
	unsigned int at = find_run(cmp->rerun, cmp->nr_rerun, any->monitor, any->pid, &any->at);

	if (at == cmp->nr_rerun)
		return nl == 0;
	return same_run(&cmp->rerun[at], run_end(cmp->rerun, cmp->nr_rerun, at) - at, live, nl);
}

/**
 * diff_born_in_trace() - whether the trace saw a task forked
 * @cmp: the comparison (pass 1's forks)
 * @pid: the task
 *
 * Return: true when a sched_process_fork of the trace made it.
 */
bool diff_born_in_trace(const struct diff_compare *cmp, int pid)
{
	for (unsigned int i = 0; i < cmp->nr_born; i++)
		if (cmp->born[i] == pid)
			return true;
	return false;
}

/*
 * The task's first steps, live only: its live instance was running before
 * the trace began, on atoms only events teach (section 5) that the live
 * monitor learned from events before the first record. Only where the
 * trace does not say when the live monitors started (our module's
 * enabled line: its instances start there, with the trace), and only for
 * a task older than the trace (one forked in it starts alike in both).
 */
static bool started_before(const struct diff_compare *cmp, const struct diff_step *l,
			   unsigned int nl, unsigned int nr, bool first)
{
	return first && nl && !nr && !cmp->res->nr_windows && !diff_born_in_trace(cmp, l->pid);
}

/*
 * An automaton's step the live monitor took late: none at the record, and
 * the replay's very step among the live steps of its instance's next
 * record with any, after the interrupt's own (or after the interrupt's
 * error, which is no step). The kernel calls a tracepoint's probes one
 * after the other: an interrupt between the trace event's and the
 * monitor's runs its own events through both before the monitor sees the
 * record's.
 */
static bool probe_late(const struct diff_compare *cmp, const struct diff_divergence *d)
{
	const struct rv_monitor *m = cmp->opts->replay.monitors[d->monitor];
	struct diff_key after = d->at;
	unsigned int i, end;

	if (m->type == RV_MONITOR_LTL || d->nr_live || !d->replay_has)
		return false;
	after.offset++;	/* the records after it */
	i = find_run_from(cmp->live, cmp->nr_live, d->monitor, d->pid, &after);
	if (i == cmp->nr_live || diff_task_cmp(cmp->live[i].monitor, cmp->live[i].pid, d->monitor,
					       d->pid))
		return false;
	end = run_end(cmp->live, cmp->nr_live, i);
	for (unsigned int k = i; k < end; k++)
		if (same_step(&cmp->live[k], &d->replay))
			return true;
	return false;
}

static int open_divergence(struct diff_compare *cmp, const struct diff_step *l, unsigned int nl,
			   const struct diff_step *r, unsigned int nr, bool first)
{
	struct diff_result *res = cmp->res;
	const struct diff_step *any = nl ? l : r;
	struct diff_divergence *d;
	unsigned int i = 0;

	if (grow_room(&res->divergences, res->nr_divergences, sizeof(*d)))
		return -1;
	d = &res->divergences[res->nr_divergences++];
	memset(d, 0, sizeof(*d));
	d->monitor = any->monitor;
	d->pid = any->pid;
	d->at = any->at;
	d->nr_live = nl;
	d->nr_replay = nr;
	/* the first step that differs within the record */
	while (i < nl && i < nr && same_step(&l[i], &r[i]))
		i++;
	d->live_has = i < nl;
	d->replay_has = i < nr;
	if (d->live_has)
		d->live = l[i];
	if (d->replay_has)
		d->replay = r[i];
	if (diff_after_lost(res, &d->at))
		d->why = DIFF_LOST;
	else if (cmp->opts->replay.infer && rerun_agrees(cmp, l, nl, any))
		d->why = DIFF_INFER;
	else
		d->why = classify_steps(cmp->opts->replay.monitors[d->monitor], d, any);
	if (d->why == DIFF_UNEXPLAINED && started_before(cmp, l, nl, nr, first))
		d->why = DIFF_BEFORE;
	if (d->why == DIFF_UNEXPLAINED && probe_late(cmp, d))
		d->why = DIFF_PROBE_ORDER;
	return 0;
}

/* Where one side's instance of a task is: after its last step, if any. */
struct side_state {
	bool		known;
	unsigned long	states;
};

static void side_advance(struct side_state *side, const struct diff_step *run, unsigned int n)
{
	if (!n)
		return;
	side->known = true;
	side->states = run[n - 1].next;
}

/**
 * diff_compare_steps() - the live steps against the replayed ones
 * @cmp: the comparison; its res gets the divergences
 * @live: the live steps, in diff_step_cmp() order
 * @nl: their number
 * @replay: the replayed steps, in the same order
 * @nr: their number
 *
 * Both sorted step lists, task by task and record by record: a divergence
 * opens at the first record where they differ and closes after the next
 * record where both stepped alike, or after which both instances are in
 * the same states again (SLEEP at set_current_state() shifts steps from a
 * system call to the switch, and the task is in step again after it): a
 * later difference then opens a divergence of its own, with its own class.
 *
 * Return: 0, or -1 when memory runs out.
 */
int diff_compare_steps(struct diff_compare *cmp, const struct diff_step *live, unsigned int nl,
		       const struct diff_step *replay, unsigned int nr)
{
	struct side_state ls = { 0 }, rs = { 0 };
	unsigned int i = 0, k = 0;
	bool first = true;
	int open = -1, om = -1, op = -1;

	while (i < nl || k < nr) {
		const struct diff_step *a = i < nl ? &live[i] : NULL, *b = k < nr ? &replay[k] : NULL;
		const struct diff_step *any;
		unsigned int ie = i, ke = k;
		int c;

		if (!a)
			c = 1;
		else if (!b)
			c = -1;
		else if (!(c = diff_task_cmp(a->monitor, a->pid, b->monitor, b->pid)))
			c = diff_key_cmp(&a->at, &b->at);
		if (c <= 0)
			ie = run_end(live, nl, i);
		if (c >= 0)
			ke = run_end(replay, nr, k);
		any = c <= 0 ? a : b;
		if (any->monitor != om || any->pid != op) {
			open = -1;
			om = any->monitor;
			op = any->pid;
			ls = (struct side_state){ 0 };
			rs = (struct side_state){ 0 };
			first = true;
		}
		if (!same_run(&live[i], ie - i, &replay[k], ke - k) && open < 0) {
			if (open_divergence(cmp, &live[i], ie - i, &replay[k], ke - k, first))
				return -1;
			open = cmp->res->nr_divergences - 1;
		}
		first = false;
		side_advance(&ls, &live[i], ie - i);
		side_advance(&rs, &replay[k], ke - k);
		if (open >= 0 && ls.known && rs.known && ls.states == rs.states) {
			cmp->res->divergences[open].until = any->at.ts;
			open = -1;
		}
		i = ie;
		k = ke;
	}
	return 0;
}

/**
 * diff_divergence_at() - the divergence of a task open at a record
 * @res: the divergences
 * @monitor: the task's monitor index
 * @pid: its pid
 * @at: the record
 *
 * Return: the last one opened at or before @at if it is still open there,
 * else NULL.
 */
const struct diff_divergence *diff_divergence_at(const struct diff_result *res, int monitor,
						 int pid, const struct diff_key *at)
{
	const struct diff_divergence *found = NULL;

	for (unsigned int i = 0; i < res->nr_divergences; i++) {
		const struct diff_divergence *d = &res->divergences[i];

		if (d->monitor == monitor && d->pid == pid && diff_key_cmp(&d->at, at) <= 0)
			found = d;
	}
	if (found && found->until && found->until < at->ts)
		return NULL;
	return found;
}

