// SPDX-License-Identifier: GPL-2.0-only
/*
 * The replay's tasks: found or created with their monitor instances, and
 * the facts each record teaches of them (docs/semantics.md section 3).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay_local.h"

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
		r->opts.monitors[i]->kthread_learned(replay_target(&d, r, task, i, RV_NR_EVENTS));
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

void replay_create_instances(struct replay *r, struct task *task, bool task_creation)
{
	struct delivery d;

	for (int i = 0; i < r->opts.nr_monitors; i++) {
		/* a per-CPU or global monitor's instances are not the tasks' (replay_cpus.c) */
		if (!rv_monitor_per_task(r->opts.monitors[i]))
			continue;
		rv_instance_init(replay_target(&d, r, task, i, RV_NR_EVENTS), task_creation);
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
		rv_instance_init(replay_target(&d, r, task, i, RV_NR_EVENTS), false);
	}
	task->born = false;
	task->syscall.active = false;
	task->setscheduler.active = false;
	memset(&task->sleep, 0, sizeof(task->sleep));
	task->switched_out = false;
}

/* The task of a pid, created on first sight with the trace's saved comm. */
struct task *replay_touch(struct replay *r, int pid, const char *comm, struct task **fresh)
{
	bool created;
	struct task *task;

	if (pid < 0)
		return NULL;
	task = task_get(r->tasks, pid, &created);
	if (!task) {
		replay_fail(r, "out of memory");
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
		r->stats.tasks_seen++;
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
	union rv_state copy = task->inst[i].state;
	struct delivery d;
	struct rv_target *t = replay_target(&d, r, task, i, RV_NR_EVENTS);

	rv_instance_bind(t, &copy);
	if (t->monitor->fetch)
		t->monitor->fetch(t);
	return rv_instance_unknown(t);
}

/* Its waits too close to a bound to judge (HA clocks in jiffies). */
static unsigned long unsure(struct replay *r, struct task *task, int i)
{
	struct delivery d;

	return rv_instance_unsure(replay_target(&d, r, task, i, RV_NR_EVENTS));
}

void replay_coverage_of(struct replay *r, struct task *task)
{
	struct coverage c;

	catch_up(r, task);
	if (!r->sink.coverage)
		return;
	for (int i = 0; i < r->opts.nr_monitors; i++) {
		/* the idle tasks share pid 0, and never sleep */
		if (!rv_monitor_per_task(r->opts.monitors[i]) ||
		    (r->opts.monitors[i]->every_task ? !task->pid : !task->ever_rt))
			continue;
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
		c.inferred = task->inst[i].inferred;
		c.unsure = unsure(r, task, i);
		/* the clocks at the end: a hybrid automaton's */
		c.cut_off = task->cut_off && r->opts.monitors[i]->type == RV_MONITOR_HA;
		c.cut_off_cpu = task->cpu_now;
		r->sink.coverage(r->sink.data, &c);
	}
}

/*
 * The trace ends: an instance whose clock ran past its bound would have
 * been found by the kernel's timer (ha_core.c's finish). Its verdict is
 * given at a made-up record at the trace's last time, on the CPU of the
 * task's last record, whose line the report shows.
 */
void replay_finish_clocks(struct replay *r, struct task *task)
{
	struct trace_record end = { .kind = TRACE_OTHER, .ts = r->stats.last_ts };
	uint64_t cpu_end = replay_cpu_end(r, task->cpu_now);
	struct delivery d;

	if (task_recent(task, &end.ref, 1))
		end.cpu = end.ref.cpu;
	/* its CPU's records end first: judged there, or past them not at all */
	r->at_cpu_end = cpu_end != 0;
	if (r->at_cpu_end) {
		end.ts = cpu_end;
		end.cpu = task->cpu_now;
	}
	r->rec = &end;
	r->at_end = true;
	for (int i = 0; i < r->opts.nr_monitors; i++) {
		if (!task->inst[i].created || !task->pid)
			continue;
		if (r->at_cpu_end && task->last_ts > cpu_end) {
			task->cut_off = true;
			continue;
		}
		rv_instance_finish(replay_target(&d, r, task, i, RV_NR_EVENTS));
	}
	r->at_end = false;
	r->at_cpu_end = false;
	r->rec = NULL;
}

void replay_drop(struct replay *r, int pid)
{
	struct task *task = task_find(r->tasks, pid);

	if (!task)
		return;
	replay_flush_pending(r, task);
	replay_coverage_of(r, task);
	task_drop(r->tasks, pid);
}

/* ---- facts (section 3) ---- */

static void fork_child(struct replay *r, const struct trace_record *rec, struct task **fresh)
{
	struct task *child;

	replay_drop(r, rec->fork.child.pid);	/* pid reuse */
	child = replay_touch(r, rec->fork.child.pid, rec->fork.child.comm, fresh);
	if (!child)
		return;
	child->born = true;
	/* the comm at fork: the parent's, "kthreadd" for kernel threads */
	strcpy(child->init_comm, child->comm);
	task_set_kthread(child, rec->fork.parent.pid == 2, KTHREAD_FROM_FORK);
	replay_create_instances(r, child, true);
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
		target = replay_touch(r, (int)pid, NULL, fresh);
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
	const struct trace_marker_task *t = &rec->print.marker.task;
	struct task *task;

	if (rec->print.marker.kind != TRACE_MARKER_TASK)
		return;
	task = replay_touch(r, t->pid, t->comm, fresh);
	if (!task)
		return;
	task_set_prio(task, t->prio);
	set_kthread(r, task, t->kthread != 0, KTHREAD_FROM_METADATA);
}

void replay_apply_facts(struct replay *r, const struct trace_record *rec, struct task *cur,
			struct task **fresh)
{
	const struct trace_task_ref *t = NULL;
	struct task *task;

	switch (rec->kind) {
	case TRACE_SWITCH:
		task = replay_touch(r, rec->sw.prev.pid, rec->sw.prev.comm, fresh);
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
		task = replay_touch(r, rec->pi.task.pid, rec->pi.task.comm, fresh);
		if (task)
			task_set_prio(task, rec->pi.newprio);
		break;
	case TRACE_FORK:
		replay_touch(r, rec->fork.parent.pid, rec->fork.parent.comm, fresh);
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
		task = replay_touch(r, t->pid, t->comm, fresh);
		if (task)
			task_set_prio(task, t->prio);
	}
}

