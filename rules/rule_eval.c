// SPDX-License-Identifier: GPL-2.0-only
/*
 * A filter's value on an event or a task's facts. A fact the trace has not
 * told yet (a prio before any sched event) is unknown, and so is what
 * depends on it: an atom is then not learned, as the kernel's monitors
 * leave an atom unknown until a handler sets it.
 */
#include <fnmatch.h>
#include <string.h>

#include "arch.h"
#include "rule_eval.h"

struct value {
	bool		known;
	bool		uns;		/* compared unsigned: a trace event's field (sign-extended,
					   as libtraceevent's filters compare them), a literal
					   over LLONG_MAX */
	bool		text;		/* a string only (a system call is a number and a name) */
	bool		cut;		/* a string perhaps cut at TRACE_USER_STR_LEN - 1 bytes */
	long long	num;
	const char	*str;		/* a comm, a system call's name; NULL: a number */
};

static struct value known(long long n)
{
	return (struct value){ .known = true, .num = n };
}

static struct value tri(signed char v)
{
	return v == RV_UNKNOWN ? (struct value){ 0 } : known(v);
}

static struct value field(const struct rule_ctx *c, enum rule_field f)
{
	const struct rv_task *task = c->t->task;
	const struct rv_event *ev = c->ev;
	struct value v;

	switch (f) {
	case RF_TASK_RT:
		return tri(task->rt);
	case RF_TASK_PRIO:
		return task->prio == RV_PRIO_UNKNOWN ? (struct value){ 0 } : known(task->prio);
	case RF_TASK_KTHREAD:
		return tri(task->kthread);
	case RF_TASK_USER_THREAD:
		return task->kthread == RV_UNKNOWN ? (struct value){ 0 } : known(!task->kthread);
	case RF_TASK_PID:
		return known(task->pid);
	case RF_TASK_COMM:
		v = known(0);
		v.text = true;
		v.str = task->comm ? task->comm : task->init_comm ? task->init_comm : "";
		return v;
	case RF_TASK_CPU:
		return task->cpu < 0 ? (struct value){ 0 } : known(task->cpu);
	case RF_TASK_AGE:
		return task->first_ns && c->t->now >= task->first_ns ?
		       known(c->t->now - task->first_ns) : (struct value){ 0 };
	case RF_TASK_RTPRIO:
		if (task->rt == RV_UNKNOWN || (task->rt && task->prio == RV_PRIO_UNKNOWN))
			return (struct value){ 0 };
		return known(task->rt ? 99 - task->prio : 0);
	case RF_CPU:
		return known(ev->cpu);
	case RF_SYSCALL:
		v = known(ev->sys_enter.id);
		v.str = ev->sys_enter.table ? syscall_name(ev->sys_enter.table->arch,
							   ev->sys_enter.id) : NULL;
		if (!v.str)
			v.str = "";
		return v;
	case RF_ARG0: case RF_ARG1: case RF_ARG2: case RF_ARG3: case RF_ARG4: case RF_ARG5:
		return known((long long)ev->sys_enter.args[f - RF_ARG0]);
	case RF_PREV_STATE:
		return known(ev->prev_state);
	case RF_SLEEPING:
		return known(rv_switched_out_sleeping(ev->prev_state));
	case RF_INTERRUPTIBLE:
		return known(rv_switched_out_interruptible(ev->prev_state));
	case RF_WAITING:
		return known(rv_switched_out_waiting(ev->prev_state));
	case RF_WAKER_PRIO:
		return ev->waking.waker_prio == RV_PRIO_UNKNOWN ? (struct value){ 0 } :
		       known(ev->waking.waker_prio);
	case RF_WOKEN_PRIO:
		return ev->waking.wakee_prio == RV_PRIO_UNKNOWN ? (struct value){ 0 } :
		       known(ev->waking.wakee_prio);
	case RF_WAKER_TASK:
		return known(!(ev->waking.context & (RV_CTX_HARDIRQ | RV_CTX_SOFTIRQ | RV_CTX_NMI)));
	case RF_WAKER_HARDIRQ:
		return known(!!(ev->waking.context & RV_CTX_HARDIRQ));
	case RF_WAKER_SOFTIRQ:
		return known(!!(ev->waking.context & RV_CTX_SOFTIRQ));
	case RF_WAKER_NMI:
		return known(!!(ev->waking.context & RV_CTX_NMI));
	case RF_LOCK_FLAGS:
		return known(ev->lock_flags);
	case RF_EVENT:		/* event_field() */
	case RF_RECORD:		/* record_field() */
	case RF_NR_FIELDS:
		break;
	}
	return (struct value){ 0 };
}

/* Field @i of an event of its own system: a number, or a string; unknown where it has none. */
static struct value event_field(const struct rule_ctx *c, long long i)
{
	const struct rv_event *ev = c->ev;
	struct value v;

	if (!ev || ev->type != RV_EV_TRACE || i < 0 || i >= 32 || !(ev->trace.known >> i & 1))
		return (struct value){ 0 };
	v = known(ev->trace.val[i]);
	v.uns = true;
	if (ev->trace.strings >> i & 1) {
		v.str = ev->trace.str[i];
		v.text = true;
		v.cut = strlen(v.str) >= TRACE_USER_STR_LEN - 1;
	}
	return v;
}

/* Field @i of the trace record a monitor event came from; unknown for an event no record gave. */
static struct value record_field(const struct rule_ctx *c, long long i)
{
	struct value v;
	const char *str;
	long long num;

	if (!c->ev || !trace_record_field(c->ev->record, (int)i, &num, &str))
		return (struct value){ 0 };
	v = known(num);
	v.uns = true;
	v.str = str;
	v.text = str != NULL;
	return v;
}

static struct value eval(const struct rule_expr *e, const struct rule_ctx *c);

/* Two strings cut alike may differ past the cut: unknown. A string is no number. */
static struct value equal(struct value a, struct value b)
{
	if (a.str && b.str) {
		if (a.cut && b.cut && !strcmp(a.str, b.str))
			return (struct value){ 0 };
		return known(!strcmp(a.str, b.str));
	}
	if (a.text || b.text)
		return known(0);
	return known(a.num == b.num);
}

/* -1, 0 or 1; unsigned when either is, as C compares them and trace-cmd its fields. */
static int order(struct value a, struct value b)
{
	unsigned long long x = a.num, y = b.num;

	if (a.uns || b.uns)
		return x < y ? -1 : x > y;
	return a.num < b.num ? -1 : a.num > b.num;
}

/* A glob that a value cut at TRACE_USER_STR_LEN - 1 bytes matches as its whole would. */
static bool glob_of_prefix(const char *glob)
{
	size_t n = strcspn(glob, "*?[\\");

	return (!glob[n] || (glob[n] == '*' && !glob[n + 1])) && n < TRACE_USER_STR_LEN - 1;
}

static struct value compare(const struct rule_expr *e, const struct rule_ctx *c)
{
	struct value a = eval(e->l, c), b = eval(e->r, c), eq;

	if (!a.known || !b.known)
		return (struct value){ 0 };
	switch (e->op) {
	case RO_EQ:
	case RO_NE:
		eq = equal(a, b);
		return !eq.known || e->op == RO_EQ ? eq : known(!eq.num);
	case RO_PREFIX:
		if (!a.str || !b.str)
			return known(0);
		return b.cut ? (struct value){ 0 } : known(!strncmp(a.str, b.str, strlen(b.str)));
	case RO_GLOB:
		if (!a.str || !b.str)
			return known(0);
		if (b.cut || (a.cut && !glob_of_prefix(b.str)))
			return (struct value){ 0 };
		return known(!fnmatch(b.str, a.str, 0));
	default:
		break;
	}
	/* strings are not ordered: refused at load where the rule tells them */
	if (a.text || b.text)
		return known(0);
	switch (e->op) {
	case RO_LT:
		return known(order(a, b) < 0);
	case RO_LE:
		return known(order(a, b) <= 0);
	case RO_GT:
		return known(order(a, b) > 0);
	default:
		return known(order(a, b) >= 0);
	}
}

/* Known false beats unknown in &&, known true in ||: as a person reads it. */
static struct value logic(const struct rule_expr *e, const struct rule_ctx *c)
{
	struct value a = eval(e->l, c), b = eval(e->r, c);
	bool and = e->op == RO_AND;

	if (a.known && !!a.num != and)
		return known(!and);
	if (b.known && !!b.num != and)
		return known(!and);
	if (!a.known || !b.known)
		return (struct value){ 0 };
	return known(and);
}

static struct value in(const struct rule_expr *e, const struct rule_ctx *c)
{
	struct value a = eval(e->l, c);

	if (!a.known)
		return a;
	for (const struct rule_expr *x = e->r; x; x = x->next) {
		struct value b = eval(x, c), eq;

		if (!b.known)
			continue;
		eq = equal(a, b);
		if (eq.known && eq.num)
			return known(1);
	}
	return known(0);
}

/* Each operand evaluated once: a nested '&' would otherwise double at every level. */
static struct value bit_and(const struct rule_expr *e, const struct rule_ctx *c)
{
	struct value a = eval(e->l, c), b;

	if (!a.known)
		return a;
	b = eval(e->r, c);
	return b.known ? known(a.num & b.num) : (struct value){ 0 };
}

static struct value eval(const struct rule_expr *e, const struct rule_ctx *c)
{
	struct value v;

	switch (e->op) {
	case RO_NUM:
		v = known(e->num);
		v.uns = e->uns;
		return v;
	case RO_STR:
		v = known(0);
		v.str = e->str;
		v.text = true;
		return v;
	case RO_FIELD:
		return e->field == RF_EVENT ? event_field(c, e->num) :
		       e->field == RF_RECORD ? record_field(c, e->num) : field(c, e->field);
	case RO_NOT:
		v = eval(e->l, c);
		return v.known ? known(!v.num) : v;
	case RO_AND:
	case RO_OR:
		return logic(e, c);
	case RO_BITAND:
		return bit_and(e, c);
	case RO_IN:
		return in(e, c);
	case RO_UNKNOWN:
		return (struct value){ 0 };
	case RO_COND:
		v = eval(e->cond, c);
		return !v.known ? v : v.num ? eval(e->l, c) : eval(e->r, c);
	default:
		return compare(e, c);
	}
}

/**
 * rule_eval() - a filter's truth
 * @e: the filter
 * @c: the instance and the event (NULL for a fact)
 *
 * Return: 1 true, 0 false, -1 unknown (a fact not told yet).
 */
int rule_eval(const struct rule_expr *e, const struct rule_ctx *c)
{
	struct value v = eval(e, c);

	return v.known ? v.num != 0 : -1;
}
