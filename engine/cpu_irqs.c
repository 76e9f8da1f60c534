// SPDX-License-Identifier: GPL-2.0-only
/*
 * The interrupts each CPU handled lately (cpu_irqs.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_irqs.h"

/* One handler run: entry to exit. */
struct irq_run {
	uint64_t	start;
	uint64_t	end;
	struct irq_id	id;
};

struct irq_cpu {
	struct irq_run	runs[CPU_IRQ_RUNS];	/* ended, oldest first from head - nr */
	unsigned int	head;
	unsigned int	nr;
	struct irq_run	open[2];		/* [soft]: entered, not yet exited */
	bool		in[2];
};

struct cpu_irqs {
	int		cpus;
	struct irq_cpu	**cpu;		/* [cpus], NULL until the CPU records an interrupt */
};

/* As the kernel's softirq_to_name[] (kernel/softirq.c) and trace-cmd print them. */
static const char *const softirq_names[] = {
	"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED", "HRTIMER", "RCU",
};

/**
 * cpu_irqs_softirq_name() - a softirq vector's name
 * @vec: the vector
 *
 * Return: "TIMER", or NULL for a vector the kernel does not name.
 */
static const char *cpu_irqs_softirq_name(int vec)
{
	if (vec < 0 || vec >= (int)(sizeof(softirq_names) / sizeof(softirq_names[0])))
		return NULL;
	return softirq_names[vec];
}

/**
 * cpu_irqs_new() - no interrupt seen yet, on @cpus CPUs
 * @cpus: how many (CPU ids 0 to @cpus - 1; others are ignored)
 *
 * Return: the history, or NULL when memory runs out.
 */
struct cpu_irqs *cpu_irqs_new(int cpus)
{
	struct cpu_irqs *q = calloc(1, sizeof(*q));

	if (!q)
		return NULL;
	q->cpus = cpus > 0 ? cpus : 0;
	q->cpu = calloc(q->cpus + 1, sizeof(*q->cpu));
	if (!q->cpu) {
		free(q);
		return NULL;
	}
	return q;
}

void cpu_irqs_free(struct cpu_irqs *q)
{
	if (!q)
		return;
	for (int i = 0; i < q->cpus; i++)
		free(q->cpu[i]);
	free(q->cpu);
	free(q);
}

static void push(struct irq_cpu *c, const struct irq_run *run)
{
	c->runs[c->head] = *run;
	c->head = (c->head + 1) % CPU_IRQ_RUNS;
	if (c->nr < CPU_IRQ_RUNS)
		c->nr++;
}

static void enter(struct irq_cpu *c, const struct trace_record *rec, bool soft)
{
	struct irq_run *run = &c->open[soft];
	const char *name = soft ? cpu_irqs_softirq_name(rec->irq.nr) : rec->irq.name;

	/* an entry without the exit of the one before (lost): it ended by now */
	if (c->in[soft]) {
		run->end = rec->ts;
		push(c, run);
	}
	memset(run, 0, sizeof(*run));
	run->start = rec->ts;
	run->id.soft = soft;
	run->id.nr = rec->irq.nr;
	snprintf(run->id.name, sizeof(run->id.name), "%s", name ? name : "");
	c->in[soft] = true;
}

/* An exit whose entry was not seen (before the trace, or lost) is left out. */
static void leave(struct irq_cpu *c, const struct trace_record *rec, bool soft)
{
	struct irq_run *run = &c->open[soft];

	if (!c->in[soft] || run->id.nr != rec->irq.nr)
		return;
	run->end = rec->ts;
	push(c, run);
	c->in[soft] = false;
}

/**
 * cpu_irqs_record() - take in a record: interrupt entries and exits only
 * @q: the history
 * @rec: any record
 */
void cpu_irqs_record(struct cpu_irqs *q, const struct trace_record *rec)
{
	struct irq_cpu *c;

	if (rec->kind < TRACE_IRQ_ENTRY || rec->kind > TRACE_SOFTIRQ_EXIT || !q ||
	    rec->cpu < 0 || rec->cpu >= q->cpus)
		return;
	c = q->cpu[rec->cpu];
	if (!c) {
		c = q->cpu[rec->cpu] = calloc(1, sizeof(*c));
		if (!c)
			return;
	}
	switch (rec->kind) {
	case TRACE_IRQ_ENTRY:
		enter(c, rec, false);
		break;
	case TRACE_SOFTIRQ_ENTRY:
		enter(c, rec, true);
		break;
	case TRACE_IRQ_EXIT:
		leave(c, rec, false);
		break;
	default:
		leave(c, rec, true);
		break;
	}
}

/**
 * cpu_irqs_now() - the handler a CPU is in, as of the last record taken in
 * @q: the history
 * @cpu: the CPU
 * @soft: a softirq's, else a hard irq's
 * @out: the interrupt
 *
 * Return: false when it is in none that the trace shows.
 */
bool cpu_irqs_now(const struct cpu_irqs *q, int cpu, bool soft, struct irq_id *out)
{
	const struct irq_cpu *c;

	if (!q || cpu < 0 || cpu >= q->cpus || !(c = q->cpu[cpu]) || !c->in[soft])
		return false;
	*out = c->open[soft].id;
	return true;
}

static bool same(const struct irq_id *a, const struct irq_id *b)
{
	return a->soft == b->soft && a->nr == b->nr && !strcmp(a->name, b->name);
}

/* The run's time in [from, to), added to its interrupt's use. */
static void add(struct irq_use *uses, unsigned int *nr, const struct irq_run *run, uint64_t from,
		uint64_t to)
{
	uint64_t start = run->start > from ? run->start : from, end = run->end < to ? run->end : to;
	unsigned int i;

	if (run->end < from || run->start >= to)
		return;
	for (i = 0; i < *nr && !same(&uses[i].id, &run->id); i++)
		;
	if (i == *nr) {
		memset(&uses[i], 0, sizeof(uses[i]));
		uses[i].id = run->id;
		(*nr)++;
	}
	uses[i].count++;
	uses[i].ns += end > start ? end - start : 0;
}

static int by_time(const void *a, const void *b)
{
	const struct irq_use *x = a, *y = b;

	if (x->ns != y->ns)
		return x->ns < y->ns ? 1 : -1;
	return x->count < y->count ? 1 : x->count > y->count ? -1 : 0;
}

/* The uses, most time first: CPU_IRQ_NAMED named, the others summed. */
static void keep(struct irq_use *uses, unsigned int nr, struct irq_activity *out)
{
	qsort(uses, nr, sizeof(*uses), by_time);
	for (unsigned int i = 0; i < nr; i++) {
		if (i < CPU_IRQ_NAMED) {
			out->used[out->nr++] = uses[i];
			continue;
		}
		out->others++;
		out->others_count += uses[i].count;
		out->others_ns += uses[i].ns;
	}
}

/**
 * cpu_irqs_window() - the interrupts a CPU handled from @from to @to
 * @q: the history
 * @cpu: the CPU
 * @from: the window's start
 * @to: its end
 * @out: the interrupts, most time first, with the runs that overlap the
 *	window and their time in it (a hard irq inside a softirq counts in
 *	both); which kinds were recorded is the caller's to set
 */
void cpu_irqs_window(const struct cpu_irqs *q, int cpu, uint64_t from, uint64_t to,
		     struct irq_activity *out)
{
	struct irq_use uses[CPU_IRQ_RUNS + 2];
	const struct irq_cpu *c;
	unsigned int nr = 0;

	memset(out, 0, sizeof(*out));
	if (!q || cpu < 0 || cpu >= q->cpus || !(c = q->cpu[cpu]) || to <= from)
		return;
	for (unsigned int i = 0; i < c->nr; i++) {
		const struct irq_run *run = &c->runs[(c->head + CPU_IRQ_RUNS - c->nr + i) % CPU_IRQ_RUNS];

		if (i == 0 && c->nr == CPU_IRQ_RUNS && run->start > from)
			out->partial = true;
		add(uses, &nr, run, from, to);
	}
	for (int soft = 0; soft < 2; soft++) {
		struct irq_run open = c->open[soft];

		open.end = to;
		if (c->in[soft])
			add(uses, &nr, &open, from, to);
	}
	keep(uses, nr, out);
}
