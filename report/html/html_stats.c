// SPDX-License-Identifier: GPL-2.0-only
/*
 * Statistics per real-time task in the HTML report: its sleeps and their
 * latencies in a table, as the text's --stats, and the latency histogram
 * (log2 buckets, violating sleeps stacked on the others) as SVG.
 */
#include <string.h>

#include "explain.h"
#include "html_local.h"

#define BAR_W		40
#define BAR_GAP		6
#define HIST_H		110	/* of the tallest bar */
#define HIST_TOP	30	/* over it: the axis' name, then the tallest count */
#define HIST_X0		50
#define HIST_MIN_W	330	/* room for the axis' words */
#define HIST_TICKS_H	62	/* under the axis: the slanted ticks, then the axis' words */

static void stats_cells(struct html_out *o, const struct task_stats *t, unsigned int row,
			bool judged)
{
	uint64_t fig[NR_STATS_FIGURES];
	const char *name;
	const struct stats_hist *h = stats_row(t, row, judged, &name);

	if (!name)
		return;
	html_printf(o, "<tr><th>%s</th><td>%lu</td>", name, h->count);
	if (!h->count) {
		html_printf(o, "<td colspan=\"%d\"></td></tr>\n", NR_STATS_FIGURES);
		return;
	}
	stats_figures(h, fig);
	/* one unit a row (the text's): its largest figure's */
	for (int i = 0; i < NR_STATS_FIGURES; i++) {
		char buf[48];

		explain_duration_as(fig[i], stats_row_top(fig), buf, sizeof(buf));
		html_printf(o, "<td>%s</td>", buf);
	}
	html_printf(o, "</tr>\n");
}

static bool bucket_range(const struct task_stats *t, unsigned int *lo, unsigned int *hi)
{
	bool any = false;

	for (unsigned int k = 0; k < STATS_BUCKETS; k++) {
		if (!stats_latency_bucket(t, k))
			continue;
		if (!any)
			*lo = k;
		*hi = k;
		any = true;
	}
	return any;
}

static void bar(struct html_out *o, double x, double y, double h, const char *cls,
		unsigned long n, unsigned int k)
{
	if (!n)
		return;
	html_printf(o, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%.1f\">"
		    "<title>%lu %s sleeps woken up to ", cls, x, y, BAR_W, h < 1 ? 1 : h, n,
		    strcmp(cls, "h-ok") ? "violating" : "other");
	html_duration(o, stats_bucket_top(k));
	html_printf(o, " before they ran</title></rect>");
}

/* log2(@n), exact at powers of 2 and linear between: enough for a bar's height. */
static double log2_of(unsigned long long n)
{
	int k = 63 - __builtin_clzll(n);

	return k + (double)n / (1ULL << k) - 1;
}

/* A bar's height on the log scale: a bucket of 1 stays visible beside one of 10,000. */
static double bar_height(unsigned long n, unsigned long top)
{
	return n ? HIST_H * log2_of(1ULL + n) / log2_of(1ULL + top) : 0;
}

/* A bucket's bound in at most 3 digits ("16.8 ms"): its tick, under its bar. */
static void tick_text(uint64_t ns, char *buf, size_t len)
{
	if (ns < 1000)
		snprintf(buf, len, "%llu ns", (unsigned long long)ns);
	else if (ns < 1000000)
		snprintf(buf, len, "%.3g us", ns / 1e3);
	else if (ns < 1000000000)
		snprintf(buf, len, "%.3g ms", ns / 1e6);
	else
		snprintf(buf, len, "%.3g s", ns / 1e9);
}

/*
 * The wakeup-to-run latencies of a task, a bar per log2 bucket, on a log
 * scale with its count over each bar; the ticks slanted, so that they
 * never run together.
 */
static void histogram(struct html_out *o, const struct task_stats *t)
{
	unsigned int lo = 0, hi = 0, n, width;
	unsigned long top = 1;
	int base = HIST_TOP + HIST_H;
	char tick[32];

	if (!bucket_range(t, &lo, &hi))
		return;
	n = hi - lo + 1;
	for (unsigned int k = lo; k <= hi; k++)
		if (stats_latency_bucket(t, k) > top)
			top = stats_latency_bucket(t, k);
	width = HIST_X0 + n * (BAR_W + BAR_GAP) + 10;
	width = width < HIST_MIN_W ? HIST_MIN_W : width;
	html_printf(o, "<svg class=\"histogram\" data-pid=\"%d\" viewBox=\"0 0 %d %d\" width=\"%d\" "
		    "role=\"img\" aria-label=\"latency histogram\"><text class=\"label small\" x=\"0\" "
		    "y=\"12\">sleeps (log scale)</text><path class=\"axisline\" d=\"M%d %d H%d\"/>",
		    t->pid, width, base + HIST_TICKS_H, width, HIST_X0 - 4, base,
		    HIST_X0 + n * (BAR_W + BAR_GAP));
	html_printf(o, "<text class=\"label small\" x=\"0\" y=\"%d\">%lu</text>", HIST_TOP + 8, top);
	for (unsigned int k = lo; k <= hi; k++) {
		unsigned long ok = stats_bucket(&t->latency[0], k), bad = stats_bucket(&t->latency[1], k);
		double x = HIST_X0 + (k - lo) * (BAR_W + BAR_GAP), mid = x + BAR_W / 2.0;
		double h_all = bar_height(ok + bad, top);
		/* the stack's height is its count's; the violating part its share of it */
		double h_bad = ok + bad ? h_all * bad / (ok + bad) : 0, h_ok = h_all - h_bad;

		bar(o, x, base - h_ok, h_ok, "h-ok", ok, k);
		bar(o, x, base - h_all, h_bad, "h-violating", bad, k);
		if (ok + bad)
			html_printf(o, "<text class=\"count\" x=\"%.1f\" y=\"%.1f\">%lu</text>",
				    mid, base - h_all - 3, ok + bad);
		tick_text(stats_bucket_top(k), tick, sizeof(tick));
		html_printf(o, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" transform=\"rotate(-35 %.1f "
			    "%d)\">&lt;%s</text>", mid + 4, base + 12, mid + 4, base + 12, tick);
	}
	html_printf(o, "<text class=\"label small\" x=\"%d\" y=\"%d\">wakeup to run "
		    "(upper bound of each log2 bucket)</text></svg>\n", HIST_X0,
		    base + HIST_TICKS_H - 4);
}

static void task_block(struct html_out *o, const struct task_stats *t, bool judged)
{
	char prio[16];

	explain_prio(t->prio, prio, sizeof(prio));
	html_printf(o, "<div class=\"task\"><h3>");
	html_trace_text(o, t->comm);
	html_printf(o, " <span class=\"dim\">pid %d prio %s</span></h3><p>%lu sleep%s", t->pid,
		    prio, t->sleeps, t->sleeps == 1 ? "" : "s");
	if (judged)
		html_printf(o, ", %lu violating", t->violating);
	if (t->sleeps_not_rt)
		html_printf(o, " (and %lu begun not real-time, not counted)", t->sleeps_not_rt);
	html_counts(o, ": ", t->reasons, STATS_REASONS);
	if (t->faults)
		html_printf(o, "; %lu page fault%s", t->faults, t->faults == 1 ? "" : "s");
	html_printf(o, "</p><div class=\"side\"><table class=\"stats\"><tr><th></th><th>count"
		    "</th><th>min</th><th>avg</th><th>max</th><th>p50&lt;</th><th>p99&lt;</th>"
		    "</tr>\n");
	for (unsigned int row = 0; row < STATS_ROWS; row++)
		stats_cells(o, t, row, judged);
	html_printf(o, "</table>\n");
	histogram(o, t);
	html_printf(o, "</div></div>\n");
}

/**
 * html_stats() - the statistics of each real-time task
 * @o: where
 * @rep: the report, its statistics sorted
 */
void html_stats(struct html_out *o, const struct report *rep)
{
	unsigned int n = rep->stats.nr < HTML_MAX_ROWS ? rep->stats.nr : HTML_MAX_ROWS;
	char scope[1024];

	report_stats_scope(rep, scope, sizeof(scope));
	html_printf(o, "<section id=\"stats\"><h2>Real-time tasks</h2><p class=\"scope\">Over ");
	html_text(o, scope);
	html_printf(o, ".%s</p>", rep->filter.cpu >= 0 ? " --cpu does not narrow them." : "");
	html_printf(o, "<p class=\"dim\">Sleeps begun real-time, as the monitors judge them. "
		    "Sleep: until the wakeup; latency: from the wakeup to running again; p50, p99: "
		    "the upper bound of their log2 bucket; a row in one unit. The histogram stacks "
		    "the violating sleeps (red) on the others (blue), on a log scale.%s</p>\n",
		    rep->stats.judged ? "" :
		    " No monitor of sleeps (sleep, wakeup) was replayed: none was judged.");
	if (!rep->stats.nr)
		html_printf(o, "<p>No real-time task slept or faulted in the trace.</p>\n");
	for (unsigned int i = 0; i < n; i++)
		task_block(o, &rep->stats.tasks[i], rep->stats.judged);
	if (n < rep->stats.nr)
		html_printf(o, "<p>%u more tasks: <code>rvreplay --stats</code> lists them all.</p>\n",
			    rep->stats.nr - n);
	html_printf(o, "</section>\n");
}
