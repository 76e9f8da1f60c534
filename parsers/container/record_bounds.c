// SPDX-License-Identifier: GPL-2.0-only
/*
 * The bounds of each event's records, from its format's field lines.
 */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "record_bounds.h"

/**
 * record_bounds_add() - a new event id
 * @b: the bounds of a file
 * @id: the event's id
 *
 * Return: its bounds, empty, or NULL when the id is already there, is over
 * RECORD_MAX_ID or memory runs out.
 */
struct event_bounds *record_bounds_add(struct record_bounds *b, unsigned int id)
{
	struct event_bounds *e;

	if (!b->seen)
		b->seen = calloc((RECORD_MAX_ID + 1) / 8, 1);
	if (!b->seen || id > RECORD_MAX_ID || b->seen[id / 8] & (1U << id % 8))
		return NULL;
	b->seen[id / 8] |= 1U << id % 8;
	if (grow_room(&b->events, b->nr_events, sizeof(*b->events)))
		return NULL;
	e = &b->events[b->nr_events++];
	memset(e, 0, sizeof(*e));
	e->id = id;
	return e;
}

/**
 * event_bounds_field() - one field of an event
 * @e: the event
 * @offset: the field's offset in the record
 * @size: its size
 * @dynamic: a __data_loc or __rel_loc field: a 4-byte location word
 * @relative: __rel_loc: the location counts from the end of the word
 *
 * Return: 0, or -1 for a field no kernel writes (too far, a location word
 * not of 4 bytes, too many dynamic fields).
 */
int event_bounds_field(struct event_bounds *e, long offset, long size, bool dynamic,
		       bool relative)
{
	if (offset < 0 || size < 0 || offset > 0xffff || size > 0xffff)
		return -1;
	if (dynamic) {
		if (size != 4 || e->nr_dynamic == RECORD_MAX_DYNAMIC)
			return -1;
		e->relative[e->nr_dynamic] = relative;
		e->dynamic[e->nr_dynamic++] = offset;
	}
	if ((uint64_t)(offset + size) > e->min_len)
		e->min_len = offset + size;
	return 0;
}

static int by_id(const void *a, const void *b)
{
	const struct event_bounds *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

/**
 * record_bounds_seal() - every event added: ready for lookups
 * @b: the bounds
 */
void record_bounds_seal(struct record_bounds *b)
{
	if (b->nr_events)
		qsort(b->events, b->nr_events, sizeof(*b->events), by_id);
}

/**
 * record_bounds_fit() - whether all libtraceevent reads of a record lie inside it
 * @b: the sealed bounds
 * @rec: the record's payload (common fields first)
 * @len: its length
 *
 * Return: true when it does, or when its id has no format (printed as an
 * unknown event, reading nothing).
 */
bool record_bounds_fit(const struct record_bounds *b, const unsigned char *rec, uint64_t len)
{
	struct event_bounds key, *e;

	if (len < 2)
		return false;
	key.id = ring_read2(&b->layout, rec);
	e = b->nr_events ? bsearch(&key, b->events, b->nr_events, sizeof(*e), by_id) : NULL;
	if (!e)
		return true;
	if (len < e->min_len)
		return false;
	for (int i = 0; i < e->nr_dynamic; i++) {
		uint32_t loc = ring_read4(&b->layout, rec + e->dynamic[i]);
		uint64_t start = loc & 0xffff, size = loc >> 16;

		if (e->relative[i])
			start += e->dynamic[i] + 4;
		if (start + size > len)
			return false;
	}
	return true;
}

/**
 * record_bounds_release() - free the bounds' table
 * @b: the bounds
 */
void record_bounds_release(struct record_bounds *b)
{
	free(b->events);
	free(b->seen);
	memset(b, 0, sizeof(*b));
}
