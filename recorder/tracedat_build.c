// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trace.dat builder (tracedat_build.h). A description is checked whole
 * first, then written in one pass: an offset not known yet (an option
 * pointing at a later section, a v6 CPU table, a section's size) is written
 * as zeros and patched once known, in the file or in the memory buffer.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "tracedat_build.h"

#define COPY_BLOCK	(1 << 16)
#define ZLIB_LEVEL	9
#define ZSTD_LEVEL	3
#define MAX_FIXUPS	(1 << 24)

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
	int		max;
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

/* A CPU's data, in blocks: straight from memory, or read from its file. */
struct source {
	const struct tracedat_desc_cpu	*cpu;
	uint64_t			off;
	uint32_t			round;		/* of @data's repeats */
	int				fd;
	unsigned char			*buf;
};

static void encode(unsigned char *out, uint64_t v, int bytes, bool big_endian)
{
	for (int i = 0; i < bytes; i++)
		out[i] = v >> (8 * (big_endian ? bytes - 1 - i : i));
}

static size_t bytes_limit(const struct tracedat_bytes *b)
{
	return b->limit ? b->limit : TRACEDAT_BYTES_LIMIT;
}

static int bytes_reserve(struct tracedat_bytes *b, size_t more)
{
	size_t limit = bytes_limit(b), cap;
	unsigned char *p;

	if (b->failed || b->len > limit || more > limit - b->len)
		goto fail;
	if (b->len + more <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 4096;
	while (cap < b->len + more)
		cap = cap > limit / 2 ? limit : cap * 2;
	p = realloc(b->p, cap);
	if (!p)
		goto fail;
	b->p = p;
	b->cap = cap;
	return 0;
fail:
	b->failed = true;
	return -1;
}

/**
 * tracedat_bytes_put() - append bytes
 * @b: the buffer
 * @data: the bytes (NULL only when @len is 0)
 * @len: how many
 *
 * Return: 0, or -1 (and @b->failed set) without memory, over the limit,
 * or after an earlier failure.
 */
int tracedat_bytes_put(struct tracedat_bytes *b, const void *data, size_t len)
{
	if (!data && len)
		b->failed = true;
	if (bytes_reserve(b, len))
		return -1;
	if (len)
		memcpy(b->p + b->len, data, len);
	b->len += len;
	return 0;
}

/**
 * tracedat_bytes_put_num() - append a number in @b's endianness
 * @b: the buffer
 * @v: the number, truncated to @bytes
 * @bytes: 1 to 8
 *
 * Return: where it went, to patch it later; @b->failed tells a failure.
 */
size_t tracedat_bytes_put_num(struct tracedat_bytes *b, uint64_t v, int bytes)
{
	unsigned char out[8];
	size_t at = b->len;

	if (bytes < 1 || bytes > 8) {
		b->failed = true;
		return at;
	}
	encode(out, v, bytes, b->big_endian);
	tracedat_bytes_put(b, out, bytes);
	return at;
}

/**
 * tracedat_bytes_put_str() - append a string and its NUL
 * @b: the buffer
 * @s: the string; NULL for ""
 *
 * Return: 0, or -1 as tracedat_bytes_put().
 */
int tracedat_bytes_put_str(struct tracedat_bytes *b, const char *s)
{
	s = s ? s : "";
	return tracedat_bytes_put(b, s, strlen(s) + 1);
}

/**
 * tracedat_bytes_put_sized() - append a size of @bytes bytes, then the data
 * @b: the buffer
 * @bytes: of the size: 4 or 8 in trace.dat files
 * @data: the data (NULL only when @len is 0)
 * @len: its size
 *
 * Return: 0, or -1 as tracedat_bytes_put().
 */
int tracedat_bytes_put_sized(struct tracedat_bytes *b, int bytes, const void *data,
			     size_t len)
{
	tracedat_bytes_put_num(b, len, bytes);
	return tracedat_bytes_put(b, data, len);
}

/**
 * tracedat_bytes_patch() - overwrite a number already in the buffer
 * @b: the buffer
 * @at: where
 * @v: the number, in @b's endianness
 * @bytes: 1 to 8
 *
 * Return: 0, or -1 if it would not lie within the buffer (nothing changed).
 */
int tracedat_bytes_patch(struct tracedat_bytes *b, uint64_t at, uint64_t v, int bytes)
{
	if (bytes < 1 || bytes > 8 || at > b->len || (size_t)bytes > b->len - at)
		return -1;
	encode(b->p + at, v, bytes, b->big_endian);
	return 0;
}

/**
 * tracedat_bytes_free() - release a buffer's memory, leaving it empty
 * @b: the buffer; its limit and endianness are kept
 */
void tracedat_bytes_free(struct tracedat_bytes *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
	b->failed = false;
}

static __attribute__((format(printf, 2, 3))) int fail(struct builder *b, const char *fmt, ...)
{
	va_list ap;

	if (!b->failed && b->err && b->errlen) {
		va_start(ap, fmt);
		vsnprintf(b->err, b->errlen, fmt, ap);
		va_end(ap);
	}
	b->failed = true;
	return -1;
}

static const char *text(const char *s)
{
	return s ? s : "";
}

/* ---- the output: a file or a memory buffer ---- */

static int out_write(struct builder *b, const void *data, size_t len)
{
	const char *p = data;
	ssize_t n;

	while (len) {
		n = write(b->fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return fail(b, "%s: cannot write: %s", b->name,
				    strerror(n < 0 ? errno : EIO));
		p += n;
		len -= n;
	}
	return 0;
}

static int out_put(struct builder *b, const void *data, size_t len)
{
	if (b->failed)
		return -1;
	if (b->fd < 0 && tracedat_bytes_put(b->mem, data, len))
		return fail(b, "%s: over %zu bytes, or out of memory", b->name,
			    bytes_limit(b->mem));
	if (b->fd >= 0 && out_write(b, data, len))
		return -1;
	b->pos += len;
	return 0;
}

static int out_num(struct builder *b, uint64_t v, int bytes)
{
	unsigned char out[8];

	encode(out, v, bytes, b->desc->big_endian);
	return out_put(b, out, bytes);
}

static int out_str(struct builder *b, const char *s)
{
	return out_put(b, text(s), strlen(text(s)) + 1);
}

static int out_zeros(struct builder *b, uint64_t n)
{
	static const unsigned char zeros[4096];
	size_t k;

	while (n && !b->failed) {
		k = n < sizeof(zeros) ? n : sizeof(zeros);
		out_put(b, zeros, k);
		n -= k;
	}
	return b->failed ? -1 : 0;
}

/* CPU data starts on a page boundary of the file. */
static int out_pad(struct builder *b)
{
	uint32_t page = b->desc->page_size;

	return page && b->pos % page ? out_zeros(b, page - b->pos % page) : 0;
}

static int out_patch(struct builder *b, uint64_t at, uint64_t v, int bytes)
{
	unsigned char buf[8];
	ssize_t n;
	int done = 0;

	if (b->failed)
		return -1;
	encode(buf, v, bytes, b->desc->big_endian);
	if (b->fd < 0) {
		memcpy(b->mem->p + b->base + at, buf, bytes);
		return 0;
	}
	while (done < bytes) {
		n = pwrite(b->fd, buf + done, bytes - done, b->base + at + done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return fail(b, "%s: cannot write: %s", b->name,
				    strerror(n < 0 ? errno : EIO));
		done += n;
	}
	return 0;
}

/* ---- compression ---- */

static enum alg alg_of(const char *name)
{
	if (name && !strcmp(name, TRACEDAT_COMPRESS_ZLIB))
		return ALG_ZLIB;
	if (name && !strcmp(name, TRACEDAT_COMPRESS_ZSTD))
		return ALG_ZSTD;
	return ALG_NONE;
}

static void *compress_alloc(struct builder *b, const void *in, size_t len, size_t *zlen)
{
	size_t cap = b->alg == ALG_ZLIB ? compressBound(len) : ZSTD_compressBound(len);
	unsigned char *out = malloc(cap ? cap : 1);
	uLongf zl = cap;

	if (!out) {
		fail(b, "out of memory");
		return NULL;
	}
	in = in ? in : "";
	if (b->alg == ALG_ZLIB && compress2(out, &zl, in, len, ZLIB_LEVEL) == Z_OK) {
		*zlen = zl;
		return out;
	}
	if (b->alg == ALG_ZSTD) {
		*zlen = ZSTD_compress(out, cap, in, len, ZSTD_LEVEL);
		if (!ZSTD_isError(*zlen))
			return out;
	}
	free(out);
	fail(b, "cannot compress %zu bytes", len);
	return NULL;
}

/* A compressed block: its size, the size once uncompressed, the bytes. */
static void out_block(struct builder *b, const void *in, size_t len)
{
	size_t zlen;
	void *z;

	if (len > UINT32_MAX) {
		fail(b, "%zu bytes are too many for a compressed block", len);
		return;
	}
	z = compress_alloc(b, in, len, &zlen);
	if (!z)
		return;
	out_num(b, zlen, 4);
	out_num(b, len, 4);
	out_put(b, z, zlen);
	free(z);
}

/* ---- the description, checked before anything is written ---- */

/* Which of the description's sections @s is, or -1 if none. */
static int section_index(const struct tracedat_desc *d, const struct tracedat_desc_section *s)
{
	uintptr_t first = (uintptr_t)d->sections, at = (uintptr_t)s;
	size_t size = sizeof(*s);

	if (!s || at < first || (at - first) % size ||
	    (at - first) / size >= (size_t)d->nr_sections)
		return -1;
	return (at - first) / size;
}

static uint64_t chunk_bytes(const struct tracedat_desc *d)
{
	return d->chunk_size ? d->chunk_size : 10ULL * d->page_size;
}

static int check_option(struct builder *b, int i, int k)
{
	const struct tracedat_desc_option *o = &b->desc->sections[i].options[k];
	int t = section_index(b->desc, o->target);

	switch (o->kind) {
	case TRACEDAT_OPT_RAW:
		if (!o->data && o->len)
			return fail(b, "section %d, option %d: %u bytes but no data", i, k,
				    o->len);
		return 0;
	case TRACEDAT_OPT_OFFSET:
		if (t < 0)
			return fail(b, "section %d, option %d: no target section", i, k);
		return 0;
	case TRACEDAT_OPT_BUFFER:
		if (t < 0 || b->desc->sections[t].kind != TRACEDAT_DESC_BUFFER)
			return fail(b, "section %d, option %d: the target is no buffer section",
				    i, k);
		return 0;
	}
	return fail(b, "section %d, option %d: unknown kind %d", i, k, o->kind);
}

static int check_options(struct builder *b, int i)
{
	const struct tracedat_desc_section *s = &b->desc->sections[i];

	if (s->nr_options < 0 || s->nr_options > TRACEDAT_BUILD_MAX_ITEMS ||
	    (s->nr_options && !s->options))
		return fail(b, "section %d: bad option count %d", i, s->nr_options);
	for (int k = 0; k < s->nr_options; k++)
		if (check_option(b, i, k))
			return -1;
	if (s->next && section_index(b->desc, s->next) < 0)
		return fail(b, "section %d: the next options section is not in the file", i);
	return 0;
}

static int check_buffer(struct builder *b, int i)
{
	const struct tracedat_desc_section *s = &b->desc->sections[i];
	const struct tracedat_desc_cpu *c;
	uint64_t chunk;

	if (s->nr_cpus < 0 || s->nr_cpus > TRACEDAT_BUILD_MAX_ITEMS || (s->nr_cpus && !s->cpus))
		return fail(b, "section %d: bad CPU count %d", i, s->nr_cpus);
	for (int k = 0; k < s->nr_cpus; k++) {
		c = &s->cpus[k];
		if (!c->data && !c->path && c->len)
			return fail(b, "section %d, CPU %d: %llu bytes but no data", i, c->cpu,
				    (unsigned long long)c->len);
		if (b->desc->version == TRACEDAT_V6 && (c->cpu < 0 || (uint32_t)c->cpu >= b->desc->nr_cpus))
			return fail(b, "section %d: CPU %d outside the file's %u CPUs", i, c->cpu,
				    b->desc->nr_cpus);
	}
	chunk = chunk_bytes(b->desc);
	if (s->compress && (!chunk || chunk > TRACEDAT_BUILD_MAX_CHUNK))
		return fail(b, "section %d: bad chunk size %llu", i, (unsigned long long)chunk);
	return 0;
}

static int check_section(struct builder *b, int i)
{
	const struct tracedat_desc_section *s = &b->desc->sections[i];

	if (s->compress && b->desc->version == TRACEDAT_V6)
		return fail(b, "section %d: compressed in a version 6 file", i);
	if (s->compress && b->alg == ALG_NONE)
		return fail(b, "section %d: compressed, but with '%s'?", i,
			    text(b->desc->compression));
	switch (s->kind) {
	case TRACEDAT_DESC_DATA:
		if (!s->data && s->len)
			return fail(b, "section %d: %llu bytes but no data", i,
				    (unsigned long long)s->len);
		return 0;
	case TRACEDAT_DESC_OPTIONS:
		return check_options(b, i);
	case TRACEDAT_DESC_BUFFER:
		return check_buffer(b, i);
	}
	return fail(b, "section %d: unknown kind %d", i, s->kind);
}

static int check_desc(struct builder *b)
{
	const struct tracedat_desc *d = b->desc;

	if (!d)
		return fail(b, "no description");
	if (d->version != TRACEDAT_V6 && d->version != TRACEDAT_V7)
		return fail(b, "version %d: only 6 and 7 are written", d->version);
	if (d->nr_sections < 0 || d->nr_sections > TRACEDAT_BUILD_MAX_ITEMS ||
	    (d->nr_sections && !d->sections))
		return fail(b, "bad section count %d", d->nr_sections);
	if (d->version == TRACEDAT_V6 && d->nr_cpus > TRACEDAT_BUILD_MAX_ITEMS)
		return fail(b, "%u CPUs are too many", d->nr_cpus);
	if (d->first_options && section_index(d, d->first_options) < 0)
		return fail(b, "the first options section is not in the file");
	b->alg = alg_of(d->compression);
	for (int i = 0; i < d->nr_sections; i++)
		if (check_section(b, i))
			return -1;
	return 0;
}

static int layout_alloc(struct builder *b)
{
	const struct tracedat_desc *d = b->desc;
	struct tracedat_layout *l = &b->layout;
	struct tracedat_layout_section *ls;

	l->sections = calloc(d->nr_sections ? d->nr_sections : 1, sizeof(*l->sections));
	if (!l->sections)
		return fail(b, "out of memory");
	l->nr_sections = d->nr_sections;
	for (int i = 0; i < d->nr_sections; i++) {
		ls = &l->sections[i];
		if (d->sections[i].kind == TRACEDAT_DESC_OPTIONS) {
			ls->nr_options = d->sections[i].nr_options;
			ls->options = calloc(ls->nr_options + 1, sizeof(uint64_t));
			if (!ls->options)
				return fail(b, "out of memory");
		}
		if (d->sections[i].kind != TRACEDAT_DESC_BUFFER)
			continue;
		ls->nr_cpus = d->sections[i].nr_cpus;
		ls->cpus = calloc(ls->nr_cpus + 1, sizeof(uint64_t));
		ls->cpu_sizes = calloc(ls->nr_cpus + 1, sizeof(uint64_t));
		if (!ls->cpus || !ls->cpu_sizes)
			return fail(b, "out of memory");
	}
	return 0;
}

/**
 * tracedat_layout_free() - release what a build reported
 * @layout: filled by tracedat_build_fd() or tracedat_build_mem(); zeroed
 */
void tracedat_layout_free(struct tracedat_layout *layout)
{
	for (int i = 0; layout->sections && i < layout->nr_sections; i++) {
		free(layout->sections[i].options);
		free(layout->sections[i].cpus);
		free(layout->sections[i].cpu_sizes);
	}
	free(layout->sections);
	memset(layout, 0, sizeof(*layout));
}

/* ---- offsets filled in later ---- */

static int fixup_add(struct builder *b, struct fixups *fx, uint64_t at, int section, int cpu,
		     bool size)
{
	struct fixup *v;
	int max;

	if (fx->nr == fx->max) {
		if (fx->max >= MAX_FIXUPS)
			return fail(b, "more than %d offsets to fill in", MAX_FIXUPS);
		max = fx->max ? fx->max * 2 : 64;
		v = realloc(fx->v, max * sizeof(*v));
		if (!v)
			return fail(b, "out of memory");
		fx->v = v;
		fx->max = max;
	}
	fx->v[fx->nr++] = (struct fixup){ at, section, cpu, size };
	return 0;
}

static bool fixup_known(const struct builder *b, const struct fixup *f)
{
	const struct tracedat_layout_section *l = &b->layout.sections[f->section];

	return f->cpu < 0 ? l->at != 0 : l->end != 0;
}

static uint64_t fixup_value(const struct builder *b, const struct fixup *f)
{
	const struct tracedat_layout_section *l = &b->layout.sections[f->section];

	if (f->cpu < 0)
		return l->at;
	return f->size ? l->cpu_sizes[f->cpu] : l->cpus[f->cpu];
}

/* ---- options, rendered in memory first ---- */

static void put_ref(struct builder *b, struct tracedat_bytes *t, struct fixups *fx,
		    const struct tracedat_desc_section *s, int cpu, bool size)
{
	fixup_add(b, fx, t->len, section_index(b->desc, s), cpu, size);
	tracedat_bytes_put_num(t, 0, 8);
}

/* v6: the flyrecord's offset and the name; v7: also the clock and the CPUs. */
static void put_buffer_option(struct builder *b, const struct tracedat_desc_section *s,
			      struct tracedat_bytes *t, struct fixups *fx)
{
	uint64_t size = 8 + strlen(text(s->name)) + 1;

	if (b->desc->version == TRACEDAT_V7)
		size += strlen(text(s->clock)) + 1 + 8 + 20ULL * s->nr_cpus;
	if (size > UINT32_MAX) {
		fail(b, "a BUFFER option of %llu bytes", (unsigned long long)size);
		return;
	}
	tracedat_bytes_put_num(t, size, 4);
	put_ref(b, t, fx, s, -1, false);
	tracedat_bytes_put_str(t, s->name);
	if (b->desc->version == TRACEDAT_V6)
		return;
	tracedat_bytes_put_str(t, s->clock);
	tracedat_bytes_put_num(t, b->desc->page_size, 4);
	tracedat_bytes_put_num(t, s->nr_cpus, 4);
	for (int k = 0; k < s->nr_cpus; k++) {
		tracedat_bytes_put_num(t, s->cpus[k].cpu, 4);
		put_ref(b, t, fx, s, k, false);
		put_ref(b, t, fx, s, k, true);
	}
}

static void put_option(struct builder *b, const struct tracedat_desc_option *o,
		       struct tracedat_bytes *t, struct fixups *fx)
{
	tracedat_bytes_put_num(t, o->id, 2);
	switch (o->kind) {
	case TRACEDAT_OPT_RAW:
		tracedat_bytes_put_sized(t, 4, o->data, o->len);
		break;
	case TRACEDAT_OPT_OFFSET:
		tracedat_bytes_put_num(t, 8, 4);
		put_ref(b, t, fx, o->target, -1, false);
		break;
	case TRACEDAT_OPT_BUFFER:
		put_buffer_option(b, o->target, t, fx);
		break;
	}
}

/* v6 ends its options with a bare id; v7's DONE gives the next section. */
static void put_done(struct builder *b, const struct tracedat_desc_section *s,
		     struct tracedat_bytes *t, struct fixups *fx)
{
	tracedat_bytes_put_num(t, TRACEDAT_OPTION_DONE, 2);
	if (b->desc->version == TRACEDAT_V6)
		return;
	tracedat_bytes_put_num(t, 8, 4);
	if (s->next)
		put_ref(b, t, fx, s->next, -1, false);
	else
		tracedat_bytes_put_num(t, 0, 8);
}

static void write_plain_options(struct builder *b, int i, struct tracedat_bytes *t,
				struct fixups *fx)
{
	const struct tracedat_desc_section *s = &b->desc->sections[i];
	uint64_t *at = b->layout.sections[i].options, base = b->pos;

	for (int k = 0; k < s->nr_options + !s->no_done; k++)
		at[k] += base;
	for (int k = 0; k < fx->nr; k++)
		fixup_add(b, &b->fixups, base + fx->v[k].at, fx->v[k].section, fx->v[k].cpu,
			  fx->v[k].size);
	out_put(b, t->p, t->len);
}

/* Compressed, its offsets must be known now: it may only point back. */
static void write_packed_options(struct builder *b, int i, struct tracedat_bytes *t,
				 struct fixups *fx)
{
	const struct tracedat_desc_section *s = &b->desc->sections[i];

	memset(b->layout.sections[i].options, 0, (s->nr_options + 1) * sizeof(uint64_t));
	for (int k = 0; k < fx->nr; k++) {
		if (!fixup_known(b, &fx->v[k])) {
			fail(b, "section %d: compressed options point forward to section %d", i,
			     fx->v[k].section);
			return;
		}
		tracedat_bytes_patch(t, fx->v[k].at, fixup_value(b, &fx->v[k]), 8);
	}
	out_block(b, t->p, t->len);
}

static void write_options(struct builder *b, int i)
{
	const struct tracedat_desc_section *s = &b->desc->sections[i];
	uint64_t *at = b->layout.sections[i].options;
	struct tracedat_bytes t = { .big_endian = b->desc->big_endian };
	struct fixups fx = { 0 };

	if (b->desc->version == TRACEDAT_V6)
		out_put(b, TRACEDAT_TAG_OPTIONS, TRACEDAT_TAG_LEN);
	for (int k = 0; k < s->nr_options && !b->failed; k++) {
		at[k] = t.len;
		put_option(b, &s->options[k], &t, &fx);
	}
	if (!s->no_done) {
		at[s->nr_options] = t.len;
		put_done(b, s, &t, &fx);
	}
	if (t.failed)
		fail(b, "section %d: options over %zu bytes, or out of memory", i,
		     bytes_limit(&t));
	else if (s->compress)
		write_packed_options(b, i, &t, &fx);
	else
		write_plain_options(b, i, &t, &fx);
	tracedat_bytes_free(&t);
	free(fx.v);
}

/* ---- CPU data ---- */

static int source_open(struct builder *b, struct source *src, const struct tracedat_desc_cpu *c,
		       size_t block)
{
	*src = (struct source){ .cpu = c, .fd = -1 };
	if (c->data || !c->path)
		return 0;
	src->fd = open(c->path, O_RDONLY | O_CLOEXEC);
	if (src->fd < 0)
		return fail(b, "%s: cannot read: %s", c->path, strerror(errno));
	src->buf = malloc(block);
	if (!src->buf)
		return fail(b, "out of memory");
	return 0;
}

/* The next @block bytes, fewer only at the end; 0 at the end, -1 on errors. */
static ssize_t source_next(struct builder *b, struct source *src, size_t block,
			   const unsigned char **out)
{
	const struct tracedat_desc_cpu *c = src->cpu;
	size_t n = 0;
	ssize_t r;

	if (c->data) {
		if (src->off == c->len && src->round + 1 < c->repeat) {
			src->off = 0;
			src->round++;
		}
		n = c->len - src->off < block ? c->len - src->off : block;
		*out = (const unsigned char *)c->data + src->off;
		src->off += n;
		return n;
	}
	while (src->fd >= 0 && n < block) {
		r = read(src->fd, src->buf + n, block - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return fail(b, "%s: cannot read: %s", c->path, strerror(errno));
		if (r == 0)
			break;
		n += r;
	}
	*out = src->buf;
	return n;
}

static void source_close(struct source *src)
{
	if (src->fd >= 0)
		close(src->fd);
	free(src->buf);
}

static void copy_cpu(struct builder *b, const struct tracedat_desc_cpu *c)
{
	const unsigned char *p;
	struct source src;
	ssize_t n;

	if (!source_open(b, &src, c, COPY_BLOCK)) {
		do {
			n = source_next(b, &src, COPY_BLOCK, &p);
		} while (n > 0 && !out_put(b, p, n));
	}
	source_close(&src);
}

/* v7 compressed: a chunk count, then each chunk as a compressed block. */
static void write_chunks(struct builder *b, const struct tracedat_desc_cpu *c)
{
	size_t chunk = chunk_bytes(b->desc);
	uint64_t count_at = b->pos;
	const unsigned char *p;
	uint32_t chunks = 0;
	struct source src;
	ssize_t n;

	out_num(b, 0, 4);
	if (!source_open(b, &src, c, chunk))
		while (!b->failed && (n = source_next(b, &src, chunk, &p)) > 0) {
			out_block(b, p, n);
			chunks++;
		}
	source_close(&src);
	out_patch(b, count_at, chunks, 4);
}

static void write_cpu(struct builder *b, const struct tracedat_desc_section *s, int k)
{
	struct tracedat_layout_section *l = &b->layout.sections[s - b->desc->sections];
	bool counted = s->compress && !b->desc->size_with_count;

	out_pad(b);
	l->cpus[k] = b->pos;
	if (s->compress)
		write_chunks(b, &s->cpus[k]);
	else
		copy_cpu(b, &s->cpus[k]);
	if (!b->failed)
		l->cpu_sizes[k] = b->pos - l->cpus[k] - (counted ? 4 : 0);
}

/* v6: "flyrecord", a table of every CPU's offset and size, the clock, the data. */
static void write_flyrecord(struct builder *b, const struct tracedat_desc_section *s)
{
	struct tracedat_layout_section *l = &b->layout.sections[s - b->desc->sections];
	uint64_t table, entry;

	out_put(b, TRACEDAT_TAG_FLYRECORD, TRACEDAT_TAG_LEN);
	table = b->pos;
	out_zeros(b, 16ULL * b->desc->nr_cpus);
	if (s->clock) {
		out_num(b, strlen(s->clock) + 2, 8);
		out_put(b, "[", 1);
		out_put(b, s->clock, strlen(s->clock));
		out_put(b, "]", 1);
	}
	for (int k = 0; k < s->nr_cpus && !b->failed; k++) {
		write_cpu(b, s, k);
		entry = table + 16ULL * s->cpus[k].cpu;
		out_patch(b, entry, l->cpus[k], 8);
		out_patch(b, entry + 8, l->cpu_sizes[k], 8);
	}
}

static void write_buffer(struct builder *b, const struct tracedat_desc_section *s)
{
	if (b->desc->version == TRACEDAT_V6) {
		write_flyrecord(b, s);
		return;
	}
	for (int k = 0; k < s->nr_cpus && !b->failed; k++)
		write_cpu(b, s, k);
}

/* ---- the file ---- */

static void write_header(struct builder *b)
{
	const struct tracedat_desc *d = b->desc;
	unsigned char flags[2] = { d->big_endian, d->long_size };
	char version[16];

	snprintf(version, sizeof(version), "%d", d->version);
	out_put(b, TRACEDAT_MAGIC, TRACEDAT_MAGIC_LEN);
	out_str(b, version);
	out_put(b, flags, 2);
	out_num(b, d->page_size, 4);
	if (d->version == TRACEDAT_V6)
		return;
	out_str(b, d->compression);
	out_str(b, d->compression_version);
	b->layout.options_ref = b->pos;
	if (d->first_options)
		fixup_add(b, &b->fixups, b->pos, section_index(d, d->first_options), -1, false);
	out_num(b, 0, 8);
}

static void write_data(struct builder *b, const struct tracedat_desc_section *s)
{
	if (s->compress)
		out_block(b, s->data, s->len);
	else
		out_put(b, s->data, s->len);
}

static void write_section(struct builder *b, int i)
{
	const struct tracedat_desc_section *s = &b->desc->sections[i];
	struct tracedat_layout_section *l = &b->layout.sections[i];
	bool v7 = b->desc->version == TRACEDAT_V7;

	l->at = b->pos;
	if (v7) {
		out_num(b, s->id, 2);
		out_num(b, s->flags, 2);
		out_num(b, s->string, 4);
		out_num(b, 0, 8);
	}
	l->data = b->pos;
	switch (s->kind) {
	case TRACEDAT_DESC_DATA:
		write_data(b, s);
		break;
	case TRACEDAT_DESC_OPTIONS:
		write_options(b, i);
		break;
	case TRACEDAT_DESC_BUFFER:
		write_buffer(b, s);
		break;
	}
	l->end = b->pos;
	if (v7)
		out_patch(b, l->at + 8, l->end - l->data, 8);
}

static int build(struct builder *b, struct tracedat_layout *layout)
{
	const struct fixup *f;

	if (!b->failed && !check_desc(b) && !layout_alloc(b)) {
		write_header(b);
		for (int i = 0; i < b->desc->nr_sections && !b->failed; i++)
			write_section(b, i);
		for (int k = 0; k < b->fixups.nr && !b->failed; k++) {
			f = &b->fixups.v[k];
			out_patch(b, f->at, fixup_value(b, f), 8);
		}
	}
	free(b->fixups.v);
	b->layout.size = b->pos;
	if (b->failed || !layout)
		tracedat_layout_free(&b->layout);
	if (layout)
		*layout = b->layout;
	return b->failed ? -1 : 0;
}

/**
 * tracedat_build_fd() - write the file a description describes
 * @desc: the description
 * @fd: where, from its current position on; it must be seekable, as
 *	offsets are filled in once known
 * @name: the file, for messages ("NAME: cannot write: ...")
 * @layout: where everything went, or NULL; release with tracedat_layout_free()
 * @err: for the message on failure
 * @errlen: its size
 *
 * Return: 0, or -1 if the description is refused, an input file of CPU
 * data cannot be read or @fd cannot be written (@layout is then empty).
 */
int tracedat_build_fd(const struct tracedat_desc *desc, int fd, const char *name,
		      struct tracedat_layout *layout, char *err, size_t errlen)
{
	struct builder b = { .desc = desc, .fd = fd, .name = text(name), .err = err,
			     .errlen = errlen };
	off_t base = lseek(fd, 0, SEEK_CUR);

	if (base < 0)
		fail(&b, "%s: cannot seek: %s", b.name, strerror(errno));
	b.base = base;
	return build(&b, layout);
}

/**
 * tracedat_build_mem() - build the file a description describes in memory
 * @desc: the description
 * @out: the file is appended to it; offsets count from where it started
 * @layout: where everything went, or NULL; release with tracedat_layout_free()
 * @err: for the message on failure
 * @errlen: its size
 *
 * Return: 0, or -1 if the description is refused, an input file of CPU
 * data cannot be read or @out would exceed its limit (@out then holds
 * part of the file, @layout is empty).
 */
int tracedat_build_mem(const struct tracedat_desc *desc, struct tracedat_bytes *out,
		       struct tracedat_layout *layout, char *err, size_t errlen)
{
	struct builder b = { .desc = desc, .fd = -1, .mem = out, .name = "trace.dat in memory",
			     .err = err, .errlen = errlen };

	if (!out)
		fail(&b, "no buffer to build in");
	else
		b.base = out->len;
	return build(&b, layout);
}
