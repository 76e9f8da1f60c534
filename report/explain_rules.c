// SPDX-License-Identifier: GPL-2.0-only
/*
 * A rule's verdict in words (--spec, rvreplay-spec(5)): the event at which
 * no state of its automaton held, and the atoms true then, each with the
 * binding that set it, so that a person can check each against the trace.
 */
#include <stdio.h>
#include <string.h>

#include "explain.h"

/* What happened: the system call entered, the fault, or the event's name. */
static void event_words(const struct verdict *v, const char *arch, char *buf, size_t len)
{
	char call[EXPLAIN_LEN];

	switch (v->event) {
	case TRACE_SYS_ENTER:
		explain_syscall(&v->syscall, arch, call, sizeof(call));
		snprintf(buf, len, "sys_enter %s", call);
		break;
	case TRACE_FAULT_USER:
	case TRACE_FAULT_KERNEL:
		snprintf(buf, len, "%s page fault", v->fault.user ? "user" : "kernel");
		break;
	default:
		snprintf(buf, len, "%s", verdict_event(v));
		break;
	}
}

static unsigned int lowest(unsigned long bits)
{
	return bits ? __builtin_ctzl(bits) : 0;
}

/**
 * explain_rule_reason() - a rule verdict's short reason
 * @v: the verdict
 * @arch: the trace's architecture
 * @buf: a formula's: the event and the atoms true ("sys_enter mmap: MM_CALL,
 *	 RT"); an automaton's: its event and state ("wakeup in running")
 * @len: its size
 */
void explain_rule_reason(const struct verdict *v, const char *arch, char *buf, size_t len)
{
	const struct rv_automaton *a = v->monitor->automaton;
	size_t n;

	if (v->monitor->type != RV_MONITOR_LTL) {
		snprintf(buf, len, "%s in %s", rv_atom_name(a, lowest(v->atoms)),
			 rv_state_name(a, lowest(v->states_before)));
		return;
	}
	event_words(v, arch, buf, len);
	n = strlen(buf);
	for (unsigned int i = 0, k = 0; i < a->nr_atoms && n < len; i++)
		if (v->atoms >> i & 1)
			n += snprintf(buf + n, len - n, "%s%s", k++ ? ", " : ": ",
				      rv_atom_name(a, i));
}

/* An automaton's: the event its binding gave, not expected in the state. */
static void da_why(const struct verdict *v, const char *arch, char *buf, size_t len)
{
	const struct rv_monitor *m = v->monitor;
	const struct rv_automaton *a = m->automaton;
	unsigned int e = lowest(v->atoms);
	char what[EXPLAIN_LEN];

	event_words(v, arch, what, sizeof(what));
	snprintf(buf, len, "rule %s: its event %s (%s), at %s, is not expected in state %s",
		 m->name, rv_atom_name(a, e), m->atom_binding(m, e), what,
		 rv_state_name(a, lowest(v->states_before)));
}

/**
 * explain_rule_why() - a rule verdict in a sentence, with the bindings of its letters
 * @v: the verdict
 * @arch: the trace's architecture
 * @buf: where to write
 * @len: its size
 */
void explain_rule_why(const struct verdict *v, const char *arch, char *buf, size_t len)
{
	const struct rv_monitor *m = v->monitor;
	const struct rv_automaton *a = m->automaton;
	char what[EXPLAIN_LEN];
	unsigned int k = 0;
	size_t n;

	if (m->type != RV_MONITOR_LTL) {
		da_why(v, arch, buf, len);
		return;
	}
	event_words(v, arch, what, sizeof(what));
	n = snprintf(buf, len, "no state of rule %s holds after %s", m->name, what);
	for (unsigned int i = 0; i < a->nr_atoms && n < len; i++)
		if (v->atoms >> i & 1)
			n += snprintf(buf + n, len - n, "%s%s (%s)", k++ ? ", " : ", with ",
				      rv_atom_name(a, i), m->atom_binding(m, i));
	if (n < len)
		snprintf(buf + n, len - n, "%s", k ? (k == a->nr_atoms ? " true" :
						      " true and every other atom false") :
						" every atom false");
}
