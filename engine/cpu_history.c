// SPDX-License-Identifier: GPL-2.0-only
/*
 * What each CPU ran lately (cpu_history.h).
 */
#include <stdlib.h>
#include <string.h>

#include "cpu_history.h"

struct cpu_run {
	uint64_t	ts;		/* switched in */
	int		pid;
	int		prio;
	char		comm[TRACE_COMM_LEN];
};

struct cpu_ring {
	struct cpu_run	runs[CPU_HISTORY_RUNS];
	unsigned int	head;		/* the next slot */
	unsigned int	nr;
};

struct cpu_histories {
	int		cpus;
	struct cpu_ring	**rings;	/* [cpus], NULL until the CPU switches */
};

/**
 * cpu_histories_new() - an empty history for @cpus CPUs
 * @cpus: how many (CPU ids 0 to @cpus - 1; others are ignored)
 *
 * Return: the histories, or NULL when memory runs out.
 */
struct cpu_histories *cpu_histories_new(int cpus)
{
	struct cpu_histories *h = calloc(1, sizeof(*h));

	if (!h)
		return NULL;
	h->cpus = cpus > 0 ? cpus : 0;
	h->rings = calloc(h->cpus + 1, sizeof(*h->rings));
	if (!h->rings) {
		free(h);
		return NULL;
	}
	return h;
}

void cpu_histories_free(struct cpu_histories *h)
{
	if (!h)
		return;
	for (int i = 0; i < h->cpus; i++)
		free(h->rings[i]);
	free(h->rings);
	free(h);
}

/**
 * cpu_history_switch() - a CPU switched to @next at @ts
 * @h: the histories
 * @cpu: the CPU
 * @ts: when
 * @next: the task switched in
 */
void cpu_history_switch(struct cpu_histories *h, int cpu, uint64_t ts,
			const struct trace_task_ref *next)
{
	struct cpu_ring *ring;
	struct cpu_run *run;

	if (!h || cpu < 0 || cpu >= h->cpus)
		return;
	ring = h->rings[cpu];
	if (!ring) {
		ring = h->rings[cpu] = calloc(1, sizeof(*ring));
		if (!ring)
			return;
	}
	run = &ring->runs[ring->head];
	run->ts = ts;
	run->pid = next->pid;
	run->prio = next->prio;
	memcpy(run->comm, next->comm, TRACE_COMM_LEN);
	ring->head = (ring->head + 1) % CPU_HISTORY_RUNS;
	if (ring->nr < CPU_HISTORY_RUNS)
		ring->nr++;
}

/**
 * cpu_history_current() - who a CPU's last recorded switch switched in
 * @h: the histories
 * @cpu: the CPU
 *
 * Return: its pid (0: the idle task), or -1 before any switch on @cpu.
 */
int cpu_history_current(const struct cpu_histories *h, int cpu)
{
	const struct cpu_ring *ring;

	if (!h || cpu < 0 || cpu >= h->cpus || !(ring = h->rings[cpu]) || !ring->nr)
		return -1;
	return ring->runs[(ring->head + CPU_HISTORY_RUNS - 1) % CPU_HISTORY_RUNS].pid;
}

/**
 * switch_in_missed() - whether a record shows its task running, switched in
 *			unrecorded (docs/semantics.md section 9)
 * @rec: a record of a task switched out and not switched in since
 * @switched_in: who @rec's CPU's last recorded switch switched in
 *		 (cpu_history_current(): 0 idle, -1 none yet)
 *
 * Some kernels miss switches out of idle: a task's own record then stands
 * for its switch-in. The one rule of the text, the monitors and the
 * pictures. No run: the idle tasks; a switch to the task (recorded); what
 * live monitors write inside sched_switch, prev still current; a record of
 * an event the file has no format of (a probe's, say); a record on a CPU
 * whose last recorded switch ran another task.
 *
 * Return: true when @rec is the task's run with no switch-in recorded.
 */
bool switch_in_missed(const struct trace_record *rec, int switched_in)
{
	if (rec->pid <= 0)
		return false;
	if (rec->kind == TRACE_SWITCH)
		return rec->sw.next.pid != rec->pid;
	if (rec->kind == TRACE_RV_EVENT || rec->kind == TRACE_RV_ERROR || rec->unformatted)
		return false;
	return switched_in <= 0 || switched_in == rec->pid;
}

static const struct cpu_run *run_at(const struct cpu_ring *ring, unsigned int i)
{
	return &ring->runs[(ring->head + CPU_HISTORY_RUNS - ring->nr + i) % CPU_HISTORY_RUNS];
}

static void add(struct cpu_activity *out, const struct cpu_run *run, uint64_t ns)
{
	if (!ns)
		return;
	if (out->nr && out->ran[out->nr - 1].pid == run->pid) {
		out->ran[out->nr - 1].ns += ns;
		return;
	}
	if (out->nr == CPU_ACTIVITY_MAX) {
		out->others++;
		out->others_ns += ns;
		return;
	}
	out->ran[out->nr].pid = run->pid;
	out->ran[out->nr].prio = run->prio;
	memcpy(out->ran[out->nr].comm, run->comm, TRACE_COMM_LEN);
	out->ran[out->nr++].ns = ns;
}

/**
 * cpu_history_window() - who ran on a CPU from @from to @to
 * @h: the histories
 * @cpu: the CPU
 * @from: the window's start (a wakeup)
 * @to: its end (the woken task running)
 * @out: the tasks, in time order, with their time in the window
 */
void cpu_history_window(const struct cpu_histories *h, int cpu, uint64_t from, uint64_t to,
			struct cpu_activity *out)
{
	const struct cpu_ring *ring;

	memset(out, 0, sizeof(*out));
	out->cpu = -1;
	if (!h || cpu < 0 || cpu >= h->cpus || !(ring = h->rings[cpu]) || to <= from)
		return;
	out->cpu = cpu;
	out->partial = run_at(ring, 0)->ts > from;
	for (unsigned int i = 0; i < ring->nr; i++) {
		const struct cpu_run *run = run_at(ring, i);
		uint64_t start = run->ts, end = i + 1 < ring->nr ? run_at(ring, i + 1)->ts : to;

		if (end <= from || start >= to)
			continue;
		add(out, run, (end < to ? end : to) - (start > from ? start : from));
	}
}
