// SPDX-License-Identifier: GPL-2.0-only
/*
 * A hybrid automaton's wait at the edge of what the two sides judge
 * alike (docs/semantics.md section 6): the replay times a wait by the
 * records, our module by its clock read in its probe, microseconds after
 * the record, at both ends of the wait. A wait within that much of its
 * bound (over it for sure), or of the bound less one jiffy (unsure, the
 * instance stops), may fall on the two sides of the edge: one side gives
 * a verdict, or steps, where the other does not.
 *
 * The replay's wait at a record: from its last step of the task that
 * reset the clock of the state's invariant to the record. The margin:
 * twice the longest time from a record to a live record tied to it in
 * the trace (the module reads its clock before writing its own).
 */
#include <string.h>

#include "diff_local.h"
#include "ha/ha_core.h"

#define NSEC_PER_SEC	1000000000ULL

static unsigned int lowest(unsigned long bits)
{
	unsigned int i = 0;

	while (bits && !(bits >> i & 1))
		i++;
	return i;
}

/* The first replayed step of @monitor's @pid at or after @at, in the sorted steps. */
static unsigned int step_from(const struct diff_compare *cmp, int monitor, int pid,
			      const struct diff_key *at)
{
	struct diff_step probe = { .monitor = monitor, .pid = pid, .at = *at, .seq = 0 };
	unsigned int lo = 0, hi = cmp->nr_replay;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (diff_step_cmp(&cmp->replay[mid], &probe) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool same_task(const struct diff_step *s, int monitor, int pid)
{
	return s->monitor == monitor && s->pid == pid;
}

/* The value of the monitor's parameter @name, as the replay judged with it. */
static uint64_t param(const struct diff_compare *cmp, int monitor, const char *name)
{
	const struct rv_monitor *m = cmp->opts->replay.monitors[monitor];

	for (int k = 0; k < RV_MAX_PARAMS && m->params[k].name; k++)
		if (!strcmp(m->params[k].name, name))
			return cmp->opts->replay.param_values[monitor][k];
	return 0;
}

static uint64_t jiffies_ns(unsigned int hz, uint64_t jiffies)
{
	return (jiffies * NSEC_PER_SEC + hz - 1) / hz;
}

static bool near(uint64_t wait, uint64_t edge, uint64_t margin)
{
	return wait + margin >= edge && wait <= edge + margin;
}

/*
 * The replay's wait at @at of the clock of the state the task is in, and
 * that state's invariant. Return: false when the state has none, or no
 * step reset its clock.
 */
static bool replayed_wait(const struct diff_compare *cmp, int monitor, int pid,
			  const struct diff_key *at, uint64_t *wait,
			  const struct ha_invariant **inv)
{
	const struct ha_steps *ha = cmp->opts->replay.monitors[monitor]->automaton->steps;
	unsigned int i = step_from(cmp, monitor, pid, at);
	const struct diff_step *s;

	if (!i || !same_task(&cmp->replay[i - 1], monitor, pid))
		return false;
	*inv = ha->invariant(ha, lowest(cmp->replay[i - 1].next));
	if ((*inv)->env == HA_NO_ENV)
		return false;
	while (i-- > 0 && same_task(&cmp->replay[i], monitor, pid)) {
		s = &cmp->replay[i];
		if (ha->resets(ha, lowest(s->states), lowest(s->atoms)) >> (*inv)->env & 1) {
			*wait = at->ts > s->at.ts ? at->ts - s->at.ts : 0;
			return true;
		}
	}
	return false;
}

/**
 * diff_clock_edge() - whether a hybrid automaton's wait at a record is at an edge
 * @cmp: the comparison (the replayed steps, the parameters and HZ, the
 *	 live records' delay)
 * @monitor: the monitor's index
 * @pid: the instance
 * @at: the record where the two sides differ
 *
 * Return: true when the replay's wait there is within the margin of its
 * bound, or of the bound less one jiffy.
 */
bool diff_clock_edge(const struct diff_compare *cmp, int monitor, int pid,
		     const struct diff_key *at)
{
	const struct rv_monitor *m = cmp->opts->replay.monitors[monitor];
	unsigned int hz = cmp->opts->replay.hz;
	const struct ha_invariant *inv;
	uint64_t wait, bound, margin = 2 * cmp->res->live_delay_max;

	if (m->type != RV_MONITOR_HA || !replayed_wait(cmp, monitor, pid, at, &wait, &inv))
		return false;
	bound = param(cmp, monitor, inv->bound);
	if (!inv->jiffies)
		return near(wait, bound, margin);
	if (!hz || !bound)
		return false;
	return near(wait, jiffies_ns(hz, bound), margin) ||
	       near(wait, jiffies_ns(hz, bound - 1), margin);
}

/**
 * diff_explain_clocks() - class the hybrid automata's divergences at a clock's edge
 * @cmp: the comparison; its divergences left unexplained may become [clock-edge]
 */
void diff_explain_clocks(struct diff_compare *cmp)
{
	struct diff_result *res = cmp->res;

	for (unsigned int i = 0; i < res->nr_divergences; i++) {
		struct diff_divergence *d = &res->divergences[i];

		if (d->why == DIFF_UNEXPLAINED && diff_clock_edge(cmp, d->monitor, d->pid, &d->at))
			d->why = DIFF_CLOCK_EDGE;
	}
}
