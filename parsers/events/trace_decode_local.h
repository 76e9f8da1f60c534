/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside the decoder: the description of each event read (from
 * TRACE_EVENTS()), and the decoder those descriptions become once a trace's
 * formats give each field its place. Shared by trace_kind.c (kinds by
 * name), trace_decoder.c (made when the trace opens) and trace_decode.c
 * (each record).
 */
#ifndef TRACE_DECODE_LOCAL_H
#define TRACE_DECODE_LOCAL_H

#include "trace_decode.h"

#define MAX_FIELDS	7
#define NR_EVENT_IDS	65536

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

/* The decoder of each event of TRACE_EVENTS(), by kind (trace_decode.c). */
extern const struct event_desc trace_decode_descs[TRACE_NR_KINDS];

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

#endif
