/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The pages of a live trace, from a tracefs instance of our own
 * (docs/design/watch.md sections 1 and 2): a recording session
 * (record_session.h) whose CPUs are read with read(2), which returns the
 * part of a page the kernel is still writing, at every tick, right after
 * a probe line written into the instance's trace_marker, whose time is
 * "now" for the live reader (trace_live_options.probe_pid). Every page
 * read also goes to its CPU's file in the work folder, as record's do:
 * records are printed again from there, and --save writes them as a
 * trace.dat.
 */
#ifndef WATCH_SOURCE_H
#define WATCH_SOURCE_H

#include <sched.h>

#include "record.h"
#include "trace_input.h"

#define WATCH_TICK_MS	20

struct watch_source;

struct flight_options;
struct watch_source *watch_source_start(const struct record_options *o, const cpu_set_t *cpus,
					const struct flight_options *flight,
					struct record_result *res, char *err);
bool watch_source_flight(struct watch_source *w, uint64_t ts);
void watch_source_on_tick(struct watch_source *w, void (*fn)(void *data), void *data);
const char *watch_source_header(const struct watch_source *w);
void watch_source_live(struct watch_source *w, struct trace_live_options *live);
bool watch_source_cut(const struct watch_source *w);
int watch_source_end(struct watch_source *w, int ret, bool save);

#endif
