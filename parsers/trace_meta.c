/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Filling struct trace_meta from the container. Validating the structure
 * here is what keeps a malformed file away from libtracecmd.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format_trial.h"
#include "trace_meta.h"
#include "tracedat.h"

static void copy(char *to, size_t len, const char *from)
{
	snprintf(to, len, "%s", from ? from : "");
}

/* The per-CPU lost counts of the top buffer (or the first one recorded). */
static int copy_stats(const struct tracedat *td, struct trace_meta *meta)
{
	const struct tracedat_buffer *b = tracedat_buffer_find(td, "");

	if (!b && td->nr_buffers)
		b = &td->buffers[0];
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

/* The top buffer's ring-buffer bytes, as the records' offsets count them. */
static uint64_t data_bytes(const struct tracedat *td)
{
	const struct tracedat_buffer *b = tracedat_buffer_find(td, "");
	uint64_t sum = 0;

	if (!b && td->nr_buffers)
		b = &td->buffers[0];
	for (int i = 0; b && i < b->nr_cpus; i++)
		sum += b->cpus[i].data.usize;
	return sum;
}

/**
 * trace_meta_read() - read and validate a trace.dat file's metadata
 * @path: the file
 * @meta: filled; free with trace_meta_free()
 * @err: TRACE_ERR_LEN bytes for what is wrong (without the file name)
 *
 * Return: 0, or -1 when the file is not a trace.dat file we can read.
 */
int trace_meta_read(const char *path, struct trace_meta *meta, char *err)
{
	struct tracedat *td;
	int ret = -1;

	memset(meta, 0, sizeof(*meta));
	if (tracedat_open(path, &td, err, TRACE_ERR_LEN))
		return -1;
	/* libtraceevent parses these texts for either reader */
	if (tracedat_check_texts(td, err, TRACE_ERR_LEN) || format_trial(td, err, TRACE_ERR_LEN)) {
		tracedat_close(td);
		return -1;
	}
	meta->version = td->version;
	copy(meta->uname, sizeof(meta->uname), td->uname);
	copy(meta->release, sizeof(meta->release), td->kernel_release);
	copy(meta->machine, sizeof(meta->machine), td->machine);
	copy(meta->clock, sizeof(meta->clock), td->trace_clock);
	meta->cpus = td->nr_cpus;
	for (int i = 0; i < td->nr_buffers; i++)
		if (td->buffers[i].nr_cpus > meta->cpus && td->buffers[i].nr_cpus <= TRACEDAT_MAX_CPUS)
			meta->cpus = td->buffers[i].nr_cpus;
	meta->data_bytes = data_bytes(td);
	if (copy_stats(td, meta))
		snprintf(err, TRACE_ERR_LEN, "out of memory");
	else
		ret = 0;
	tracedat_close(td);
	return ret;
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
