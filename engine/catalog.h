/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What rvreplay knows about its monitors beyond their automata: the
 * container (rtapp), the profiles by kernel release, each monitor's
 * specification text, and the trace events each one needs: those that
 * route to the events its handlers take (monitors/routes.c), and those
 * the replay learns task facts from.
 */
#ifndef CATALOG_H
#define CATALOG_H

#include "replay.h"

#define CATALOG_WHY_LEN	192

struct event_need {
	enum trace_kind	kind;		/* TRACE_OTHER ends a list */
	bool		required;	/* without it the monitor cannot judge */
	bool		context;	/* for the reports only, recorded when asked
					   (rvreplay record --context-events) */
	char		why[CATALOG_WHY_LEN];
};

/* What no -m selects: the kernel's rtapp container. */
#define CATALOG_DEFAULT_CONTAINER	"rtapp"

bool catalog_is_container(const struct rv_profile *p, const char *name);
int catalog_select(const char *const *names, int nr, const struct rv_monitor *const *rules,
		   int nr_rules, struct replay_options *opts, char *err);
const struct rv_profile *catalog_profile_of(const char *release);
const struct rv_profile *catalog_choose_profile(struct trace_input *in, const char *name,
						char *err);
void catalog_profile_kernels(const struct rv_profile *p, char *buf, size_t len);
void catalog_profile_changes(const struct rv_profile *p, char *buf, size_t len);
const struct event_need *catalog_needs(const struct rv_monitor *m);
const char *catalog_need_label(const struct event_need *n);
const char *catalog_spec(const struct rv_monitor *m);
const char *catalog_atom_name(const struct rv_monitor *m, const char *short_name);

#endif
