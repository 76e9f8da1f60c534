// SPDX-License-Identifier: GPL-2.0-only
/*
 * A binding's expression as kernel C, for an exported rule's handlers
 * (rule_export.c): each field is what the kernel's tracepoint handler has
 * at hand (the task, the tracepoint's arguments, the context), named as
 * the handler's parameters are. What has no kernel value (unknown) is an
 * identifier no kernel defines, so the build says where it is.
 */
#include <stdio.h>
#include <string.h>

#include "arch.h"
#include "gen_file.h"
#include "rule_c.h"
#include "rule_export_text.h"

struct out {
	FILE		*file;
	const char	*task;	/* the handler's task variable */
};

static void put(struct out *o, const char *fmt, const char *s)
{
	fprintf(o->file, fmt, s);
}

/*
 * @prefix and a name of the rule, as one identifier. The names come from
 * tables (fields, system calls) or were checked (rule_export()); one that
 * is no C name still never leaves the identifier.
 */
static void identifier(struct out *o, const char *prefix, const char *name)
{
	put(o, "%s", prefix);
	put(o, "%s", gen_is_c_name(name, strlen(name)) ? name : "NOT_A_C_NAME");
}

static void field(struct out *o, enum rule_field f)
{
	static const char *const words[RF_NR_FIELDS] = {
		[RF_TASK_RT] = "rt_or_dl_task(%s)",
		[RF_TASK_PRIO] = "(%s)->prio",
		[RF_TASK_KTHREAD] = "!!((%s)->flags & PF_KTHREAD)",
		[RF_TASK_USER_THREAD] = "!((%s)->flags & PF_KTHREAD)",
		[RF_TASK_PID] = "(%s)->pid",
		[RF_TASK_CPU] = "task_cpu(%s)",
		[RF_TASK_AGE] = "(ktime_get_ns() - (%s)->start_time)",
		[RF_SYSCALL] = "id", [RF_ARG0] = "args[0]", [RF_ARG1] = "args[1]",
		[RF_ARG2] = "args[2]", [RF_ARG3] = "args[3]", [RF_ARG4] = "args[4]",
		[RF_ARG5] = "args[5]", [RF_PREV_STATE] = "prev_state",
		[RF_SLEEPING] = "((prev_state & TASK_INTERRUPTIBLE) && !preempt)",
		[RF_INTERRUPTIBLE] = "(prev_state == TASK_INTERRUPTIBLE && !preempt)",
		[RF_WAITING] = "(prev_state != TASK_RUNNING && !preempt)",
		[RF_WAKER_PRIO] = "current->prio", [RF_WOKEN_PRIO] = "p->prio",
		[RF_WAKER_TASK] = "!(in_hardirq() || in_serving_softirq() || in_nmi())",
		[RF_WAKER_HARDIRQ] = "!!in_hardirq()", [RF_WAKER_SOFTIRQ] = "!!in_serving_softirq()",
		[RF_WAKER_NMI] = "!!in_nmi()", [RF_LOCK_FLAGS] = "flags",
		[RF_CPU] = "smp_processor_id()",
	};

	if (f == RF_TASK_RTPRIO) {
		put(o, "(rt_task(%s) ? ", o->task);
		put(o, "MAX_RT_PRIO - 1 - (%s)->prio : 0)", o->task);
	} else if (f == RF_TASK_COMM) {
		put(o, "(%s)->comm", o->task);
	} else {
		put(o, words[f], o->task);
	}
}

/*
 * A monitor event's trace field as its tracepoint's handler has it: the
 * task's pid and prio, sched_switch's prev_ and next_ tasks', the other
 * arguments by name; a string field, or one no argument gives, is an
 * identifier no kernel defines.
 */
static void record_field(struct out *o, const char *name)
{
	static const struct {
		const char	*name;
		const char	*c;		/* %s: the handler's task */
	} args[] = {
		{ "pid", "(%s)->pid" }, { "prio", "(%s)->prio" }, { "target_cpu", "task_cpu(%s)" },
		{ "prev_pid", "prev->pid" }, { "prev_prio", "prev->prio" },
		{ "next_pid", "next->pid" }, { "next_prio", "next->prio" },
		{ "prev_state", "prev_state" }, { "id", "id" }, { "ret", "ret" },
		{ "lock_addr", "(unsigned long)lock" }, { "flags", "flags" },
		{ "address", "address" }, { "ip", "instruction_pointer(regs)" },
		{ "error_code", "error_code" },
	};

	for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
		if (!strcmp(args[i].name, name)) {
			put(o, args[i].c, o->task);
			return;
		}
	}
	identifier(o, "RV_RULE_NO_KERNEL_ARGUMENT_IS_", name);
}

static void expr(struct out *o, const struct rule_expr *e);

/* The right side of a comparison with syscall: a name is its number here. */
static void value_of(struct out *o, const struct rule_expr *e, bool syscall)
{
	if (syscall && e->op == RO_STR) {
		identifier(o, "__NR_", e->str);
		return;
	}
	expr(o, e);
}

static bool is_field(const struct rule_expr *e, enum rule_field f)
{
	return e->op == RO_FIELD && e->field == f;
}

static void compare(struct out *o, const struct rule_expr *e)
{
	static const char *const ops[] = {
		[RO_EQ] = " == ", [RO_NE] = " != ", [RO_LT] = " < ", [RO_LE] = " <= ",
		[RO_GT] = " > ", [RO_GE] = " >= ",
	};
	bool syscall = is_field(e->l, RF_SYSCALL);

	if (is_field(e->l, RF_TASK_COMM) && e->r->op == RO_STR &&
	    e->op != RO_EQ && e->op != RO_NE && e->op != RO_PREFIX) {
		put(o, "%s", "RV_RULE_COMM_ONLY_BY_EQUALITY_OR_PREFIX");
		return;
	}
	if (is_field(e->l, RF_TASK_COMM) && e->r->op == RO_STR) {
		char n[32];

		snprintf(n, sizeof(n), "%zu)", strlen(e->r->str));
		put(o, e->op == RO_NE ? "strcmp((%s)->comm, " : e->op == RO_PREFIX ?
		       "!strncmp((%s)->comm, " : "!strcmp((%s)->comm, ", o->task);
		rule_export_c_string(o->file, e->r->str);
		if (e->op == RO_PREFIX)
			put(o, ", %s", n);
		else
			put(o, "%s", ")");
		return;
	}
	if (e->op == RO_PREFIX) {
		put(o, "%s", "RV_RULE_PREFIX_ONLY_OF_TASK_COMM");
		return;
	}
	if (e->op == RO_GLOB) {
		put(o, "%s", "RV_RULE_GLOB_HAS_NO_KERNEL_CODE");
		return;
	}
	put(o, "%s", "(");
	expr(o, e->l);
	put(o, "%s", ops[e->op]);
	value_of(o, e->r, syscall);
	put(o, "%s", ")");
}

static void list(struct out *o, const struct rule_expr *e)
{
	bool syscall = is_field(e->l, RF_SYSCALL);

	put(o, "%s", "(");
	for (const struct rule_expr *x = e->r; x; x = x->next) {
		put(o, "%s", x == e->r ? "" : " || ");
		expr(o, e->l);
		put(o, "%s", " == ");
		value_of(o, x, syscall);
	}
	put(o, "%s", ")");
}

/* A number as C reads it with the value the replay compares: over LLONG_MAX unsigned. */
static void literal(char *buf, size_t len, const struct rule_expr *e)
{
	if (e->uns)
		snprintf(buf, len, "%lluULL", (unsigned long long)e->num);
	else
		snprintf(buf, len, "%lld", e->num);
}

static void expr(struct out *o, const struct rule_expr *e)
{
	char num[32];

	switch (e->op) {
	case RO_NUM:
		literal(num, sizeof(num), e);
		put(o, "%s", num);
		break;
	case RO_STR:
		rule_export_c_string(o->file, e->str);
		break;
	case RO_FIELD:
		if (e->field == RF_EVENT)
			identifier(o, "RV_RULE_FIELD_OF_AN_EVENT_OF_NO_MONITOR_", e->str);
		else if (e->field == RF_RECORD)
			record_field(o, e->str);
		else
			field(o, e->field);
		break;
	case RO_UNKNOWN:
		put(o, "%s", "RV_RULE_UNKNOWN_HAS_NO_KERNEL_VALUE");
		break;
	case RO_NOT:
		put(o, "%s", "!");
		expr(o, e->l);
		break;
	case RO_AND:
	case RO_OR:
	case RO_BITAND:
		put(o, "%s", "(");
		expr(o, e->l);
		put(o, "%s", e->op == RO_AND ? " && " : e->op == RO_OR ? " || " : " & ");
		expr(o, e->r);
		put(o, "%s", ")");
		break;
	case RO_COND:
		put(o, "%s", "(");
		expr(o, e->cond);
		put(o, "%s", " ? ");
		expr(o, e->l);
		put(o, "%s", " : ");
		expr(o, e->r);
		put(o, "%s", ")");
		break;
	case RO_IN:
		list(o, e);
		break;
	default:
		compare(o, e);
		break;
	}
}

/**
 * rule_c_syscalls() - the system calls an expression names
 * @e: the expression
 * @fn: called with each name (again for each time it is named)
 * @arg: for @fn
 */
void rule_c_syscalls(const struct rule_expr *e, void (*fn)(const char *name, void *arg), void *arg)
{
	for (; e; e = e->next) {
		bool syscall = (e->op == RO_IN || (e->op >= RO_EQ && e->op <= RO_GE)) &&
			       is_field(e->l, RF_SYSCALL);

		if (syscall)
			for (const struct rule_expr *x = e->r; x; x = e->op == RO_IN ? x->next : NULL)
				if (x->op == RO_STR)
					fn(x->str, arg);
		rule_c_syscalls(e->l, fn, arg);
		if (!syscall)
			rule_c_syscalls(e->r, fn, arg);
		rule_c_syscalls(e->cond, fn, arg);
	}
}

/**
 * rule_c_binding_syscalls() - the system calls a binding's expressions name
 * @b: the binding
 * @fn: called with each name (again for each time it is named)
 * @arg: for @fn
 */
void rule_c_binding_syscalls(const struct rule_binding *b, void (*fn)(const char *name, void *arg),
			     void *arg)
{
	const struct rule_expr *all[] = { b->fact, b->on_if, b->off_if, b->value, b->starts_if,
					  b->initially };

	for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++)
		rule_c_syscalls(all[k], fn, arg);
}

/**
 * rule_c_expr() - write an expression as kernel C
 * @out: where, whole (no bound on its length)
 * @e: the expression
 * @task: the handler's variable for the instance's task ("current", "next", ...)
 *
 * Its strings are C string literals (rule_export_c_string()), its names
 * parts of identifiers.
 */
void rule_c_expr(FILE *out, const struct rule_expr *e, const char *task)
{
	struct out o = { .file = out, .task = task };

	expr(&o, e);
}
