/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the rooms of rules/ share: a rule's bindings (which trace events and
 * task facts set each atom), their filter expressions, and the position of
 * each thing in the file, for errors a person can fix.
 */
#ifndef RULE_LOCAL_H
#define RULE_LOCAL_H

#include <stdbool.h>
#include <stddef.h>

#include "rule.h"
#include "trace_input.h"

#define RULE_MAX_BINDINGS	32	/* the kernel's RV_MAX_LTL_ATOM */

/* Where in the rule's file. */
struct rule_pos {
	const char	*path;
	int		line;
	int		col;
};

/* The facts and event fields a filter reads. */
enum rule_field {
	RF_TASK_RT, RF_TASK_PRIO, RF_TASK_KTHREAD, RF_TASK_USER_THREAD, RF_TASK_PID,
	RF_TASK_COMM, RF_TASK_CPU, RF_TASK_AGE, RF_TASK_RTPRIO, RF_CPU, RF_SYSCALL, RF_ARG0, RF_ARG1, RF_ARG2, RF_ARG3, RF_ARG4, RF_ARG5,
	RF_PREV_STATE, RF_SLEEPING, RF_INTERRUPTIBLE, RF_WAITING, RF_WAKER_PRIO, RF_WOKEN_PRIO, RF_WAKER_TASK, RF_WAKER_HARDIRQ,
	RF_WAKER_SOFTIRQ, RF_WAKER_NMI, RF_LOCK_FLAGS,
	RF_EVENT,	/* a field of an event of any system (num: its index, str: its name) */
	RF_RECORD,	/* a field of a monitor event's trace event, as the decoder reads it
			   (num: trace_kind_field()'s index, str: its name) */
	RF_NR_FIELDS,
};

enum rule_op {
	RO_NUM, RO_STR, RO_FIELD, RO_NOT, RO_AND, RO_OR, RO_EQ, RO_NE, RO_LT, RO_LE, RO_GT,
	RO_GE, RO_BITAND, RO_IN, RO_UNKNOWN, RO_COND, RO_PREFIX, RO_GLOB,
};

struct rule_expr {
	enum rule_op		op;
	long long		num;		/* RO_NUM */
	bool			uns;		/* RO_NUM: over LLONG_MAX, compared unsigned (as C) */
	char			*str;		/* RO_STR: a string, or a system call's name */
	enum rule_field		field;		/* RO_FIELD */
	struct rule_expr	*l, *r;		/* RO_IN: r is a list, chained by next */
	struct rule_expr	*cond;		/* RO_COND: cond ? l : r */
	struct rule_expr	*next;
	struct rule_pos		pos;		/* RF_EVENT: where its name is */
};

/* How an atom learns its value. */
enum rule_kind {
	RULE_FACT,	/* a task fact, read before every step (the kernel's ltl_atoms_fetch) */
	RULE_PULSE,	/* true during an event, false after it (ltl_atom_pulse) */
	RULE_STATE,	/* true from an event, false from another (ltl_atom_update) */
	RULE_VALUE,	/* an expression's value from an event (ltl_atom_set), false from another */
};

struct rule_binding {
	char			*atom;
	struct rule_pos		pos;
	enum rule_kind		kind;
	struct rule_expr	*fact;		/* RULE_FACT */
	int			on, off;	/* rv_event_type; off: RULE_STATE only */
	int			on_user, off_user;	/* RV_EV_TRACE: trace_user.h's index */
	struct rule_expr	*on_if, *off_if;	/* NULL: always */
	struct rule_expr	*value;		/* RULE_VALUE */
	struct rule_pos		value_pos;
	struct rule_expr	*initially;	/* NULL: false at a task's creation */
	unsigned int		inferred_at;	/* events (bits) that set it when unknown */
	bool			inferred_value;
	bool			starts;		/* an automaton's start event ... */
	struct rule_expr	*starts_if;	/* ... when this holds (NULL: always) */
	struct rule_pos		starts_pos;
	char			*text;		/* as written, for the reports */
};

struct rule_param {
	char			*name;
	unsigned long long	value;		/* in its unit: jiffies, or ns */
	struct rule_pos		pos;
};

struct rule_bindings {
	char			*name;		/* "monitor NAME", or the file's */
	char			*description;
	struct rule_param	params[RV_MAX_PARAMS];	/* an automaton's clock bounds */
	int			instance;	/* enum rv_instance_kind: 'instance' */
	struct rule_pos		instance_pos;	/* where it was said; line 0: not */
	int			nr_params;
	struct rule_binding	b[RULE_MAX_BINDINGS];
	int			nr;
};

/* The events a binding can name, and their names. */
int rule_event_find(const char *name, struct rule_pos pos, int *user, char *err);
const char *rule_event_name(int type);
unsigned int rule_field_events(enum rule_field f);

/* Every event's fields: a value's expression, checked against its event once known. */
#define RULE_ANY_EVENT	0xffffu

/* A filter's grammar (rule_expr.c). */
int rule_expr_parse(const char **text, struct rule_pos *pos, unsigned int events, int user,
		    struct rule_expr **out, char *err);
void rule_expr_free(struct rule_expr *e);

/* What its names stand for, and what goes with what (rule_fields.c). */
bool rule_field_find(const char *name, enum rule_field *field);
int rule_field_fits(enum rule_field f, unsigned int events, struct rule_pos pos, char *err);
bool rule_constant_find(const char *name, long long *value);
int rule_one_event(unsigned int events);
int rule_event_field(struct rule_expr *e, unsigned int events, int user, char *err);
int rule_unknown_name(const char *word, unsigned int events, struct rule_pos pos, char *err);
int rule_expr_comparable(enum rule_op op, const struct rule_expr *l, const struct rule_expr *r,
			 struct rule_pos at, char *err);
int rule_expr_fits(struct rule_expr *e, unsigned int events, int user, struct rule_pos pos,
		   char *err);

int rule_bindings_parse(const char *path, const char *text, struct rule_bindings *b,
			char *err);
void rule_bindings_free(struct rule_bindings *b);

#define RULE_HINT_LEN	96	/* " (did you mean NAME?)" */

const char *rule_did_you_mean(const char *word, const char *const *names, int nr, char *buf,
			      size_t len);
bool rule_is_name(const char *s);
const char *rule_pos_text(struct rule_pos pos, char *buf, size_t len);
int rule_error(char *err, struct rule_pos pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
