/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Which trace events a trace's kernel has: those it holds formats of; not
 * those its architecture or release is known to lack (a table of the
 * kernel's history), nor, in a trace holding the formats of every event
 * system of its kernel (as trace-cmd record and extract write them), those
 * it holds no format of. The gate, `rvreplay check` and `rvreplay list`
 * read it, so that no advice names an event the kernel cannot record.
 */
#ifndef KERNEL_EVENTS_H
#define KERNEL_EVENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "trace_input.h"

/* A trace with formats of this many event systems holds them all. */
#define KERNEL_EVENTS_FULL_DUMP	10

enum kernel_event {
	KERNEL_EVENT_HAS,	/* its format is in the trace, or every kernel has it */
	KERNEL_EVENT_MAY,	/* kernels from some release have it; this one's is unknown */
	KERNEL_EVENT_LACKS,	/* this kernel has no such tracepoint */
};

struct trace_input;

enum kernel_event kernel_event_state(const struct trace_input *in, const char *arch,
				     enum trace_kind kind, char *why, size_t len);
bool kernel_event_table_lacks(const char *arch, const char *release, enum trace_kind kind);
bool kernel_event_where(enum trace_kind kind, char *buf, size_t len);

#endif
