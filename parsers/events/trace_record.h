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
#include "trace_user.h"

#define TRACE_COMM_LEN		16
#define TRACE_RV_SYSTEMS	{ "rv", "rvreplay" }
#define TRACE_UNKNOWN_PRIO	(-1000)
/* sched_switch prev_state: switched out preempted (TASK_REPORT_MAX of Linux 4.14+) */
#define TRACE_PREV_STATE_PREEMPTED	0x100
#define TRACE_IRQ_NAME_LEN	32	/* an irq action's name, cut */

/*
 * Every event the replay decodes, one entry each: its kind, its system and
 * name, and each field read, named once with where it goes in struct
 * trace_record (below) and as what (NUM, STR, TASK: a comm, pid and prio,
 * NULL where the event has none). The kinds come from this list and the
 * decoder is made from it (parsers/events/trace_decode.c): a new event is
 * one entry here, and members in the record when its shape is new.
 */
#define TRACE_EVENTS(E)									\
	E(SWITCH, "sched", "sched_switch",						\
	  TASK("prev_comm", "prev_pid", "prev_prio", sw.prev),				\
	  NUM("prev_state", AS_LONG, sw.prev_state, 0),					\
	  TASK("next_comm", "next_pid", "next_prio", sw.next))				\
	E(WAKING, "sched", "sched_waking", TASK("comm", "pid", "prio", wake),		\
	  NUM("target_cpu", AS_INT, target_cpu, -1))					\
	E(WAKEUP, "sched", "sched_wakeup", TASK("comm", "pid", "prio", wake),		\
	  NUM("target_cpu", AS_INT, target_cpu, -1))					\
	E(WAKEUP_NEW, "sched", "sched_wakeup_new", TASK("comm", "pid", "prio", wake),	\
	  NUM("target_cpu", AS_INT, target_cpu, -1))					\
	E(FORK, "sched", "sched_process_fork",						\
	  TASK("parent_comm", "parent_pid", NULL, fork.parent),				\
	  TASK("child_comm", "child_pid", NULL, fork.child))				\
	E(EXIT, "sched", "sched_process_exit", TASK("comm", "pid", "prio", task))	\
	E(FREE, "sched", "sched_process_free", TASK("comm", "pid", "prio", task))	\
	E(PI_SETPRIO, "sched", "sched_pi_setprio", TASK("comm", "pid", NULL, pi.task),	\
	  NUM("oldprio", AS_INT, pi.oldprio, TRACE_UNKNOWN_PRIO),			\
	  NUM("newprio", AS_INT, pi.newprio, TRACE_UNKNOWN_PRIO))			\
	E(KTHREAD_STOP, "sched", "sched_kthread_stop", TASK("comm", "pid", NULL, task))	\
	E(SYS_ENTER, "raw_syscalls", "sys_enter", NUM("id", AS_LONG, sys_enter.id, -1),	\
	  NUM("args", AS_ARGS, sys_enter.args, 0))					\
	E(SYS_EXIT, "raw_syscalls", "sys_exit", NUM("id", AS_LONG, sys_exit.id, -1),	\
	  NUM("ret", AS_LONG, sys_exit.ret, -1))					\
	E(CONTENTION_BEGIN, "lock", "contention_begin",					\
	  NUM("lock_addr", AS_U64, contention.lock, 0),					\
	  NUM("flags", AS_UINT, contention.flags, 0))					\
	E(CONTENTION_END, "lock", "contention_end",					\
	  NUM("lock_addr", AS_U64, contention.lock, 0),					\
	  NUM("ret", AS_UINT, contention.flags, 0))					\
	E(FAULT_USER, "exceptions", "page_fault_user",					\
	  NUM("address", AS_U64, fault.address, 0), NUM("ip", AS_U64, fault.ip, 0),	\
	  NUM("error_code", AS_U64, fault.error_code, 0))				\
	E(FAULT_KERNEL, "exceptions", "page_fault_kernel",				\
	  NUM("address", AS_U64, fault.address, 0), NUM("ip", AS_U64, fault.ip, 0),	\
	  NUM("error_code", AS_U64, fault.error_code, 0))				\
	E(IRQ_ENTRY, "irq", "irq_handler_entry", NUM("irq", AS_INT, irq.nr, -1),	\
	  STR("name", irq.name))							\
	E(IRQ_EXIT, "irq", "irq_handler_exit", NUM("irq", AS_INT, irq.nr, -1))		\
	E(SOFTIRQ_ENTRY, "irq", "softirq_entry", NUM("vec", AS_INT, irq.nr, -1))	\
	E(SOFTIRQ_EXIT, "irq", "softirq_exit", NUM("vec", AS_INT, irq.nr, -1))		\
	E(PREEMPT_DISABLE, "preemptirq", "preempt_disable",				\
	  NUM("caller_offs", AS_INT, preempt.caller, 0),				\
	  NUM("parent_offs", AS_INT, preempt.parent, 0))				\
	E(PREEMPT_ENABLE, "preemptirq", "preempt_enable",				\
	  NUM("caller_offs", AS_INT, preempt.caller, 0),				\
	  NUM("parent_offs", AS_INT, preempt.parent, 0))				\
	E(PRINT, "ftrace", "print", NUM("buf", AS_PRINT, print, 0))

#define TRACE_KIND_OF(kind, ...)	TRACE_##kind,

enum trace_kind {
	TRACE_OTHER,		/* an event the replay does not decode */
	TRACE_EVENTS(TRACE_KIND_OF)
	TRACE_RV_EVENT,		/* rv:event_<monitor>, rvreplay:event_<monitor> (live steps) */
	TRACE_RV_ERROR,		/* rv:error_<monitor>, rvreplay:error_<monitor> (live verdicts) */
	TRACE_USER,		/* an event of any system a rule names (trace_user.h) */
	TRACE_NR_KINDS
};

/*
 * The live monitors' event layouts (kernel/trace/rv/rv_trace.h): the LTL
 * monitors' (comm, pid, states, atoms, next), the deterministic automata's
 * per task (id, state, event, next_state, final_state; the hybrid
 * automata's error_env_ adds env) and per CPU or global (the same without
 * id: the record's CPU is the instance of a per-CPU monitor).
 */
enum trace_rv_layout {
	TRACE_RV_LTL,
	TRACE_RV_DA,
	TRACE_RV_DA_IMPLICIT,
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
	bool			unformatted;	/* TRACE_OTHER of an event the file has no format of */
	int			target_cpu;	/* WAKING, WAKEUP, WAKEUP_NEW; -1: none */
	struct trace_ref	ref;
	union {
		struct {
			struct trace_task_ref	prev;
			struct trace_task_ref	next;
			long			prev_state;	/* preempted: 0x100, on
								   every kernel */
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
			int			caller;	/* offsets from _stext: PREEMPT_* */
			int			parent;
		} preempt;
		struct {
			const char		*buf;	/* valid during the callback only */
			size_t			len;
			struct trace_marker	marker;	/* a line of ours, decoded */
		} print;
		struct {
			const char		*system;	/* "rv" (in-tree) or "rvreplay" */
			const char		*monitor;	/* "sleep", ... */
			enum trace_rv_layout	layout;
			bool			env;		/* error_env_<monitor> */
			/* LTL: comm and pid; DA: pid is the id, no comm; DA_CPU: pid -1 */
			struct trace_task_ref	task;
			/* LTL event_: "0,4"; DA: the state's name */
			char			states[64];
			/* LTL: the true atoms' names; DA: the event's ("none": a clock ran out) */
			char			atoms[256];
			/* LTL: the next states; DA event_: next_state; error_env_: the env, "clk=12" */
			char			next[64];
		} rv;
		struct {
			int			event;	/* trace_user_event()'s index */
			int			pid;	/* the task it is about */
			unsigned int		known;	/* bits: fields the record holds */
			unsigned int		strings;	/* bits: those that are strings */
			long long		val[TRACE_USER_FIELDS];
			char			str[TRACE_USER_FIELDS][TRACE_USER_STR_LEN];
		} user;
	};
};

const char *trace_kind_event(enum trace_kind kind);
enum trace_kind trace_kind_find(const char *system, const char *event);
int trace_kind_field(enum trace_kind kind, const char *name);
int trace_kind_fields(enum trace_kind kind, const char **names, int max);
bool trace_record_field(const struct trace_record *rec, int field, long long *num,
			const char **str);

#endif
