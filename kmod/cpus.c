// SPDX-License-Identifier: GPL-2.0
/*
 * The per-CPU instances (wip): one per possible CPU and per-CPU monitor,
 * as the kernel's DECLARE_DA_MON_PER_CPU (include/rv/da_monitor.h). An
 * event steps the instance of the CPU it happens on, whoever it is about,
 * as the replay steps the instance of a record's CPU (engine/replay_cpus.c).
 *
 * The preemptirq probes run inside preempt_count_add() and _sub(), when
 * the count has just left zero or is about to come back to it: as the
 * kernel's da_monitor.h, the path of a step calls nothing that traces
 * (interrupts off with the raw variant: no irq_disable event, no lockdep;
 * the CPU's instances by raw_cpu_ptr(); the clock trace_clock_local(),
 * with the _notrace preemption calls; the trace event's own code alike).
 * The one exception, the printk reaction's irq_work_queue(), raises a
 * count that is not zero, which fires no preempt_disable. With interrupts
 * off only an NMI can come in while a CPU's instances step: it drops its
 * event (counted, as a busy bucket's).
 */
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched.h>

#include "kmod.h"

/* One CPU's instances, and the task it runs as their facts. */
struct rvk_cpu {
	bool			stepping;
	struct rv_task		facts;
	union rv_state		state[RVK_MAX_MONITORS];
};

static struct rvk_cpu __percpu *rvk_cpus;
unsigned long rvk_per_cpu;

/**
 * rvk_cpus_init() - allocate every possible CPU's instances
 *
 * Return: 0, or -ENOMEM.
 */
int rvk_cpus_init(void)
{
	rvk_cpus = alloc_percpu(struct rvk_cpu);
	return rvk_cpus ? 0 : -ENOMEM;
}

/**
 * rvk_cpus_exit() - free them
 */
void rvk_cpus_exit(void)
{
	free_percpu(rvk_cpus);
	rvk_cpus = NULL;
}

/**
 * rvk_cpus_prepare() - which monitors of rvk_monitors[] are per CPU
 *
 * Called before enabling, while no probe acts.
 */
void rvk_cpus_prepare(void)
{
	rvk_per_cpu = 0;
	for (unsigned int i = 0; i < rvk_nr_monitors; i++)
		if (rvk_monitors[i]->instance == RV_PER_CPU)
			rvk_per_cpu |= BIT(i);
}

/* What the monitors may read of the task a CPU runs (they read nothing yet: wip). */
static void rvk_cpu_facts(struct rvk_cpu *c, struct task_struct *task)
{
	int prio = READ_ONCE(task->prio);

	c->facts.pid = task->pid;
	c->facts.prio = prio;
	c->facts.rt = prio < MAX_RT_PRIO;
	c->facts.kthread = !!(READ_ONCE(task->flags) & PF_KTHREAD);
	c->facts.init_comm = "";
}

/**
 * rvk_cpus_reset() - every CPU's instances not monitoring, in the initial state
 *
 * The kernel's da_monitor_init() at enabling (da_monitor_reset_all(), of
 * the online CPUs there; here of every possible one, since a CPU that
 * comes online later starts alike). Each starts at its CPU's first start
 * event. Only while no probe acts.
 */
void rvk_cpus_reset(void)
{
	struct rvk_report report = { .task = NULL };
	struct rv_target target;
	struct rvk_cpu *c;
	int cpu;

	for_each_possible_cpu(cpu) {
		c = per_cpu_ptr(rvk_cpus, cpu);
		memset(c, 0, sizeof(*c));
		c->facts = (struct rv_task) {
			.prio = RV_PRIO_UNKNOWN, .rt = RV_UNKNOWN, .kthread = RV_UNKNOWN,
			.init_comm = "",
		};
		for (unsigned int i = 0; i < rvk_nr_monitors; i++) {
			if (!(rvk_active & rvk_per_cpu & BIT(i)))
				continue;
			report.monitor = i;
			rvk_target(&target, &c->facts, &c->state[i], i, 0, &report);
			rv_instance_init(&target, false);
		}
	}
}

/**
 * rvk_cpu_deliver() - an event to this CPU's instances of some monitors
 * @ev: the event
 * @monitors: bit i for rvk_monitors[i], each per CPU and handling @ev
 *
 * As the kernel's da_handle_event() and da_handle_start_event() of a
 * per-CPU monitor: on the CPU the probe runs on. No instance of a per-CPU
 * monitor is finished at the disabling: the replay finishes none either.
 */
void rvk_cpu_deliver(const struct rv_event *ev, unsigned long monitors)
{
	struct rvk_report report = { .task = current };
	struct rv_target target;
	struct rvk_cpu *c;
	unsigned long flags;
	u64 now;

	raw_local_irq_save(flags);
	c = raw_cpu_ptr(rvk_cpus);
	if (READ_ONCE(c->stepping)) {
		atomic_long_inc(&rvk_stats.busy);
		goto out;
	}
	WRITE_ONCE(c->stepping, true);
	barrier();
	now = rvk_now();
	rvk_cpu_facts(c, current);
	for (unsigned int i = 0; i < rvk_nr_monitors; i++) {
		if (!(monitors & BIT(i)))
			continue;
		report.monitor = i;
		rvk_target(&target, &c->facts, &c->state[i], i, now, &report);
		rv_handle(&target, ev);
	}
	barrier();
	WRITE_ONCE(c->stepping, false);
out:
	raw_local_irq_restore(flags);
}
