// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a recording and a watch take from the command line: the events
 * they enable, what the chosen monitors need (catalog_needs()), each once,
 * with the monitors that need it for messages; and how their trace is put
 * in place and what they found on the way is said.
 */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "cmd.h"
#include "record_events.h"

static int place(void *data, const char *trace, char *err, size_t len)
{
	return output_file_place(data, trace, err, len);
}

/* Another recording's leftovers changed the machine: said even with -q. */
static void notice(const char *msg)
{
	cmd_notice(NULL, "%s", msg);
}

/**
 * record_events_outputs() - a recording's trace put in place by @out, its notices said
 * @o: the recording's options
 * @out: the output file, prepared (output_file_prepare())
 */
void record_events_outputs(struct record_options *o, struct output_file *out)
{
	o->place = place;
	o->place_data = out;
	o->notice = notice;
}

/* @full: "system:name", a static string or one of the monitor's */
static void add_event(struct record_options *o, const char *full, bool required,
		      const char *monitor, char monitors[][64])
{
	const char *colon = strchr(full, ':');
	int i;

	if (!colon)
		return;
	for (i = 0; i < o->nr_events; i++) {
		if (!strcmp(o->events[i].name, colon + 1) &&
		    !strncmp(o->events[i].system, full, colon - full)) {
			o->events[i].required |= required;
			snprintf(monitors[i] + strlen(monitors[i]), 64 - strlen(monitors[i]), ", %s",
				 monitor);
			return;
		}
	}
	if (i == RECORD_MAX_EVENTS)
		return;
	/* the names stay valid: trace_kind_event() strings are static, a rule's live on */
	static char systems[RECORD_MAX_EVENTS][32];

	snprintf(systems[i], sizeof(systems[i]), "%.*s", (int)(colon - full), full);
	snprintf(monitors[i], 64, "%s", monitor);
	o->events[i] = (struct record_event){ systems[i], colon + 1, monitors[i], required };
	o->nr_events++;
}

/**
 * record_events_choose() - the events the monitors need, into a recording's options
 * @o: the recording's; its events added to
 * @opts: the monitors chosen
 * @context: also the events the reports only tell from
 */
void record_events_choose(struct record_options *o, const struct replay_options *opts,
			  bool context)
{
	static char monitors[RECORD_MAX_EVENTS][64];

	for (int m = 0; m < opts->nr_monitors; m++) {
		const struct rv_monitor *mon = opts->monitors[m];

		for (const struct event_need *n = catalog_needs(mon); n->kind != TRACE_OTHER; n++)
			if (!n->context || context)
				add_event(o, trace_kind_event(n->kind), n->required, mon->name,
					  monitors);
		for (const char *const *e = mon->trace_events; e && *e; e++)
			add_event(o, *e, true, mon->name, monitors);
	}
}

