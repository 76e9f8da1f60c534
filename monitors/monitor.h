/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface between whoever observes a system (the replay of a trace,
 * or the kernel module's probes) and the monitors: the facts a monitor may
 * read about a task, the events it handles, the trace events they come
 * from (routes.c), and one descriptor per monitor. A monitor is a folder
 * with its descriptor, handlers and generated automaton; a later kernel's
 * version of it is a subfolder named after that kernel (sleep/7.1/). The
 * list of descriptors and the profiles they make are generated from the
 * folders (monitor_list.c, by scripts/gen-monitor-list.sh).
 */
#ifndef RV_MONITOR_H
#define RV_MONITOR_H

#include "rv_env.h"

/* A task fact not learned yet. */
#define RV_UNKNOWN		(-1)
#define RV_PRIO_UNKNOWN		(-1000)

/* Context bits, as in a trace record's common_flags. */
#define RV_CTX_HARDIRQ		0x08
#define RV_CTX_SOFTIRQ		0x10	/* serving a softirq */
#define RV_CTX_NMI		0x40

/* sched_switch prev_state bits */
#define RV_TASK_INTERRUPTIBLE	0x0001
#define RV_TASK_PREEMPTED	0x0100	/* TASK_REPORT_MAX: switched out runnable */
#define RV_TASK_EXITED		0x0030	/* EXIT_DEAD, EXIT_ZOMBIE: it will not run again */

/* contention_begin flags */
#define RV_LCB_F_RT		0x0008

/* What a monitor may know about a task. */
struct rv_task {
	int		pid;
	int		prio;		/* kernel prio, or RV_PRIO_UNKNOWN */
	signed char	rt;		/* 1, 0 or RV_UNKNOWN */
	signed char	kthread;	/* 1, 0 or RV_UNKNOWN */
	const char	*init_comm;	/* the comm when the instance was created */
	/* the replay's, for rules (--spec); 0 in the kernel module */
	const char	*comm;		/* its comm now (after exec, prctl) */
	int		cpu;		/* of its last switch before this event; -1: none */
	uint64_t	first_ns;	/* its birth or first record; 0: not known */
};

/* System call numbers of one architecture; -1 where it has no such call.
 * The replay fills them from the trace's architecture, the module from __NR_*. */
struct rv_syscalls {
	const char	*arch;
	long		clock_nanosleep;
	long		clock_nanosleep_time64;
	long		futex;
	long		futex_time64;
	long		sched_setscheduler;
	long		epoll_wait;
};

enum rv_event_type {
	RV_EV_PAGE_FAULT,	/* target: current */
	RV_EV_SWITCH_OUT,	/* target: prev of sched_switch */
	RV_EV_SWITCH_IN,	/* target: next of sched_switch */
	RV_EV_WAKING,		/* target: the woken task */
	RV_EV_WAKEUP,		/* target: the woken task */
	RV_EV_CONTENTION_BEGIN,	/* target: current */
	RV_EV_CONTENTION_END,	/* target: current */
	RV_EV_SYS_ENTER,	/* target: current */
	RV_EV_SYS_EXIT,		/* target: current */
	RV_EV_KTHREAD_STOP,	/* target: the stopped kthread */
	RV_EV_PREEMPT_DISABLE,	/* target: current; preemption off (preemptirq events) */
	RV_EV_PREEMPT_ENABLE,	/* target: current; preemption on again */
	RV_EV_TRACE,		/* target: current; an event of any system a rule names */
	RV_NR_EVENTS
};

struct rv_event {
	enum rv_event_type		type;
	int				cpu;		/* the record's (the replay's, for rules) */
	/* the replay's trace record it came from (a rule reads its fields); NULL: none */
	const void			*record;
	union {
		long			prev_state;	/* SWITCH_OUT */
		unsigned int		lock_flags;	/* CONTENTION_BEGIN */
		struct {
			unsigned int	context;	/* RV_CTX_* */
			int		waker_prio;	/* or RV_PRIO_UNKNOWN */
			int		wakee_prio;
		} waking;
		struct {
			long			id;
			unsigned long		args[6];
			const struct rv_syscalls *table;
		} sys_enter;
		struct {
			int			event;		/* the rules' index of it */
			unsigned int		known;		/* bits: fields it holds */
			unsigned int		strings;	/* bits: string fields */
			const long long		*val;
			const char		(*str)[32];
		} trace;				/* TRACE */
	};
};

struct rv_monitor;
struct rv_target;

/* The kinds of automaton rvgen makes, as the kernel's include/rv/ headers run them. */
enum rv_monitor_type {
	RV_MONITOR_LTL,		/* linear temporal logic, a Buchi automaton (ltl_monitor.h) */
	RV_MONITOR_DA,		/* deterministic automaton (da_monitor.h) */
	RV_MONITOR_HA,		/* hybrid automaton: a DA with clocks (ha_monitor.h, 7.1) */
};

/* Whose instance an event steps, as the kernel's per-task, per-CPU and global monitors. */
enum rv_instance_kind {
	RV_PER_TASK,
	RV_PER_CPU,
	RV_GLOBAL,
};

/* A group of monitors enabled together, as the kernel's rtapp (and -m NAME here). */
struct rv_container {
	const char			*name;
	const char			*description;
};

/*
 * What every type's automaton tells the reports: its letters (LTL atoms,
 * DA events), its states, and the steps its core runs. The core reports a
 * DA's state and event as one bit each of the states and atoms it passes.
 */
struct rv_automaton {
	const char			*name;
	unsigned int			nr_atoms;
	unsigned int			nr_states;
	const char			*(*atom_name)(unsigned int atom);
	/* or the names themselves (a specification compiled at run time) */
	const char *const		*atom_names;
	/*
	 * the names the kernel's event_/error_<monitor> records print, where
	 * they are not those: an LTL rule's atoms, shortened as rvgen's
	 * ltl2k (and ltlc) shorten them ("MM_CALL" is "mm_ca"); NULL: the same
	 */
	const char *const		*trace_names;
	/* a DA's state names (the kernel's error_<monitor> says them); NULL for LTL */
	const char			*(*state_name)(unsigned int state);
	const char *const		*state_names;	/* or the names themselves */
	const void			*steps;		/* the core's own: struct ltl_steps, da_steps */
};

/* The storage of one instance, whatever its monitor's type. */
union rv_state {
	struct ltl_monitor		ltl;
	struct rv_da_monitor		da;
	struct rv_ha_monitor		ha;
};

enum rv_violation_kind {
	RV_VIOLATION_STEP,	/* no successor state holds: the kernel's error_<monitor> */
	RV_VIOLATION_START,	/* strict start: no initial state holds */
	RV_VIOLATION_CONSTRAINT,	/* an HA's clock constraint broken: error_env_<monitor> */
};

/* An HA instance's clock as a violation of its constraint tells it. */
struct rv_clock {
	const char			*name;		/* "clk" */
	const char			*bound_name;	/* "threshold_jiffies" */
	uint64_t			bound;		/* in its unit */
	bool				jiffies;	/* the unit: jiffies, or ns */
	uint64_t			epoch_ns;	/* its last reset */
	uint64_t			bound_ns;	/* the bound, in ns */
};

/* A monitor parameter, as the kernel's module_param (--param MONITOR.NAME=VALUE). */
struct rv_param {
	const char			*name;
	uint64_t			value;		/* the kernel's default */
};

#define RV_MAX_PARAMS	2

/* How a core tells what happens, like the kernel's event_/error_ tracepoints. */
struct rv_report {
	/* a step: @states and @atoms as they are before it, @next the states after */
	void	(*step)(void *data, const struct rv_target *t, const unsigned long *states,
			const unsigned long *atoms, const unsigned long *next);
	/* a violation; @before the states before the failed step */
	void	(*violation)(void *data, const struct rv_target *t, const unsigned long *before,
			     const unsigned long *atoms, enum rv_violation_kind kind);
};

/* One instance of one monitor, and how to report on it. */
struct rv_target {
	struct ltl_monitor		*mon;		/* RV_MONITOR_LTL's state (rv_instance_bind) */
	struct rv_da_monitor		*da;		/* RV_MONITOR_DA's and _HA's */
	struct rv_ha_monitor		*ha;		/* RV_MONITOR_HA's */
	uint64_t			now;		/* the event's time, ns (HA clocks) */
	unsigned int			hz;		/* the kernel's CONFIG_HZ (--hz); 0 unknown */
	const uint64_t			*params;	/* the monitor's .params values */
	const struct rv_monitor		*monitor;
	const struct rv_task		*task;
	const struct rv_report		*report;
	void				*report_data;
	bool				strict_start;	/* a failed start is a violation */
	bool				infer;		/* docs/semantics.md section 5 inferences */
};

typedef void (*rv_handler_fn)(struct rv_target *t, const struct rv_event *ev);

struct rv_monitor {
	const char			*name;
	enum rv_monitor_type		type;
	enum rv_instance_kind		instance;
	const struct rv_container	*container;
	const char			*description;
	const char			*version;	/* the kernel that made it so: "6.17" */
	const char			*changes;	/* from the version before; NULL: new */
	const char			*spec;		/* its specification, in the source tree */
	/* its rules in words, as reports state them; NULL where it has none */
	const char			*sleep_rule;	/* the sleeps it allows */
	const char			*wake_rule;	/* the wakeups it allows */
	const struct rv_automaton	*automaton;
	/* set the atoms the kernel's ltl_atoms_init() sets */
	void				(*init)(struct rv_target *t, bool task_creation);
	/* kthread-ness became known after init: set what init would have */
	void				(*kthread_learned)(struct rv_target *t);
	/* the kernel's ltl_atoms_fetch(), before every step */
	void				(*fetch)(struct rv_target *t);
	rv_handler_fn			on[RV_NR_EVENTS];
	/* a rule's (--spec): how an atom comes from the trace, as its binding says it */
	const char			*(*atom_binding)(const struct rv_monitor *m, unsigned int atom);
	/* whether an event it handles concerns it (a rule's filters); NULL: every one */
	bool				(*wants)(const struct rv_target *t, const struct rv_event *ev);
	const char			*roles[RV_NR_EVENTS];	/* what each event tells it */
	const void			*priv;		/* the handlers' own data */
	bool				user_threads_only;	/* kernel threads never judged */
	/* judges every task, not only real-time ones: its coverage counts them all */
	bool				every_task;
	const char			*start_rule;	/* a DA's: where its instances start */
	/* the events of any system it reads (RV_EV_TRACE), "system:name"; ends at NULL */
	const char *const		*trace_events;
	struct rv_param			params[RV_MAX_PARAMS];	/* ends at a NULL name */
};

#define RV_MAX_PROFILE_MONITORS	8

/*
 * The monitors of one kernel version range: Linux changed rtapp after 6.17
 * (docs/semantics.md section 8). A monitor keeps its name across profiles;
 * a profile holds, per monitor, its latest version not after the profile's.
 */
struct rv_profile {
	const char			*name;		/* "6.17", "7.1", "7.3" */
	const struct rv_monitor		*monitors[RV_MAX_PROFILE_MONITORS + 1];
};

/* Generated (monitor_list.c): every descriptor, and the profiles they make. */
extern const struct rv_monitor *const rv_monitor_list[];
extern const struct rv_profile rv_profiles[];

/* Whom an event is about. */
enum rv_whom {
	RV_TO_CURRENT,		/* the running task (a record's common_pid) */
	RV_TO_PREV,		/* sched_switch's prev */
	RV_TO_NEXT,		/* sched_switch's next */
	RV_TO_WOKEN,		/* the task being woken */
	RV_TO_NAMED,		/* the task the event names (sched_kthread_stop) */
};

/* Which trace event gives which monitor event, about whom (routes.c). */
struct rv_route {
	const char		*system;
	const char		*event;
	enum rv_event_type	type;
	enum rv_whom		to;
	bool			required;	/* a monitor handling @type cannot judge without it */
};

/* Ends with a NULL event. */
extern const struct rv_route rv_routes[];

/* What a monitor type's core does to an instance (monitors/ltl/ for LTL). */
struct rv_core {
	const char			*name;		/* "LTL" */
	void				(*bind)(struct rv_target *t, union rv_state *state);
	void				(*init)(struct rv_target *t, bool task_creation);
	bool				(*running)(const struct rv_target *t);
	/* the letters (atoms) not learned yet, as bits */
	unsigned long			(*unknown)(const struct rv_target *t);
	/* the trace ends at t->now: a clock past its bound is a violation; NULL: nothing */
	void				(*finish)(struct rv_target *t);
	/* the clock of the constraint a violation broke; false: none */
	bool				(*clock)(const struct rv_target *t, struct rv_clock *out);
	/* waits too close to a bound to tell from a trace (HA jiffies), so far */
	unsigned long			(*unsure)(const struct rv_target *t);
};

/* An atom's (an LTL atom's, a DA event's) name, as the reports print it. */
static inline const char *rv_atom_name(const struct rv_automaton *a, unsigned int atom)
{
	return a->atom_names ? a->atom_names[atom] : a->atom_name(atom);
}

/* An atom's name as the kernel's trace events print it. */
static inline const char *rv_atom_trace_name(const struct rv_automaton *a, unsigned int atom)
{
	return a->trace_names ? a->trace_names[atom] : rv_atom_name(a, atom);
}

/* A DA's state's name. */
static inline const char *rv_state_name(const struct rv_automaton *a, unsigned int state)
{
	return a->state_names ? a->state_names[state] : a->state_name(state);
}

extern const struct rv_core rv_ltl_core;
extern const struct rv_core rv_da_core;
extern const struct rv_core rv_ha_core;

void rv_instance_bind(struct rv_target *t, union rv_state *state);
void rv_instance_init(struct rv_target *t, bool task_creation);
bool rv_instance_running(const struct rv_target *t);
void rv_instance_finish(struct rv_target *t);
bool rv_instance_clock(const struct rv_target *t, struct rv_clock *out);
unsigned long rv_instance_unsure(const struct rv_target *t);
unsigned long rv_instance_unknown(const struct rv_target *t);
bool rv_monitor_replayable(const struct rv_monitor *m);
bool rv_monitor_needs_hz(const struct rv_monitor *m);
void rv_handle(struct rv_target *t, const struct rv_event *ev);
const struct rv_profile *rv_profile_find(const char *name);
const struct rv_monitor *rv_profile_monitor(const struct rv_profile *p, const char *name);
bool rv_monitor_handles(const struct rv_monitor *m, enum rv_event_type type);

/* Whether its instances are the tasks' (else a CPU's each, or one global). */
static inline bool rv_monitor_per_task(const struct rv_monitor *m)
{
	return m->instance == RV_PER_TASK;
}
void rv_fetch_rt(struct rv_target *t, unsigned int rt_atom);

#endif /* RV_MONITOR_H */
