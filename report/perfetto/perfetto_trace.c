// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Perfetto export (perfetto_trace.h): the file's packets, the trace's
 * system, the verdicts as track events, the records' pass, the end.
 */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "grow.h"
#include "perfetto_local.h"

#define LINE_LEN	1024
#define TRACK_BASE	(0x7276ULL << 48)	/* "rv": our tracks' uuids, never 0 */

/* @len bytes of a Trace: its packet fields, with their keys and lengths. */
static void write_field(struct perfetto_trace *p, unsigned int field, const uint8_t *bytes,
			size_t len)
{
	struct pb_buf head = { 0 };
	uint8_t room[16];

	/* the key and the length, in a few bytes on the stack */
	head.p = room;
	head.cap = sizeof(room);
	pb_varint(&head, (uint64_t)field << 3 | PB_LEN);
	pb_varint(&head, len);
	fwrite(head.p, 1, head.len, p->f);
	fwrite(bytes, 1, len, p->f);
}

/**
 * perfetto_deflate() - the packets pending, deflated into one packet
 *			(compressed_packets, zlib), written
 * @p: the export
 *
 * The verdicts' texts repeat (a group's rule, its waker): deflated, the
 * file is a fraction of its packets.
 */
void perfetto_deflate(struct perfetto_trace *p)
{
	struct pb_buf *out = &p->deflated, *packet = &p->scratch[2];
	uLong len;

	if (!p->pending.len)
		return;
	if (!p->zs_ready && deflateInit(&p->zs, Z_BEST_SPEED) != Z_OK) {
		p->oom = true;
		return;
	}
	p->zs_ready = true;
	len = deflateBound(&p->zs, p->pending.len);
	if (out->cap < len) {
		uint8_t *grown = realloc(out->p, len);

		if (!grown) {
			p->oom = true;
			return;
		}
		out->p = grown;
		out->cap = len;
	}
	p->zs.next_in = p->pending.p;
	p->zs.avail_in = p->pending.len;
	p->zs.next_out = out->p;
	p->zs.avail_out = len;
	if (deflate(&p->zs, Z_FINISH) != Z_STREAM_END || deflateReset(&p->zs) != Z_OK) {
		p->oom = true;
		return;
	}
	out->len = len - p->zs.avail_out;
	pb_reset(packet);
	pb_message(packet, TracePacket_compressed_packets, out);
	write_field(p, Trace_packet, packet->p, packet->len);
	pb_reset(&p->pending);
}

/**
 * perfetto_packet() - a TracePacket, a field of the Trace, deflated with
 *		       the next ones
 * @p: the export
 * @packet: the packet's fields
 */
void perfetto_packet(struct perfetto_trace *p, struct pb_buf *packet)
{
	if (packet->oom || p->pending.oom) {
		p->oom = true;
		return;
	}
	pb_message(&p->pending, Trace_packet, packet);
	if (p->pending.len >= DEFLATE_BYTES)
		perfetto_deflate(p);
}

/* The trace's kernel (SystemInfo.utsname), from its "sysname node release machine". */
static void system_info(struct perfetto_trace *p)
{
	const struct trace_meta *m = trace_input_meta(p->in);
	struct pb_buf uts = { 0 }, info = { 0 }, packet = { 0 };
	char word[4][ESCAPE_LEN(64)] = { "", "", "", "" }, copy[sizeof(m->uname)];
	char *save = NULL, *tok;
	int n = 0;

	snprintf(copy, sizeof(copy), "%s", m->uname);
	for (tok = strtok_r(copy, " ", &save); tok && n < 4; tok = strtok_r(NULL, " ", &save))
		escape(tok, word[n++], sizeof(word[0]));
	if (n < 3)
		return;
	pb_string(&uts, Utsname_sysname, word[0]);
	pb_string(&uts, Utsname_release, word[2]);
	if (n > 3)
		pb_string(&uts, Utsname_machine, word[3]);
	pb_message(&info, SystemInfo_utsname, &uts);
	pb_message(&packet, TracePacket_system_info, &info);
	pb_uint(&packet, TracePacket_trusted_packet_sequence_id, SEQ_FTRACE);
	perfetto_packet(p, &packet);
	pb_free(&uts);
	pb_free(&info);
	pb_free(&packet);
}

/**
 * perfetto_new() - start a Perfetto trace: the trace's system
 * @out: where
 * @in: the trace
 * @from: the first ns exported (--from)
 * @to: the last (--to; UINT64_MAX: the end)
 *
 * Return: the export, or NULL when memory runs out.
 */
struct perfetto_trace *perfetto_new(FILE *out, struct trace_input *in, uint64_t from,
				    uint64_t to)
{
	struct perfetto_trace *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->f = out;
	p->in = in;
	p->from = from;
	p->to = to;
	p->cpus = trace_input_meta(in)->cpus;
	p->bundle = calloc(p->cpus + 1, sizeof(*p->bundle));
	if (!p->bundle) {
		free(p);
		return NULL;
	}
	system_info(p);
	return p;
}

/* ---- the verdicts ---- */

static bool same_track(unsigned int element, const void *key, const void *data)
{
	return ((const struct perfetto_trace *)data)->track_uuid[element] == *(const uint64_t *)key;
}

/* A track described once: its descriptor written when first used. Return: whether new. */
static bool track_new(struct perfetto_trace *p, uint64_t uuid)
{
	uint64_t hash = key_hash(&uuid, sizeof(uuid), 0);

	if (key_index_find(&p->tracks, hash, same_track, &uuid, p) >= 0)
		return false;
	if (grow_room(&p->track_uuid, p->nr_tracks, sizeof(*p->track_uuid)) ||
	    key_index_add(&p->tracks, hash, p->nr_tracks)) {
		p->oom = true;
		return false;
	}
	p->track_uuid[p->nr_tracks++] = uuid;
	return true;
}

/* A packet of the verdicts' sequence: the first says it starts it. */
static void verdict_packet(struct perfetto_trace *p, struct pb_buf *packet)
{
	pb_uint(packet, TracePacket_trusted_packet_sequence_id, SEQ_VERDICTS);
	if (!p->seq_started)
		pb_uint(packet, TracePacket_sequence_flags, SEQ_INCREMENTAL_STATE_CLEARED);
	p->seq_started = true;
	perfetto_packet(p, packet);
}

static void describe(struct perfetto_trace *p, uint64_t uuid, uint64_t parent, const char *name)
{
	struct pb_buf *desc = &p->vscratch[0], *packet = &p->vscratch[1];

	pb_reset(desc);
	pb_reset(packet);
	pb_uint(desc, TrackDescriptor_uuid, uuid);
	if (parent)
		pb_uint(desc, TrackDescriptor_parent_uuid, parent);
	pb_string(desc, TrackDescriptor_name, name);
	pb_message(packet, TracePacket_track_descriptor, desc);
	verdict_packet(p, packet);
}

static int monitor_index(const struct report *rep, const struct rv_monitor *m)
{
	for (int i = 0; i < rep->replay->nr_monitors; i++)
		if (rep->replay->monitors[i] == m)
			return i;
	return rep->replay->nr_monitors;
}

/* The verdict's track, under its monitor's: one per task (or CPU) and monitor. */
static uint64_t track_of(struct perfetto_trace *p, const struct report *rep,
			 const struct verdict *v)
{
	uint64_t monitor = TRACK_BASE | (uint64_t)(monitor_index(rep, v->monitor) + 1) << 32;
	int instance = verdict_instance(v);
	uint64_t uuid = monitor | (uint32_t)instance;
	char name[ESCAPE_LEN(TRACE_COMM_LEN) + 64], comm[ESCAPE_LEN(TRACE_COMM_LEN)];

	if (track_new(p, monitor)) {
		snprintf(name, sizeof(name), "rvreplay: %s violations", v->monitor->name);
		describe(p, monitor, 0, name);
	}
	if (track_new(p, uuid)) {
		if (instance_is_cpu(instance))
			snprintf(name, sizeof(name), "%s: %s", v->monitor->name,
				 instance_name(instance, comm, sizeof(comm)));
		else
			snprintf(name, sizeof(name), "%s: %s pid %d", v->monitor->name,
				 escape(v->comm, comm, sizeof(comm)), v->pid);
		describe(p, uuid, monitor, name);
	}
	return uuid;
}

static void arg_str(struct pb_buf *ev, struct pb_buf *a, const char *key, const char *value)
{
	pb_reset(a);
	pb_string(a, DebugAnnotation_name, key);
	pb_string(a, DebugAnnotation_string_value, value);
	pb_message(ev, TrackEvent_debug_annotations, a);
}

static void arg_int(struct pb_buf *ev, struct pb_buf *a, const char *key, int64_t value)
{
	pb_reset(a);
	pb_string(a, DebugAnnotation_name, key);
	pb_int(a, DebugAnnotation_int_value, value);
	pb_message(ev, TrackEvent_debug_annotations, a);
}

/* The verdict's explanation, as the text and the Chrome trace give it. */
static void verdict_args(struct perfetto_trace *p, const struct report *rep,
			 const struct verdict *v, struct pb_buf *ev)
{
	const char *arch = rep->opts.arch;
	struct pb_buf *a = &p->vscratch[2];
	char buf[LINE_LEN];

	arg_str(ev, a, "monitor", v->monitor->name);
	arg_int(ev, a, "pid", v->pid);
	if (v->prio != TRACE_UNKNOWN_PRIO)
		arg_int(ev, a, "prio", v->prio);
	arg_int(ev, a, "cpu", v->cpu);
	arg_int(ev, a, "ts_ns", v->ts);
	explain_why(v, arch, buf, sizeof(buf));
	arg_str(ev, a, "why", buf);
	if (explain_is_sleep(v)) {
		explain_sleep(v, arch, buf, sizeof(buf));
		arg_str(ev, a, "sleep", buf);
		if (explain_held(v, buf, sizeof(buf)))
			arg_str(ev, a, "held", buf);
	}
	if (explain_is_fault(v)) {
		explain_fault(v, p->in, arch, buf, sizeof(buf));
		arg_str(ev, a, "fault", buf);
	}
	trace_input_format(p->in, &v->event_ref, buf, sizeof(buf));
	arg_str(ev, a, "event", buf + strspn(buf, " "));
}

/* A sleep's verdict spans the sleep to the run; any other is an instant. */
static void verdict_span(const struct verdict *v, uint64_t *begin, uint64_t *end)
{
	const struct task_sleep *s = &v->sleep;

	*begin = *end = v->ts;
	if (!explain_is_sleep(v) || !s->start || s->start > v->ts)
		return;
	*begin = s->start;
	if (s->run_ts > *end)
		*end = s->run_ts;
}

/**
 * perfetto_verdict() - a verdict: a slice (or an instant) on its task's track
 * @p: the export
 * @rep: the report
 * @v: the verdict, which passed the filters
 * @reason: its reason
 */
void perfetto_verdict(struct perfetto_trace *p, const struct report *rep,
		      const struct verdict *v, const char *reason)
{
	struct pb_buf *ev = &p->vscratch[0], *packet = &p->vscratch[1];
	char name[EXPLAIN_LEN + 64];
	uint64_t track = track_of(p, rep, v), begin, end;

	verdict_span(v, &begin, &end);
	snprintf(name, sizeof(name), "%s violation: %s", v->monitor->name, reason);
	pb_reset(ev);
	pb_reset(packet);
	pb_uint(ev, TrackEvent_type, begin == end ? TYPE_INSTANT : TYPE_SLICE_BEGIN);
	pb_uint(ev, TrackEvent_track_uuid, track);
	pb_string(ev, TrackEvent_categories, "rvreplay");
	pb_string(ev, TrackEvent_name, name);
	verdict_args(p, rep, v, ev);
	pb_uint(packet, TracePacket_timestamp, begin);
	pb_message(packet, TracePacket_track_event, ev);
	verdict_packet(p, packet);
	if (begin == end)
		return;
	pb_reset(ev);
	pb_reset(packet);
	pb_uint(ev, TrackEvent_type, TYPE_SLICE_END);
	pb_uint(ev, TrackEvent_track_uuid, track);
	pb_uint(packet, TracePacket_timestamp, end);
	pb_message(packet, TracePacket_track_event, ev);
	verdict_packet(p, packet);
}

/* ---- the records ---- */

static void flush_all(struct perfetto_trace *p)
{
	for (int cpu = 0; cpu < p->cpus; cpu++)
		sched_flush(p, cpu);
}

/**
 * perfetto_record() - one record of the second pass, in time order
 * @p: the export
 * @rec: the record
 */
void perfetto_record(struct perfetto_trace *p, const struct trace_record *rec)
{
	if (p->done || rec->cpu < 0 || rec->cpu >= p->cpus)
		return;
	if (rec->ts > p->to) {
		flush_all(p);
		p->done = true;
		return;
	}
	if (rec->ts >= p->from)
		sched_record(p, rec);
}

/**
 * perfetto_done() - whether records after this one add nothing (past --to)
 * @p: the export
 *
 * Return: true when done.
 */
bool perfetto_done(const struct perfetto_trace *p)
{
	return p->done;
}

/**
 * perfetto_end() - the records are over: every CPU's last bundle written
 * @p: the export
 *
 * Return: 0, or -1 when it could not be written or memory ran out.
 */
int perfetto_end(struct perfetto_trace *p)
{
	flush_all(p);
	perfetto_deflate(p);
	return ferror(p->f) || p->oom ? -1 : 0;
}

void perfetto_free(struct perfetto_trace *p)
{
	if (!p)
		return;
	for (int cpu = 0; cpu < p->cpus; cpu++)
		sched_free(p->bundle[cpu]);
	for (int i = 0; i < 3; i++)
		pb_free(&p->scratch[i]);
	pb_free(&p->pending);
	pb_free(&p->deflated);
	for (int i = 0; i < 3; i++)
		pb_free(&p->vscratch[i]);
	if (p->zs_ready)
		deflateEnd(&p->zs);
	key_index_free(&p->tracks);
	free(p->track_uuid);
	free(p->bundle);
	free(p);
}
