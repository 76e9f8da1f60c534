/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rvreplay.ko: the monitors of monitors/ running live, fed from the
 * kernel's tracepoints with the values the replay derives from a trace
 * (docs/semantics.md sections 1, 4 and 5), for kernels without the in-tree
 * rtapp LTL monitors (before 6.17, or built without CONFIG_RV).
 *
 *   module.c	  parameters, enabling and disabling, task metadata
 *   instances.c  the preallocated per-task instances, by pid
 *   cpus.c	  the per-CPU instances (wip), stepped on their CPU
 *   probes.c	  tracepoints found by name, and the event of each
 *   verdicts.c	  the live event_/error_ trace events and the reaction
 */
#ifndef RVK_KMOD_H
#define RVK_KMOD_H

#include <linux/atomic.h>
#include <linux/sched.h>
#include <linux/trace_clock.h>
#include <linux/types.h>

/*
 * <linux/rv.h> of CONFIG_RV kernels has a struct rv_monitor of its own,
 * and <linux/sched.h> includes it: ours is renamed in the module's files
 * (monitors/ itself is built with the same name, see rv_compat.h).
 */
#define rv_monitor rvreplay_monitor
#include "monitor.h"
#include "ltl/ltl_core.h"

#define RVK_MAX_MONITORS	RV_MAX_PROFILE_MONITORS

/* One task's instances, one per monitor of the running profile. */
struct rvk_task {
	struct hlist_node	node;
	struct rv_task		facts;
	char			init_comm[TASK_COMM_LEN];
	union rv_state		state[RVK_MAX_MONITORS];
};

struct rvk_bucket;

/* What the probes and the enabling share (module.c). */
extern bool rvk_running;		/* the probes act */
extern const struct rv_monitor *const *rvk_monitors;	/* the profile's, NULL-terminated */
extern unsigned int rvk_nr_monitors;
extern unsigned long rvk_active;	/* bit i: rvk_monitors[i] runs */
/* the monitors' parameters (the "params" parameter over their defaults), per monitor */
extern u64 rvk_param_values[RVK_MAX_MONITORS][RV_MAX_PARAMS];

/*
 * Now, in the clock of the trace's records: trace_clock_local(), the
 * ring buffer's default "local" clock, which an HA's clocks count in.
 */
static inline u64 rvk_now(void)
{
	return trace_clock_local();
}

/* Counters shown by the "stats" parameter. */
struct rvk_stats {
	atomic_long_t	no_instance;	/* events lost: the pool was empty */
	atomic_long_t	busy;		/* events lost: NMI found the bucket locked */
	atomic_long_t	steps[RVK_MAX_MONITORS];
	atomic_long_t	errors[RVK_MAX_MONITORS];
	atomic_long_t	reactions_lost;
};
extern struct rvk_stats rvk_stats;

/* instances.c */
int rvk_pool_init(unsigned int size);
void rvk_pool_exit(void);
void rvk_pool_reset(void);
unsigned int rvk_pool_used(void);
unsigned int rvk_pool_size(void);
struct rvk_bucket *rvk_lock_pid(pid_t pid, unsigned long *flags);
void rvk_unlock(struct rvk_bucket *b, unsigned long flags);
struct rvk_task *rvk_task_find(struct rvk_bucket *b, pid_t pid);
struct rvk_task *rvk_task_new(struct rvk_bucket *b, pid_t pid);
void rvk_task_del(struct rvk_bucket *b, struct rvk_task *t);
void rvk_task_init(struct rvk_task *t, struct task_struct *task, bool task_creation);
void rvk_task_facts(struct rvk_task *t, struct task_struct *task);
void rvk_target(struct rv_target *target, const struct rv_task *facts, union rv_state *state,
		unsigned int i, u64 now, void *report_data);
void rvk_pool_finish(u64 now);

/* cpus.c */
extern unsigned long rvk_per_cpu;	/* bit i: rvk_monitors[i] is per CPU */
int rvk_cpus_init(void);
void rvk_cpus_exit(void);
void rvk_cpus_prepare(void);
void rvk_cpus_reset(void);
void rvk_cpu_deliver(const struct rv_event *ev, unsigned long monitors);

/* probes.c */
int rvk_probes_find(void);
void rvk_probes_prepare(void);
const char *rvk_probes_missing(const struct rv_monitor *m);
int rvk_probes_attach(unsigned long monitors);
void rvk_probes_detach(void);

/* verdicts.c */
struct rvk_report {
	struct task_struct	*task;
	unsigned int		monitor;
};
extern const struct rv_report rvk_verdict_report;
void rvk_verdicts_init(void);
void rvk_verdicts_prepare(void);
void rvk_verdicts_exit(void);
bool rvk_verdicts_traced(const char *monitor);
extern bool rvk_react_printk;

#endif /* RVK_KMOD_H */
