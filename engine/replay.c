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

#include "events.h"
#include "gate.h"
#include "replay.h"
#include "cpu_history.h"
#include "cpu_irqs.h"
#include "routing.h"
#include "time_text.h"

#define MAX_INVOLVED		3
#define SETSCHED_RESET_ON_FORK	0x40000000UL
#define SCHED_FIFO		1
#define SCHED_RR		2
#define SCHED_DEADLINE		6

/*
 * A verdict held until its task runs again. The slots of a task are a
 * list (its pending_first, then each slot's next), the unused ones another
 * (free_first): holding and completing cost the same with a million tasks.
 */
struct pending {
	struct verdict	v;
	bool		used;
	unsigned int	next;		/* the next slot of its list, index + 1; 0: none */
};

struct replay {
	struct replay_options	opts;
	struct trace_input	*in;
	struct replay_sink	sink;
	struct task_table	*tasks;
	struct replay_stats	stats;
	struct ltl_report	report;
	const struct trace_record *rec;		/* the record being replayed */
	const struct task	*cur;		/* the task its CPU ran, or NULL */
	unsigned long		epoch;			/* lost-event gaps so far */
	struct cpu_span		*cpus;			/* [nr_cpus]: each CPU's records */
	struct cpu_histories	*cpu_history;		/* what each CPU ran lately */
	struct cpu_irqs		*cpu_irqs;		/* the interrupts each handled lately */
	unsigned int		nr_cpus;
	struct pending		*pending;
	unsigned int		nr_pending;
	unsigned int		cap_pending;
	unsigned int		free_first;	/* unused slots, index + 1; 0: none */
	char			*err;
	bool			failed;
	bool			wanted[RV_NR_EVENTS];	/* some monitor handles it */
};

/* The replay stops: why, for the command to say. Return: -1. */
static int fail_with(struct replay *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail_with(struct replay *r, const char *fmt, ...)
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

/* A task's prio goes to the monitors as it is. */
_Static_assert(TRACE_UNKNOWN_PRIO == RV_PRIO_UNKNOWN, "one unknown prio");

/*
 * One task's instance of one monitor, handed to the monitor: the task as
 * the monitor reads it, and what the step and violation callbacks need
 * (their report_data).
 */
/* The records of one CPU: their first and last times. */
struct cpu_span {
	bool		seen;
	uint64_t	first_ts;
	uint64_t	last_ts;
};

struct delivery {
	struct replay		*r;
	struct task		*task;
	int			monitor;	/* index in r->opts.monitors */
	enum rv_event_type	type;		/* the event; RV_NR_EVENTS: none */
	struct rv_task		facts;
	struct rv_target	target;
};

static struct rv_target *target_of(struct delivery *d, struct replay *r, struct task *task,
				   int i, enum rv_event_type type)
{
	*d = (struct delivery){
		.r = r, .task = task, .monitor = i, .type = type,
		.facts = {
			.pid = task->pid, .prio = task->prio, .rt = task->rt,
			.kthread = task->kthread, .init_comm = task->init_comm,
		},
	};
	d->target = (struct rv_target){
		.mon = &task->inst[i].mon, .monitor = r->opts.monitors[i], .task = &d->facts,
		.report = &r->report, .report_data = d, .strict_start = r->opts.strict_start,
		.infer = r->opts.infer && !task->born,
	};
	return &d->target;
}

/* ---- verdicts ---- */

/* Who woke a task, at its sched_waking record: @cur is the task the CPU ran. */
static void note_waker(const struct replay *r, struct task_waker *w,
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
static enum verdict_cause cause_of(enum rv_event_type type, enum ltl_violation_kind kind)
{
	if (kind == LTL_VIOLATION_START)
		return CAUSE_START;
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

	/* what held the CPU it ran on again, from its wakeup */
	if (s->start && s->run_ts)
		held(r, v);
	else
		v->held.cpu = -1;
	if (r->sink.verdict)
		r->sink.verdict(r->sink.data, v);
	free(v->context);
	v->context = NULL;
}

static struct pending *pending_slot(struct replay *r)
{
	struct pending *p;

	if (r->free_first) {
		p = &r->pending[r->free_first - 1];
		r->free_first = p->next;
		return p;
	}
	if (r->nr_pending == r->cap_pending) {
		unsigned int cap = r->cap_pending ? r->cap_pending * 2 : 16;

		p = realloc(r->pending, cap * sizeof(*p));
		if (!p)
			return NULL;
		r->pending = p;
		r->cap_pending = cap;
	}
	return &r->pending[r->nr_pending++];
}

/* A sleep verdict waits until its task runs again, to tell the whole sleep. */
static void hold_or_emit(struct replay *r, struct task *task, struct verdict *v)
{
	struct pending *slot;
	unsigned int at;

	if ((v->cause != CAUSE_SLEEP_REASON && v->cause != CAUSE_WAKER) || !task->sleep.start ||
	    task->sleep.run_ts) {
		emit(r, v);
		return;
	}
	slot = pending_slot(r);
	if (!slot) {
		emit(r, v);
		return;
	}
	slot->v = *v;
	slot->used = true;
	slot->next = 0;
	at = slot - r->pending + 1;
	if (task->pending_last)
		r->pending[task->pending_last - 1].next = at;
	else
		task->pending_first = at;
	task->pending_last = at;
}

/* Its held verdicts, in the order they came, told now that the sleep is known. */
static void complete_pending(struct replay *r, struct task *task)
{
	struct task_waker waker;

	while (task->pending_first) {
		unsigned int at = task->pending_first;
		struct pending *p = &r->pending[at - 1];

		task->pending_first = p->next;
		waker = p->v.sleep.waker;
		p->v.sleep = task->sleep;
		/* a verdict at a sched_waking keeps the waking that decided it */
		if (p->v.event == TRACE_WAKING)
			p->v.sleep.waker = waker;
		strcpy(p->v.comm, task->comm);
		emit(r, &p->v);
		p->used = false;
		p->next = r->free_first;
		r->free_first = at;
	}
	task->pending_last = 0;
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

static void on_step(void *data, const struct rv_target *t, const unsigned long *next)
{
	struct delivery *d = data;
	struct replay *r = d->r;
	struct replay_step step = {
		.monitor = t->monitor, .pid = d->task->pid,
		.states = t->mon->states[0], .atoms = t->mon->atoms[0], .next = next[0],
		.rec = r->rec,
	};

	r->sink.step(r->sink.data, &step);
}

static void on_violation(void *data, const struct rv_target *t, const unsigned long *before,
			 enum ltl_violation_kind kind)
{
	struct delivery *d = data;
	struct replay *r = d->r;
	struct task *task = d->task;
	struct task_instance *inst = &task->inst[d->monitor];
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
	v.event_ref = r->rec->ref;
	v.kind = kind;
	v.cause = cause_of(d->type, kind);
	/* 7.3 SCHEDULE_IN of a switch-in not recorded: pulsed at the task's own record */
	v.switch_in_inferred = d->type == RV_EV_SWITCH_IN &&
			       !(r->rec->kind == TRACE_SWITCH && r->rec->sw.next.pid == task->pid);
	v.atoms = t->mon->atoms[0];
	v.states_before = before[0];
	v.sleep = task->sleep;
	/* a verdict at a sched_waking (7.3 wakeup): that waking decided it */
	if (r->rec->kind == TRACE_WAKING)
		note_waker(r, &v.sleep.waker, r->rec, r->cur);
	v.syscall = task->syscall;
	fill_fault(&v, r->rec);
	if (r->opts.context) {
		v.context = calloc(r->opts.context, sizeof(*v.context));
		if (v.context)
			v.nr_context = task_recent(task, v.context, r->opts.context);
	}
	inst->violations++;
	hold_or_emit(r, task, &v);
}

/* ---- tasks ---- */

static const char *const kthread_comms[] = {
	"kworker/", "ksoftirqd/", "migration/", "rcu", "irq/", "ktimers/", "cpuhp/",
	"watchdog/", "kthreadd", "kswapd", "khugepaged", "kcompactd", "idle_inject/",
};

static bool kthread_by_comm(const char *comm)
{
	for (size_t i = 0; i < sizeof(kthread_comms) / sizeof(kthread_comms[0]); i++)
		if (!strncmp(comm, kthread_comms[i], strlen(kthread_comms[i])))
			return true;
	return false;
}

static void learned_kthread(struct replay *r, struct task *task)
{
	struct delivery d;

	for (int i = 0; i < r->opts.nr_monitors; i++) {
		if (!task->inst[i].created || !r->opts.monitors[i]->kthread_learned)
			continue;
		r->opts.monitors[i]->kthread_learned(target_of(&d, r, task, i, RV_NR_EVENTS));
	}
}

static void set_kthread(struct replay *r, struct task *task, bool kthread, enum kthread_source from)
{
	if (task_set_kthread(task, kthread, from))
		learned_kthread(r, task);
}

static void set_comm(struct replay *r, struct task *task, const char *comm)
{
	if (r->sink.task && comm && comm[0] && strncmp(task->comm, comm, TRACE_COMM_LEN - 1))
		r->sink.task(r->sink.data, task->pid, comm);
	task_set_comm(task, comm);
	if (!task->init_comm[0])
		strcpy(task->init_comm, task->comm);
	if (r->opts.kthread_comms && task->kthread == RV_UNKNOWN && task->comm[0] &&
	    kthread_by_comm(task->comm))
		set_kthread(r, task, true, KTHREAD_FROM_COMM);
}

static void create_instances(struct replay *r, struct task *task, bool task_creation)
{
	struct delivery d;

	for (int i = 0; i < r->opts.nr_monitors; i++) {
		rv_instance_init(target_of(&d, r, task, i, RV_NR_EVENTS), task_creation);
		task->inst[i].created = true;
	}
}

/*
 * A task whose instances were reset by a gap it has not been seen since:
 * reset now, before it is used. What was learned from events is unknown
 * again; facts are kept.
 */
static void catch_up(struct replay *r, struct task *task)
{
	struct delivery d;

	if (task->epoch == r->epoch)
		return;
	task->epoch = r->epoch;
	for (int i = 0; i < r->opts.nr_monitors; i++) {
		if (!task->inst[i].created)
			continue;
		rv_instance_init(target_of(&d, r, task, i, RV_NR_EVENTS), false);
	}
	task->born = false;
	task->syscall.active = false;
	task->setscheduler.active = false;
	memset(&task->sleep, 0, sizeof(task->sleep));
	task->switched_out = false;
}

/* The task of a pid, created on first sight with the trace's saved comm. */
static struct task *touch(struct replay *r, int pid, const char *comm, struct task **fresh)
{
	bool created;
	struct task *task;

	if (pid < 0)
		return NULL;
	task = task_get(r->tasks, pid, &created);
	if (!task) {
		fail_with(r, "out of memory");
		return NULL;
	}
	if (created) {
		task->first_ts = r->rec->ts;
		set_comm(r, task, comm && comm[0] ? comm : trace_input_comm(r->in, pid));
		if (!task->comm[0] && r->sink.task)
			r->sink.task(r->sink.data, pid, "");
		for (int i = 0; i < MAX_INVOLVED; i++) {
			if (!fresh[i]) {
				fresh[i] = task;
				break;
			}
		}
		r->stats.tasks = task_count(r->tasks);
		if (r->stats.tasks > r->stats.max_tasks)
			r->stats.max_tasks = r->stats.tasks;
		task->epoch = r->epoch;
	} else {
		catch_up(r, task);
		if (comm)
			set_comm(r, task, comm);
	}
	task->last_ts = r->rec->ts;
	return task;
}

/* The atoms still unknown, after the fetch an update would do. */
static unsigned long unknown_atoms(struct replay *r, struct task *task, int i)
{
	struct ltl_monitor copy = task->inst[i].mon;
	struct delivery d;
	struct rv_target *t = target_of(&d, r, task, i, RV_NR_EVENTS);

	t->mon = &copy;
	if (t->monitor->fetch)
		t->monitor->fetch(t);
	return copy.unknown_atoms[0];
}

static void coverage_of(struct replay *r, struct task *task)
{
	struct coverage c;

	catch_up(r, task);
	if (!task->ever_rt || !r->sink.coverage)
		return;
	for (int i = 0; i < r->opts.nr_monitors; i++) {
		memset(&c, 0, sizeof(c));
		c.monitor = r->opts.monitors[i];
		c.pid = task->pid;
		strcpy(c.comm, task->comm);
		c.kthread_unknown = task->kthread == RV_UNKNOWN;
		c.kthread = task->kthread == 1;
		c.started_ts = task->inst[i].started_ts;
		c.violations = task->inst[i].violations;
		c.unjudged = task->inst[i].unjudged;
		c.early_wakes = task->early_wakes;
		c.comm_says_kthread = !r->opts.kthread_comms && kthread_by_comm(task->comm);
		c.events = task->inst[i].events;
		c.unknown_atoms = unknown_atoms(r, task, i);
		r->sink.coverage(r->sink.data, &c);
	}
}

static void drop(struct replay *r, int pid)
{
	struct task *task = task_find(r->tasks, pid);

	if (!task)
		return;
	complete_pending(r, task);
	coverage_of(r, task);
	task_drop(r->tasks, pid);
}

/* ---- facts (section 3) ---- */

static void fork_child(struct replay *r, const struct trace_record *rec, struct task **fresh)
{
	struct task *child;

	drop(r, rec->fork.child.pid);	/* pid reuse */
	child = touch(r, rec->fork.child.pid, rec->fork.child.comm, fresh);
	if (!child)
		return;
	child->born = true;
	/* the comm at fork: the parent's, "kthreadd" for kernel threads */
	strcpy(child->init_comm, child->comm);
	task_set_kthread(child, rec->fork.parent.pid == 2, KTHREAD_FROM_FORK);
	create_instances(r, child, true);
	for (int i = 0; i < MAX_INVOLVED; i++)
		if (fresh[i] == child)
			fresh[i] = NULL;
}

static void setscheduler_done(struct replay *r, struct task *cur, long ret, struct task **fresh)
{
	unsigned long policy = cur->setscheduler.args[1] & ~SETSCHED_RESET_ON_FORK;
	long pid = cur->setscheduler.args[0];
	struct task *target = cur;

	cur->setscheduler.active = false;
	if (ret != 0)
		return;
	if (pid != 0)
		target = touch(r, (int)pid, NULL, fresh);
	if (target)
		task_set_rt(target, policy == SCHED_FIFO || policy == SCHED_RR ||
			    policy == SCHED_DEADLINE);
}

static void syscall_facts(struct replay *r, const struct trace_record *rec, struct task *cur,
			  struct task **fresh)
{
	if (rec->kind == TRACE_SYS_ENTER) {
		/* kernel threads make no system calls */
		set_kthread(r, cur, false, KTHREAD_FROM_SYSCALL);
		cur->syscall.active = true;
		cur->syscall.id = rec->sys_enter.id;
		memcpy(cur->syscall.args, rec->sys_enter.args, sizeof(cur->syscall.args));
		cur->syscall.ts = rec->ts;
		if (rv_syscall_is(rec->sys_enter.id, r->opts.syscalls->sched_setscheduler))
			cur->setscheduler = cur->syscall;
		return;
	}
	set_kthread(r, cur, false, KTHREAD_FROM_SYSCALL);
	if (cur->setscheduler.active)
		setscheduler_done(r, cur, rec->sys_exit.ret, fresh);
}

/* "rvreplay-task: pid=17 tgid=17 kthread=1 policy=1 prio=0 comm=migration/0" */
static void metadata_facts(struct replay *r, const struct trace_record *rec, struct task **fresh)
{
	static const char tag[] = "rvreplay-task: ";
	char line[256], comm[TRACE_COMM_LEN] = "";
	int pid, tgid, kthread, policy, prio;
	struct task *task;
	const char *c;

	if (rec->print.len < sizeof(tag) || rec->print.len >= sizeof(line) ||
	    memcmp(rec->print.buf, tag, sizeof(tag) - 1))
		return;
	memcpy(line, rec->print.buf, rec->print.len);
	line[rec->print.len] = '\0';
	if (sscanf(line, "rvreplay-task: pid=%d tgid=%d kthread=%d policy=%d prio=%d", &pid, &tgid,
		   &kthread, &policy, &prio) != 5 || pid < 0)
		return;
	c = strstr(line, " comm=");
	if (c)
		snprintf(comm, sizeof(comm), "%s", c + 6);
	task = touch(r, pid, comm, fresh);
	if (!task)
		return;
	task_set_prio(task, prio);
	set_kthread(r, task, kthread != 0, KTHREAD_FROM_METADATA);
}

static void apply_facts(struct replay *r, const struct trace_record *rec, struct task *cur,
			struct task **fresh)
{
	const struct trace_task_ref *t = NULL;
	struct task *task;

	switch (rec->kind) {
	case TRACE_SWITCH:
		task = touch(r, rec->sw.prev.pid, rec->sw.prev.comm, fresh);
		if (task)
			task_set_prio(task, rec->sw.prev.prio);
		t = &rec->sw.next;
		break;
	case TRACE_WAKING:
	case TRACE_WAKEUP:
	case TRACE_WAKEUP_NEW:
		t = &rec->wake;
		break;
	case TRACE_EXIT:
	case TRACE_FREE:
	case TRACE_KTHREAD_STOP:
		t = &rec->task;
		break;
	case TRACE_PI_SETPRIO:
		task = touch(r, rec->pi.task.pid, rec->pi.task.comm, fresh);
		if (task)
			task_set_prio(task, rec->pi.newprio);
		break;
	case TRACE_FORK:
		touch(r, rec->fork.parent.pid, rec->fork.parent.comm, fresh);
		fork_child(r, rec, fresh);
		break;
	case TRACE_SYS_ENTER:
	case TRACE_SYS_EXIT:
		if (cur)
			syscall_facts(r, rec, cur, fresh);
		break;
	case TRACE_PRINT:
		metadata_facts(r, rec, fresh);
		break;
	default:
		break;
	}
	if (t) {
		task = touch(r, t->pid, t->comm, fresh);
		if (task)
			task_set_prio(task, t->prio);
	}
}

/* ---- the sleep story, for the reports ---- */

/* A sleep of an RT task is over: for the statistics of the report. */
static void sleep_done(struct replay *r, const struct task *task)
{
	struct replay_sleep done = {
		.pid = task->pid, .comm = task->comm, .prio = task->prio, .kthread = task->kthread == 1,
		.sleep = &task->sleep, .violating = task->pending_first != 0,
	};

	if (r->sink.sleep && task->rt == 1 && !task->sleep.uninterruptible)
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
	complete_pending(r, task);
}

static void story(struct replay *r, const struct trace_record *rec, struct task *cur)
{
	struct task *task;

	/* a task with no switch-in recorded runs again at its next own record */
	if (cur && cur->pid != 0) {
		ran_again(r, cur, rec, !(rec->kind == TRACE_SWITCH &&
					     rec->sw.next.pid == cur->pid));
		cur->running = true;
	}
	cpu_irqs_record(r->cpu_irqs, rec);
	switch (rec->kind) {
	case TRACE_SWITCH:
		cpu_history_switch(r->cpu_history, rec->cpu, rec->ts, &rec->sw.next);
		task = task_find(r->tasks, rec->sw.prev.pid);
		if (task && task->pid != 0) {
			task->switched_out = true;
			task->running = false;
			/* a sleep, or a block in D the wakeup monitor judges the waking of */
			if (rec->sw.prev_state && !(rec->sw.prev_state & RV_TASK_PREEMPTED)) {
				memset(&task->sleep, 0, sizeof(task->sleep));
				task->sleep.start = rec->ts;
				task->sleep.reason = task->syscall;
				task->sleep.uninterruptible =
					!rv_switched_out_sleeping(rec->sw.prev_state);
			}
		}
		task = task_find(r->tasks, rec->sw.next.pid);
		ran_again(r, task, rec, false);
		if (task && task->pid)
			task->running = true;
		break;
	case TRACE_WAKING:
		task = task_find(r->tasks, rec->wake.pid);
		if (task && task->sleep.start && !task->sleep.waker.ts)
			note_waker(r, &task->sleep.waker, rec, cur);
		/* woken between setting its sleeping state and switching out */
		if (task && task->pid && task->running && task->rt == 1)
			task->early_wakes++;
		break;
	case TRACE_WAKEUP:
		task = task_find(r->tasks, rec->wake.pid);
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

static void deliver(struct replay *r, struct task *task, struct rv_event *ev)
{
	unsigned long violations;
	struct delivery d;
	struct rv_target *t;
	bool stopped;

	if (!task || !r->wanted[ev->type])
		return;
	for (int i = 0; i < r->opts.nr_monitors; i++) {
		struct task_instance *inst = &task->inst[i];

		if (!rv_monitor_handles(r->opts.monitors[i], ev->type))
			continue;
		t = target_of(&d, r, task, i, ev->type);
		inst->events++;
		stopped = ev->type == RV_EV_PAGE_FAULT && !rv_ltl_valid_state(t->mon) &&
			  task->rt == 1;
		violations = inst->violations;
		rv_handle(t, ev);
		/* a fault the kernel would not judge, the instance stopped (--strict-start judges it) */
		if (stopped && inst->violations == violations && !rv_ltl_valid_state(t->mon))
			inst->unjudged++;
		if (!inst->started_ts && rv_ltl_valid_state(t->mon))
			inst->started_ts = r->rec->ts;
	}
}

static void switch_in(struct replay *r, struct task *task)
{
	struct rv_event ev = { .type = RV_EV_SWITCH_IN };

	if (!task)
		return;
	task->awaiting_switch_in = false;
	deliver(r, task, &ev);
}

/*
 * Some kernels miss switches: on the 6.18 machines here no sched_switch out
 * of CPU 1's idle task is ever recorded. A task switched out and now seen
 * running with no switch-in since gets its switch-in first (docs/semantics.md
 * section 8, SCHEDULE_IN). The idle tasks share pid 0: not them.
 */
static void missed_switch_in(struct replay *r, const struct trace_record *rec, struct task *cur)
{
	if (!cur || cur->pid == 0 || !cur->awaiting_switch_in)
		return;
	if (rec->kind == TRACE_SWITCH && rec->sw.next.pid == cur->pid)
		return;
	/* live monitors write these inside sched_switch, prev still current */
	if (rec->kind == TRACE_RV_EVENT || rec->kind == TRACE_RV_ERROR)
		return;
	switch_in(r, cur);
}

static int wakee_prio(struct replay *r, const struct trace_record *rec)
{
	struct task *wakee = task_find(r->tasks, rec->wake.pid);

	if (rec->wake.prio != TRACE_UNKNOWN_PRIO)
		return rec->wake.prio;
	return wakee ? wakee->prio : TRACE_UNKNOWN_PRIO;
}

/* The event a record gives, with what the kernel's handler would see. */
static void event_of(struct replay *r, const struct trace_record *rec, struct task *cur,
		     enum rv_event_type type, struct rv_event *ev)
{
	memset(ev, 0, sizeof(*ev));
	ev->type = type;
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
	default:
		break;
	}
}

/* Every event the record routes to a monitor (monitors/routes.c), in order. */
static void dispatch(struct replay *r, const struct trace_record *rec, struct task *cur)
{
	const struct rv_route *const *route;
	struct rv_event ev;
	struct task *task;

	for (route = routing_of(rec->kind); *route; route++) {
		task = (*route)->to == RV_TO_CURRENT ? cur :
		       task_find(r->tasks, routing_pid(*route, rec));
		if (!task)
			continue;
		if ((*route)->type == RV_EV_SWITCH_IN) {
			switch_in(r, task);
			continue;
		}
		if ((*route)->type == RV_EV_SWITCH_OUT)
			task->awaiting_switch_in = true;
		event_of(r, rec, cur, (*route)->type, &ev);
		deliver(r, task, &ev);
	}
}

/* ---- lost events (section 5) ---- */

/* Every verdict held for the end of a sleep, given now. */
static void flush_pending(struct replay *r)
{
	for (unsigned int i = 0; i < r->nr_pending; i++) {
		struct task *task;

		if (!r->pending[i].used)
			continue;
		task = task_find(r->tasks, r->pending[i].v.pid);
		if (task)
			complete_pending(r, task);
	}
}

/* Whether @rec is its CPU's first record; the CPU's span of records grows. */
static bool first_of_cpu(struct replay *r, const struct trace_record *rec)
{
	struct cpu_span *c;
	bool first;

	if (rec->cpu < 0 || (unsigned int)rec->cpu >= r->nr_cpus)
		return false;
	c = &r->cpus[rec->cpu];
	first = !c->seen;
	if (first)
		c->first_ts = rec->ts;
	c->seen = true;
	c->last_ts = rec->ts;
	return first;
}

static int lost(struct replay *r, const struct trace_record *rec, bool first)
{
	struct lost_gap gap = {
		.cpu = rec->cpu, .ts = rec->ts, .count = rec->missed > 0 ? rec->missed : -1,
		.where = LOST_MID,
	};
	const struct trace_meta *m = trace_input_meta(r->in);
	char ts[32];

	/* at a CPU's first record: the overrun its statistics count (LOST_START) */
	if (first && m->stats && rec->cpu < m->cpus &&
	    m->stats[rec->cpu].overrun > 0)
		gap.where = LOST_START;
	else if (r->sink.lost)
		r->sink.lost(r->sink.data, &gap);
	if (r->opts.lost == LOST_FAIL && gap.where == LOST_MID)
		return fail_with(r, "events lost on CPU %d before %s", rec->cpu,
				 time_text(rec->ts, ts, sizeof(ts)));
	/* every instance is reset: each task when it is next used (catch_up()) */
	if (r->opts.lost == LOST_RESET) {
		flush_pending(r);
		r->epoch++;
	}
	return 0;
}

/* ---- the record loop ---- */

/* The record among the recent ones of the tasks it involves. Return: 0 or -1 (memory). */
static int remember(struct replay *r, const struct trace_record *rec, struct task *cur)
{
	struct task *other = NULL;

	if (cur && task_remember(r->tasks, cur, &rec->ref))
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
		return task_remember(r->tasks, other, &rec->ref);
	return 0;
}

static void count(struct replay *r, const struct trace_record *rec)
{
	if (!r->stats.counts.events) {
		r->stats.first_ts = rec->ts;
		time_text_base(rec->ts);
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
	if (first_of_cpu(r, rec) ? rec->missed && lost(r, rec, true) :
	    rec->missed && lost(r, rec, false))
		return -1;
	cur = touch(r, rec->pid, NULL, fresh);
	r->cur = cur;
	apply_facts(r, rec, cur, fresh);
	/* tasks first seen now existed before the trace: task_creation false */
	for (int i = 0; i < MAX_INVOLVED; i++)
		if (fresh[i])
			create_instances(r, fresh[i], false);
	if (r->failed)
		return -1;
	if (remember(r, rec, cur))
		return fail_with(r, "out of memory");
	story(r, rec, cur);
	missed_switch_in(r, rec, cur);
	dispatch(r, rec, cur);
	if (rec->kind == TRACE_FREE)
		drop(r, rec->task.pid);
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
	r->report.violation = on_violation;
	if (sink->step)
		r->report.step = on_step;
	for (int type = 0; type < RV_NR_EVENTS; type++)
		r->wanted[type] = handles(r, type);
	r->tasks = task_table_new(opts->context, opts->nr_monitors);
	r->nr_cpus = trace_input_meta(in)->cpus > 0 ? trace_input_meta(in)->cpus : 0;
	r->cpus = calloc(r->nr_cpus + 1, sizeof(*r->cpus));
	r->cpu_history = cpu_histories_new(r->nr_cpus);
	r->cpu_irqs = cpu_irqs_new(r->nr_cpus);
	if (!r->tasks || !r->cpus || !r->cpu_history || !r->cpu_irqs) {
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
		if (r->pending[i].used)
			free(r->pending[i].v.context);
	free(r->pending);
	task_table_free(r->tasks);
	free(r->cpus);
	cpu_histories_free(r->cpu_history);
	cpu_irqs_free(r->cpu_irqs);
	free(r);
}

static void finish_task(struct task *task, void *data)
{
	struct replay *r = data;

	complete_pending(r, task);
	coverage_of(r, task);
}

static void tell_lost(struct replay *r, struct lost_gap *gap)
{
	if (r->sink.lost)
		r->sink.lost(r->sink.data, gap);
}

/* What the file's per-CPU statistics say was lost before or after the records. */
static int lost_from_stats(struct replay *r)
{
	const struct trace_meta *m = trace_input_meta(r->in);
	struct lost_gap gap;

	for (int cpu = 0; m->stats && cpu < m->cpus; cpu++) {
		if (m->stats[cpu].overrun > 0) {
			if (r->opts.lost == LOST_FAIL)
				return fail_with(r, "%lld events lost on CPU %d before the first record "
					      "(overwritten)", m->stats[cpu].overrun, cpu);
			gap = (struct lost_gap){ .cpu = cpu, .count = m->stats[cpu].overrun,
						 .where = LOST_START, .ts = (unsigned int)cpu < r->nr_cpus &&
						 r->cpus[cpu].seen ? r->cpus[cpu].first_ts :
						 r->stats.first_ts };
			tell_lost(r, &gap);
		}
		if (m->stats[cpu].dropped > 0) {
			if (r->opts.lost == LOST_FAIL)
				return fail_with(r, "%lld events lost on CPU %d after the last record "
					      "(dropped)", m->stats[cpu].dropped, cpu);
			gap = (struct lost_gap){ .cpu = cpu, .count = m->stats[cpu].dropped,
						 .where = LOST_END, .ts = (unsigned int)cpu < r->nr_cpus &&
						 r->cpus[cpu].seen ? r->cpus[cpu].last_ts :
						 r->stats.last_ts };
			tell_lost(r, &gap);
		}
	}
	return 0;
}

/* Data the reader could not read: an error, or with --damaged=report, lost data. */
static int damaged(struct replay *r)
{
	struct trace_damage d[8];
	struct lost_gap gap;
	char ts[32];
	int n = trace_input_damages(r->in, d, 8);

	if (trace_input_stopped_at_limit(r->in, r->err)) {
		r->failed = true;
		return -1;
	}
	if (n && r->opts.damaged == DAMAGED_FAIL) {
		time_text(d[0].ts, ts, sizeof(ts));
		return fail_with(r, "CPU %d: %s at offset %llu, after its record at %s; the records "
			      "after it cannot be read (%d CPU%s damaged; --damaged=report replays "
			      "the rest)", d[0].cpu, d[0].what, (unsigned long long)d[0].offset,
			      d[0].ts ? ts : "(none)", n, n == 1 ? "" : "s");
	}
	for (int i = 0; i < n && i < 8; i++) {
		gap = (struct lost_gap){ .cpu = d[i].cpu, .ts = d[i].ts, .count = -1,
					 .where = LOST_DAMAGED, .what = d[i].what, .offset = d[i].offset };
		tell_lost(r, &gap);
	}
	return 0;
}

#ifdef RVREPLAY_MUTANT_DROP_LAST
/*
 * Never in rvreplay: the mutant of tests/mutation/ that loses a replay's
 * last verdict (each verdict is told when the next one comes), for the
 * end-to-end tests to prove they see it.
 */
static struct {
	void		(*verdict)(void *data, const struct verdict *v);
	struct verdict	v;
	bool		held;
} mutant;

static void mutant_verdict(void *data, const struct verdict *v)
{
	if (mutant.held) {
		mutant.verdict(data, &mutant.v);
		free(mutant.v.context);
	}
	mutant.v = *v;
	mutant.v.context = calloc(v->nr_context + 1, sizeof(*v->context));
	if (mutant.v.context && v->nr_context)
		memcpy(mutant.v.context, v->context, v->nr_context * sizeof(*v->context));
	mutant.held = true;
}
#define MUTANT_HOLD_VERDICTS(r)	do { mutant.held = false; mutant.verdict = (r)->sink.verdict; \
				     if (mutant.verdict) (r)->sink.verdict = mutant_verdict; } while (0)
#else
#define MUTANT_HOLD_VERDICTS(r)	do { } while (0)
#endif

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
	MUTANT_HOLD_VERDICTS(r);
	ret = trace_input_iterate(r->in, on_record, r);
	if (r->failed)
		return -1;
	if (ret < 0)
		return fail_with(r, "out of memory reading the trace");
	if (damaged(r))
		return -1;
	task_for_each(r->tasks, finish_task, r);
	return lost_from_stats(r);
}

const struct replay_stats *replay_stats(const struct replay *r)
{
	return &r->stats;
}
