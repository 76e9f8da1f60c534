/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The live verdicts, in the layouts of the kernel's monitor events
 * (kernel/trace/rv/rv_trace.h), per monitor type:
 *
 * LTL (Linux 6.17): rvreplay:event_<monitor> (comm, pid, states, atoms,
 * next) at every step, rvreplay:error_<monitor> (comm, pid) at every
 * violation.
 *
 * DA per task (Linux 6.0 to 6.12's event_da_monitor_id): event_<monitor>
 * (id, state, event, next_state, final_state), error_<monitor> (id,
 * state, event); the id is the task's pid.
 *
 * DA per CPU (the kernel's "implicit" event_da_monitor): the same without
 * id; the record's CPU is the instance.
 *
 * HA per task (Linux 7.1's error_env_da_monitor_id) adds
 * error_env_<monitor> (id, state, event, env): a clock past its bound,
 * env "clk=N" in the bound's unit, event "none" when no event found it.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM rvreplay

/* The monitors of monitors/ that have trace events here, by type. */
#ifndef RVK_TRACED_MONITORS
#define RVK_TRACED_MONITORS(X)	X(pagefault) X(sleep) X(wakeup)
#define RVK_TRACED_DA(X)	X(wwnr)
#define RVK_TRACED_DA_IMPLICIT(X)	X(wip)
#define RVK_TRACED_HA(X)	X(stall)
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

DECLARE_EVENT_CLASS(rvk_event_da,

	TP_PROTO(int id, const char *state, const char *event, const char *next_state,
		 bool final_state),

	TP_ARGS(id, state, event, next_state, final_state),

	TP_STRUCT__entry(
		__field(int, id)
		__string(state, state)
		__string(event, event)
		__string(next_state, next_state)
		__field(bool, final_state)
	),

	TP_fast_assign(
		RVK_ASSIGN_STR(state, state);
		RVK_ASSIGN_STR(event, event);
		RVK_ASSIGN_STR(next_state, next_state);
		__entry->id = id;
		__entry->final_state = final_state;
	),

	TP_printk("%d: %s x %s -> %s%s", __entry->id, __get_str(state), __get_str(event),
		  __get_str(next_state), __entry->final_state ? " (final)" : "")
);

DECLARE_EVENT_CLASS(rvk_error_da,

	TP_PROTO(int id, const char *state, const char *event),

	TP_ARGS(id, state, event),

	TP_STRUCT__entry(
		__field(int, id)
		__string(state, state)
		__string(event, event)
	),

	TP_fast_assign(
		RVK_ASSIGN_STR(state, state);
		RVK_ASSIGN_STR(event, event);
		__entry->id = id;
	),

	TP_printk("%d: event %s not expected in the state %s", __entry->id,
		  __get_str(event), __get_str(state))
);

DECLARE_EVENT_CLASS(rvk_event_da_implicit,

	TP_PROTO(const char *state, const char *event, const char *next_state, bool final_state),

	TP_ARGS(state, event, next_state, final_state),

	TP_STRUCT__entry(
		__string(state, state)
		__string(event, event)
		__string(next_state, next_state)
		__field(bool, final_state)
	),

	TP_fast_assign(
		RVK_ASSIGN_STR(state, state);
		RVK_ASSIGN_STR(event, event);
		RVK_ASSIGN_STR(next_state, next_state);
		__entry->final_state = final_state;
	),

	TP_printk("%s x %s -> %s%s", __get_str(state), __get_str(event), __get_str(next_state),
		  __entry->final_state ? " (final)" : "")
);

DECLARE_EVENT_CLASS(rvk_error_da_implicit,

	TP_PROTO(const char *state, const char *event),

	TP_ARGS(state, event),

	TP_STRUCT__entry(
		__string(state, state)
		__string(event, event)
	),

	TP_fast_assign(
		RVK_ASSIGN_STR(state, state);
		RVK_ASSIGN_STR(event, event);
	),

	TP_printk("event %s not expected in the state %s", __get_str(event), __get_str(state))
);

DECLARE_EVENT_CLASS(rvk_error_env_da,

	TP_PROTO(int id, const char *state, const char *event, const char *env),

	TP_ARGS(id, state, event, env),

	TP_STRUCT__entry(
		__field(int, id)
		__string(state, state)
		__string(event, event)
		__string(env, env)
	),

	TP_fast_assign(
		RVK_ASSIGN_STR(state, state);
		RVK_ASSIGN_STR(event, event);
		RVK_ASSIGN_STR(env, env);
		__entry->id = id;
	),

	TP_printk("%d: event %s not expected in the state %s with env %s", __entry->id,
		  __get_str(event), __get_str(state), __get_str(env))
);

#define RVK_DA_EVENTS(m)							\
DEFINE_EVENT(rvk_event_da, event_##m,						\
	TP_PROTO(int id, const char *state, const char *event,			\
		 const char *next_state, bool final_state),			\
	TP_ARGS(id, state, event, next_state, final_state));			\
DEFINE_EVENT(rvk_error_da, error_##m,						\
	TP_PROTO(int id, const char *state, const char *event),			\
	TP_ARGS(id, state, event));

#define RVK_HA_EVENTS(m)							\
RVK_DA_EVENTS(m)								\
DEFINE_EVENT(rvk_error_env_da, error_env_##m,					\
	TP_PROTO(int id, const char *state, const char *event, const char *env),	\
	TP_ARGS(id, state, event, env));

#define RVK_DA_IMPLICIT_EVENTS(m)						\
DEFINE_EVENT(rvk_event_da_implicit, event_##m,					\
	TP_PROTO(const char *state, const char *event, const char *next_state,	\
		 bool final_state),						\
	TP_ARGS(state, event, next_state, final_state));			\
DEFINE_EVENT(rvk_error_da_implicit, error_##m,					\
	TP_PROTO(const char *state, const char *event),				\
	TP_ARGS(state, event));

RVK_TRACED_DA(RVK_DA_EVENTS)
RVK_TRACED_DA_IMPLICIT(RVK_DA_IMPLICIT_EVENTS)
RVK_TRACED_HA(RVK_HA_EVENTS)

#endif /* RVK_RVREPLAY_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE rvreplay_trace
#include <trace/define_trace.h>
