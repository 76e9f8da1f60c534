/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The trace as Chrome's Trace Event Format (JSON), which Perfetto's UI and
 * chrome://tracing open: a track per CPU with a slice per task run, a
 * track per real-time task with its states (sleeping in what, runnable,
 * running), flow arrows from each waker to the woken real-time task, and
 * the verdicts as instant events with their reason and context in args.
 * Streamed: the verdicts as the replay gives them, the rest in a second
 * pass over the records; memory grows with tasks and CPUs, not records.
 * Times are microseconds of the trace's clock; --from and --to limit it.
 */
#ifndef CHROME_TRACE_H
#define CHROME_TRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "report.h"

#define CHROME_CPUS_PID		(1 << 30)	/* the CPUs' "process": above any pid */

struct chrome_trace;

struct chrome_trace *chrome_new(FILE *out, const struct report_options *opts,
				struct trace_input *in, uint64_t from, uint64_t to);
void chrome_verdict(struct chrome_trace *c, const struct report *rep, const struct verdict *v,
		    const char *reason);
void chrome_record(struct chrome_trace *c, const struct trace_record *rec);
bool chrome_done(const struct chrome_trace *c);
bool chrome_truncated(const struct chrome_trace *c);
int chrome_end(struct chrome_trace *c);
void chrome_free(struct chrome_trace *c);

#endif
