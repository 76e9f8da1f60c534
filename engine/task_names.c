// SPDX-License-Identifier: GPL-2.0-only
/*
 * Every name each pid had in a trace (task_names.h).
 */
#include <stdlib.h>
#include <string.h>

#include "task_names.h"

#define BUCKETS		4096

struct pid_names {
	int			pid;
	int			nr;
	char			names[TASK_NAMES_MAX][TRACE_COMM_LEN];
	char			last[TRACE_COMM_LEN];	/* the latest record's */
	struct pid_names	*next;
};

struct task_names {
	struct pid_names	*buckets[BUCKETS];
	bool			oom;
};

static struct pid_names **slot(struct task_names *n, int pid)
{
	return &n->buckets[((unsigned int)pid * 2654435761u) % BUCKETS];
}

static void add(struct task_names *n, const struct trace_task_ref *t)
{
	struct pid_names **head = slot(n, t->pid), *p;

	if (!t->comm[0] || t->pid <= 0)
		return;
	for (p = *head; p && p->pid != t->pid; p = p->next)
		;
	if (!p) {
		p = calloc(1, sizeof(*p));
		if (!p) {
			n->oom = true;
			return;
		}
		p->pid = t->pid;
		p->next = *head;
		*head = p;
	}
	memcpy(p->last, t->comm, TRACE_COMM_LEN);
	for (int i = 0; i < p->nr; i++)
		if (!strncmp(p->names[i], t->comm, TRACE_COMM_LEN))
			return;
	if (p->nr < TASK_NAMES_MAX)
		memcpy(p->names[p->nr++], t->comm, TRACE_COMM_LEN);
}

static int take(void *data, const struct trace_record *rec)
{
	struct task_names *n = data;

	switch (rec->kind) {
	case TRACE_SWITCH:
		add(n, &rec->sw.prev);
		add(n, &rec->sw.next);
		break;
	case TRACE_WAKING:
	case TRACE_WAKEUP:
	case TRACE_WAKEUP_NEW:
		add(n, &rec->wake);
		break;
	case TRACE_FORK:
		add(n, &rec->fork.parent);
		add(n, &rec->fork.child);
		break;
	case TRACE_EXIT:
	case TRACE_FREE:
	case TRACE_KTHREAD_STOP:
		add(n, &rec->task);
		break;
	case TRACE_PI_SETPRIO:
		add(n, &rec->pi.task);
		break;
	default:
		break;
	}
	return n->oom ? -1 : 0;
}

/**
 * task_names_scan() - read a trace once for the names of its pids
 * @in: the trace (iterated from its first record)
 *
 * Return: the names (free with task_names_free()), or NULL when memory runs
 * out or the trace cannot be read.
 */
struct task_names *task_names_scan(struct trace_input *in)
{
	struct task_names *n = calloc(1, sizeof(*n));

	if (n && trace_input_iterate(in, take, n)) {
		task_names_free(n);
		return NULL;
	}
	return n;
}

/**
 * task_names_of() - the names a pid had
 * @n: the names
 * @pid: the pid
 * @names: set to up to TASK_NAMES_MAX names, in the order first seen
 *
 * Return: how many.
 */
int task_names_of(const struct task_names *n, int pid, const char **names)
{
	const struct pid_names *p = n->buckets[((unsigned int)pid * 2654435761u) % BUCKETS];

	for (; p && p->pid != pid; p = p->next)
		;
	for (int i = 0; p && i < p->nr; i++)
		names[i] = p->names[i];
	return p ? p->nr : 0;
}

/**
 * task_names_last() - the name a pid had last: the latest record's
 * @n: the names
 * @pid: the pid
 *
 * Return: the name, or NULL when no record named @pid.
 */
const char *task_names_last(const struct task_names *n, int pid)
{
	const struct pid_names *p = n->buckets[((unsigned int)pid * 2654435761u) % BUCKETS];

	for (; p && p->pid != pid; p = p->next)
		;
	return p ? p->last : NULL;
}

void task_names_free(struct task_names *n)
{
	if (!n)
		return;
	for (int i = 0; i < BUCKETS; i++)
		while (n->buckets[i]) {
			struct pid_names *p = n->buckets[i];

			n->buckets[i] = p->next;
			free(p);
		}
	free(n);
}
