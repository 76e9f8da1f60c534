// SPDX-License-Identifier: GPL-2.0-only
/*
 * Whether each selected monitor can judge a trace (gate.h).
 */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "gate.h"

#define ENABLED_TAG	"rvreplay-events: "

/*
 * Tracepoints a kernel is known not to have, by architecture and release
 * (rvreplay(1), GATE RULES): the page-fault events were x86's alone until
 * 6.17 added riscv's; arm64 has none. A missing format anywhere else is a
 * missing event, not a missing tracepoint.
 */
static const struct {
	const char	*arch;
	int		since;		/* major * 1000 + minor; 0: no release has it */
	enum trace_kind	kind;
} lacking[] = {
	{ "riscv64", 6017, TRACE_FAULT_USER }, { "riscv64", 6017, TRACE_FAULT_KERNEL },
	{ "riscv32", 6017, TRACE_FAULT_USER }, { "riscv32", 6017, TRACE_FAULT_KERNEL },
	{ "arm64", 0, TRACE_FAULT_USER }, { "arm64", 0, TRACE_FAULT_KERNEL },
};

/* Events every running system produces: no record means not recorded. */
static bool busy(enum trace_kind kind)
{
	return kind == TRACE_SWITCH || kind == TRACE_WAKING || kind == TRACE_WAKEUP ||
	       kind == TRACE_SYS_ENTER || kind == TRACE_SYS_EXIT;
}

static int release_version(const char *release)
{
	int major, minor;

	if (!release || sscanf(release, "%d.%d", &major, &minor) != 2)
		return -1;
	return major * 1000 + minor;
}

/**
 * gate_lacks_tracepoint() - whether a kernel is known not to have an event's tracepoint
 * @arch: the trace's architecture (canonical name)
 * @release: its kernel release, "" when unknown
 * @kind: the event
 *
 * Return: true when the table says so (an unknown release of an
 * architecture that gained the tracepoint later is taken as lacking it).
 */
bool gate_lacks_tracepoint(const char *arch, const char *release, enum trace_kind kind)
{
	int v = release_version(release);

	for (size_t i = 0; i < sizeof(lacking) / sizeof(lacking[0]); i++)
		if (lacking[i].kind == kind && arch && !strcmp(lacking[i].arch, arch) &&
		    (!lacking[i].since || v < lacking[i].since))
			return true;
	return false;
}

/* The first reason a monitor cannot judge is the one told. */
static void shut(struct gate_monitor *m, enum gate_state state, enum trace_kind kind,
		 const char *why)
{
	if (m->state != GATE_JUDGING)
		return;
	m->state = state;
	snprintf(m->why, sizeof(m->why), "%s %s", trace_kind_event(kind), why);
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
			if (gate_lacks_tracepoint(arch, meta->release, n->kind))
				shut(m, GATE_UNAVAILABLE, n->kind, "is no tracepoint of this kernel");
			else
				shut(m, GATE_BLIND, n->kind,
				     "was not recorded (the trace has no format of it)");
		}
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
				shut(m, GATE_BLIND, n->kind, "was not recorded (the trace's list of "
				     "enabled events lacks it)");
			else if (!recs->listed && busy(n->kind) && recs->events && !recs->per_kind[n->kind])
				shut(m, GATE_BLIND, n->kind, "was not recorded (a format but not one "
				     "record, in a trace of other records)");
		}
	}
}

/**
 * gate_all_judging() - whether every selected monitor can judge
 * @g: the gate
 *
 * Return: true when none is unavailable or blind.
 */
bool gate_all_judging(const struct gate *g)
{
	for (int i = 0; i < g->nr_monitors; i++)
		if (g->monitors[i].state != GATE_JUDGING)
			return false;
	return true;
}

/**
 * gate_keep_judging() - only the monitors that can judge
 * @g: the gate
 * @opts: its monitors reduced to those judging, in order
 */
void gate_keep_judging(const struct gate *g, struct replay_options *opts)
{
	opts->nr_monitors = 0;
	for (int i = 0; i < g->nr_monitors; i++)
		if (g->monitors[i].state == GATE_JUDGING)
			opts->monitors[opts->nr_monitors++] = g->monitors[i].monitor;
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
	if (rec->kind == TRACE_PRINT)
		gate_record_line(rec, recs);
}

/**
 * gate_record_line() - take in rvreplay record's list of enabled events
 * @rec: a trace_marker record
 * @recs: gets the list, when @rec is "rvreplay-events: sched:sched_switch ..."
 *
 * Return: true when @rec was that list.
 */
bool gate_record_line(const struct trace_record *rec, struct record_counts *recs)
{
	char name[96];
	size_t at, len;

	if (rec->kind != TRACE_PRINT || rec->print.len < sizeof(ENABLED_TAG) - 1 ||
	    memcmp(rec->print.buf, ENABLED_TAG, sizeof(ENABLED_TAG) - 1))
		return false;
	recs->listed = true;
	for (at = sizeof(ENABLED_TAG) - 1; at < rec->print.len; at += len + 1) {
		const char *word = rec->print.buf + at, *colon;

		len = strcspn(word, " \n");
		if (at + len > rec->print.len)
			len = rec->print.len - at;
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
	return true;
}

/**
 * gate_advice() - a command that records what the blind monitors lack
 * @g: the gate
 * @buf: gets "rvreplay record -m sleep -o trace.dat -- COMMAND", or "" when
 *	 nothing is blind
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
			used += snprintf(buf + used, len - used, " -m %s", g->monitors[i].monitor->name);
	}
	if (used && used < len)
		snprintf(buf + used, len - used, " -o trace.dat -- COMMAND");
}
