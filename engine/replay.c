// SPDX-License-Identifier: GPL-2.0-only
/*
 * The replay engine. For each record, in order: lost events, task facts
 * (applied before the record's atom operations, docs/semantics.md section 3),
 * the sleep story the reports tell, then the monitors' handlers with the
 * values the kernel's handlers would see (section 4).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mutant.h"
#include "replay_local.h"

/* The replay stops: why, for the command to say. Return: -1. */
int replay_fail(struct replay *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->err, TRACE_ERR_LEN, fmt, ap);
	va_end(ap);
	r->failed = true;
	return -1;
}

static bool handles(const struct replay *r, enum rv_event_type type)
{
	for (int i = 0; i < r->opts.nr_monitors; i++)
		if (rv_monitor_handles(r->opts.monitors[i], type))
			return true;
	return false;
}

struct rv_target *replay_target(struct delivery *d, struct replay *r, struct task *task,
				   int i, enum rv_event_type type)
{
	*d = (struct delivery){
		.r = r, .task = task, .monitor = i, .type = type,
		.facts = {
			.pid = task->pid, .prio = task->prio, .rt = task->rt,
			.kthread = task->kthread, .init_comm = task->init_comm,
			.comm = task->comm,
			.cpu = task->last_switch.ts ? task->last_switch.cpu : -1,
			.first_ns = task->first_ts,
		},
	};
	d->target = (struct rv_target){
		.monitor = r->opts.monitors[i], .task = &d->facts,
		.report = &r->report, .report_data = d, .strict_start = r->opts.strict_start,
		.infer = r->opts.infer && !task->born,
		.now = r->rec ? r->rec->ts : 0, .hz = r->opts.hz, .params = r->opts.param_values[i],
	};
	d->inst = &task->inst[i];
	d->cpu = -1;
	rv_instance_bind(&d->target, &task->inst[i].state);
	return &d->target;
}

/* ---- the record loop ---- */

/* The record among @task's recent ones, and in its held verdicts' contexts. */
static int remember_in(struct replay *r, struct task *task, const struct trace_record *rec)
{
	if (task_remember(r->tasks, task, &rec->ref))
		return -1;
	if (task->pending_first)
		replay_pending_record(r, task);
	return 0;
}

/* The record among the recent ones of the tasks it involves. Return: 0 or -1 (memory). */
static int remember(struct replay *r, const struct trace_record *rec, struct task *cur)
{
	struct task *other = NULL;

	if (cur && remember_in(r, cur, rec))
		return -1;
	switch (rec->kind) {
	case TRACE_SWITCH:
		other = task_find(r->tasks, rec->sw.prev.pid == rec->pid ? rec->sw.next.pid :
				  rec->sw.prev.pid);
		break;
	case TRACE_WAKING:
	case TRACE_WAKEUP:
	case TRACE_WAKEUP_NEW:
		other = task_find(r->tasks, rec->wake.pid);
		break;
	case TRACE_FORK:
		other = task_find(r->tasks, rec->fork.child.pid);
		break;
	case TRACE_PI_SETPRIO:
		other = task_find(r->tasks, rec->pi.task.pid);
		break;
	case TRACE_KTHREAD_STOP:
	case TRACE_FREE:
		other = task_find(r->tasks, rec->task.pid);
		break;
	default:
		break;
	}
	if (other && other != cur)
		return remember_in(r, other, rec);
	return 0;
}

static void count(struct replay *r, const struct trace_record *rec)
{
	if (!r->stats.counts.events) {
		r->stats.first_ts = rec->ts;
		/* --ts rel counts from here */
		if (r->opts.times)
			r->opts.times->base = rec->ts;
	}
	r->stats.last_ts = rec->ts;
	gate_count(&r->stats.counts, rec);
}

static int on_record(void *data, const struct trace_record *rec)
{
	struct task *fresh[MAX_INVOLVED] = { NULL }, *cur;
	struct replay *r = data;

	r->rec = rec;
	count(r, rec);
	if (replay_first_of_cpu(r, rec) ? rec->missed && replay_lost(r, rec, true) :
	    rec->missed && replay_lost(r, rec, false))
		return -1;
	cur = replay_touch(r, rec->pid, NULL, fresh);
	r->cur = cur;
	replay_apply_facts(r, rec, cur, fresh);
	/* tasks first seen now existed before the trace: task_creation false */
	for (int i = 0; i < MAX_INVOLVED; i++)
		if (fresh[i])
			replay_create_instances(r, fresh[i], false);
	if (r->failed)
		return -1;
	if (remember(r, rec, cur))
		return replay_fail(r, "out of memory");
	replay_cpu_remember(r, rec);
	replay_story(r, rec, cur);
	replay_missed_switch_in(r, rec, cur);
	replay_dispatch(r, rec, cur);
	if (rec->kind == TRACE_FREE)
		replay_drop(r, rec->task.pid);
	return r->failed ? -1 : 0;
}

/**
 * replay_new() - prepare a replay
 * @opts: monitors and options (copied)
 * @in: the opened trace
 * @sink: where verdicts, lost events and coverage go (copied)
 *
 * Return: the replay, or NULL when memory runs out.
 */
struct replay *replay_new(const struct replay_options *opts, struct trace_input *in,
			  const struct replay_sink *sink)
{
	struct replay *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->opts = *opts;
	r->in = in;
	r->sink = *sink;
	r->report.violation = replay_on_violation;
	if (sink->step)
		r->report.step = replay_on_step;
	for (int type = 0; type < RV_NR_EVENTS; type++)
		r->wanted[type] = handles(r, type);
	r->tasks = task_table_new(opts->context, opts->nr_monitors);
	r->nr_cpus = trace_input_meta(in)->cpus > 0 ? trace_input_meta(in)->cpus : 0;
	r->cpus = calloc(r->nr_cpus + 1, sizeof(*r->cpus));
	r->cpu_history = cpu_histories_new(r->nr_cpus);
	r->cpu_irqs = cpu_irqs_new(r->nr_cpus);
	if (!r->tasks || !r->cpus || !r->cpu_history || !r->cpu_irqs || replay_cpus_new(r)) {
		replay_cpus_free(r);
		task_table_free(r->tasks);
		free(r->cpus);
		cpu_histories_free(r->cpu_history);
		cpu_irqs_free(r->cpu_irqs);
		free(r);
		return NULL;
	}
	return r;
}

void replay_free(struct replay *r)
{
	if (!r)
		return;
	for (unsigned int i = 0; i < r->nr_pending; i++)
		if (r->pending[i].used) {
			free(r->pending[i].v.context);
			free(r->pending[i].v.set_at);
		}
	free(r->pending);
	task_table_free(r->tasks);
	free(r->cpus);
	replay_cpus_free(r);
	cpu_histories_free(r->cpu_history);
	cpu_irqs_free(r->cpu_irqs);
	free(r);
}

static void finish_task(struct task *task, void *data)
{
	struct replay *r = data;

	replay_finish_clocks(r, task);
	replay_flush_pending(r, task);
	replay_coverage_of(r, task);
}

/**
 * replay_run() - replay every record of the trace
 * @r: the replay
 * @err: TRACE_ERR_LEN bytes for the reason of a failure
 *
 * Return: 0, or -1 (out of memory, unreadable data, or lost events with
 * LOST_FAIL) with @err set.
 */
int replay_run(struct replay *r, char *err)
{
	int ret;

	r->err = err;
	mutant_hold_verdicts(r);
	ret = trace_input_iterate(r->in, on_record, r);
	if (r->failed)
		return -1;
	if (ret < 0 && trace_input_error(r->in))
		return replay_fail(r, "%s", trace_input_error(r->in));
	if (ret < 0)
		return replay_fail(r, "out of memory reading the trace");
	if (replay_damaged(r))
		return -1;
	replay_cpu_ends(r);
	task_for_each(r->tasks, finish_task, r);
	replay_cpus_finish(r);
	replay_cpus_coverage(r);
	return replay_lost_from_stats(r);
}

const struct replay_stats *replay_stats(const struct replay *r)
{
	return &r->stats;
}
