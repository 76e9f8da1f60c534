/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to tracedat_build*.c: the state of one build. The description is
 * checked first (tracedat_build_check.c), then written (tracedat_build.c).
 */
#ifndef TRACEDAT_BUILD_LOCAL_H
#define TRACEDAT_BUILD_LOCAL_H

#include "tracedat_build.h"

enum alg {
	ALG_NONE,
	ALG_ZLIB,
	ALG_ZSTD,
};

/* An 8-byte offset or size to patch in once its section is written. */
struct fixup {
	uint64_t	at;
	int		section;
	int		cpu;		/* -1: the section's offset */
	bool		size;		/* the CPU's recorded size, not its offset */
};

struct fixups {
	struct fixup	*v;
	int		nr;
};

struct builder {
	const struct tracedat_desc	*desc;
	int				fd;		/* -1: into @mem */
	struct tracedat_bytes		*mem;
	uint64_t			base;		/* the file's start in @fd or @mem */
	const char			*name;
	uint64_t			pos;		/* bytes of the file so far */
	enum alg			alg;
	struct fixups			fixups;
	struct tracedat_layout		layout;
	bool				failed;
	char				*err;
	size_t				errlen;
};

static inline const char *text(const char *s)
{
	return s ? s : "";
}

/* tracedat_build.c */
__attribute__((format(printf, 2, 3))) int tdb_fail(struct builder *b, const char *fmt, ...);

/* tracedat_build_check.c */
int tdb_section_index(const struct tracedat_desc *d, const struct tracedat_desc_section *s);
uint64_t tdb_chunk_bytes(const struct tracedat_desc *d);
int tdb_check_desc(struct builder *b);
int tdb_layout_alloc(struct builder *b);

#endif
