/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The event formats of a trace.dat file (struct tep_handle) built from our
 * own reading of its metadata sections, as libtracecmd builds them: the
 * libtraceevent plugins first, the header page, the ftrace and event
 * formats, kallsyms, printk formats and saved cmdlines. libtracecmd's own
 * handlers of the function tracer's events are not registered: records of
 * those events are formatted by libtracecmd (trace_input.c).
 */
#ifndef EVENT_FORMATS_H
#define EVENT_FORMATS_H

#include <traceevent/event-parse.h>

#include "tracedat.h"

struct event_formats {
	struct tep_handle	*tep;
	struct tep_plugin_list	*plugins;
};

/* Told what is about to be parsed: "the format of sched:sched_switch". */
typedef void (*event_formats_announce_fn)(void *data, const char *what);

int event_formats_load(const struct tracedat *td, struct event_formats *ef,
		       event_formats_announce_fn announce, void *data, char *err, size_t errlen);
void event_formats_free(struct event_formats *ef);

#endif
