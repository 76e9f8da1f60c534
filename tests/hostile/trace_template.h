/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A real trace as the template of made ones: its metadata sections
 * (editable: formats replaced, sections inflated), its event formats
 * parsed by libtraceevent so that event payloads can be written field by
 * field, and a writer of the whole file through the one trace.dat builder
 * (recorder/tracedat_build.h), version 7, compressed or not.
 */
#ifndef TRACE_TEMPLATE_H
#define TRACE_TEMPLATE_H

#include <stdbool.h>
#include <stdint.h>

#include "event_formats.h"
#include "tracedat.h"
#include "tracedat_build.h"

struct template_format {
	char			*system;
	char			*text;
};

struct template {
	struct tracedat		*td;
	struct event_formats	ef;
	struct tracedat_bytes	sec[TRACEDAT_NR_SECTIONS];	/* the payloads written */
	struct template_format	*formats;	/* the event formats, ftrace ones apart */
	int			nr_formats;
	char			uname[256];
	char			clock[64];
};

/* An event payload being written. */
struct payload {
	struct tep_event	*event;
	unsigned char		data[4096];
	uint32_t		len;
};

/* One CPU of the file written. */
struct template_cpu {
	int			cpu;
	const void		*data;
	uint64_t		len;
	uint32_t		repeat;
};

/* What template_write() writes besides the template's metadata. */
struct template_out {
	const char		*compression;	/* "none", "zlib" or "zstd" */
	uint32_t		chunk_size;	/* 0: ten pages */
	int			nr_cpus;	/* the CPU count option */
	int			nr_data;
	const struct template_cpu *data;
	bool			date;		/* a DATE option: libtracecmd shifts times */
};

int template_load(const char *path, struct template *t);
void template_free(struct template *t);
int template_set_format(struct template *t, const char *system, const char *name,
			const char *text);
int template_add_format(struct template *t, const char *system, const char *text);
int template_payload(struct template *t, const char *system, const char *name, int pid,
		     struct payload *p);
void payload_num(struct payload *p, const char *field, uint64_t v);
void payload_str(struct payload *p, const char *field, const char *s);
int template_write(struct template *t, const struct template_out *o, const char *path,
		   struct tracedat_layout *layout);

#endif
