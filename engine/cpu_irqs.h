/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The interrupts each CPU handled lately, from irq:irq_handler_entry/exit
 * and irq:softirq_entry/exit when the trace has them: which handler a CPU
 * was in at a given record (who woke a task from an interrupt), and which
 * handlers ran in a window (what took the CPU between a wakeup and the
 * task running again). Memory is bounded: a ring of handler runs per CPU,
 * allocated when the CPU first records one.
 */
#ifndef CPU_IRQS_H
#define CPU_IRQS_H

#include <stdbool.h>
#include <stdint.h>

#include "trace_input.h"

#define CPU_IRQ_RUNS	128	/* handler runs kept per CPU */
#define CPU_IRQ_NAMED	4	/* interrupts named per window; the others summed */

/* An interrupt: a hard irq line (its action's name) or a softirq vector. */
struct irq_id {
	bool		soft;
	int		nr;				/* -1: none */
	char		name[TRACE_IRQ_NAME_LEN];	/* "eth0", "TIMER" */
};

/* One interrupt's handler runs in a window. */
struct irq_use {
	struct irq_id	id;
	unsigned int	count;		/* runs that overlap the window */
	uint64_t	ns;		/* their time in it */
};

/* The interrupts a CPU handled in a window, most time first. */
struct irq_activity {
	bool		hard_recorded;	/* irq_handler_entry/exit recorded: else hard irqs untold */
	bool		soft_recorded;	/* softirq_entry/exit recorded: else softirqs untold */
	unsigned int	nr;
	struct irq_use	used[CPU_IRQ_NAMED];
	unsigned int	others;		/* more interrupts, after those */
	unsigned int	others_count;
	uint64_t	others_ns;
	bool		partial;	/* the window starts before the history */
};

struct cpu_irqs;

struct cpu_irqs *cpu_irqs_new(int cpus);
void cpu_irqs_free(struct cpu_irqs *q);
void cpu_irqs_record(struct cpu_irqs *q, const struct trace_record *rec);
bool cpu_irqs_now(const struct cpu_irqs *q, int cpu, bool soft, struct irq_id *out);
void cpu_irqs_window(const struct cpu_irqs *q, int cpu, uint64_t from, uint64_t to,
		     struct irq_activity *out);

#endif
