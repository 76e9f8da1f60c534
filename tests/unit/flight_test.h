/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The flight recorder's tests without tracefs (flight_test.c,
 * flight_window_test.c): a watch's session made by hand, its CPU files in
 * a folder of the test's and a tracefs of plain files there (the writer's
 * formats, the clock), pages of ftrace:print records written as the
 * kernel writes them, and what the recorder told of the files its child
 * wrote in --flight-dir. Every helper fails the running test (ck_assert)
 * rather than return an error.
 */
#ifndef FLIGHT_TEST_H
#define FLIGHT_TEST_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "flight.h"
#include "record_fixture.h"
#include "record_session.h"

#define SUBBUF		4096
#define US		1000ULL
#define MS		(1000 * US)
#define SEC		(1000 * MS)
#define RIG_CPUS	2
#define RIG_TOLD	8

/* A file the recorder told of. */
struct rig_told {
	char		file[PATH_MAX];
	uint64_t	ts[4];
	int		n;
	bool		ok;
};

/* A watch's session without tracefs, its flight recorder, and what it told. */
struct rig {
	char			dir[64];	/* the test's folder, removed at the end */
	char			flights[128];	/* --flight-dir, in it */
	char			tracing[128];	/* a tracefs of plain files, in it */
	struct record_options	ro;
	struct record_result	res;
	struct record_session	s;
	struct stream_cpu	cpus[RIG_CPUS];
	char			err[RECORD_ERR_LEN];
	struct flight_options	fo;		/* --keep 3s --after 1s --max-files 100 */
	struct flight		*fl;
	uint64_t		next[RIG_CPUS];	/* each CPU file's next page */
	struct rig_told		told[RIG_TOLD];
	int			nr_told;
};

void rig_init(struct rig *r);
void rig_free(struct rig *r);
void rig_start(struct rig *r);
void rig_pages(struct rig *r, uint64_t from, uint64_t to);
void rig_violation(struct rig *r);
void rig_put(const struct rig *r, const char *rel, const char *text);
const char *rig_text(const struct rig *r, const char *rel);
const char *rig_listing(const struct rig *r);
void rig_told_is(const struct rig *r, int i, const char *name, bool ok, int n, uint64_t ts);
void rig_read_back(const struct rig *r, const char *name, struct recording *rec,
		   struct trace_meta *meta);

#endif
