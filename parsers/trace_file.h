/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A trace.dat file opened once. Its path is opened one time; everything
 * else is derived from that descriptor: the container (mapped), the texts
 * libtraceevent parses (checked, then tried in one child process), the
 * readers, the libtracecmd guard and the records printed again for a
 * report. Nothing opens the path a second time, so what was checked is
 * what is read, whatever happens to the path meanwhile.
 */
#ifndef TRACE_FILE_H
#define TRACE_FILE_H

#include <stdbool.h>

#include "container/container.h"
#include "events/events.h"

struct tracecmd_input;

struct trace_file {
	char			*path;		/* for messages only */
	int			fd;		/* the one open(2) of the path */
	struct tracedat		*td;		/* the container, mapped from @fd */
	struct tracedat_texts	texts;		/* page layout, record bounds */
	int			data_checked;	/* 0 not yet, 1 safe for libtracecmd, -1 not */
	int			all_tried;	/* every format parsed in a child: 1 ok, -1 not */
	bool			formats_lent;	/* texts.formats hold a reader's formats */
	bool			kallsyms_bad;	/* their section does not inflate: */
	char			kallsyms_err[256]; /* why */
	char			tried_err[256];	/* why not */
};

int trace_file_open(const char *path, uint64_t max_inflated, struct trace_file **out, char *err,
		    size_t errlen);
void trace_file_close(struct trace_file *f);
int trace_file_check_data(struct trace_file *f, char *err, size_t errlen);
int trace_file_check_kallsyms(struct trace_file *f, char *err, size_t errlen);
struct tracecmd_input *trace_file_libtracecmd(struct trace_file *f, char *err, size_t errlen);
int trace_file_formats(struct trace_file *f, struct event_formats *ef, char *err, size_t errlen);

#endif
