// SPDX-License-Identifier: GPL-2.0-only
/*
 * The scheduling records of the Perfetto export (perfetto_trace.h) as
 * Perfetto's recorder writes them: a bundle per CPU (FtraceEventBundle),
 * its sched_switch and sched_waking in the compact encoding (columns of
 * packed varints, times delta-encoded, comms interned in the bundle), the
 * other scheduling events as FtraceEvent messages. A CPU's bundle is
 * written when full, before a loss of events (the next says so) and at
 * the end. Perfetto rebuilds a switch's prev from the CPU's previous one.
 */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "grow.h"
#include "perfetto_local.h"

static const unsigned int column_field[NR_SCHED_COLUMNS] = {
	[SW_TIMESTAMP] = CompactSched_switch_timestamp,
	[SW_PREV_STATE] = CompactSched_switch_prev_state,
	[SW_NEXT_PID] = CompactSched_switch_next_pid,
	[SW_NEXT_PRIO] = CompactSched_switch_next_prio,
	[SW_NEXT_COMM] = CompactSched_switch_next_comm_index,
	[WK_TIMESTAMP] = CompactSched_waking_timestamp,
	[WK_PID] = CompactSched_waking_pid,
	[WK_TARGET_CPU] = CompactSched_waking_target_cpu,
	[WK_PRIO] = CompactSched_waking_prio,
	[WK_COMM] = CompactSched_waking_comm_index,
};

static struct sched_bundle *bundle_of(struct perfetto_trace *p, int cpu)
{
	struct sched_bundle *b = p->bundle[cpu];

	if (b)
		return b;
	b = calloc(1, sizeof(*b));
	if (b)
		b->name_at = calloc(BUNDLE_NAMES, sizeof(*b->name_at));
	if (!b || !b->name_at) {
		free(b);
		p->oom = true;
		return NULL;
	}
	p->bundle[cpu] = b;
	return b;
}

static bool same_name(unsigned int element, const void *key, const void *data)
{
	const struct sched_bundle *b = data;

	return !strcmp((const char *)b->names.p + b->name_at[element], key);
}

/* A comm's index in the bundle's intern table, added when new. */
static unsigned int intern(struct sched_bundle *b, const char *comm)
{
	char name[ESCAPE_LEN(TRACE_COMM_LEN)];
	uint64_t hash;
	long found;

	escape(comm, name, sizeof(name));
	hash = key_hash(name, strlen(name), 0);
	found = key_index_find(&b->by_name, hash, same_name, name, b);
	if (found >= 0)
		return found;
	if (key_index_add(&b->by_name, hash, b->nr_names)) {
		b->names.oom = true;
		return 0;
	}
	b->name_at[b->nr_names] = b->names.len;
	pb_raw(&b->names, name, strlen(name) + 1);
	return b->nr_names++;
}

static void put(struct sched_bundle *b, enum sched_column c, uint64_t v)
{
	pb_varint(&b->column[c], v);
}

static void on_switch(struct sched_bundle *b, const struct trace_record *rec)
{
	put(b, SW_TIMESTAMP, rec->ts - b->last_switch);
	b->last_switch = rec->ts;
	put(b, SW_PREV_STATE, (uint64_t)(int64_t)rec->sw.prev_state);
	put(b, SW_NEXT_PID, (uint64_t)(int64_t)rec->sw.next.pid);
	put(b, SW_NEXT_PRIO, (uint64_t)(int64_t)rec->sw.next.prio);
	put(b, SW_NEXT_COMM, intern(b, rec->sw.next.comm));
}

static void on_waking(struct sched_bundle *b, const struct trace_record *rec)
{
	put(b, WK_TIMESTAMP, rec->ts - b->last_waking);
	b->last_waking = rec->ts;
	put(b, WK_PID, (uint64_t)(int64_t)rec->wake.pid);
	put(b, WK_TARGET_CPU, (uint64_t)(int64_t)(rec->target_cpu >= 0 ? rec->target_cpu : rec->cpu));
	put(b, WK_PRIO, (uint64_t)(int64_t)rec->wake.prio);
	put(b, WK_COMM, intern(b, rec->wake.comm));
}

static void comm(struct pb_buf *m, unsigned int field, const char *s)
{
	char buf[ESCAPE_LEN(TRACE_COMM_LEN)];

	pb_string(m, field, escape(s, buf, sizeof(buf)));
}

/* A record other than a switch or a waking: an FtraceEvent of its own. */
static void on_event(struct perfetto_trace *p, struct sched_bundle *b,
		     const struct trace_record *rec)
{
	struct pb_buf *ev = &p->scratch[0], *body = &p->scratch[1];
	unsigned int field;

	pb_reset(ev);
	pb_reset(body);
	switch (rec->kind) {
	case TRACE_WAKEUP:
	case TRACE_WAKEUP_NEW:
		field = rec->kind == TRACE_WAKEUP ? FtraceEvent_sched_wakeup :
			FtraceEvent_sched_wakeup_new;
		comm(body, SchedWakeup_comm, rec->wake.comm);
		pb_int(body, SchedWakeup_pid, rec->wake.pid);
		pb_int(body, SchedWakeup_prio, rec->wake.prio);
		pb_int(body, SchedWakeup_success, 1);
		pb_int(body, SchedWakeup_target_cpu, rec->target_cpu >= 0 ? rec->target_cpu :
		       rec->cpu);
		break;
	case TRACE_FORK:
		field = FtraceEvent_sched_process_fork;
		comm(body, SchedProcessFork_parent_comm, rec->fork.parent.comm);
		pb_int(body, SchedProcessFork_parent_pid, rec->fork.parent.pid);
		comm(body, SchedProcessFork_child_comm, rec->fork.child.comm);
		pb_int(body, SchedProcessFork_child_pid, rec->fork.child.pid);
		break;
	case TRACE_EXIT:
	case TRACE_FREE:
		field = rec->kind == TRACE_EXIT ? FtraceEvent_sched_process_exit :
			FtraceEvent_sched_process_free;
		comm(body, SchedProcess_comm, rec->task.comm);
		pb_int(body, SchedProcess_pid, rec->task.pid);
		break;
	default:
		return;
	}
	pb_uint(ev, FtraceEvent_timestamp, rec->ts);
	pb_uint(ev, FtraceEvent_pid, (uint32_t)rec->pid);
	pb_message(ev, field, body);
	pb_message(&b->events_msg, FtraceEventBundle_event, ev);
}

static bool is_sched(enum trace_kind kind)
{
	return kind == TRACE_SWITCH || kind == TRACE_WAKING || kind == TRACE_WAKEUP ||
	       kind == TRACE_WAKEUP_NEW || kind == TRACE_FORK || kind == TRACE_EXIT ||
	       kind == TRACE_FREE;
}

/**
 * sched_record() - a record of the second pass, in its CPU's bundle when a
 *		    scheduling event
 * @p: the export
 * @rec: the record, of a CPU of the trace
 */
void sched_record(struct perfetto_trace *p, const struct trace_record *rec)
{
	struct sched_bundle *b;

	if (!is_sched(rec->kind) && !rec->missed)
		return;
	b = bundle_of(p, rec->cpu);
	if (!b)
		return;
	/* events lost before it: what came before is one bundle, the next says so */
	if (rec->missed) {
		sched_flush(p, rec->cpu);
		b->lost = true;
	}
	if (rec->kind == TRACE_SWITCH)
		on_switch(b, rec);
	else if (rec->kind == TRACE_WAKING)
		on_waking(b, rec);
	else if (is_sched(rec->kind))
		on_event(p, b, rec);
	else
		return;
	if (++b->events >= BUNDLE_EVENTS || b->nr_names >= BUNDLE_NAMES)
		sched_flush(p, rec->cpu);
}

/* The CompactSched message of @b, in @m. */
static void compact(const struct sched_bundle *b, struct pb_buf *m)
{
	for (unsigned int i = 0; i < b->nr_names; i++)
		pb_string(m, CompactSched_intern_table, (const char *)b->names.p + b->name_at[i]);
	for (int c = 0; c < NR_SCHED_COLUMNS; c++)
		if (b->column[c].len)
			pb_message(m, column_field[c], &b->column[c]);
}

static void bundle_reset(struct sched_bundle *b)
{
	for (int c = 0; c < NR_SCHED_COLUMNS; c++)
		pb_reset(&b->column[c]);
	pb_reset(&b->names);
	pb_reset(&b->events_msg);
	key_index_free(&b->by_name);
	b->nr_names = 0;
	b->events = 0;
	b->lost = false;
	b->last_switch = 0;
	b->last_waking = 0;
}

/**
 * sched_flush() - a CPU's bundle written as a packet, and begun again
 * @p: the export
 * @cpu: the CPU
 */
void sched_flush(struct perfetto_trace *p, int cpu)
{
	struct sched_bundle *b = p->bundle[cpu];
	struct pb_buf *cs = &p->scratch[0], *bundle = &p->scratch[1], *packet = &p->scratch[2];

	if (!b || !b->events)
		return;
	pb_reset(cs);
	pb_reset(bundle);
	pb_reset(packet);
	compact(b, cs);
	pb_uint(bundle, FtraceEventBundle_cpu, cpu);
	if (b->lost)
		pb_uint(bundle, FtraceEventBundle_lost_events, 1);
	bundle->oom |= b->events_msg.oom || b->names.oom;
	/* the events, each already a field of the bundle */
	pb_raw(bundle, b->events_msg.p, b->events_msg.len);
	if (cs->len)
		pb_message(bundle, FtraceEventBundle_compact_sched, cs);
	pb_message(packet, TracePacket_ftrace_events, bundle);
	pb_uint(packet, TracePacket_trusted_packet_sequence_id, SEQ_FTRACE);
	perfetto_packet(p, packet);
	bundle_reset(b);
}

void sched_free(struct sched_bundle *b)
{
	if (!b)
		return;
	for (int c = 0; c < NR_SCHED_COLUMNS; c++)
		pb_free(&b->column[c]);
	pb_free(&b->names);
	pb_free(&b->events_msg);
	key_index_free(&b->by_name);
	free(b->name_at);
	free(b);
}
