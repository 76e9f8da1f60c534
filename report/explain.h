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
void explain_reason(const struct verdict *v, const char *arch, char *buf, size_t len);
void explain_why(const struct verdict *v, const char *arch, char *buf, size_t len);
void explain_sleep(const struct verdict *v, char *buf, size_t len);
void explain_fault(const struct verdict *v, const struct trace_input *in, const char *arch,
		   char *buf, size_t len);
void explain_syscall(const struct task_syscall *s, const char *arch, char *buf, size_t len);
const char *explain_context(unsigned int flags);
void explain_fault_error(uint64_t error_code, const char *arch, char *buf, size_t len);
void explain_atoms(const struct verdict *v, char *buf, size_t len);
void explain_states(unsigned long states, char *buf, size_t len);
void explain_ts(uint64_t ts, char *buf, size_t len);
void explain_duration(uint64_t ns, char *buf, size_t len);
void explain_prio(int prio, char *buf, size_t len);

#endif

struct coverage;
bool explain_coverage(const struct coverage *c, char *buf, size_t len);
