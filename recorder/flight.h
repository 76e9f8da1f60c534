/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The flight recorder of rvreplay watch (issue 31, docs/design/watch.md
 * section 3 as built): the pages of the last --keep stay in the work
 * folder's CPU files (older ones are punched out, so the disk holds the
 * window, whatever the run's length), and --after a violation a child
 * writes violation-N.dat into --flight-dir: the start of the watch (its
 * metadata lines: events, HZ, tasks), then each CPU's pages of the window,
 * the first of them flagged as following lost events, so a replay starts
 * its monitors over there as after any gap, and replays the window.
 */
#ifndef FLIGHT_H
#define FLIGHT_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct record_session;

struct flight_options {
	const char	*dir;		/* --flight-dir; NULL: no flight recorder */
	uint64_t	keep_ns;	/* --keep TIME (0: by bytes) */
	uint64_t	keep_bytes;	/* --keep SIZE, all CPUs (0: by time) */
	uint64_t	after_ns;	/* --after */
	unsigned long	max_files;	/* --max-files */
	/* a file written (or not, @ok false), with the times of its violations */
	void		(*told)(void *data, const char *file, const uint64_t *ts, int n, bool ok);
	void		*data;
};

struct flight;

struct flight *flight_new(const struct flight_options *o, int nr_cpus, uint32_t subbuf);
void flight_free(struct flight *fl);
void flight_page(struct flight *fl, int index, uint64_t offset, const void *page);
void flight_started(struct flight *fl);
bool flight_request(struct flight *fl, uint64_t ts);
void flight_pull(struct flight *fl, struct record_session *s, uint64_t now_ns);
void flight_end(struct flight *fl, struct record_session *s);
bool flight_kept(const struct flight *fl, int index, uint64_t offset);

#endif
