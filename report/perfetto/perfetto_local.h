/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside the Perfetto export (perfetto_trace.h): its state, each CPU's
 * bundle of ftrace events being built, and the writing of one packet.
 */
#ifndef PERFETTO_LOCAL_H
#define PERFETTO_LOCAL_H

#include <zlib.h>

#include "key_index.h"
#include "pb.h"
#include "perfetto_fields.h"
#include "perfetto_trace.h"

#define BUNDLE_EVENTS	4096	/* a CPU's bundle is written when it holds as many */
/* packets are deflated this many bytes at a time (Perfetto: under 512 KiB each) */
#define DEFLATE_BYTES	(256 * 1024)
#define BUNDLE_NAMES	512	/* names one bundle interns, at most */

enum { SEQ_FTRACE = 1, SEQ_VERDICTS = 2 };	/* the packet sequences written */

/* The columns of a bundle's CompactSched, one entry per event (packed varints). */
enum sched_column {
	SW_TIMESTAMP, SW_PREV_STATE, SW_NEXT_PID, SW_NEXT_PRIO, SW_NEXT_COMM,
	WK_TIMESTAMP, WK_PID, WK_TARGET_CPU, WK_PRIO, WK_COMM,
	NR_SCHED_COLUMNS
};

/* A CPU's bundle in progress: its compact sched columns and other events. */
struct sched_bundle {
	unsigned int	events;
	bool		lost;		/* events were lost before its first */
	uint64_t	last_switch;	/* for the delta-encoded times */
	uint64_t	last_waking;
	struct pb_buf	column[NR_SCHED_COLUMNS];
	struct pb_buf	names;		/* the intern table: escaped comms, NUL-ended */
	unsigned int	*name_at;	/* [BUNDLE_NAMES]: each name's offset in names */
	unsigned int	nr_names;
	struct key_index by_name;
	struct pb_buf	events_msg;	/* FtraceEvent messages, each a field of the bundle */
};

struct perfetto_trace {
	FILE			*f;
	struct trace_input	*in;
	uint64_t		from, to;
	bool			done;		/* a record after --to was seen */
	int			cpus;
	struct sched_bundle	**bundle;	/* [cpus], made at a CPU's first record */
	struct pb_buf		scratch[3];	/* compact sched, bundle, packet */
	struct pb_buf		vscratch[3];	/* a verdict's event, packet, argument */
	struct pb_buf		pending;	/* packets not yet deflated */
	struct pb_buf		deflated;
	z_stream		zs;		/* one for the file: no allocation per batch */
	bool			zs_ready;
	struct key_index	tracks;		/* the verdict tracks described */
	uint64_t		*track_uuid;	/* their uuids, in that index */
	unsigned int		nr_tracks;
	bool			seq_started;	/* the verdicts' sequence began */
	bool			oom;
};

void perfetto_packet(struct perfetto_trace *p, struct pb_buf *packet);
void perfetto_deflate(struct perfetto_trace *p);
void sched_record(struct perfetto_trace *p, const struct trace_record *rec);
void sched_flush(struct perfetto_trace *p, int cpu);
void sched_free(struct sched_bundle *b);

#endif
