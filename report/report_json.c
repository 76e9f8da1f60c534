// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON report (schema in docs/rvreplay-json.md). Violations are
 * streamed as they are found, so memory does not grow with their number;
 * the keys that need the whole trace follow them.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "json_out.h"
#include "report.h"

#define LINE_LEN	1024

/* A string from the trace: escaped, so it is valid UTF-8 and never vanishes. */
static json_t *json_text(const char *s)
{
	char buf[ESCAPE_LEN(1024)];

	return json_string(escape(s, buf, sizeof(buf)));
}

static void put(struct report *rep, const char *key, json_t *value)
{
	fprintf(rep->opts.out, ",\n  \"%s\": ", key);
	json_dumpf(value, rep->opts.out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
	json_decref(value);
}

static void json_begin(struct report *rep)
{
	fprintf(rep->opts.out, "{\n  \"rvreplay_version\": \"%s\",\n  \"violations\": [",
		RVREPLAY_VERSION);
}

/* A broken clock constraint: the clock, its bound, how long it ran. */
static json_t *clock_object(const struct verdict *v)
{
	const struct verdict_clock *c = &v->clock;

	return json_pack("{s:s, s:s, s:I, s:s, s:i, s:I, s:I, s:I}", "name", c->name,
			 "bound_name", c->bound_name, "bound", (json_int_t)c->bound,
			 "unit", c->jiffies ? "jiffies" : "ns", "hz", c->hz,
			 "reset_ts_ns", (json_int_t)c->epoch_ns, "bound_ns", (json_int_t)c->bound_ns,
			 "value_ns", (json_int_t)(v->ts > c->epoch_ns ? v->ts - c->epoch_ns : 0));
}

/* A DA verdict's event and state, and the task's switch before it; null for others. */
static json_t *da_object(const struct verdict *v)
{
	const struct task_switch *s = &v->last_switch;
	json_t *o, *sw = json_null();

	if (v->cause != CAUSE_UNEXPECTED && v->cause != CAUSE_CONSTRAINT)
		return json_null();
	if (s->ts)
		sw = json_pack("{s:I, s:i, s:s, s:b}", "ts_ns", (json_int_t)s->ts, "cpu", s->cpu,
			       "direction", s->in ? "in" : "out", "inferred", s->inferred);
	o = json_pack("{s:s, s:s}", "event", explain_da_event(v), "state", explain_da_state(v));
	json_object_set_new(o, "last_switch", sw);
	json_object_set_new(o, "instance", json_string(v->global ? "global" : v->per_cpu ? "cpu" :
						       "task"));
	json_object_set_new(o, "entered", v->per_cpu && v->entered.ts ?
			    json_pack("{s:I, s:s}", "ts_ns", (json_int_t)v->entered.ts, "event",
				      trace_kind_event(v->entered.by)) : json_null());
	json_object_set_new(o, "clock", v->cause == CAUSE_CONSTRAINT ? clock_object(v) :
			    json_null());
	json_object_set_new(o, "at_end", json_boolean(v->at_end));
	return o;
}

static json_t *states_array(unsigned long states)
{
	json_t *a = json_array();

	for (unsigned int i = 0; i < RV_MAX_BA_STATES; i++)
		if (states >> i & 1)
			json_array_append_new(a, json_integer(i));
	return a;
}

static json_t *atoms_array(const struct rv_monitor *m, unsigned long atoms)
{
	const struct rv_automaton *a = m->automaton;
	json_t *arr = json_array();

	for (unsigned int i = 0; i < a->nr_atoms; i++)
		if (atoms >> i & 1)
			json_array_append_new(arr, json_string(rv_atom_name(a, i)));
	return arr;
}

/* A formula rule's true atoms and where each became true: its step, or an earlier record's. */
static json_t *atoms_set_array(const struct report *rep, const struct verdict *v)
{
	const struct rv_automaton *a = v->monitor->automaton;
	json_t *arr = json_array();
	char buf[1024];

	for (int i = 0; i < v->nr_set_at; i++) {
		json_t *o = json_pack("{s:s, s:b, s:I, s:i}", "atom",
				      rv_atom_name(a, v->set_at[i].atom), "here", v->set_at[i].here,
				      "ts_ns", (json_int_t)v->set_at[i].ref.ts,
				      "cpu", v->set_at[i].ref.cpu);

		trace_input_format(rep->in, &v->set_at[i].ref, buf, sizeof(buf));
		json_object_set_new(o, "event_line", json_string(buf + strspn(buf, " ")));
		json_array_append_new(arr, o);
	}
	return arr;
}

static json_t *ns_or_null(uint64_t ns)
{
	return ns ? json_integer(ns) : json_null();
}

/* An interrupt: {"kind": "irq" or "softirq", "nr", "name"}, or null. */
static json_t *irq_object(const struct irq_id *id)
{
	json_t *o;

	if (!id || id->nr < 0)
		return json_null();
	o = json_object();
	json_object_set_new(o, "kind", json_string(id->soft ? "softirq" : "irq"));
	json_object_set_new(o, "nr", json_integer(id->nr));
	json_object_set_new(o, "name", json_text(id->name));
	return o;
}

/* The interrupts handled in the window, or null when the trace has none of their events. */
static json_t *interrupts_object(const struct irq_activity *a)
{
	json_t *o, *used;

	if (!a->hard_recorded && !a->soft_recorded)
		return json_null();
	o = json_object();
	used = json_array();
	json_object_set_new(o, "hard_recorded", json_boolean(a->hard_recorded));
	json_object_set_new(o, "soft_recorded", json_boolean(a->soft_recorded));
	json_object_set_new(o, "partial", json_boolean(a->partial));
	for (unsigned int i = 0; i < a->nr; i++) {
		json_t *u = irq_object(&a->used[i].id);

		json_object_set_new(u, "count", json_integer(a->used[i].count));
		json_object_set_new(u, "ns", json_integer(a->used[i].ns));
		json_array_append_new(used, u);
	}
	json_object_set_new(o, "used", used);
	json_object_set_new(o, "others", json_integer(a->others));
	json_object_set_new(o, "others_count", json_integer(a->others_count));
	json_object_set_new(o, "others_ns", json_integer(a->others_ns));
	return o;
}

/* Who ran on the CPU from the wakeup to the task running again. */
static json_t *held_object(const struct verdict *v)
{
	const struct cpu_activity *a = &v->held;
	json_t *o, *ran;

	if (a->cpu < 0 || !a->nr)
		return json_null();
	o = json_object();
	ran = json_array();
	json_object_set_new(o, "cpu", json_integer(a->cpu));
	json_object_set_new(o, "window_ns", json_integer(verdict_window(v)));
	json_object_set_new(o, "partial", json_boolean(a->partial));
	for (unsigned int i = 0; i < a->nr; i++) {
		json_t *r = json_object();

		json_object_set_new(r, "pid", json_integer(a->ran[i].pid));
		json_object_set_new(r, "comm", a->ran[i].pid ? json_text(a->ran[i].comm) :
				    json_string("idle"));
		json_object_set_new(r, "prio", json_integer(a->ran[i].prio));
		json_object_set_new(r, "ns", json_integer(a->ran[i].ns));
		json_array_append_new(ran, r);
	}
	json_object_set_new(o, "ran", ran);
	json_object_set_new(o, "others", json_integer(a->others));
	json_object_set_new(o, "others_ns", json_integer(a->others_ns));
	json_object_set_new(o, "interrupts", interrupts_object(&v->held_irqs));
	return o;
}

static json_t *sleep_object(struct report *rep, const struct verdict *v)
{
	const struct task_sleep *s = &v->sleep;
	char reason[EXPLAIN_LEN];
	json_t *o = json_object(), *waker = json_null();

	explain_syscall(&s->reason, rep->opts.arch, reason, sizeof(reason));
	if (s->waker.ts) {
		waker = json_object();
		json_object_set_new(waker, "pid", json_integer(s->waker.pid));
		json_object_set_new(waker, "comm", json_text(s->waker.comm));
		json_object_set_new(waker, "prio", s->waker.prio == TRACE_UNKNOWN_PRIO ?
				    json_null() : json_integer(s->waker.prio));
		json_object_set_new(waker, "context", json_string(explain_waker_context(v)));
		json_object_set_new(waker, "handler", irq_object(explain_waker_handler(v)));
		json_object_set_new(waker, "cpu", json_integer(s->waker.cpu));
		json_object_set_new(waker, "ts_ns", json_integer(s->waker.ts));
	}
	json_object_set_new(o, "reason", json_string(reason));
	json_object_set_new(o, "held", held_object(v));
	json_object_set_new(o, "start_ts_ns", ns_or_null(s->start));
	json_object_set_new(o, "uninterruptible", json_boolean(s->uninterruptible));
	json_object_set_new(o, "slept_ns", s->wakeup_ts ? json_integer(s->wakeup_ts - s->start) :
			    json_null());
	json_object_set_new(o, "waker", waker);
	json_object_set_new(o, "wakeup_ts_ns", ns_or_null(s->wakeup_ts));
	json_object_set_new(o, "wakeup_latency_ns", s->run_ts && s->wakeup_ts && s->run_ts >= s->wakeup_ts ?
			    json_integer(s->run_ts - s->wakeup_ts) : json_null());
	json_object_set_new(o, "run_ts_ns", ns_or_null(s->run_ts));
	json_object_set_new(o, "run_cpu", s->run_ts ? json_integer(s->run_cpu) : json_null());
	json_object_set_new(o, "run_inferred", json_boolean(s->run_ts && s->run_inferred));
	return o;
}

/* Addresses as hex strings: kernel ones do not fit a JSON integer. */
static json_t *hex(uint64_t value)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)value);
	return json_string(buf);
}

static json_t *fault_object(struct report *rep, const struct verdict *v)
{
	char buf[EXPLAIN_LEN];
	json_t *o = json_object();

	json_object_set_new(o, "kind", json_string(v->fault.user ? "user" : "kernel"));
	json_object_set_new(o, "address", hex(v->fault.address));
	json_object_set_new(o, "ip", hex(v->fault.ip));
	json_object_set_new(o, "symbol", !v->fault.user &&
			    !trace_input_symbol(rep->in, v->fault.ip, buf, sizeof(buf)) ?
			    json_text(buf) : json_null());
	json_object_set_new(o, "error_code", hex(v->fault.error_code));
	explain_fault_error(v->fault.error_code, rep->opts.arch, buf, sizeof(buf));
	json_object_set_new(o, "error", json_string(buf));
	return o;
}

static json_t *context_object(struct report *rep, const struct verdict *v)
{
	json_t *o = json_object(), *events = json_array();
	char buf[LINE_LEN];

	explain_syscall(&v->syscall, rep->opts.arch, buf, sizeof(buf));
	json_object_set_new(o, "syscall", json_string(buf));
	json_object_set_new(o, "sleep", explain_is_sleep(v) ? sleep_object(rep, v) : json_null());
	json_object_set_new(o, "fault", explain_is_fault(v) ? fault_object(rep, v) : json_null());
	for (unsigned int i = 0; i < v->nr_context; i++) {
		trace_input_format(rep->in, &v->context[i], buf, sizeof(buf));
		json_array_append_new(events, json_string(buf));
	}
	json_object_set_new(o, "events", events);
	json_object_set_new(o, "events_run_index", v->context_run >= 0 && v->nr_context ?
			    json_integer(v->context_run) : json_null());
	return o;
}

/* The waiver of a known violation, or null. */
static json_t *waiver_object(const struct waiver *w)
{
	json_t *o;

	if (!w)
		return json_null();
	o = json_object();
	json_object_set_new(o, "why", json_text(w->why));
	json_object_set_new(o, "expires", w->expires[0] ? json_string(w->expires) : json_null());
	json_object_set_new(o, "line", json_integer(w->line));
	return o;
}

/* A violation as the JSON report lists it. */
static json_t *verdict_object(struct report *rep, const struct verdict *v)
{
	char buf[LINE_LEN];
	const char *matched;
	json_t *o = json_object();

	json_object_set_new(o, "monitor", json_string(v->monitor->name));
	json_object_set_new(o, "pid", json_integer(v->pid));
	json_object_set_new(o, "comm", json_text(v->comm));
	matched = report_comm_matched(&rep->filter, v);
	json_object_set_new(o, "comm_matched", matched ? json_text(matched) : json_null());
	json_object_set_new(o, "prio", v->prio == TRACE_UNKNOWN_PRIO ? json_null() :
			    json_integer(v->prio));
	json_object_set_new(o, "ts_ns", json_integer(v->ts));
	json_object_set_new(o, "cpu", json_integer(v->cpu));
	json_object_set_new(o, "event", json_string(verdict_event(v)));
	/* a clock past its bound at the trace's end: the task's last record, if kept */
	if (v->at_end && !v->event_ref.ts) {
		json_object_set_new(o, "event_line", json_null());
	} else {
		trace_input_format(rep->in, &v->event_ref, buf, sizeof(buf));
		json_object_set_new(o, "event_line", json_string(buf + strspn(buf, " ")));
	}
	json_object_set_new(o, "switch_in_inferred", json_boolean(v->switch_in_inferred));
	json_object_set_new(o, "waived", waiver_object(rep->waiver));
	json_object_set_new(o, "reason", json_string(explain_cause_key(v->cause)));
	explain_reason(v, rep->opts.arch, buf, sizeof(buf));
	json_object_set_new(o, "reason_detail", json_string(buf));
	explain_why(v, rep->opts.arch, buf, sizeof(buf));
	json_object_set_new(o, "why", json_string(buf));
	json_object_set_new(o, "atoms", atoms_array(v->monitor, v->atoms));
	json_object_set_new(o, "atoms_set", atoms_set_array(rep, v));
	json_object_set_new(o, "states_before", states_array(v->states_before));
	json_object_set_new(o, "da", da_object(v));
	json_object_set_new(o, "context", context_object(rep, v));
	return o;
}

static void json_verdict(struct report *rep, const struct verdict *v)
{
	json_t *o = verdict_object(rep, v);

	fprintf(rep->opts.out, "%s\n    ", rep->first_item ? "" : ",");
	rep->first_item = false;
	json_dumpf(o, rep->opts.out, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(o);
}

/* @o as one line of JSON Lines, flushed for a reader that follows the file; @o freed. */
static int put_line(json_t *o, FILE *out)
{
	int ret = json_dumpf(o, out, JSON_COMPACT | JSON_PRESERVE_ORDER);

	json_decref(o);
	if (ret || fputc('\n', out) == EOF || fflush(out))
		return -1;
	return 0;
}

/**
 * report_json_verdict_line() - one violation as a line of JSON, as the report lists it
 * @rep: the report it passed (its waiver, if any, is rep->waiver)
 * @v: the violation
 * @out: where the line goes, flushed
 *
 * Return: 0, or -1 when the line could not be written.
 */
int report_json_verdict_line(struct report *rep, const struct verdict *v, FILE *out)
{
	json_t *o = verdict_object(rep, v);

	json_object_set_new(o, "type", json_string("violation"));
	return put_line(o, out);
}

static json_t *trace_object(struct report *rep, const struct replay_stats *stats)
{
	const struct trace_meta *m = trace_input_meta(rep->in);
	json_t *o = json_object();

	json_object_set_new(o, "path", json_text(rep->opts.path));
	json_object_set_new(o, "arch", json_string(rep->opts.arch));
	json_object_set_new(o, "arch_evidence", rep->opts.arch_evidence[0] ?
			    json_string(rep->opts.arch_evidence) : json_null());
	json_object_set_new(o, "kernel", json_string(m->release));
	json_object_set_new(o, "uname", json_string(m->uname));
	json_object_set_new(o, "cpus", json_integer(m->cpus));
	json_object_set_new(o, "clock", json_string(m->clock));
	json_object_set_new(o, "format_version", json_integer(m->version));
	json_object_set_new(o, "buffer", json_string(m->buffer));
	json_object_set_new(o, "reader", json_string(trace_input_reader(rep->in) ==
						     TRACE_READER_FAST ? "fast" : "libtracecmd"));
	json_object_set_new(o, "events", json_integer(stats->counts.events));
	json_object_set_new(o, "first_ts_ns", json_integer(stats->first_ts));
	json_object_set_new(o, "last_ts_ns", json_integer(stats->last_ts));
	json_object_set_new(o, "tasks_seen", json_integer(stats->tasks_seen));
	json_object_set_new(o, "tasks_at_once", replay_frees_told(stats) ?
			    json_integer(stats->max_tasks) : json_null());
	return o;
}

/* A gap of lost events as lost_events lists it. */
static json_t *lost_object(const struct lost_gap *g)
{
	static const char *const where[] = { "mid", "start", "dropped", "damaged" };
	json_t *o = json_object();

	json_object_set_new(o, "cpu", json_integer(g->cpu));
	json_object_set_new(o, "ts_ns", json_integer(g->ts));
	json_object_set_new(o, "count", g->count < 0 ? json_null() : json_integer(g->count));
	json_object_set_new(o, "where", json_string(where[g->where]));
	if (g->where == LOST_DAMAGED) {
		json_object_set_new(o, "what", json_string(g->what));
		json_object_set_new(o, "offset", json_integer(g->offset));
	}
	return o;
}

static json_t *lost_array(struct report *rep)
{
	json_t *a = json_array();

	for (unsigned int i = 0; i < rep->nr_lost; i++)
		json_array_append_new(a, lost_object(&rep->lost[i]));
	return a;
}

/**
 * report_json_lost_line() - a gap of lost events as a line of JSON, flushed
 * @g: the gap
 * @out: where the line goes
 *
 * Return: 0, or -1 when the line could not be written.
 */
int report_json_lost_line(const struct lost_gap *g, FILE *out)
{
	json_t *o = lost_object(g);

	json_object_set_new(o, "type", json_string("lost"));
	return put_line(o, out);
}

/* "pid" and "cpu" of an instance (verdict_instance()): one of them null. */
static void json_instance(json_t *o, int instance)
{
	bool cpu = instance_is_cpu(instance) && instance != INSTANCE_GLOBAL;

	json_object_set_new(o, "pid", instance_is_cpu(instance) ? json_null() :
			    json_integer(instance));
	json_object_set_new(o, "cpu", cpu ? json_integer(instance_cpu(instance)) : json_null());
}

static json_t *coverage_object(const struct report *rep, const struct coverage *c)
{
	char why[EXPLAIN_LEN * 2];
	json_t *o = json_object();
	enum coverage_class class = report_coverage_class(rep, c, why, sizeof(why));

	json_object_set_new(o, "monitor", json_string(c->monitor->name));
	json_instance(o, c->pid);
	json_object_set_new(o, "comm", json_text(c->comm));
	json_object_set_new(o, "judged_from_ns", ns_or_null(c->started_ts));
	json_object_set_new(o, "kthread_unknown", json_boolean(c->kthread_unknown));
	json_object_set_new(o, "unknown_atoms", atoms_array(c->monitor, c->unknown_atoms));
	json_object_set_new(o, "unjudged_events", json_integer(c->unjudged));
	json_object_set_new(o, "class", json_string(explain_coverage_key(class)));
	json_object_set_new(o, "early_wakes", json_integer(c->early_wakes));
	json_object_set_new(o, "inferred_events", json_integer(c->inferred));
	json_object_set_new(o, "unsure_waits", json_integer(c->unsure));
	json_object_set_new(o, "why", json_string(why));
	return o;
}

/* The counts of the summary: violations, waived, by_monitor, set in @o. */
static void summary_counts(struct report *rep, json_t *o)
{
	json_t *by = json_object();

	json_object_set_new(o, "violations", json_integer(rep->violations));
	json_object_set_new(o, "violations_listed", json_integer(rep->listed));
	json_object_set_new(o, "violations_unlisted", json_integer(rep->unlisted));
	json_object_set_new(o, "violations_hidden", json_integer(rep->hidden));
	json_object_set_new(o, "waived", json_integer(rep->waived));
	json_object_set_new(o, "groups_unexplained", json_integer(rep->groups.unexplained));
	for (int i = 0; i < rep->replay->nr_monitors; i++)
		json_object_set_new(by, rep->replay->monitors[i]->name,
				    json_integer(rep->by_monitor[i]));
	json_object_set_new(o, "by_monitor", by);
}

/* Texts counted by name (text_pool.h), the most first: [{"reason", "count"}, ...]. */
static json_t *reasons_array(const struct text_count *counts, int nr)
{
	json_t *a = json_array();

	for (int k = 0; k < nr && counts[k].count; k++) {
		json_t *r = json_object();

		json_object_set_new(r, "reason", json_string(counts[k].text));
		json_object_set_new(r, "count", json_integer(counts[k].count));
		json_array_append_new(a, r);
	}
	return a;
}

static json_t *row_object(const struct summary_row *row)
{
	json_t *t = json_object();

	json_object_set_new(t, "monitor", json_string(row->monitor->name));
	json_instance(t, row->pid);
	json_object_set_new(t, "comm", json_text(row->comm));
	json_object_set_new(t, "was_comm", row->was_comm[0] ? json_text(row->was_comm) : json_null());
	json_object_set_new(t, "prio", row->prio == TRACE_UNKNOWN_PRIO ? json_null() :
			    json_integer(row->prio));
	json_object_set_new(t, "violations", json_integer(row->count));
	json_object_set_new(t, "first_ts_ns", json_integer(row->first));
	json_object_set_new(t, "last_ts_ns", json_integer(row->last));
	json_object_set_new(t, "reasons", reasons_array(row->reasons, REPORT_MAX_REASONS));
	return t;
}

/* The summary: its counts, then a row per task and monitor, one at a time. */
static void put_summary(struct report *rep, bool *failed)
{
	struct json_out o, tasks;
	const char *key;
	json_t *counts = json_object(), *value;

	summary_counts(rep, counts);
	json_out_open(&o, rep->opts.out, 0, true);
	json_object_foreach(counts, key, value)
		json_out_add(&o, key, json_incref(value));
	json_decref(counts);
	json_out_key(&o, "tasks");
	json_out_open(&tasks, rep->opts.out, 1, false);
	for (unsigned int i = 0; i < rep->nr_rows; i++)
		json_out_add(&tasks, NULL, row_object(&rep->rows[i]));
	json_out_close(&tasks);
	json_out_close(&o);
	*failed |= o.failed || tasks.failed;
}

static json_t *unavailable_array(struct report *rep)
{
	json_t *a = json_array();

	for (int i = 0; i < rep->opts.nr_unavailable; i++) {
		json_t *o = json_object();

		json_object_set_new(o, "monitor",
				    json_string(rep->opts.unavailable[i].monitor->name));
		json_object_set_new(o, "why", json_string(rep->opts.unavailable[i].why));
		json_array_append_new(a, o);
	}
	return a;
}

/* A group's first or worst violation; null when the group was not kept in full. */
static json_t *group_instance(const struct verdict *v)
{
	json_t *o;

	if (!v)
		return json_null();
	o = json_object();
	json_object_set_new(o, "ts_ns", json_integer(v->ts));
	json_object_set_new(o, "cpu", json_integer(v->cpu));
	json_object_set_new(o, "latency_ns", ns_or_null(verdict_latency(v)));
	json_object_set_new(o, "slept_ns", ns_or_null(verdict_sleep(v)));
	return o;
}

static json_t *group_object(const struct report *rep, const struct verdict_group *g)
{
	static const char *const orders[] = { "time", "latency", "sleep", "count" };
	json_t *o = json_object();

	json_object_set_new(o, "monitor", json_string(g->monitor->name));
	json_instance(o, g->pid);
	json_object_set_new(o, "comm", json_text(g->comm));
	json_object_set_new(o, "was_comm", g->was_comm[0] ? json_text(g->was_comm) : json_null());
	json_object_set_new(o, "reason", json_string(explain_cause_key(g->cause)));
	json_object_set_new(o, "reason_detail", json_string(g->reason));
	json_object_set_new(o, "waived", json_boolean(g->waiver));
	json_object_set_new(o, "count", json_integer(g->count));
	json_object_set_new(o, "first_ts_ns", json_integer(g->first_ts));
	json_object_set_new(o, "last_ts_ns", json_integer(g->last_ts));
	json_object_set_new(o, "max_latency_ns", ns_or_null(g->max_latency));
	json_object_set_new(o, "max_slept_ns", ns_or_null(g->max_sleep));
	json_object_set_new(o, "first", group_instance(g->first));
	json_object_set_new(o, "worst", group_instance(g->worst));
	json_object_set_new(o, "explained", json_boolean(g->first));
	json_object_set_new(o, "order", json_string(orders[rep->opts.sort]));
	return o;
}

static json_t *hist_object(const struct stats_hist *h)
{
	static const char *const keys[NR_STATS_FIGURES] = {
		"min_ns", "avg_ns", "max_ns", "p50_below_ns", "p99_below_ns",
	};
	json_t *o = json_object(), *b = json_array();
	uint64_t fig[NR_STATS_FIGURES];

	json_object_set_new(o, "count", json_integer(h->count));
	if (h->count)
		stats_figures(h, fig);
	for (int i = 0; i < NR_STATS_FIGURES; i++)
		json_object_set_new(o, keys[i], h->count ? json_integer(fig[i]) : json_null());
	for (unsigned int k = 0; k < STATS_BUCKETS; k++)
		if (stats_bucket(h, k)) {
			json_t *e = json_object();

			json_object_set_new(e, "below_ns", json_integer(stats_bucket_top(k)));
			json_object_set_new(e, "count", json_integer(stats_bucket(h, k)));
			json_array_append_new(b, e);
		}
	json_object_set_new(o, "log2_buckets", b);
	return o;
}

static json_t *stats_object(const struct task_stats *t, bool judged)
{
	static const char *const kinds[NR_FAULT_KINDS] = {
		"user", "kernel", "read", "write", "not_present", "protection", "instruction",
	};
	json_t *o = json_object(), *faults = json_object();

	json_object_set_new(o, "pid", json_integer(t->pid));
	json_object_set_new(o, "comm", json_text(t->comm));
	json_object_set_new(o, "prio", t->prio == TRACE_UNKNOWN_PRIO ? json_null() :
			    json_integer(t->prio));
	json_object_set_new(o, "sleeps", json_integer(t->sleeps));
	json_object_set_new(o, "violating_sleeps", json_integer(t->violating));
	json_object_set_new(o, "sleeps_not_rt", json_integer(t->sleeps_not_rt));
	json_object_set_new(o, "sleeps_judged", json_boolean(judged));
	json_object_set_new(o, "sleep_reasons", reasons_array(t->reasons, STATS_REASONS));
	json_object_set_new(o, "slept", hist_object(&t->slept[0]));
	json_object_set_new(o, "slept_violating", hist_object(&t->slept[1]));
	json_object_set_new(o, "latency", hist_object(&t->latency[0]));
	json_object_set_new(o, "latency_violating", hist_object(&t->latency[1]));
	json_object_set_new(o, "page_faults", json_integer(t->faults));
	for (int k = 0; k < NR_FAULT_KINDS; k++)
		json_object_set_new(faults, kinds[k], json_integer(t->fault_kinds[k]));
	json_object_set_new(o, "page_fault_kinds", faults);
	return o;
}

/* The member @key of the report: an array of @nr elements, written one at a time. */
static void put_array(struct report *rep, const char *key, unsigned int nr,
		      json_t *(*element)(const struct report *rep, unsigned int i), bool *failed)
{
	struct json_out a;

	fprintf(rep->opts.out, ",\n  \"%s\": ", key);
	json_out_open(&a, rep->opts.out, 0, false);
	for (unsigned int i = 0; i < nr; i++)
		json_out_add(&a, NULL, element(rep, i));
	json_out_close(&a);
	*failed |= a.failed;
}

static json_t *coverage_element(const struct report *rep, unsigned int i)
{
	return coverage_object(rep, &rep->coverage[i]);
}

static json_t *group_element(const struct report *rep, unsigned int i)
{
	return group_object(rep, &rep->groups.groups[i]);
}

static json_t *stats_element(const struct report *rep, unsigned int i)
{
	return stats_object(&rep->stats.tasks[i], rep->stats.judged);
}

/* What the statistics cover: the tasks and the window of the filters, null when not narrowed. */
static json_t *stats_scope_object(const struct report *rep)
{
	const struct report_filter *f = &rep->filter;
	json_t *o = json_object(), *pids = json_array(), *comms = json_array();
	char text[1024];

	for (int i = 0; i < f->nr_pids; i++)
		json_array_append_new(pids, json_integer(f->pids[i]));
	for (int i = 0; i < f->nr_comms; i++)
		json_array_append_new(comms, json_text(f->comms[i]));
	json_object_set_new(o, "pids", f->nr_pids ? pids : (json_decref(pids), json_null()));
	json_object_set_new(o, "comms", f->nr_comms ? comms : (json_decref(comms), json_null()));
	json_object_set_new(o, "from_ns", f->from ? json_integer(f->from) : json_null());
	json_object_set_new(o, "to_ns", f->to != UINT64_MAX ? json_integer(f->to) : json_null());
	report_stats_scope(rep, text, sizeof(text));
	json_object_set_new(o, "text", json_string(text));
	return o;
}

/* {"stall": {"threshold_jiffies": 1000}}: the parameters the monitors judged with. */
static json_t *parameters_object(const struct replay_options *o)
{
	json_t *all = json_object();

	for (int i = 0; i < o->nr_monitors; i++) {
		const struct rv_monitor *m = o->monitors[i];
		json_t *one;

		if (!m->params[0].name)
			continue;
		one = json_object();
		for (int k = 0; k < RV_MAX_PARAMS && m->params[k].name; k++)
			json_object_set_new(one, m->params[k].name,
					    json_integer((json_int_t)o->param_values[i][k]));
		json_object_set_new(all, m->name, one);
	}
	return all;
}

static void json_end(struct report *rep, const struct replay_stats *stats)
{
	json_t *monitors = json_array();
	bool failed = false;

	for (int i = 0; i < rep->replay->nr_monitors; i++)
		json_array_append_new(monitors, json_string(rep->replay->monitors[i]->name));
	fprintf(rep->opts.out, "%s]", rep->first_item ? "" : "\n  ");
	put(rep, "trace", trace_object(rep, stats));
	put(rep, "profile", json_string(rep->opts.profile));
	put(rep, "monitors", monitors);
	put(rep, "parameters", parameters_object(rep->replay));
	put(rep, "hz", rep->replay->hz ? json_integer(rep->replay->hz) : json_null());
	put(rep, "hz_from", !rep->replay->hz ? json_null() :
	    json_string(rep->replay->hz_from_trace ? "trace" : "option"));
	put(rep, "unavailable_monitors", unavailable_array(rep));
	put(rep, "lost_events", lost_array(rep));
	put_array(rep, "coverage", rep->nr_coverage, coverage_element, &failed);
	fprintf(rep->opts.out, ",\n  \"summary\": ");
	put_summary(rep, &failed);
	put_array(rep, "groups", rep->groups.nr, group_element, &failed);
	put_array(rep, "stats", rep->stats.nr, stats_element, &failed);
	put(rep, "stats_scope", stats_scope_object(rep));
	fprintf(rep->opts.out, "\n}\n");
	rep->oom |= failed;
}


/* How many instances of each coverage class: {"judged": 3, "never_judged": 1, ...}. */
static json_t *coverage_counts(struct report *rep)
{
	char why[EXPLAIN_LEN * 2];
	json_t *o = json_object();

	for (unsigned int i = 0; i < rep->nr_coverage; i++) {
		const char *key = explain_coverage_key(report_coverage_class(rep, &rep->coverage[i],
										why, sizeof(why)));
		json_t *n = json_object_get(o, key);

		json_object_set_new(o, key, json_integer(n ? json_integer_value(n) + 1 : 1));
	}
	return o;
}

/**
 * report_json_digest() - what a JSON Lines line of a batch run says of a
 *	trace's report (rvreplay-json(5), JSON LINES): flat fields, the
 *	counts and the coverage classes; its groups come after them
 *	(report_json_groups())
 * @rep: the report, after report_end()
 * @stats: the replay's
 *
 * Return: a new object (NULL when memory runs out).
 */
json_t *report_json_digest(struct report *rep, const struct replay_stats *stats)
{
	const struct trace_meta *m = trace_input_meta(rep->in);
	json_t *o = json_object();

	json_object_set_new(o, "kernel", json_string(m->release));
	json_object_set_new(o, "arch", json_string(rep->opts.arch));
	json_object_set_new(o, "profile", json_string(rep->opts.profile));
	json_object_set_new(o, "cpus", json_integer(m->cpus));
	json_object_set_new(o, "events", json_integer(stats->counts.events));
	json_object_set_new(o, "first_ts_ns", json_integer(stats->first_ts));
	json_object_set_new(o, "last_ts_ns", json_integer(stats->last_ts));
	json_object_set_new(o, "duration_ns", json_integer(stats->last_ts - stats->first_ts));
	json_object_set_new(o, "lost_events", json_pack("{s:i}", "gaps", rep->nr_lost));
	summary_counts(rep, o);
	json_object_set_new(o, "coverage", coverage_counts(rep));
	return o;
}

/**
 * report_json_groups() - the groups of a JSON Lines line, as compact JSON
 *	text: an array, written a group at a time
 * @rep: the report, after report_end()
 * @out: where to write
 *
 * Return: 0, or -1 when memory runs out or @out fails.
 */
int report_json_groups(struct report *rep, FILE *out)
{
	bool failed = false;

	fputc('[', out);
	for (unsigned int i = 0; i < rep->groups.nr && !failed; i++) {
		json_t *g = group_object(rep, &rep->groups.groups[i]);
		char *text = g ? json_dumps(g, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;

		json_decref(g);
		failed = !text;
		fprintf(out, "%s%s", i ? "," : "", text ? text : "");
		free(text);
	}
	fputc(']', out);
	return failed || ferror(out) ? -1 : 0;
}

const struct report_format report_json = {
	.begin = json_begin,
	.verdict = json_verdict,
	.end = json_end,
};

/**
 * report_json_held_line() - a violation held until its sleep ends, as a line of JSON
 * @rep: the report
 * @v: the violation, its sleep not over (replay_sink.held)
 * @out: where the line goes, flushed
 *
 * What is known before the sleep ends: who, when, where, why. The whole
 * violation follows as a "violation" line (report_json_verdict_line())
 * when the task runs again.
 *
 * Return: 0, or -1 when the line could not be written.
 */
int report_json_held_line(struct report *rep, const struct verdict *v, FILE *out)
{
	char buf[LINE_LEN];
	json_t *o = json_object();

	json_object_set_new(o, "type", json_string("held"));
	json_object_set_new(o, "monitor", json_string(v->monitor->name));
	json_object_set_new(o, "pid", json_integer(v->pid));
	json_object_set_new(o, "comm", json_text(v->comm));
	json_object_set_new(o, "prio", v->prio == TRACE_UNKNOWN_PRIO ? json_null() :
			    json_integer(v->prio));
	json_object_set_new(o, "ts_ns", json_integer(v->ts));
	json_object_set_new(o, "cpu", json_integer(v->cpu));
	json_object_set_new(o, "event", json_string(verdict_event(v)));
	json_object_set_new(o, "reason", json_string(explain_cause_key(v->cause)));
	explain_reason(v, rep->opts.arch, buf, sizeof(buf));
	json_object_set_new(o, "reason_detail", json_string(buf));
	return put_line(o, out);
}

/**
 * report_json_string() - a text (a file name: hostile) as a JSON string, escaped as reports do
 * @s: the text
 * @out: where it goes
 *
 * Return: 0, or -1.
 */
int report_json_string(const char *s, FILE *out)
{
	json_t *o = json_text(s);
	int ret = json_dumpf(o, out, JSON_ENCODE_ANY);

	json_decref(o);
	return ret;
}
