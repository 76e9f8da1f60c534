/* SPDX-License-Identifier: GPL-2.0-only */
/* rvreplay watch --on-violation CMD (on_violation.c). */
#ifndef ON_VIOLATION_H
#define ON_VIOLATION_H

#include <stddef.h>
#include <sys/types.h>

#define ON_VIOLATION_SECONDS	10	/* each CMD's time, then SIGALRM */
#define ON_VIOLATION_QUEUE	32	/* lines waiting while a CMD runs */

struct on_violation {
	const char	*command;	/* NULL: none */
	pid_t		running;	/* the CMD running, or 0 */
	char		*queue[ON_VIOLATION_QUEUE];	/* lines waiting, oldest first */
	size_t		queue_len[ON_VIOLATION_QUEUE];
	int		queued;
	unsigned long	runs;
	unsigned long	skipped;	/* violations judged while one ran and the queue was full */
	unsigned long	failed;		/* CMDs that could not start, or did not exit 0 */
};

void on_violation_run(struct on_violation *ov, const char *line, size_t len);
void on_violation_poll(struct on_violation *ov);
void on_violation_finish(struct on_violation *ov);

#endif
