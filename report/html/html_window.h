/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside the HTML report (html_report.h), its timelines: a few violations
 * of each group are kept while the replay runs (evenly spread over the
 * group; once there are more groups than timelines, none: each timeline is
 * then a group's worst), and for the ones drawn, a second pass over the
 * trace gathers a short window of time around each: who ran on each CPU,
 * the violating task's states, system calls and page faults, hard irq
 * records, and its raw events. Memory is bounded: windows, lanes, marks
 * and rows have caps, and runs shorter than a pixel are merged; the trace
 * is streamed, never held.
 */
#ifndef HTML_WINDOW_H
#define HTML_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "html_report.h"

#define WINDOWS_MAX		40	/* timelines in one report (and as many zooms) */
#define WINDOW_SAMPLES		6	/* violations kept per group, evenly spread */
#define WINDOW_ROWS		160	/* raw events listed per timeline */
#define WINDOW_PIXELS		800	/* the plot's width: runs shorter than 1/800 merge */
#define WINDOW_CPUS		16	/* CPU lanes per timeline at most */
#define WINDOW_SEGS		(2 * WINDOW_PIXELS)	/* per lane */
#define WINDOW_MARKS		400	/* faults, irqs, system calls per timeline */
#define WINDOW_LONGEST		10000000ULL	/* ns of a sleep drawn whole; longer: its end */
#define WINDOW_BEFORE		1000000ULL	/* ns before the waking of a long sleep */
#define WINDOW_ZOOM		12	/* a wakeup-to-run under 1/12 of a window: zoomed */

/* Who ran on a CPU for a while: pid 0 idle, -1 several short runs. */
struct cpu_seg {
	uint64_t	from, to;
	int		pid;
	int		prio;
	char		comm[TRACE_COMM_LEN];
	bool		inferred;	/* its switch-in not recorded: from the task's record */
};

struct cpu_lane {
	int		cpu;
	struct cpu_seg	*segs;
	unsigned int	nr;
	struct cpu_seg	cur;		/* open: cur.from set */
	bool		known;		/* cur tells who runs */
	uint64_t	irqs[WINDOW_MARKS];	/* hard irq records */
	unsigned int	nr_irqs;
};

enum lane_state { LANE_UNKNOWN, LANE_RUNNING, LANE_RUNNABLE, LANE_SLEEPING, LANE_EXITED };

/* The violating task for a while. */
struct task_seg {
	uint64_t		from, to;
	enum lane_state		state;
	int			cpu;		/* running: where */
	bool			inferred;	/* running: its switch-in not recorded */
	long			prev_state;	/* sleeping: its switch-out state */
	struct task_syscall	sys;		/* sleeping: what it slept in */
};

struct sys_span {
	uint64_t		from, to;
	bool			before;		/* began before the window */
	bool			after;		/* still open at its end */
	struct task_syscall	sys;
};

struct fault_mark {
	uint64_t	ts;
	bool		user;
	uint64_t	address;
};

/* A raw event of a window, and what it is to the violation. */
#define ROW_OWN		0x1	/* a record of the violating task, or about it */
#define ROW_AT		0x2	/* the record that completed the violation */
#define ROW_WAKER	0x4	/* its waking */

struct window_row {
	struct trace_ref	ref;
	unsigned char		flags;
};

/* One timeline: a violation and the records around it. */
struct window {
	struct verdict		v;		/* without its context */
	unsigned int		group;		/* of the sorted groups */
	bool			worst;
	bool			zoom;		/* the wakeup to the run of another window's */
	uint64_t		t0, t1;
	uint64_t		focus;		/* the raw events listed centre there */
	bool			opened, closed;
	struct cpu_lane		*lanes;
	unsigned int		nr_lanes;
	int			cpus_total;
	struct task_seg		*task;
	unsigned int		nr_task;
	struct task_seg		task_cur;
	struct sys_span		sys[WINDOW_MARKS];
	unsigned int		nr_sys;
	struct sys_span		sys_cur;
	struct fault_mark	faults[WINDOW_MARKS];
	unsigned int		nr_faults;
	struct window_row	rows[WINDOW_ROWS];	/* a ring */
	unsigned int		rows_head, nr_rows, rows_after;
	unsigned long		rows_left_out;
	unsigned long		events;
	bool			truncated;	/* a cap was met */
};

/* Violations of one group kept while the replay runs. */
struct window_samples {
	const struct rv_monitor	*monitor;
	int			pid;
	char			reason[EXPLAIN_LEN];
	const void		*waiver;
	unsigned long		seen;
	unsigned long		stride;		/* one kept every stride */
	unsigned int		nr;
	struct verdict		v[WINDOW_SAMPLES];	/* without their context */
	uint64_t		since[WINDOW_SAMPLES];	/* their first context record */
};

bool window_is_sleep(const struct verdict *v);
void windows_pass_free(struct windows_pass *p);
int window_lanes(struct window *w, int cpus);
const struct window_row *window_row(const struct window *w, unsigned int i);
const struct window *window_zoom(const struct windows *ws, const struct window *w);

#endif
