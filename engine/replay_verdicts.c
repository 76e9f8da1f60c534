// SPDX-License-Identifier: GPL-2.0-only
/*
 * The replay's verdicts: what the LTL core reports, filled with what the
 * reports need, held until the task runs again when its wakeup matters.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay_local.h"

/* Who woke a task, at its sched_waking record: @cur is the task the CPU ran. */
void replay_note_waker(const struct replay *r, struct task_waker *w,
		       const struct trace_record *rec, const struct task *cur)
{
	w->ts = rec->ts;
	w->pid = rec->pid;
	w->prio = cur ? cur->prio : TRACE_UNKNOWN_PRIO;
	w->context = rec->flags;
	w->cpu = rec->cpu;
	/* the idle tasks share pid 0: name the one of this CPU */
	if (rec->pid == 0)
		snprintf(w->comm, TRACE_COMM_LEN, "swapper/%d", rec->cpu);
	else if (cur)
		strcpy(w->comm, cur->comm);
	else
		w->comm[0] = '\0';
	/* what the waker was doing: its system call, if it was in one */
	if (cur && cur->pid)
		w->syscall = cur->syscall;
	else
		memset(&w->syscall, 0, sizeof(w->syscall));
	/* the interrupt handlers its CPU was in, when the trace has them */
	if (!cpu_irqs_now(r->cpu_irqs, rec->cpu, false, &w->irq))
		w->irq.nr = -1;
	if (!cpu_irqs_now(r->cpu_irqs, rec->cpu, true, &w->softirq))
		w->softirq.nr = -1;
}

/* Whether records of @kind can be told from the trace: enabled, or seen so far. */
static bool recorded(const struct replay *r, enum trace_kind kind)
{
	const struct record_counts *c = &r->stats.counts;

	return c->listed ? c->enabled[kind] : c->per_kind[kind] > 0;
}

/* Who ran on the CPU a task ran on again, and its interrupts, from its wakeup. */
static void held(const struct replay *r, struct verdict *v)
{
	const struct task_sleep *s = &v->sleep;
	uint64_t from = s->wakeup_ts ? s->wakeup_ts : s->waker.ts ? s->waker.ts : s->start;

	cpu_history_window(r->cpu_history, s->run_cpu, from, s->run_ts, &v->held);
	cpu_irqs_window(r->cpu_irqs, s->run_cpu, from, s->run_ts, &v->held_irqs);
	v->held_irqs.hard_recorded = recorded(r, TRACE_IRQ_ENTRY) && recorded(r, TRACE_IRQ_EXIT);
	v->held_irqs.soft_recorded = recorded(r, TRACE_SOFTIRQ_ENTRY) &&
				     recorded(r, TRACE_SOFTIRQ_EXIT);
}

/* What the event completing a violation says about its cause. */
static enum verdict_cause cause_of(const struct rv_monitor *m, enum rv_event_type type,
				   enum rv_violation_kind kind)
{
	if (kind == RV_VIOLATION_START)
		return CAUSE_START;
	if (kind == RV_VIOLATION_CONSTRAINT)
		return CAUSE_CONSTRAINT;
	if (m->atom_binding)
		return CAUSE_RULE;
	if (m->type != RV_MONITOR_LTL)
		return CAUSE_UNEXPECTED;
	switch (type) {
	case RV_EV_PAGE_FAULT:
		return CAUSE_PAGE_FAULT;
	case RV_EV_SWITCH_OUT:
		return CAUSE_SLEEP_REASON;
	case RV_EV_WAKEUP:	/* 6.17: WAKE */
	case RV_EV_SWITCH_IN:	/* 7.3: SCHEDULE_IN */
	case RV_EV_WAKING:	/* 7.3: wakeup */
		return CAUSE_WAKER;
	default:
		return CAUSE_OTHER;
	}
}

static void emit(struct replay *r, struct verdict *v)
{
	const struct task_sleep *s = &v->sleep;

	/* what held the CPU it ran on again, from its wakeup (a clock's: fill_clock()) */
	if (v->cause == CAUSE_CONSTRAINT)
		;
	else if (s->start && s->run_ts)
		held(r, v);
	else
		v->held.cpu = -1;
	if (r->sink.verdict)
		r->sink.verdict(r->sink.data, v);
	free(v->context);
	v->context = NULL;
	free(v->set_at);
	v->set_at = NULL;
}

static struct pending *pending_slot(struct replay *r)
{
	struct pending *p;

	if (r->free_first) {
		p = &r->pending[r->free_first - 1];
		r->free_first = p->next;
		return p;
	}
	if (grow_room(&r->pending, r->nr_pending, sizeof(*r->pending)))
		return NULL;
	return &r->pending[r->nr_pending++];
}

/* Appended to its task's list of held verdicts. Return: false when no slot is left. */
static bool hold(struct replay *r, struct task *task, const struct verdict *v, bool told)
{
	struct pending *slot = pending_slot(r);
	unsigned int at;

	if (!slot)
		return false;
	*slot = (struct pending){ .v = *v, .used = true, .told = told };
	at = slot - r->pending + 1;
	if (task->pending_last)
		r->pending[task->pending_last - 1].next = at;
	else
		task->pending_first = at;
	task->pending_last = at;
	return true;
}

/*
 * A sleep verdict waits until its task runs again, to tell the whole sleep;
 * any verdict waits behind its task's held ones, so that they stay in order.
 */
static void hold_or_emit(struct replay *r, struct task *task, struct verdict *v)
{
	bool sleeping = (v->cause == CAUSE_SLEEP_REASON || v->cause == CAUSE_WAKER) &&
			task->sleep.start && !task->sleep.run_ts;

	if (!sleeping && !task->pending_first) {
		emit(r, v);
		return;
	}
	if (!hold(r, task, v, !sleeping)) {
		emit(r, v);
		return;
	}
	if (sleeping && r->sink.held)
		r->sink.held(r->sink.data, v);
}

/* Its held verdicts given from the first while they are told and took their records. */
static void give_ready(struct replay *r, struct task *task, bool all)
{
	while (task->pending_first) {
		unsigned int at = task->pending_first;
		struct pending *p = &r->pending[at - 1];

		if (!all && (!p->told || p->after))
			break;
		task->pending_first = p->next;
		emit(r, &p->v);
		p->used = false;
		p->next = r->free_first;
		r->free_first = at;
	}
	if (!task->pending_first)
		task->pending_last = 0;
}

/* The task's context, taken again: its records to now. */
static void take_context(struct replay *r, struct task *task, struct verdict *v)
{
	if (v->context && !v->per_cpu)
		v->nr_context = task_recent(task, v->context, r->opts.context);
}

/*
 * Its held verdicts told now that the sleep is known: the sleep, and the
 * context to now, the sleep, its wakeup and its run among them; centred,
 * they still take half their context of later records.
 */
void replay_complete_pending(struct replay *r, struct task *task)
{
	for (unsigned int at = task->pending_first; at; at = r->pending[at - 1].next) {
		struct pending *p = &r->pending[at - 1];
		struct task_waker waker = p->v.sleep.waker;

		if (p->told)
			continue;
		p->told = true;
		p->v.sleep = task->sleep;
		/* a verdict at a sched_waking keeps the waking that decided it */
		if (p->v.event == TRACE_WAKING)
			p->v.sleep.waker = waker;
		strcpy(p->v.comm, task->comm);
		take_context(r, task, &p->v);
		/* the record now is its run again, the last of its context */
		if (task->sleep.run_ts && p->v.nr_context)
			p->v.context_run = p->v.nr_context - 1;
		if (r->opts.context_centred && p->v.context && !p->v.per_cpu)
			p->after = r->opts.context / 2;
	}
	give_ready(r, task, false);
}

/* Whether verdicts of @task wait for the end of its sleep. */
bool replay_holds_sleep(const struct replay *r, const struct task *task)
{
	for (unsigned int at = task->pending_first; at; at = r->pending[at - 1].next)
		if (!r->pending[at - 1].told)
			return true;
	return false;
}

/* One more record of @task: its told verdicts take it into their context. */
void replay_pending_record(struct replay *r, struct task *task)
{
	for (unsigned int at = task->pending_first; at; at = r->pending[at - 1].next) {
		struct pending *p = &r->pending[at - 1];

		if (!p->told || !p->after)
			continue;
		p->after--;
		/* a full context loses its oldest record: the run moves up one */
		if (p->v.nr_context == r->opts.context && p->v.context_run > 0)
			p->v.context_run--;
		take_context(r, task, &p->v);
	}
	give_ready(r, task, false);
}

/* Every verdict of @task given now (the trace, the task or its records end). */
void replay_flush_pending(struct replay *r, struct task *task)
{
	replay_complete_pending(r, task);
	give_ready(r, task, true);
}

/* A broken clock constraint: the clock, and who held the CPU meanwhile. */
static void fill_clock(struct replay *r, const struct rv_target *t, struct verdict *v)
{
	struct rv_clock c;

	if (v->cause != CAUSE_CONSTRAINT || !rv_instance_clock(t, &c))
		return;
	v->clock = (struct verdict_clock){
		.name = c.name, .bound_name = c.bound_name, .bound = c.bound, .jiffies = c.jiffies,
		.hz = t->hz, .epoch_ns = c.epoch_ns, .bound_ns = c.bound_ns,
	};
	v->at_end = r->at_end;
	v->at_cpu_end = r->at_end && r->at_cpu_end;
	cpu_history_window(r->cpu_history, v->cpu, c.epoch_ns, r->rec->ts, &v->held);
	cpu_irqs_window(r->cpu_irqs, v->cpu, c.epoch_ns, r->rec->ts, &v->held_irqs);
}

static void fill_fault(struct verdict *v, const struct trace_record *rec)
{
	if (rec->kind != TRACE_FAULT_USER && rec->kind != TRACE_FAULT_KERNEL)
		return;
	v->fault.user = rec->kind == TRACE_FAULT_USER;
	v->fault.address = rec->fault.address;
	v->fault.ip = rec->fault.ip;
	v->fault.error_code = rec->fault.error_code;
}

void replay_on_step(void *data, const struct rv_target *t, const unsigned long *states,
		    const unsigned long *atoms, const unsigned long *next)
{
	struct delivery *d = data;
	struct replay *r = d->r;
	struct replay_step step = {
		.monitor = t->monitor, .pid = d->task->pid,
		.states = states[0], .atoms = atoms[0], .next = next[0],
		.rec = r->rec,
	};

	r->sink.step(r->sink.data, &step);
}

/* A formula rule's true atoms: set at this step, or at the record the instance noted. */
static void fill_set_at(struct replay *r, const struct delivery *d, struct verdict *v)
{
	const struct task_instance *inst = d->inst;

	if (!v->monitor->atom_binding || v->monitor->type != RV_MONITOR_LTL ||
	    !(v->set_at = malloc(VERDICT_SET_MAX * sizeof(*v->set_at))))
		return;
	for (unsigned int a = 0; a < RV_MAX_LTL_ATOM && v->nr_set_at < VERDICT_SET_MAX; a++) {
		bool here = !(d->atoms_before >> a & 1);

		if (!(v->atoms >> a & 1) || (!here && !(inst->set_at && inst->set_at->known >> a & 1)))
			continue;
		v->set_at[v->nr_set_at].atom = a;
		v->set_at[v->nr_set_at].here = here;
		v->set_at[v->nr_set_at].ref = here ? r->rec->ref : inst->set_at->at[a];
		v->nr_set_at++;
	}
}

void replay_on_violation(void *data, const struct rv_target *t, const unsigned long *before,
			 const unsigned long *atoms, enum rv_violation_kind kind)
{
	struct delivery *d = data;
	struct replay *r = d->r;
	struct task *task = d->task;
	struct task_instance *inst = d->inst;
	struct verdict v = { 0 };

	v.monitor = t->monitor;
	v.pid = task->pid;
	strcpy(v.comm, task->comm);
	v.prio = task->prio;
	/* RT-ness learned from sched_setscheduler before any event showed the prio */
	if (task->prio != TRACE_UNKNOWN_PRIO && (task->prio < 100) != (task->rt == 1))
		v.prio = TRACE_UNKNOWN_PRIO;
	v.kthread = task->kthread == 1;
	v.ts = r->rec->ts;
	v.cpu = r->rec->cpu;
	v.event = r->rec->kind;
	v.user_event = r->rec->kind == TRACE_USER ? r->rec->user.event : -1;
	v.event_ref = r->rec->ref;
	v.kind = kind;
	v.cause = cause_of(t->monitor, d->type, kind);
	/* 7.3 SCHEDULE_IN of a switch-in not recorded: pulsed at the task's own record */
	v.switch_in_inferred = d->type == RV_EV_SWITCH_IN &&
			       !(r->rec->kind == TRACE_SWITCH && r->rec->sw.next.pid == task->pid);
	v.atoms = atoms[0];
	v.states_before = before[0];
	fill_set_at(r, d, &v);
	/* the sleep story is the LTL monitors' (sleep, wakeup): a DA's verdict has none */
	if (t->monitor->type == RV_MONITOR_LTL)
		v.sleep = task->sleep;
	/* a verdict at a sched_waking (7.3 wakeup): that waking decided it */
	if (r->rec->kind == TRACE_WAKING)
		replay_note_waker(r, &v.sleep.waker, r->rec, r->cur);
	v.syscall = task->syscall;
	v.per_cpu = d->cpu >= 0;
	v.global = t->monitor->instance == RV_GLOBAL;
	if (v.per_cpu) {
		v.entered.ts = inst->entered_ts;
		v.entered.by = inst->entered_by;
	} else {
		v.last_switch = task->last_switch;
	}
	fill_clock(r, t, &v);
	fill_fault(&v, r->rec);
	v.context_run = -1;
	if (r->opts.context) {
		v.context = calloc(r->opts.context, sizeof(*v.context));
		if (v.context)
			v.nr_context = v.per_cpu ? replay_cpu_recent(r, v.cpu, v.context) :
				       task_recent(task, v.context, r->opts.context);
	}
	inst->violations++;
	hold_or_emit(r, task, &v);
}

