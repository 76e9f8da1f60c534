/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Writing a trace.dat file (format version 6, man 5 trace-cmd.dat.v6)
 * from what a recording gathered: the tracefs headers and event formats,
 * kallsyms, printk formats, saved cmdlines, and per-CPU raw ring-buffer
 * pages streamed to files. trace-cmd report and rvreplay both read it.
 */
#ifndef TRACEDAT_WRITE_H
#define TRACEDAT_WRITE_H

#include <stddef.h>

struct tracedat_write_cpu {
	int		cpu;
	const char	*data_path;	/* raw pages as read from per_cpu/cpuN/trace_pipe_raw */
	const char	*stats;		/* per_cpu/cpuN/stats text, or NULL */
};

struct tracedat_write_input {
	const char		*events_dir;	/* tracefs events/: header_page, header_event, formats */
	const char *const	*events;	/* "system/event" whose formats are stored */
	int			nr_events;
	const char		*kallsyms_path;	/* NULL: store none */
	const char		*printk_path;	/* printk_formats, or NULL */
	const char		*cmdlines_path;	/* saved_cmdlines, or NULL */
	const char		*clock;		/* trace_clock contents, "[local] global ..." */
	const char		*uname;		/* "sysname nodename release machine" */
	unsigned int		page_size;	/* ring-buffer page size */
	int			nr_cpus;
	const struct tracedat_write_cpu	*cpus;
};

int tracedat_write(const char *path, const struct tracedat_write_input *in, char *err,
		   size_t errlen);

#endif
