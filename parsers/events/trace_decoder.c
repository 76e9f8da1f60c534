// SPDX-License-Identifier: GPL-2.0-only
/*
 * The decoder, made when the trace is opened: each event's fields found by
 * name in the trace's formats (their offsets differ between kernels,
 * docs/semantics.md section 3), with the live monitors' events and those
 * the rules name; a field the event lacks is marked absent.
 */
#include <stdlib.h>
#include <string.h>

#include "switch_state.h"
#include "trace_decode_local.h"

static void set_field(struct field *f, const struct tep_format_field *tf)
{
	f->offset = tf ? tf->offset : -1;
	if (!tf)
		return;
	f->size = tf->size;
	f->elsize = tf->elementsize ? (int)tf->elementsize : tf->size;
	f->is_signed = tf->flags & TEP_FIELD_IS_SIGNED;
	/* far beyond any record: no overflow when adding to it */
	f->number = f->offset >= 0 && f->offset < (1 << 30) && f->elsize > 0 && f->elsize <= 8;
	f->sign_shift = f->number && f->is_signed ? 64 - 8 * f->elsize : 0;
	f->end = f->number ? f->offset + f->elsize : 0;
	f->dynamic = tf->flags & TEP_FIELD_IS_DYNAMIC;
	f->relative = tf->flags & TEP_FIELD_IS_RELATIVE;
}

static int field_end(const struct field *f)
{
	if (f->offset < 0 || f->offset >= (1 << 30))
		return 0;
	return f->offset + (f->dynamic ? 4 : f->size);
}

/* What a record of a kind must hold for every field the decoder reads. */
static void need_fields(struct trace_decoder *d, enum trace_kind kind)
{
	int need = field_end(&d->common_pid);

	if (field_end(&d->common_flags) > need)
		need = field_end(&d->common_flags);
	for (int i = 0; i < MAX_FIELDS; i++)
		if (field_end(&d->fields[kind][i]) > need)
			need = field_end(&d->fields[kind][i]);
	d->need[kind] = need;
}

static void find_kind(struct trace_decoder *d, enum trace_kind kind)
{
	const struct event_desc *desc = &trace_decode_descs[kind];
	struct tep_event *ev = tep_find_event_by_name(d->tep, desc->system, desc->name);

	for (int i = 0; i < MAX_FIELDS; i++)
		d->fields[kind][i].offset = -1;
	if (!ev || ev->id < 0 || ev->id >= NR_EVENT_IDS)
		return;
	d->present[kind] = true;
	d->kinds[ev->id] = kind;
	for (int i = 0; i < MAX_FIELDS && desc->fields[i].as != AS_END; i++)
		if (desc->fields[i].name)
			set_field(&d->fields[kind][i], tep_find_field(ev, desc->fields[i].name));
	if (d->common_pid.offset < 0) {
		set_field(&d->common_pid, tep_find_common_field(ev, "common_pid"));
		set_field(&d->common_flags, tep_find_common_field(ev, "common_flags"));
	}
	need_fields(d, kind);
}

/*
 * Which layout an rv event has, by its fields: an LTL monitor's "states",
 * else a deterministic automaton's "state", with an "id" per task or
 * object, without one per CPU or global.
 */
static void rv_event_fields(struct rv_event_desc *r, struct tep_event *ev)
{
	struct tep_format_field *state = tep_find_field(ev, "state");

	set_field(&r->comm, tep_find_field(ev, "comm"));
	if (tep_find_field(ev, "states") || !state) {
		r->layout = TRACE_RV_LTL;
		set_field(&r->pid, tep_find_field(ev, "pid"));
		set_field(&r->states, tep_find_field(ev, "states"));
		set_field(&r->atoms, tep_find_field(ev, "atoms"));
		set_field(&r->next, tep_find_field(ev, "next"));
		return;
	}
	r->layout = tep_find_field(ev, "id") ? TRACE_RV_DA : TRACE_RV_DA_IMPLICIT;
	set_field(&r->pid, tep_find_field(ev, "id"));
	set_field(&r->states, state);
	set_field(&r->atoms, tep_find_field(ev, "event"));
	set_field(&r->next, tep_find_field(ev, r->env ? "env" : "next_state"));
}

static void find_rv_event(struct trace_decoder *d, struct tep_event *ev)
{
	static const char *const systems[] = TRACE_RV_SYSTEMS;
	struct rv_event_desc *r;
	bool error, env;

	if (d->nr_rv == MAX_RV_EVENTS || ev->id < 0 || ev->id >= NR_EVENT_IDS)
		return;
	error = !strncmp(ev->name, "error_", 6);
	if (!error && strncmp(ev->name, "event_", 6))
		return;
	/* error_env_<monitor>: a hybrid automaton's constraint */
	env = error && !strncmp(ev->name, "error_env_", 10) && ev->name[10];
	for (size_t i = 0; i < sizeof(systems) / sizeof(systems[0]); i++) {
		if (strcmp(ev->system, systems[i]))
			continue;
		r = &d->rv[d->nr_rv];
		memset(r, 0, sizeof(*r));
		r->id = ev->id;
		r->env = env;
		r->system = strdup(ev->system);
		r->monitor = strdup(ev->name + (env ? 10 : 6));
		if (!r->system || !r->monitor) {
			free(r->system);
			free(r->monitor);
			return;
		}
		rv_event_fields(r, ev);
		d->kinds[ev->id] = error ? TRACE_RV_ERROR : TRACE_RV_EVENT;
		d->present[d->kinds[ev->id]] = true;
		d->nr_rv++;
		return;
	}
}

/* A field read as a string: a char array, fixed or __data_loc. */
static bool is_string(const struct tep_format_field *tf)
{
	return (tf->flags & TEP_FIELD_IS_STRING) ||
	       ((tf->flags & TEP_FIELD_IS_ARRAY) && tf->elementsize == 1);
}

/* The events rules name, with the fields they read (common_* ones too). */
static void find_user_events(struct trace_decoder *d)
{
	for (int k = 0; k < trace_user_count(); k++) {
		const struct trace_user_event *u = trace_user_event(k);
		struct user_event_desc *desc = &d->user[d->nr_user++];
		struct tep_event *ev = tep_find_event_by_name(d->tep, u->system, u->name);

		desc->id = -1;
		for (int f = 0; f < TRACE_USER_FIELDS; f++)
			desc->fields[f].offset = -1;
		if (!ev || ev->id < 0 || ev->id >= NR_EVENT_IDS || d->kinds[ev->id] != TRACE_OTHER)
			continue;
		desc->id = ev->id;
		set_field(&desc->task, u->task[0] ? tep_find_any_field(ev, u->task) : NULL);
		desc->task_missing = u->task[0] && desc->task.offset < 0;
		d->kinds[ev->id] = TRACE_USER;
		d->present[TRACE_USER] = true;
		for (int f = 0; f < u->nr_fields; f++) {
			struct tep_format_field *tf = tep_find_any_field(ev, u->fields[f]);

			set_field(&desc->fields[f], tf);
			desc->string[f] = tf && is_string(tf);
		}
	}
}

/**
 * trace_decoder_new() - learn the fields of the events the replay decodes
 * @tep: the trace's event formats
 *
 * Return: the decoder, or NULL when memory runs out.
 */
struct trace_decoder *trace_decoder_new(struct tep_handle *tep)
{
	struct trace_decoder *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->others = calloc(NR_EVENT_IDS / 8, 1);
	if (!d->others) {
		free(d);
		return NULL;
	}
	d->tep = tep;
	d->big_endian = tep_is_file_bigendian(tep);
	d->swap = d->big_endian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	d->common_pid.offset = -1;
	d->common_flags.offset = -1;
	for (int k = TRACE_OTHER + 1; k < TRACE_PRINT + 1; k++)
		find_kind(d, k);
	d->preempt_bit = switch_state_preempt_bit(tep_find_event_by_name(tep, "sched",
									 "sched_switch"));
	for (int i = 0; i < tep_get_events_count(tep); i++) {
		struct tep_event *ev = tep_get_event(tep, i);

		find_rv_event(d, ev);
		if (ev->id >= 0 && ev->id < NR_EVENT_IDS)
			d->formatted[ev->id >> 3] |= 1 << (ev->id & 7);
	}
	find_user_events(d);
	return d;
}

/**
 * trace_decoder_free() - free a decoder
 * @d: the decoder, or NULL
 */
void trace_decoder_free(struct trace_decoder *d)
{
	if (!d)
		return;
	for (int i = 0; i < d->nr_rv; i++) {
		free(d->rv[i].system);
		free(d->rv[i].monitor);
	}
	free(d->others);
	free(d);
}

/**
 * trace_decoder_saw_other() - whether records of an event it does not decode were met
 * @d: the decoder
 * @id: the event id
 *
 * Return: true when a record of @id was decoded as TRACE_OTHER since the
 * decoder was made (its format unknown or unparsed, or not one it reads).
 */
bool trace_decoder_saw_other(const struct trace_decoder *d, int id)
{
	return id >= 0 && id < NR_EVENT_IDS && (d->others[id >> 3] & (1 << (id & 7)));
}

/**
 * trace_decoder_user_has() - whether the trace knows an event a rule names, and a field of it
 * @d: the decoder
 * @event: its trace_user.h index
 * @field: the index of one of its fields; -1: the event alone; -2: its task's field
 *
 * Return: true when its format is in the file, with that field.
 */
bool trace_decoder_user_has(const struct trace_decoder *d, int event, int field)
{
	if (event < 0 || event >= d->nr_user || d->user[event].id < 0)
		return false;
	if (field == -2)
		return !d->user[event].task_missing;
	return field < 0 || (field < TRACE_USER_FIELDS && d->user[event].fields[field].offset >= 0);
}

/**
 * trace_decoder_has() - whether the trace knows an event (its format is in the file)
 * @d: the decoder
 * @kind: the event
 *
 * Return: true when present.
 */
bool trace_decoder_has(const struct trace_decoder *d, enum trace_kind kind)
{
	return d->present[kind];
}
