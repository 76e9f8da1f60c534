/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to the tracedat_*.c files: a bounds-checked cursor over bytes of
 * the file or of a decompressed section, and the state kept while a file
 * is being opened. Each file calls only the ones listed before its own:
 *
 *   tracedat_cursor.c   bytes, numbers, strings, error messages
 *   tracedat_data.c     compression: blocks, chunks, CPU data
 *   tracedat_sections.c the metadata sections, the texts and formats in them
 *   tracedat_options.c  the options, the buffers and CPU ranges they give
 *   tracedat_v6.c, tracedat_v7.c   the two layouts of the file
 *   tracedat.c          the file header, then one of the layouts
 *   tracedat_check.c    what libraries trust, checked (over all of them)
 */
#ifndef TRACEDAT_LOCAL_H
#define TRACEDAT_LOCAL_H

#include "tracedat.h"

#ifndef __maybe_unused
#define __maybe_unused		__attribute__((unused))
#endif
#ifndef __printf
#define __printf(a, b)		__attribute__((format(printf, a, b)))
#endif
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif

#define TD_MAX_STRING		4096	/* names, clocks, uname, ... */
#define TD_MAX_FORMATS		65536	/* event formats or systems */
#define TD_MAX_OPTION_SECTIONS	1024
#define TD_MIN_PAGE		512
#define TD_MAX_PAGE		(256U << 20)

enum td_alg {
	TD_ALG_NONE,
	TD_ALG_ZLIB,
	TD_ALG_ZSTD,
	TD_ALG_UNKNOWN,
};

struct td_cursor {
	const unsigned char	*base;
	uint64_t		pos;	/* next byte, an index into @base */
	uint64_t		end;	/* one past the last byte that may be read */
	bool			big_endian;
};

/* A BUFFER option, checked against its data once all options are read. */
struct td_pbuf {
	struct tracedat_buffer	buf;
	uint64_t		offset;	/* v6: of its "flyrecord\0", v7: of its section */
	int			v6_cpus; /* v6: a CPUCOUNT option right after it */
	uint64_t		v6_len;	/* v6: bytes of its CPU table */
};

/* A CPUSTAT option, attached to its buffer once all buffers are known. */
struct td_stat {
	int			owner;	/* index into td_open's owners */
	struct tracedat_cpustat	stat;
};

struct td_open {
	struct tracedat		*td;
	char			*err;
	size_t			errlen;
	int			nr_options;
	int			last_option;	/* id of the previous option */
	int			nr_owners;	/* buffer names CPUSTATs follow */
	char			*owners[TRACEDAT_MAX_BUFFERS + 1];
	int			stat_index;	/* CPUSTATs seen for the last owner */
	int			nr_stats;
	struct td_stat		*stats;
	int			nr_pbufs;
	struct td_pbuf		*pbufs;
	uint64_t		sec_offset[TRACEDAT_NR_SECTIONS]; /* v7, 0: absent */
	uint64_t		top_offset;	/* v6: of the top "flyrecord\0" */
	uint64_t		chunk_budget;	/* chunk headers left to walk */
	uint64_t		inflated;	/* bytes of options decompressed */
	bool			has_clock_option;
	bool			latency;
};

/* tracedat_cursor.c */
__printf(3, 4) int td_error(char *err, size_t errlen, const char *fmt, ...);
bool td_fits(uint64_t offset, uint64_t size, uint64_t limit);
bool td_valid_page_size(uint64_t size);
void td_cursor_init(struct td_cursor *c, const unsigned char *base, uint64_t pos,
		    uint64_t end, bool big_endian);
int td_u16(struct td_cursor *c, uint16_t *v);
int td_u32(struct td_cursor *c, uint32_t *v);
int td_u64(struct td_cursor *c, uint64_t *v);
int td_bytes(struct td_cursor *c, uint64_t n, const unsigned char **p);
int td_string(struct td_cursor *c, const char **s, size_t *len);
char *td_clean_copy(const char *s, size_t len);

/* tracedat_data.c */
enum td_alg td_alg(const struct tracedat *td);
int td_check_block(const struct tracedat *td, struct tracedat_location *loc,
		   char *err, size_t errlen);
int td_check_chunks(const struct tracedat *td, struct tracedat_location *loc,
		    uint64_t limit, uint64_t *budget, char *err, size_t errlen);
int td_load(const struct tracedat *td, const struct tracedat_location *loc,
	    uint64_t max, unsigned char **out, uint64_t *len, char *err, size_t errlen);
int td_check_load(const struct tracedat *td, const struct tracedat_location *loc, char *err,
		  size_t errlen);

/* tracedat_options.c */
int td_open_init(struct td_open *o, char *err, size_t errlen);
void td_open_free(struct td_open *o);
int td_nomem(struct td_open *o);
int td_truncated(struct td_open *o, const char *what, uint64_t offset);
int td_option_data(struct td_open *o, struct td_cursor *c, uint16_t id);
int td_bracketed(const char *s, size_t len, char **out);
int td_cpu_range(struct td_open *o, struct tracedat_cpu *cpu, uint64_t start,
		 uint64_t end, uint64_t at);
int td_add_buffer(struct td_open *o, struct tracedat_buffer *b);
void td_attach_stats(struct td_open *o);
void td_buffer_free(struct tracedat_buffer *b);

/* tracedat_v6.c, tracedat_v7.c */
int td_v6_layout(struct td_open *o, struct td_cursor *c);
int td_v7_layout(struct td_open *o, struct td_cursor *c);

#endif
