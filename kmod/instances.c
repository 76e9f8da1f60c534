// SPDX-License-Identifier: GPL-2.0
/*
 * The per-task instances: a pool allocated at load, hashed by pid like the
 * replay's task table (the idle tasks of all CPUs share pid 0, a reused pid
 * is a new task at its fork). Probes never allocate memory.
 *
 * The bucket locks are a bare atomic flag with interrupts off: a contended
 * kernel spinlock would itself fire lock:contention_begin/end, whose probe
 * takes these locks. In NMI a busy bucket drops the event (counted).
 */
#include <linux/hash.h>
#include <linux/irqflags.h>
#include <linux/log2.h>
#include <linux/preempt.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "kmod.h"

struct rvk_bucket {
	atomic_t		lock;
	struct hlist_head	tasks;
};

static struct rvk_task *rvk_pool;
static unsigned int rvk_pool_len;
static struct rvk_bucket *rvk_buckets;
static unsigned int rvk_hash_bits;
static struct hlist_head rvk_free;
static atomic_t rvk_free_lock = ATOMIC_INIT(0);
static atomic_t rvk_used = ATOMIC_INIT(0);

static bool rvk_flag_lock(atomic_t *lock)
{
	if (in_nmi())
		return atomic_cmpxchg_acquire(lock, 0, 1) == 0;
	while (atomic_cmpxchg_acquire(lock, 0, 1) != 0)
		cpu_relax();
	return true;
}

static void rvk_flag_unlock(atomic_t *lock)
{
	atomic_set_release(lock, 0);
}

/**
 * rvk_lock_pid() - lock the bucket of a pid, interrupts off
 * @pid: the task's pid
 * @flags: the saved interrupt state, for rvk_unlock()
 *
 * Return: the bucket, or NULL in NMI context when it is busy.
 */
struct rvk_bucket *rvk_lock_pid(pid_t pid, unsigned long *flags)
{
	struct rvk_bucket *b = &rvk_buckets[hash_32((u32)pid, rvk_hash_bits)];

	raw_local_irq_save(*flags);
	if (rvk_flag_lock(&b->lock))
		return b;
	raw_local_irq_restore(*flags);
	atomic_long_inc(&rvk_stats.busy);
	return NULL;
}

/**
 * rvk_unlock() - unlock a bucket and restore interrupts
 * @b: the bucket rvk_lock_pid() returned
 * @flags: the interrupt state it saved
 */
void rvk_unlock(struct rvk_bucket *b, unsigned long flags)
{
	rvk_flag_unlock(&b->lock);
	raw_local_irq_restore(flags);
}

/**
 * rvk_task_find() - the instances of a pid
 * @b: its bucket, locked
 * @pid: the pid
 *
 * Return: the instances, or NULL when the pid has none.
 */
struct rvk_task *rvk_task_find(struct rvk_bucket *b, pid_t pid)
{
	struct rvk_task *t;

	hlist_for_each_entry(t, &b->tasks, node)
		if (t->facts.pid == pid)
			return t;
	return NULL;
}

/**
 * rvk_task_new() - take instances from the pool for a pid
 * @b: the pid's bucket, locked
 * @pid: the pid
 *
 * The caller initialises them with rvk_task_init().
 *
 * Return: the instances, or NULL when the pool is empty (counted).
 */
struct rvk_task *rvk_task_new(struct rvk_bucket *b, pid_t pid)
{
	struct rvk_task *t = NULL;

	if (rvk_flag_lock(&rvk_free_lock)) {
		if (!hlist_empty(&rvk_free)) {
			t = hlist_entry(rvk_free.first, struct rvk_task, node);
			hlist_del(&t->node);
		}
		rvk_flag_unlock(&rvk_free_lock);
	}
	if (!t) {
		atomic_long_inc(&rvk_stats.no_instance);
		return NULL;
	}
	atomic_inc(&rvk_used);
	t->facts.pid = pid;
	hlist_add_head(&t->node, &b->tasks);
	return t;
}

/**
 * rvk_task_del() - give a task's instances back to the pool
 * @b: the pid's bucket, locked
 * @t: the instances
 */
void rvk_task_del(struct rvk_bucket *b, struct rvk_task *t)
{
	hlist_del(&t->node);
	atomic_dec(&rvk_used);
	/* in NMI with the free list busy the entry is lost until the next reset */
	if (rvk_flag_lock(&rvk_free_lock)) {
		hlist_add_head(&t->node, &rvk_free);
		rvk_flag_unlock(&rvk_free_lock);
	}
}

/**
 * rvk_task_facts() - what the monitors read of a task at an event
 * @t: the task's instances
 * @task: the task
 *
 * The kernel's ltl_atoms_fetch(): RT is rt_or_dl_task(), prio < 100.
 */
void rvk_task_facts(struct rvk_task *t, struct task_struct *task)
{
	int prio = READ_ONCE(task->prio);

	t->facts.prio = prio;
	t->facts.rt = prio < MAX_RT_PRIO;
}

/**
 * rvk_target() - one monitor's instance, as monitors/ takes it
 * @target: filled
 * @facts: what the monitor may read of the task (a per-CPU one's: the task it runs)
 * @state: the instance's storage
 * @i: the monitor's index in rvk_monitors[]
 * @now: the event's time in the trace's clock (rvk_now()), for an HA's clocks
 * @report_data: a struct rvk_report for the report callbacks
 */
void rvk_target(struct rv_target *target, const struct rv_task *facts, union rv_state *state,
		unsigned int i, u64 now, void *report_data)
{
	*target = (struct rv_target) {
		.monitor = rvk_monitors[i],
		.task = facts,
		.report = &rvk_verdict_report,
		.report_data = report_data,
		.strict_start = false,
		.infer = false,		/* the kernel infers nothing */
		.now = now,
		.hz = HZ,
		.params = rvk_param_values[i],
	};
	rv_instance_bind(target, state);
}

/**
 * rvk_pool_finish() - what every instance's clocks say at the disabling
 * @now: the time, in the trace's clock
 *
 * The replay's end of trace (docs/semantics.md section 10): an HA
 * instance whose clock is past its bound then is a violation, with the
 * event "none". The kernel's HA finds it earlier, by a timer at the
 * bound, which this module does not arm. Only while no probe runs (the
 * disabling, every CPU stopped).
 */
void rvk_pool_finish(u64 now)
{
	struct rvk_report report = { .task = NULL };
	struct rv_target target;
	struct rvk_task *t;

	for (unsigned int b = 0; b < (1U << rvk_hash_bits); b++) {
		hlist_for_each_entry(t, &rvk_buckets[b].tasks, node) {
			if (!t->facts.pid)
				continue;	/* the idle tasks: never judged */
			for (unsigned int i = 0; i < rvk_nr_monitors; i++) {
				if (!(rvk_active & ~rvk_per_cpu & BIT(i)))
					continue;
				report.monitor = i;
				rvk_target(&target, &t->facts, &t->state[i], i, now, &report);
				rv_instance_finish(&target);
			}
		}
	}
}

/**
 * rvk_task_init() - the kernel's ltl_task_init() for every running monitor
 * @t: the task's instances
 * @task: the task
 * @task_creation: at fork (true), or found running at enable or first sight
 *
 * The comm is the one now: at fork that is still the parent's ("kthreadd"
 * for kernel threads), as the replay takes it.
 */
void rvk_task_init(struct rvk_task *t, struct task_struct *task, bool task_creation)
{
	struct rvk_report report = { .task = task };
	struct rv_target target;

	memcpy(t->init_comm, task->comm, TASK_COMM_LEN);
	t->init_comm[TASK_COMM_LEN - 1] = '\0';
	t->facts.pid = task->pid;
	t->facts.init_comm = t->init_comm;
	t->facts.kthread = !!(READ_ONCE(task->flags) & PF_KTHREAD);
	rvk_task_facts(t, task);
	/* a task gets no instance of a per-CPU monitor (cpus.c) */
	for (unsigned int i = 0; i < rvk_nr_monitors; i++) {
		if (!(rvk_active & ~rvk_per_cpu & BIT(i)))
			continue;
		report.monitor = i;
		rvk_target(&target, &t->facts, &t->state[i], i, 0, &report);
		rv_instance_init(&target, task_creation);
	}
}

/**
 * rvk_pool_reset() - every instance back to the pool
 *
 * Only while no probe runs (before enabling, after disabling).
 */
void rvk_pool_reset(void)
{
	INIT_HLIST_HEAD(&rvk_free);
	for (unsigned int i = 0; i < (1U << rvk_hash_bits); i++)
		INIT_HLIST_HEAD(&rvk_buckets[i].tasks);
	for (unsigned int i = 0; i < rvk_pool_len; i++) {
		memset(&rvk_pool[i], 0, sizeof(rvk_pool[i]));
		hlist_add_head(&rvk_pool[i].node, &rvk_free);
	}
	atomic_set(&rvk_used, 0);
}

/**
 * rvk_pool_used() - how many tasks have instances now
 *
 * Return: the count.
 */
unsigned int rvk_pool_used(void)
{
	return atomic_read(&rvk_used);
}

/**
 * rvk_pool_size() - how many tasks can have instances at once
 *
 * Return: the pool_size the pool was allocated with.
 */
unsigned int rvk_pool_size(void)
{
	return rvk_pool_len;
}

/**
 * rvk_pool_init() - allocate the pool and its hash table
 * @size: how many tasks can be monitored at once
 *
 * Return: 0, or -ENOMEM.
 */
int rvk_pool_init(unsigned int size)
{
	rvk_hash_bits = ilog2(roundup_pow_of_two(max(size / 2, 16U)));
	rvk_pool = vzalloc(array_size(size, sizeof(*rvk_pool)));
	rvk_buckets = vzalloc(array_size(1U << rvk_hash_bits, sizeof(*rvk_buckets)));
	if (!rvk_pool || !rvk_buckets) {
		rvk_pool_exit();
		return -ENOMEM;
	}
	rvk_pool_len = size;
	rvk_pool_reset();
	return 0;
}

/**
 * rvk_pool_exit() - free the pool
 */
void rvk_pool_exit(void)
{
	vfree(rvk_pool);
	vfree(rvk_buckets);
	rvk_pool = NULL;
	rvk_buckets = NULL;
	rvk_pool_len = 0;
}
