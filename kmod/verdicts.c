// SPDX-License-Identifier: GPL-2.0
/*
 * What the monitors report, as the kernel's LTL monitors report it: a
 * trace event per step (ltl_trace_event()) and per violation
 * (ltl_illegal_state()), then the optional reaction. The reaction is a
 * rate-limited printk from an irq_work, since the probes may run under the
 * scheduler's locks where printk must not be called.
 */
#include <linux/irq_work.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/smp.h>
#include <linux/string.h>

#define CREATE_TRACE_POINTS
#include "rvreplay_trace.h"

#include "kmod.h"

#define RVK_STATES_LEN		128
#define RVK_ATOMS_LEN		256
#define RVK_REACTION_LEN	96

bool rvk_react_printk;

struct rvk_events {
	const char	*monitor;
	void		(*event)(const char *comm, pid_t pid, const char *states,
				 const char *atoms, const char *next);
	void		(*error)(const char *comm, pid_t pid);
	bool		(*event_enabled)(void);
};

#define RVK_EVENTS_ENTRY(m)	\
	{ #m, trace_event_##m, trace_error_##m, trace_event_##m##_enabled },

static const struct rvk_events rvk_events[] = {
	RVK_TRACED_MONITORS(RVK_EVENTS_ENTRY)
};

/* the rvk_events[] entry of each rvk_monitors[] entry */
static const struct rvk_events *rvk_events_of[RVK_MAX_MONITORS];

struct rvk_reaction {
	struct irq_work	work;
	atomic_t	busy;
	char		msg[RVK_REACTION_LEN];
};

static DEFINE_PER_CPU(struct rvk_reaction, rvk_reactions);
static DEFINE_RATELIMIT_STATE(rvk_ratelimit, 5 * HZ, 10);

/* The comm now; task->comm may be renamed under us, so a bounded copy. */
static void rvk_comm(const struct task_struct *task, char *comm)
{
	memcpy(comm, task->comm, TASK_COMM_LEN);
	comm[TASK_COMM_LEN - 1] = '\0';
}

/* "ab_sl,rt,wak": the names of the true atoms, as ltl_trace_event() writes them */
static void rvk_atoms(const struct rv_target *t, const unsigned long *atoms, char *buf,
		      size_t len)
{
	const struct rv_automaton *a = t->monitor->automaton;
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < a->nr_atoms && used < len; i++)
		if (test_bit(i, atoms))
			used += scnprintf(buf + used, len - used, "%s%s", used ? "," : "",
					  a->atom_name(i));
}

static void rvk_on_step(void *data, const struct rv_target *t, const unsigned long *before,
			const unsigned long *atoms_now, const unsigned long *next)
{
	const struct rvk_report *report = data;
	const struct rvk_events *e = rvk_events_of[report->monitor];
	char comm[TASK_COMM_LEN], states[RVK_STATES_LEN], next_states[RVK_STATES_LEN];
	char atoms[RVK_ATOMS_LEN];

	atomic_long_inc(&rvk_stats.steps[report->monitor]);
	if (!e->event_enabled())
		return;
	rvk_comm(report->task, comm);
	snprintf(states, sizeof(states), "%*pbl", RV_MAX_BA_STATES, before);
	snprintf(next_states, sizeof(next_states), "%*pbl", RV_MAX_BA_STATES, next);
	rvk_atoms(t, atoms_now, atoms, sizeof(atoms));
	e->event(comm, report->task->pid, states, atoms, next_states);
}

static void rvk_reaction_fn(struct irq_work *work)
{
	struct rvk_reaction *r = container_of(work, struct rvk_reaction, work);

	if (__ratelimit(&rvk_ratelimit))
		pr_warn("%s", r->msg);
	atomic_set_release(&r->busy, 0);
}

static void rvk_react(const struct rv_target *t, const char *comm, pid_t pid)
{
	struct rvk_reaction *r = this_cpu_ptr(&rvk_reactions);

	if (atomic_cmpxchg_acquire(&r->busy, 0, 1)) {
		atomic_long_inc(&rvk_stats.reactions_lost);
		return;
	}
	snprintf(r->msg, sizeof(r->msg), "rvreplay: %s violation by %s[%d] on CPU %d\n",
		 t->monitor->name, comm, pid, smp_processor_id());
	irq_work_queue(&r->work);
}

static void rvk_on_violation(void *data, const struct rv_target *t, const unsigned long *before,
			     const unsigned long *atoms, enum rv_violation_kind kind)
{
	const struct rvk_report *report = data;
	char comm[TASK_COMM_LEN];

	atomic_long_inc(&rvk_stats.errors[report->monitor]);
	rvk_comm(report->task, comm);
	rvk_events_of[report->monitor]->error(comm, report->task->pid);
	if (READ_ONCE(rvk_react_printk))
		rvk_react(t, comm, report->task->pid);
}

const struct rv_report rvk_verdict_report = {
	.step = rvk_on_step,
	.violation = rvk_on_violation,
};

/**
 * rvk_verdicts_traced() - whether a monitor has trace events in this module
 * @monitor: its name
 *
 * Return: true when rvreplay:event_<monitor> and error_<monitor> exist.
 */
bool rvk_verdicts_traced(const char *monitor)
{
	for (size_t k = 0; k < ARRAY_SIZE(rvk_events); k++)
		if (!strcmp(rvk_events[k].monitor, monitor))
			return true;
	return false;
}

/**
 * rvk_verdicts_prepare() - tie the monitors of rvk_monitors[] to their trace events
 *
 * Called before enabling; a monitor without trace events is never made active.
 */
void rvk_verdicts_prepare(void)
{
	for (unsigned int i = 0; i < rvk_nr_monitors; i++) {
		rvk_events_of[i] = NULL;
		for (size_t k = 0; k < ARRAY_SIZE(rvk_events); k++)
			if (!strcmp(rvk_events[k].monitor, rvk_monitors[i]->name))
				rvk_events_of[i] = &rvk_events[k];
	}
}

/**
 * rvk_verdicts_init() - prepare the reaction
 */
void rvk_verdicts_init(void)
{
	int cpu;

	ratelimit_set_flags(&rvk_ratelimit, RATELIMIT_MSG_ON_RELEASE);
	for_each_possible_cpu(cpu)
		init_irq_work(&per_cpu_ptr(&rvk_reactions, cpu)->work, rvk_reaction_fn);
}

/**
 * rvk_verdicts_exit() - wait for pending reactions
 */
void rvk_verdicts_exit(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		irq_work_sync(&per_cpu_ptr(&rvk_reactions, cpu)->work);
}
