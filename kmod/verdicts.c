// SPDX-License-Identifier: GPL-2.0
/*
 * What the monitors report, as the kernel's monitors of each type report
 * it: a trace event per step and per violation (the LTL monitors'
 * ltl_trace_event() and ltl_illegal_state(); the automata's
 * event_<monitor>, error_<monitor> and, for a clock, error_env_<monitor>
 * of include/rv/da_monitor.h and ha_monitor.h, with the task's pid as id,
 * or without id for a per-CPU monitor), then the optional
 * reaction. The reaction is a rate-limited printk from an irq_work, since
 * the probes may run under the scheduler's locks where printk must not be
 * called.
 */
#include <linux/bitops.h>
#include <linux/irq_work.h>
#include <linux/math64.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/ratelimit.h>
#include <linux/smp.h>
#include <linux/string.h>

#define CREATE_TRACE_POINTS
#include "rvreplay_trace.h"

#include "kmod.h"
#include "da/da_core.h"

#define RVK_STATES_LEN		128
#define RVK_ENV_LEN		64
#define RVK_ATOMS_LEN		256
#define RVK_REACTION_LEN	96

bool rvk_react_printk;

/* A monitor's trace events: the LTL layout's, or the automata's. */
struct rvk_events {
	const char	*monitor;
	void		(*event)(const char *comm, pid_t pid, const char *states,
				 const char *atoms, const char *next);
	void		(*error)(const char *comm, pid_t pid);
	void		(*da_event)(int id, const char *state, const char *event,
				    const char *next_state, bool final_state);
	void		(*da_error)(int id, const char *state, const char *event);
	void		(*env_error)(int id, const char *state, const char *event,
				     const char *env);
	/* a per-CPU DA's: no id, the record's CPU is the instance */
	void		(*cpu_event)(const char *state, const char *event,
				     const char *next_state, bool final_state);
	void		(*cpu_error)(const char *state, const char *event);
	bool		(*event_enabled)(void);
};

#define RVK_EVENTS_ENTRY(m)	\
	{ .monitor = #m, .event = trace_event_##m, .error = trace_error_##m,	\
	  .event_enabled = trace_event_##m##_enabled },
#define RVK_DA_ENTRY(m)		\
	{ .monitor = #m, .da_event = trace_event_##m, .da_error = trace_error_##m,	\
	  .event_enabled = trace_event_##m##_enabled },
#define RVK_DA_IMPLICIT_ENTRY(m)	\
	{ .monitor = #m, .cpu_event = trace_event_##m, .cpu_error = trace_error_##m,	\
	  .event_enabled = trace_event_##m##_enabled },
#define RVK_HA_ENTRY(m)		\
	{ .monitor = #m, .da_event = trace_event_##m, .da_error = trace_error_##m,	\
	  .env_error = trace_error_env_##m, .event_enabled = trace_event_##m##_enabled },

static const struct rvk_events rvk_events[] = {
	RVK_TRACED_MONITORS(RVK_EVENTS_ENTRY)
	RVK_TRACED_DA(RVK_DA_ENTRY)
	RVK_TRACED_DA_IMPLICIT(RVK_DA_IMPLICIT_ENTRY)
	RVK_TRACED_HA(RVK_HA_ENTRY)
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
					  rv_atom_name(a, i));
}

/* A DA's state or event, one bit of the core's report, by name; "none" for no bit. */
static const char *rvk_da_name(unsigned long bits, unsigned int nr,
			       const char *(*name)(unsigned int))
{
	return bits && __ffs(bits) < nr ? name(__ffs(bits)) : "none";
}

/* Whether a monitor's events are an automaton's (DA, HA), not an LTL monitor's. */
static bool rvk_automaton(const struct rvk_events *e)
{
	return e->da_event || e->cpu_event;
}

/*
 * A DA's step as da_monitor.h traces it: the task's pid (none for a
 * per-CPU monitor), the state, event and next state.
 */
static void rvk_da_step(const struct rvk_events *e, const struct rv_target *t,
			unsigned long before, unsigned long event, unsigned long next)
{
	const struct rv_automaton *a = t->monitor->automaton;
	unsigned int to = next ? __ffs(next) : a->nr_states;
	const char *state = rvk_da_name(before, a->nr_states, a->state_name);
	const char *name = rvk_da_name(event, a->nr_atoms, a->atom_name);
	const char *next_state = rvk_da_name(next, a->nr_states, a->state_name);
	bool final = to < a->nr_states && da_steps_of(a)->final(da_steps_of(a), to);

	if (e->cpu_event)
		e->cpu_event(state, name, next_state, final);
	else
		e->da_event(t->task->pid, state, name, next_state, final);
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
	if (rvk_automaton(e)) {
		rvk_da_step(e, t, *before, *atoms_now, *next);
		return;
	}
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

/*
 * "clk=12": the clock of the constraint broken, in its bound's unit, as
 * ha_monitor.h's ha_get_env_string() writes it (jiffies from the
 * instance's ns at HZ, as the monitor judged them).
 */
static void rvk_env(const struct rv_target *t, char *buf, size_t len)
{
	struct rv_clock c;
	u64 wait;

	buf[0] = '\0';
	if (!rv_instance_clock(t, &c))
		return;
	wait = t->now > c.epoch_ns ? t->now - c.epoch_ns : 0;
	if (c.jiffies)
		wait = mul_u64_u32_div(wait, t->hz, NSEC_PER_SEC);
	scnprintf(buf, len, "%s=%llu", c.name, wait);
}

/* An automaton's violation: error_<monitor>, or error_env_<monitor> for a clock. */
static void rvk_da_violation(const struct rvk_events *e, const struct rv_target *t,
			     unsigned long before, unsigned long event, enum rv_violation_kind kind)
{
	const struct rv_automaton *a = t->monitor->automaton;
	const char *state = rvk_da_name(before, a->nr_states, a->state_name);
	const char *name = rvk_da_name(event, a->nr_atoms, a->atom_name);
	char env[RVK_ENV_LEN];

	if (kind == RV_VIOLATION_CONSTRAINT && e->env_error) {
		rvk_env(t, env, sizeof(env));
		e->env_error(t->task->pid, state, name, env);
		return;
	}
	if (e->cpu_error)
		e->cpu_error(state, name);
	else
		e->da_error(t->task->pid, state, name);
}

static void rvk_on_violation(void *data, const struct rv_target *t, const unsigned long *before,
			     const unsigned long *atoms, enum rv_violation_kind kind)
{
	const struct rvk_report *report = data;
	const struct rvk_events *e = rvk_events_of[report->monitor];
	char comm[TASK_COMM_LEN];

	atomic_long_inc(&rvk_stats.errors[report->monitor]);
	/* no task at the disabling's finish: the comm its instance was made with */
	if (report->task)
		rvk_comm(report->task, comm);
	else
		strscpy(comm, t->task->init_comm, sizeof(comm));
	if (rvk_automaton(e))
		rvk_da_violation(e, t, *before, *atoms, kind);
	else
		e->error(comm, t->task->pid);
	if (READ_ONCE(rvk_react_printk))
		rvk_react(t, comm, t->task->pid);
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
