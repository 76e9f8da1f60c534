// SPDX-License-Identifier: GPL-2.0-only
/*
 * Writing the Chrome trace (chrome_trace.h): events, strings, tasks'
 * names, and the verdicts as instant events.
 */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "chrome_local.h"

#define LINE_LEN	1024

/**
 * chrome_event() - open an event: its phase, track and time; the caller adds
 *	its other keys and closes it with "}"
 * @c: the export
 * @ph: B, E, i, s, f or M (M: no time)
 * @pid: the track's process
 * @tid: its thread
 * @ts: ns
 */
void chrome_event(struct chrome_trace *c, char ph, int pid, int tid, uint64_t ts)
{
	fprintf(c->f, "%s{\"ph\":\"%c\",\"pid\":%d,\"tid\":%d", c->first ? "\n" : ",\n", ph, pid,
		tid);
	if (ph != 'M')
		fprintf(c->f, ",\"ts\":%llu.%03llu", (unsigned long long)(ts / 1000),
			(unsigned long long)(ts % 1000));
	c->first = false;
}

/* JSON text of a string rvreplay wrote (trace text in it escaped already). */
static void json_chars(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
}

/**
 * chrome_str() - a string key of the open event (or object)
 * @c: the export
 * @key: its name
 * @s: text rvreplay wrote
 */
void chrome_str(struct chrome_trace *c, const char *key, const char *s)
{
	fprintf(c->f, ",\"%s\":\"", key);
	json_chars(c->f, s);
	fputc('"', c->f);
}

/**
 * chrome_trace_str() - a string key whose text comes from the trace: escaped
 * @c: the export
 * @key: its name
 * @s: the text
 */
void chrome_trace_str(struct chrome_trace *c, const char *key, const char *s)
{
	char buf[ESCAPE_LEN(256)];

	chrome_str(c, key, escape(s, buf, sizeof(buf)));
}

static void chrome_int(struct chrome_trace *c, const char *key, long long n)
{
	fprintf(c->f, ",\"%s\":%lld", key, n);
}

/**
 * chrome_task() - a task's state, made on first sight
 * @c: the export
 * @pid: the task
 * @create: make it when missing
 *
 * Return: the task, or NULL (missing, or out of memory: it goes untracked).
 */
struct chrome_task *chrome_task(struct chrome_trace *c, int pid, bool create)
{
	struct chrome_task **head = &c->hash[(unsigned int)pid % CHROME_HASH], *t;

	for (t = *head; t; t = t->next)
		if (t->pid == pid)
			return t;
	if (!create)
		return NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->pid = pid;
	t->next = *head;
	*head = t;
	return t;
}

/**
 * chrome_name_task() - the names of a task's process and thread, once
 * @c: the export
 * @t: the task
 */
void chrome_name_task(struct chrome_trace *c, struct chrome_task *t)
{
	char name[ESCAPE_LEN(TRACE_COMM_LEN) + 32], comm[ESCAPE_LEN(TRACE_COMM_LEN)];

	if (t->named)
		return;
	t->named = true;
	escape(t->comm[0] ? t->comm : "?", comm, sizeof(comm));
	snprintf(name, sizeof(name), "%s (real-time task)", comm);
	chrome_event(c, 'M', t->pid, t->pid, 0);
	chrome_str(c, "name", "process_name");
	fprintf(c->f, ",\"args\":{\"name\":\"");
	json_chars(c->f, name);
	fprintf(c->f, "\"}}");
	chrome_event(c, 'M', t->pid, t->pid, 0);
	chrome_str(c, "name", "thread_name");
	fprintf(c->f, ",\"args\":{\"name\":\"");
	json_chars(c->f, comm);
	fprintf(c->f, "\"}}");
}

static void verdict_context(struct chrome_trace *c, const struct verdict *v)
{
	char line[LINE_LEN];

	fprintf(c->f, ",\"context\":[");
	for (unsigned int i = 0; i < v->nr_context; i++) {
		trace_input_format(c->in, &v->context[i], line, sizeof(line));
		fprintf(c->f, "%s\"", i ? "," : "");
		json_chars(c->f, line + strspn(line, " "));
		fputc('"', c->f);
	}
	fputc(']', c->f);
}

static void verdict_args(struct chrome_trace *c, const struct verdict *v)
{
	char buf[LINE_LEN];

	fprintf(c->f, ",\"args\":{\"monitor\":\"%s\"", v->monitor->name);
	chrome_int(c, "pid", v->pid);
	if (v->prio == TRACE_UNKNOWN_PRIO)
		fprintf(c->f, ",\"prio\":null");
	else
		chrome_int(c, "prio", v->prio);
	chrome_int(c, "cpu", v->cpu);
	explain_why(v, c->arch, buf, sizeof(buf));
	chrome_str(c, "why", buf);
	if (explain_is_sleep(v)) {
		explain_sleep(v, c->arch, buf, sizeof(buf));
		chrome_str(c, "sleep", buf);
		if (explain_held(v, buf, sizeof(buf)))
			chrome_str(c, "held", buf);
	}
	if (explain_is_fault(v)) {
		explain_fault(v, c->in, c->arch, buf, sizeof(buf));
		chrome_str(c, "fault", buf);
	}
	trace_input_format(c->in, &v->event_ref, buf, sizeof(buf));
	chrome_str(c, "event", buf + strspn(buf, " "));
	verdict_context(c, v);
	fputc('}', c->f);
}

/**
 * chrome_over_bound() - whether the file reached its bound
 * @c: the export
 *
 * Return: true when it is past report_options.chrome_max (not for a pipe).
 */
bool chrome_over_bound(const struct chrome_trace *c)
{
	off_t at;

	if (!c->max_bytes)
		return false;
	at = ftello(c->f);
	return at >= 0 && (uint64_t)at >= c->max_bytes;
}

/*
 * Where a verdict's instant goes: its event, or for a sleep verdict whose
 * sleep meets --from/--to but not its event, its wakeup or its run in
 * them, else the window's edge.
 */
static uint64_t drawn_at(const struct chrome_trace *c, const struct verdict *v)
{
	const uint64_t at[] = { v->ts, v->sleep.wakeup_ts, v->sleep.run_ts };

	for (size_t i = 0; i < sizeof(at) / sizeof(at[0]); i++)
		if (at[i] && at[i] >= c->from && at[i] <= c->to)
			return at[i];
	return v->ts < c->from ? c->from : c->to;
}

/**
 * chrome_verdict() - a verdict, as an instant event on its task's process
 * @c: the export
 * @rep: the report
 * @v: the verdict, which passed the filters
 * @reason: its reason
 *
 * The verdicts of a task come in time order, so its instants do.
 */
void chrome_verdict(struct chrome_trace *c, const struct report *rep, const struct verdict *v,
		    const char *reason)
{
	struct chrome_task *t;
	char name[EXPLAIN_LEN + 64];

	if (c->truncated || chrome_over_bound(c)) {
		c->truncated = true;
		c->undrawn++;
		return;
	}
	t = chrome_task(c, v->pid, true);
	if (t && !t->named) {
		memcpy(t->comm, v->comm, sizeof(t->comm));
		chrome_name_task(c, t);
	}
	snprintf(name, sizeof(name), "%s violation: %s", v->monitor->name, reason);
	chrome_event(c, 'i', v->pid, v->pid, drawn_at(c, v));
	fprintf(c->f, ",\"s\":\"p\",\"cat\":\"violation\"");
	chrome_str(c, "name", name);
	verdict_args(c, v);
	fputc('}', c->f);
}
