// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the names of a binding's filter stand for (rvreplay-spec(5)): the
 * task's facts, the events' fields, the kernel's constants; which events
 * each may be read in, and which values can be compared with which. The
 * grammar that finds the names is rule_expr.c's.
 *
 * In the filter of an event of its own system ("on sched:sched_migrate_task
 * if dest_cpu != orig_cpu"), a bare NAME is a field of that event, as in
 * trace-cmd's filters (its common_* fields too); task.* are the task's facts.
 * In a monitor event's filter, a NAME that is none of the words above is a
 * field of its trace event the decoder reads ("on sched_waking if prio <
 * 100"). In a value's expression, read before its event is ("EXPR at
 * EVENT"), such a name waits for the event: rule_expr_fits() tells it then.
 */
#include <string.h>

#include "monitor.h"
#include "rule_local.h"

static const struct {
	const char	*name;
	enum rule_field	field;
	unsigned int	events;		/* 0: every event, and facts */
} fields[] = {
	{ "task.rt", RF_TASK_RT, 0 },
	{ "task.prio", RF_TASK_PRIO, 0 },
	{ "task.kthread", RF_TASK_KTHREAD, 0 },
	{ "task.user_thread", RF_TASK_USER_THREAD, 0 },
	{ "task.pid", RF_TASK_PID, 0 },
	{ "task.comm", RF_TASK_COMM, 0 },
	{ "task.cpu", RF_TASK_CPU, 0 },
	{ "task.age", RF_TASK_AGE, 0 },
	{ "task.rtprio", RF_TASK_RTPRIO, 0 },
	{ "cpu", RF_CPU, RULE_ANY_EVENT },
	{ "syscall", RF_SYSCALL, 1u << RV_EV_SYS_ENTER },
	{ "arg0", RF_ARG0, 1u << RV_EV_SYS_ENTER },
	{ "arg1", RF_ARG1, 1u << RV_EV_SYS_ENTER },
	{ "arg2", RF_ARG2, 1u << RV_EV_SYS_ENTER },
	{ "arg3", RF_ARG3, 1u << RV_EV_SYS_ENTER },
	{ "arg4", RF_ARG4, 1u << RV_EV_SYS_ENTER },
	{ "arg5", RF_ARG5, 1u << RV_EV_SYS_ENTER },
	{ "prev_state", RF_PREV_STATE, 1u << RV_EV_SWITCH_OUT },
	{ "sleeping", RF_SLEEPING, 1u << RV_EV_SWITCH_OUT },
	{ "interruptible", RF_INTERRUPTIBLE, 1u << RV_EV_SWITCH_OUT },
	{ "waiting", RF_WAITING, 1u << RV_EV_SWITCH_OUT },
	{ "waker.prio", RF_WAKER_PRIO, 1u << RV_EV_WAKING },
	{ "woken.prio", RF_WOKEN_PRIO, 1u << RV_EV_WAKING },
	{ "waker.task", RF_WAKER_TASK, 1u << RV_EV_WAKING },
	{ "waker.hardirq", RF_WAKER_HARDIRQ, 1u << RV_EV_WAKING },
	{ "waker.softirq", RF_WAKER_SOFTIRQ, 1u << RV_EV_WAKING },
	{ "waker.nmi", RF_WAKER_NMI, 1u << RV_EV_WAKING },
	{ "lock.flags", RF_LOCK_FLAGS, 1u << RV_EV_CONTENTION_BEGIN | 1u << RV_EV_CONTENTION_END },
};

#define NR_FIELDS	(sizeof(fields) / sizeof(fields[0]))

/* Names of numbers (include/uapi/linux/futex.h, time.h): the kernel's values. */
static const struct {
	const char	*name;
	long long	value;
} constants[] = {
	{ "FUTEX_WAIT", 0 }, { "FUTEX_WAKE", 1 }, { "FUTEX_LOCK_PI", 6 }, { "FUTEX_UNLOCK_PI", 7 },
	{ "FUTEX_WAIT_BITSET", 9 }, { "FUTEX_WAIT_REQUEUE_PI", 11 }, { "FUTEX_LOCK_PI2", 13 },
	{ "FUTEX_PRIVATE_FLAG", 128 }, { "FUTEX_CLOCK_REALTIME", 256 },
	{ "FUTEX_CMD_MASK", ~(128LL | 256LL) },
	{ "CLOCK_REALTIME", 0 }, { "CLOCK_MONOTONIC", 1 }, { "CLOCK_BOOTTIME", 7 },
	{ "CLOCK_TAI", 11 }, { "TIMER_ABSTIME", 1 }, { "LCB_F_RT", 0x0008 }, { "true", 1 },
	{ "false", 0 },
};

#define NR_CONSTANTS	(sizeof(constants) / sizeof(constants[0]))

/* Whose field it is, in words: an event's name, or any event's. */
static const char *field_owner(unsigned int events)
{
	return events == RULE_ANY_EVENT ? "an event" : rule_event_name(__builtin_ctz(events));
}

unsigned int rule_field_events(enum rule_field f)
{
	for (size_t i = 0; i < NR_FIELDS; i++)
		if (fields[i].field == f)
			return fields[i].events;
	return 0;
}

/**
 * rule_field_find() - a task fact or a monitor event's field, by name
 * @name: as the filter writes it ("task.prio", "prev_state")
 * @field: gets it
 *
 * Return: whether there is one (an event's own fields are not looked for).
 */
bool rule_field_find(const char *name, enum rule_field *field)
{
	for (size_t i = 0; i < NR_FIELDS; i++) {
		if (!strcmp(fields[i].name, name)) {
			*field = fields[i].field;
			return true;
		}
	}
	return false;
}

/**
 * rule_field_fits() - whether a fact or field may be read in some events
 * @f: the fact or field
 * @events: those events (bits of rv_event_type); 0: facts only
 * @pos: where it is, for the error
 * @err: RULE_ERR_LEN bytes
 *
 * Return: 0, or -1 with @err set ("'NAME' is a field of EVENT only").
 */
int rule_field_fits(enum rule_field f, unsigned int events, struct rule_pos pos, char *err)
{
	for (size_t i = 0; i < NR_FIELDS; i++)
		if (fields[i].field == f && fields[i].events && !(fields[i].events & events))
			return rule_error(err, pos, "'%s' is a field of %s only%s", fields[i].name,
					  field_owner(fields[i].events),
					  events ? "" : " (a fact reads the task's facts: task.*)");
	return 0;
}

/**
 * rule_constant_find() - a named number (FUTEX_WAIT, CLOCK_MONOTONIC, true)
 * @name: its name
 * @value: gets its value
 *
 * Return: whether there is one.
 */
bool rule_constant_find(const char *name, long long *value)
{
	for (size_t i = 0; i < NR_CONSTANTS; i++) {
		if (!strcmp(constants[i].name, name)) {
			*value = constants[i].value;
			return true;
		}
	}
	return false;
}

/* Field @name of trace_user.h's @user, asked for: its index in @e, or -1 with @err set. */
static int user_field(struct rule_expr *e, int user, char *err)
{
	const struct trace_user_event *u = trace_user_event(user);
	char at[160];

	/* where it is first read, for a trace whose event lacks it */
	e->num = trace_user_want_field(user, e->str, rule_pos_text(e->pos, at, sizeof(at)));
	if (e->num < 0)
		return rule_error(err, e->pos, "more than %d fields of %s read", TRACE_USER_FIELDS,
				  u ? u->full : "an event");
	return 0;
}

/*
 * A field of the trace event(s) behind monitor event @type, by name: the
 * same field of each (page_fault_user's and _kernel's). Return: its index
 * (trace_kind_field()), or -1.
 */
static int record_field_of(int type, const char *name)
{
	int found = -1;

	for (const struct rv_route *r = rv_routes; r->event; r++) {
		int i;

		if ((int)r->type != type)
			continue;
		i = trace_kind_field(trace_kind_find(r->system, r->event), name);
		if (i < 0 || (found >= 0 && i != found))
			return -1;
		found = i;
	}
	return found;
}

/* "unknown name 'W' (did you mean ...?)", with the trace fields of monitor event @type too. */
static int unknown_name_of(const char *word, int type, struct rule_pos pos, char *err)
{
	const char *names[NR_FIELDS + NR_CONSTANTS + 16];
	char hint[RULE_HINT_LEN];
	size_t k = 0;

	for (size_t i = 0; i < NR_FIELDS; i++)
		names[k++] = fields[i].name;
	for (size_t i = 0; i < NR_CONSTANTS; i++)
		names[k++] = constants[i].name;
	for (const struct rv_route *r = rv_routes; r->event && type >= 0; r++)
		if ((int)r->type == type && k < sizeof(names) / sizeof(names[0]))
			k += trace_kind_fields(trace_kind_find(r->system, r->event), names + k,
					       (int)(sizeof(names) / sizeof(names[0]) - k));
	return rule_error(err, pos, "unknown name '%s'%s", word,
			  rule_did_you_mean(word, names, k, hint, sizeof(hint)));
}

/**
 * rule_unknown_name() - "unknown name 'W' (did you mean ...?)"
 * @word: the name
 * @events: where it was read (bits of rv_event_type); for one monitor
 *	    event, the fields of its trace event are offered too
 * @pos: where it is
 * @err: RULE_ERR_LEN bytes
 *
 * Return: -1, with @err set.
 */
int rule_unknown_name(const char *word, unsigned int events, struct rule_pos pos, char *err)
{
	return unknown_name_of(word, rule_one_event(events), pos, err);
}

/**
 * rule_one_event() - the one monitor event of some events
 * @events: bits of rv_event_type
 *
 * Return: its type, or -1 (none, several, or an event of its own system).
 */
int rule_one_event(unsigned int events)
{
	if (!events || events == RULE_ANY_EVENT || (events & (events - 1)) ||
	    events == 1u << RV_EV_TRACE)
		return -1;
	return __builtin_ctz(events);
}

/* @e, a name left for its event, as a field of monitor event @type's trace event. */
static int record_field(struct rule_expr *e, int type, char *err)
{
	e->num = type >= 0 ? record_field_of(type, e->str) : -1;
	if (e->num < 0)
		return unknown_name_of(e->str, type, e->pos, err);
	e->field = RF_RECORD;
	return 0;
}

/**
 * rule_event_field() - a name left for its event, as a field of that event
 * @e: the name (RF_EVENT); gets the field's index, and for a monitor
 *     event's trace event RF_RECORD
 * @events: its event (bits of rv_event_type)
 * @user: for RV_EV_TRACE, trace_user.h's index of the event, whose field
 *	  is asked for; -1: none
 * @err: RULE_ERR_LEN bytes
 *
 * Return: 0, or -1 with @err set.
 */
int rule_event_field(struct rule_expr *e, unsigned int events, int user, char *err)
{
	if (user >= 0)
		return user_field(e, user, err);
	return record_field(e, rule_one_event(events), err);
}

/* What an operand is, as far as the rule tells: the fields of events are told by their trace. */
enum operand { OPERAND_EITHER, OPERAND_NUMBER, OPERAND_STRING };

static enum operand operand_of(const struct rule_expr *e)
{
	if (e->op == RO_STR)
		return OPERAND_STRING;
	if (e->op == RO_UNKNOWN || e->op == RO_COND)
		return OPERAND_EITHER;
	if (e->op != RO_FIELD)
		return OPERAND_NUMBER;
	if (e->field == RF_TASK_COMM)
		return OPERAND_STRING;
	/* syscall: a number or a name; an event's field: as its format says */
	if (e->field == RF_SYSCALL || e->field == RF_EVENT || e->field == RF_RECORD)
		return OPERAND_EITHER;
	return OPERAND_NUMBER;
}

/* "x" of more bytes than an event's string fields are read with could match a longer one. */
static bool too_long_for(const struct rule_expr *field, const struct rule_expr *str)
{
	return field->op == RO_FIELD && field->field == RF_EVENT && str->op == RO_STR &&
	       strlen(str->str) >= TRACE_USER_STR_LEN - 1;
}

/**
 * rule_expr_comparable() - whether @l OP @r compares values of kinds that go together
 * @op: the comparison
 * @l: its left operand
 * @r: its right one
 * @at: where the comparison is, for the error
 * @err: RULE_ERR_LEN bytes
 *
 * As trace-cmd's filters take them: strings are compared with strings
 * only, and not ordered.
 *
 * Return: 0, or -1 with @err set.
 */
int rule_expr_comparable(enum rule_op op, const struct rule_expr *l, const struct rule_expr *r,
			 struct rule_pos at, char *err)
{
	enum operand a = operand_of(l), b = operand_of(r);
	bool ordered = op == RO_LT || op == RO_LE || op == RO_GT || op == RO_GE;
	bool text = op == RO_PREFIX || op == RO_GLOB;

	if (ordered && (a == OPERAND_STRING || b == OPERAND_STRING))
		return rule_error(err, at, "strings are not ordered: '<', '<=', '>' and '>=' "
				  "compare numbers (trace-cmd refuses them too)");
	if (text && (a == OPERAND_NUMBER || b == OPERAND_NUMBER))
		return rule_error(err, at, "'^=' and '~' compare strings, not numbers");
	if ((a == OPERAND_STRING && b == OPERAND_NUMBER) ||
	    (a == OPERAND_NUMBER && b == OPERAND_STRING))
		return rule_error(err, at, "a string compared with a number (trace-cmd "
				  "refuses it too)");
	if (op != RO_GLOB && (too_long_for(l, r) || too_long_for(r, l)))
		return rule_error(err, at, "a string of %d bytes or more: the replay reads the "
				  "first %d of an event's string fields", TRACE_USER_STR_LEN - 1,
				  TRACE_USER_STR_LEN - 1);
	return 0;
}

/**
 * rule_expr_fits() - whether an expression reads only the fields of some events
 * @e: the expression; the names it left for its event are that event's
 *     fields now (asked for), or an error
 * @events: those events (bits of rv_event_type); 0: facts only
 * @user: for RV_EV_TRACE, trace_user.h's index of the event; -1: none
 * @pos: where the expression is, for the error
 * @err: RULE_ERR_LEN bytes
 *
 * Return: 0, or -1 with @err set.
 */
int rule_expr_fits(struct rule_expr *e, unsigned int events, int user, struct rule_pos pos,
		   char *err)
{
	for (; e; e = e->next) {
		if (e->op == RO_FIELD && e->field == RF_EVENT && e->num < 0 &&
		    rule_event_field(e, events, user, err))
			return -1;
		if (e->op == RO_FIELD && rule_field_fits(e->field, events, pos, err))
			return -1;
		if (rule_expr_fits(e->l, events, user, pos, err) ||
		    rule_expr_fits(e->r, events, user, pos, err) ||
		    rule_expr_fits(e->cond, events, user, pos, err))
			return -1;
	}
	return 0;
}
