// SPDX-License-Identifier: GPL-2.0-only
/*
 * The bytes of a trace.dat file, inflated: metadata sections (one
 * compressed block each in version 7: compressed size, uncompressed size,
 * data; what is in them: tracedat_sections.c) and per-CPU ring-buffer data
 * (version 7 compressed: a chunk count, then per chunk the compressed
 * size, the uncompressed size and the data). Nothing is
 * decompressed beyond what the headers declare, and what they declare is
 * bounded by the best ratio the algorithm can reach.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include "tracedat_local.h"

/* Best compression ratios: deflate ~1032:1, a zstd RLE block 128 KiB in 4 bytes. */
#define TD_ZLIB_RATIO		1032
#define TD_ZSTD_RATIO		32768

struct tracedat_inflater {
	enum td_alg	alg;
	ZSTD_DCtx	*zstd;
};

/**
 * td_alg - the file's compression algorithm
 * @td: the file
 *
 * Returns TD_ALG_UNKNOWN for a name this reader does not support.
 */
enum td_alg td_alg(const struct tracedat *td)
{
	if (!strcmp(td->compression, TRACEDAT_COMPRESS_NONE))
		return TD_ALG_NONE;
	if (!strcmp(td->compression, TRACEDAT_COMPRESS_ZLIB))
		return TD_ALG_ZLIB;
	if (!strcmp(td->compression, TRACEDAT_COMPRESS_ZSTD))
		return TD_ALG_ZSTD;
	return TD_ALG_UNKNOWN;
}

/**
 * tracedat_release - give back the mapping's pages between two offsets
 * @td: the file
 * @from: first byte walked
 * @to: end of the bytes walked
 *
 * Only whole pages inside the range: the mapping is private and read-only,
 * so they come back from the file if touched again.
 */
void tracedat_release(const struct tracedat *td, uint64_t from, uint64_t to)
{
	uintptr_t sys = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t start = ((uintptr_t)td->map + from + sys - 1) & ~(sys - 1);
	uintptr_t end = ((uintptr_t)td->map + to) & ~(sys - 1);

	if (end > start)
		madvise((void *)start, end - start, MADV_DONTNEED);
}

/**
 * tracedat_touch_end - read the last byte of a file's mapping
 * @td: the file
 *
 * A file cut shorter than it was mapped raises SIGBUS here, as any read of
 * the bytes it lost would: for a reader that met a bus error elsewhere (a
 * child process's) and must know whether the file is the cause.
 */
void tracedat_touch_end(const struct tracedat *td)
{
	if (td->file_size)
		(void)*(const volatile unsigned char *)(td->map + td->file_size - 1);
}

static bool ratio_ok(enum td_alg alg, uint64_t zsize, uint64_t usize)
{
	switch (alg) {
	case TD_ALG_ZLIB:
		return usize <= zsize * TD_ZLIB_RATIO;
	case TD_ALG_ZSTD:
		return usize <= zsize * TD_ZSTD_RATIO;
	default:
		return false;
	}
}

/**
 * tracedat_inflater_new - decompression state for a file's blocks and chunks
 * @td: the file
 *
 * Returns the state (which inflates nothing when the file is not
 * compressed), or NULL when memory runs out or the file's compression is
 * one this reader does not know.
 */
struct tracedat_inflater *tracedat_inflater_new(const struct tracedat *td)
{
	struct tracedat_inflater *inf = calloc(1, sizeof(*inf));

	if (!inf)
		return NULL;
	inf->alg = td_alg(td);
	if (inf->alg == TD_ALG_UNKNOWN ||
	    (inf->alg == TD_ALG_ZSTD && !(inf->zstd = ZSTD_createDCtx()))) {
		free(inf);
		return NULL;
	}
	return inf;
}

/**
 * tracedat_inflater_free - release decompression state
 * @inf: the state, or NULL
 */
void tracedat_inflater_free(struct tracedat_inflater *inf)
{
	if (!inf)
		return;
	ZSTD_freeDCtx(inf->zstd);
	free(inf);
}

/**
 * tracedat_inflate - decompress one block or chunk
 * @inf: the file's state
 * @in: the compressed bytes
 * @zsize: their number
 * @out: room for @usize bytes
 * @usize: exactly what must come out, no more, no less
 *
 * Returns 0, or -1 when the data is corrupt or the file not compressed.
 */
int tracedat_inflate(struct tracedat_inflater *inf, const void *in, uint64_t zsize, void *out,
		     uint64_t usize)
{
	uLongf dlen = usize;
	size_t ret;

	if (!usize)
		return 0;
	switch (inf->alg) {
	case TD_ALG_ZLIB:
		if (uncompress(out, &dlen, in, zsize) != Z_OK)
			return -1;
		return dlen == usize ? 0 : -1;
	case TD_ALG_ZSTD:
		ret = ZSTD_decompressDCtx(inf->zstd, out, usize, in, zsize);
		return !ZSTD_isError(ret) && ret == usize ? 0 : -1;
	default:
		return -1;
	}
}

/* A compressed size and an uncompressed size, 4 bytes each. */
static int read_sizes(const struct tracedat *td, struct td_cursor *c, uint64_t *zsize,
		      uint64_t *usize)
{
	uint32_t z, u;

	if (td_u32(c, &z) || td_u32(c, &u))
		return -1;
	*zsize = z;
	*usize = u;
	if (c->end - c->pos < *zsize || !ratio_ok(td_alg(td), *zsize, *usize))
		return -1;
	return 0;
}

/**
 * td_check_block - check the compressed block of a version 7 section
 * @td: the file
 * @loc: the section's data; its usize is set from the block header
 * @err: message on failure
 * @errlen: size of @err
 *
 * Returns 0, or -1 when the block header is truncated, declares more
 * compressed bytes than the section has, or an impossible ratio.
 */
int td_check_block(const struct tracedat *td, struct tracedat_location *loc,
		   char *err, size_t errlen)
{
	struct td_cursor c;
	uint64_t zsize, usize;

	td_cursor_init(&c, td->map, loc->offset, loc->offset + loc->size, td->big_endian);
	if (read_sizes(td, &c, &zsize, &usize))
		return td_error(err, errlen, "bad compressed block at offset %llu",
				(unsigned long long)loc->offset);
	loc->usize = usize;
	return 0;
}

/**
 * td_check_chunks - check the compressed chunks of one CPU's data
 * @td: the file
 * @loc: the CPU's data as its BUFFER option gives it; on success its
 *	 size becomes the bytes the chunks take and usize their total
 * @limit: end of the data's section
 * @budget: chunk headers the whole file may still walk; overlapping
 *	    tables would exceed it
 * @err: message on failure
 * @errlen: size of @err
 *
 * trace-cmd 3.1 records the size without the 4-byte chunk count, later
 * versions with it; both are accepted. Returns 0, or -1 when the chunk
 * table leaves the section, disagrees with the recorded size or declares
 * an impossible ratio.
 */
int td_check_chunks(const struct tracedat *td, struct tracedat_location *loc,
		    uint64_t limit, uint64_t *budget, char *err, size_t errlen)
{
	uint64_t zsize, usize, total = 0, used, released = loc->offset;
	struct td_cursor c;
	uint32_t n, i;

	td_cursor_init(&c, td->map, loc->offset, limit, td->big_endian);
	if (td_u32(&c, &n) || n > (limit - c.pos) / 8)
		return td_error(err, errlen, "bad chunk count at offset %llu",
				(unsigned long long)loc->offset);
	if (n > *budget)
		return td_error(err, errlen, "CPU data at offset %llu overlaps other CPU data",
				(unsigned long long)loc->offset);
	*budget -= n;
	for (i = 0; i < n; i++) {
		uint64_t at = c.pos;

		if (at - released >= (1U << 20)) {
			tracedat_release(td, released, at);
			released = at;
		}

		if (read_sizes(td, &c, &zsize, &usize) || td_bytes(&c, zsize, NULL))
			return td_error(err, errlen, "bad compressed chunk at offset %llu",
					(unsigned long long)at);
		total += usize;
		if (total > TRACEDAT_MAX_CPU_DATA)
			return td_error(err, errlen, "CPU data at offset %llu is too large",
					(unsigned long long)loc->offset);
	}
	/* the walk touched every chunk header: give those pages back */
	tracedat_release(td, released, c.pos);
	used = c.pos - loc->offset;
	if (used != loc->size && used != loc->size + 4)
		return td_error(err, errlen,
				"chunks at offset %llu take %llu bytes, %llu recorded",
				(unsigned long long)loc->offset, (unsigned long long)used,
				(unsigned long long)loc->size);
	loc->compressed = true;
	loc->size = used;
	loc->usize = total;
	return 0;
}

#define TD_HUGE_PAGE		(2ULL << 20)

/*
 * Room for @len bytes about to be written whole. Near 2 MiB and over, it
 * is aligned to the kernel's transparent huge pages and advised to use
 * them (where the kernel leaves it to madvise()): a page fault per 2 MiB
 * instead of per 4 KiB, which on a virtual machine is most of the cost of
 * inflating a trace-cmd trace's metadata (2 MiB of event formats, 5 MiB of
 * kallsyms). Huge pages cover what the bytes fill, and the last one when
 * they fill seven eighths of the whole: memory is not wasted. Freed with
 * free().
 */
static void *alloc_big(uint64_t len)
{
	uint64_t whole = (len + TD_HUGE_PAGE - 1) & ~(TD_HUGE_PAGE - 1), huge;
	void *p;

	huge = whole - len <= whole / 8 ? whole : len & ~(TD_HUGE_PAGE - 1);
	if (!huge)
		return malloc(len);
	if (posix_memalign(&p, TD_HUGE_PAGE, huge > len ? huge : len))
		return NULL;
	madvise(p, huge, MADV_HUGEPAGE);
	return p;
}

static unsigned char *alloc_out(uint64_t len, char *err, size_t errlen)
{
	unsigned char *buf = NULL;

	if (len < SIZE_MAX)
		buf = alloc_big(len + 1);
	if (!buf)
		td_error(err, errlen, "out of memory for %llu bytes", (unsigned long long)len);
	else
		buf[len] = '\0';
	return buf;
}

/* A compressed block's header: its sizes, the inflated one within @max; @c left at the data. */
static int block_header(const struct tracedat *td, const struct tracedat_location *loc,
			uint64_t max, struct td_cursor *c, uint64_t *zsize, uint64_t *usize,
			char *err, size_t errlen)
{
	td_cursor_init(c, td->map, loc->offset, loc->offset + loc->size, td->big_endian);
	if (read_sizes(td, c, zsize, usize))
		return td_error(err, errlen, "bad compressed block at offset %llu",
				(unsigned long long)loc->offset);
	if (*usize > max)
		return td_error(err, errlen, "section at offset %llu is too large",
				(unsigned long long)loc->offset);
	return 0;
}

static int load_block(const struct tracedat *td, const struct tracedat_location *loc,
		      uint64_t max, unsigned char **out, uint64_t *len, char *err,
		      size_t errlen)
{
	struct tracedat_inflater *inf;
	struct td_cursor c;
	uint64_t zsize, usize;
	unsigned char *buf;
	int ret;

	if (block_header(td, loc, max, &c, &zsize, &usize, err, errlen))
		return -1;
	buf = alloc_out(usize, err, errlen);
	if (!buf)
		return -1;
	inf = tracedat_inflater_new(td);
	if (!inf) {
		free(buf);
		return td_error(err, errlen, "out of memory");
	}
	ret = tracedat_inflate(inf, c.base + c.pos, zsize, buf, usize);
	tracedat_inflater_free(inf);
	if (ret) {
		free(buf);
		return td_error(err, errlen, "corrupt compressed block at offset %llu",
				(unsigned long long)loc->offset);
	}
	*out = buf;
	*len = usize;
	return 0;
}

/* Bytes inflated at a time when nothing is kept. */
#define TD_CHECK_OUT		(64 << 10)

/* As uncompress() into @usize bytes succeeds, without holding them. */
static int zlib_inflates(const void *in, uint64_t zsize, uint64_t usize, unsigned char *out)
{
	z_stream s = { .next_in = (Bytef *)in, .avail_in = zsize };
	uint64_t total = 0;
	int ret;

	if (inflateInit(&s) != Z_OK)
		return -1;
	do {
		s.next_out = out;
		s.avail_out = TD_CHECK_OUT;
		ret = inflate(&s, Z_NO_FLUSH);
		total += TD_CHECK_OUT - s.avail_out;
	} while (ret == Z_OK && total <= usize);
	inflateEnd(&s);
	return ret == Z_STREAM_END && total == usize ? 0 : -1;
}

/* The decoder's window limit: 2^n >= @usize, as zstd's parameter bounds allow. */
static int window_log(uint64_t usize)
{
	ZSTD_bounds b = ZSTD_dParam_getBounds(ZSTD_d_windowLogMax);
	int n = b.lowerBound;

	while (n < b.upperBound && (1ULL << n) < usize)
		n++;
	return n;
}

/*
 * As ZSTD_decompressDCtx() into @usize bytes succeeds, one frame streamed
 * through a small buffer; 1 when its window is larger than @usize (the
 * stream would hold more than the block inflated whole: not tried).
 */
static int zstd_inflates(const void *in, uint64_t zsize, uint64_t usize, unsigned char *out)
{
	ZSTD_inBuffer src = { in, zsize, 0 };
	ZSTD_DCtx *z = ZSTD_createDCtx();
	uint64_t total = 0;
	int ret = -1;
	size_t left;

	if (!z || ZSTD_isError(ZSTD_DCtx_setParameter(z, ZSTD_d_windowLogMax, window_log(usize))))
		goto out;
	for (;;) {
		ZSTD_outBuffer dst = { out, TD_CHECK_OUT, 0 };

		left = ZSTD_decompressStream(z, &dst, &src);
		if (ZSTD_isError(left)) {
			if (ZSTD_getErrorCode(left) == ZSTD_error_frameParameter_windowTooLarge)
				ret = 1;
			goto out;
		}
		total += dst.pos;
		if (total > usize)
			goto out;
		if (!left)
			break;
		/* wants bytes the block does not have */
		if (src.pos == src.size && dst.pos < dst.size)
			goto out;
	}
	ret = total == usize && src.pos == src.size ? 0 : -1;
out:
	ZSTD_freeDCtx(z);
	return ret;
}

/*
 * Whether a block inflates, as tracedat_inflate() would inflate it, without
 * holding its bytes: 0 yes, -1 no, 1 when only inflating it whole tells.
 */
static int block_inflates(const struct tracedat *td, const void *in, uint64_t zsize,
			  uint64_t usize)
{
	unsigned char *out;
	int ret = 1;

	if (!usize)
		return 0;
	if (td_alg(td) == TD_ALG_ZSTD && ZSTD_findFrameCompressedSize(in, zsize) != zsize)
		return 1;	/* several frames: inflated whole */
	out = malloc(TD_CHECK_OUT);
	if (!out)
		return 1;
	if (td_alg(td) == TD_ALG_ZLIB)
		ret = zlib_inflates(in, zsize, usize, out);
	else if (td_alg(td) == TD_ALG_ZSTD)
		ret = zstd_inflates(in, zsize, usize, out);
	free(out);
	return ret;
}

/**
 * td_load - the uncompressed bytes of a section
 * @td: the file
 * @loc: where the section's data is
 * @max: the most bytes accepted
 * @out: the bytes, NUL-terminated one past @len, to free
 * @len: how many
 * @err: message on failure
 * @errlen: size of @err
 *
 * Returns 0, or -1 when the section is too large, out of memory or its
 * compressed block is corrupt.
 */
int td_load(const struct tracedat *td, const struct tracedat_location *loc,
	    uint64_t max, unsigned char **out, uint64_t *len, char *err, size_t errlen)
{
	unsigned char *buf;

	if (loc->compressed)
		return load_block(td, loc, max, out, len, err, errlen);
	if (loc->size > max)
		return td_error(err, errlen, "section at offset %llu is too large",
				(unsigned long long)loc->offset);
	buf = alloc_out(loc->size, err, errlen);
	if (!buf)
		return -1;
	memcpy(buf, td->map + loc->offset, loc->size);
	*out = buf;
	*len = loc->size;
	return 0;
}

/**
 * tracedat_max_inflated() - the most bytes a file may make its reader hold
 * @td: the file
 *
 * Return: td->max_inflated, or its default.
 */
uint64_t tracedat_max_inflated(const struct tracedat *td)
{
	return td->max_inflated ? td->max_inflated : TRACEDAT_MAX_INFLATED;
}

/**
 * td_check_load - whether td_load() would load a compressed block, without holding it
 * @td: the file
 * @loc: the block
 * @err: message on failure
 * @errlen: size of @err
 *
 * Inflated through a small buffer when its sizes alone cannot tell.
 *
 * Returns 0 when td_load() would succeed but for memory, -1 with @err set
 * otherwise.
 */
int td_check_load(const struct tracedat *td, const struct tracedat_location *loc, char *err,
		  size_t errlen)
{
	uint64_t zsize, usize, max = tracedat_max_inflated(td);
	struct td_cursor c;
	unsigned char *buf;
	uint64_t len;
	int ret;

	if (block_header(td, loc, max, &c, &zsize, &usize, err, errlen))
		return -1;
	ret = block_inflates(td, c.base + c.pos, zsize, usize);
	if (ret < 0)
		return td_error(err, errlen, "corrupt compressed block at offset %llu",
				(unsigned long long)loc->offset);
	if (!ret)
		return 0;
	if (td_load(td, loc, max, &buf, &len, err, errlen))
		return -1;
	free(buf);
	return 0;
}

static int inflate_chunks(const struct tracedat *td, const struct tracedat_location *loc,
			  unsigned char *out)
{
	struct tracedat_inflater *inf = tracedat_inflater_new(td);
	uint64_t zsize, usize, done = 0;
	struct td_cursor c;
	uint32_t n, i;
	int ret = 0;

	if (!inf)
		return -1;
	td_cursor_init(&c, td->map, loc->offset, loc->offset + loc->size, td->big_endian);
	if (td_u32(&c, &n))
		ret = -1;
	for (i = 0; !ret && i < n; i++) {
		if (read_sizes(td, &c, &zsize, &usize) || usize > loc->usize - done ||
		    tracedat_inflate(inf, c.base + c.pos, zsize, out + done, usize)) {
			ret = -1;
			break;
		}
		c.pos += zsize;
		done += usize;
	}
	tracedat_inflater_free(inf);
	return ret || done != loc->usize ? -1 : 0;
}

/**
 * tracedat_read_cpu - the uncompressed ring-buffer pages of one CPU
 * @td: the file
 * @buf: one of the file's buffers
 * @index: which of its CPUs (an index into @buf->cpus, not a CPU id)
 * @data: the bytes, to free
 * @len: how many (a multiple of the buffer's page size in real files)
 * @err: message on failure
 * @errlen: size of @err
 *
 * Returns 0, or -1 when @index is out of range, the data is corrupt or
 * memory runs out.
 */
int tracedat_read_cpu(const struct tracedat *td, const struct tracedat_buffer *buf,
		      int index, void **data, size_t *len, char *err, size_t errlen)
{
	const struct tracedat_location *loc;
	unsigned char *out;

	if (index < 0 || index >= buf->nr_cpus)
		return td_error(err, errlen, "no CPU index %d in buffer '%s'", index, buf->name);
	loc = &buf->cpus[index].data;
	out = alloc_out(loc->usize, err, errlen);
	if (!out)
		return -1;
	if (!loc->compressed) {
		if (loc->size)
			memcpy(out, td->map + loc->offset, loc->size);
	} else if (inflate_chunks(td, loc, out)) {
		free(out);
		return td_error(err, errlen, "corrupt compressed data of CPU %d at offset %llu",
				buf->cpus[index].cpu, (unsigned long long)loc->offset);
	}
	*data = out;
	*len = loc->usize;
	return 0;
}
