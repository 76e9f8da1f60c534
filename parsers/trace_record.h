/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One trace record, decoded: what the replay needs of the events the
 * monitors use, with fields looked up by name (never by fixed offset).
 */
#ifndef TRACE_RECORD_H
#define TRACE_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace_marker.h"

#define TRACE_COMM_LEN		16
#define TRACE_RV_SYSTEMS	{ "rv", "rvreplay" }
#define TRACE_UNKNOWN_PRIO	(-1000)
#define TRACE_IRQ_NAME_LEN	32	/* an irq action's name, cut */

enum trace_kind {
	TRACE_OTHER,		/* an event the replay does not decode */
	TRACE_SWITCH,		/* sched:sched_switch */
	TRACE_WAKING,		/* sched:sched_waking */
	TRACE_WAKEUP,		/* sched:sched_wakeup */
	TRACE_WAKEUP_NEW,	/* sched:sched_wakeup_new */
	TRACE_FORK,		/* sched:sched_process_fork */
	TRACE_EXIT,		/* sched:sched_process_exit */
	TRACE_FREE,		/* sched:sched_process_free */
	TRACE_PI_SETPRIO,	/* sched:sched_pi_setprio */
	TRACE_KTHREAD_STOP,	/* sched:sched_kthread_stop */
	TRACE_SYS_ENTER,	/* raw_syscalls:sys_enter */
	TRACE_SYS_EXIT,		/* raw_syscalls:sys_exit */
	TRACE_CONTENTION_BEGIN,	/* lock:contention_begin */
	TRACE_CONTENTION_END,	/* lock:contention_end */
	TRACE_FAULT_USER,	/* exceptions:page_fault_user */
	TRACE_FAULT_KERNEL,	/* exceptions:page_fault_kernel */
	TRACE_IRQ_ENTRY,	/* irq:irq_handler_entry (context only, for the reports) */
	TRACE_IRQ_EXIT,		/* irq:irq_handler_exit */
	TRACE_SOFTIRQ_ENTRY,	/* irq:softirq_entry */
	TRACE_SOFTIRQ_EXIT,	/* irq:softirq_exit */
	TRACE_PRINT,		/* ftrace:print (trace_marker) */
	TRACE_RV_EVENT,		/* rv:event_<monitor>, rvreplay:event_<monitor> (live steps) */
	TRACE_RV_ERROR,		/* rv:error_<monitor>, rvreplay:error_<monitor> (live verdicts) */
	TRACE_NR_KINDS
};

/* Where a record is in the file, to format it again later, and its time. */
struct trace_ref {
	uint64_t	offset;
	uint64_t	ts;
	int		cpu;
};

struct trace_task_ref {
	int		pid;
	int		prio;		/* TRACE_UNKNOWN_PRIO when the event has none */
	char		comm[TRACE_COMM_LEN];
};

struct trace_record {
	enum trace_kind		kind;
	int			cpu;
	uint64_t		ts;		/* nanoseconds, the trace's clock */
	int			pid;		/* common_pid: the running task */
	unsigned int		flags;		/* common_flags */
	long long		missed;		/* events lost before: 0, a count, -1 unknown */
	struct trace_ref	ref;
	union {
		struct {
			struct trace_task_ref	prev;
			struct trace_task_ref	next;
			long			prev_state;
		} sw;
		struct trace_task_ref	wake;		/* WAKING, WAKEUP, WAKEUP_NEW */
		struct {
			struct trace_task_ref	parent;
			struct trace_task_ref	child;
		} fork;
		struct trace_task_ref	task;		/* EXIT, FREE, KTHREAD_STOP */
		struct {
			struct trace_task_ref	task;
			int			oldprio;
			int			newprio;
		} pi;
		struct {
			long			id;
			unsigned long		args[6];
		} sys_enter;
		struct {
			long			id;
			long			ret;
		} sys_exit;
		struct {
			uint64_t		lock;
			unsigned int		flags;
		} contention;
		struct {
			uint64_t		address;
			uint64_t		ip;
			uint64_t		error_code;
		} fault;
		struct {
			int			nr;	/* the irq, or the softirq's vector */
			char			name[TRACE_IRQ_NAME_LEN];	/* IRQ_ENTRY */
		} irq;
		struct {
			const char		*buf;	/* valid during the callback only */
			size_t			len;
			struct trace_marker	marker;	/* a line of ours, decoded */
		} print;
		struct {
			const char		*system;	/* "rv" (in-tree) or "rvreplay" */
			const char		*monitor;	/* "sleep", ... */
			struct trace_task_ref	task;
			char			states[64];	/* event_: "0,4" */
			char			atoms[256];
			char			next[64];
		} rv;
	};
};

const char *trace_kind_event(enum trace_kind kind);
enum trace_kind trace_kind_find(const char *system, const char *event);

#endif
