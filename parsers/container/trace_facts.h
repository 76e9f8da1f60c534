/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the container tells about a trace, as the public face hands it on
 * (trace_input.h): its metadata and the event formats libtraceevent must
 * not be given. Plain structs; the container fills them.
 */
#ifndef TRACE_FACTS_H
#define TRACE_FACTS_H

#include <stdint.h>

struct trace_cpu_stats {
	long long	overrun;	/* -1: unknown */
	long long	dropped;	/* -1: unknown */
};

struct trace_meta {
	int			version;	/* trace.dat format: 6 or 7 */
	char			uname[256];
	char			release[128];	/* kernel release, "" if unknown */
	char			machine[64];	/* uname machine, "" if unknown */
	char			clock[64];
	char			buffer[128];	/* the buffer replayed, "" = top */
	int			cpus;
	struct trace_cpu_stats	*stats;		/* [cpus] */
	char			**buffers;	/* names of the named instances */
	int			nr_buffers;
	uint64_t		data_bytes;	/* ring-buffer data, uncompressed; 0 unknown */
};

/* An event format libtraceevent must not be given (its print format is not a kernel's). */
#define NOT_UNDERSTOOD_LABEL	136

struct not_understood_format {
	unsigned int	id;
	const char	*why;				/* a static text */
	char		label[NOT_UNDERSTOOD_LABEL];	/* "system:name", raw trace text */
};

#endif
