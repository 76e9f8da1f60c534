// SPDX-License-Identifier: GPL-2.0-only
/*
 * Filling struct trace_meta from the container.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "trace_meta.h"
#include "tracedat.h"

/* Trace text is hostile: every reader of the metadata gets it escaped. */
static void copy(char *to, size_t len, const char *from)
{
	escape(from ? from : "", to, len);
}

/* The top buffer, or the first one recorded: whose stats and clock are told. */
static const struct tracedat_buffer *top_buffer(const struct tracedat *td)
{
	const struct tracedat_buffer *b = tracedat_buffer_find(td, "");

	return b || !td->nr_buffers ? b : &td->buffers[0];
}

/* The per-CPU lost counts of the top buffer. */
static int copy_stats(const struct tracedat *td, struct trace_meta *meta)
{
	const struct tracedat_buffer *b = top_buffer(td);

	meta->stats = calloc(meta->cpus > 0 ? meta->cpus : 1, sizeof(*meta->stats));
	if (!meta->stats)
		return -1;
	for (int i = 0; i < meta->cpus; i++) {
		meta->stats[i].overrun = -1;
		meta->stats[i].dropped = -1;
	}
	for (int i = 0; b && i < b->nr_stats; i++) {
		int cpu = b->stats[i].cpu;

		if (cpu < 0 || cpu >= meta->cpus)
			continue;
		meta->stats[cpu].overrun = b->stats[i].overrun;
		meta->stats[cpu].dropped = b->stats[i].dropped_events;
	}
	return 0;
}

/* The names of the named instances, in file order. */
static int list_buffers(const struct tracedat *td, struct trace_meta *meta)
{
	meta->buffers = calloc(td->nr_buffers > 0 ? td->nr_buffers : 1, sizeof(char *));
	if (!meta->buffers)
		return -1;
	for (int i = 0; i < td->nr_buffers; i++) {
		if (!td->buffers[i].name[0])
			continue;
		meta->buffers[meta->nr_buffers] = escape_dup(td->buffers[i].name);
		if (!meta->buffers[meta->nr_buffers++])
			return -1;
	}
	return 0;
}

/* The top buffer's ring-buffer bytes, as the records' offsets count them. */
static uint64_t data_bytes(const struct tracedat *td)
{
	const struct tracedat_buffer *b = top_buffer(td);
	uint64_t sum = 0;

	for (int i = 0; b && i < b->nr_cpus; i++)
		sum += b->cpus[i].data.usize;
	return sum;
}

/*
 * The top buffer's clock (v7: its BUFFER option; v6: the text after its
 * CPU table), else the TRACECLOCK option's: trace-cmd 2.x leaves that
 * option empty, and trace-cmd 3.x's v7 files may have none.
 */
static const char *clock_of(const struct tracedat *td)
{
	const struct tracedat_buffer *b = top_buffer(td);

	return b && b->clock && b->clock[0] ? b->clock : td->trace_clock;
}

/**
 * trace_meta_fill() - a trace.dat file's metadata, from its container
 * @td: the file
 * @meta: filled; free with trace_meta_free()
 *
 * Return: 0, or -1 when memory runs out.
 */
int trace_meta_fill(const struct tracedat *td, struct trace_meta *meta)
{
	memset(meta, 0, sizeof(*meta));
	meta->version = td->version;
	copy(meta->uname, sizeof(meta->uname), td->uname);
	copy(meta->release, sizeof(meta->release), td->kernel_release);
	copy(meta->machine, sizeof(meta->machine), td->machine);
	copy(meta->clock, sizeof(meta->clock), clock_of(td));
	meta->cpus = td->nr_cpus;
	for (int i = 0; i < td->nr_buffers; i++)
		if (td->buffers[i].nr_cpus > meta->cpus && td->buffers[i].nr_cpus <= TRACEDAT_MAX_CPUS)
			meta->cpus = td->buffers[i].nr_cpus;
	meta->data_bytes = data_bytes(td);
	return copy_stats(td, meta) || list_buffers(td, meta) ? -1 : 0;
}

/**
 * trace_meta_free() - release what trace_meta_read() allocated
 * @meta: the metadata
 */
void trace_meta_free(struct trace_meta *meta)
{
	for (int i = 0; i < meta->nr_buffers; i++)
		free(meta->buffers[i]);
	free(meta->buffers);
	free(meta->stats);
	memset(meta, 0, sizeof(*meta));
}
