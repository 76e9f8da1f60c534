/* SPDX-License-Identifier: GPL-2.0-only */
/* rvreplay watch --on-violation CMD (on_violation.c). */
#ifndef ON_VIOLATION_H
#define ON_VIOLATION_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define ON_VIOLATION_SECONDS	10	/* each CMD's time, then SIGKILL to its process group */
#define ON_VIOLATION_QUEUE	32	/* lines waiting while a CMD runs */
#define ON_VIOLATION_END_MS	1000	/* at the end, the time left to the CMDs in all */

struct on_violation {
	const char	*command;	/* NULL: none */
	pid_t		running;	/* the CMD running (its process group), or 0 */
	uint64_t	started_ns;	/* when it started (CLOCK_MONOTONIC) */
	char		*queue[ON_VIOLATION_QUEUE];	/* lines waiting, oldest first */
	size_t		queue_len[ON_VIOLATION_QUEUE];
	int		queued;
	unsigned long	runs;
	unsigned long	skipped;	/* violations judged while one ran and the queue was full */
	unsigned long	unfit;		/* lines longer than a pipe can hold */
	unsigned long	not_run;	/* lines still waiting at the end */
	unsigned long	failed;		/* CMDs that could not start, did not exit 0 or were killed */
};

void on_violation_run(struct on_violation *ov, const char *line, size_t len);
void on_violation_poll(struct on_violation *ov);
void on_violation_finish(struct on_violation *ov);
unsigned long on_violation_lost(const struct on_violation *ov);

#endif
