/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Whether each selected monitor can judge a trace: the gate that keeps a
 * CI run from passing when nothing was judged. A monitor is
 *
 *   unavailable  when the trace's kernel has no tracepoint for an event it
 *                requires (kernel_events.h: by architecture and release,
 *                page faults are x86's, and riscv's from 6.17; or absent
 *                from a trace holding every format of its kernel), as the
 *                kernel itself would not offer it;
 *   blind        when an event it requires was not recorded: no format in
 *                the trace (outside the table above), or a format but no
 *                record of an event every running system produces
 *                (sched_switch, sched_waking, sched_wakeup, sys_enter,
 *                sys_exit), or not in the list of enabled events that
 *                rvreplay record writes into its traces (that list, when
 *                present, decides alone);
 *   judging      otherwise.
 * Every missing event is told, not only the first.
 */
#ifndef GATE_H
#define GATE_H

#include "replay.h"

#define GATE_WHY_LEN	640

enum gate_state {
	GATE_JUDGING,
	GATE_UNAVAILABLE,
	GATE_BLIND,
};

/* Why an event a monitor requires is missing; the first found is kept. */
enum gate_missing {
	GATE_PRESENT,
	GATE_NO_FORMAT,
	GATE_NO_RECORD,
	GATE_NOT_LISTED,
};

struct gate_monitor {
	const struct rv_monitor	*monitor;
	enum gate_state		state;
	char			why[GATE_WHY_LEN];	/* unavailable or blind: why */
	enum gate_missing	missing[TRACE_NR_KINDS];
	char			lacking[GATE_WHY_LEN];	/* required events the kernel lacks */
	char			unformatted[GATE_WHY_LEN / 2];	/* a rule's events of any system */
};

struct gate {
	struct gate_monitor	monitors[MAX_MONITORS];
	int			nr_monitors;
	const char		*arch;
	char			kernel[200];		/* "riscv64 6.1.0": for messages */
};

void gate_before(struct gate *g, const struct replay_options *opts, const struct trace_input *in,
		 const char *arch);
void gate_after(struct gate *g, const struct record_counts *recs);
void gate_keep_judging(const struct gate *g, struct replay_options *opts);
void gate_count(struct record_counts *recs, const struct trace_record *rec);
void gate_advice(const struct gate *g, char *buf, size_t len);

#endif
