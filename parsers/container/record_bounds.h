/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a record of each event id must hold for libtraceevent to read it
 * without leaving the record: the end of its last fixed field, and its
 * dynamic fields (__data_loc, __rel_loc), whose place and length the
 * record itself gives. Built from the format texts as the kernel writes
 * them (tracedat_check.c), before libtraceevent parses any of them; used
 * by the page check before libtracecmd reads a file and before a record is
 * printed (trace_input.c).
 */
#ifndef RECORD_BOUNDS_H
#define RECORD_BOUNDS_H

#include <stdbool.h>
#include <stdint.h>

#include "ring_page.h"

#define RECORD_MAX_DYNAMIC	16
#define RECORD_MAX_ID		0xffff	/* a record's event id is 16 bits */

struct event_bounds {
	unsigned int	id;
	uint64_t	min_len;			/* end of its last fixed field */
	int		nr_dynamic;
	uint16_t	dynamic[RECORD_MAX_DYNAMIC];	/* offsets of the location words */
	bool		relative[RECORD_MAX_DYNAMIC];	/* __rel_loc */
};

struct record_bounds {
	struct event_bounds	*events;	/* sorted by id once sealed */
	int			nr_events;
	uint8_t			*seen;		/* a bit per id added, 0 to 0xffff */
	struct ring_layout	layout;		/* the file's byte order */
};

struct event_bounds *record_bounds_add(struct record_bounds *b, unsigned int id);
int event_bounds_field(struct event_bounds *e, long offset, long size, bool dynamic,
		       bool relative);
void record_bounds_seal(struct record_bounds *b);
bool record_bounds_fit(const struct record_bounds *b, const unsigned char *rec, uint64_t len);
void record_bounds_release(struct record_bounds *b);

#endif
