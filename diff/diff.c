// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay diff: live verdicts against replayed ones (see diff.h for the
 * tie rule). Three passes, each on its own handle of the trace: the live
 * records and what triggered them, the replay with a sink that keeps every
 * verdict and step, and, with inference on, a replay without it to tell
 * which differences the inference makes. Then the matching, the step
 * comparison, and the explanation of each difference.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "events.h"
#include "routing.h"

#define CANDIDATES	64	/* records per CPU a live record may belong to */
#define NEXT_WINDOW	8	/* rv:* records: interrupt records before the trigger */
#define CTX_BITS	(RV_CTX_HARDIRQ | RV_CTX_SOFTIRQ | RV_CTX_NMI)
#define MAX_TARGETS	ROUTING_MAX

static const char kmod_enabled[] = "rvreplay-kmod: enabled ";
static const char kmod_disabled[] = "rvreplay-kmod: disabled";

/* ---- growable arrays ---- */

static bool grow(void **arr, unsigned int *cap, unsigned int need, size_t size)
{
	unsigned int n = *cap ? *cap : 64;
	void *p;

	if (need <= *cap)
		return true;
	while (n < need)
		n *= 2;
	p = realloc(*arr, (size_t)n * size);
	if (!p)
		return false;
	*arr = p;
	*cap = n;
	return true;
}

/* sort(), also for an empty (NULL) array */
static void sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

/* ---- keys ---- */

static struct diff_key key_of(const struct trace_record *rec)
{
	return (struct diff_key){ rec->ts, rec->cpu, rec->ref.offset };
}

static int key_cmp(const struct diff_key *a, const struct diff_key *b)
{
	if (a->ts != b->ts)
		return a->ts < b->ts ? -1 : 1;
	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? -1 : 1;
	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	return 0;
}

static int task_cmp(int m1, int p1, int m2, int p2)
{
	if (m1 != m2)
		return m1 < m2 ? -1 : 1;
	if (p1 != p2)
		return p1 < p2 ? -1 : 1;
	return 0;
}

static int step_cmp(const void *a, const void *b)
{
	const struct diff_step *x = a, *y = b;
	int c = task_cmp(x->monitor, x->pid, y->monitor, y->pid);

	if (!c)
		c = key_cmp(&x->at, &y->at);
	if (!c)
		c = x->seq < y->seq ? -1 : x->seq > y->seq;
	return c;
}

/* ---- what a record gives to which task (the replay's dispatch) ---- */

/* A switch out the replay takes as a sleep (SLEEP at the switch, section 4). */
static bool switched_out_asleep(const struct trace_record *rec)
{
	return rec->kind == TRACE_SWITCH && rv_switched_out_sleeping(rec->sw.prev_state);
}

struct target {
	enum rv_event_type	type;
	int			pid;
};

/* The monitor events a record gives, and to whom (engine/routing.c). */
static int targets_of(const struct trace_record *rec, struct target *t)
{
	const struct rv_route *const *route = routing_of(rec->kind);
	int n = 0;

	for (; *route && n < MAX_TARGETS; route++)
		t[n++] = (struct target){ (*route)->type, routing_pid(*route, rec) };
	return n;
}

struct candidate {
	struct diff_key		at;
	struct trace_ref	ref;
	enum trace_kind		kind;
	bool			asleep;
	int			pid;		/* common_pid */
	unsigned int		ctx;		/* its interrupt context bits */
	int			nr;
	struct target		t[MAX_TARGETS];
};

static bool gives_to(const struct candidate *c, const struct rv_monitor *m, int pid)
{
	for (int i = 0; i < c->nr; i++)
		if (c->t[i].pid == pid && rv_monitor_handles(m, c->t[i].type))
			return true;
	return false;
}

/* ---- pass 1: the live records and their triggers ---- */

struct cpu_scan {
	struct candidate	ring[CANDIDATES];
	unsigned int		head;
	unsigned int		count;
	uint64_t		last_ts;
	unsigned int		*waiting;	/* rv:* errors that may belong to a later record */
	unsigned int		nr_waiting;
	unsigned int		cap_waiting;
	unsigned int		since[CANDIDATES];
	int			wait_pid[CANDIDATES];	/* the context each was written in */
	unsigned int		wait_ctx[CANDIDATES];
};

struct scan {
	const struct diff_options	*opts;
	struct diff_result		*res;
	struct cpu_scan			*cpus;
	int				nr_cpus;
	struct diff_step		*steps;
	unsigned int			nr_steps;
	unsigned int			cap_steps;
	unsigned int			cap_lives;
	unsigned int			cap_windows;
	int				*born;		/* tasks forked in the trace */
	unsigned int			nr_born;
	unsigned int			cap_born;
	unsigned int			seq;
	bool				oom;
};

static int monitor_index(const struct diff_options *opts, const char *name)
{
	for (int i = 0; i < opts->replay.nr_monitors; i++)
		if (!strcmp(opts->replay.monitors[i]->name, name))
			return i;
	return -1;
}

/* "0,4" or "1-2,5", as "%*pbl" prints a bitmap */
static unsigned long parse_states(const char *s)
{
	unsigned long bits = 0, from, to;
	char *end;

	while (*s) {
		from = strtoul(s, &end, 10);
		if (end == s)
			break;
		to = from;
		if (*end == '-')
			to = strtoul(end + 1, &end, 10);
		for (unsigned long b = from; b <= to && b < RV_MAX_BA_STATES; b++)
			bits |= 1UL << b;
		s = *end == ',' ? end + 1 : end;
		if (*end != ',')
			break;
	}
	return bits;
}

/* "fu_wa,rt,wak": names of the true atoms */
static unsigned long parse_atoms(const struct rv_monitor *m, const char *s)
{
	const struct rv_automaton *a = m->automaton;
	unsigned long bits = 0;
	size_t len;

	while (*s) {
		len = strcspn(s, ",");
		for (unsigned int i = 0; i < a->nr_atoms; i++)
			if (strlen(a->atom_name(i)) == len && !strncmp(a->atom_name(i), s, len))
				bits |= 1UL << i;
		s += len;
		if (*s == ',')
			s++;
	}
	return bits;
}

static const struct candidate *tie(struct cpu_scan *c, const struct rv_monitor *m, int pid)
{
	for (unsigned int i = 0; i < c->count; i++) {
		const struct candidate *cand = &c->ring[(c->head + CANDIDATES - 1 - i) % CANDIDATES];

		if (gives_to(cand, m, pid))
			return cand;
	}
	return NULL;
}

static void on_window_line(struct scan *s, const struct trace_record *rec)
{
	struct diff_result *res = s->res;

	if (rec->print.len >= sizeof(kmod_enabled) - 1 &&
	    !memcmp(rec->print.buf, kmod_enabled, sizeof(kmod_enabled) - 1)) {
		if (!grow((void **)&res->windows, &s->cap_windows, res->nr_windows + 1,
			  sizeof(*res->windows))) {
			s->oom = true;
			return;
		}
		res->windows[res->nr_windows++] = (struct diff_window){ rec->ts, UINT64_MAX };
	} else if (rec->print.len >= sizeof(kmod_disabled) - 1 &&
		   !memcmp(rec->print.buf, kmod_disabled, sizeof(kmod_disabled) - 1) &&
		   res->nr_windows) {
		res->windows[res->nr_windows - 1].to = rec->ts;
	}
}

/*
 * An rv:* record its probe wrote before the trace event's own, in the same
 * tracepoint call: the trigger is the next record of that call, the next
 * one written in the same context (task and interrupt level) on this CPU.
 * Records of interrupts that came in between are skipped; any other
 * record of the context means the call was over: no trigger after it.
 */
static void resolve_waiting(struct scan *s, struct cpu_scan *c, const struct candidate *cand)
{
	unsigned int kept = 0;

	for (unsigned int i = 0; i < c->nr_waiting; i++) {
		struct diff_live *l = &s->res->lives[c->waiting[i]];
		bool same = cand->pid == c->wait_pid[i] && cand->ctx == c->wait_ctx[i];

		if (same && gives_to(cand, s->opts->replay.monitors[l->monitor], l->pid)) {
			l->has_next = true;
			l->next_at = cand->at;
			l->next_ref = cand->ref;
			l->next_kind = cand->kind;
		} else if (!same && ++c->since[i] < NEXT_WINDOW) {
			c->since[kept] = c->since[i];
			c->wait_pid[kept] = c->wait_pid[i];
			c->wait_ctx[kept] = c->wait_ctx[i];
			c->waiting[kept++] = c->waiting[i];
		}
	}
	c->nr_waiting = kept;
}

static void add_candidate(struct scan *s, struct cpu_scan *c, const struct trace_record *rec)
{
	struct candidate *cand = &c->ring[c->head];

	cand->nr = targets_of(rec, cand->t);
	if (!cand->nr)
		return;
	cand->at = key_of(rec);
	cand->ref = rec->ref;
	cand->kind = rec->kind;
	cand->asleep = switched_out_asleep(rec);
	cand->pid = rec->pid;
	cand->ctx = rec->flags & CTX_BITS;
	c->head = (c->head + 1) % CANDIDATES;
	if (c->count < CANDIDATES)
		c->count++;
	if (c->nr_waiting)
		resolve_waiting(s, c, cand);
}

static void add_live_error(struct scan *s, struct cpu_scan *c, const struct trace_record *rec,
			   int m, const struct candidate *cand)
{
	struct diff_result *res = s->res;
	struct diff_live *l;

	if (!grow((void **)&res->lives, &s->cap_lives, res->nr_lives + 1, sizeof(*l))) {
		s->oom = true;
		return;
	}
	l = &res->lives[res->nr_lives];
	memset(l, 0, sizeof(*l));
	l->monitor = m;
	l->pid = rec->rv.task.pid;
	snprintf(l->comm, sizeof(l->comm), "%s", rec->rv.task.comm);
	snprintf(l->system, sizeof(l->system), "%s", rec->rv.system);
	l->ref = rec->ref;
	l->ts = rec->ts;
	l->tied = cand != NULL;
	l->at = cand ? cand->at : key_of(rec);
	l->at_ref = cand ? cand->ref : rec->ref;
	l->at_kind = cand ? cand->kind : TRACE_OTHER;
	if (!strcmp(rec->rv.system, "rv")) {
		if (!grow((void **)&c->waiting, &c->cap_waiting, c->nr_waiting + 1,
			  sizeof(*c->waiting)) || c->nr_waiting >= CANDIDATES) {
			s->oom |= c->nr_waiting < CANDIDATES;
		} else {
			c->since[c->nr_waiting] = 0;
			c->wait_pid[c->nr_waiting] = rec->pid;
			c->wait_ctx[c->nr_waiting] = rec->flags & CTX_BITS;
			c->waiting[c->nr_waiting++] = res->nr_lives;
		}
	}
	res->nr_lives++;
	res->live_errors++;
}

static void add_live_step(struct scan *s, const struct trace_record *rec, int m,
			  const struct candidate *cand)
{
	const struct rv_monitor *mon = s->opts->replay.monitors[m];
	struct diff_step *st;

	if (!grow((void **)&s->steps, &s->cap_steps, s->nr_steps + 1, sizeof(*st))) {
		s->oom = true;
		return;
	}
	st = &s->steps[s->nr_steps++];
	st->monitor = m;
	st->pid = rec->rv.task.pid;
	st->at = cand ? cand->at : key_of(rec);
	st->kind = cand ? cand->kind : TRACE_OTHER;
	st->asleep = cand && cand->asleep;
	st->seq = s->seq++;
	st->states = parse_states(rec->rv.states);
	st->atoms = parse_atoms(mon, rec->rv.atoms);
	st->next = parse_states(rec->rv.next);
	s->res->live_steps++;
}

static int scan_record(void *data, const struct trace_record *rec)
{
	struct scan *s = data;
	const struct candidate *cand;
	struct cpu_scan *c;
	int m;

	if (rec->cpu < 0 || rec->cpu >= s->nr_cpus)
		return 0;
	c = &s->cpus[rec->cpu];
	c->last_ts = rec->ts;
	switch (rec->kind) {
	case TRACE_PRINT:
		on_window_line(s, rec);
		break;
	case TRACE_FORK:
		if (!grow((void **)&s->born, &s->cap_born, s->nr_born + 1, sizeof(*s->born)))
			s->oom = true;
		else
			s->born[s->nr_born++] = rec->fork.child.pid;
		add_candidate(s, c, rec);
		break;
	case TRACE_RV_EVENT:
	case TRACE_RV_ERROR:
		m = monitor_index(s->opts, rec->rv.monitor);
		if (m < 0) {
			s->res->foreign++;
			break;
		}
		if (!s->res->system)
			s->res->system = !strcmp(rec->rv.system, "rv") ? "rv" : "rvreplay";
		cand = tie(c, s->opts->replay.monitors[m], rec->rv.task.pid);
		if (rec->kind == TRACE_RV_ERROR)
			add_live_error(s, c, rec, m, cand);
		else
			add_live_step(s, rec, m, cand);
		break;
	default:
		add_candidate(s, c, rec);
		break;
	}
	return s->oom ? -1 : 0;
}

/* ---- pass 2: the replay, every verdict and step kept ---- */

struct collect {
	const struct diff_options	*opts;
	struct diff_result		*res;	/* NULL: keys and steps only (the rerun) */
	struct diff_step		*steps;
	unsigned int			nr_steps;
	unsigned int			cap_steps;
	struct diff_step		*verdict_keys;	/* the rerun's verdicts */
	unsigned int			nr_keys;
	unsigned int			cap_keys;
	unsigned int			cap_verdicts;
	unsigned int			cap_lost;
	unsigned int			seq;
	bool				oom;
};

static int monitor_of(const struct diff_options *opts, const struct rv_monitor *m)
{
	for (int i = 0; i < opts->replay.nr_monitors; i++)
		if (opts->replay.monitors[i] == m)
			return i;
	return -1;
}

static void collect_verdict(void *data, const struct verdict *v)
{
	struct collect *c = data;
	struct diff_result *res = c->res;
	struct verdict *copy;
	struct diff_step *k;

	if (!res) {
		if (!grow((void **)&c->verdict_keys, &c->cap_keys, c->nr_keys + 1, sizeof(*k))) {
			c->oom = true;
			return;
		}
		k = &c->verdict_keys[c->nr_keys++];
		memset(k, 0, sizeof(*k));
		k->monitor = monitor_of(c->opts, v->monitor);
		k->pid = v->pid;
		k->at = (struct diff_key){ v->ts, v->cpu, v->event_ref.offset };
		return;
	}
	if (!grow((void **)&res->verdicts, &c->cap_verdicts, res->nr_verdicts + 1, sizeof(*copy))) {
		c->oom = true;
		return;
	}
	copy = &res->verdicts[res->nr_verdicts];
	*copy = *v;
	copy->context = NULL;
	copy->nr_context = 0;
	if (v->nr_context) {
		copy->context = malloc(v->nr_context * sizeof(*v->context));
		if (copy->context) {
			memcpy(copy->context, v->context, v->nr_context * sizeof(*v->context));
			copy->nr_context = v->nr_context;
		}
	}
	res->nr_verdicts++;
	res->replay_verdicts++;
}

static void collect_step(void *data, const struct replay_step *step)
{
	struct collect *c = data;
	struct diff_step *st;

	if (!grow((void **)&c->steps, &c->cap_steps, c->nr_steps + 1, sizeof(*st))) {
		c->oom = true;
		return;
	}
	st = &c->steps[c->nr_steps++];
	st->monitor = monitor_of(c->opts, step->monitor);
	st->pid = step->pid;
	st->at = key_of(step->rec);
	st->kind = step->rec->kind;
	st->asleep = switched_out_asleep(step->rec);
	st->seq = c->seq++;
	st->states = step->states;
	st->atoms = step->atoms;
	st->next = step->next;
}

static void collect_lost(void *data, const struct lost_gap *gap)
{
	struct collect *c = data;
	struct diff_result *res = c->res;

	if (!res)
		return;
	if (!grow((void **)&res->lost, &c->cap_lost, res->nr_lost + 1, sizeof(*gap))) {
		c->oom = true;
		return;
	}
	res->lost[res->nr_lost++] = *gap;
}

static int replay_pass(struct trace_input *in, const struct diff_options *opts, bool infer,
		       struct collect *c, char *err)
{
	struct replay_options ro = opts->replay;
	struct replay_sink sink = {
		.verdict = collect_verdict, .step = collect_step, .lost = collect_lost, .data = c,
	};
	struct replay *r;
	int ret = -1;

	ro.infer = infer;
	r = replay_new(&ro, in, &sink);
	if (!r) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		goto out;
	}
	if (replay_run(r, err))
		goto out;
	if (c->res)
		c->res->stats = *replay_stats(r);
	if (c->oom) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		goto out;
	}
	ret = 0;
out:
	replay_free(r);
	return ret;
}

/* ---- windows and lost events ---- */

static bool in_window(const struct diff_result *res, uint64_t ts)
{
	if (!res->nr_windows)
		return true;
	for (unsigned int i = 0; i < res->nr_windows; i++)
		if (ts >= res->windows[i].from && ts <= res->windows[i].to)
			return true;
	return false;
}

/* Events the trace misses at or before @at: the live monitors saw more. */
static bool after_lost(const struct diff_result *res, const struct cpu_scan *cpus, int nr_cpus,
		       const struct diff_key *at)
{
	for (unsigned int i = 0; i < res->nr_lost; i++) {
		const struct lost_gap *g = &res->lost[i];

		if (g->where == LOST_START)
			return true;
		if (g->where == LOST_MID && g->ts <= at->ts)
			return true;
		if (g->where == LOST_END && g->cpu >= 0 && g->cpu < nr_cpus &&
		    cpus[g->cpu].last_ts < at->ts)
			return true;
	}
	return false;
}

/* ---- the step comparison ---- */

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
			if (!strcmp(a->atom_name(i), names[k]))
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

struct compare {
	const struct diff_options	*opts;
	struct diff_result		*res;
	const struct cpu_scan		*cpus;
	int				nr_cpus;
	const struct diff_step		*rerun;		/* the replay without inference, sorted */
	unsigned int			nr_rerun;
	const int			*born;		/* tasks forked in the trace */
	unsigned int			nr_born;
	unsigned int			cap_div;
};

/* The end of the run of steps of one task at one record, in a sorted array. */
static unsigned int run_end(const struct diff_step *s, unsigned int n, unsigned int from)
{
	unsigned int i = from + 1;

	while (i < n && !task_cmp(s[i].monitor, s[i].pid, s[from].monitor, s[from].pid) &&
	       !key_cmp(&s[i].at, &s[from].at))
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

/* The first step of a task at a record in a sorted array, or n. */
static unsigned int find_run(const struct diff_step *s, unsigned int n, int monitor, int pid,
			     const struct diff_key *at)
{
	struct diff_step probe = { .monitor = monitor, .pid = pid, .at = *at, .seq = 0 };
	unsigned int lo = 0, hi = n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (step_cmp(&s[mid], &probe) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == n || task_cmp(s[lo].monitor, s[lo].pid, monitor, pid) || key_cmp(&s[lo].at, at))
		return n;
	return lo;
}

/* Without inference, would the replay have stepped there as the live monitor did? */
static bool rerun_agrees(const struct compare *cmp, const struct diff_step *live, unsigned int nl,
			 const struct diff_step *any)
{
	unsigned int at = find_run(cmp->rerun, cmp->nr_rerun, any->monitor, any->pid, &any->at);

	if (at == cmp->nr_rerun)
		return nl == 0;
	return same_run(&cmp->rerun[at], run_end(cmp->rerun, cmp->nr_rerun, at) - at, live, nl);
}

static bool born_in_trace(const struct compare *cmp, int pid)
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
static bool started_before(const struct compare *cmp, const struct diff_step *l, unsigned int nl,
			   unsigned int nr, bool first)
{
	return first && nl && !nr && !cmp->res->nr_windows && !born_in_trace(cmp, l->pid);
}

static int open_divergence(struct compare *cmp, const struct diff_step *l, unsigned int nl,
			   const struct diff_step *r, unsigned int nr, bool first)
{
	struct diff_result *res = cmp->res;
	const struct diff_step *any = nl ? l : r;
	struct diff_divergence *d;
	unsigned int i = 0;

	if (!grow((void **)&res->divergences, &cmp->cap_div, res->nr_divergences + 1, sizeof(*d)))
		return -1;
	d = &res->divergences[res->nr_divergences++];
	memset(d, 0, sizeof(*d));
	d->monitor = any->monitor;
	d->pid = any->pid;
	d->at = any->at;
	/* the first step that differs within the record */
	while (i < nl && i < nr && same_step(&l[i], &r[i]))
		i++;
	d->live_has = i < nl;
	d->replay_has = i < nr;
	if (d->live_has)
		d->live = l[i];
	if (d->replay_has)
		d->replay = r[i];
	if (after_lost(res, cmp->cpus, cmp->nr_cpus, &d->at))
		d->why = DIFF_LOST;
	else if (cmp->opts->replay.infer && rerun_agrees(cmp, l, nl, any))
		d->why = DIFF_INFER;
	else
		d->why = classify_steps(cmp->opts->replay.monitors[d->monitor], d, any);
	if (d->why == DIFF_UNEXPLAINED && started_before(cmp, l, nl, nr, first))
		d->why = DIFF_BEFORE;
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

/*
 * Both sorted step lists, task by task and record by record: a divergence
 * opens at the first record where they differ and closes after the next
 * record where both stepped alike, or after which both instances are in
 * the same states again (SLEEP at set_current_state() shifts steps from a
 * system call to the switch, and the task is in step again after it): a
 * later difference then opens a divergence of its own, with its own class.
 */
static int compare_steps(struct compare *cmp, const struct diff_step *live, unsigned int nl,
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
		else if (!(c = task_cmp(a->monitor, a->pid, b->monitor, b->pid)))
			c = key_cmp(&a->at, &b->at);
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

/* The divergence of a task open at a record: the last one opened at or before it. */
static const struct diff_divergence *divergence_at(const struct diff_result *res, int monitor,
						   int pid, const struct diff_key *at)
{
	const struct diff_divergence *found = NULL;

	for (unsigned int i = 0; i < res->nr_divergences; i++) {
		const struct diff_divergence *d = &res->divergences[i];

		if (d->monitor == monitor && d->pid == pid && key_cmp(&d->at, at) <= 0)
			found = d;
	}
	if (found && found->until && found->until < at->ts)
		return NULL;
	return found;
}

/* ---- matching the verdicts ---- */

static int live_cmp(const void *a, const void *b)
{
	const struct diff_live *x = a, *y = b;
	int c = task_cmp(x->monitor, x->pid, y->monitor, y->pid);

	if (!c)
		c = key_cmp(&x->at, &y->at);
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
	int c = task_cmp(x->monitor, x->v->pid, y->monitor, y->v->pid);

	return c ? c : key_cmp(&x->at, &y->at);
}

/* An unused replayed verdict of a task at a record, or NULL. */
static struct verdict_slot *slot_at(struct verdict_slot *slots, unsigned int n, int monitor,
				    int pid, const struct diff_key *at)
{
	unsigned int lo = 0, hi = n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		int c = task_cmp(slots[mid].monitor, slots[mid].v->pid, monitor, pid);

		if (!c)
			c = key_cmp(&slots[mid].at, at);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < n && slots[lo].monitor == monitor && slots[lo].v->pid == pid &&
	       !key_cmp(&slots[lo].at, at); lo++)
		if (!slots[lo].used)
			return &slots[lo];
	return NULL;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct diff_entry *x = a, *y = b;
	int c = key_cmp(&x->at, &y->at);

	return c ? c : task_cmp(x->monitor, x->pid, y->monitor, y->pid);
}

static bool rerun_has(const struct diff_step *keys, unsigned int n, int monitor, int pid,
		      const struct diff_key *at)
{
	for (unsigned int i = 0; i < n; i++)
		if (keys[i].monitor == monitor && keys[i].pid == pid && !key_cmp(&keys[i].at, at))
			return true;
	return false;
}

static void explain_entry(struct diff_entry *e, const struct compare *cmp,
			  const struct collect *rerun)
{
	const struct diff_result *res = cmp->res;
	const struct diff_divergence *d;

	e->why = DIFF_UNEXPLAINED;
	if (e->side == DIFF_MATCHED)
		return;
	if (e->side == DIFF_REPLAY_ONLY && !in_window(res, e->at.ts)) {
		e->why = DIFF_OUTSIDE;
		return;
	}
	if (after_lost(res, cmp->cpus, cmp->nr_cpus, &e->at)) {
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
	d = divergence_at(res, e->monitor, e->pid, &e->at);
	if (d) {
		e->divergence = d;
		e->why = d->why;
	}
}

static int add_entry(struct diff_result *res, unsigned int *cap, const struct diff_entry *e)
{
	if (!grow((void **)&res->entries, cap, res->nr_entries + 1, sizeof(*e)))
		return -1;
	res->entries[res->nr_entries++] = *e;
	return 0;
}

static int match(struct compare *cmp, const struct collect *rerun)
{
	struct diff_result *res = cmp->res;
	struct verdict_slot *slots = calloc(res->nr_verdicts + 1, sizeof(*slots));
	unsigned int cap = 0;
	struct diff_entry e;
	struct verdict_slot *slot;

	if (!slots)
		return -1;
	for (unsigned int i = 0; i < res->nr_verdicts; i++) {
		struct verdict *v = &res->verdicts[i];

		slots[i].v = v;
		slots[i].monitor = monitor_of(cmp->opts, v->monitor);
		slots[i].at = (struct diff_key){ v->ts, v->cpu, v->event_ref.offset };
	}
	sort(slots, res->nr_verdicts, sizeof(*slots), slot_cmp);
	sort(res->lives, res->nr_lives, sizeof(*res->lives), live_cmp);
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
		if (add_entry(res, &cap, &e))
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
		if (add_entry(res, &cap, &e))
			goto oom;
	}
	free(slots);
	sort(res->entries, res->nr_entries, sizeof(*res->entries), entry_cmp);
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

/* ---- the whole run ---- */

static int scan_pass(struct trace_input *in, struct scan *s, char *err)
{
	s->nr_cpus = trace_input_meta(in)->cpus;
	s->cpus = calloc(s->nr_cpus > 0 ? s->nr_cpus : 1, sizeof(*s->cpus));
	if (!s->cpus) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	if (trace_input_iterate(in, scan_record, s) < 0 || s->oom) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	return 0;
}

/* Replayed steps the live monitors could not have taken: outside their window. */
static unsigned int keep_in_window(const struct diff_result *res, struct diff_step *s,
				   unsigned int n)
{
	unsigned int kept = 0;

	for (unsigned int i = 0; i < n; i++)
		if (in_window(res, s[i].at.ts))
			s[kept++] = s[i];
	return kept;
}

/**
 * diff_run() - replay a trace and compare it with the live verdicts it holds
 * @in: the trace, read once for the live records and once per replay
 * @opts: the monitors and replay options; opts->replay.infer off mimics a
 *	  live monitor (the kernel infers nothing)
 * @res: filled; release it with diff_release(), also after a failure
 * @err: TRACE_ERR_LEN bytes for the reason of a failure
 *
 * Return: 0, or -1 (unreadable trace, out of memory) with @err set.
 */
int diff_run(struct trace_input *in, const struct diff_options *opts, struct diff_result *res,
	     char *err)
{
	struct scan s = { .opts = opts, .res = res };
	struct collect c = { .opts = opts, .res = res }, rerun = { .opts = opts };
	struct compare cmp = { .opts = opts, .res = res };
	int ret = -1;

	memset(res, 0, sizeof(*res));
	res->system = NULL;
	if (scan_pass(in, &s, err) || replay_pass(in, opts, opts->replay.infer, &c, err))
		goto out;
	if (opts->replay.infer && replay_pass(in, opts, false, &rerun, err))
		goto out;
	if (!res->system)
		res->system = "";
	res->replay_steps = c.nr_steps = keep_in_window(res, c.steps, c.nr_steps);
	sort(s.steps, s.nr_steps, sizeof(*s.steps), step_cmp);
	sort(c.steps, c.nr_steps, sizeof(*c.steps), step_cmp);
	sort(rerun.steps, rerun.nr_steps, sizeof(*rerun.steps), step_cmp);
	cmp.cpus = s.cpus;
	cmp.nr_cpus = s.nr_cpus;
	cmp.rerun = rerun.steps;
	cmp.nr_rerun = rerun.nr_steps;
	cmp.born = s.born;
	cmp.nr_born = s.nr_born;
	/* without live steps there is nothing to compare the replay's steps with */
	if (s.nr_steps && compare_steps(&cmp, s.steps, s.nr_steps, c.steps, c.nr_steps))
		goto oom;
	if (match(&cmp, &rerun))
		goto oom;
	ret = 0;
	goto out;
oom:
	snprintf(err, TRACE_ERR_LEN, "out of memory");
out:
	for (int i = 0; s.cpus && i < s.nr_cpus; i++)
		free(s.cpus[i].waiting);
	free(s.cpus);
	free(s.born);
	free(s.steps);
	free(c.steps);
	free(c.verdict_keys);
	free(rerun.steps);
	free(rerun.verdict_keys);
	return ret;
}

/**
 * diff_release() - free what diff_run() filled
 * @res: the result
 */
void diff_release(struct diff_result *res)
{
	for (unsigned int i = 0; i < res->nr_verdicts; i++)
		free(res->verdicts[i].context);
	free(res->verdicts);
	free(res->lives);
	free(res->entries);
	free(res->divergences);
	free(res->lost);
	free(res->windows);
	memset(res, 0, sizeof(*res));
}

struct monitors_scan {
	char	*names;
	size_t	len;
	bool	found;
};

static int find_monitors_line(void *data, const struct trace_record *rec)
{
	struct monitors_scan *m = data;
	char line[256];
	const char *p;

	if (rec->kind != TRACE_PRINT || rec->print.len < sizeof(kmod_enabled) - 1 ||
	    rec->print.len >= sizeof(line) ||
	    memcmp(rec->print.buf, kmod_enabled, sizeof(kmod_enabled) - 1))
		return 0;
	memcpy(line, rec->print.buf, rec->print.len);
	line[rec->print.len] = '\0';
	p = strstr(line, " monitors=");
	if (!p)
		return 0;
	p += strlen(" monitors=");
	snprintf(m->names, m->len, "%.*s", (int)strcspn(p, " "), p);
	m->found = true;
	return 1;
}

/**
 * diff_monitors_of_trace() - the monitors our module ran, as it wrote them
 * @in: the trace
 * @names: gets "pagefault,sleep" from "rvreplay-kmod: enabled ... monitors=..."
 * @len: its size
 *
 * Return: 1 when the line was found, 0 when not, -1 when memory runs out.
 */
int diff_monitors_of_trace(struct trace_input *in, char *names, size_t len)
{
	struct monitors_scan m = { names, len, false };

	names[0] = '\0';
	if (trace_input_iterate(in, find_monitors_line, &m) < 0)
		return -1;
	return m.found;
}

static const struct {
	const char	*key;
	const char	*text;
} why_words[DIFF_NR_WHY] = {
	[DIFF_UNEXPLAINED] = { "unexplained", "no documented divergence explains it" },
	[DIFF_LOST] = { "lost-events", "the trace lost events the live monitor saw "
			"(docs/semantics.md section 5, lost events)" },
	[DIFF_OUTSIDE] = { "outside-window", "outside the time the live monitors ran "
			   "(rvreplay-kmod: enabled/disabled lines)" },
	[DIFF_INFER] = { "inference", "the replay's inference for a task older than the trace; "
			 "without --infer the replay agrees (docs/semantics.md section 5, atoms that "
			 "only events teach)" },
	[DIFF_STRICT] = { "strict-start", "--strict-start judges beyond the kernel" },
	[DIFF_PRIO] = { "priority-late", "a priority change no recorded event showed "
			"(docs/semantics.md section 5, priorities are learned from events)" },
	[DIFF_HARDIRQ] = { "hardirq-edge", "lockdep's hard irq context against the trace's "
			   "hardirq bit (docs/semantics.md section 5)" },
	[DIFF_SET_STATE] = { "sleep-at-set-state", "the kernel's SLEEP at set_current_state(), "
			     "the trace's at the switch (docs/semantics.md section 5)" },
	[DIFF_BEFORE] = { "before-trace", "the live monitor ran before the trace began and learned "
			  "atoms only events teach of a task older than the trace (docs/semantics.md "
			  "section 5)" },
};

/**
 * diff_why_text() - a divergence class in words
 * @why: the class
 *
 * Return: a sentence naming docs/semantics.md's section.
 */
const char *diff_why_text(enum diff_why why)
{
	return why < DIFF_NR_WHY ? why_words[why].text : "?";
}

/**
 * diff_why_key() - a divergence class as one word, for scripts
 * @why: the class
 *
 * Return: "priority-late", "lost-events", ...
 */
const char *diff_why_key(enum diff_why why)
{
	return why < DIFF_NR_WHY ? why_words[why].key : "?";
}
