/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The field numbers --perfetto writes, from Perfetto's published protos
 * (protos/perfetto/trace/: trace.proto, trace_packet.proto,
 * ftrace/ftrace_event_bundle.proto, ftrace/ftrace_event.proto,
 * ftrace/sched.proto, track_event/track_descriptor.proto,
 * track_event/track_event.proto, track_event/debug_annotation.proto,
 * system_info.proto), named Message_field. Only numbers: the encoder is
 * ours (pb.h). tests/e2e/perfetto_test.sh decodes what we write with
 * protoc against the same messages, written from these numbers.
 */
#ifndef PERFETTO_FIELDS_H
#define PERFETTO_FIELDS_H

enum {
	Trace_packet				= 1,

	TracePacket_ftrace_events		= 1,	/* FtraceEventBundle */
	TracePacket_timestamp			= 8,
	TracePacket_trusted_packet_sequence_id	= 10,
	TracePacket_track_event			= 11,
	TracePacket_sequence_flags		= 13,
	TracePacket_system_info			= 45,
	TracePacket_compressed_packets		= 50,	/* deflated Trace.packet fields */
	TracePacket_track_descriptor		= 60,

	SEQ_INCREMENTAL_STATE_CLEARED		= 1,	/* TracePacket.SequenceFlags */

	SystemInfo_utsname			= 1,
	Utsname_sysname				= 1,
	Utsname_version				= 2,
	Utsname_release				= 3,
	Utsname_machine				= 4,

	FtraceEventBundle_cpu			= 1,
	FtraceEventBundle_event			= 2,
	FtraceEventBundle_lost_events		= 3,
	FtraceEventBundle_compact_sched		= 4,

	/* FtraceEventBundle.CompactSched: packed, one entry per event */
	CompactSched_switch_timestamp		= 1,	/* delta-encoded, the first absolute */
	CompactSched_switch_prev_state		= 2,
	CompactSched_switch_next_pid		= 3,
	CompactSched_switch_next_prio		= 4,
	CompactSched_intern_table		= 5,	/* repeated string */
	CompactSched_switch_next_comm_index	= 6,
	CompactSched_waking_timestamp		= 7,	/* delta-encoded, the first absolute */
	CompactSched_waking_pid			= 8,
	CompactSched_waking_target_cpu		= 9,
	CompactSched_waking_prio		= 10,
	CompactSched_waking_comm_index		= 11,

	FtraceEvent_timestamp			= 1,
	FtraceEvent_pid				= 2,
	FtraceEvent_sched_wakeup		= 17,
	FtraceEvent_sched_wakeup_new		= 114,
	FtraceEvent_sched_process_exit		= 238,
	FtraceEvent_sched_process_fork		= 239,
	FtraceEvent_sched_process_free		= 240,

	/* SchedWakeupFtraceEvent, SchedWakeupNewFtraceEvent */
	SchedWakeup_comm			= 1,
	SchedWakeup_pid				= 2,
	SchedWakeup_prio			= 3,
	SchedWakeup_success			= 4,
	SchedWakeup_target_cpu			= 5,
	/* SchedProcessExitFtraceEvent, SchedProcessFreeFtraceEvent */
	SchedProcess_comm			= 1,
	SchedProcess_pid			= 2,
	SchedProcessFork_parent_comm		= 1,
	SchedProcessFork_parent_pid		= 2,
	SchedProcessFork_child_comm		= 3,
	SchedProcessFork_child_pid		= 4,

	TrackDescriptor_uuid			= 1,
	TrackDescriptor_name			= 2,
	TrackDescriptor_parent_uuid		= 5,

	TrackEvent_debug_annotations		= 4,
	TrackEvent_type				= 9,
	TrackEvent_track_uuid			= 11,
	TrackEvent_categories			= 22,
	TrackEvent_name				= 23,

	TYPE_SLICE_BEGIN			= 1,	/* TrackEvent.Type */
	TYPE_SLICE_END				= 2,
	TYPE_INSTANT				= 3,

	DebugAnnotation_int_value		= 4,
	DebugAnnotation_string_value		= 6,
	DebugAnnotation_name			= 10,
};

#endif
