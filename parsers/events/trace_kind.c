// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kinds of events the decoder reads, by name: an event's kind from its
 * system and name and back, and the fields of TRACE_EVENTS() a filter can
 * read from a decoded record, found by their names in the event.
 */
#include <string.h>

#include "trace_decode_local.h"

/**
 * trace_kind_event() - the "system:event" name of a decoded kind
 * @kind: the kind
 *
 * Return: the name, or "other".
 */
const char *trace_kind_event(enum trace_kind kind)
{
	if (kind == TRACE_RV_EVENT)
		return "rv:event_<monitor>";
	if (kind == TRACE_RV_ERROR)
		return "rv:error_<monitor>";
	if (kind == TRACE_USER)
		return "a rule's trace event";
	if (kind <= TRACE_OTHER || kind >= TRACE_NR_KINDS)
		return "other";
	return trace_decode_descs[kind].full;
}

/**
 * trace_kind_find() - the kind the decoder gives an event
 * @system: "sched"
 * @event: "sched_switch"
 *
 * Return: the kind (TRACE_USER for one a rule names: trace_user.h), or
 * TRACE_OTHER for an event the replay does not decode.
 */
enum trace_kind trace_kind_find(const char *system, const char *event)
{
	static const char *const rv_systems[] = TRACE_RV_SYSTEMS;

	for (int k = TRACE_OTHER + 1; k < TRACE_NR_KINDS; k++) {
		const struct event_desc *desc = &trace_decode_descs[k];

		if (desc->full && !strcmp(desc->system, system) && !strcmp(desc->name, event))
			return k;
	}
	/* the live monitors' own: rv:event_<monitor>, rvreplay:error_<monitor>... */
	for (size_t i = 0; i < sizeof(rv_systems) / sizeof(rv_systems[0]); i++) {
		if (strcmp(system, rv_systems[i]))
			continue;
		if (!strncmp(event, "event_", 6))
			return TRACE_RV_EVENT;
		if (!strncmp(event, "error_", 6))
			return TRACE_RV_ERROR;
	}
	if (trace_user_find(system, event) >= 0)
		return TRACE_USER;
	return TRACE_OTHER;
}

/* A field of TRACE_EVENTS() a filter can read: a number or a string, not sys_enter's args. */
static bool readable(const struct field_desc *f)
{
	return f->name && f->as != AS_ARGS && f->as != AS_PRINT && f->as != AS_END;
}

/**
 * trace_kind_field() - a field the decoder reads of an event, by its name in the event
 * @kind: the event
 * @name: "prio", "prev_state"...
 *
 * Return: its index for trace_record_field(), or -1 when it is not read.
 */
int trace_kind_field(enum trace_kind kind, const char *name)
{
	const struct field_desc *fields;

	if (kind <= TRACE_OTHER || kind >= TRACE_NR_KINDS || !trace_decode_descs[kind].full)
		return -1;
	fields = trace_decode_descs[kind].fields;
	for (int i = 0; i < MAX_FIELDS && fields[i].as != AS_END; i++)
		if (readable(&fields[i]) && !strcmp(fields[i].name, name))
			return i;
	return -1;
}

/**
 * trace_kind_fields() - the names of the fields trace_kind_field() finds
 * @kind: the event
 * @names: gets up to @max
 * @max: room
 *
 * Return: how many.
 */
int trace_kind_fields(enum trace_kind kind, const char **names, int max)
{
	const struct field_desc *fields;
	int n = 0;

	if (kind <= TRACE_OTHER || kind >= TRACE_NR_KINDS || !trace_decode_descs[kind].full)
		return 0;
	fields = trace_decode_descs[kind].fields;
	for (int i = 0; i < MAX_FIELDS && fields[i].as != AS_END && n < max; i++)
		if (readable(&fields[i]))
			names[n++] = fields[i].name;
	return n;
}

/**
 * trace_record_field() - a field of a decoded record, by trace_kind_field()'s index
 * @rec: the record
 * @field: the index, of @rec's kind
 * @num: gets a number's value
 * @str: gets a string's (into @rec), NULL for a number
 *
 * Return: false when the index is not a readable field of @rec's kind.
 */
bool trace_record_field(const struct trace_record *rec, int field, long long *num,
			const char **str)
{
	const struct field_desc *f;
	const char *at;

	if (!rec || rec->kind <= TRACE_OTHER || rec->kind >= TRACE_NR_KINDS || field < 0 ||
	    field >= MAX_FIELDS || !readable(&trace_decode_descs[rec->kind].fields[field]))
		return false;
	f = &trace_decode_descs[rec->kind].fields[field];
	at = (const char *)rec + f->at;
	*str = NULL;
	*num = 0;
	switch (f->as) {
	case AS_INT:
		*num = *(const int *)at;
		break;
	case AS_UINT:
		*num = *(const unsigned int *)at;
		break;
	case AS_LONG:
		*num = *(const long *)at;
		break;
	case AS_U64:
		*num = (long long)*(const uint64_t *)at;
		break;
	case AS_STRING:
		*str = at;
		break;
	default:
		return false;
	}
	return true;
}

/**
 * trace_decode_wants() - whether the decoder reads an event's records
 * @system: its system
 * @name: its name
 *
 * Return: true for the kinds it decodes and the live monitors' events
 * (event_* and error_* of TRACE_RV_SYSTEMS): the formats parsed at once.
 */
bool trace_decode_wants(const char *system, const char *name)
{
	return trace_kind_find(system, name) != TRACE_OTHER;	/* the rules' events too */
}
