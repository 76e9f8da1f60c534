/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Building a trace.dat file, version 6 or 7 (man 5 trace-cmd.dat.v6,
 * trace-cmd.dat.v7), from a description: the file header, then sections
 * in the order given. Version 7 gives each section its 16-byte header;
 * version 6 writes them bare, in the order its fixed layout expects
 * (metadata, the CPU count, options, then one "flyrecord" per buffer).
 *
 * Options point at sections and are filled in once those are written, and
 * where everything went is reported, so that tests can damage a file on
 * purpose. Nothing in a description is trusted: it is written, or refused
 * with a message. Every number is written in the described endianness.
 */
#ifndef TRACEDAT_BUILD_H
#define TRACEDAT_BUILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "container/tracedat_format.h"

/* Limits beyond which a description is refused. */
#define TRACEDAT_BUILD_MAX_ITEMS	65536		/* sections, options, CPUs */
#define TRACEDAT_BUILD_MAX_CHUNK	(256U << 20)	/* v7: uncompressed chunk */
#define TRACEDAT_BYTES_LIMIT		(1ULL << 30)	/* tracedat_bytes by default */

/*
 * A growing byte buffer, bounded by @limit: section payloads and option
 * data being prepared, or a whole file built in memory. Once a put fails
 * (no memory, or over the limit) @failed is set and later puts do nothing.
 */
struct tracedat_bytes {
	unsigned char	*p;
	size_t		len;
	size_t		cap;
	size_t		limit;		/* 0: TRACEDAT_BYTES_LIMIT */
	bool		big_endian;	/* of the numbers put */
	bool		failed;
};

enum tracedat_desc_kind {
	TRACEDAT_DESC_DATA,		/* bytes as given: metadata, the v6 CPU count... */
	TRACEDAT_DESC_OPTIONS,		/* v6: "options  " and options, v7: a section */
	TRACEDAT_DESC_BUFFER,		/* v6: a "flyrecord", v7: a buffer section */
};

enum tracedat_opt_kind {
	TRACEDAT_OPT_RAW,		/* @data as given */
	TRACEDAT_OPT_OFFSET,		/* the 8-byte offset of section @target */
	TRACEDAT_OPT_BUFFER,		/* buffer section @target, as BUFFER options tell it */
};

struct tracedat_desc_section;

/**
 * struct tracedat_desc_option - an option: its id and size, then its data
 * @kind: what the data is
 * @id: the option id, as given
 * @target: OFFSET, BUFFER: a section of the same description
 * @data: RAW: the data
 * @len: RAW: its size
 */
struct tracedat_desc_option {
	enum tracedat_opt_kind			kind;
	uint16_t				id;
	const struct tracedat_desc_section	*target;
	const void				*data;
	uint32_t				len;
};

/**
 * struct tracedat_desc_cpu - one CPU's raw ring-buffer pages
 * @cpu: its number (v6: its entry of the CPU table)
 * @data: the pages in memory, or NULL to read @path
 * @len: the size of @data
 * @path: a file of them, copied whole; NULL with @data for none
 * @repeat: @data written this many times over (0 or 1: once), for data far
 *	bigger than the memory that describes it; a multiple of the chunk
 *	size in @len keeps every chunk full
 */
struct tracedat_desc_cpu {
	int		cpu;
	const void	*data;
	uint64_t	len;
	const char	*path;
	uint32_t	repeat;
};

/**
 * struct tracedat_desc_section - a section, in the order of the file
 * @kind: which of the fields below apply
 * @id: v7: of its header
 * @flags: v7: of its header, as given
 * @string: v7: of its header, the description string id
 * @compress: v7: the payload in a compressed block, CPU data in chunks
 * @data: DATA: the payload
 * @len: DATA: its size
 * @nr_options: OPTIONS: how many
 * @options: OPTIONS: the options
 * @next: OPTIONS: v7: the section its DONE option points at, or NULL
 * @no_done: OPTIONS: end without a DONE option
 * @name: BUFFER: the instance, "" for the top one
 * @clock: BUFFER: its clock; v6: NULL for no "[clock]" after the table
 * @nr_cpus: BUFFER: how many CPUs have data
 * @cpus: BUFFER: their data
 *
 * Names and texts may be NULL for empty.
 */
struct tracedat_desc_section {
	enum tracedat_desc_kind			kind;
	uint16_t				id;
	uint16_t				flags;
	uint32_t				string;
	bool					compress;
	const void				*data;
	uint64_t				len;
	int					nr_options;
	const struct tracedat_desc_option	*options;
	const struct tracedat_desc_section	*next;
	bool					no_done;
	const char				*name;
	const char				*clock;
	int					nr_cpus;
	const struct tracedat_desc_cpu		*cpus;
};

/**
 * struct tracedat_desc - a whole file
 * @version: 6 or 7
 * @big_endian: of every number in the file
 * @long_size: the recorder's user-space long, as given
 * @page_size: of the header; CPU data is aligned to it unless it is 0
 * @compression: v7: "none", "zlib", "zstd" or any name (then nothing compressed)
 * @compression_version: v7: the text after it
 * @first_options: v7: the options section the header points at, or NULL
 * @nr_cpus: v6: the entries of every CPU table
 * @chunk_size: v7: uncompressed bytes per chunk of CPU data, 0 for 10 pages
 * @size_with_count: v7: the size of chunked CPU data counts the chunk count
 * @nr_sections: how many
 * @sections: the sections, in the order of the file
 */
struct tracedat_desc {
	int					version;
	bool					big_endian;
	uint8_t					long_size;
	uint32_t				page_size;
	const char				*compression;
	const char				*compression_version;
	const struct tracedat_desc_section	*first_options;
	uint32_t				nr_cpus;
	uint32_t				chunk_size;
	bool					size_with_count;
	int					nr_sections;
	const struct tracedat_desc_section	*sections;
};

/**
 * struct tracedat_layout_section - where a section went, from the file's start
 * @at: v7: its header, v6: its first byte (a "flyrecord": the table at @at + 10)
 * @data: after the v7 header
 * @end: after its last byte
 * @nr_options: OPTIONS: as described
 * @options: OPTIONS: each option's id, then the DONE's (0: none); all 0
 *	in a compressed section
 * @nr_cpus: BUFFER: as described
 * @cpus: BUFFER: where each CPU's data starts
 * @cpu_sizes: BUFFER: the size recorded for it
 */
struct tracedat_layout_section {
	uint64_t	at;
	uint64_t	data;
	uint64_t	end;
	int		nr_options;
	uint64_t	*options;
	int		nr_cpus;
	uint64_t	*cpus;
	uint64_t	*cpu_sizes;
};

/**
 * struct tracedat_layout - where a build put things, to damage them on purpose
 * @size: of the whole file
 * @options_ref: v7: the header's offset of the first options section
 * @nr_sections: as described
 * @sections: one per section of the description
 */
struct tracedat_layout {
	uint64_t			size;
	uint64_t			options_ref;
	int				nr_sections;
	struct tracedat_layout_section	*sections;
};

void tracedat_encode(unsigned char *out, uint64_t v, int bytes, bool big_endian);
size_t tracedat_bytes_limit(const struct tracedat_bytes *b);
int tracedat_bytes_put(struct tracedat_bytes *b, const void *data, size_t len);
size_t tracedat_bytes_put_num(struct tracedat_bytes *b, uint64_t v, int bytes);
int tracedat_bytes_put_str(struct tracedat_bytes *b, const char *s);
int tracedat_bytes_put_sized(struct tracedat_bytes *b, int bytes, const void *data,
			     size_t len);
int tracedat_bytes_patch(struct tracedat_bytes *b, uint64_t at, uint64_t v, int bytes);
void tracedat_bytes_free(struct tracedat_bytes *b);

int tracedat_build_fd(const struct tracedat_desc *desc, int fd, const char *name,
		      struct tracedat_layout *layout, char *err, size_t errlen);
int tracedat_build_mem(const struct tracedat_desc *desc, struct tracedat_bytes *out,
		       struct tracedat_layout *layout, char *err, size_t errlen);
void tracedat_layout_free(struct tracedat_layout *layout);

#endif
