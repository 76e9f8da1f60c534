/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The records of a made trace: one event of the template's formats each
 * (sched_switch, sched_waking, sys_enter, ...), its fields set as the
 * scenario says, written on a page_writer's page. The generators have
 * nothing to recover: a writer exits (status 2, one line on stderr) when
 * the template lacks its event or the event does not fit.
 */
#ifndef RECORD_WRITER_H
#define RECORD_WRITER_H

#include <stdint.h>

#include "page_writer.h"
#include "trace_template.h"

uint64_t record_prologue(struct template *t, struct page_writer *w, uint64_t ts);
void record_event(struct template *t, struct page_writer *w, uint64_t ts, int pid,
		  const char *system, const char *name);
void record_switch_out(struct template *t, struct page_writer *w, uint64_t ts, int pid,
		       const char *comm, int prio, long state);
void record_switch_in(struct template *t, struct page_writer *w, uint64_t ts, int pid,
		      const char *comm, int prio);
void record_wake(struct template *t, struct page_writer *w, uint64_t ts, const char *name,
		 int waker, int pid, const char *comm, int prio);
void record_pi_setprio(struct template *t, struct page_writer *w, uint64_t ts, int by, int pid,
		       const char *comm, int from, int to);
void record_syscall_enter(struct template *t, struct page_writer *w, uint64_t ts, int pid,
			  long nr, uint64_t a0, uint64_t a1);
void record_syscall_exit(struct template *t, struct page_writer *w, uint64_t ts, int pid,
			 long nr);

#endif
