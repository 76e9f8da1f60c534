// SPDX-License-Identifier: GPL-2.0-only
/*
 * Record decoding: the decoder of each event, made from its entry of
 * TRACE_EVENTS(), and each record read through the fields trace_decoder.c
 * found; a field the event lacks reads as unknown. Every read is
 * bounds-checked against the record, which may come from a corrupted file.
 */
#include <string.h>

#include "switch_state.h"
#include "trace_decode_local.h"

/* Run for every record: kept inline in the decoding of each event. */
#define __record_inline	inline __attribute__((always_inline))

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

const struct event_desc trace_decode_descs[TRACE_NR_KINDS] = {
	TRACE_EVENTS(DESC)
};

/* The bytes of one record: what every read is checked against. */
struct payload {
	const unsigned char	*data;
	int			size;		/* never negative */
};

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
	const struct field_desc *desc = trace_decode_descs[out->kind].fields;
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
