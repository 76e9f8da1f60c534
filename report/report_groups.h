/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Violations grouped as a reader wants them: one group per task, monitor
 * and reason, with its count, first and last time, and in full only its
 * first and its worst violation (the longest wakeup-to-run, else the
 * longest sleep, else the fault with the most context). Every other
 * verdict is counted and let go. Only the first max_explained groups keep
 * those two in full (about 1.2 KB each); a group past them is its counts,
 * times and its worst's name (about 150 bytes), so a million groups stay
 * in a few hundred MB.
 */
#ifndef REPORT_GROUPS_H
#define REPORT_GROUPS_H

#include "key_index.h"
#include <stdbool.h>
#include <stdint.h>

#include "explain.h"
#include "text_pool.h"
#include "verdict.h"
#include "waivers.h"

struct verdict_group {
	const struct rv_monitor	*monitor;
	int			pid;		/* its instance: verdict_instance() */
	const char		*reason;	/* the report's text pool's */
	const struct waiver	*waiver;	/* covers these, or NULL */
	unsigned long		count;
	uint64_t		first_ts;
	uint64_t		last_ts;
	uint64_t		max_latency;	/* wakeup to running again; 0: none */
	uint64_t		max_sleep;
	/* the task's name: its last after report_end() (task_comms.h) */
	char			comm[TRACE_COMM_LEN];
	/* the comm at its first violation; after report_end(), only when not its last */
	char			was_comm[TRACE_COMM_LEN];
	/* its worst violation, told even when not kept */
	int			prio;
	enum verdict_cause	cause;
	uint64_t		worst_latency;
	uint64_t		worst_sleep;
	unsigned int		worst_context;
	struct verdict		*first;		/* deep copies, with their own context; */
	struct verdict		*worst;		/* one copy while the first is the worst; */
						/* both NULL past max_explained */
};

enum group_order {
	GROUP_BY_TIME,		/* first violation first */
	GROUP_BY_LATENCY,	/* longest wakeup-to-run first */
	GROUP_BY_SLEEP,		/* longest sleep first */
	GROUP_BY_COUNT,		/* most violations first */
};

struct verdict_groups {
	struct verdict_group	*groups;
	unsigned int		nr;
	struct key_index	by_key;		/* task, monitor, waiver, reason; until sorted */
	unsigned int		max_explained;	/* groups kept in full; 0: all */
	unsigned int		unexplained;	/* groups past it */
};

/* The groups whose violations a report keeps in full by default (--max-groups). */
#define GROUPS_MAX_EXPLAINED	10000
#define GROUP_NOT_KEPT		"not explained: past the first --max-groups groups (default " \
				"10000), a group is counted and its violations are not kept"

int groups_add(struct verdict_groups *g, struct text_pool *texts, const struct verdict *v,
	       const char *reason, const struct waiver *waiver);
void groups_sort(struct verdict_groups *g, enum group_order order);
void groups_release(struct verdict_groups *g);
uint64_t verdict_latency(const struct verdict *v);
uint64_t verdict_sleep(const struct verdict *v);

#endif
