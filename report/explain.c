// SPDX-License-Identifier: GPL-2.0-only
/*
 * Words for verdicts.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "replay.h"
#include "report_groups.h"
#include "syscall_decode.h"
#include "time_text.h"

/**
 * explain_cause_key() - the stable name of a cause, for JSON and summaries
 * @cause: the cause
 *
 * Return: "sleep_reason", "waker", "page_fault", "start", "unexpected_event",
 * "constraint", "rule" or "other".
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
	case CAUSE_UNEXPECTED:
		return "unexpected_event";
	case CAUSE_CONSTRAINT:
		return "constraint";
	case CAUSE_RULE:
		return "rule";
	default:
		return "other";
	}
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
	explain_duration_as(ns, ns, buf, len);
}

/**
 * explain_duration_as() - a duration in the unit explain_duration() gives another
 * @ns: nanoseconds
 * @unit_of: the duration whose unit to take (a row's largest: one unit a row)
 * @buf: where to write
 * @len: its size
 */
void explain_duration_as(uint64_t ns, uint64_t unit_of, char *buf, size_t len)
{
	if (unit_of < 10000)
		snprintf(buf, len, "%llu ns", (unsigned long long)ns);
	else if (unit_of < 10000000)
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

/* Whether atom @name (its short name) was true in the verdict's failing step. */
static bool had_atom(const struct verdict *v, const char *name)
{
	const struct rv_automaton *a = v->monitor->automaton;

	for (unsigned int i = 0; i < a->nr_atoms; i++)
		if (v->atoms >> i & 1 && !strcmp(rv_atom_name(a, i), name))
			return true;
	return false;
}

/**
 * explain_waker_context() - the context of a verdict's waker, as the
 *	monitor's handler classified it
 * @v: the verdict
 *
 * The sleep monitors take a hard irq or NMI first (both are friendly), so
 * the flags name the context; the 7.3 wakeup monitor takes the soft irq
 * first (in_serving_softirq(): a hard irq nested in a soft irq is the
 * soft irq), which its atom WOKEN_BY_SOFTIRQ says.
 *
 * Return: "NMI", "hard irq", "soft irq" or "task".
 */
const char *explain_waker_context(const struct verdict *v)
{
	if (had_atom(v, "wo_so"))
		return "soft irq";
	return explain_context(v->sleep.waker.context);
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

/* The words of a waker verdict's reason, from the atoms that decided it. */
static void waker_reason(const struct verdict *v, char *buf, size_t len)
{
	const struct task_waker *w = &v->sleep.waker;
	const char *context = explain_waker_context(v);

	if (had_atom(v, "wo_so") || (!had_atom(v, "wo_lo_pr") && !strcmp(context, "soft irq")))
		snprintf(buf, len, "woken from soft irq");
	else if (!w->ts)
		snprintf(buf, len, "wakeup not traced");
	else if (w->prio == TRACE_UNKNOWN_PRIO && strcmp(context, "task"))
		snprintf(buf, len, "woken from %s", context);
	else if (w->prio == TRACE_UNKNOWN_PRIO)
		snprintf(buf, len, "waker priority unknown");
	else
		snprintf(buf, len, "woken by lower priority");
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
		waker_reason(v, buf, len);
		break;
	case CAUSE_PAGE_FAULT:
		snprintf(buf, len, "%s page fault", v->fault.user ? "user" : "kernel");
		break;
	case CAUSE_START:
		snprintf(buf, len, "false when first judged");
		break;
	case CAUSE_UNEXPECTED:
	case CAUSE_CONSTRAINT:
		explain_automaton_reason(v, buf, len);
		break;
	case CAUSE_RULE:
		explain_rule_reason(v, arch, buf, len);
		break;
	default:
		snprintf(buf, len, "%s", verdict_event(v));
		break;
	}
}

#define HANDLER_LEN	(ESCAPE_LEN(TRACE_IRQ_NAME_LEN) + 32)

/**
 * explain_waker_handler() - the interrupt handler a verdict's waker ran in
 * @v: the verdict
 *
 * Return: the hard irq or softirq its CPU was in at the waking, as the
 * context says; NULL for a task or an NMI, or when the trace does not tell.
 */
const struct irq_id *explain_waker_handler(const struct verdict *v)
{
	const char *context = explain_waker_context(v);
	const struct irq_id *id = !strcmp(context, "hard irq") ? &v->sleep.waker.irq :
				  !strcmp(context, "soft irq") ? &v->sleep.waker.softirq : NULL;

	return id && id->nr >= 0 ? id : NULL;
}

#define HANDLER_LEN	(ESCAPE_LEN(TRACE_IRQ_NAME_LEN) + 32)

/* " in irq 24 (ahci)", or "" */
static const char *handler(const struct verdict *v, char buf[HANDLER_LEN])
{
	const struct irq_id *id = explain_waker_handler(v);

	if (!id)
		return "";
	strcpy(buf, " in ");
	explain_irq(id, buf + 4, HANDLER_LEN - 4);
	return buf;
}

/*
 * Who woke the task. A task woke it in task context: its name, pid and
 * prio. An interrupt woke it otherwise, on the CPU that recorded the
 * waking, whatever task it interrupted: that task is named as interrupted,
 * never as the waker.
 */
static void waker_words(const struct verdict *v, const char *arch, char *buf, size_t len)
{
	const struct task_waker *w = &v->sleep.waker;
	const char *context = explain_waker_context(v);
	char comm[ESCAPE_LEN(TRACE_COMM_LEN)], hit[ESCAPE_LEN(TRACE_COMM_LEN) + 40];
	char in_irq[HANDLER_LEN];

	if (!w->ts) {
		snprintf(buf, len, "no sched_waking of it in the trace");
		return;
	}
	escape(w->comm, comm, sizeof(comm));
	if (strcmp(context, "task")) {
		if (w->pid)
			snprintf(hit, sizeof(hit), "%s pid %d", comm, w->pid);
		else
			snprintf(hit, sizeof(hit), "the idle task");
		snprintf(buf, len, "a%s %s on CPU %d%s%s, interrupting %s",
			 strcmp(context, "NMI") ? "" : "n", context, w->cpu,
			 handler(v, in_irq),
			 !strcmp(context, "soft irq") && w->context & RV_CTX_HARDIRQ ?
			 " (a hard irq nested in it)" : "", hit);
	} else {
		char prio[24], in[EXPLAIN_LEN] = "";

		if (w->prio == TRACE_UNKNOWN_PRIO)
			snprintf(prio, sizeof(prio), "priority unknown");
		else
			snprintf(prio, sizeof(prio), "prio %d", w->prio);
		if (w->syscall.active) {
			strcpy(in, " in ");
			explain_syscall(&w->syscall, arch, in + 4, sizeof(in) - 4);
		}
		snprintf(buf, len, "%s (pid %d, %s)%s", comm, w->pid, prio, in);
	}
}

/* "sleep 7.3: RULE" */
static void rule_words(const struct verdict *v, const char *rule, char *buf, size_t len)
{
	snprintf(buf, len, "%s %s: %s", v->monitor->name, v->monitor->version,
		 rule ? rule : v->monitor->description);
}

/**
 * explain_why() - the cause of a verdict in one sentence, with the rule of
 *	the monitor's version that it breaks
 * @v: the verdict
 * @arch: the trace's architecture
 * @buf: where to write
 * @len: its size
 */
void explain_why(const struct verdict *v, const char *arch, char *buf, size_t len)
{
	char what[EXPLAIN_LEN], who[EXPLAIN_LEN], rule[EXPLAIN_LEN];

	explain_reason(v, arch, what, sizeof(what));
	switch (v->cause) {
	case CAUSE_SLEEP_REASON:
		rule_words(v, v->monitor->sleep_rule, rule, sizeof(rule));
		snprintf(buf, len, "slept in %s, which is not a real-time safe way to sleep (%s)",
			 what, rule);
		break;
	case CAUSE_WAKER:
		waker_words(v, arch, who, sizeof(who));
		rule_words(v, v->monitor->wake_rule, rule, sizeof(rule));
		if (!v->sleep.waker.ts)
			snprintf(buf, len, "who woke it is not in the trace: %s (%s)", who, rule);
		else if (!strcmp(what, "woken by lower priority"))
			snprintf(buf, len, "woken by %s, lower priority than its own %d (%s)", who,
				 v->prio, rule);
		else if (!strcmp(what, "waker priority unknown"))
			snprintf(buf, len, "woken by %s, whose priority the trace does not show (%s)",
				 who, rule);
		else
			snprintf(buf, len, "woken by %s (%s)", who, rule);
		break;
	case CAUSE_PAGE_FAULT:
		snprintf(buf, len, "a %s while real-time", what);
		break;
	case CAUSE_START:
		if (v->event == TRACE_FAULT_USER || v->event == TRACE_FAULT_KERNEL)
			snprintf(buf, len, "a %s page fault while real-time, when the task was first "
				 "judged: the kernel's instance would not have started yet "
				 "(--strict-start)", v->fault.user ? "user" : "kernel");
		else
			snprintf(buf, len, "the formula was already false when the task was first "
				 "judged (--strict-start)");
		break;
	case CAUSE_UNEXPECTED:
	case CAUSE_CONSTRAINT:
		rule_words(v, NULL, rule, sizeof(rule));
		explain_automaton_why(v, rule, buf, len);
		break;
	case CAUSE_RULE:
		explain_rule_why(v, arch, buf, len);
		break;
	default:
		snprintf(buf, len, "no state of the automaton holds after %s", what);
		break;
	}
}

/**
 * explain_is_sleep() - whether a verdict tells a sleep
 * @v: the verdict
 *
 * Return: true for a sleep's reason or its waker.
 */
bool explain_is_sleep(const struct verdict *v)
{
	return v->cause == CAUSE_SLEEP_REASON || v->cause == CAUSE_WAKER;
}

/**
 * explain_is_fault() - whether a verdict was given at a page fault
 * @v: the verdict
 *
 * Return: true at a user or kernel page fault.
 */
bool explain_is_fault(const struct verdict *v)
{
	return v->event == TRACE_FAULT_USER || v->event == TRACE_FAULT_KERNEL;
}

/**
 * explain_detail() - a violation in one line: its sleep, its fault, or its reason
 * @v: the verdict
 * @in: the trace (the fault's symbols)
 * @arch: the trace's architecture
 * @buf: where to write
 * @len: its size
 */
void explain_detail(const struct verdict *v, const struct trace_input *in, const char *arch,
		    char *buf, size_t len)
{
	if (explain_is_sleep(v))
		explain_sleep(v, arch, buf, len);
	else if (explain_is_fault(v))
		explain_fault(v, in, arch, buf, len);
	else
		explain_reason(v, arch, buf, len);
}

/**
 * explain_sleep() - what the task slept in, how long, who woke it, how soon it ran
 * @v: a sleep verdict
 * @arch: the trace's architecture
 * @buf: where to write
 * @len: its size
 */
void explain_sleep(const struct verdict *v, const char *arch, char *buf, size_t len)
{
	const struct task_sleep *s = &v->sleep;
	char who[EXPLAIN_LEN], in[EXPLAIN_LEN], d1[32], d2[32];
	size_t n;

	if (!s->start) {
		snprintf(buf, len, "not sleeping");
		return;
	}
	if (!s->reason.active && v->kthread)
		snprintf(in, sizeof(in), "a kernel thread sleep");
	else
		explain_syscall(&s->reason, arch, in, sizeof(in));
	waker_words(v, arch, who, sizeof(who));
	if (!s->wakeup_ts && !s->run_ts) {
		snprintf(buf, len, "in %s, still asleep at the end of the trace", in);
		return;
	}
	explain_duration((s->wakeup_ts ? s->wakeup_ts : s->run_ts) - s->start, d1, sizeof(d1));
	n = snprintf(buf, len, "slept %s%s in %s, woken by %s", d1,
		     s->uninterruptible ? " uninterruptibly (D)" : "", in, who);
	if (n >= len)
		return;
	if (!s->wakeup_ts)
		snprintf(buf + n, len - n, " (no sched_wakeup recorded: until it ran again%s)",
			 s->run_inferred ? ", at its next own record" : "");
	else if (s->run_ts && s->run_ts >= s->wakeup_ts) {
		explain_duration(s->run_ts - s->wakeup_ts, d2, sizeof(d2));
		snprintf(buf + n, len - n, ", ran %s after the wakeup%s", d2,
			 s->run_inferred ? " (its switch-in not recorded: from its next own "
			 "record)" : "");
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
 * explain_held() - who ran on the CPU from a sleep's wakeup to the task running
 * @v: a sleep verdict
 * @buf: where to write
 * @len: its size
 *
 * Return: false when the trace does not tell (no run, or no switch on that CPU).
 */
bool explain_held(const struct verdict *v, char *buf, size_t len)
{
	const struct cpu_activity *a = &v->held;
	char d[32], comm[ESCAPE_LEN(TRACE_COMM_LEN)];
	size_t n;

	if (a->cpu < 0 || !a->nr)
		return false;
	explain_duration(verdict_window(v), d, sizeof(d));
	n = snprintf(buf, len, "CPU %d, the %s from the %s to %s: %s", a->cpu, d,
		     v->cause == CAUSE_CONSTRAINT ? "clock's reset" : v->sleep.wakeup_ts ? "wakeup" :
		     "waking", v->at_end ? "the trace's end" : "its run",
		     a->partial ? "(before: not kept) " : "");
	for (unsigned int i = 0; i < a->nr && n < len; i++) {
		explain_duration(a->ran[i].ns, d, sizeof(d));
		if (a->ran[i].pid)
			n += snprintf(buf + n, len - n, "%s%s pid %d prio %d %s", i ? ", then " : "",
				      escape(a->ran[i].comm, comm, sizeof(comm)), a->ran[i].pid,
				      a->ran[i].prio, d);
		else
			n += snprintf(buf + n, len - n, "%sidle %s", i ? ", then " : "", d);
	}
	if (a->others && n < len) {
		explain_duration(a->others_ns, d, sizeof(d));
		snprintf(buf + n, len - n, ", then %u more for %s", a->others, d);
	}
	explain_held_irqs(&v->held_irqs, buf, len);
	return true;
}

/**
 * verdict_window() - from a sleep's wakeup (or waking) to the task running
 * @v: a sleep verdict
 *
 * Return: nanoseconds, 0 when not told.
 */
uint64_t verdict_window(const struct verdict *v)
{
	const struct task_sleep *s = &v->sleep;
	uint64_t from = s->wakeup_ts ? s->wakeup_ts : s->waker.ts;

	if (v->cause == CAUSE_CONSTRAINT)
		return verdict_latency(v);
	return from && s->run_ts > from ? s->run_ts - from : 0;
}

/**
 * explain_atoms() - the atoms true at the failing step, as event_<monitor> lists them
 * @v: the verdict
 * @buf: where to write
 * @len: its size
 */
void explain_atoms(const struct verdict *v, char *buf, size_t len)
{
	const struct rv_automaton *a = v->monitor->automaton;
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < a->nr_atoms && n < len; i++)
		if (v->atoms >> i & 1)
			n += snprintf(buf + n, len - n, "%s%s", n ? "," : "", rv_atom_name(a, i));
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
	const struct rv_automaton *a = m->automaton;
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < a->nr_atoms && n < len; i++)
		if (atoms >> i & 1)
			n += snprintf(buf + n, len - n, "%s%s", n ? ", " : "", rv_atom_name(a, i));
}

/* Whether knowing it is a kernel thread would let the monitor judge it. */
static bool kthread_comms_would_help(const struct coverage *c)
{
	const struct rv_automaton *a = c->monitor->automaton;
	unsigned long others = c->unknown_atoms;

	for (unsigned int i = 0; i < a->nr_atoms; i++)
		if (!strcmp(rv_atom_name(a, i), "ker_th") || !strcmp(rv_atom_name(a, i), "us_th"))
			others &= ~(1UL << i);
	return c->kthread_unknown && c->comm_says_kthread && !others &&
	       !c->monitor->user_threads_only;
}

static enum coverage_class never_judged(const struct coverage *c, char *buf, size_t len)
{
	char atoms[EXPLAIN_LEN];

	atom_names(c->monitor, c->unknown_atoms, atoms, sizeof(atoms));
	if (c->kthread_unknown && atoms[0])
		snprintf(buf, len, "never judged: not known to be a kernel thread or a user task "
			 "(no fork, no system call in the trace%s)",
			 kthread_comms_would_help(c) ? "; --kthread-comms would take it for a "
			 "kernel thread by its name" : "");
	else if (atoms[0])
		snprintf(buf, len, "never judged: atoms never learned from the trace: %s", atoms);
	else if (c->unjudged)
		snprintf(buf, len, "never judged: RT from its first page fault, so the kernel's "
			 "monitor never starts (%lu faults; --strict-start judges them)", c->unjudged);
	else
		snprintf(buf, len, "never judged: no event of this monitor while its atoms were known");
	return COVERAGE_NEVER;
}

static enum coverage_class coverage_class(const struct coverage *c, bool strict,
					  const struct time_format *tf, char *buf, size_t len)
{
	char ts[32];

	if (c->kthread && c->monitor->user_threads_only) {
		snprintf(buf, len, "not judged: a kernel thread, and %s %s judges user threads only",
			 c->monitor->name, c->monitor->version);
		return COVERAGE_NOT_ITS_KIND;
	}
	if (!c->events) {
		snprintf(buf, len, "nothing to judge: %s", c->monitor->sleep_rule ||
			 c->monitor->wake_rule || c->monitor->every_task ||
			 !rv_monitor_handles(c->monitor, RV_EV_PAGE_FAULT) ?
			 "no event of this monitor in the trace" : "no page fault in the trace");
		return strict ? COVERAGE_JUDGED : COVERAGE_NOTHING;
	}
	if (c->started_ts && c->unjudged) {
		snprintf(buf, len, "judged from %s, but %lu page faults while its instance was "
			 "stopped were not (as in the kernel: a violation stops the instance until "
			 "a fault while not RT)", time_text(tf, c->started_ts, ts, sizeof(ts)),
			 c->unjudged);
		return COVERAGE_PARTLY;
	}
	if (c->started_ts) {
		snprintf(buf, len, "judged from %s", time_text(tf, c->started_ts, ts, sizeof(ts)));
		return COVERAGE_JUDGED;
	}
	if (c->violations) {
		snprintf(buf, len, "judged at each start attempt (--strict-start)");
		return COVERAGE_JUDGED;
	}
	/* as the kernel's: a DA instance starts at its start event only */
	if (c->monitor->start_rule) {
		snprintf(buf, len, "nothing to judge: %s %s starts at %s, which it never made",
			 c->monitor->name, c->monitor->version, c->monitor->start_rule);
		return COVERAGE_NOTHING;
	}
	return never_judged(c, buf, len);
}

/**
 * explain_coverage() - whether an RT task's instance was judged, and why not
 * @c: the instance
 * @strict: --strict-start (a task with nothing to judge counts as judged)
 * @tf: how times print (--ts)
 * @buf: where to write the reason, never empty
 * @len: its size
 *
 * Sleeps woken before the task switched out, which the kernel's monitor
 * sees and a trace cannot, are said whatever the class.
 *
 * Return: its class.
 */
enum coverage_class explain_coverage(const struct coverage *c, bool strict,
				     const struct time_format *tf, char *buf, size_t len)
{
	enum coverage_class class = coverage_class(c, strict, tf, buf, len);
	size_t n = strlen(buf);

	if (c->early_wakes && (c->monitor->sleep_rule) && n < len)
		n += snprintf(buf + n, len - n, "; %lu sleep%s woken before it switched out: the "
			      "kernel may have judged %s, a trace cannot", c->early_wakes,
			      c->early_wakes == 1 ? "" : "s", c->early_wakes == 1 ? "it" : "them");
	if (c->inferred && n < len)
		n += snprintf(buf + n, len - n, "; %lu sched_wakeup%s not recorded, taken at %s "
			      "sched_waking", c->inferred, c->inferred == 1 ? "" : "s",
			      c->inferred == 1 ? "its" : "their");
	if (c->unsure && n < len)
		snprintf(buf + n, len - n, "; %lu wait%s within a jiffy of the bound, which a trace "
			 "cannot judge (the kernel counts jiffies): not judged", c->unsure,
			 c->unsure == 1 ? "" : "s");
	return class;
}

/**
 * explain_coverage_key() - a class's stable name, for JSON
 * @class: the class
 *
 * Return: "judged", "partly_judged", "nothing_to_judge", "not_its_kind" or
 * "never_judged".
 */
const char *explain_coverage_key(enum coverage_class class)
{
	static const char *const keys[] = {
		[COVERAGE_JUDGED] = "judged", [COVERAGE_PARTLY] = "partly_judged",
		[COVERAGE_NOTHING] = "nothing_to_judge", [COVERAGE_NOT_ITS_KIND] = "not_its_kind",
		[COVERAGE_NEVER] = "never_judged",
	};

	return keys[class];
}
