// SPDX-License-Identifier: GPL-2.0-only
/*
 * Record decoding. Each event's fields are found by name when the trace is
 * opened (their offsets differ between kernels, docs/semantics.md section 3);
 * a field the event lacks reads as unknown. Every read is bounds-checked
 * against the record, which may come from a corrupted file.
 */
#include <stdlib.h>
#include <string.h>

#include "switch_state.h"
#include "trace_decode.h"

#define MAX_FIELDS	7
#define NR_EVENT_IDS	65536

/* Run for every record: kept inline in the decoding of each event. */
#define __record_inline	inline __attribute__((always_inline))

struct field {
	int		offset;		/* -1: the event has no such field */
	int		size;
	int		elsize;
	bool		number;		/* a number the decoder can load: 1 to 8 bytes */
	int		end;		/* one past its first element */
	unsigned char	sign_shift;	/* sign-extends a smaller signed number */
	bool		is_signed;
	bool		dynamic;	/* __data_loc */
	bool		relative;	/* __rel_loc */
};

/* Where a decoded field goes in struct trace_record, and as what. */
enum field_as {
	AS_END,		/* ends an event's fields */
	AS_INT,		/* int */
	AS_UINT,	/* unsigned int */
	AS_LONG,	/* long */
	AS_U64,		/* uint64_t */
	AS_STRING,	/* char[size], cut and NUL-terminated */
	AS_ARGS,	/* unsigned long[6]: sys_enter's arguments */
	AS_PRINT,	/* ftrace:print's text, and our marker lines in it */
};

struct field_desc {
	const char	*name;		/* NULL: no such field in the event, @dflt always */
	enum field_as	as;
	unsigned short	at;		/* offsetof(struct trace_record, ...) */
	unsigned short	size;		/* AS_STRING: the buffer's */
	int64_t		dflt;		/* when absent or outside the record */
};

/* An event's decoder, made from its entry of TRACE_EVENTS() (trace_record.h). */
struct event_desc {
	const char		*full;		/* "system:name" */
	const char		*system;
	const char		*name;
	struct field_desc	fields[MAX_FIELDS];
};

#define AT(member)		offsetof(struct trace_record, member)
#define NUM(field, as, to, dflt)	{ field, as, AT(to), 0, dflt }
#define STR(field, to)		{ field, AS_STRING, AT(to), sizeof(((struct trace_record *)0)->to), 0 }
/* A task: its comm, pid and prio fields (prio NULL: the event has none) */
#define TASK(comm_f, pid_f, prio_f, to)						\
	STR(comm_f, to.comm), NUM(pid_f, AS_INT, to.pid, -1),			\
	NUM(prio_f, AS_INT, to.prio, TRACE_UNKNOWN_PRIO)
#define EVENT(sys, ev, ...)		{ sys ":" ev, sys, ev, { __VA_ARGS__ } }

/* The decoder of each event of TRACE_EVENTS() (trace_record.h), by kind. */
#define DESC(kind, sys, ev, ...)	[TRACE_##kind] = EVENT(sys, ev, __VA_ARGS__),

static const struct event_desc descs[TRACE_NR_KINDS] = {
	TRACE_EVENTS(DESC)
};

/* The live monitors' events, found by name pattern: one entry per event id. */
struct rv_event_desc {
	int			id;
	char			*system;
	char			*monitor;
	enum trace_rv_layout	layout;
	bool			env;
	struct field		comm;
	struct field		pid;		/* a DA's id */
	struct field		states;		/* a DA's state */
	struct field		atoms;		/* a DA's event */
	struct field		next;		/* a DA's next_state, or env */
};

#define MAX_RV_EVENTS	64

/* An event a rule names (trace_user.h): its id in this trace and the fields read. */
struct user_event_desc {
	int			id;		/* -1: not in this trace */
	struct field		task;		/* its pid field; offset -1: common_pid */
	bool			task_missing;	/* the field named is not in this trace */
	struct field		fields[TRACE_USER_FIELDS];
	bool			string[TRACE_USER_FIELDS];
};

/* The bytes of one record: what every read is checked against. */
struct payload {
	const unsigned char	*data;
	int			size;		/* never negative */
};

struct trace_decoder {
	struct tep_handle	*tep;
	bool			big_endian;	/* the file's byte order */
	bool			swap;		/* it is not ours */
	struct field		common_pid;
	struct field		common_flags;
	struct field		fields[TRACE_NR_KINDS][MAX_FIELDS];
	bool			present[TRACE_NR_KINDS];
	int			need[TRACE_NR_KINDS];	/* bytes holding every field read */
	unsigned char		kinds[NR_EVENT_IDS];	/* event id -> enum trace_kind */
	uint8_t			formatted[NR_EVENT_IDS / 8];	/* ids the file has a format of */
	/* a bit per event id of the records decoded as TRACE_OTHER, set while decoding */
	uint8_t			*others;
	struct rv_event_desc	rv[MAX_RV_EVENTS];
	int			nr_rv;
	struct user_event_desc	user[TRACE_USER_EVENTS];
	int			nr_user;
	unsigned long		preempt_bit;	/* sched_switch's, from its print fmt; 0 unknown */
};

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
	return descs[kind].full;
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

	for (int k = TRACE_OTHER + 1; k < TRACE_NR_KINDS; k++)
		if (descs[k].full && !strcmp(descs[k].system, system) && !strcmp(descs[k].name, event))
			return k;
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
	if (kind <= TRACE_OTHER || kind >= TRACE_NR_KINDS || !descs[kind].full)
		return -1;
	for (int i = 0; i < MAX_FIELDS && descs[kind].fields[i].as != AS_END; i++)
		if (readable(&descs[kind].fields[i]) && !strcmp(descs[kind].fields[i].name, name))
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
	int n = 0;

	if (kind <= TRACE_OTHER || kind >= TRACE_NR_KINDS || !descs[kind].full)
		return 0;
	for (int i = 0; i < MAX_FIELDS && descs[kind].fields[i].as != AS_END && n < max; i++)
		if (readable(&descs[kind].fields[i]))
			names[n++] = descs[kind].fields[i].name;
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
	    field >= MAX_FIELDS || !readable(&descs[rec->kind].fields[field]))
		return false;
	f = &descs[rec->kind].fields[field];
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
	const struct event_desc *desc = &descs[kind];
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

static __record_inline bool inside(const struct payload *rec, int offset, int size)
{
	return offset >= 0 && size >= 0 && rec->size >= 0 && offset <= rec->size &&
	       size <= rec->size - offset;
}

/* An unsigned number of 1, 2, 4 or 8 bytes, else of any size up to 8. */
static __record_inline uint64_t load(const struct trace_decoder *d, const unsigned char *p, int size)
{
	uint64_t v = 0;
	uint32_t v32;
	uint16_t v16;

	switch (size) {
	case 1:
		return p[0];
	case 2:
		memcpy(&v16, p, 2);
		return d->swap ? __builtin_bswap16(v16) : v16;
	case 4:
		memcpy(&v32, p, 4);
		return d->swap ? __builtin_bswap32(v32) : v32;
	case 8:
		memcpy(&v, p, 8);
		return d->swap ? __builtin_bswap64(v) : v;
	}
	for (int i = 0; i < size; i++) {
		int shift = d->big_endian ? (size - 1 - i) * 8 : i * 8;

		v |= (uint64_t)p[i] << shift;
	}
	return v;
}

/* A number field at element @index, or @dflt when absent or out of the record. */
static __record_inline int64_t number_at(const struct trace_decoder *d, const struct payload *rec,
					 const struct field *f, int index, int64_t dflt)
{
	int64_t off = f->offset + (int64_t)index * f->elsize;
	uint64_t v;

	if (!f->number || off + f->elsize > rec->size)
		return dflt;
	v = load(d, rec->data + off, f->elsize);
	return f->sign_shift ? (int64_t)(v << f->sign_shift) >> f->sign_shift : (int64_t)v;
}

static __record_inline int64_t number(const struct trace_decoder *d, const struct payload *rec,
				      const struct field *f, int64_t dflt)
{
	uint64_t v;

	if (!f->number || f->end > rec->size)
		return dflt;
	v = load(d, rec->data + f->offset, f->elsize);
	return f->sign_shift ? (int64_t)(v << f->sign_shift) >> f->sign_shift : (int64_t)v;
}

/* The six arguments of sys_enter: one copy when they are native longs. */
static __record_inline void syscall_args(const struct trace_decoder *d, const struct payload *rec,
					 const struct field *f, unsigned long args[6])
{
	if (f->number && !d->swap && f->elsize == sizeof(long) &&
	    (int64_t)f->offset + 6 * sizeof(long) <= (uint64_t)rec->size) {
		memcpy(args, rec->data + f->offset, 6 * sizeof(long));
		return;
	}
	for (int i = 0; i < 6; i++)
		args[i] = number_at(d, rec, f, i, 0);
}

/* Where a string field's bytes are: a char array or a __data_loc. */
static __record_inline int string_span(const struct trace_decoder *d, const struct payload *rec,
		       const struct field *f, int *len)
{
	uint64_t loc;
	int off;

	if (f->offset < 0 || f->offset >= (1 << 30))
		return -1;
	if (!f->dynamic) {
		*len = f->size ? f->size : rec->size - f->offset;
		return inside(rec, f->offset, *len) ? f->offset : -1;
	}
	if (!inside(rec, f->offset, 4))
		return -1;
	loc = load(d, rec->data + f->offset, 4);
	off = loc & 0xffff;
	*len = loc >> 16;
	if (f->relative)
		off += f->offset + 4;
	return inside(rec, off, *len) ? off : -1;
}

static __record_inline void string_n(const struct trace_decoder *d, const struct payload *rec,
				     const struct field *f, char *out, int size)
{
	int len, off = string_span(d, rec, f, &len), n = 0;
	const char *s, *nul;

	if (off >= 0) {
		s = (const char *)rec->data + off;
		/* a whole comm[16]: one fixed copy; the string is the same */
		if (size == TRACE_COMM_LEN && len >= TRACE_COMM_LEN) {
			memcpy(out, s, TRACE_COMM_LEN);
			out[TRACE_COMM_LEN - 1] = '\0';
			return;
		}
		n = len < size - 1 ? len : size - 1;
		nul = memchr(s, '\0', n);
		if (nul)
			n = nul - s;
		memcpy(out, s, n);
	}
	out[n] = '\0';
}

static __record_inline void string(const struct trace_decoder *d, const struct payload *rec,
		   const struct field *f, char out[TRACE_COMM_LEN])
{
	string_n(d, rec, f, out, TRACE_COMM_LEN);
}

static __record_inline void task_ref(const struct trace_decoder *d, const struct payload *rec,
		     const struct field *comm, const struct field *pid, const struct field *prio,
		     struct trace_task_ref *t)
{
	string(d, rec, comm, t->comm);
	t->pid = number(d, rec, pid, -1);
	t->prio = prio ? number(d, rec, prio, TRACE_UNKNOWN_PRIO) : TRACE_UNKNOWN_PRIO;
}

static const struct rv_event_desc *rv_desc(const struct trace_decoder *d, int id)
{
	for (int i = 0; i < d->nr_rv; i++)
		if (d->rv[i].id == id)
			return &d->rv[i];
	return NULL;
}

static void decode_rv(const struct trace_decoder *d, const struct payload *rec,
		      struct trace_record *out)
{
	const struct rv_event_desc *r = rv_desc(d, load(d, rec->data, 2));

	if (!r) {
		out->kind = TRACE_OTHER;
		return;
	}
	out->rv.system = r->system;
	out->rv.monitor = r->monitor;
	out->rv.layout = r->layout;
	out->rv.env = r->env;
	task_ref(d, rec, &r->comm, &r->pid, NULL, &out->rv.task);
	string_n(d, rec, &r->states, out->rv.states, sizeof(out->rv.states));
	string_n(d, rec, &r->atoms, out->rv.atoms, sizeof(out->rv.atoms));
	string_n(d, rec, &r->next, out->rv.next, sizeof(out->rv.next));
}

/* An event a rule names: the fields it reads, numbers or strings. */
static void decode_user(const struct trace_decoder *d, const struct payload *rec,
			struct trace_record *out)
{
	int id = load(d, rec->data, 2), k = 0;
	const struct user_event_desc *desc;

	while (k < d->nr_user && d->user[k].id != id)
		k++;
	if (k == d->nr_user) {
		out->kind = TRACE_OTHER;
		return;
	}
	desc = &d->user[k];
	out->user.event = k;
	out->user.pid = desc->task.offset >= 0 ? number(d, rec, &desc->task, -1) : out->pid;
	out->user.known = 0;
	out->user.strings = 0;
	for (int f = 0; f < TRACE_USER_FIELDS; f++) {
		out->user.val[f] = 0;
		out->user.str[f][0] = '\0';
		if (desc->fields[f].offset < 0)
			continue;
		out->user.known |= 1u << f;
		if (desc->string[f]) {
			string_n(d, rec, &desc->fields[f], out->user.str[f], TRACE_USER_STR_LEN);
			out->user.strings |= 1u << f;
		} else {
			out->user.val[f] = number(d, rec, &desc->fields[f], 0);
		}
	}
}

static void print_buf(const struct trace_decoder *d, const struct payload *rec,
		      const struct field *f, struct trace_record *out)
{
	int len, off = string_span(d, rec, f, &len);
	const char *s = (const char *)rec->data + off;
	size_t n = 0;

	out->print.buf = "";
	out->print.len = 0;
	if (off < 0)
		return;
	while (n < (size_t)len && s[n])
		n++;
	while (n && s[n - 1] == '\n')
		n--;
	out->print.buf = s;
	out->print.len = n;
}

/* One field of @desc, from the record into its place in @out. */
static __record_inline void decode_field(const struct trace_decoder *d, const struct payload *rec,
					 const struct field *f, const struct field_desc *desc,
					 struct trace_record *out)
{
	char *to = (char *)out + desc->at;

	switch (desc->as) {
	case AS_INT:
		*(int *)to = number(d, rec, f, desc->dflt);
		break;
	case AS_UINT:
		*(unsigned int *)to = number(d, rec, f, desc->dflt);
		break;
	case AS_LONG:
		*(long *)to = number(d, rec, f, desc->dflt);
		break;
	case AS_U64:
		*(uint64_t *)to = number(d, rec, f, desc->dflt);
		break;
	case AS_STRING:
		string_n(d, rec, f, to, desc->size);
		break;
	case AS_ARGS:
		syscall_args(d, rec, f, (unsigned long *)to);
		break;
	case AS_PRINT:
		print_buf(d, rec, f, out);
		trace_marker_decode(out->print.buf, out->print.len, &out->print.marker);
		break;
	case AS_END:
		break;
	}
}

static void decode_fields(const struct trace_decoder *d, const struct payload *rec,
			  struct trace_record *out)
{
	const struct field_desc *desc = descs[out->kind].fields;
	const struct field *f = d->fields[out->kind];

	if (out->kind == TRACE_RV_EVENT || out->kind == TRACE_RV_ERROR) {
		decode_rv(d, rec, out);
		return;
	}
	if (out->kind == TRACE_USER) {
		decode_user(d, rec, out);
		return;
	}
	for (int i = 0; i < MAX_FIELDS && desc[i].as != AS_END; i++)
		decode_field(d, rec, &f[i], &desc[i], out);
	if (out->kind == TRACE_SWITCH)
		out->sw.prev_state = switch_state_normal(out->sw.prev_state, d->preempt_bit);
}

static enum trace_kind kind_of(const struct trace_decoder *d, const struct payload *rec)
{
	unsigned int id;

	if (!inside(rec, 0, 2))
		return TRACE_OTHER;
	id = load(d, rec->data, 2);
	if (d->kinds[id] != TRACE_OTHER)
		return d->kinds[id];
	d->others[id >> 3] |= 1 << (id & 7);
	return TRACE_OTHER;
}

/* Whether the record's event has a format in the file (checked for TRACE_OTHER only). */
static bool formatted(const struct trace_decoder *d, const struct payload *rec)
{
	unsigned int id;

	if (!inside(rec, 0, 2))
		return false;
	id = load(d, rec->data, 2);
	return d->formatted[id >> 3] >> (id & 7) & 1;
}

/**
 * trace_decode_payload() - decode the event bytes of a record
 * @d: the decoder
 * @data: the record's payload (from common_type on)
 * @size: its bytes; every read is checked against them
 * @out: kind, pid, flags and the event's fields are filled; print.buf
 *	 points into @data. The record's place (cpu, ts, missed, ref) is
 *	 left to the caller.
 *
 * Return: false when the record is shorter than the fields it must hold
 * (a damaged page): what it lacks was decoded as defaults.
 */
bool trace_decode_payload(const struct trace_decoder *d, const void *data, int size,
			  struct trace_record *out)
{
	struct payload p = { data, size > 0 ? size : 0 };

	out->kind = kind_of(d, &p);
	out->unformatted = out->kind == TRACE_OTHER && !formatted(d, &p);
	out->pid = number(d, &p, &d->common_pid, -1);
	out->flags = number(d, &p, &d->common_flags, 0);
	decode_fields(d, &p, out);
	return p.size >= d->need[out->kind];
}

/**
 * trace_decode() - decode a record
 * @d: the decoder
 * @rec: the raw record
 * @out: filled; print.buf points into @rec
 */
void trace_decode(const struct trace_decoder *d, struct tep_record *rec, struct trace_record *out)
{
	out->cpu = rec->cpu;
	out->ts = rec->ts;
	out->missed = rec->missed_events;
	out->ref.offset = rec->offset;
	out->ref.cpu = rec->cpu;
	out->ref.ts = rec->ts;
	trace_decode_payload(d, rec->data, rec->size, out);
}
