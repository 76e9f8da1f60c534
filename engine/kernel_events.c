// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which trace events a trace's kernel has (kernel_events.h).
 */
#include <stdio.h>
#include <string.h>

#include "kernel_events.h"
#include "trace_input.h"

/*
 * The kernel's history of the tracepoints the monitors read, where not
 * every kernel rvreplay meets has them. An event with rows of some
 * architectures exists only there, from the release given (0: every
 * release); one with a row of all (arch NULL) everywhere from its release.
 *   exceptions:page_fault_*  x86's arch/x86/include/asm/trace/exceptions.h;
 *                            riscv's came with the rtapp series (6.17)
 *   lock:contention_*        include/trace/events/lock.h, Linux 5.19
 */
static const struct history_row {
	enum trace_kind	kind;
	const char	*arch;		/* NULL: every architecture */
	int		since;		/* major * 1000 + minor; 0: every release */
} history[] = {
	{ TRACE_FAULT_USER, "x86_64", 0 }, { TRACE_FAULT_KERNEL, "x86_64", 0 },
	{ TRACE_FAULT_USER, "i386", 0 }, { TRACE_FAULT_KERNEL, "i386", 0 },
	{ TRACE_FAULT_USER, "riscv64", 6017 }, { TRACE_FAULT_KERNEL, "riscv64", 6017 },
	{ TRACE_FAULT_USER, "riscv32", 6017 }, { TRACE_FAULT_KERNEL, "riscv32", 6017 },
	{ TRACE_CONTENTION_BEGIN, NULL, 5019 }, { TRACE_CONTENTION_END, NULL, 5019 },
};

#define NR_HISTORY	(sizeof(history) / sizeof(history[0]))

static int release_version(const char *release)
{
	int major, minor;

	if (!release || sscanf(release, "%d.%d", &major, &minor) != 2)
		return -1;
	return major * 1000 + minor;
}

/* The row of @kind that applies on @arch, or NULL; @listed: whether @kind has rows. */
static const struct history_row *row_for(enum trace_kind kind, const char *arch, bool *listed)
{
	*listed = false;
	for (size_t i = 0; i < NR_HISTORY; i++) {
		if (history[i].kind != kind)
			continue;
		*listed = true;
		if (!history[i].arch || (arch && !strcmp(history[i].arch, arch)))
			return &history[i];
	}
	return NULL;
}

/*
 * What the table says of @kind on a kernel. Of an architecture that gained
 * the tracepoint late, an unknown release is taken as lacking it; of an
 * event all gained at once, it may have it.
 */
static enum kernel_event table_state(const char *arch, const char *release,
				     enum trace_kind kind, char *why, size_t len)
{
	bool listed;
	const struct history_row *r = row_for(kind, arch, &listed);
	int v = release_version(release);

	if (!listed || (r && !r->since) || (r && v >= r->since))
		return KERNEL_EVENT_HAS;
	if (!r) {
		snprintf(why, len, "is no tracepoint of %s kernels", arch ? arch : "this architecture's");
		return KERNEL_EVENT_LACKS;
	}
	if (v < 0 && !r->arch)
		return KERNEL_EVENT_MAY;
	snprintf(why, len, "is no tracepoint of %s%skernels before %d.%d", r->arch ? r->arch : "",
		 r->arch ? " " : "", r->since / 1000, r->since % 1000);
	return KERNEL_EVENT_LACKS;
}

/**
 * kernel_event_table_lacks() - whether the kernel's history says a kernel lacks an event
 * @arch: the trace's architecture (canonical name), NULL when unknown
 * @release: its kernel release, "" when unknown
 * @kind: the event
 *
 * Return: true when no kernel of @arch has it, or @release is known to
 * predate it (an unknown release of an architecture that gained it late
 * counts as lacking it).
 */
bool kernel_event_table_lacks(const char *arch, const char *release, enum trace_kind kind)
{
	char why[8];

	return table_state(arch, release, kind, why, sizeof(why)) == KERNEL_EVENT_LACKS;
}

/**
 * kernel_event_state() - whether a trace's kernel has an event
 * @in: the trace
 * @arch: its architecture (canonical name), NULL when unknown
 * @kind: the event
 * @why: gets, when it lacks it, "is no tracepoint of arm64 kernels", ...
 * @len: size of @why
 *
 * A format in the trace says it has it. Without one: the kernel's history
 * (kernel_event_table_lacks()), then, in a trace holding the formats of
 * KERNEL_EVENTS_FULL_DUMP event systems or more, the absence itself.
 *
 * Return: KERNEL_EVENT_HAS, KERNEL_EVENT_MAY (its release would tell) or
 * KERNEL_EVENT_LACKS.
 */
enum kernel_event kernel_event_state(const struct trace_input *in, const char *arch,
				     enum trace_kind kind, char *why, size_t len)
{
	const char *release = trace_input_meta(in)->release;
	enum kernel_event state;
	int systems;

	why[0] = '\0';
	if (trace_input_has(in, kind))
		return KERNEL_EVENT_HAS;
	state = table_state(arch, release, kind, why, len);
	if (state == KERNEL_EVENT_LACKS)
		return state;
	systems = trace_input_nr_systems(in);
	if (systems < KERNEL_EVENTS_FULL_DUMP)
		return state;
	snprintf(why, len, "is not in this kernel (the trace holds the formats of its %d event "
		 "systems, none of it)", systems);
	return KERNEL_EVENT_LACKS;
}

/* "riscv64 and riscv32 from Linux 6.17": the rows of @kind with release @since. */
static size_t rows_since(enum trace_kind kind, int since, char *buf, size_t len)
{
	size_t used = 0;
	int n = 0;

	for (size_t i = 0; i < NR_HISTORY && used < len; i++) {
		if (history[i].kind != kind || history[i].since != since || !history[i].arch)
			continue;
		used += snprintf(buf + used, len - used, "%s%s", n++ ? " and " : "", history[i].arch);
	}
	if (n && since && used < len)
		used += snprintf(buf + used, len - used, " from Linux %d.%d", since / 1000,
				 since % 1000);
	return used;
}

/**
 * kernel_event_where() - which kernels have an event, in words
 * @kind: the event
 * @buf: gets "x86_64 and i386, and on riscv64 and riscv32 from Linux 6.17"
 *	 (the architectures that have it), or "kernels from Linux 5.19"
 * @len: its size
 *
 * Return: false (and "" in @buf) when every kernel has it.
 */
bool kernel_event_where(enum trace_kind kind, char *buf, size_t len)
{
	size_t used = 0;
	int seen[NR_HISTORY], nr_seen = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NR_HISTORY && used < len; i++) {
		bool done = false;

		if (history[i].kind != kind)
			continue;
		if (!history[i].arch) {
			snprintf(buf, len, "kernels from Linux %d.%d", history[i].since / 1000,
				 history[i].since % 1000);
			return true;
		}
		for (int k = 0; k < nr_seen; k++)
			done |= seen[k] == history[i].since;
		if (done)
			continue;
		seen[nr_seen++] = history[i].since;
		if (used)
			used += snprintf(buf + used, len - used, ", and on ");
		if (used < len)
			used += rows_since(kind, history[i].since, buf + used, len - used);
	}
	return used > 0;
}
