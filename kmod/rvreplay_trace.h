/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The live verdicts, in the layout of the kernel's LTL monitor events
 * (kernel/trace/rv/rv_trace.h, Linux 6.17): for each monitor,
 * rvreplay:event_<monitor> (comm, pid, states, atoms, next) at every step
 * and rvreplay:error_<monitor> (comm, pid) at every violation.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM rvreplay

/* The monitors of monitors/ that have trace events here. */
#ifndef RVK_TRACED_MONITORS
#define RVK_TRACED_MONITORS(X)	X(pagefault) X(sleep) X(wakeup)
#endif

#if !defined(RVK_RVREPLAY_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define RVK_RVREPLAY_TRACE_H

#include <linux/tracepoint.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
#define RVK_ASSIGN_STR(field, src)	__assign_str(field)
#else
#define RVK_ASSIGN_STR(field, src)	__assign_str(field, src)
#endif

DECLARE_EVENT_CLASS(rvk_event_ltl,

	TP_PROTO(const char *comm, pid_t pid, const char *states, const char *atoms,
		 const char *next),

	TP_ARGS(comm, pid, states, atoms, next),

	TP_STRUCT__entry(
		__string(comm, comm)
		__field(pid_t, pid)
		__string(states, states)
		__string(atoms, atoms)
		__string(next, next)
	),

	TP_fast_assign(
		RVK_ASSIGN_STR(comm, comm);
		__entry->pid = pid;
		RVK_ASSIGN_STR(states, states);
		RVK_ASSIGN_STR(atoms, atoms);
		RVK_ASSIGN_STR(next, next);
	),

	TP_printk("%s[%d]: (%s) x (%s) -> (%s)", __get_str(comm), __entry->pid,
		  __get_str(states), __get_str(atoms), __get_str(next))
);

DECLARE_EVENT_CLASS(rvk_error_ltl,

	TP_PROTO(const char *comm, pid_t pid),

	TP_ARGS(comm, pid),

	TP_STRUCT__entry(
		__string(comm, comm)
		__field(pid_t, pid)
	),

	TP_fast_assign(
		RVK_ASSIGN_STR(comm, comm);
		__entry->pid = pid;
	),

	TP_printk("%s[%d]: violation detected", __get_str(comm), __entry->pid)
);

#define RVK_MONITOR_EVENTS(m)							\
DEFINE_EVENT(rvk_event_ltl, event_##m,						\
	TP_PROTO(const char *comm, pid_t pid, const char *states,		\
		 const char *atoms, const char *next),				\
	TP_ARGS(comm, pid, states, atoms, next));				\
DEFINE_EVENT(rvk_error_ltl, error_##m,						\
	TP_PROTO(const char *comm, pid_t pid),					\
	TP_ARGS(comm, pid));

RVK_TRACED_MONITORS(RVK_MONITOR_EVENTS)

#endif /* RVK_RVREPLAY_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE rvreplay_trace
#include <trace/define_trace.h>
