/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside the Chrome trace export (chrome_trace.h): its state and the
 * writing of one event.
 */
#ifndef CHROME_LOCAL_H
#define CHROME_LOCAL_H

#include "chrome_trace.h"
#include "cpu_now.h"

#define CHROME_HASH	4096

enum chrome_state { CS_NONE, CS_SLEEPING, CS_RUNNABLE, CS_RUNNING };

/* A task: its system call (for its sleeps' reasons) and its track's open slice. */
struct chrome_task {
	int			pid;
	char			comm[TRACE_COMM_LEN];
	int			prio;		/* at its last switch */
	bool			track;		/* real-time once: a track of its own */
	bool			named;		/* its process_name written */
	enum chrome_state	state;
	int			cpu;
	bool			inferred;	/* running, its switch-in not recorded */
	bool			switched_out;	/* not seen running since */
	struct task_syscall	sys;
	struct task_syscall	slept_in;
	unsigned long		flow;		/* a waking's flow, waiting for the wakeup */
	struct chrome_task	*next;
};

struct chrome_trace {
	FILE			*f;
	struct trace_input	*in;
	const char		*arch;
	uint64_t		from, to;
	bool			started;	/* a record at or after --from was seen */
	bool			done;		/* a record after --to was seen */
	uint64_t		last_ts;
	int			cpus;
	struct cpu_now		*cpu;		/* an open slice on its track unless idle */
	struct chrome_task	*hash[CHROME_HASH];
	unsigned long		flows;
	bool			first;		/* no comma before the next event */
	uint64_t		max_bytes;	/* report_options.chrome_max, 0: no bound */
	unsigned int		since_check;	/* records since its size was looked at */
	bool			truncated;	/* stopped at the bound */
	unsigned long		undrawn;	/* violations past it */
};

bool chrome_over_bound(const struct chrome_trace *c);

void chrome_event(struct chrome_trace *c, char ph, int pid, int tid, uint64_t ts);
void chrome_str(struct chrome_trace *c, const char *key, const char *s);
void chrome_trace_str(struct chrome_trace *c, const char *key, const char *s);
void chrome_name_task(struct chrome_trace *c, struct chrome_task *t);
struct chrome_task *chrome_task(struct chrome_trace *c, int pid, bool create);

#endif
