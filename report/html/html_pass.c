// SPDX-License-Identifier: GPL-2.0-only
/*
 * The second pass of the HTML report's timelines (html_window.h): the
 * records in time order, each window opened at its start, fed what it
 * shows (who runs on each CPU, the violating task's states, system calls,
 * faults, irqs, raw events) and closed at its end.
 */
#include <stdlib.h>
#include <string.h>

#include "cpu_history.h"
#include "cpu_now.h"
#include "grow.h"
#include "html_window.h"

/* What the pass knows of a task that has a window. */
struct tracker {
	int			pid;
	struct trace_task_ref	ref;		/* at its last switch */
	enum lane_state		state;
	int			cpu;
	bool			inferred;	/* running, its switch-in not recorded */
	bool			switched_out;	/* not seen running since */
	long			prev_state;
	struct task_syscall	sys;		/* the system call it is in */
	struct task_syscall	slept_in;	/* at its last switch-out */
};

struct windows_pass {
	const struct trace_input *names;	/* the saved cmdlines */
	int		cpus;
	struct cpu_now	*cpu;
	struct tracker	*t;
	unsigned int	nr_t;
	unsigned int	next;		/* the next window to open */
	unsigned int	first;		/* windows before it are closed */
};

static struct tracker *tracker_of(struct windows_pass *p, int pid)
{
	for (unsigned int i = 0; i < p->nr_t; i++)
		if (p->t[i].pid == pid)
			return &p->t[i];
	return NULL;
}

/**
 * windows_pass_begin() - ready for a pass over the records
 * @ws: the windows, chosen
 * @in: the trace (the names of tasks whose switch-in was not recorded)
 *
 * Return: 0, or -1 when memory runs out.
 */
int windows_pass_begin(struct windows *ws, const struct trace_input *in)
{
	struct windows_pass *p = calloc(1, sizeof(*p));
	int cpus = trace_input_meta(in)->cpus;

	if (!p)
		return -1;
	ws->pass = p;
	p->names = in;
	p->cpus = cpus > 0 ? cpus : 0;
	p->cpu = calloc(p->cpus + 1, sizeof(*p->cpu));
	p->t = calloc(ws->nr + 1, sizeof(*p->t));
	if (!p->cpu || !p->t)
		return -1;
	for (unsigned int i = 0; i < ws->nr; i++) {
		if (window_lanes(&ws->w[i], p->cpus))
			return -1;
		if (!tracker_of(p, ws->w[i].v.pid))
			p->t[p->nr_t++].pid = ws->w[i].v.pid;
	}
	return 0;
}

static uint64_t pixel(const struct window *w)
{
	return (w->t1 - w->t0) / WINDOW_PIXELS + 1;
}

/* A run over: kept, or merged with the short runs before it. */
static void lane_push(struct window *w, struct cpu_lane *l, const struct cpu_seg *s)
{
	struct cpu_seg *last = l->nr ? &l->segs[l->nr - 1] : NULL;
	uint64_t px = pixel(w);

	if (s->to <= s->from)
		return;
	if (last && last->to == s->from && ((s->to - s->from < px &&
	    (last->pid == -1 || last->to - last->from < px)) || l->nr == WINDOW_SEGS)) {
		if (last->pid != s->pid)
			last->pid = -1;
		last->inferred |= s->inferred;
		last->to = s->to;
		return;
	}
	if (grow_room(&l->segs, l->nr, sizeof(*l->segs))) {
		w->truncated = true;
		return;
	}
	l->segs[l->nr++] = *s;
}

static void lane_set(struct cpu_lane *l, uint64_t ts, const struct cpu_now *now)
{
	l->known = now->known;
	l->cur.from = ts;
	l->cur.pid = now->pid;
	l->cur.prio = now->prio;
	memcpy(l->cur.comm, now->comm, sizeof(l->cur.comm));
	l->cur.inferred = now->inferred;
}

static void task_push(struct window *w, uint64_t to)
{
	w->task_cur.to = to;
	if (to <= w->task_cur.from)
		return;
	if (w->nr_task == WINDOW_MARKS) {
		w->truncated = true;
		return;
	}
	if (grow_room(&w->task, w->nr_task, sizeof(*w->task))) {
		w->truncated = true;
		return;
	}
	w->task[w->nr_task++] = w->task_cur;
}

static void task_set(struct window *w, uint64_t ts, const struct tracker *t)
{
	w->task_cur.from = ts;
	w->task_cur.state = t->state;
	w->task_cur.cpu = t->cpu;
	w->task_cur.inferred = t->state == LANE_RUNNING && t->inferred;
	w->task_cur.prev_state = t->prev_state;
	w->task_cur.sys = t->slept_in;
}

static void sys_push(struct window *w, uint64_t to, bool after)
{
	if (!w->sys_cur.sys.active)
		return;
	w->sys_cur.to = to;
	w->sys_cur.after = after;
	if (w->nr_sys < WINDOW_MARKS)
		w->sys[w->nr_sys++] = w->sys_cur;
	else
		w->truncated = true;
	w->sys_cur.sys.active = false;
}

static void window_open(struct windows_pass *p, struct window *w)
{
	const struct tracker *t = tracker_of(p, w->v.pid);

	w->opened = true;
	for (unsigned int i = 0; i < w->nr_lanes; i++)
		lane_set(&w->lanes[i], w->t0, &p->cpu[w->lanes[i].cpu]);
	task_set(w, w->t0, t);
	if (t->sys.active) {
		w->sys_cur.from = w->t0;
		w->sys_cur.before = true;
		w->sys_cur.sys = t->sys;
	}
}

static void window_close(struct window *w, uint64_t at)
{
	for (unsigned int i = 0; i < w->nr_lanes; i++) {
		struct cpu_lane *l = &w->lanes[i];

		l->cur.to = at;
		if (l->known)
			lane_push(w, l, &l->cur);
	}
	task_push(w, at);
	sys_push(w, at, true);
	w->closed = true;
}

static struct cpu_lane *lane_of(struct window *w, int cpu)
{
	for (unsigned int i = 0; i < w->nr_lanes; i++)
		if (w->lanes[i].cpu == cpu)
			return &w->lanes[i];
	return NULL;
}

static void row_push(struct window *w, const struct window_row *row)
{
	if (w->nr_rows < WINDOW_ROWS) {
		w->rows[(w->rows_head + w->nr_rows++) % WINDOW_ROWS] = *row;
		return;
	}
	w->rows[w->rows_head] = *row;
	w->rows_head = (w->rows_head + 1) % WINDOW_ROWS;
	w->rows_left_out++;
}

static unsigned char row_flags(const struct window *w, const struct trace_record *rec)
{
	int pid = w->v.pid;
	unsigned char flags = 0;

	if (rec->pid == pid || (rec->kind == TRACE_SWITCH && (rec->sw.prev.pid == pid ||
	    rec->sw.next.pid == pid)) || ((rec->kind == TRACE_WAKING || rec->kind == TRACE_WAKEUP ||
	    rec->kind == TRACE_WAKEUP_NEW) && rec->wake.pid == pid))
		flags |= ROW_OWN;
	if (rec->ref.offset == w->v.event_ref.offset && rec->cpu == w->v.event_ref.cpu)
		flags |= ROW_AT;
	if (rec->kind == TRACE_WAKING && rec->wake.pid == pid && rec->ts == w->v.sleep.waker.ts &&
	    window_is_sleep(&w->v))
		flags |= ROW_WAKER;
	return flags;
}

/* The raw events: the last ones up to the violation, and as many after it. */
static void window_row_add(struct window *w, const struct trace_record *rec)
{
	struct window_row row = { .ref = rec->ref, .flags = row_flags(w, rec) };

	if (rec->ts <= w->focus) {
		row_push(w, &row);
	} else if (w->nr_rows < WINDOW_ROWS || w->rows_after < WINDOW_ROWS / 2) {
		row_push(w, &row);
		w->rows_after++;
	} else {
		w->rows_left_out++;
	}
}

static void window_irq(struct window *w, const struct trace_record *rec)
{
	struct cpu_lane *l = lane_of(w, rec->cpu);

	if (!l || (l->nr_irqs && rec->ts - l->irqs[l->nr_irqs - 1] < pixel(w)))
		return;
	if (l->nr_irqs < WINDOW_MARKS)
		l->irqs[l->nr_irqs++] = rec->ts;
}

/* A record inside the window: listed, and what it shows of the task. */
static void window_feed(struct window *w, const struct trace_record *rec)
{
	w->events++;
	window_row_add(w, rec);
	if (rec->flags & RV_CTX_HARDIRQ)
		window_irq(w, rec);
	if (rec->pid != w->v.pid)
		return;
	if (rec->kind == TRACE_SYS_ENTER) {
		sys_push(w, rec->ts, false);
		w->sys_cur.from = rec->ts;
		w->sys_cur.before = false;
		w->sys_cur.sys.active = true;
		w->sys_cur.sys.id = rec->sys_enter.id;
		memcpy(w->sys_cur.sys.args, rec->sys_enter.args, sizeof(w->sys_cur.sys.args));
		w->sys_cur.sys.ts = rec->ts;
	} else if (rec->kind == TRACE_SYS_EXIT) {
		sys_push(w, rec->ts, false);
	} else if ((rec->kind == TRACE_FAULT_USER || rec->kind == TRACE_FAULT_KERNEL) &&
		   w->nr_faults < WINDOW_MARKS) {
		w->faults[w->nr_faults].ts = rec->ts;
		w->faults[w->nr_faults].user = rec->kind == TRACE_FAULT_USER;
		w->faults[w->nr_faults++].address = rec->fault.address;
	}
}

static bool window_live(const struct window *w)
{
	return w->opened && !w->closed;
}

/* A tracked task changed state: its open windows start a new segment. */
static void task_changed(struct windows *ws, const struct tracker *t, uint64_t ts)
{
	for (unsigned int i = ws->pass->first; i < ws->pass->next; i++) {
		struct window *w = &ws->w[i];

		if (!window_live(w) || w->v.pid != t->pid)
			continue;
		task_push(w, ts);
		task_set(w, ts, t);
	}
}

static enum lane_state switched_out(long prev_state)
{
	static const enum lane_state lane[] = {
		[CPU_LEFT_RUNNABLE] = LANE_RUNNABLE, [CPU_LEFT_SLEEPING] = LANE_SLEEPING,
		[CPU_LEFT_EXITED] = LANE_EXITED,
	};

	return lane[cpu_now_left(prev_state)];
}

/* Who runs on @rec's CPU changed: its open lanes start a new run at @rec. */
static void cpu_changed(struct windows *ws, const struct trace_record *rec)
{
	struct windows_pass *p = ws->pass;
	const struct cpu_now *now = &p->cpu[rec->cpu];

	for (unsigned int i = p->first; i < p->next; i++) {
		struct window *w = &ws->w[i];
		struct cpu_lane *l = window_live(w) ? lane_of(w, rec->cpu) : NULL;

		if (!l)
			continue;
		l->cur.to = rec->ts;
		if (l->known)
			lane_push(w, l, &l->cur);
		lane_set(l, rec->ts, now);
	}
}

static void cpu_switch(struct windows *ws, const struct trace_record *rec)
{
	cpu_now_switch(&ws->pass->cpu[rec->cpu], rec);
	cpu_changed(ws, rec);
}

/* The first record of a CPU tells who runs there until its first switch. */
static void cpu_seen(struct windows *ws, const struct trace_record *rec)
{
	struct cpu_now *now = &ws->pass->cpu[rec->cpu];

	if (!cpu_now_first(now, rec, NULL))
		return;
	for (unsigned int i = ws->pass->first; i < ws->pass->next; i++) {
		struct cpu_lane *l = window_live(&ws->w[i]) ? lane_of(&ws->w[i], rec->cpu) : NULL;

		if (l && !l->known)
			lane_set(l, rec->ts, now);
	}
}

static void task_runs(struct windows *ws, struct tracker *t, const struct trace_record *rec,
		      bool inferred)
{
	t->state = LANE_RUNNING;
	t->cpu = rec->cpu;
	t->inferred = inferred;
	t->switched_out = false;
	task_changed(ws, t, rec->ts);
}

/*
 * A record of a task switched out and not switched in since: it runs, its
 * switch-in not recorded, as the text and the monitors infer it
 * (switch_in_missed()); its CPU too, when its lane thought another ran.
 */
static void infer_run(struct windows *ws, const struct trace_record *rec)
{
	struct windows_pass *p = ws->pass;
	struct cpu_now *now = &p->cpu[rec->cpu];
	struct tracker *t = tracker_of(p, rec->pid);

	if (t && t->switched_out && switch_in_missed(rec, now->switched_in))
		task_runs(ws, t, rec, true);
	if (cpu_now_missed(now, rec)) {
		cpu_now_infer(now, rec, t ? &t->ref : NULL, p->names);
		cpu_changed(ws, rec);
	}
}

/* What a record changes of the CPUs and of the tracked tasks. */
static void pass_apply(struct windows *ws, const struct trace_record *rec)
{
	struct windows_pass *p = ws->pass;
	struct tracker *t;

	cpu_seen(ws, rec);
	infer_run(ws, rec);
	switch (rec->kind) {
	case TRACE_SWITCH:
		cpu_switch(ws, rec);
		t = tracker_of(p, rec->sw.prev.pid);
		if (t) {
			t->ref = rec->sw.prev;
			t->state = switched_out(rec->sw.prev_state);
			t->switched_out = true;
			t->prev_state = rec->sw.prev_state;
			t->slept_in = t->sys;
			task_changed(ws, t, rec->ts);
		}
		t = tracker_of(p, rec->sw.next.pid);
		if (t) {
			t->ref = rec->sw.next;
			task_runs(ws, t, rec, false);
		}
		break;
	case TRACE_WAKEUP:
	case TRACE_WAKEUP_NEW:
		t = tracker_of(p, rec->wake.pid);
		if (t && t->state != LANE_RUNNING && t->state != LANE_RUNNABLE) {
			t->state = LANE_RUNNABLE;
			task_changed(ws, t, rec->ts);
		}
		break;
	case TRACE_SYS_ENTER:
		t = tracker_of(p, rec->pid);
		if (t) {
			t->sys.active = true;
			t->sys.id = rec->sys_enter.id;
			memcpy(t->sys.args, rec->sys_enter.args, sizeof(t->sys.args));
			t->sys.ts = rec->ts;
		}
		break;
	case TRACE_SYS_EXIT:
		t = tracker_of(p, rec->pid);
		if (t)
			t->sys.active = false;
		break;
	default:
		break;
	}
}

/**
 * windows_record() - one record of the second pass, in time order
 * @ws: the windows, after windows_pass_begin()
 * @rec: the record
 */
void windows_record(struct windows *ws, const struct trace_record *rec)
{
	struct windows_pass *p = ws->pass;

	if (rec->cpu < 0 || rec->cpu >= p->cpus)
		return;
	while (p->next < ws->nr && ws->w[p->next].t0 <= rec->ts)
		window_open(p, &ws->w[p->next++]);
	for (unsigned int i = p->first; i < p->next; i++)
		if (window_live(&ws->w[i]) && ws->w[i].t1 < rec->ts)
			window_close(&ws->w[i], ws->w[i].t1);
	while (p->first < p->next && ws->w[p->first].closed)
		p->first++;
	for (unsigned int i = p->first; i < p->next; i++)
		if (window_live(&ws->w[i]))
			window_feed(&ws->w[i], rec);
	pass_apply(ws, rec);
}

/**
 * windows_pass_end() - the records are over
 * @ws: the windows
 * @last_ts: the last record's time
 */
void windows_pass_end(struct windows *ws, uint64_t last_ts)
{
	for (unsigned int i = 0; i < ws->nr; i++) {
		struct window *w = &ws->w[i];

		if (window_live(w))
			window_close(w, w->t1 < last_ts ? w->t1 : last_ts);
		w->closed = true;
	}
}

/**
 * windows_done() - whether every window is gathered: the pass may stop
 * @ws: the windows
 *
 * Return: true when no record can add to any window.
 */
bool windows_done(const struct windows *ws)
{
	return !ws->pass || ws->pass->first == ws->nr;
}

/**
 * windows_pass_free() - what a pass kept
 * @p: the pass, or NULL
 */
void windows_pass_free(struct windows_pass *p)
{
	if (!p)
		return;
	free(p->cpu);
	free(p->t);
	free(p);
}
