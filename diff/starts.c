// SPDX-License-Identifier: GPL-2.0-only
/*
 * An automaton's instance started on one side only, at a switch-out
 * (docs/semantics.md section 9): the kernel's DA handlers test the raw
 * state the sched_switch tracepoint passes (wwnr: prev_state ==
 * TASK_INTERRUPTIBLE, also for a preempted task), the trace event records
 * it masked to the reported bits (S also for TASK_INTERRUPTIBLE |
 * TASK_FREEZABLE) and a preemption as R+. Where one side steps a task and
 * the other not at all, and the task's last switch-out was one of those
 * (a sleep where the replay stepped alone, a preemption where the kernel
 * did), the switch's state explains it.
 *
 * A pass over the trace, only when there are such divergences left
 * unexplained: each task's last switch-out before the record where its
 * steps went apart.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_local.h"

/* A task with such a divergence, and its last switch-out so far. */
struct start_task {
	int	pid;
	bool	seen;
	long	prev_state;
};

struct starts {
	const struct diff_options	*opts;
	struct diff_divergence		**divs;		/* by record */
	unsigned int			nr_divs;
	unsigned int			next;		/* the next one to reach */
	struct start_task		*tasks;		/* by pid */
	unsigned int			nr_tasks;
};

static bool automaton(const struct rv_monitor *m)
{
	return (m->type == RV_MONITOR_DA || m->type == RV_MONITOR_HA) &&
	       m->instance == RV_PER_TASK;
}

/* A verdict of one side at the record: its instance stopped there, which is no start. */
static bool verdict_at(const struct diff_compare *cmp, const struct diff_divergence *d, bool live)
{
	const struct diff_result *res = cmp->res;

	if (live) {
		for (unsigned int i = 0; i < res->nr_lives; i++) {
			const struct diff_live *l = &res->lives[i];

			if (l->monitor == d->monitor && l->pid == d->pid &&
			    ((l->tied && !diff_key_cmp(&l->at, &d->at)) ||
			     (l->has_next && !diff_key_cmp(&l->next_at, &d->at))))
				return true;
		}
		return false;
	}
	for (unsigned int i = 0; i < res->nr_verdicts; i++) {
		const struct verdict *v = &res->verdicts[i];
		struct diff_key at = { v->ts, v->cpu, v->event_ref.offset };

		if (diff_monitor_of(cmp->opts, v->monitor) == d->monitor &&
		    diff_instance(v->monitor, v->pid, v->cpu) == d->pid && !diff_key_cmp(&at, &d->at))
			return true;
	}
	return false;
}

/*
 * Unexplained, of a per-task automaton, one side with no step at all at
 * the record, and no verdict there of one side only (an error stops an
 * instance, and the steps that follow differ because of it).
 */
static bool candidate(const struct diff_compare *cmp, const struct diff_divergence *d)
{
	const struct rv_monitor *m = cmp->opts->replay.monitors[d->monitor];

	/* our module judges the trace's state, as the replay does: only the kernel's records */
	return !strcmp(cmp->res->system, "rv") && d->why == DIFF_UNEXPLAINED && automaton(m) &&
	       (!d->nr_live) != (!d->nr_replay) &&
	       verdict_at(cmp, d, true) == verdict_at(cmp, d, false);
}

static int div_cmp(const void *a, const void *b)
{
	const struct diff_divergence *const *x = a, *const *y = b;

	return diff_key_cmp(&(*x)->at, &(*y)->at);
}

static int task_cmp(const void *a, const void *b)
{
	const struct start_task *x = a, *y = b;

	return (x->pid > y->pid) - (x->pid < y->pid);
}

static struct start_task *task_of(struct starts *s, int pid)
{
	struct start_task key = { .pid = pid };

	return bsearch(&key, s->tasks, s->nr_tasks, sizeof(key), task_cmp);
}

/* The switch-out before @d explains it: a sleep where only the replay stepped, a preemption where only the kernel did. */
static void judge(struct starts *s, struct diff_divergence *d)
{
	const struct start_task *t = task_of(s, d->pid);

	if (!t || !t->seen)
		return;
	if (d->nr_replay && (t->prev_state & RV_TASK_PREEMPTED) == 0 && t->prev_state)
		d->why = DIFF_SWITCH_STATE;
	else if (d->nr_live && (t->prev_state & RV_TASK_PREEMPTED))
		d->why = DIFF_SWITCH_STATE;
}

static int on_record(void *data, const struct trace_record *rec)
{
	struct starts *s = data;
	struct diff_key at = diff_key_of(rec);
	struct start_task *t;

	/* the divergences at this record: the task's switch-outs before it */
	while (s->next < s->nr_divs && diff_key_cmp(&s->divs[s->next]->at, &at) <= 0)
		judge(s, s->divs[s->next++]);
	if (rec->kind == TRACE_SWITCH && (t = task_of(s, rec->sw.prev.pid))) {
		t->seen = true;
		t->prev_state = rec->sw.prev_state;
	}
	return s->next < s->nr_divs ? 0 : 1;
}

/* The tasks of the candidates, each once, by pid. Return: 0, or -1 (memory). */
static int gather_tasks(struct starts *s)
{
	unsigned int n = 0;

	s->tasks = calloc(s->nr_divs, sizeof(*s->tasks));
	if (!s->tasks)
		return -1;
	for (unsigned int i = 0; i < s->nr_divs; i++)
		s->tasks[i].pid = s->divs[i]->pid;
	diff_sort(s->tasks, s->nr_divs, sizeof(*s->tasks), task_cmp);
	for (unsigned int i = 0; i < s->nr_divs; i++)
		if (!n || s->tasks[n - 1].pid != s->tasks[i].pid)
			s->tasks[n++] = s->tasks[i];
	s->nr_tasks = n;
	return 0;
}

/**
 * diff_explain_starts() - class the automata's one-sided starts by the switch's state
 * @in: the trace, read once more when there is something to class
 * @cmp: the comparison; its divergences left unexplained may become
 *	 [switch-state]
 *
 * Return: 0, or -1 (unreadable trace, out of memory).
 */
int diff_explain_starts(struct trace_input *in, struct diff_compare *cmp)
{
	struct diff_result *res = cmp->res;
	struct starts s = { .opts = cmp->opts };
	int ret = -1;

	s.divs = calloc(res->nr_divergences + 1, sizeof(*s.divs));
	if (!s.divs)
		return -1;
	for (unsigned int i = 0; i < res->nr_divergences; i++)
		if (candidate(cmp, &res->divergences[i]))
			s.divs[s.nr_divs++] = &res->divergences[i];
	if (!s.nr_divs) {
		ret = 0;
		goto out;
	}
	diff_sort(s.divs, s.nr_divs, sizeof(*s.divs), div_cmp);
	if (gather_tasks(&s) || trace_input_iterate(in, on_record, &s) < 0)
		goto out;
	ret = 0;
out:
	free(s.divs);
	free(s.tasks);
	return ret;
}
