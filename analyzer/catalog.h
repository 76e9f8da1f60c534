/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What rvreplay knows about its monitors beyond their automata: the
 * containers (rtapp), each monitor's specification text, and the trace
 * events each one needs.
 */
#ifndef CATALOG_H
#define CATALOG_H

#include "replay.h"

struct event_need {
	enum trace_kind	kind;
	bool		required;	/* without it the monitor cannot judge */
	const char	*why;
};

int catalog_select(const char *const *names, int nr, struct replay_options *opts, char *err);
const struct rv_profile *catalog_profile_of(const char *release);
const struct event_need *catalog_needs(const struct rv_monitor *m);
const char *catalog_spec(const struct rv_monitor *m);
const char *catalog_spec_path(const struct rv_monitor *m);
int catalog_missing(const struct replay_options *opts, const struct trace_input *in,
		    char *buf, size_t len);
void catalog_record_command(const struct replay_options *opts, char *buf, size_t len);

#endif
