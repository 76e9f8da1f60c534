/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The trace in Perfetto's own protobuf format (--perfetto FILE), which
 * Perfetto's UI and trace_processor read natively: the scheduling records
 * as the ftrace events Perfetto's own recorder writes (per CPU bundles,
 * sched_switch and sched_waking in its compact encoding, sched_wakeup,
 * fork, exit and free as events), so that they build their CPU and thread
 * state tracks; and rvreplay's verdicts as track events: a track per
 * monitor, under it one per task, each violation a slice (its sleep to its
 * run) or an instant, its reason and explanation as arguments. Streamed:
 * the verdicts as the replay gives them, the records in a second pass,
 * each CPU's bundle written when full; memory grows with CPUs and tasks
 * with violations, not records. The encoder is ours (pb.h), from the
 * published field numbers (perfetto_fields.h). --from and --to limit it.
 */
#ifndef PERFETTO_TRACE_H
#define PERFETTO_TRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"

struct perfetto_trace;

struct perfetto_trace *perfetto_new(FILE *out, struct trace_input *in, uint64_t from,
				    uint64_t to);
void perfetto_verdict(struct perfetto_trace *p, const struct report *rep,
		      const struct verdict *v, const char *reason);
void perfetto_record(struct perfetto_trace *p, const struct trace_record *rec);
bool perfetto_done(const struct perfetto_trace *p);
int perfetto_end(struct perfetto_trace *p);
void perfetto_free(struct perfetto_trace *p);

#endif
