// SPDX-License-Identifier: GPL-2.0-only
/*
 * The HTML report (html_report.h): the document, its header, summary,
 * coverage and lost events, and a section per group of violations with
 * its timelines, one shown at a time (radio buttons and CSS: no script).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "html_local.h"

#define LINE_LEN	1024

static const char style[] =
":root{--fg:#1d2330;--dim:#5f6b7a;--line:#d8dde6;--bad:#c62828;--ok:#2e6fb7}\n"
"body{font:14px/1.45 'DejaVu Sans',Verdana,sans-serif;color:var(--fg);margin:0;"
"background:#f4f5f7}\n"
"header{background:#1d2330;color:#fff;padding:14px 28px}\n"
"header h1{font-size:20px;margin:0 0 6px}\n"
"header dl{display:grid;grid-template-columns:max-content auto max-content auto;"
"gap:2px 14px;margin:0;font-size:13px}\n"
"header dt{color:#aab4c3}header dd{margin:0}\n"
"main{max-width:1220px;margin:0 auto;padding:8px 28px 28px}\n"
"h2{font-size:17px;border-bottom:2px solid var(--line);padding-bottom:3px;margin:22px 0 10px}\n"
"h3{font-size:15px;margin:4px 0}\n"
".dim{color:var(--dim);font-weight:normal}\n"
"table{border-collapse:collapse;background:#fff}\n"
"th,td{border:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}\n"
"th{background:#eef1f5;font-weight:600}\n"
"td.n{text-align:right}\n"
".cards{display:flex;gap:12px;flex-wrap:wrap;margin:8px 0 12px}\n"
".card{background:#fff;border:1px solid var(--line);border-left:5px solid var(--ok);"
"padding:6px 14px;min-width:110px}\n"
".card b{font-size:22px;display:block}\n"
".card.bad{border-left-color:var(--bad)}\n"
".badge{display:inline-block;background:var(--bad);color:#fff;border-radius:3px;"
"padding:0 6px;font-size:12px;vertical-align:2px}\n"
".badge.waived{background:#8d6e63}\n"
"section.group{scroll-margin-top:400px;background:#fff;border:1px solid var(--line);border-left:5px solid var(--bad);"
"padding:10px 14px;margin:14px 0}\n"
"p{margin:6px 0}\n"
".why{color:#333}\n"
".legend{font-size:12px;color:var(--dim)}\n"
".sw{display:inline-block;width:14px;height:10px;border:1px solid #999;margin:0 3px 0 10px;"
"vertical-align:-1px}\n"
".sw.run{background:hsl(200,62%,74%)}.sw.rt{background:#b71c1c}.sw.idle{background:#eef0f3}"
".sw.several{background:#b9bec7}.sw.sleeping{background:#cfe0f3}"
".sw.runnable{background:#ffd27a}.sw.syscall{background:#e3dcf2}\n"
".mk{font-weight:bold;margin:0 3px 0 10px}.mk.irq{color:#6a1b9a}.mk.fault{color:#e65100}"
".mk.wake{color:#0d47a1}.mk.bad{color:var(--bad)}\n"
".wins>input{display:none}\n"
".wins>section.win{display:none}\n"
".picker label{display:inline-block;border:1px solid var(--line);border-radius:3px;"
"padding:1px 8px;margin:0 4px 4px 0;cursor:pointer;background:#f4f5f7;font-size:12px}\n"
".caption{font-size:13px}\n"
"svg.timeline{width:100%;height:auto;display:block;background:#fff;"
"border:1px solid var(--line)}\n"
"svg text{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:10px;fill:var(--fg)}\n"
"svg .label{font-size:11px}svg .strong{font-weight:bold}"
"svg .small{font-size:9px;fill:var(--dim)}svg .faint{fill:#9aa3ae}\n"
"svg rect.bg{fill:#fafbfc;stroke:#e3e6eb}svg rect.run{stroke:#fff;stroke-width:.5}"
"svg rect.idle{fill:#eef0f3}svg rect.several{fill:#b9bec7}svg rect.rt{fill:#b71c1c}\n"
"svg rect.sleeping{fill:#cfe0f3}svg rect.runnable{fill:#ffd27a}svg rect.exited{fill:#ddd}"
"svg rect.unknown{fill:#fff;stroke:#c5cad3;stroke-dasharray:3 2}"
"svg rect.running{stroke:#fff;stroke-width:.5}\n"
"svg rect.syscall{fill:#e3dcf2;stroke:#8e7cc3;stroke-width:.6}\n"
"svg rect.inferred{fill:url(#rv-hatch);pointer-events:none}svg.defs{position:absolute}"
".sw.inferred{background:repeating-linear-gradient(45deg,#555 0 1.5px,#fff 1.5px 4px)}\n"
"svg .irq{stroke:#6a1b9a;stroke-width:1.4}svg .fault{fill:#e65100}\n"
"svg .wakeup .arrow{stroke:#0d47a1;stroke-width:2;fill:none}"
"svg .wakeup .head,svg .wakeup .from{fill:#0d47a1}"
"svg .wakeup text{fill:#0d47a1;font-weight:bold}\n"
"svg .violation .mark{stroke:var(--bad);stroke-width:1.5;stroke-dasharray:5 3}"
"svg .violation .flag{fill:var(--bad)}"
"svg .violation text{fill:var(--bad);font-weight:bold;font-size:11px}\n"
"svg .note.end{text-anchor:end}\n"
"svg .axis path,svg .axisline{stroke:#7b8594;fill:none}"
"svg .axis text{text-anchor:middle;font-size:9.5px;fill:var(--dim)}"
"svg .axis text.label{text-anchor:start}\n"
"svg.histogram{display:block;margin:6px 0;max-width:100%}"
"svg .h-ok{fill:var(--ok)}svg .h-violating{fill:var(--bad)}"
"svg .count,svg .tick{text-anchor:middle;font-size:9px}svg .tick{fill:var(--dim);text-anchor:end}\n"
"div.events{max-height:280px;overflow:auto;border:1px solid var(--line);margin:8px 0 4px}\n"
"table.events{width:100%;font:11px/1.35 'DejaVu Sans Mono',monospace;white-space:pre}\n"
"table.events td{border:0;padding:0 6px}\n"
"table.events caption{text-align:left;font:12px 'DejaVu Sans',sans-serif;color:var(--dim);"
"padding:4px 6px;background:#fff}\n"
"table.events tr.own{font-weight:bold}table.events tr.at{background:#fde0e0}"
"table.events tr.waker{background:#dde8fb}\n"
".task{background:#fff;border:1px solid var(--line);padding:6px 12px;margin:10px 0}\n"
".side{display:flex;gap:18px;align-items:flex-start;flex-wrap:wrap}\n"
"table.stats td{text-align:right}\n"
"footer{color:var(--dim);font-size:12px;margin-top:28px}\n"
"main:has(section.group:target)>:not(#groups),"
"#groups:has(section.group:target)>:not(section.group:target):not(.legend){display:none}\n";

/* The radio button of the k-th timeline shows the k-th window: no script. */
static void style_rules(struct html_out *o)
{
	html_printf(o, "%s", style);
	for (int k = 1; k <= WINDOW_SAMPLES + 1; k++)
		html_printf(o, ".wins>input:nth-of-type(%d):checked~section.win:nth-of-type(%d)"
			    "{display:block}.wins>input:nth-of-type(%d):checked~.picker "
			    "label:nth-of-type(%d){background:#1d2330;color:#fff}\n", k, k, k, k);
}

static void head(struct html_out *o, const struct report *rep)
{
	html_printf(o, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		    "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
		    "<meta name=\"generator\" content=\"rvreplay %s\"><title>rvreplay: ",
		    RVREPLAY_VERSION);
	html_trace_text(o, rep->opts.path);
	html_printf(o, "</title>\n<style>\n");
	style_rules(o);
	html_printf(o, "</style></head>\n<body>\n");
}

static void dd(struct html_out *o, const char *term)
{
	html_printf(o, "<dt>%s</dt><dd>", term);
}

static unsigned long long lost_events(const struct report *rep, bool *unknown)
{
	unsigned long long n = 0;

	*unknown = false;
	for (unsigned int i = 0; i < rep->nr_lost; i++) {
		if (rep->lost[i].count < 0)
			*unknown = true;
		else
			n += rep->lost[i].count;
	}
	return n;
}

static void header(struct html_out *o, const struct report *rep, const struct replay_stats *st)
{
	const struct trace_meta *m = trace_input_meta(rep->in);
	unsigned long long lost;
	bool unknown;

	html_printf(o, "<header><h1>rvreplay report: ");
	html_trace_text(o, rep->opts.path);
	html_printf(o, "</h1><dl>");
	dd(o, "kernel");
	html_trace_text(o, m->uname[0] ? m->uname : "not told by the trace");
	html_printf(o, "</dd>");
	dd(o, "monitors");
	for (int i = 0; i < rep->replay->nr_monitors; i++)
		html_printf(o, "%s%s", i ? ", " : "", rep->replay->monitors[i]->name);
	html_printf(o, " (profile %s, arch %s)</dd>", rep->opts.profile, rep->opts.arch);
	dd(o, "CPUs");
	html_printf(o, "%d, clock ", m->cpus);
	html_trace_text(o, m->clock[0] ? m->clock : "unknown");
	html_printf(o, ", trace.dat v%d</dd>", m->version);
	dd(o, "duration");
	html_duration(o, st->last_ts > st->first_ts ? st->last_ts - st->first_ts : 0);
	html_printf(o, ", ");
	html_ts(o, st->first_ts);
	html_printf(o, " to ");
	html_ts(o, st->last_ts);
	html_printf(o, "</dd>");
	dd(o, "events");
	html_printf(o, "%llu, %lu tasks seen", st->counts.events, st->tasks_seen);
	if (replay_frees_told(st))
		html_printf(o, ", %lu at most at once", st->max_tasks);
	html_printf(o, "</dd>");
	dd(o, "lost events");
	lost = lost_events(rep, &unknown);
	if (!rep->nr_lost)
		html_printf(o, "none</dd>");
	else
		html_printf(o, "%llu%s in %u gap%s</dd>", lost, unknown ? " and more" : "",
			    rep->nr_lost, rep->nr_lost == 1 ? "" : "s");
	for (int i = 0; i < rep->opts.nr_unavailable; i++) {
		dd(o, "not judged");
		html_printf(o, "%s: ", rep->opts.unavailable[i].monitor->name);
		html_text(o, rep->opts.unavailable[i].why);
		html_printf(o, "</dd>");
	}
	html_printf(o, "</dl></header>\n<main>\n");
}

static void summary_row(struct html_out *o, const struct summary_row *row)
{
	char prio[16], name[32];

	explain_prio(row->prio, prio, sizeof(prio));
	html_printf(o, "<tr><td>%s</td><td>", row->monitor->name);
	if (instance_is_cpu(row->pid))	/* a CPU's instance (wip), or the global one: no task */
		html_printf(o, "%s</td><td class=\"n\"></td><td class=\"n\"></td>"
			    "<td class=\"n\">%lu</td><td>",
			    instance_name(row->pid, name, sizeof(name)), row->count);
	else {
		html_task_name(o, row->comm, row->was_comm);
		html_printf(o, "</td><td class=\"n\">%d</td><td class=\"n\">%s</td>"
			    "<td class=\"n\">%lu</td><td>", row->pid, prio, row->count);
	}
	html_ts(o, row->first);
	html_printf(o, "</td><td>");
	html_ts(o, row->last);
	html_printf(o, "</td><td>");
	html_counts(o, "", row->reasons, REPORT_MAX_REASONS);
	if (row->other_reasons)
		html_printf(o, ", other &times;%lu", row->other_reasons);
	html_printf(o, "</td></tr>\n");
}

static void summary(struct html_out *o, const struct report *rep)
{
	unsigned int n = rep->nr_rows < HTML_MAX_ROWS ? rep->nr_rows : HTML_MAX_ROWS;

	html_printf(o, "<section id=\"summary\"><h2>Verdicts</h2><div class=\"cards\">"
		    "<div class=\"card%s\"><b>%lu</b>violation%s</div>", rep->violations ? " bad" : "",
		    rep->violations, rep->violations == 1 ? "" : "s");
	for (int i = 0; i < rep->replay->nr_monitors; i++)
		html_printf(o, "<div class=\"card%s\"><b>%lu</b>%s</div>",
			    rep->by_monitor[i] ? " bad" : "", rep->by_monitor[i],
			    rep->replay->monitors[i]->name);
	html_printf(o, "<div class=\"card\"><b>%u</b>group%s</div></div>\n", rep->groups.nr,
		    rep->groups.nr == 1 ? "" : "s");
	if (!rep->violations) {
		html_printf(o, "<p>No violation: the monitors judged the trace and found none.</p>"
			    "</section>\n");
		return;
	}
	html_printf(o, "<table><tr><th>monitor</th><th>task</th><th>pid</th><th>prio</th>"
		    "<th>violations</th><th>first</th><th>last</th><th>reasons</th></tr>\n");
	for (unsigned int i = 0; i < n; i++)
		summary_row(o, &rep->rows[i]);
	html_printf(o, "</table>\n");
	if (n < rep->nr_rows)
		html_printf(o, "<p>%u more rows: the text report lists them all.</p>\n",
			    rep->nr_rows - n);
	html_printf(o, "</section>\n");
}

static void coverage_row(struct html_out *o, const struct coverage *c, enum coverage_class class,
			 const char *why, bool first)
{
	const char *judged = class == COVERAGE_JUDGED ? "yes" :
			     class == COVERAGE_PARTLY ? "in part" : "never";

	html_printf(o, "%s<tr><td>%s</td><td>", first ? "<table><tr><th>monitor</th><th>task</th>"
		    "<th>pid</th><th>judged</th><th>why</th></tr>\n" : "", c->monitor->name);
	html_trace_text(o, c->comm);
	html_printf(o, "</td><td class=\"n\">");
	/* a CPU's instance (wip) has no pid */
	if (!instance_is_cpu(c->pid))
		html_printf(o, "%d", c->pid);
	html_printf(o, "</td><td>%s</td><td>", judged);
	html_text(o, why);
	html_printf(o, "</td></tr>\n");
}

/* As the text tells it: the instances not judged, or not wholly; the others counted. */
static void coverage(struct html_out *o, const struct report *rep)
{
	unsigned int count[COVERAGE_NEVER + 1] = { 0 }, listed = 0;
	char why[EXPLAIN_LEN * 2], counts[256];

	html_printf(o, "<section id=\"coverage\"><h2>Coverage</h2>\n");
	for (unsigned int i = 0; i < rep->nr_coverage; i++) {
		const struct coverage *c = &rep->coverage[i];
		enum coverage_class class = report_coverage_class(rep, c, why, sizeof(why));

		count[class]++;
		if (!report_coverage_told(c, class, false))
			continue;
		if (listed < HTML_MAX_ROWS)
			coverage_row(o, c, class, why, !listed);
		listed++;
	}
	report_coverage_counts(rep, count, rep->nr_coverage, counts, sizeof(counts));
	html_printf(o, "%s<p>%s.%s</p>\n", listed ? "</table>" : "", counts,
		    listed > HTML_MAX_ROWS ? " The text report lists them all." : "");
}

static void lost(struct html_out *o, const struct report *rep)
{
	static const char *const where[] = {
		[LOST_MID] = "lost before", [LOST_START] = "overwritten before the first record",
		[LOST_DROPPED] = ("dropped where the trace does not say (a full no-overwrite buffer); "
				  "its records end"),
		[LOST_DAMAGED] = "unreadable after",
	};
	unsigned int n = rep->nr_lost < HTML_MAX_ROWS ? rep->nr_lost : HTML_MAX_ROWS;

	html_printf(o, "<h3>Lost events</h3>\n");
	if (!rep->nr_lost) {
		html_printf(o, "<p>None.</p></section>\n");
		return;
	}
	html_printf(o, "<table><tr><th>CPU</th><th>events</th><th>where</th><th>time</th></tr>\n");
	for (unsigned int i = 0; i < n; i++) {
		const struct lost_gap *g = &rep->lost[i];

		html_printf(o, "<tr><td class=\"n\">%d</td><td class=\"n\">", g->cpu);
		if (g->count < 0)
			html_printf(o, "unknown");
		else
			html_printf(o, "%lld", g->count);
		html_printf(o, "</td><td>%s</td><td>", g->where == LOST_MID && g->after_ts ?
			    "lost between" : where[g->where]);
		if (g->where == LOST_MID && g->after_ts) {
			html_ts(o, g->after_ts);
			html_printf(o, " and ");
		}
		html_ts(o, g->ts);
		html_printf(o, "</td></tr>\n");
	}
	html_printf(o, "</table></section>\n");
}

static void legend(struct html_out *o)
{
	html_printf(o, "<p class=\"legend\">CPU lanes: <span class=\"sw run\"></span>a task (its "
		    "colour)<span class=\"sw rt\"></span>real-time (a red top edge, RT)"
		    "<span class=\"sw idle\"></span>idle<span class=\"sw several\"></span>several "
		    "short runs<span class=\"mk irq\">|</span>hard irq. Task lane: "
		    "<span class=\"sw sleeping\"></span>sleeping<span class=\"sw runnable\"></span>"
		    "runnable<span class=\"sw syscall\"></span>system call<span class=\"mk fault\">"
		    "&#9660;</span>page fault<span class=\"mk wake\">&#8600;</span>wakeup"
		    "<span class=\"mk bad\">&#9476;</span>violation. Both: <span class=\"sw "
		    "inferred\"></span>hatched: running inferred, its switch-in not recorded "
		    "(from its next own record, as the text says)");
	/* the hatching every timeline's inferred runs are filled with */
	html_printf(o, "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>"
		    "<pattern id=\"rv-hatch\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\" "
		    "patternTransform=\"rotate(45)\"><path d=\"M0 0V5\" stroke=\"#1d2330\" "
		    "stroke-opacity=\".55\" stroke-width=\"1.6\"/></pattern></defs></svg></p>\n");
}

/* One timeline, drawn apart: it is kept only if the file stays within its bound. */
static char *render(const struct report *rep, const struct windows *ws,
		    const struct window *w, size_t *len)
{
	struct html_out o = { .times = rep->replay->times };
	char *buf = NULL;

	o.f = open_memstream(&buf, len);
	if (!o.f)
		return NULL;
	html_printf(&o, "<section class=\"win\" data-ts=\"%llu\">\n", (unsigned long long)w->v.ts);
	html_timeline(&o, rep, w, window_zoom(ws, w));
	html_printf(&o, "</section>\n");
	if (fclose(o.f)) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* A group's windows: its worst first, then the others in time order. */
static unsigned int windows_of(const struct windows *ws, unsigned int group,
			       const struct window **out)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < ws->nr; i++)
		if (ws->w[i].group == group && ws->w[i].worst && !ws->w[i].zoom)
			out[n++] = &ws->w[i];
	for (unsigned int i = 0; i < ws->nr && n < WINDOW_SAMPLES + 1; i++)
		if (ws->w[i].group == group && !ws->w[i].worst && !ws->w[i].zoom)
			out[n++] = &ws->w[i];
	return n;
}

static void picker(struct html_out *o, unsigned int group, const struct window *const *w,
		   unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		html_printf(o, "<input type=\"radio\" name=\"g%u\" id=\"g%u-%u\"%s>", group, group, i,
			    i ? "" : " checked");
	html_printf(o, "\n<p class=\"picker\">%s", n > 1 ? "Timeline of: " : "");
	for (unsigned int i = 0; n > 1 && i < n; i++) {
		html_printf(o, "<label for=\"g%u-%u\">%s", group, i, w[i]->worst ? "worst, " : "");
		html_ts(o, w[i]->v.ts);
		html_printf(o, "</label>");
	}
	html_printf(o, "</p>\n");
}

/* The timelines that fit: a picker, then the first shown and the others one click away. */
static void timelines(struct html_out *o, const struct report *rep, const struct windows *ws,
		      unsigned int group)
{
	const struct window *w[WINDOW_SAMPLES + 1], *kept[WINDOW_SAMPLES + 1];
	char *body[WINDOW_SAMPLES + 1];
	size_t len[WINDOW_SAMPLES + 1], total = o->bytes;
	unsigned int n = windows_of(ws, group, w), k = 0, left = 0;

	for (unsigned int i = 0; i < n; i++) {
		char *b = render(rep, ws, w[i], &len[k]);

		if (b && total + len[k] + HTML_TAIL_BYTES <= HTML_MAX_BYTES) {
			total += len[k];
			kept[k] = w[i];
			body[k++] = b;
		} else {
			free(b);
			left++;
		}
	}
	if (!k)
		html_printf(o, "<p class=\"dim\">No timeline: %s.</p>\n", n ? "drawing it would pass "
			    "the report's size bound (5 MB)" : "the report draws 40 at most");
	html_printf(o, "<div class=\"wins\">");
	picker(o, group, kept, k);
	for (unsigned int i = 0; i < k; i++) {
		fwrite(body[i], 1, len[i], o->f);
		o->bytes += len[i];
		free(body[i]);
	}
	html_printf(o, "</div>\n");
	if (left && k)
		html_printf(o, "<p class=\"dim\">%u more timeline%s left out: the report stays under "
			    "5 MB.</p>\n", left, left == 1 ? "" : "s");
}

static void group_title(struct html_out *o, const struct report *rep,
			const struct verdict_group *g)
{
	char prio[16], name[32];

	explain_prio(g->prio, prio, sizeof(prio));
	html_printf(o, "<h3><span class=\"badge\">%s</span>%s ", g->monitor->name,
		    g->waiver ? " <span class=\"badge waived\">waived</span>" : "");
	if (instance_is_cpu(g->pid)) {
		html_printf(o, "%s: ", instance_name(g->pid, name, sizeof(name)));
	} else {
		html_task_name(o, g->comm, g->was_comm);
		html_printf(o, " <span class=\"dim\">pid %d prio %s</span>: ", g->pid, prio);
	}
	if (g->count == 1) {
		html_printf(o, "1 violation at ");
		html_ts(o, g->first_ts);
	} else {
		html_printf(o, "%lu violations from ", g->count);
		html_ts(o, g->first_ts);
		html_printf(o, " to ");
		html_ts(o, g->last_ts);
	}
	html_printf(o, ", ");
	html_text(o, g->reason);
	html_printf(o, "</h3>\n");
}

static void group(struct html_out *o, const struct report *rep, const struct windows *ws,
		  unsigned int i)
{
	const struct verdict_group *g = &rep->groups.groups[i];
	char buf[LINE_LEN];

	html_printf(o, "<section class=\"group\" id=\"group-%u\" data-monitor=\"%s\" "
		    "data-pid=\"%d\" data-count=\"%lu\">\n", i + 1, g->monitor->name, g->pid, g->count);
	group_title(o, rep, g);
	if (g->worst) {
		explain_why(g->worst, rep->opts.arch, buf, sizeof(buf));
		html_printf(o, "<p class=\"why\"><b>Why:</b> ");
		html_text(o, buf);
		html_printf(o, "</p>\n");
	} else {
		html_printf(o, "<p class=\"why\">%s</p>\n", GROUP_NOT_KEPT);
	}
	if (g->waiver) {
		html_printf(o, "<p><b>Waived:</b> ");
		html_text(o, g->waiver->why);
		html_printf(o, "</p>\n");
	}
	timelines(o, rep, ws, i);
	html_printf(o, "</section>\n");
}

static void groups(struct html_out *o, const struct report *rep, const struct windows *ws)
{
	unsigned int n = rep->groups.nr < HTML_MAX_ROWS ? rep->groups.nr : HTML_MAX_ROWS;

	html_printf(o, "<section id=\"groups\"><h2>Violations</h2><p class=\"dim\">A group per "
		    "task, monitor and reason; the timeline of its worst violation (the longest "
		    "wakeup to run, else the longest sleep), and of others on a click.</p>\n");
	if (!rep->groups.nr)
		html_printf(o, "<p>None.</p>\n");
	else
		legend(o);
	for (unsigned int i = 0; i < n; i++)
		group(o, rep, ws, i);
	if (n < rep->groups.nr)
		html_printf(o, "<p>%u more groups: the text report lists them all.</p>\n",
			    rep->groups.nr - n);
	html_printf(o, "</section>\n");
}

/**
 * html_write() - the whole HTML report
 * @f: where
 * @rep: the report, after report_end()
 * @stats: the replay's figures
 * @ws: the timelines, gathered
 *
 * Return: 0, or -1 when the file could not be written.
 */
int html_write(FILE *f, const struct report *rep, const struct replay_stats *stats,
	       const struct windows *ws)
{
	struct html_out o = { .f = f, .times = rep->replay->times };

	head(&o, rep);
	header(&o, rep, stats);
	html_printf(&o, "<nav class=\"dim\"><a href=\"#summary\">verdicts</a> &middot; "
		    "<a href=\"#coverage\">coverage</a> &middot; <a href=\"#stats\">real-time "
		    "tasks</a> &middot; <a href=\"#groups\">violations</a></nav>\n");
	summary(&o, rep);
	coverage(&o, rep);
	lost(&o, rep);
	html_stats(&o, rep);
	groups(&o, rep, ws);
	html_printf(&o, "<footer>Made by rvreplay %s. This file is self-contained: it loads "
		    "nothing and runs no script.</footer>\n</main></body></html>\n",
		    RVREPLAY_VERSION);
	return ferror(f) ? -1 : 0;
}
