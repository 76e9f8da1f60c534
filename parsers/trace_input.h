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
#include "events/trace_user.h"

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

/*
 * A trace read live (docs/design/watch.md section 2): its formats, kallsyms
 * and metadata from a header-only trace.dat (every CPU with empty data),
 * its records from pages a source reads as the kernel writes them, merged
 * in the replay's order and released once no CPU can still give an older
 * record. trace_input_iterate() then runs until the source says the end.
 */

/* One sub-buffer as read(2) of per_cpu/cpuN/trace_pipe_raw gave it. */
struct trace_live_page {
	int		cpu;		/* the CPU id */
	const void	*data;		/* valid until the next pull */
	uint32_t	len;		/* the sub-buffer size (the header's page size) */
	uint64_t	offset;		/* its place in the CPU's stream, a multiple of the
					   sub-buffer size: the records' offsets. The same
					   place again is the same page read again as it
					   grew: only its events past the last read count */
};

/* What one pull gives; @room is the reader's, the rest the source's. */
struct trace_live_batch {
	uint64_t			probe_ns;	/* in: "now" as the reader knows it (the
						   newest probe found), 0 before any */
	const uint64_t			*room;	/* in: by CPU id, [nr_room]: the most bytes
						   of pages this pull may give of that CPU
						   (its queue's cap less what it holds; 0:
						   do not read it now). More fails the read */
	int				nr_room;
	const struct trace_live_page	*pages;	/* in each CPU's read order */
	int				nr;
	/*
	 * "Now": the time (the trace's clock) up to which every CPU is
	 * complete, no CPU able to give a record older than it any more.
	 * Records older than it less the reorder window are released. The
	 * source says it here: there is no probe yet. The watcher will take it
	 * from its tick marker, written before each tick's reads (design
	 * section 1.4). 0: not known, nothing released before the end; a
	 * smaller one than before changes nothing.
	 */
	uint64_t			now_ns;
	bool				end;	/* no more: every record released */
	const struct trace_cpu_stats	*stats;	/* with @end, by CPU id, [nr_stats]: the
						   losses no page told; NULL: unknown */
	int				nr_stats;
};

/* A record older than what was released: told, not judged. */
struct trace_live_late {
	int		cpu;
	uint64_t	ts;		/* its time */
	uint64_t	released_ts;	/* the time of the last record released */
	uint64_t	window_ns;	/* the reorder window now (doubled, up to its most) */
};

struct trace_live_options {
	/* the next pages; may block for a tick. 0, or -1 with @err (TRACE_ERR_LEN) set */
	int		(*pull)(void *data, struct trace_live_batch *batch, char *err);
	/* a page still kept (flight log, pins), to print a record again; NULL: gone.
	   Valid until the next call */
	const void	*(*page_at)(void *data, int cpu, uint64_t offset, uint32_t *len);
	/* a late record: not given to the iteration's callback; its CPU's next
	   record given says events were lost (missed -1 unless the kernel counted) */
	void		(*late)(void *data, const struct trace_live_late *late);
	void		*data;
	uint64_t	window_ns;	/* the reorder window to start with; 0: 10 ms */
	uint64_t	window_max_ns;	/* the most it grows to; 0: 50 ms */
	uint64_t	queue_bytes;	/* the most a CPU's queue of pages holds (twice its
					   ring buffer); 0: 8 MiB */
	/* the watcher's pid: its trace_marker lines (ftrace:print), each written
	   before a pull's reads, tell "now" (the newest of them). 0: none, the
	   batch's now_ns alone */
	int		probe_pid;
};

/* How to open a trace: what the command chooses; zeroed, the defaults. */
struct trace_open_options {
	const char		*buffer;	/* the instance replayed; NULL, "": top */
	uint64_t		max_inflated;	/* bytes held at once; 0: the default */
	enum trace_reader	reader;		/* AUTO: fast unless libtracecmd must */
	trace_crash_fn		on_crash;	/* libtraceevent crashed parsing the formats
						   beside the child that tried them first */
	const struct trace_live_options	*live;	/* NULL: a file. Else the path is the
						   header-only trace.dat of a live trace,
						   read by our own reader */
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
bool trace_input_user_has(const struct trace_input *in, int event, int field);
int trace_input_event_fields(const struct trace_input *in, const char *system, const char *name,
			     const char **names, int max);
int trace_input_iterate(struct trace_input *in, trace_record_fn fn, void *data);
const char *trace_input_error(const struct trace_input *in);
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
