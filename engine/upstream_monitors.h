/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The runtime-verification monitors of the kernel (Linux 7.3 has 15), as
 * data: what each one is and what a trace would need for it. rvreplay
 * replays those of rv_monitor_list[] (monitors/monitor_list.c), which stay
 * the truth for them; the others are listed honestly, never judged.
 */
#ifndef UPSTREAM_MONITORS_H
#define UPSTREAM_MONITORS_H

#include <stdbool.h>
#include <stddef.h>

struct upstream_monitor {
	const char		*name;
	const char		*description;	/* the kernel's own .description */
	const char		*type;		/* "DA", "HA", "LTL", or how it changed */
	const char		*instance;	/* "per task", "per CPU", ... */
	const char		*since;		/* the first kernel release with it */
	const char		*container;	/* "sched", or NULL for none */
	const char		*hooks;		/* the tracepoints its handlers attach */
	const char		*needs;		/* what a trace would need, one sentence */
	const char		*note;		/* more to know, or NULL */
	const char *const	*events;	/* the trace events to record, NULL-ended */
	const char *const	*probes;	/* dynamic_events lines, NULL-ended; NULL: none */
};

/* Ends with a NULL name. */
extern const struct upstream_monitor upstream_monitors[];

const struct upstream_monitor *upstream_monitor_find(const char *name);
bool upstream_monitor_replayed(const struct upstream_monitor *u);
int upstream_monitor_count(bool replayed);
void upstream_record_command(const struct upstream_monitor *u, char *buf, size_t len);
bool upstream_not_replayed(const char *name, char *err, size_t len);

#endif
