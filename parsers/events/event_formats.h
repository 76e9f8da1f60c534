/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The event formats of a trace.dat file (struct tep_handle) built from our
 * own reading of its metadata sections, as libtracecmd builds them: the
 * libtraceevent plugins first, the header page, the ftrace and event
 * formats, printk formats and saved cmdlines (kallsyms are read apart,
 * when an address must be named: kallsyms.h). In two steps, so that a
 * child process can try the second from the state the first left
 * (format_trial.c): event_formats_open() parses nothing of the file,
 * event_formats_parse_open() parses what a run needs at once; other
 * formats wait, unparsed, in the bytes of their section, until
 * event_formats_parse(). libtracecmd's own handlers of the function
 * tracer's events are not registered: records of those events are
 * formatted by libtracecmd (trace_input.c).
 */
#ifndef EVENT_FORMATS_H
#define EVENT_FORMATS_H

#include <stdbool.h>

#include <traceevent/event-parse.h>

#include "container/container.h"

/* A record's event id is 16 bits: no file has more events than that. */
#define EVENT_FORMATS_MAX	65536

/* One event's format, kept as the file has it until it is wanted. */
struct event_format_ref {
	const char	*system;	/* in the section's bytes */
	const char	*text;		/* in the section's bytes, not NUL-terminated */
	size_t		len;
	char		name[64];	/* from its "name:" line, "" without one */
	int		id;		/* from its "ID:" line, -1 without one */
	bool		parsed;		/* given to libtraceevent */
	bool		refused;	/* crashed the format trial: never parsed */
};

struct event_formats {
	struct tep_handle		*tep;
	struct tep_plugin_list		*plugins;
	const struct tracedat		*td;
	struct event_format_ref		*refs;		/* every format, in file order */
	int				nr_refs;
	struct tracedat_formats		own;		/* the formats' bytes, when not lent */
};

/* Told what is about to be parsed: "the format of sched:sched_switch". */
typedef void (*event_formats_announce_fn)(void *data, const char *what);
/* Whether the format of SYSTEM:NAME is parsed at once. */
typedef bool (*event_formats_want_fn)(const char *system, const char *name);

int event_formats_open(const struct tracedat *td, const struct tracedat_formats *formats,
		       struct event_formats *ef, char *err, size_t errlen);
int event_formats_parse_open(struct event_formats *ef, event_formats_want_fn want,
			     event_formats_announce_fn announce, void *data, char *err,
			     size_t errlen);
struct event_format_ref *event_formats_find_id(struct event_formats *ef, int id);
void event_formats_parse(struct event_formats *ef, struct event_format_ref *r);
bool event_formats_has_system(const struct event_formats *ef, const char *system);
void event_formats_free(struct event_formats *ef);

#endif
