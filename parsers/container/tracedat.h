/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A hardened reader of the trace-cmd trace.dat container, file versions 6
 * and 7 (man 5 trace-cmd.dat.v6, trace-cmd.dat.v7): the file header, the
 * options, where the metadata sections and the per-CPU ring-buffer data
 * are, and their uncompressed bytes. Records are not decoded here.
 *
 * Traces come from untrusted sources: every length and offset is checked
 * against the file before use, every loop is bounded and nothing in the
 * file is trusted to be NUL-terminated. The file is mapped read-only; it
 * must not be truncated while it is open.
 */
#ifndef TRACEDAT_H
#define TRACEDAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "not_understood.h"
#include "record_bounds.h"
#include "tracedat_format.h"

/* A per-CPU statistic the file does not give. */
#define TRACEDAT_UNKNOWN	(-1LL)

/* Limits beyond which a file is rejected as absurd. */
#define TRACEDAT_MAX_CPUS	8192
#define TRACEDAT_MAX_BUFFERS	256
#define TRACEDAT_MAX_OPTIONS	65536
#define TRACEDAT_MAX_SECTION	(256ULL << 20)	/* uncompressed metadata section */
#define TRACEDAT_MAX_CPU_DATA	(16ULL << 30)	/* uncompressed data of one CPU */
#define TRACEDAT_MAX_OPTIONS_SIZE (16ULL << 20)	/* inflated options sections, together */

/*
 * The default of tracedat.max_inflated: what a trace may make rvreplay
 * hold in memory at once (rvreplay --max-inflated).
 */
#define TRACEDAT_MAX_INFLATED	(128ULL << 20)

enum tracedat_section {
	TRACEDAT_SEC_HEADER_INFO,	/* "header_page" and "header_event" */
	TRACEDAT_SEC_FTRACE_EVENTS,	/* formats of the ftrace events */
	TRACEDAT_SEC_EVENT_FORMATS,	/* formats of the other events, by system */
	TRACEDAT_SEC_KALLSYMS,
	TRACEDAT_SEC_PRINTK,		/* trace_printk() formats */
	TRACEDAT_SEC_CMDLINES,		/* saved_cmdlines */
	TRACEDAT_NR_SECTIONS,
};

/* The text files stored inside the metadata sections. */
enum tracedat_text {
	TRACEDAT_TEXT_HEADER_PAGE,
	TRACEDAT_TEXT_HEADER_EVENT,
	TRACEDAT_TEXT_KALLSYMS,
	TRACEDAT_TEXT_PRINTK,
	TRACEDAT_TEXT_CMDLINES,
};

/*
 * Where some bytes are in the file. When compressed, @offset is where the
 * compressed form starts (a block header for a section, the chunk count
 * for CPU data) and @usize what the headers declare once uncompressed.
 */
struct tracedat_location {
	bool		present;
	bool		compressed;
	uint64_t	offset;
	uint64_t	size;		/* bytes in the file */
	uint64_t	usize;		/* bytes once uncompressed */
};

/* One CPU's per_cpu/cpuN/stats as recorded (CPUSTAT option). */
struct tracedat_cpustat {
	int		cpu;
	long long	entries;	/* TRACEDAT_UNKNOWN when missing */
	long long	overrun;
	long long	commit_overrun;
	long long	dropped_events;
	long long	read_events;
};

struct tracedat_cpu {
	int			cpu;
	struct tracedat_location data;	/* the ring-buffer pages */
};

/* A tracing instance: the top one (name "") or a named one. */
struct tracedat_buffer {
	char			*name;
	char			*clock;		/* NULL when unknown */
	unsigned int		page_size;
	int			nr_cpus;	/* entries in @cpus */
	struct tracedat_cpu	*cpus;		/* ascending CPU ids */
	int			nr_stats;	/* one per CPU at most */
	struct tracedat_cpustat	*stats;
};

/*
 * An open trace.dat file. Every field is read-only for users; strings
 * from the file are copies with control characters replaced by '?'.
 */
struct tracedat {
	int			version;	/* 6 or 7 */
	bool			big_endian;
	int			long_size;	/* recorder's user-space long: 4 or 8 */
	unsigned int		page_size;
	char			*compression;	/* "none", "zlib" or "zstd" */
	char			*compression_version;
	char			*uname;		/* UNAME option, NULL if absent */
	char			*kernel_release; /* parsed from @uname, or NULL */
	char			*machine;	/* parsed from @uname, or NULL */
	char			*tracecmd_version; /* VERSION option, or NULL */
	char			*trace_clocks;	/* TRACECLOCK option, or NULL */
	char			*trace_clock;	/* the selected clock, or NULL */
	int			nr_cpus;	/* above every CPU id of the buffers */
	bool			changes_timestamps; /* DATE, OFFSET, TIME_SHIFT or TSC2NSEC:
						   libtracecmd shifts the ring buffer's times */
	char			libtracecmd_hazard[160]; /* an option libtracecmd 3.1
						   would misread: "" when none */
	struct tracedat_location sections[TRACEDAT_NR_SECTIONS];
	int			nr_buffers;
	struct tracedat_buffer	*buffers;	/* the top instance first, if recorded */
	const unsigned char	*map;		/* the whole file */
	uint64_t		file_size;
	uint64_t		max_inflated;	/* set by the opener: the most bytes of a
						   metadata section, or of the CPU data's
						   chunks held together, taken into memory;
						   0 for TRACEDAT_MAX_INFLATED */
};

typedef int (*tracedat_format_fn)(void *data, const char *system,
				  const char *format, size_t len);

int tracedat_open_fd(int fd, struct tracedat **out, char *err, size_t errlen);
int tracedat_open(const char *path, struct tracedat **out, char *err, size_t errlen);
void tracedat_close(struct tracedat *td);
const struct tracedat_buffer *tracedat_buffer_find(const struct tracedat *td,
						   const char *name);
const char *tracedat_section_name(enum tracedat_section sec);
uint64_t tracedat_max_inflated(const struct tracedat *td);
int tracedat_read_section(const struct tracedat *td, enum tracedat_section sec,
			  void **data, size_t *len, char *err, size_t errlen);
int tracedat_read_text(const struct tracedat *td, enum tracedat_text text,
		       char **out, size_t *len, char *err, size_t errlen);
int tracedat_for_each_format(const struct tracedat *td, tracedat_format_fn fn,
			     void *data, char *err, size_t errlen);
int tracedat_check_section(const struct tracedat *td, enum tracedat_section sec, char *err,
			   size_t errlen);

/*
 * The sections of event formats (ftrace's, then the others), inflated once;
 * uncompressed ones are read in the file's mapping, not copied.
 */
struct tracedat_formats {
	const unsigned char	*text[2];	/* NULL: the file has no such section */
	uint64_t		len[2];
	unsigned char		*owned[2];	/* what was inflated, to free */
};

int tracedat_read_formats(const struct tracedat *td, struct tracedat_formats *f, char *err,
			  size_t errlen);
int tracedat_walk_formats(const struct tracedat *td, const struct tracedat_formats *f,
			  tracedat_format_fn fn, void *data, char *err, size_t errlen);
void tracedat_formats_release(struct tracedat_formats *f);
int tracedat_read_cpu(const struct tracedat *td, const struct tracedat_buffer *buf,
		      int index, void **data, size_t *len, char *err, size_t errlen);
/* Decompression of a file's blocks and chunks, and its mapping given back. */
struct tracedat_inflater;
struct tracedat_inflater *tracedat_inflater_new(const struct tracedat *td);
void tracedat_inflater_free(struct tracedat_inflater *inf);
int tracedat_inflate(struct tracedat_inflater *inf, const void *in, uint64_t zsize, void *out,
		     uint64_t usize);
void tracedat_release(const struct tracedat *td, uint64_t from, uint64_t to);
void tracedat_touch_end(const struct tracedat *td);
/*
 * What checking the texts learned: the page header's layout, the records'
 * bounds, and the event formats checked, kept for their parser.
 */
struct tracedat_texts {
	int			commit_size;	/* the page header's commit word: 4 or 8 */
	struct record_bounds	bounds;
	struct tracedat_formats	formats;
	struct not_understood	not_understood;	/* formats libtraceevent must not parse */
	bool			kallsyms_unchecked; /* tracedat_check_section() them
						       before they are read */
};

int tracedat_check_texts(const struct tracedat *td, struct tracedat_texts *texts, char *err,
			 size_t errlen);
void tracedat_texts_release(struct tracedat_texts *texts);

#endif
