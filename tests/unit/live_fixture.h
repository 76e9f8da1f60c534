/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Test fixture: a live source made of a recorded trace. Its pages are given
 * to the live reader tick by tick, as a watcher reading per_cpu/cpuN/
 * trace_pipe_raw would give them, each tick up to a time T that grows by
 * random steps: whole pages only, or pages read while the kernel writes
 * them (a page given again as it grows, or the part written since the
 * last read as a sub-buffer of its own, the kernel's copy path). With
 * it, the header-only trace.dat of the same trace; and the live reading
 * of it, what it met besides its records, and the file reading it is
 * compared with (live_reading.c).
 */
#ifndef LIVE_FIXTURE_H
#define LIVE_FIXTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "record_fixture.h"
#include "ring_page.h"
#include "trace_input.h"

#define LIVE_FEED_CPUS	4

/* How the pages of a tick are read. */
enum live_cut {
	LIVE_CUT_WHOLE,		/* a page once all its records are written */
	LIVE_CUT_GROWING,	/* a page read again as it grows: its committed prefix */
	LIVE_CUT_SPLIT,		/* what was written since the last read, a sub-buffer
				   of its own in the next place (ring_buffer_read_page()) */
};

/* One page of the trace, and its records' times. */
struct feed_page {
	const unsigned char	*data;
	uint32_t		len;
	uint64_t		offset;		/* its record offset in the file */
	int			nr;
	uint64_t		*ts;		/* [nr] */
	uint32_t		*end;		/* [nr] the commit just after each record */
	uint64_t		min_ts;
};

struct feed_cpu {
	int			cpu;
	void			*bytes;		/* the CPU's data, read from the file */
	struct feed_page	*pages;
	int			nr_pages;
	uint64_t		*suffix_min;	/* [nr_pages + 1] the oldest time from page i on */
	int			pi;		/* the next page not given whole */
	int			di;		/* its records given */
	uint64_t		split_at;	/* SPLIT: the next sub-buffer's place */
	uint64_t		split_base;	/* SPLIT: the first one's */
};

/* A sub-buffer made and given, kept for page_at() and to give again. */
struct feed_made {
	int			cpu;
	uint64_t		offset;
	unsigned char		*data;
	uint32_t		len;
};

struct live_feed {
	enum live_cut		cut;
	bool			again;		/* each CPU's last page given again next pull */
	bool			ignore_room;	/* give pages past the reader's room */
	int			late_cpu;	/* -1, or a CPU held back, "now" said without it */
	uint64_t		late_until;	/*   until the ticks pass this time */
	struct ring_layout	layout;
	uint32_t		page_size;
	int			long_size;	/* the commit word's */
	struct feed_cpu		cpus[LIVE_FEED_CPUS];
	int			nr_cpus;
	uint64_t		t;
	uint64_t		first_ts;
	uint64_t		last_ts;
	uint64_t		step_max;	/* ns */
	unsigned int		seed;
	int			pulls;
	uint64_t		most_room;	/* the largest room a pull was given */
	/* given in the last pull: scribbled over and freed at the next */
	struct trace_live_page	*pages;
	int			nr;
	int			cap;
	struct feed_made	*given;
	int			nr_given;
	/* every SPLIT sub-buffer, for page_at() */
	struct feed_made	*made;
	int			nr_made;
	int			cap_made;
	struct trace_cpu_stats	*stats;
	int			nr_stats;
	void			*user;		/* the test's, for its late() */
};

void live_feed_init(struct live_feed *f, const char *path, enum live_cut cut, unsigned int seed);
void live_feed_free(struct live_feed *f);
void live_feed_options(struct live_feed *f, struct trace_live_options *o);
int live_feed_pull(void *data, struct trace_live_batch *b, char *err);
const void *live_feed_page_at(void *data, int cpu, uint64_t offset, uint32_t *len);
char *live_header_of(const char *path);
char *live_stretched_of(const char *path);

/* What a live reading met besides its records. */
struct live_seen {
	struct recording	recs;
	struct live_feed	*feed;
	int			before_end;	/* records given before the feed's last tick */
	struct trace_live_late	late[256];
	int			nr_late;
	int			late_pulls;	/* the pulls that had late records */
	int			last_late_pull;
	int			holds_left;	/* the held CPU held again after a late pull */
	uint64_t		hold_for;
};

int live_seen_save(void *data, const struct trace_record *rec);
void live_seen_late(void *data, const struct trace_live_late *late);
struct trace_input *live_open_file(const char *path);
struct trace_input *live_open(const char *header, const struct trace_live_options *o);
void live_same_lines(struct trace_input *file, const struct recording *want,
		     struct trace_input *live, const struct recording *got);

#endif
