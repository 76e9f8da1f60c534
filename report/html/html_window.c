// SPDX-License-Identifier: GPL-2.0-only
/*
 * The timelines of the HTML report (html_window.h): which violations get
 * one, over which time, and on which CPUs; the pass over the records that
 * fills them is html_pass.c.
 */
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "grow.h"
#include "html_window.h"

#define MARGIN_MIN	20000ULL	/* ns shown at least before and after */

/* ---- during the replay: a few violations of each group ---- */

static struct window_samples *samples_of(struct windows *ws, const struct verdict *v,
					 const char *reason, const void *waiver)
{
	struct window_samples *s;

	for (unsigned int i = 0; i < ws->nr_samples; i++) {
		s = &ws->samples[i];
		if (s->pid == v->pid && s->monitor == v->monitor && s->waiver == waiver &&
		    !strcmp(s->reason, reason))
			return s;
	}
	/* the worsts of more groups than this fill every timeline */
	if (ws->nr_samples == WINDOWS_MAX) {
		free(ws->samples);
		ws->samples = NULL;
		ws->nr_samples = 0;
		ws->no_samples = true;
		return NULL;
	}
	if (grow_room(&ws->samples, ws->nr_samples, sizeof(*ws->samples)))
		return NULL;
	s = &ws->samples[ws->nr_samples++];
	memset(s, 0, sizeof(*s));
	s->monitor = v->monitor;
	s->pid = v->pid;
	s->waiver = waiver;
	s->stride = 1;
	snprintf(s->reason, sizeof(s->reason), "%s", reason);
	return s;
}

/* Full: every other one goes, and one in twice as many is kept from now on. */
static void samples_thin(struct window_samples *s)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < s->nr; i += 2, n++) {
		s->v[n] = s->v[i];
		s->since[n] = s->since[i];
	}
	s->nr = n;
	s->stride *= 2;
}

/**
 * windows_verdict() - keep a violation that may get a timeline
 * @ws: the windows
 * @rep: the report (its waiver of @v)
 * @v: a verdict that passed the filters
 * @reason: its reason (its group's)
 */
void windows_verdict(struct windows *ws, const struct report *rep, const struct verdict *v,
		     const char *reason)
{
	struct window_samples *s = ws->no_samples ? NULL : samples_of(ws, v, reason, rep->waiver);

	if (!s) {
		ws->oom |= !ws->no_samples;
		return;
	}
	if (s->seen++ % s->stride)
		return;
	s->v[s->nr] = *v;
	s->v[s->nr].context = NULL;
	s->v[s->nr].nr_context = 0;
	s->v[s->nr].set_at = NULL;
	s->v[s->nr].nr_set_at = 0;
	s->since[s->nr] = v->nr_context ? v->context[0].ts : v->ts;
	if (++s->nr == WINDOW_SAMPLES)
		samples_thin(s);
}

/* ---- after the replay: which get a timeline, over which time ---- */

/**
 * window_is_sleep() - whether a violation is drawn as a sleep
 * @v: the violation
 *
 * Return: true for a sleep's reason or waker with a sleep before the verdict.
 */
bool window_is_sleep(const struct verdict *v)
{
	return explain_is_sleep(v) && v->sleep.start && v->sleep.start <= v->ts;
}

static uint64_t max3(uint64_t a, uint64_t b, uint64_t c)
{
	return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

/* Where the raw events centre: a sleep's waking, else the violation. */
static uint64_t focus_of(const struct verdict *v)
{
	const struct task_sleep *s = &v->sleep;

	if (!window_is_sleep(v))
		return v->ts;
	return s->waker.ts ? s->waker.ts : s->wakeup_ts ? s->wakeup_ts : v->ts;
}

/*
 * A sleep from its start to its run; a long one from a while before its
 * waking, unless the violation is its start. Anything else: the task's
 * last records (its context) up to it. The violation is always inside.
 */
static void window_range(struct window *w, uint64_t since)
{
	const struct verdict *v = &w->v;
	const struct task_sleep *s = &v->sleep;
	uint64_t a = v->ts, b = v->ts, from, m;

	w->focus = focus_of(v);
	if (window_is_sleep(v)) {
		a = s->start;
		b = max3(v->ts, s->wakeup_ts, s->run_ts);
		from = v->ts < w->focus ? v->ts : w->focus;
		if (b - a > WINDOW_LONGEST && from > a + WINDOW_BEFORE)
			a = from - WINDOW_BEFORE;
	} else if (since < v->ts) {
		a = v->ts - since > WINDOW_LONGEST ? v->ts - WINDOW_LONGEST : since;
	}
	m = (b - a) / 8 > MARGIN_MIN ? (b - a) / 8 : MARGIN_MIN;
	w->t0 = a > m ? a - m : 0;
	w->t1 = b > UINT64_MAX - m ? UINT64_MAX : b + m;
}

/* From the waking to the run, with as much again around it. */
static void zoom_range(struct window *w)
{
	const struct task_sleep *s = &w->v.sleep;
	uint64_t a = s->waker.ts ? s->waker.ts : s->wakeup_ts, b = s->run_ts, m;

	m = (b - a) / 2 > 1000 ? (b - a) / 2 : 1000;
	w->t0 = a > m ? a - m : 0;
	w->t1 = b + m;
}

/* Whether a sleep's wakeup to run is too short to see in its window. */
static bool wants_zoom(const struct window *w)
{
	const struct task_sleep *s = &w->v.sleep;
	uint64_t a = s->waker.ts ? s->waker.ts : s->wakeup_ts;

	return window_is_sleep(&w->v) && a && s->run_ts > a &&
	       (s->run_ts - a) * WINDOW_ZOOM < w->t1 - w->t0;
}

static bool lane_wanted(const int *cpus, int n, int cpu)
{
	for (int i = 0; i < n; i++)
		if (cpus[i] == cpu)
			return true;
	return false;
}

static int by_int(const void *a, const void *b)
{
	return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

/* Every CPU, or on big machines those of the violation first, then the lowest. */
/**
 * window_lanes() - the CPU lanes a window draws, allocated
 * @w: the window
 * @cpus: the trace's CPUs
 *
 * Return: 0, or -1 when memory runs out.
 */
int window_lanes(struct window *w, int cpus)
{
	const struct task_sleep *s = &w->v.sleep;
	int want[WINDOW_CPUS], n = 0;
	int key[3] = { w->v.cpu, window_is_sleep(&w->v) ? s->run_cpu : -1,
		       window_is_sleep(&w->v) && s->waker.ts ? s->waker.cpu : -1 };

	for (int i = 0; i < 3; i++)
		if (key[i] >= 0 && key[i] < cpus && !lane_wanted(want, n, key[i]))
			want[n++] = key[i];
	for (int c = 0; c < cpus && n < WINDOW_CPUS; c++)
		if (!lane_wanted(want, n, c))
			want[n++] = c;
	qsort(want, n, sizeof(*want), by_int);
	w->lanes = calloc(n ? n : 1, sizeof(*w->lanes));
	if (!w->lanes)
		return -1;
	for (int i = 0; i < n; i++)
		w->lanes[i].cpu = want[i];
	w->nr_lanes = n;
	w->cpus_total = cpus;
	return 0;
}

static bool same_verdict(const struct verdict *a, const struct verdict *b)
{
	return a->ts == b->ts && a->cpu == b->cpu && a->event_ref.offset == b->event_ref.offset &&
	       a->monitor == b->monitor;
}

static struct window *window_add(struct windows *ws, const struct verdict *v, uint64_t since,
				 unsigned int group, bool worst)
{
	struct window *w = &ws->w[ws->nr++];

	memset(w, 0, sizeof(*w));
	w->v = *v;
	w->v.context = NULL;
	w->v.nr_context = 0;
	w->v.set_at = NULL;
	w->v.nr_set_at = 0;
	w->group = group;
	w->worst = worst;
	window_range(w, since);
	ws->nr_main++;
	if (wants_zoom(w)) {
		ws->w[ws->nr] = *w;
		ws->w[ws->nr].zoom = true;
		zoom_range(&ws->w[ws->nr++]);
	}
	return w;
}

static const struct window_samples *samples_of_group(const struct windows *ws,
						     const struct verdict_group *g)
{
	for (unsigned int i = 0; i < ws->nr_samples; i++) {
		const struct window_samples *s = &ws->samples[i];

		if (s->pid == g->pid && s->monitor == g->monitor && s->waiver == g->waiver &&
		    !strcmp(s->reason, g->reason))
			return s;
	}
	return NULL;
}

/* Round @round of the samples: each group's round-th one that is not its worst. */
static void add_samples(struct windows *ws, const struct report *rep, unsigned int round)
{
	for (unsigned int i = 0; i < rep->groups.nr && ws->nr_main < WINDOWS_MAX; i++) {
		const struct verdict_group *g = &rep->groups.groups[i];
		const struct window_samples *s = g->worst ? samples_of_group(ws, g) : NULL;
		unsigned int k = 0;

		for (unsigned int j = 0; s && j < s->nr; j++) {
			if (same_verdict(&s->v[j], g->worst))
				continue;
			if (k++ == round) {
				window_add(ws, &s->v[j], s->since[j], i, false);
				break;
			}
		}
	}
}

static int by_t0(const void *a, const void *b)
{
	const struct window *x = a, *y = b;

	return (x->t0 > y->t0) - (x->t0 < y->t0);
}

/**
 * windows_choose() - the violations drawn, once the groups are sorted
 * @ws: the windows
 * @rep: the report, after report_end()
 *
 * The worst of each group first, in the groups' order, then the others
 * kept, a round at a time, up to WINDOWS_MAX.
 *
 * Return: 0, or -1 when memory runs out.
 */
int windows_choose(struct windows *ws, const struct report *rep)
{
	ws->w = calloc(2 * WINDOWS_MAX, sizeof(*ws->w));
	if (!ws->w)
		return -1;
	for (unsigned int i = 0; i < rep->groups.nr && ws->nr_main < WINDOWS_MAX; i++) {
		const struct verdict_group *g = &rep->groups.groups[i];

		if (!g->worst)
			continue;
		window_add(ws, g->worst, g->worst->nr_context ? g->worst->context[0].ts :
			   g->worst->ts, i, true);
	}
	for (unsigned int round = 0; round < WINDOW_SAMPLES; round++)
		add_samples(ws, rep, round);
	qsort(ws->w, ws->nr, sizeof(*ws->w), by_t0);
	return 0;
}

/**
 * window_row() - a raw event of a window, in time order
 * @w: the window
 * @i: 0 to w->nr_rows - 1
 *
 * Return: the row: its place in the trace, its flags.
 */
const struct window_row *window_row(const struct window *w, unsigned int i)
{
	return &w->rows[(w->rows_head + i) % WINDOW_ROWS];
}

/**
 * window_zoom() - the zoom on a window's wakeup to run
 * @ws: the windows
 * @w: a window, not a zoom
 *
 * Return: its zoom, or NULL when it has none.
 */
const struct window *window_zoom(const struct windows *ws, const struct window *w)
{
	for (unsigned int i = 0; i < ws->nr; i++)
		if (ws->w[i].zoom && ws->w[i].group == w->group && same_verdict(&ws->w[i].v, &w->v))
			return &ws->w[i];
	return NULL;
}

/**
 * windows_release() - free the samples, the windows and their pass
 * @ws: the windows, zeroed after
 */
void windows_release(struct windows *ws)
{
	for (unsigned int i = 0; ws->w && i < ws->nr; i++) {
		for (unsigned int l = 0; l < ws->w[i].nr_lanes; l++)
			free(ws->w[i].lanes[l].segs);
		free(ws->w[i].lanes);
		free(ws->w[i].task);
	}
	windows_pass_free(ws->pass);
	free(ws->w);
	free(ws->samples);
	memset(ws, 0, sizeof(*ws));
}
