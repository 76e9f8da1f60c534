// SPDX-License-Identifier: GPL-2.0-only
/*
 * The task table: pid -> struct task, with pid reuse handled by the caller
 * dropping the old task. Memory grows with the number of tasks only.
 */
#include <stdlib.h>
#include <string.h>

#include "task_facts.h"

#define INITIAL_BUCKETS	1024

struct task_table {
	struct task	**buckets;
	unsigned int	nr_buckets;
	unsigned long	nr_tasks;
	unsigned int	context;	/* records remembered per task */
	int		nr_monitors;	/* instances per task */
	/* the two tasks found last: a record names one to three tasks, often again */
	struct task	*recent[2];
};

static unsigned int bucket(const struct task_table *t, int pid)
{
	return ((unsigned int)pid * 2654435761u) & (t->nr_buckets - 1);
}

/**
 * task_table_new() - an empty table
 * @context: how many recent records to remember per task
 * @nr_monitors: the monitor instances of each task (MAX_MONITORS at most)
 *
 * Return: the table, or NULL when memory runs out.
 */
struct task_table *task_table_new(unsigned int context, int nr_monitors)
{
	struct task_table *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->nr_buckets = INITIAL_BUCKETS;
	t->context = context;
	t->nr_monitors = nr_monitors;
	t->buckets = calloc(t->nr_buckets, sizeof(*t->buckets));
	if (!t->buckets) {
		free(t);
		return NULL;
	}
	return t;
}

static void free_task(struct task *task, int nr_monitors)
{
	for (int i = 0; i < nr_monitors; i++)
		free(task->inst[i].set_at);
	free(task->recent);
	free(task);
}

void task_table_free(struct task_table *t)
{
	if (!t)
		return;
	for (unsigned int i = 0; i < t->nr_buckets; i++) {
		while (t->buckets[i]) {
			struct task *next = t->buckets[i]->hash_next;

			free_task(t->buckets[i], t->nr_monitors);
			t->buckets[i] = next;
		}
	}
	free(t->buckets);
	free(t);
}

/**
 * task_find() - a task by pid
 * @t: the table
 * @pid: the pid
 *
 * Return: the task, or NULL when unknown.
 */
struct task *task_find(struct task_table *t, int pid)
{
	struct task *task;

	if (t->recent[0] && t->recent[0]->pid == pid)
		return t->recent[0];
	if (t->recent[1] && t->recent[1]->pid == pid) {
		task = t->recent[1];
	} else {
		for (task = t->buckets[bucket(t, pid)]; task; task = task->hash_next)
			if (task->pid == pid)
				break;
		if (!task)
			return NULL;
	}
	t->recent[1] = t->recent[0];
	t->recent[0] = task;
	return task;
}

static void grow(struct task_table *t)
{
	unsigned int n = t->nr_buckets * 2;
	struct task **b = calloc(n, sizeof(*b));
	struct task **old = t->buckets;
	unsigned int old_n = t->nr_buckets;

	if (!b)
		return;	/* longer chains, still correct */
	t->buckets = b;
	t->nr_buckets = n;
	for (unsigned int i = 0; i < old_n; i++) {
		while (old[i]) {
			struct task *task = old[i];
			unsigned int k = bucket(t, task->pid);

			old[i] = task->hash_next;
			task->hash_next = b[k];
			b[k] = task;
		}
	}
	free(old);
}

static void init_task(struct task *task, int pid)
{
	task->pid = pid;
	task->prio = TRACE_UNKNOWN_PRIO;
	task->rt = RV_UNKNOWN;
	task->kthread = RV_UNKNOWN;
	task->cpu_now = -1;
	/* the idle tasks and kthreadd are kernel threads (section 3) */
	if (pid == 0 || pid == 2)
		task_set_kthread(task, true, KTHREAD_FROM_PID);
}

/**
 * task_get() - a task by pid, created when first seen
 * @t: the table
 * @pid: the pid
 * @created: set to whether it was created now
 *
 * Return: the task, or NULL when memory runs out.
 */
struct task *task_get(struct task_table *t, int pid, bool *created)
{
	struct task *task = task_find(t, pid);
	unsigned int k;

	*created = false;
	if (task)
		return task;
	task = calloc(1, sizeof(*task) + t->nr_monitors * sizeof(task->inst[0]));
	if (!task)
		return NULL;
	init_task(task, pid);
	if (t->nr_tasks >= t->nr_buckets)
		grow(t);
	k = bucket(t, pid);
	task->hash_next = t->buckets[k];
	t->buckets[k] = task;
	t->nr_tasks++;
	*created = true;
	return task;
}

/**
 * task_drop() - forget a task (it was freed, or its pid reused)
 * @t: the table
 * @pid: the pid
 */
void task_drop(struct task_table *t, int pid)
{
	struct task **p = &t->buckets[bucket(t, pid)];

	while (*p && (*p)->pid != pid)
		p = &(*p)->hash_next;
	if (*p) {
		struct task *task = *p;

		*p = task->hash_next;
		for (int i = 0; i < 2; i++)
			if (t->recent[i] == task)
				t->recent[i] = NULL;
		free_task(task, t->nr_monitors);
		t->nr_tasks--;
	}
}

void task_for_each(struct task_table *t, void (*fn)(struct task *task, void *data), void *data)
{
	for (unsigned int i = 0; i < t->nr_buckets; i++)
		for (struct task *task = t->buckets[i]; task; task = task->hash_next)
			fn(task, data);
}

unsigned long task_count(const struct task_table *t)
{
	return t->nr_tasks;
}

/**
 * task_set_prio() - a priority seen in an event; RT-ness follows (prio < 100)
 * @task: the task
 * @prio: the kernel prio, or TRACE_UNKNOWN_PRIO (ignored)
 */
void task_set_prio(struct task *task, int prio)
{
	if (prio == TRACE_UNKNOWN_PRIO)
		return;
	task->prio = prio;
	/* rt_or_dl_task(): RT, deadline (-1) and PI-boosted tasks */
	task_set_rt(task, prio < 100);
}

/**
 * task_set_rt() - RT-ness learned; whatever source spoke last wins
 * @task: the task
 * @rt: whether it is RT (or deadline)
 */
void task_set_rt(struct task *task, bool rt)
{
	task->rt = rt;
	task->ever_rt |= rt;
}

/**
 * task_set_kthread() - kernel-thread-ness learned from a source
 * @task: the task
 * @kthread: whether it is a kernel thread
 * @from: the source; a weaker source than the one already heard is ignored
 *
 * Return: true when the task's kthread-ness became known by this call.
 */
bool task_set_kthread(struct task *task, bool kthread, enum kthread_source from)
{
	bool was_unknown = task->kthread == RV_UNKNOWN;

	if (from < task->kthread_from)
		return false;
	task->kthread = kthread;
	task->kthread_from = from;
	return was_unknown;
}

/**
 * task_set_comm() - the latest command name seen for a task
 * @task: the task
 * @comm: the name; empty names are ignored
 */
void task_set_comm(struct task *task, const char *comm)
{
	if (!comm || !comm[0])
		return;
	strncpy(task->comm, comm, TRACE_COMM_LEN - 1);
	task->comm[TRACE_COMM_LEN - 1] = '\0';
}

/*
 * Room for one more record: the ring grows with the records a task really
 * has, up to the context, so that many tasks of few records cost little.
 * Until it is as large as the context it has not wrapped.
 */
static int ring_room(struct task_table *t, struct task *task)
{
	unsigned int cap;
	struct trace_ref *r;

	if (task->nr_recent < task->recent_cap || task->recent_cap == t->context)
		return 0;
	cap = task->recent_cap ? 2 * task->recent_cap : 4;
	if (cap > t->context)
		cap = t->context;
	r = realloc(task->recent, cap * sizeof(*r));
	if (!r)
		return -1;
	task->recent = r;
	task->recent_cap = cap;
	/* full but never overwritten: oldest first, the next one after them */
	task->recent_head = task->nr_recent;
	return 0;
}

/**
 * task_remember() - keep a record among the task's recent ones
 * @t: the table (for the ring size)
 * @task: the task
 * @ref: the record
 *
 * Return: 0, or -1 when memory runs out.
 */
int task_remember(struct task_table *t, struct task *task, const struct trace_ref *ref)
{
	if (!t->context)
		return 0;
	if (ring_room(t, task))
		return -1;
	task->recent[task->recent_head] = *ref;
	task->recent_head = (task->recent_head + 1) % task->recent_cap;
	if (task->nr_recent < task->recent_cap)
		task->nr_recent++;
	return 0;
}

/**
 * task_recent() - the task's recent records, oldest first
 * @task: the task
 * @out: where to copy them
 * @max: the size of @out, at least the table's context
 *
 * Return: how many were copied.
 */
unsigned int task_recent(const struct task *task, struct trace_ref *out, unsigned int max)
{
	unsigned int n = task->nr_recent < max ? task->nr_recent : max;
	unsigned int size = task->nr_recent, start;

	if (!n)
		return 0;
	/* until the ring is full, head == nr_recent, so this works both ways */
	start = (task->recent_head + size - n) % size;
	for (unsigned int i = 0; i < n; i++)
		out[i] = task->recent[(start + i) % size];
	return n;
}
