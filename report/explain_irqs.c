// SPDX-License-Identifier: GPL-2.0-only
/*
 * Interrupts in words: the handler that woke a task, and the handlers a
 * CPU ran between a wakeup and the task running (engine/cpu_irqs.h). An
 * irq's name is the trace's text: escaped.
 */
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "explain.h"

/**
 * explain_irq() - an interrupt in words
 * @id: the interrupt
 * @buf: where to write: "irq 24 (ahci)", "softirq TIMER", "softirq 12"
 * @len: its size
 */
void explain_irq(const struct irq_id *id, char *buf, size_t len)
{
	char name[ESCAPE_LEN(TRACE_IRQ_NAME_LEN)];

	escape(id->name, name, sizeof(name));
	if (id->soft && name[0])
		snprintf(buf, len, "softirq %s", name);
	else if (id->soft)
		snprintf(buf, len, "softirq %d", id->nr);
	else if (name[0])
		snprintf(buf, len, "irq %d (%s)", id->nr, name);
	else
		snprintf(buf, len, "irq %d", id->nr);
}

/* " (hard irqs not recorded)", or "" when both kinds were. */
static const char *unrecorded(const struct irq_activity *a)
{
	if (!a->hard_recorded)
		return " (hard irqs not recorded)";
	if (!a->soft_recorded)
		return " (softirqs not recorded)";
	return "";
}

/**
 * explain_held_irqs() - the interrupts a CPU handled in a window, in words
 * @a: the interrupts
 * @buf: where to write, after what is there: "; interrupts in it: softirq
 *	TIMER 2 runs 8.1 us, ..." (nothing when neither kind was recorded)
 * @len: its size
 */
void explain_held_irqs(const struct irq_activity *a, char *buf, size_t len)
{
	size_t n = strnlen(buf, len);
	char d[32], what[ESCAPE_LEN(TRACE_IRQ_NAME_LEN) + 24];

	if (!a->hard_recorded && !a->soft_recorded)
		return;
	if (!a->nr) {
		snprintf(buf + n, len - n, "; no interrupt handled in it%s", unrecorded(a));
		return;
	}
	n += snprintf(buf + n, len - n, "; interrupts in it%s%s: ", unrecorded(a),
		      a->partial ? " (before: not kept)" : "");
	for (unsigned int i = 0; i < a->nr && n < len; i++) {
		explain_irq(&a->used[i].id, what, sizeof(what));
		explain_duration(a->used[i].ns, d, sizeof(d));
		n += snprintf(buf + n, len - n, "%s%s %u run%s %s", i ? ", " : "", what,
			      a->used[i].count, a->used[i].count == 1 ? "" : "s", d);
	}
	if (a->others && n < len) {
		explain_duration(a->others_ns, d, sizeof(d));
		snprintf(buf + n, len - n, ", and %u more: %u runs %s", a->others, a->others_count, d);
	}
}
