/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A trace's metadata (format version, uname, clock, CPUs, per-CPU lost
 * event counts, buffer instances), from our own reading of the container.
 */
#ifndef TRACE_META_H
#define TRACE_META_H

#include "trace_facts.h"
#include "tracedat.h"

int trace_meta_fill(const struct tracedat *td, struct trace_meta *meta);
void trace_meta_free(struct trace_meta *meta);

#endif
