// SPDX-License-Identifier: GPL-2.0-only
/*
 * Whether each selected monitor can judge a trace (gate.h).
 */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "gate.h"
#include "kernel_events.h"


/* Events every running system produces: no record means not recorded. */
static bool busy(enum trace_kind kind)
{
	return kind == TRACE_SWITCH || kind == TRACE_WAKING || kind == TRACE_WAKEUP ||
	       kind == TRACE_SYS_ENTER || kind == TRACE_SYS_EXIT;
}

/* Why an event a monitor requires was not recorded, in the words told. */
static const char *const blind_words[] = {
	[GATE_NO_FORMAT]	= "the trace has no format of it",
	[GATE_NO_RECORD]	= "a format but not one record, in a trace of other records",
	[GATE_NOT_LISTED]	= "the trace's list of enabled events lacks it",
};

static void add(char *buf, size_t len, const char *fmt, const char *a, const char *b)
{
	size_t used = strlen(buf);

	if (used < len)
		snprintf(buf + used, len - used, fmt, a, b);
}

/* "A, B and C were not recorded (why)": the events missing for one reason. */
static void tell_blind(const struct gate_monitor *m, enum gate_missing reason, char *buf,
		       size_t len)
{
	int n = 0, total = 0;

	for (int k = 0; k < TRACE_NR_KINDS; k++)
		total += m->missing[k] == reason;
	if (!total)
		return;
	if (buf[0])
		add(buf, len, "%s%s", "; ", "");
	for (int k = 0; k < TRACE_NR_KINDS; k++) {
		if (m->missing[k] != reason)
			continue;
		n++;
		add(buf, len, "%s%s", n == 1 ? "" : n == total ? " and " : ", ",
		    trace_kind_event(k));
	}
	add(buf, len, " %s not recorded (%s)", total == 1 ? "was" : "were", blind_words[reason]);
}

/* The state and its why, from the events a monitor misses. */
static void conclude(struct gate_monitor *m)
{
	bool lacking = m->lacking[0] != '\0';

	m->why[0] = '\0';
	m->state = GATE_JUDGING;
	if (lacking) {
		m->state = GATE_UNAVAILABLE;
		_Static_assert(sizeof(m->why) == sizeof(m->lacking), "one length");
		memcpy(m->why, m->lacking, sizeof(m->why));
		return;
	}
	for (int r = GATE_NO_FORMAT; r <= GATE_NOT_LISTED; r++)
		tell_blind(m, r, m->why, sizeof(m->why));
	if (m->unformatted[0])
		add(m->why, sizeof(m->why), "%s%s", m->why[0] ? "; " : "", m->unformatted);
	if (m->why[0])
		m->state = GATE_BLIND;
}

/* @kind is missing for @reason, unless it already was for another. */
static void miss(struct gate_monitor *m, enum trace_kind kind, enum gate_missing reason)
{
	if (m->missing[kind] == GATE_PRESENT)
		m->missing[kind] = reason;
}

/* A required event the kernel has no tracepoint of: "exceptions:page_fault_user is no ..." */
static void lacks(struct gate_monitor *m, enum trace_kind kind, const char *why)
{
	char *buf = m->lacking;
	size_t len = sizeof(m->lacking);

	if (buf[0])
		add(buf, len, "%s%s", "; ", "");
	add(buf, len, "%s %s", trace_kind_event(kind), why);
}

/* "FILE:1:2: the trace's sched:X has no field 'y' (its fields: a, b)": the rule cannot judge. */
static void lacks_field(struct gate_monitor *m, const struct trace_input *in,
			const struct trace_user_event *u, const char *field, const char *at)
{
	const char *names[24];
	char list[160] = "";
	int n = trace_input_event_fields(in, u->system, u->name, names, 24);

	for (int i = 0; i < n; i++)
		if (strncmp(names[i], "common_", 7))
			add(list, sizeof(list), "%s%s", list[0] ? ", " : "", names[i]);
	if (m->lacking[0])
		add(m->lacking, sizeof(m->lacking), "%s%s", "; ", "");
	add(m->lacking, sizeof(m->lacking), "%s: this trace's %s", at, u->full);
	add(m->lacking, sizeof(m->lacking), " has no field '%s' (its fields: %s)", field, list);
}

/* The fields a rule reads of an event of its own system that the trace has. */
static void rule_fields(struct gate_monitor *m, const struct trace_input *in, int k)
{
	const struct trace_user_event *u = trace_user_event(k);

	if (!trace_input_user_has(in, k, -2))
		lacks_field(m, in, u, u->task, u->task_at);
	for (int f = 0; f < u->nr_fields; f++)
		if (!trace_input_user_has(in, k, f))
			lacks_field(m, in, u, u->fields[f], u->field_at[f]);
}

/* The events of any system a rule reads: "sched:sched_migrate_task was not recorded (...)". */
static void rule_events(struct gate_monitor *m, const struct trace_input *in)
{
	const char *const *e = m->monitor->trace_events;
	int n = 0, k;

	for (; e && *e; e++) {
		k = trace_user_find_full(*e);
		if (trace_input_user_has(in, k, -1)) {
			rule_fields(m, in, k);
			continue;
		}
		add(m->unformatted, sizeof(m->unformatted), "%s%s", n++ ? ", " : "", *e);
	}
	if (n)
		add(m->unformatted, sizeof(m->unformatted), " %s not recorded (%s)",
		    n == 1 ? "was" : "were", blind_words[GATE_NO_FORMAT]);
}

/* Whether a trace clock counts nanoseconds (the trace-cmd -C clocks but counter and TSCs). */
static bool clock_in_ns(const char *clock)
{
	static const char *const ns[] = { "local", "global", "perf", "mono", "mono_raw", "boot",
					  "tai", "uptime" };

	for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++)
		if (!strcmp(clock, ns[i]))
			return true;
	/* a trace without a clock option was recorded with the default, local */
	return !clock[0];
}

/**
 * gate_before() - what the trace's formats and kernel already tell
 * @g: filled
 * @opts: the selected monitors
 * @in: the trace
 * @arch: its architecture (canonical name)
 */
void gate_before(struct gate *g, const struct replay_options *opts, const struct trace_input *in,
		 const char *arch)
{
	const struct trace_meta *meta = trace_input_meta(in);
	char why[200];

	memset(g, 0, sizeof(*g));
	g->arch = arch;
	snprintf(g->kernel, sizeof(g->kernel), "%s %s", arch,
		 meta->release[0] ? meta->release : "(release unknown)");
	for (int i = 0; i < opts->nr_monitors; i++) {
		struct gate_monitor *m = &g->monitors[g->nr_monitors++];

		m->monitor = opts->monitors[i];
		for (const struct event_need *n = catalog_needs(m->monitor); n->kind != TRACE_OTHER; n++) {
			if (!n->required || trace_input_has(in, n->kind))
				continue;
			if (kernel_event_state(in, arch, n->kind, why, sizeof(why)) ==
			    KERNEL_EVENT_LACKS)
				lacks(m, n->kind, why);
			else
				miss(m, n->kind, GATE_NO_FORMAT);
		}
		rule_events(m, in);
		if (m->monitor->type == RV_MONITOR_HA && !clock_in_ns(meta->clock))
			add(m->lacking, sizeof(m->lacking), "its clocks need the trace's times in ns, "
			    "and this trace's clock %s is %s", meta->clock[0] ? meta->clock : "(unknown)",
			    "not (record with -C local, global, mono or boot)");
		conclude(m);
	}
}

/**
 * gate_after() - what a pass over the records tells
 * @g: the gate of gate_before()
 * @recs: the counts and the list of enabled events of that pass
 */
void gate_after(struct gate *g, const struct record_counts *recs)
{
	for (int i = 0; i < g->nr_monitors; i++) {
		struct gate_monitor *m = &g->monitors[i];

		for (const struct event_need *n = catalog_needs(m->monitor); n->kind != TRACE_OTHER; n++) {
			if (!n->required)
				continue;
			if (recs->listed && !recs->enabled[n->kind])
				miss(m, n->kind, GATE_NOT_LISTED);
			else if (!recs->listed && busy(n->kind) && recs->events && !recs->per_kind[n->kind])
				miss(m, n->kind, GATE_NO_RECORD);
		}
		conclude(m);
	}
}

/**
 * gate_keep_judging() - only the monitors that can judge
 * @g: the gate
 * @opts: its monitors reduced to those judging, in order
 */
void gate_keep_judging(const struct gate *g, struct replay_options *opts)
{
	opts->nr_monitors = 0;
	for (int i = 0; i < g->nr_monitors; i++) {
		if (g->monitors[i].state != GATE_JUDGING)
			continue;
		/* a monitor's parameters follow it (params_resolve()) */
		memmove(opts->param_values[opts->nr_monitors], opts->param_values[i],
			sizeof(opts->param_values[i]));
		opts->monitors[opts->nr_monitors++] = g->monitors[i].monitor;
	}
}

/* rvreplay record's list of enabled events, "rvreplay-events: sched:sched_switch ..." */
static void record_line(const struct trace_record *rec, struct record_counts *recs)
{
	char name[96];
	size_t at, len, nr;
	const char *words;

	if (rec->print.marker.kind != TRACE_MARKER_EVENTS)
		return;
	words = rec->print.marker.events.words;
	nr = rec->print.marker.events.len;
	recs->listed = true;
	for (at = 0; at < nr; at += len + 1) {
		const char *word = words + at, *colon;

		len = strcspn(word, " \n");
		if (at + len > nr)
			len = nr - at;
		if (!len || len >= sizeof(name))
			continue;
		memcpy(name, word, len);
		name[len] = '\0';
		colon = strchr(name, ':');
		if (colon) {
			name[colon - name] = '\0';
			recs->enabled[trace_kind_find(name, colon + 1)] = true;
			recs->live_listed |= (!strcmp(name, "rv") || !strcmp(name, "rvreplay")) &&
					     !strncmp(colon + 1, "error_", 6);
		}
	}
	recs->enabled[TRACE_OTHER] = false;
}

/**
 * gate_count() - count a record for gate_after()
 * @recs: the counts
 * @rec: the record
 */
void gate_count(struct record_counts *recs, const struct trace_record *rec)
{
	recs->events++;
	recs->per_kind[rec->kind]++;
	if (rec->kind == TRACE_USER && rec->user.event >= 0 && rec->user.event < TRACE_USER_EVENTS)
		recs->per_user[rec->user.event]++;
	if (rec->kind == TRACE_PRINT)
		record_line(rec, recs);
}

/*
 * " -m NAME", or for a rule " --spec FILE": raw, for whoever prints it
 * escapes the whole line once (escaped here too, a file name was escaped
 * twice in an error).
 */
static size_t advice_of(const struct rv_monitor *m, char *buf, size_t len)
{
	int n;

	if (!m->atom_binding)
		n = snprintf(buf, len, " -m %s", m->name);
	else
		n = snprintf(buf, len, " --spec %s", m->spec);
	return n < 0 ? 0 : (size_t)n;
}

/**
 * gate_advice() - a command that records what the blind monitors lack
 * @g: the gate
 * @buf: gets "rvreplay record -m sleep -o trace.dat -- COMMAND", or "" when
 *	 nothing is blind; a rule's file as it is (the caller escapes the line)
 * @len: its size
 */
void gate_advice(const struct gate *g, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < g->nr_monitors && used < len; i++) {
		if (g->monitors[i].state != GATE_BLIND)
			continue;
		if (!used)
			used = snprintf(buf, len, "rvreplay record");
		if (used < len)
			used += advice_of(g->monitors[i].monitor, buf + used, len - used);
	}
	if (used && used < len)
		snprintf(buf + used, len - used, " -o trace.dat -- COMMAND");
}
