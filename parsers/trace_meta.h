/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A trace's metadata (format version, uname, clock, CPUs, per-CPU lost
 * event counts, buffer instances), read with our own hardened reader of
 * the trace.dat container before libtracecmd is given the file.
 */
#ifndef TRACE_META_H
#define TRACE_META_H

#include "trace_input.h"

int trace_meta_read(const char *path, struct trace_meta *meta, char *err);
void trace_meta_free(struct trace_meta *meta);

#endif
