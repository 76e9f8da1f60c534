// SPDX-License-Identifier: GPL-2.0-only
/*
 * Words for verdicts.
 */
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "replay.h"
#include "syscall_decode.h"

/**
 * explain_cause_key() - the stable name of a cause, for JSON and summaries
 * @cause: the cause
 *
 * Return: "sleep_reason", "waker", "page_fault", "start" or "other".
 */
const char *explain_cause_key(enum verdict_cause cause)
{
	switch (cause) {
	case CAUSE_SLEEP_REASON:
		return "sleep_reason";
	case CAUSE_WAKER:
		return "waker";
	case CAUSE_PAGE_FAULT:
		return "page_fault";
	case CAUSE_START:
		return "start";
	default:
		return "other";
	}
}

/**
 * explain_ts() - a timestamp as trace-cmd report prints it: seconds.microseconds
 * @ts: nanoseconds
 * @buf: where to write
 * @len: its size
 */
void explain_ts(uint64_t ts, char *buf, size_t len)
{
	snprintf(buf, len, "%llu.%06llu", (unsigned long long)(ts / 1000000000ULL),
		 (unsigned long long)(ts % 1000000000ULL / 1000));
}

/**
 * explain_prio() - a kernel prio, or "?" when unknown
 * @prio: the prio
 * @buf: where to write
 * @len: its size
 */
void explain_prio(int prio, char *buf, size_t len)
{
	if (prio == TRACE_UNKNOWN_PRIO)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%d", prio);
}

/**
 * explain_duration() - a duration for people: ns, us or ms
 * @ns: nanoseconds
 * @buf: where to write
 * @len: its size
 */
void explain_duration(uint64_t ns, char *buf, size_t len)
{
	if (ns < 10000)
		snprintf(buf, len, "%llu ns", (unsigned long long)ns);
	else if (ns < 10000000)
		snprintf(buf, len, "%.1f us", ns / 1e3);
	else
		snprintf(buf, len, "%.3f ms", ns / 1e6);
}

/**
 * explain_context() - the context a waker ran in, from common_flags
 * @flags: the record's common_flags
 *
 * Return: "NMI", "hard irq", "soft irq" or "task".
 */
const char *explain_context(unsigned int flags)
{
	if (flags & RV_CTX_NMI)
		return "NMI";
	if (flags & RV_CTX_HARDIRQ)
		return "hard irq";
	if (flags & RV_CTX_SOFTIRQ)
		return "soft irq";
	return "task";
}

/**
 * explain_syscall() - the system call a task was in, decoded
 * @s: the system call, or an inactive one
 * @arch: the trace's architecture
 * @buf: where to write
 * @len: its size
 */
void explain_syscall(const struct task_syscall *s, const char *arch, char *buf, size_t len)
{
	if (!s->active)
		snprintf(buf, len, "no system call");
	else
		syscall_describe(arch, s->id, s->args, buf, len);
}

/**
 * explain_reason() - the short reason a summary counts: what the sleep was, or the fault kind
 * @v: the verdict
 * @arch: the trace's architecture
 * @buf: where to write
 * @len: its size
 */
void explain_reason(const struct verdict *v, const char *arch, char *buf, size_t len)
{
	switch (v->cause) {
	case CAUSE_SLEEP_REASON:
		if (!v->sleep.reason.active && v->kthread)
			snprintf(buf, len, "kernel thread sleep");
		else
			explain_syscall(&v->sleep.reason, arch, buf, len);
		break;
	case CAUSE_WAKER:
		if (v->sleep.waker_context & (RV_CTX_SOFTIRQ) &&
		    !(v->sleep.waker_context & (RV_CTX_HARDIRQ | RV_CTX_NMI)))
			snprintf(buf, len, "woken from soft irq");
		else if (!v->sleep.waking_ts)
			snprintf(buf, len, "wakeup not traced");
		else if (v->sleep.waker_prio == TRACE_UNKNOWN_PRIO)
			snprintf(buf, len, "waker priority unknown");
		else
			snprintf(buf, len, "woken by lower priority");
		break;
	case CAUSE_PAGE_FAULT:
		snprintf(buf, len, "%s page fault", v->fault.user ? "user" : "kernel");
		break;
	case CAUSE_START:
		snprintf(buf, len, "false when first judged");
		break;
	default:
		snprintf(buf, len, "%s", trace_kind_event(v->event));
		break;
	}
}

static void waker_words(const struct verdict *v, char *buf, size_t len)
{
	const struct task_sleep *s = &v->sleep;
	char comm[ESCAPE_LEN(TRACE_COMM_LEN)];

	if (!s->waking_ts) {
		snprintf(buf, len, "no sched_waking of it in the trace");
		return;
	}
	if (s->waker_prio == TRACE_UNKNOWN_PRIO)
		snprintf(buf, len, "%s (pid %d, priority unknown) in %s context",
			 escape(s->waker_comm, comm, sizeof(comm)), s->waker_pid,
			 explain_context(s->waker_context));
	else
		snprintf(buf, len, "%s (pid %d, prio %d) in %s context",
			 escape(s->waker_comm, comm, sizeof(comm)), s->waker_pid, s->waker_prio,
			 explain_context(s->waker_context));
}

/**
 * explain_why() - the cause of a verdict in one sentence
 * @v: the verdict
 * @arch: the trace's architecture
 * @buf: where to write
 * @len: its size
 */
void explain_why(const struct verdict *v, const char *arch, char *buf, size_t len)
{
	char what[EXPLAIN_LEN], who[EXPLAIN_LEN];

	explain_reason(v, arch, what, sizeof(what));
	switch (v->cause) {
	case CAUSE_SLEEP_REASON:
		snprintf(buf, len, "slept in %s, which is not a real-time safe way to sleep "
			 "(only futex wait, or clock_nanosleep TIMER_ABSTIME on CLOCK_MONOTONIC "
			 "or CLOCK_TAI)", what);
		break;
	case CAUSE_WAKER:
		waker_words(v, who, sizeof(who));
		if (v->sleep.waking_ts && v->sleep.waker_prio != TRACE_UNKNOWN_PRIO &&
		    !(v->sleep.waker_context & (RV_CTX_SOFTIRQ | RV_CTX_HARDIRQ | RV_CTX_NMI)))
			snprintf(buf, len, "woken by %s, lower priority than its own %d", who,
				 v->prio);
		else
			snprintf(buf, len, "woken by %s: not an equal or higher priority task, hard "
				 "irq or NMI (%s)", who, what);
		break;
	case CAUSE_PAGE_FAULT:
		snprintf(buf, len, "a %s while real-time", what);
		break;
	case CAUSE_START:
		snprintf(buf, len, "the formula was already false when the task was first judged "
			 "(--strict-start)");
		break;
	default:
		snprintf(buf, len, "no state of the automaton holds after %s", what);
		break;
	}
}

/**
 * explain_sleep() - how long the sleep lasted, who woke it, how soon it ran
 * @v: a sleep verdict
 * @buf: where to write
 * @len: its size
 */
void explain_sleep(const struct verdict *v, char *buf, size_t len)
{
	const struct task_sleep *s = &v->sleep;
	char who[EXPLAIN_LEN], d1[32], d2[32];
	size_t n;

	if (!s->start) {
		snprintf(buf, len, "not sleeping");
		return;
	}
	waker_words(v, who, sizeof(who));
	if (!s->wakeup_ts) {
		snprintf(buf, len, "still asleep at the end of the trace");
		return;
	}
	explain_duration(s->wakeup_ts - s->start, d1, sizeof(d1));
	n = snprintf(buf, len, "slept %s, woken by %s", d1, who);
	if (n < len && s->run_ts && s->run_ts >= s->wakeup_ts) {
		explain_duration(s->run_ts - s->wakeup_ts, d2, sizeof(d2));
		snprintf(buf + n, len - n, ", ran %s after the wakeup", d2);
	}
}

/**
 * explain_fault_error() - a page fault's error code in words (x86 bits)
 * @error_code: the error_code field
 * @arch: the trace's architecture
 * @buf: where to write
 * @len: its size
 */
void explain_fault_error(uint64_t error_code, const char *arch, char *buf, size_t len)
{
	if (strcmp(arch, "x86_64") && strcmp(arch, "i386")) {
		snprintf(buf, len, "error code 0x%llx", (unsigned long long)error_code);
		return;
	}
	snprintf(buf, len, "%s, %s, %s%s%s", error_code & 0x2 ? "write" : "read",
		 error_code & 0x4 ? "user mode" : "kernel mode",
		 error_code & 0x1 ? "protection violation" : "page not present",
		 error_code & 0x10 ? ", instruction fetch" : "",
		 error_code & 0x8 ? ", reserved bit" : "");
}

/**
 * explain_fault() - a page fault verdict's details
 * @v: the verdict
 * @in: the trace, for kernel symbols
 * @arch: the trace's architecture
 * @buf: where to write
 * @len: its size
 */
void explain_fault(const struct verdict *v, const struct trace_input *in, const char *arch,
		   char *buf, size_t len)
{
	char ip[128], err[128], sys[EXPLAIN_LEN], sym[128];

	/* a symbol name is the trace's kallsyms: hostile text */
	if (v->fault.user || trace_input_symbol(in, v->fault.ip, sym, sizeof(sym)))
		snprintf(ip, sizeof(ip), "0x%llx", (unsigned long long)v->fault.ip);
	else
		escape(sym, ip, sizeof(ip));
	explain_fault_error(v->fault.error_code, arch, err, sizeof(err));
	explain_syscall(&v->syscall, arch, sys, sizeof(sys));
	snprintf(buf, len, "%s fault at address 0x%llx, ip %s, %s; during %s",
		 v->fault.user ? "user" : "kernel", (unsigned long long)v->fault.address, ip, err,
		 sys);
}

/**
 * explain_atoms() - the atoms true at the failing step, as event_<monitor> lists them
 * @v: the verdict
 * @buf: where to write
 * @len: its size
 */
void explain_atoms(const struct verdict *v, char *buf, size_t len)
{
	const struct ltl_automaton *a = v->monitor->automaton;
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < a->nr_atoms && n < len; i++)
		if (v->atoms >> i & 1)
			n += snprintf(buf + n, len - n, "%s%s", n ? "," : "", a->atom_name(i));
}

/**
 * explain_states() - a state set as the kernel prints it ("0,4"), or "none"
 * @states: the set
 * @buf: where to write
 * @len: its size
 */
void explain_states(unsigned long states, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < RV_MAX_BA_STATES && n < len; i++)
		if (states >> i & 1)
			n += snprintf(buf + n, len - n, "%s%u", n ? "," : "", i);
	if (!n)
		snprintf(buf, len, "none");
}

static void atom_names(const struct rv_monitor *m, unsigned long atoms, char *buf, size_t len)
{
	const struct ltl_automaton *a = m->automaton;
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < a->nr_atoms && n < len; i++)
		if (atoms >> i & 1)
			n += snprintf(buf + n, len - n, "%s%s", n ? ", " : "", a->atom_name(i));
}

/**
 * explain_coverage() - why an RT task was not judged, or not always
 * @c: the task's coverage for one monitor
 * @buf: where to write
 * @len: its size
 *
 * Return: true when there is something to tell (never judged, or events
 * the kernel would not have judged).
 */
bool explain_coverage(const struct coverage *c, char *buf, size_t len)
{
	char atoms[EXPLAIN_LEN];

	atom_names(c->monitor, c->unknown_atoms, atoms, sizeof(atoms));
	/* judged all along, nothing happened that it judges, or not its kind of task */
	if ((c->started_ts && !c->unjudged) || !c->events ||
	    (c->kthread && c->monitor->user_threads_only))
		return false;
	if (c->started_ts) {
		snprintf(buf, len, "%lu page faults while its instance was stopped were not judged "
			 "(as in the kernel: a violation stops the instance until a fault while "
			 "not RT)", c->unjudged);
	} else if (c->kthread_unknown && atoms[0]) {
		snprintf(buf, len, "never judged: not known to be a kernel thread or a user task "
			 "(no fork, no system call in the trace; see --kthread-comms)");
	} else if (atoms[0]) {
		snprintf(buf, len, "never judged: atoms never learned from the trace: %s", atoms);
	} else if (c->unjudged) {
		snprintf(buf, len, "never judged: RT from its first page fault, so the kernel's "
			 "monitor never starts (%lu faults; --strict-start judges them)", c->unjudged);
	} else {
		snprintf(buf, len, "never judged: no event of this monitor while its atoms were known");
	}
	return true;
}
