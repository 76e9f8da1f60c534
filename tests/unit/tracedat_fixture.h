/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Test fixture: trace.dat files for the reader's tests. Real files read
 * (the bundled traces, tests/data/tracedat), files written here with the
 * recorder's builder (what trace-cmd here cannot make: zlib, big endian,
 * chained options), and bytes loaded from and written to files.
 */
#ifndef TRACEDAT_FIXTURE_H
#define TRACEDAT_FIXTURE_H

#include <glob.h>
#include <stdbool.h>
#include <stddef.h>

#include "trace_input.h"
#include "tracedat.h"
#include "../../recorder/tracedat_build.h"

#define DATA		"tests/data/tracedat/"
#define ERRLEN		256
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

/* ---- real files ---- */

/* trace-cmd 3.1.6's files of tests/data/tracedat: three encodings, two named. */
extern const char *const real_files[];
#define NR_REAL		5

void bundled_traces(glob_t *g);
struct tracedat *open_ok(const char *path);
void *cpu_bytes(const struct tracedat *td, const struct tracedat_buffer *b, int i,
		size_t *len);
void *section_bytes(const struct tracedat *td, enum tracedat_section sec, size_t *len);
char *text_of(const struct tracedat *td, enum tracedat_text text, size_t *len);
void assert_same_data(const struct tracedat *a, const struct tracedat *b);

/* ---- bytes and files ---- */

void load(struct tracedat_bytes *w, const char *path);
void write_file(const char *path, const void *p, size_t len);
char *temp_path(void);
char *temp_copy(const struct tracedat_bytes *w);

/* ---- formats counted ---- */

struct format_count {
	int	ftrace;
	int	sched;
	bool	switch_seen;
};

int count_format(void *data, const char *system, const char *format, size_t len);

/* ---- files written here, described for the recorder's builder ---- */

struct gen_cpu {
	int		cpu;
	void		*data;
	size_t		len;
};

struct gen_buffer {
	const char	*name;
	const char	*clock;
	int		nr_cpus;
	struct gen_cpu	cpus[4];
};

struct gen_spec {
	int			version;
	bool			be;
	const char		*comp;		/* "none", "zlib", "zstd" */
	bool			size_with_count; /* chunk size as later trace-cmd */
	bool			split_options;	/* BUFFER options in a 2nd section */
	unsigned int		page;
	int			nr_cpus;
	struct tracedat_bytes	sec[TRACEDAT_NR_SECTIONS]; /* uncompressed payloads */
	const char		*uname;
	const char		*clocks;
	const char		*stats[4];
	int			nr_buffers;
	struct gen_buffer	buffers[2];	/* [0]: the top instance */
	/* where the builder put things, to corrupt them on purpose */
	struct tracedat_layout	layout;
	int			options_sec;	/* the (first) options section */
	int			top_sec;	/* the top buffer's section */
	int			named_opt;	/* v6: the named BUFFER option */
};

void gen_build(struct gen_spec *s, struct tracedat_bytes *w);
int gen_open(struct gen_spec *s, struct tracedat_bytes *w, struct tracedat **td, char *err);
void gen_free(struct gen_spec *s);
void spec_from_real(struct gen_spec *s, const char *comp, int version);
void spec_header_only(struct gen_spec *s, const char *path);
void spec_free_strings(struct gen_spec *s);
void spec_synthetic(struct gen_spec *s, int version, const char *comp);
int fixture_open_reader(const char *path, const char *buffer, enum trace_reader reader,
			struct trace_input **in, char *err);

#endif
