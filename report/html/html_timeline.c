// SPDX-License-Identifier: GPL-2.0-only
/*
 * The timeline of one violation, as inline SVG: a lane per CPU (who ran,
 * a colour per task, real-time tasks marked, idle, hard irq records), the
 * violating task's lane (running, runnable, sleeping and in what, its
 * system calls, its page faults), the wakeup as an arrow from the waker to
 * the woken task, the violation marked with its reason, a time axis as
 * trace-cmd report prints times; then the raw events of the window.
 */
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "html_local.h"

#define SVG_W		1000
#define PLOT_X0		150.0
#define PLOT_X1		965.0
#define TOP		34
#define CPU_H		22
#define CPU_GAP		4
#define TASK_GAP	22
#define TASK_H		26
#define SYS_H		13
#define CHAR_W		5.8	/* of the 10-unit font, on average */
#define LINE_LEN	1024

struct geo {
	const struct window	*w;
	double			scale;		/* units per ns */
	int			y_task;
	int			y_sys;
	int			y_axis;
	int			height;
};

static double x_of(const struct geo *g, uint64_t ts)
{
	if (ts <= g->w->t0)
		return PLOT_X0;
	if (ts >= g->w->t1)
		return PLOT_X1;
	return PLOT_X0 + (double)(ts - g->w->t0) * g->scale;
}

static int y_cpu(unsigned int lane)
{
	return TOP + lane * (CPU_H + CPU_GAP);
}

static void geo_init(struct geo *g, const struct window *w)
{
	g->w = w;
	g->scale = (PLOT_X1 - PLOT_X0) / (double)(w->t1 > w->t0 ? w->t1 - w->t0 : 1);
	g->y_task = y_cpu(w->nr_lanes) + TASK_GAP;
	g->y_sys = g->y_task + TASK_H + 3;
	g->y_axis = g->y_sys + SYS_H + 8;
	g->height = g->y_axis + 24;
}

/* @s cut to what fits @width units, at a character's boundary; "" if nothing does. */
static void fit(char *s, double width)
{
	long room = (long)((width - 6) / CHAR_W);
	size_t n = strlen(s);

	if (room < 3) {
		s[0] = '\0';
		return;
	}
	if ((long)n <= room)
		return;
	n = room - 1;
	while (n && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	strcpy(s + n, "\xe2\x80\xa6");		/* an ellipsis */
}

/* A label inside a bar, when it fits. */
static void bar_label(struct html_out *o, double x, double w, int y, const char *text,
		      const char *cls)
{
	char buf[ESCAPE_LEN(EXPLAIN_LEN)];

	snprintf(buf, sizeof(buf), "%s", text);
	fit(buf, w);
	if (!buf[0])
		return;
	html_printf(o, "<text class=\"%s\" x=\"%.1f\" y=\"%d\">", cls, x + 3, y);
	html_text(o, buf);
	html_printf(o, "</text>");
}

/* Why a run is hatched: the words of the text's sleep line. */
#define INFERRED_WHY	"inferred: its switch-in not recorded, from its next own record"

/* A run whose switch-in was not recorded: hatched over its bar. */
static void hatch(struct html_out *o, double x, double w, int y, int h)
{
	html_printf(o, "<rect class=\"inferred\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
		    "height=\"%d\"/>", x, y, w, h);
}

static void title_span(struct html_out *o, uint64_t from, uint64_t to)
{
	html_printf(o, "\nfrom ");
	html_ts(o, from);
	html_printf(o, " to ");
	html_ts(o, to);
	html_printf(o, " (");
	html_duration(o, to - from);
	html_printf(o, ")");
}

/* ---- the CPU lanes ---- */

static void cpu_seg(struct html_out *o, const struct geo *g, int y, const struct cpu_seg *s)
{
	char color[32], comm[ESCAPE_LEN(TRACE_COMM_LEN)], label[ESCAPE_LEN(TRACE_COMM_LEN) + 24];
	double x = x_of(g, s->from), w = x_of(g, s->to) - x;
	bool rt = s->pid > 0 && s->prio != TRACE_UNKNOWN_PRIO && s->prio < 100;

	if (w < 0.2)
		w = 0.2;
	escape(s->comm[0] ? s->comm : "?", comm, sizeof(comm));
	if (s->pid == 0) {
		html_printf(o, "<rect class=\"idle\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\">"
			    "<title>idle", x, y, w, CPU_H);
	} else if (s->pid < 0) {
		html_printf(o, "<rect class=\"several\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\">"
			    "<title>several tasks, each shorter than a pixel", x, y, w, CPU_H);
	} else {
		html_task_color(s->pid, color, sizeof(color));
		html_printf(o, "<rect class=\"run\" data-pid=\"%d\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" "
			    "height=\"%d\" fill=\"%s\"><title>", s->pid, x, y, w, CPU_H, color);
		html_text(o, comm);
		html_printf(o, " pid %d", s->pid);
		if (s->prio != TRACE_UNKNOWN_PRIO)
			html_printf(o, " prio %d%s", s->prio, rt ? ", real-time" : "");
		if (s->inferred)
			html_printf(o, "\n" INFERRED_WHY);
	}
	title_span(o, s->from, s->to);
	html_printf(o, "</title></rect>");
	if (s->pid > 0 && s->inferred)
		hatch(o, x, w, y, CPU_H);
	if (rt)
		html_printf(o, "<rect class=\"rt\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"3\"/>",
			    x, y, w);
	if (s->pid == 0)
		bar_label(o, x, w, y + 15, "idle", "in faint");
	else if (s->pid > 0) {
		snprintf(label, sizeof(label), "%s %d%s", comm, s->pid, rt ? " RT" : "");
		bar_label(o, x, w, y + 15, label, "in");
	}
}

static void cpu_lane(struct html_out *o, const struct geo *g, unsigned int i)
{
	const struct cpu_lane *l = &g->w->lanes[i];
	int y = y_cpu(i);

	html_printf(o, "<g class=\"lane cpu\" data-cpu=\"%d\"><text class=\"label\" x=\"8\" y=\"%d\">"
		    "CPU %d</text><rect class=\"bg\" x=\"%.0f\" y=\"%d\" width=\"%.0f\" height=\"%d\"/>",
		    l->cpu, y + 15, l->cpu, PLOT_X0, y, PLOT_X1 - PLOT_X0, CPU_H);
	for (unsigned int k = 0; k < l->nr; k++)
		cpu_seg(o, g, y, &l->segs[k]);
	for (unsigned int k = 0; k < l->nr_irqs; k++) {
		double x = x_of(g, l->irqs[k]);

		html_printf(o, "<path class=\"irq\" d=\"M%.1f %d v%d\"><title>hard irq at ", x,
			    y + CPU_H - 6, 6);
		html_ts(o, l->irqs[k]);
		html_printf(o, "</title></path>");
	}
	html_printf(o, "</g>\n");
}

/* ---- the task's lane ---- */

static const char *const state_class[] = {
	[LANE_UNKNOWN] = "unknown", [LANE_RUNNING] = "running", [LANE_RUNNABLE] = "runnable",
	[LANE_SLEEPING] = "sleeping", [LANE_EXITED] = "exited",
};

static void state_words(const struct report *rep, const struct task_seg *s, char *buf,
			size_t len)
{
	char sys[EXPLAIN_LEN];

	switch (s->state) {
	case LANE_RUNNING:
		snprintf(buf, len, "running on CPU %d%s", s->cpu, s->inferred ? " (inferred)" : "");
		break;
	case LANE_RUNNABLE:
		snprintf(buf, len, "runnable, waiting for a CPU");
		break;
	case LANE_SLEEPING:
		explain_syscall(&s->sys, rep->opts.arch, sys, sizeof(sys));
		snprintf(buf, len, "sleeping (%s) in %s", s->prev_state & 2 ? "D" : "S",
			 s->sys.active ? sys : "no system call");
		break;
	case LANE_EXITED:
		snprintf(buf, len, "exited");
		break;
	default:
		snprintf(buf, len, "not known yet");
	}
}

static void task_seg(struct html_out *o, const struct report *rep, const struct geo *g,
		     const struct task_seg *s)
{
	char words[EXPLAIN_LEN + 64], color[32];
	double x = x_of(g, s->from), w = x_of(g, s->to) - x;

	if (w < 0.2)
		w = 0.2;
	state_words(rep, s, words, sizeof(words));
	html_printf(o, "<rect class=\"%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\"",
		    state_class[s->state], x, g->y_task, w, TASK_H);
	if (s->state == LANE_RUNNING) {
		html_task_color(g->w->v.pid, color, sizeof(color));
		html_printf(o, " fill=\"%s\"", color);
	}
	html_printf(o, "><title>");
	html_text(o, words);
	if (s->state == LANE_RUNNING && s->inferred)
		html_printf(o, "\n" INFERRED_WHY);
	title_span(o, s->from, s->to);
	html_printf(o, "</title></rect>");
	if (s->state == LANE_RUNNING && s->inferred)
		hatch(o, x, w, g->y_task, TASK_H);
	bar_label(o, x, w, g->y_task + 17, words, "in");
}

static void sys_span(struct html_out *o, const struct report *rep, const struct geo *g,
		     const struct sys_span *s)
{
	char words[EXPLAIN_LEN];
	double x = x_of(g, s->from), w = x_of(g, s->to) - x;

	if (w < 0.5)
		w = 0.5;
	explain_syscall(&s->sys, rep->opts.arch, words, sizeof(words));
	html_printf(o, "<rect class=\"syscall\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\">"
		    "<title>system call ", x, g->y_sys, w, SYS_H);
	html_text(o, words);
	html_printf(o, "%s%s", s->before ? ", entered before the window" : "",
		    s->after ? ", not over at its end" : "");
	title_span(o, s->from, s->to);
	html_printf(o, "</title></rect>");
	bar_label(o, x, w, g->y_sys + 10, words, "in small");
}

static void fault_mark(struct html_out *o, const struct geo *g, const struct fault_mark *f)
{
	double x = x_of(g, f->ts);

	html_printf(o, "<path class=\"fault\" d=\"M%.1f %d l-5 -9 h10 z\"><title>%s page fault at "
		    "address 0x%llx, ", x, g->y_task - 1, f->user ? "user" : "kernel",
		    (unsigned long long)f->address);
	html_ts(o, f->ts);
	html_printf(o, "</title></path>");
}

static void task_lane(struct html_out *o, const struct report *rep, const struct geo *g)
{
	const struct window *w = g->w;
	char prio[16];

	explain_prio(w->v.prio, prio, sizeof(prio));
	html_printf(o, "<g class=\"lane task\" data-pid=\"%d\"><text class=\"label strong\" x=\"8\" "
		    "y=\"%d\">", w->v.pid, g->y_task + 11);
	html_trace_text(o, w->v.comm);
	html_printf(o, "</text><text class=\"label small\" x=\"8\" y=\"%d\">pid %d prio %s</text>"
		    "<text class=\"label small\" x=\"8\" y=\"%d\">system calls</text>",
		    g->y_task + 23, w->v.pid, prio, g->y_sys + 10);
	html_printf(o, "<rect class=\"bg\" x=\"%.0f\" y=\"%d\" width=\"%.0f\" height=\"%d\"/>",
		    PLOT_X0, g->y_task, PLOT_X1 - PLOT_X0, TASK_H);
	for (unsigned int k = 0; k < w->nr_task; k++)
		task_seg(o, rep, g, &w->task[k]);
	html_printf(o, "<g class=\"syscalls\">");
	for (unsigned int k = 0; k < w->nr_sys; k++)
		sys_span(o, rep, g, &w->sys[k]);
	html_printf(o, "</g><g class=\"faults\">");
	for (unsigned int k = 0; k < w->nr_faults; k++)
		fault_mark(o, g, &w->faults[k]);
	html_printf(o, "</g></g>\n");
}

/* ---- the wakeup, the violation, the axis ---- */

static int lane_index(const struct window *w, int cpu)
{
	for (unsigned int i = 0; i < w->nr_lanes; i++)
		if (w->lanes[i].cpu == cpu)
			return i;
	return -1;
}

static void waker_words(const struct verdict *v, char *buf, size_t len)
{
	const struct task_waker *k = &v->sleep.waker;
	const char *context = explain_waker_context(v);
	char comm[ESCAPE_LEN(TRACE_COMM_LEN)], prio[16];

	if (!k->ts) {
		snprintf(buf, len, "woken (no sched_waking recorded)");
	} else if (strcmp(context, "task")) {
		snprintf(buf, len, "woken by a %s on CPU %d", context, k->cpu);
	} else {
		explain_prio(k->prio, prio, sizeof(prio));
		snprintf(buf, len, "woken by %s %d (prio %s)", escape(k->comm, comm, sizeof(comm)),
			 k->pid, prio);
	}
}

static void wakeup_arrow(struct html_out *o, const struct geo *g)
{
	const struct verdict *v = &g->w->v;
	const struct task_sleep *s = &v->sleep;
	int lane = s->waker.ts ? lane_index(g->w, s->waker.cpu) : -1;
	uint64_t from_ts = s->waker.ts ? s->waker.ts : s->wakeup_ts;
	uint64_t to_ts = s->wakeup_ts ? s->wakeup_ts : from_ts;
	double x1 = x_of(g, from_ts), x2 = x_of(g, to_ts), tx;
	int y1 = lane >= 0 ? y_cpu(lane) + CPU_H / 2 : TOP - 6, y2 = g->y_task - 2;
	char words[EXPLAIN_LEN];

	if (!from_ts)
		return;
	waker_words(v, words, sizeof(words));
	tx = x1 > (PLOT_X0 + PLOT_X1) / 2 ? x1 - 6 : x1 + 6;
	html_printf(o, "<g class=\"wakeup\"><circle class=\"from\" cx=\"%.1f\" cy=\"%d\" r=\"3\"/>"
		    "<path class=\"arrow\" d=\"M%.1f %d L%.1f %d\"/>"
		    "<path class=\"head\" d=\"M%.1f %d l-4 -8 h8 z\"/>"
		    "<text class=\"note %s\" x=\"%.1f\" y=\"%d\">", x1, y1, x1, y1, x2, y2 - 7, x2, y2,
		    tx < x1 ? "end" : "start", tx, g->y_task - 6);
	html_text(o, words);
	html_printf(o, "</text><title>");
	html_text(o, words);
	html_printf(o, ": sched_waking at ");
	html_ts(o, from_ts);
	html_printf(o, ", sched_wakeup at ");
	html_ts(o, to_ts);
	html_printf(o, "</title></g>\n");
}

static void violation_mark(struct html_out *o, const struct geo *g, const char *reason)
{
	const struct verdict *v = &g->w->v;
	double x = x_of(g, v->ts);
	bool right = x > (PLOT_X0 + PLOT_X1) / 2;

	html_printf(o, "<g class=\"violation\"><path class=\"mark\" d=\"M%.1f %d V%d\"/>"
		    "<path class=\"flag\" d=\"M%.1f %d l-5 -8 h10 z\"/><text class=\"note %s\" "
		    "x=\"%.1f\" y=\"%d\">%s violation: ", x, TOP - 8, g->y_sys + SYS_H, x, TOP - 8,
		    right ? "end" : "start", right ? x - 8 : x + 8, TOP - 12, v->monitor->name);
	html_text(o, reason);
	html_printf(o, " (");
	html_ts(o, v->ts);
	html_printf(o, ")</text></g>\n");
}

static uint64_t tick_step(uint64_t range)
{
	uint64_t step = 1;

	while (step * 10 <= range / 3)
		step *= 10;
	if (step * 5 <= range / 3)
		return step * 5;
	if (step * 2 <= range / 3)
		return step * 2;
	return step;
}

static void time_axis(struct html_out *o, const struct geo *g)
{
	const struct window *w = g->w;
	uint64_t step = tick_step(w->t1 - w->t0), t = (w->t0 + step - 1) / step * step;
	int y = g->y_axis;

	html_printf(o, "<g class=\"axis\"><path d=\"M%.0f %d H%.0f\"/>", PLOT_X0, y, PLOT_X1);
	for (; t <= w->t1; t += step) {
		double x = x_of(g, t);

		html_printf(o, "<path d=\"M%.1f %d v5\"/><text x=\"%.1f\" y=\"%d\">", x, y, x, y + 16);
		html_ts(o, t);
		html_printf(o, "</text>");
	}
	html_printf(o, "<text class=\"label small\" x=\"8\" y=\"%d\">ticks every ", y + 16);
	html_duration(o, step);
	html_printf(o, "</text></g>\n");
}

/* ---- around the picture: what it shows, and the raw events ---- */

static void caption(struct html_out *o, const struct report *rep, const struct window *w)
{
	char buf[LINE_LEN];

	html_printf(o, "<p class=\"caption\"><b>%s violation at ", w->v.monitor->name);
	html_ts(o, w->v.ts);
	html_printf(o, " on CPU %d</b>: ", w->v.cpu);
	explain_detail(&w->v, rep->in, rep->opts.arch, buf, sizeof(buf));
	html_text(o, buf);
	if (explain_is_sleep(&w->v) && explain_held(&w->v, buf, sizeof(buf))) {
		html_printf(o, "<br>held: ");
		html_text(o, buf);
	}
	html_printf(o, "<br><span class=\"dim\">window ");
	html_ts(o, w->t0);
	html_printf(o, " to ");
	html_ts(o, w->t1);
	html_printf(o, " (");
	html_duration(o, w->t1 - w->t0);
	html_printf(o, "), %lu events", w->events);
	if ((int)w->nr_lanes < w->cpus_total)
		html_printf(o, "; %u of %d CPUs shown: those of the violation first", w->nr_lanes,
			    w->cpus_total);
	if (w->truncated)
		html_printf(o, "; some runs beyond the lanes' caps merged");
	html_printf(o, "</span></p>\n");
}

static void events_table(struct html_out *o, const struct report *rep, const struct window *w)
{
	char line[LINE_LEN], cls[32];

	html_printf(o, "<div class=\"events\"><table class=\"events\"><caption>Raw events of the "
		    "window, as trace-cmd report prints them");
	if (w->rows_left_out)
		html_printf(o, ": the %u nearest the %s, %lu more left out", w->nr_rows,
			    w->focus == w->v.ts ? "violation" : "waking", w->rows_left_out);
	html_printf(o, "</caption>\n");
	for (unsigned int i = 0; i < w->nr_rows; i++) {
		const struct window_row *r = window_row(w, i);

		trace_input_format(rep->in, &r->ref, line, sizeof(line));
		snprintf(cls, sizeof(cls), "%s%s%s", r->flags & ROW_AT ? "at " : "",
			 r->flags & ROW_WAKER ? "waker " : "", r->flags & ROW_OWN ? "own" : "");
		html_printf(o, cls[0] ? "<tr class=\"%s\"><td>" : "<tr%s><td>", cls);
		html_text(o, line);
		html_printf(o, "</td></tr>\n");
	}
	html_printf(o, "</table></div>\n");
}

static void picture(struct html_out *o, const struct report *rep, const struct window *w)
{
	const struct verdict_group *g = &rep->groups.groups[w->group];
	struct geo geo;

	geo_init(&geo, w);
	html_printf(o, "<svg class=\"timeline%s\" viewBox=\"0 0 %d %d\" role=\"img\" "
		    "aria-label=\"timeline of the %s violation at ", w->zoom ? " zoom" : "", SVG_W,
		    geo.height, w->v.monitor->name);
	html_ts(o, w->v.ts);
	html_printf(o, "\">\n");
	for (unsigned int i = 0; i < w->nr_lanes; i++)
		cpu_lane(o, &geo, i);
	task_lane(o, rep, &geo);
	if (explain_is_sleep(&w->v))
		wakeup_arrow(o, &geo);
	if (w->v.ts >= w->t0 && w->v.ts <= w->t1)
		violation_mark(o, &geo, g->reason);
	time_axis(o, &geo);
	html_printf(o, "</svg>\n");
}

static void zoom_caption(struct html_out *o, const struct window *z)
{
	const struct task_sleep *s = &z->v.sleep;
	uint64_t from = s->waker.ts ? s->waker.ts : s->wakeup_ts;

	html_printf(o, "<p class=\"caption\"><b>Zoom</b> on the ");
	html_duration(o, s->run_ts - from);
	html_printf(o, " from the %s at ", s->waker.ts ? "waking" : "wakeup");
	html_ts(o, from);
	html_printf(o, " to its run at ");
	html_ts(o, s->run_ts);
	html_printf(o, " on CPU %d: who held that CPU.</p>\n", s->run_cpu);
}

/**
 * html_timeline() - the timeline of one violation, its caption and raw events
 * @o: where
 * @rep: the report
 * @w: the window, gathered
 * @zoom: its zoom on the wakeup to the run, or NULL
 *
 * Return: 0.
 */
int html_timeline(struct html_out *o, const struct report *rep, const struct window *w,
		  const struct window *zoom)
{
	caption(o, rep, w);
	picture(o, rep, w);
	if (zoom) {
		zoom_caption(o, zoom);
		picture(o, rep, zoom);
	}
	events_table(o, rep, w);
	return 0;
}
