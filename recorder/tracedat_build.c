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

#include "grow.h"
#include "tracedat_build_local.h"

#define COPY_BLOCK	(1 << 16)
#define ZLIB_LEVEL	9
#define ZSTD_LEVEL	3
#define MAX_FIXUPS	(1 << 24)

/* A CPU's data, in blocks: straight from memory, or read from its file. */
struct source {
	const struct tracedat_desc_cpu	*cpu;
	uint64_t			off;
	uint32_t			round;		/* of @data's repeats */
	int				fd;
	unsigned char			*buf;
};

/**
 * tdb_fail() - the build fails: the first message is kept
 * @b: the build
 * @fmt: printf format of the message
 *
 * Return: -1.
 */
int tdb_fail(struct builder *b, const char *fmt, ...)
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
			return tdb_fail(b, "%s: cannot write: %s", b->name,
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
		return tdb_fail(b, "%s: over %zu bytes, or out of memory", b->name,
				tracedat_bytes_limit(b->mem));
	if (b->fd >= 0 && out_write(b, data, len))
		return -1;
	b->pos += len;
	return 0;
}

static int out_num(struct builder *b, uint64_t v, int bytes)
{
	unsigned char out[8];

	tracedat_encode(out, v, bytes, b->desc->big_endian);
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
	tracedat_encode(buf, v, bytes, b->desc->big_endian);
	if (b->fd < 0) {
		memcpy(b->mem->p + b->base + at, buf, bytes);
		return 0;
	}
	while (done < bytes) {
		n = pwrite(b->fd, buf + done, bytes - done, b->base + at + done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return tdb_fail(b, "%s: cannot write: %s", b->name,
					strerror(n < 0 ? errno : EIO));
		done += n;
	}
	return 0;
}

/* ---- compression ---- */

static void *compress_alloc(struct builder *b, const void *in, size_t len, size_t *zlen)
{
	size_t cap = b->alg == ALG_ZLIB ? compressBound(len) : ZSTD_compressBound(len);
	unsigned char *out = malloc(cap ? cap : 1);
	uLongf zl = cap;

	if (!out) {
		tdb_fail(b, "out of memory");
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
	tdb_fail(b, "cannot compress %zu bytes", len);
	return NULL;
}

/* A compressed block: its size, the size once uncompressed, the bytes. */
static void out_block(struct builder *b, const void *in, size_t len)
{
	size_t zlen;
	void *z;

	if (len > UINT32_MAX) {
		tdb_fail(b, "%zu bytes are too many for a compressed block", len);
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

/* ---- offsets filled in later ---- */

static int fixup_add(struct builder *b, struct fixups *fx, uint64_t at, int section, int cpu,
		     bool size)
{
	if (fx->nr >= MAX_FIXUPS)
		return tdb_fail(b, "more than %d offsets to fill in", MAX_FIXUPS);
	if (grow_room(&fx->v, fx->nr, sizeof(*fx->v)))
		return tdb_fail(b, "out of memory");
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
	fixup_add(b, fx, t->len, tdb_section_index(b->desc, s), cpu, size);
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
		tdb_fail(b, "a BUFFER option of %llu bytes", (unsigned long long)size);
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
			tdb_fail(b, "section %d: compressed options point forward to section %d", i,
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
		tdb_fail(b, "section %d: options over %zu bytes, or out of memory", i,
			 tracedat_bytes_limit(&t));
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
		return tdb_fail(b, "%s: cannot read: %s", c->path, strerror(errno));
	src->buf = malloc(block);
	if (!src->buf)
		return tdb_fail(b, "out of memory");
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
			return tdb_fail(b, "%s: cannot read: %s", c->path, strerror(errno));
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
	size_t chunk = tdb_chunk_bytes(b->desc);
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
		fixup_add(b, &b->fixups, b->pos, tdb_section_index(d, d->first_options), -1, false);
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

	if (!b->failed && !tdb_check_desc(b) && !tdb_layout_alloc(b)) {
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
		tdb_fail(&b, "%s: cannot seek: %s", b.name, strerror(errno));
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
		tdb_fail(&b, "no buffer to build in");
	else
		b.base = out->len;
	return build(&b, layout);
}
