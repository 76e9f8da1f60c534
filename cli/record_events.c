// SPDX-License-Identifier: GPL-2.0-only
/*
 * The events a recording or a watch enables: what the chosen monitors
 * need (catalog_needs()), each once, with the monitors that need it for
 * messages.
 */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "record_events.h"

static void add_event(struct record_options *o, enum trace_kind kind, bool required,
		      const char *monitor, char monitors[][64])
{
	const char *full = trace_kind_event(kind), *colon = strchr(full, ':');
	int i;

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
	/* the names stay valid: trace_kind_event() strings are static */
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

	for (int m = 0; m < opts->nr_monitors; m++)
		for (const struct event_need *n = catalog_needs(opts->monitors[m]);
		     n->kind != TRACE_OTHER; n++)
			if (!n->context || context)
				add_event(o, n->kind, n->required, opts->monitors[m]->name,
					  monitors);
}

