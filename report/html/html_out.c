// SPDX-License-Identifier: GPL-2.0-only
/*
 * Writing HTML: counted bytes, HTML-escaped text, the colour of a task,
 * times as trace-cmd report prints them.
 */
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "html_local.h"

/**
 * html_printf() - markup rvreplay makes: never text from the trace
 * @o: where
 * @fmt: printf format
 */
void html_printf(struct html_out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vfprintf(o->f, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->bytes += n;
}

/**
 * html_text() - text rvreplay wrote (trace text in it already escaped),
 *	HTML-escaped
 * @o: where
 * @s: the text
 */
void html_text(struct html_out *o, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			html_printf(o, "&lt;");
			break;
		case '>':
			html_printf(o, "&gt;");
			break;
		case '&':
			html_printf(o, "&amp;");
			break;
		case '"':
			html_printf(o, "&quot;");
			break;
		case '\'':
			html_printf(o, "&#39;");
			break;
		default:
			fputc(*s, o->f);
			o->bytes++;
		}
	}
}

/**
 * html_counts() - named counts: "futex &times;3, read &times;1"
 * @o: where
 * @lead: before the first
 * @c: the counts, the used ones first
 * @n: how many there are room for
 */
void html_counts(struct html_out *o, const char *lead, const struct text_count *c, int n)
{
	for (int i = 0; i < n && c[i].count; i++) {
		html_printf(o, "%s", i ? ", " : lead);
		html_text(o, c[i].text);
		html_printf(o, " &times;%lu", c[i].count);
	}
}

/**
 * html_trace_text() - text from the trace: escaped, then HTML-escaped
 * @o: where
 * @s: the text (a comm, a name)
 */
void html_trace_text(struct html_out *o, const char *s)
{
	char buf[ESCAPE_LEN(256)];

	html_text(o, escape(s, buf, sizeof(buf)));
}

/**
 * html_task_name() - a task's name: its last comm, and the one it had at its
 *		      violations when another, dimmed
 * @o: where
 * @comm: its last comm
 * @was: the other, or ""
 */
void html_task_name(struct html_out *o, const char *comm, const char *was)
{
	html_trace_text(o, comm);
	if (!was[0])
		return;
	html_printf(o, " <span class=\"dim\">(was ");
	html_trace_text(o, was);
	html_printf(o, ")</span>");
}

/**
 * html_task_color() - a task's colour, the same in every timeline
 * @pid: the task
 * @buf: where to write a CSS colour
 * @len: its size
 *
 * Hues a golden angle apart, so that pids close together differ.
 */
void html_task_color(int pid, char *buf, size_t len)
{
	unsigned int hue = (unsigned int)((pid * 137.508) + 200) % 360;

	snprintf(buf, len, "hsl(%u,62%%,%u%%)", hue, 70 + (unsigned int)pid % 3 * 4);
}

/**
 * html_ts() - a time as trace-cmd report prints it (--ts applies)
 * @o: where
 * @ts: nanoseconds
 */
void html_ts(struct html_out *o, uint64_t ts)
{
	char buf[48];

	time_text(o->times, ts, buf, sizeof(buf));
	html_printf(o, "%s", buf);
}

/**
 * html_duration() - a duration in ns, us or ms
 * @o: where
 * @ns: nanoseconds
 */
void html_duration(struct html_out *o, uint64_t ns)
{
	char buf[48];

	explain_duration(ns, buf, sizeof(buf));
	html_printf(o, "%s", buf);
}
