/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A verdict in words: why the task was judged, how its sleep went, what
 * fault it took. Shared by the text and JSON reports.
 */
#ifndef EXPLAIN_H
#define EXPLAIN_H

#include <stdbool.h>

#include <stddef.h>

#include "trace_input.h"
#include "verdict.h"

#define EXPLAIN_LEN	256

const char *explain_cause_key(enum verdict_cause cause);
const char *explain_da_event(const struct verdict *v);
const char *explain_da_state(const struct verdict *v);
void explain_automaton_reason(const struct verdict *v, char *buf, size_t len);
void explain_automaton_why(const struct verdict *v, const char *rule, char *buf, size_t len);
void explain_at_end(const struct verdict *v, char *buf, size_t len);
void explain_rule_reason(const struct verdict *v, const char *arch, char *buf, size_t len);
void explain_rule_why(const struct verdict *v, const char *arch, char *buf, size_t len);
void explain_reason(const struct verdict *v, const char *arch, char *buf, size_t len);
void explain_why(const struct verdict *v, const char *arch, char *buf, size_t len);
void explain_sleep(const struct verdict *v, const char *arch, char *buf, size_t len);
bool explain_is_sleep(const struct verdict *v);
bool explain_is_fault(const struct verdict *v);
void explain_detail(const struct verdict *v, const struct trace_input *in, const char *arch,
		    char *buf, size_t len);
void explain_fault(const struct verdict *v, const struct trace_input *in, const char *arch,
		   char *buf, size_t len);
void explain_syscall(const struct task_syscall *s, const char *arch, char *buf, size_t len);
const char *explain_context(unsigned int flags);
const char *explain_waker_context(const struct verdict *v);
const struct irq_id *explain_waker_handler(const struct verdict *v);
bool explain_held(const struct verdict *v, char *buf, size_t len);
void explain_irq(const struct irq_id *id, char *buf, size_t len);
void explain_held_irqs(const struct irq_activity *a, char *buf, size_t len);
uint64_t verdict_window(const struct verdict *v);
void explain_fault_error(uint64_t error_code, const char *arch, char *buf, size_t len);
void explain_atoms(const struct verdict *v, char *buf, size_t len);
void explain_states(unsigned long states, char *buf, size_t len);
void explain_duration(uint64_t ns, char *buf, size_t len);
void explain_duration_as(uint64_t ns, uint64_t unit_of, char *buf, size_t len);
void explain_prio(int prio, char *buf, size_t len);

struct coverage;
struct time_format;
/* How far a monitor instance of an RT task was judged. */
enum coverage_class {
	COVERAGE_JUDGED,	/* from its start to the end */
	COVERAGE_PARTLY,	/* pagefault: faults while stopped were not */
	COVERAGE_NOTHING,	/* no event of its monitor: nothing to judge */
	COVERAGE_NOT_ITS_KIND,	/* a kernel thread, a monitor of user threads */
	COVERAGE_NEVER,		/* events, but never judged: the reason says why */
};

enum coverage_class explain_coverage(const struct coverage *c, bool strict,
				     const struct time_format *tf, char *buf, size_t len);
const char *explain_coverage_key(enum coverage_class class);

#endif
