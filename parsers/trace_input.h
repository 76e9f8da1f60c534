/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A trace.dat file opened for replay: its metadata, its records in global
 * time order (decoded), and random access to a record to format it again
 * as `trace-cmd report` prints it.
 */
#ifndef TRACE_INPUT_H
#define TRACE_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "container/trace_facts.h"
#include "events/trace_record.h"

#define TRACE_ERR_LEN	256

struct trace_input;

/* Data a reader could not read: a CPU's records end there (or skip it). */
struct trace_damage {
	int		cpu;
	uint64_t	offset;		/* record offset of the damaged page or record */
	uint64_t	ts;		/* the CPU's last record before it; 0: none */
	const char	*what;
	bool		limit;		/* not damage: the --max-inflated limit stopped
					   the reading (--damaged=report cannot go on) */
};

/* Who reads the records; RVREPLAY_READER=fast|libtracecmd in the environment. */
enum trace_reader {
	TRACE_READER_AUTO,		/* fast, or libtracecmd for files it declines */
	TRACE_READER_FAST,		/* our own reader only */
	TRACE_READER_LIBTRACECMD,	/* the reference: tracecmd_iterate_events() */
};

typedef int (*trace_record_fn)(void *data, const struct trace_record *rec);
typedef void (*trace_progress_fn)(uint64_t bytes_done);
/* Says a crash's text and exits: a signal handler's, never returns. */
typedef void (*trace_crash_fn)(const char *text);

/* How to open a trace: what the command chooses; zeroed, the defaults. */
struct trace_open_options {
	const char		*buffer;	/* the instance replayed; NULL, "": top */
	uint64_t		max_inflated;	/* bytes held at once; 0: the default */
	enum trace_reader	reader;		/* AUTO: fast unless libtracecmd must */
	trace_crash_fn		on_crash;	/* libtraceevent crashed parsing the formats
						   beside the child that tried them first */
};

enum trace_reader trace_reader_from_env(void);
void trace_input_share_cpus(unsigned int processes);
bool tracedat_file_has_magic(const char *path);	/* container/tracedat.c */
int trace_input_open(const char *path, const struct trace_open_options *opts,
		     struct trace_input **out, char *err);
enum trace_reader trace_input_reader(const struct trace_input *in);
int trace_input_damages(const struct trace_input *in, struct trace_damage *out, int max);
bool trace_input_stopped_at_limit(const struct trace_input *in, char *err);
void trace_input_time_ns(struct trace_input *in, bool ns);
void trace_input_close(struct trace_input *in);
int trace_input_fd(const struct trace_input *in);
const struct trace_meta *trace_input_meta(const struct trace_input *in);
bool trace_input_has(const struct trace_input *in, enum trace_kind kind);
int trace_input_iterate(struct trace_input *in, trace_record_fn fn, void *data);
int trace_input_on_progress(struct trace_input *in, trace_progress_fn fn);
int trace_input_format(struct trace_input *in, const struct trace_ref *ref, char *buf,
		       size_t len);
const char *trace_input_comm(const struct trace_input *in, int pid);
bool trace_input_has_system(const struct trace_input *in, const char *system);
int trace_input_nr_systems(const struct trace_input *in);
int trace_input_not_understood(const struct trace_input *in,
			       const struct not_understood_format **formats);
int trace_input_find_symbols(const struct trace_input *in, const char *const *names, int n,
			     bool *found);
int trace_input_kernel_long(const struct trace_input *in);
bool trace_input_big_endian(const struct trace_input *in);
int trace_input_symbol(const struct trace_input *in, uint64_t addr, char *buf, size_t len);

#endif
