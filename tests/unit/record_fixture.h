/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Test fixture: the records of one iteration kept (each field of struct
 * trace_record, a marker's text copied), and a record compared with a kept
 * one field by field: the readers' tests compare two readings of a trace.
 */
#ifndef RECORD_FIXTURE_H
#define RECORD_FIXTURE_H

#include <stdbool.h>
#include <stddef.h>

#include "trace_input.h"

struct saved {
	struct trace_record	rec;
	char			*print;		/* a copy of print.buf */
};

struct recording {
	struct saved		*recs;
	size_t			nr;
	size_t			cap;
	size_t			checked;	/* the other reading's records compared */
	const char		*path;
};

int recording_save(void *data, const struct trace_record *rec);
void recording_free(struct recording *r);
void same_record(const struct saved *s, const struct trace_record *b, bool offsets);
void same_saved(const struct saved *a, const struct saved *b, bool offsets);

#endif
