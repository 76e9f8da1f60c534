// SPDX-License-Identifier: GPL-2.0-only
/*
 * A growing byte buffer bounded by its limit (struct tracedat_bytes): the
 * numbers put in the file's byte order, offsets patched in later.
 */
#include <stdlib.h>
#include <string.h>

#include "tracedat_build.h"

/**
 * tracedat_encode() - a number as the file holds it
 * @out: @bytes bytes
 * @v: the number
 * @bytes: its width: 1 to 8
 * @big_endian: the file's byte order
 */
void tracedat_encode(unsigned char *out, uint64_t v, int bytes, bool big_endian)
{
	for (int i = 0; i < bytes; i++)
		out[i] = v >> (8 * (big_endian ? bytes - 1 - i : i));
}

/**
 * tracedat_bytes_limit() - the most bytes a buffer may hold
 * @b: the buffer
 *
 * Return: @b->limit, or TRACEDAT_BYTES_LIMIT when it is 0.
 */
size_t tracedat_bytes_limit(const struct tracedat_bytes *b)
{
	return b->limit ? b->limit : TRACEDAT_BYTES_LIMIT;
}

static int bytes_reserve(struct tracedat_bytes *b, size_t more)
{
	size_t limit = tracedat_bytes_limit(b), cap;
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
	tracedat_encode(out, v, bytes, b->big_endian);
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
	tracedat_encode(b->p + at, v, bytes, b->big_endian);
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
