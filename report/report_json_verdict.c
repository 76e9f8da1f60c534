// SPDX-License-Identifier: GPL-2.0-only
/*
 * One violation of the JSON report: who, when, why, the automaton's atoms
 * and states, and its context (the sleep, the fault, the events around it).
 * The document's violations array and the JSON Lines of watch both write it.
 */
#include <jansson.h>
#include <string.h>

#include "explain.h"
#include "mutant.h"
#include "report.h"
#include "report_json_local.h"

#define LINE_LEN	1024

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
	json_object_set_new(o, "at_cpu_end", json_boolean(v->at_cpu_end));
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

/**
 * report_json_atoms() - the names of a set of atoms of a monitor, as an array
 * @m: the monitor
 * @atoms: the set, a bit per atom of its automaton
 *
 * Return: a new array (NULL when memory runs out).
 */
json_t *report_json_atoms(const struct rv_monitor *m, unsigned long atoms)
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

/**
 * report_json_verdict_object() - a violation as the JSON report lists it
 * @rep: the report it passed (its waiver, if any, is rep->waiver)
 * @v: the violation
 *
 * Return: a new object (NULL when memory runs out).
 */
json_t *report_json_verdict_object(struct report *rep, const struct verdict *v)
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
	json_object_set_new(o, "ts_ns", json_integer(mutant_time(v->ts)));
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
	json_object_set_new(o, "atoms", report_json_atoms(v->monitor, v->atoms));
	json_object_set_new(o, "atoms_set", atoms_set_array(rep, v));
	json_object_set_new(o, "states_before", states_array(v->states_before));
	json_object_set_new(o, "da", da_object(v));
	json_object_set_new(o, "context", context_object(rep, v));
	return o;
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
	json_t *o = report_json_verdict_object(rep, v);

	json_object_set_new(o, "type", json_string("violation"));
	return report_json_put_line(o, out);
}

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
	json_object_set_new(o, "ts_ns", json_integer(mutant_time(v->ts)));
	json_object_set_new(o, "cpu", json_integer(v->cpu));
	json_object_set_new(o, "event", json_string(verdict_event(v)));
	json_object_set_new(o, "reason", json_string(explain_cause_key(v->cause)));
	explain_reason(v, rep->opts.arch, buf, sizeof(buf));
	json_object_set_new(o, "reason_detail", json_string(buf));
	return report_json_put_line(o, out);
}
