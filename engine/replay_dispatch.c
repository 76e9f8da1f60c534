// SPDX-License-Identifier: GPL-2.0-only
/*
 * The replay's events: the sleep story the reports tell, then each record
 * routed to the monitors as the kernel's handlers see it (docs/semantics.md
 * section 4).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay_local.h"

/* ---- the sleep story, for the reports ---- */

/*
 * A sleep over, of a task real-time when it began or when it ran again
 * (a PI boost while it slept): for the statistics of the report, which
 * count the ones begun real-time, as the monitors judge them.
 */
static void sleep_done(struct replay *r, const struct task *task)
{
	struct replay_sleep done = {
		.pid = task->pid, .comm = task->comm, .prio = task->prio, .kthread = task->kthread == 1,
		.sleep = &task->sleep, .violating = replay_holds_sleep(r, task),
	};

	if (r->sink.sleep && (task->rt == 1 || task->sleep.begun_rt) &&
	    !task->sleep.uninterruptible)
		r->sink.sleep(r->sink.data, &done);
}

/* @task runs again at @rec: switched in, or @inferred from its own record */
static void ran_again(struct replay *r, struct task *task, const struct trace_record *rec,
		      bool inferred)
{
	if (!task || !task->switched_out)
		return;
	task->switched_out = false;
	if (task->sleep.start && !task->sleep.run_ts) {
		task->sleep.run_ts = rec->ts;
		task->sleep.run_inferred = inferred;
		task->sleep.run_cpu = rec->cpu;
		sleep_done(r, task);
	}
	replay_complete_pending(r, task);
}

/* Woken to a CPU's run queue: what becomes of it is in that CPU's records. */
static void woken_to(struct task *task, const struct trace_record *rec)
{
	if (task && task->pid && rec->target_cpu >= 0)
		task->cpu_now = rec->target_cpu;
}

void replay_story(struct replay *r, const struct trace_record *rec, struct task *cur)
{
	struct task *task;

	/* a task with no switch-in recorded runs again at its next own record */
	if (cur && cur->pid != 0) {
		if (switch_in_missed(rec, cpu_history_current(r->cpu_history, rec->cpu)))
			ran_again(r, cur, rec, true);
		cur->running = true;
		cur->cpu_now = rec->cpu;
	}
	cpu_irqs_record(r->cpu_irqs, rec);
	switch (rec->kind) {
	case TRACE_SWITCH:
		cpu_history_switch(r->cpu_history, rec->cpu, rec->ts, &rec->sw.next);
		task = task_find(r->tasks, rec->sw.prev.pid);
		if (task && task->pid != 0) {
			task->switched_out = true;
			task->running = false;
			task->cpu_now = rec->cpu;
			/* a sleep, or a block in D the wakeup monitor judges the waking of */
			if (rec->sw.prev_state && !(rec->sw.prev_state & RV_TASK_PREEMPTED)) {
				memset(&task->sleep, 0, sizeof(task->sleep));
				task->sleep.start = rec->ts;
				task->sleep.reason = task->syscall;
				task->sleep.begun_rt = task->rt == 1;
				task->sleep.uninterruptible =
					!rv_switched_out_sleeping(rec->sw.prev_state);
			}
		}
		task = task_find(r->tasks, rec->sw.next.pid);
		ran_again(r, task, rec, false);
		if (task && task->pid) {
			task->running = true;
			task->cpu_now = rec->cpu;
		}
		break;
	case TRACE_WAKING:
		task = task_find(r->tasks, rec->wake.pid);
		woken_to(task, rec);
		if (task && task->sleep.start && !task->sleep.waker.ts)
			replay_note_waker(r, &task->sleep.waker, rec, cur);
		/* woken between setting its sleeping state and switching out */
		if (task && task->pid && task->running && task->rt == 1)
			task->early_wakes++;
		break;
	case TRACE_WAKEUP:
		task = task_find(r->tasks, rec->wake.pid);
		woken_to(task, rec);
		if (task && task->sleep.start && !task->sleep.wakeup_ts)
			task->sleep.wakeup_ts = rec->ts;
		break;
	case TRACE_SYS_EXIT:
		if (cur)
			cur->syscall.active = false;
		break;
	case TRACE_FAULT_USER:
	case TRACE_FAULT_KERNEL:
		if (cur && cur->rt == 1 && r->sink.fault)
			r->sink.fault(r->sink.data, cur->pid, cur->comm,
				      (cur->prio < 100) == (cur->rt == 1) ? cur->prio :
				      TRACE_UNKNOWN_PRIO, rec);
		break;
	default:
		break;
	}
}

/* ---- the monitors (section 4) ---- */

/*
 * @ev to every instance of @task whose monitor handles it, at @ts. An
 * @inferred event (no record shows it: docs/semantics.md section 10) goes
 * to the automata only, never to the LTL monitors, whose verdicts stay
 * the kernel's from the records alone.
 */
/* A formula rule's atoms known true, as bits: what its report says when each became so. */
static unsigned long rule_atoms_true(const struct rv_target *t)
{
	if (!t->monitor->atom_binding || t->monitor->type != RV_MONITOR_LTL)
		return 0;
	return t->mon->atoms[0] & ~t->mon->unknown_atoms[0];
}

/* The atoms that became true at this record's step, noted with it. */
static void note_set_atoms(struct replay *r, struct task_instance *inst, unsigned long before,
			   unsigned long after)
{
	unsigned long newly = after & ~before;

	if (!newly || (!inst->set_at && !(inst->set_at = calloc(1, sizeof(*inst->set_at)))))
		return;
	for (unsigned int a = 0; a < RV_MAX_LTL_ATOM; a++)
		if (newly >> a & 1)
			inst->set_at->at[a] = r->rec->ref;
	inst->set_at->known |= newly;
}

static void deliver_at(struct replay *r, struct task *task, struct rv_event *ev, uint64_t ts,
		       bool inferred)
{
	unsigned long violations;
	struct delivery d;
	struct rv_target *t;
	bool stopped, running;

	if (!task || !r->wanted[ev->type])
		return;
	ev->cpu = r->rec->cpu;
	for (int i = 0; i < r->opts.nr_monitors; i++) {
		struct task_instance *inst = &task->inst[i];

		if (!rv_monitor_handles(r->opts.monitors[i], ev->type) ||
		    !rv_monitor_per_task(r->opts.monitors[i]) ||
		    (inferred && r->opts.monitors[i]->type == RV_MONITOR_LTL))
			continue;
		t = replay_target(&d, r, task, i, ev->type);
		t->now = ts;
		if (t->monitor->wants && !t->monitor->wants(t, ev))
			continue;
		inst->events++;
		inst->inferred += inferred;
		stopped = ev->type == RV_EV_PAGE_FAULT && !rv_instance_running(t) && task->rt == 1;
		violations = inst->violations;
		d.atoms_before = rule_atoms_true(t);
		rv_handle(t, ev);
		note_set_atoms(r, inst, d.atoms_before, rule_atoms_true(t));
		running = rv_instance_running(t);
		/* a fault the kernel would not judge, the instance stopped (--strict-start judges it) */
		if (stopped && inst->violations == violations && !running)
			inst->unjudged++;
		if (!inst->started_ts && running)
			inst->started_ts = r->rec->ts;
	}
}

static void deliver(struct replay *r, struct task *task, struct rv_event *ev)
{
	deliver_at(r, task, ev, r->rec->ts, false);
}

/* The switch the monitors were last given, after they judged it. */
static void note_switch(struct replay *r, struct task *task, bool in)
{
	const struct trace_record *rec = r->rec;

	task->last_switch = (struct task_switch){
		.ts = rec->ts, .cpu = rec->cpu, .in = in,
		.inferred = in && !(rec->kind == TRACE_SWITCH && rec->sw.next.pid == task->pid),
	};
}

/*
 * Some kernels record a wakeup's sched_waking and not its sched_wakeup (on
 * the machines here, wakeups run from an idle CPU): a task switched in with
 * a sched_waking since its switch-out and no sched_wakeup gets its wakeup
 * first, at the sched_waking's time (the automata only: deliver_at()).
 */
static void missed_wakeup(struct replay *r, struct task *task)
{
	struct rv_event ev = { .type = RV_EV_WAKEUP };

	if (task->waking_ts)
		deliver_at(r, task, &ev, task->waking_ts, true);
	task->waking_ts = 0;
}

static void switch_in(struct replay *r, struct task *task)
{
	struct rv_event ev = { .type = RV_EV_SWITCH_IN };

	if (!task)
		return;
	missed_wakeup(r, task);
	task->awaiting_switch_in = false;
	deliver(r, task, &ev);
	note_switch(r, task, true);
}

/*
 * Some kernels miss switches: on the 6.18 machines here no sched_switch out
 * of CPU 1's idle task is ever recorded. A task switched out and now seen
 * running with no switch-in since gets its switch-in first (docs/semantics.md
 * section 8, SCHEDULE_IN). The idle tasks share pid 0: not them.
 */
void replay_missed_switch_in(struct replay *r, const struct trace_record *rec, struct task *cur)
{
	if (!cur || cur->pid == 0 || !cur->awaiting_switch_in)
		return;
	if (switch_in_missed(rec, cpu_history_current(r->cpu_history, rec->cpu)))
		switch_in(r, cur);
}

static int wakee_prio(struct replay *r, const struct trace_record *rec)
{
	struct task *wakee = task_find(r->tasks, rec->wake.pid);

	if (rec->wake.prio != TRACE_UNKNOWN_PRIO)
		return rec->wake.prio;
	return wakee ? wakee->prio : TRACE_UNKNOWN_PRIO;
}

/* a record's string fields are handed on as they are */
_Static_assert(TRACE_USER_STR_LEN == sizeof(((struct rv_event *)0)->trace.str[0]),
	       "an event's string fields");

/* The event a record gives, with what the kernel's handler would see. */
static void event_of(struct replay *r, const struct trace_record *rec, struct task *cur,
		     enum rv_event_type type, struct rv_event *ev)
{
	memset(ev, 0, sizeof(*ev));
	ev->type = type;
	ev->record = rec;
	switch (type) {
	case RV_EV_SWITCH_OUT:
		ev->prev_state = rec->sw.prev_state;
		break;
	case RV_EV_WAKING:
		ev->waking.context = rec->flags;
		ev->waking.waker_prio = cur && cur->prio != TRACE_UNKNOWN_PRIO ? cur->prio :
					RV_PRIO_UNKNOWN;
		ev->waking.wakee_prio = wakee_prio(r, rec);
		if (ev->waking.wakee_prio == TRACE_UNKNOWN_PRIO)
			ev->waking.wakee_prio = RV_PRIO_UNKNOWN;
		break;
	case RV_EV_CONTENTION_BEGIN:
	case RV_EV_CONTENTION_END:
		ev->lock_flags = rec->contention.flags;
		break;
	case RV_EV_SYS_ENTER:
		ev->sys_enter.id = rec->sys_enter.id;
		memcpy(ev->sys_enter.args, rec->sys_enter.args, sizeof(ev->sys_enter.args));
		ev->sys_enter.table = r->opts.syscalls;
		break;
	case RV_EV_TRACE:
		ev->trace.event = rec->user.event;
		ev->trace.known = rec->user.known;
		ev->trace.strings = rec->user.strings;
		ev->trace.val = rec->user.val;
		ev->trace.str = rec->user.str;
		break;
	default:
		break;
	}
}

/* Every event the record routes to a monitor (monitors/routes.c), in order. */
void replay_dispatch(struct replay *r, const struct trace_record *rec, struct task *cur)
{
	const struct rv_route *const *route;
	struct rv_event ev;
	struct task *task;

	for (route = routing_of(rec->kind); *route; route++) {
		event_of(r, rec, cur, (*route)->type, &ev);
		replay_cpu_deliver(r, cur, &ev);
		task = (*route)->to == RV_TO_CURRENT ? cur :
		       task_find(r->tasks, routing_pid(*route, rec));
		if (!task)
			continue;
		if ((*route)->type == RV_EV_SWITCH_IN) {
			switch_in(r, task);
			continue;
		}
		if ((*route)->type == RV_EV_SWITCH_OUT) {
			task->awaiting_switch_in = true;
			task->waking_ts = 0;
		}
		if ((*route)->type == RV_EV_WAKING && task->awaiting_switch_in)
			task->waking_ts = rec->ts;
		if ((*route)->type == RV_EV_WAKEUP)
			task->waking_ts = 0;
		event_of(r, rec, cur, (*route)->type, &ev);
		deliver(r, task, &ev);
		if ((*route)->type == RV_EV_SWITCH_OUT)
			note_switch(r, task, false);
	}
}

