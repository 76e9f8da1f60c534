/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The lines our recorder and kernel module write into a trace (ftrace:print
 * records, trace_marker), decoded once into typed facts: the replay, the
 * gate, diff and the profile choice read these, never the text.
 */
#ifndef TRACE_MARKER_H
#define TRACE_MARKER_H

#include <stdbool.h>
#include <stddef.h>

#define TRACE_MARKER_COMM_LEN	16
#define TRACE_MARKER_NAME_LEN	16

enum trace_marker_kind {
	TRACE_MARKER_NONE,		/* not one of ours, or not understood */
	TRACE_MARKER_TASK,		/* "rvreplay-task: pid=17 tgid=17 kthread=1 policy=1 prio=0 comm=..." */
	TRACE_MARKER_EVENTS,		/* "rvreplay-events: sched:sched_switch ..." (record) */
	TRACE_MARKER_PROFILE,		/* "rvreplay-profile: 7.3" (the module, when it loads) */
	/* "rvreplay-kmod: enabled profile=7.3 monitors=a,b pool=N[ params=m.p=v,...]" */
	TRACE_MARKER_KMOD_ENABLED,
	TRACE_MARKER_KMOD_DISABLED,	/* "rvreplay-kmod: disabled" */
	TRACE_MARKER_KERNEL,		/* "rvreplay-kernel: hz=250" (record) */
};

/* A task as the recorder or the module saw it in /proc or task_struct. */
struct trace_marker_task {
	int		pid;
	int		tgid;
	int		kthread;
	int		policy;
	int		prio;
	char		comm[TRACE_MARKER_COMM_LEN];	/* cut to 15 bytes; "" when not told */
};

struct trace_marker {
	enum trace_marker_kind		kind;
	union {
		struct trace_marker_task	task;
		struct {
			const char	*words;		/* "sched:sched_switch ...", in the record */
			size_t		len;
		} events;
		char				profile[TRACE_MARKER_NAME_LEN];
		unsigned int			hz;		/* KERNEL: its CONFIG_HZ */
		struct {
			const char	*monitors;	/* "pagefault,sleep", in the record; NULL: not told */
			size_t		len;
			/* "stall.threshold_jiffies=2,...", in the record; NULL: none */
			const char	*params;
			size_t		params_len;
		} kmod;
	};
};

void trace_marker_decode(const char *buf, size_t len, struct trace_marker *m);

#endif
