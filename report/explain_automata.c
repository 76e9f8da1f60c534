// SPDX-License-Identifier: GPL-2.0-only
/*
 * Words for the verdicts of deterministic and hybrid automata (wwnr,
 * stall): the event and state as the kernel's error_<monitor> and
 * error_env_<monitor> name them, and a clock past its bound.
 */
#include <stdio.h>
#include <string.h>

#include "explain.h"

/* The index of the lowest bit set of @bits; 0 when none is. */
static unsigned int lowest_bit(unsigned long bits)
{
	unsigned int i = 0;

	while (bits && !(bits >> i & 1))
		i++;
	return i;
}

/**
 * explain_da_event() - the event of a DA verdict, as the kernel's error_<monitor> names it
 * @v: a CAUSE_UNEXPECTED verdict
 *
 * Return: "wakeup", or "none" for a clock run out at the trace's end.
 */
const char *explain_da_event(const struct verdict *v)
{
	/* a clock ran out with no event: the kernel's timer says "none" */
	if (!v->atoms)
		return "none";
	return rv_atom_name(v->monitor->automaton, lowest_bit(v->atoms));
}

/**
 * explain_da_state() - the state a DA verdict's event was not expected in
 * @v: a CAUSE_UNEXPECTED verdict
 *
 * Return: "running", an automaton string.
 */
const char *explain_da_state(const struct verdict *v)
{
	return rv_state_name(v->monitor->automaton, lowest_bit(v->states_before));
}

/* A per-CPU DA's verdict at a sched_waking of hard interrupt context ('h' of report -l). */
static bool explain_da_in_hardirq(const struct verdict *v)
{
	return v->per_cpu && v->event == TRACE_WAKING && (v->sleep.waker.context & RV_CTX_HARDIRQ);
}

/* What a DA verdict's record did, in words: the record that gave the event. */
static const char *da_what(const struct verdict *v)
{
	switch (v->event) {
	case TRACE_WAKEUP:
		return "woken (sched_wakeup)";
	case TRACE_SWITCH:
		return "switched (sched_switch)";
	case TRACE_WAKING:
		return explain_da_in_hardirq(v) ? "a wakeup in hard interrupt context (sched_waking)" :
		       "a wakeup (sched_waking)";
	case TRACE_PREEMPT_DISABLE:
		return "preemption disabled (preempt_disable)";
	case TRACE_PREEMPT_ENABLE:
		return "preemption enabled (preempt_enable)";
	default:
		return v->switch_in_inferred ? "running again, its switch-in not recorded" :
		       verdict_event(v);
	}
}

/* "threshold_jiffies = 1000 jiffies (4 s at HZ 250)" */
static void bound_words(const struct verdict *v, char *buf, size_t len)
{
	const struct verdict_clock *c = &v->clock;
	char d[32];

	explain_duration(c->bound_ns, d, sizeof(d));
	if (c->jiffies)
		snprintf(buf, len, "%s = %llu jiffies (%s at HZ %u)", c->bound_name,
			 (unsigned long long)c->bound, d, c->hz);
	else
		snprintf(buf, len, "%s = %s", c->bound_name, d);
}

/* How long the clock ran: from its reset to the verdict. */
static uint64_t clock_value(const struct verdict *v)
{
	return v->ts > v->clock.epoch_ns ? v->ts - v->clock.epoch_ns : 0;
}

/**
 * explain_automaton_reason() - a DA's or HA's verdict in a few words, for summaries
 * @v: a CAUSE_UNEXPECTED or CAUSE_CONSTRAINT verdict
 * @buf: where to write
 * @len: its size
 */
void explain_automaton_reason(const struct verdict *v, char *buf, size_t len)
{
	if (v->cause == CAUSE_UNEXPECTED) {
		snprintf(buf, len, "%s in %s", explain_da_event(v), explain_da_state(v));
		return;
	}
	snprintf(buf, len, "%s over %s in %s", v->clock.name, v->clock.bound_name,
		 explain_da_state(v));
}

/**
 * explain_at_end() - "at the end of the trace, still " or of the CPU's records
 * @v: a verdict
 * @buf: where to write ("" when it was not found at the end)
 * @len: its size
 *
 * A CPU whose buffer filled (no-overwrite) ends its records before the
 * trace: a task it ran or queued is judged there (docs/semantics.md
 * section 5).
 */
void explain_at_end(const struct verdict *v, char *buf, size_t len)
{
	if (v->at_cpu_end)
		snprintf(buf, len, "at the end of CPU %d's records (the trace holds none of its "
			 "later events), still ", v->cpu);
	else
		snprintf(buf, len, "%s", v->at_end ? "at the end of the trace, still " : "");
}

/**
 * explain_automaton_why() - a DA's or HA's verdict in one sentence
 * @v: a CAUSE_UNEXPECTED or CAUSE_CONSTRAINT verdict
 * @rule: the monitor's rule, "stall 7.1: ..."
 * @buf: where to write
 * @len: its size
 */
void explain_automaton_why(const struct verdict *v, const char *rule, char *buf, size_t len)
{
	char d[32], bound[96], end[96];

	if (v->cause == CAUSE_UNEXPECTED) {
		snprintf(buf, len, "%s%s: event %s not expected in the state %s (%s)",
			 v->per_cpu && !v->global ? "on this CPU, " : "", da_what(v), explain_da_event(v),
			 explain_da_state(v), rule);
		return;
	}
	explain_duration(clock_value(v), d, sizeof(d));
	bound_words(v, bound, sizeof(bound));
	explain_at_end(v, end, sizeof(end));
	snprintf(buf, len, "%sin the state %s %s after its clock %s was reset, past its bound "
		 "%s < %s (%s)", end, explain_da_state(v), d, v->clock.name, v->clock.name, bound,
		 rule);
}
