/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A one-line progress indicator on stderr for long work (a replay, a
 * recording): what is done, the rate, the time left. One at a time, like
 * the terminal line it draws on. Drawn only when stderr is a terminal and
 * the work has lasted RVREPLAY_PROGRESS_DELAY seconds (default 1); never
 * after progress_disable() (-q, --json). progress_update() is cheap enough
 * to call for every record: it reads the clock only every so many calls.
 */
#ifndef PROGRESS_H
#define PROGRESS_H

#include <stdint.h>

enum progress_unit {
	PROGRESS_EVENTS,	/* records, shown as 1.2M events */
	PROGRESS_BYTES,		/* shown as 12.3 MiB */
};

void progress_disable(void);
void progress_begin(const char *what, enum progress_unit unit, uint64_t total);
void progress_deadline(double seconds);
void progress_update(uint64_t done);
void progress_clear(void);
void progress_end(void);

#endif
