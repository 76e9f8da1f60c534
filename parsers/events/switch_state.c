// SPDX-License-Identifier: GPL-2.0-only
/*
 * The preemption bit of sched_switch's prev_state, read from the event's
 * print fmt as libtraceevent parsed it: the operand of the test whose true
 * value is "+" (`REC->prev_state & X ? "+" : ""`), X a constant expression
 * of numbers, |, +, -, << and >>.
 */
#include <stdlib.h>
#include <string.h>

#include "switch_state.h"
#include "trace_record.h"

#define EVAL_DEPTH	32	/* deeper is no kernel's format: refused */

static bool is_op(const struct tep_print_arg *a, const char *op)
{
	return a && a->type == TEP_PRINT_OP && a->op.op && !strcmp(a->op.op, op);
}

/* @l @op @r, for the operators a kernel's prev_state test uses. */
static bool apply(const char *op, unsigned long long l, unsigned long long r,
		  unsigned long long *out)
{
	if (!strcmp(op, "|"))
		*out = l | r;
	else if (!strcmp(op, "+"))
		*out = l + r;
	else if (!strcmp(op, "-"))
		*out = l - r;
	else if (!strcmp(op, "<<") && r < 64)
		*out = l << r;
	else if (!strcmp(op, ">>") && r < 64)
		*out = l >> r;
	else
		return false;
	return true;
}

/* A constant expression's value; false when it is not one we read. */
static bool eval(const struct tep_print_arg *a, int depth, unsigned long long *out)
{
	unsigned long long l, r;
	char *end;

	if (!a || depth > EVAL_DEPTH)
		return false;
	if (a->type == TEP_PRINT_ATOM && a->atom.atom) {
		*out = strtoull(a->atom.atom, &end, 0);
		return end != a->atom.atom && !*end;
	}
	return a->type == TEP_PRINT_OP && a->op.op && eval(a->op.left, depth + 1, &l) &&
	       eval(a->op.right, depth + 1, &r) && apply(a->op.op, l, r, out);
}

static bool is_plus(const struct tep_print_arg *a)
{
	return a && ((a->type == TEP_PRINT_ATOM && a->atom.atom && !strcmp(a->atom.atom, "+")) ||
		     (a->type == TEP_PRINT_STRING && a->string.string &&
		      !strcmp(a->string.string, "+")));
}

static bool is_prev_state(const struct tep_print_arg *a)
{
	return a && a->type == TEP_PRINT_FIELD && a->field.name &&
	       !strcmp(a->field.name, "prev_state");
}

/**
 * switch_state_preempt_bit() - the prev_state bit sched_switch prints as "+"
 * @ev: the trace's sched_switch format
 *
 * Return: the bit (0x100 on Linux 4.14+), or 0 when the print fmt does not
 * say it as `REC->prev_state & X ? "+"` with X a single bit.
 */
unsigned long switch_state_preempt_bit(const struct tep_event *ev)
{
	const struct tep_print_arg *a, *test;
	unsigned long long bit;

	for (a = ev ? ev->print_fmt.args : NULL; a; a = a->next) {
		if (!is_op(a, "?") || !is_op(a->op.right, ":") || !is_plus(a->op.right->op.left))
			continue;
		test = a->op.left;
		if (!is_op(test, "&") || !is_prev_state(test->op.left) ||
		    !eval(test->op.right, 0, &bit))
			return 0;
		return bit && !(bit & (bit - 1)) && bit <= 1UL << 30 ? bit : 0;
	}
	return 0;
}

/**
 * switch_state_normal() - a prev_state as Linux 4.14+ writes it
 * @raw: the field's value
 * @preempt_bit: switch_state_preempt_bit() of its format; 0: unknown
 *
 * The task states the monitors read (S 0x1, D 0x2, and the others below
 * 0x100) have kept their bits; only the preemption bit moved.
 *
 * Return: @raw with its preemption bit at TRACE_PREV_STATE_PREEMPTED.
 */
long switch_state_normal(long raw, unsigned long preempt_bit)
{
	if (!preempt_bit || preempt_bit == TRACE_PREV_STATE_PREEMPTED)
		return raw;
	if (raw & preempt_bit)
		return TRACE_PREV_STATE_PREEMPTED | (raw & (TRACE_PREV_STATE_PREEMPTED - 1));
	return raw & (preempt_bit - 1) & (TRACE_PREV_STATE_PREEMPTED - 1);
}
