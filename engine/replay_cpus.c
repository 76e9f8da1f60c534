// SPDX-License-Identifier: GPL-2.0-only
/*
 * The instances of per-CPU monitors (wip): one per CPU and monitor, stepped
 * by every event of its CPU whoever the event is about, as the kernel's
 * per-CPU DA monitors are (da_monitor.h's DECLARE_DA_MON_PER_CPU). A
 * verdict names the CPU and the task it ran (docs/semantics.md section 11).
 * A global monitor (a rule's '#: instance global', DECLARE_DA_MON_GLOBAL)
 * has one instance, CPU 0's slot, stepped by every CPU's events.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay_local.h"

/* Per CPU or global: its instances are no task's. */
static bool per_cpu(const struct replay *r, int i)
{
	return !rv_monitor_per_task(r->opts.monitors[i]);
}

static bool global(const struct replay *r, int i)
{
	return r->opts.monitors[i]->instance == RV_GLOBAL;
}

/**
 * replay_cpus_new() - room for the per-CPU instances, none created yet
 * @r: the replay, its CPUs counted
 *
 * Return: 0, or -1 when memory runs out.
 */
int replay_cpus_new(struct replay *r)
{
	size_t cpus;

	for (int i = 0; i < r->opts.nr_monitors; i++)
		r->any_per_cpu |= per_cpu(r, i);
	/* the contexts of per-CPU verdicts: only when a monitor is per CPU */
	cpus = r->any_per_cpu ? r->nr_cpus : 0;
	r->cpu_inst = calloc((size_t)r->nr_cpus * r->opts.nr_monitors + 1, sizeof(*r->cpu_inst));
	r->cpu_recent = calloc(cpus * r->opts.context + 1, sizeof(*r->cpu_recent));
	r->cpu_nr_recent = calloc(cpus + 1, sizeof(*r->cpu_nr_recent));
	return r->cpu_inst && r->cpu_recent && r->cpu_nr_recent ? 0 : -1;
}

/**
 * replay_cpus_free() - what replay_cpus_new() took
 * @r: the replay
 */
void replay_cpus_free(struct replay *r)
{
	free(r->cpu_inst);
	free(r->cpu_recent);
	free(r->cpu_nr_recent);
}

/**
 * replay_cpu_remember() - a record among its CPU's recent ones, for a per-CPU verdict's context
 * @r: the replay
 * @rec: the record
 */
void replay_cpu_remember(struct replay *r, const struct trace_record *rec)
{
	unsigned long *n;

	if (!r->any_per_cpu || !r->opts.context || rec->cpu < 0 ||
	    (unsigned int)rec->cpu >= r->nr_cpus)
		return;
	n = &r->cpu_nr_recent[rec->cpu];
	r->cpu_recent[(size_t)rec->cpu * r->opts.context + *n % r->opts.context] = rec->ref;
	(*n)++;
}

/**
 * replay_cpu_recent() - a CPU's recent records, oldest first
 * @r: the replay
 * @cpu: the CPU
 * @out: room for r->opts.context of them
 *
 * Return: how many.
 */
unsigned int replay_cpu_recent(const struct replay *r, int cpu, struct trace_ref *out)
{
	unsigned long seen = r->cpu_nr_recent[cpu];
	unsigned int n = seen < r->opts.context ? seen : r->opts.context;

	for (unsigned int i = 0; i < n; i++)
		out[i] = r->cpu_recent[(size_t)cpu * r->opts.context +
				       (seen - n + i) % r->opts.context];
	return n;
}

/* The instance of monitor @i for events of @cpu: the CPU's, or the global one */
static struct task_instance *cpu_instance(struct replay *r, int cpu, int i)
{
	return &r->cpu_inst[(size_t)(global(r, i) ? 0 : cpu) * r->opts.nr_monitors + i];
}

/* The instance of monitor @i on @cpu, bound, with the task the CPU ran as its facts. */
static struct rv_target *cpu_target(struct delivery *d, struct replay *r, struct task *cur,
				    int cpu, int i, enum rv_event_type type)
{
	struct task_instance *inst = cpu_instance(r, cpu, i);
	struct rv_target *t = replay_target(d, r, cur, i, type);

	d->inst = inst;
	d->cpu = cpu;
	rv_instance_bind(t, &inst->state);
	if (!inst->created) {
		/* the kernel's da_monitor_init(): every CPU waits for its start event */
		rv_instance_init(t, false);
		inst->created = true;
	}
	return t;
}

static int state_of(const struct rv_target *t)
{
	return t->da && rv_instance_running(t) ? (int)t->da->curr_state : -1;
}

/**
 * replay_cpu_deliver() - an event to the per-CPU instances of its record's CPU
 * @r: the replay
 * @cur: the task the CPU ran (the record's common_pid)
 * @ev: the event
 *
 * Each instance notes when it entered its state, and by which record,
 * for the report's "since".
 */
void replay_cpu_deliver(struct replay *r, struct task *cur, const struct rv_event *ev)
{
	const struct trace_record *rec = r->rec;
	struct rv_target *t;
	struct delivery d;
	int before, after;

	if (!cur || rec->cpu < 0 || (unsigned int)rec->cpu >= r->nr_cpus)
		return;
	for (int i = 0; i < r->opts.nr_monitors; i++) {
		if (!per_cpu(r, i) || !rv_monitor_handles(r->opts.monitors[i], ev->type))
			continue;
		t = cpu_target(&d, r, cur, rec->cpu, i, ev->type);
		t->now = rec->ts;
		if (t->monitor->wants && !t->monitor->wants(t, ev))
			continue;
		before = state_of(t);
		d.inst->events++;
		rv_handle(t, ev);
		after = state_of(t);
		if (after >= 0 && after != before) {
			d.inst->entered_ts = rec->ts;
			d.inst->entered_by = rec->kind;
		}
		if (!d.inst->started_ts && after >= 0)
			d.inst->started_ts = rec->ts;
	}
}

/**
 * replay_cpus_reset() - events were lost: every per-CPU instance waits for its start again
 * @r: the replay
 */
void replay_cpus_reset(struct replay *r)
{
	for (size_t k = 0; k < (size_t)r->nr_cpus * r->opts.nr_monitors; k++)
		r->cpu_inst[k].created = false;
}

/**
 * replay_cpus_finish() - the trace ends: a clock past its bound is a violation
 * @r: the replay
 *
 * As replay_finish_clocks() does for the tasks' instances, at a made-up
 * record at the trace's last time on each CPU, naming the task the CPU
 * ran last (none known: that CPU's instance is not told).
 */
void replay_cpus_finish(struct replay *r)
{
	struct trace_record end = { .kind = TRACE_OTHER, .ts = r->stats.last_ts };
	struct delivery d;
	struct task *cur;

	r->at_end = true;
	for (unsigned int cpu = 0; cpu < r->nr_cpus; cpu++) {
		uint64_t cpu_end = replay_cpu_end(r, cpu);

		cur = task_find(r->tasks, cpu_history_current(r->cpu_history, cpu));
		/* its records end first: judged at their end */
		r->at_cpu_end = cpu_end != 0;
		end.ts = r->at_cpu_end ? cpu_end : r->stats.last_ts;
		end.cpu = cpu;
		end.ref.cpu = cpu;
		r->rec = &end;
		for (int i = 0; cur && i < r->opts.nr_monitors; i++) {
			if (!per_cpu(r, i) || r->opts.monitors[i]->type != RV_MONITOR_HA ||
			    !cpu_instance(r, cpu, i)->created || (global(r, i) && cpu))
				continue;
			rv_instance_finish(cpu_target(&d, r, cur, cpu, i, RV_NR_EVENTS));
		}
	}
	r->at_end = false;
	r->at_cpu_end = false;
	r->rec = NULL;
}

/**
 * replay_cpus_coverage() - the trace ends: how far each CPU's instances were judged
 * @r: the replay
 */
void replay_cpus_coverage(struct replay *r)
{
	struct coverage c;
	unsigned int first = 0;	/* the global instance's row: once, with the first CPU seen */

	if (!r->sink.coverage)
		return;
	while (first < r->nr_cpus && !r->cpus[first].seen)
		first++;
	for (unsigned int cpu = 0; cpu < r->nr_cpus; cpu++) {
		for (int i = 0; i < r->opts.nr_monitors; i++) {
			const struct task_instance *inst = cpu_instance(r, cpu, i);

			if (!per_cpu(r, i) || !r->cpus[cpu].seen || (global(r, i) && cpu != first))
				continue;
			memset(&c, 0, sizeof(c));
			c.monitor = r->opts.monitors[i];
			c.pid = global(r, i) ? INSTANCE_GLOBAL : -1 - (int)cpu;	/* verdict_instance() */
			instance_name(c.pid, c.comm, sizeof(c.comm));
			c.kthread = false;
			c.started_ts = inst->started_ts;
			c.violations = inst->violations;
			c.events = inst->events;
			r->sink.coverage(r->sink.data, &c);
		}
	}
}
