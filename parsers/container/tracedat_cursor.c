// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading numbers, bytes and strings from a trace.dat file or a
 * decompressed section without ever leaving the bytes given, and the
 * error messages of the reader.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracedat_local.h"

/**
 * td_error - format an error message for the caller
 * @err: where the message goes (may be NULL)
 * @errlen: size of @err
 * @fmt: printf format of the message
 *
 * Returns -1, so that a failing path can return td_error(...).
 */
int td_error(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/**
 * td_fits - whether [offset, offset + size) lies within [0, limit)
 * @offset: start of the range
 * @size: length of the range
 * @limit: end of the space the range must lie in
 *
 * Returns true when it does, without overflowing.
 */
bool td_fits(uint64_t offset, uint64_t size, uint64_t limit)
{
	return offset <= limit && size <= limit - offset;
}

/**
 * td_valid_page_size - whether a ring-buffer page size is plausible
 * @size: the size
 *
 * Returns true for a power of two from TD_MIN_PAGE to TD_MAX_PAGE.
 */
bool td_valid_page_size(uint64_t size)
{
	return size >= TD_MIN_PAGE && size <= TD_MAX_PAGE && !(size & (size - 1));
}

/**
 * td_cursor_init - start reading bytes [pos, end) of a buffer
 * @c: the cursor
 * @base: the buffer
 * @pos: first byte to read
 * @end: one past the last byte that may be read
 * @big_endian: byte order of the numbers read
 */
void td_cursor_init(struct td_cursor *c, const unsigned char *base, uint64_t pos,
		    uint64_t end, bool big_endian)
{
	c->base = base;
	c->pos = pos;
	c->end = end;
	c->big_endian = big_endian;
}

static int read_number(struct td_cursor *c, int bytes, uint64_t *v)
{
	const unsigned char *p;
	uint64_t n = 0;
	int i;

	if (c->pos > c->end || (uint64_t)bytes > c->end - c->pos)
		return -1;
	p = c->base + c->pos;
	for (i = 0; i < bytes; i++) {
		if (c->big_endian)
			n = (n << 8) | p[i];
		else
			n |= (uint64_t)p[i] << (8 * i);
	}
	c->pos += bytes;
	*v = n;
	return 0;
}

/**
 * td_u16 - read a 16-bit number in the file's byte order
 * @c: the cursor
 * @v: the number read
 *
 * Returns 0, or -1 when fewer than 2 bytes are left.
 */
int td_u16(struct td_cursor *c, uint16_t *v)
{
	uint64_t n;

	if (read_number(c, 2, &n))
		return -1;
	*v = n;
	return 0;
}

/**
 * td_u32 - read a 32-bit number in the file's byte order
 * @c: the cursor
 * @v: the number read
 *
 * Returns 0, or -1 when fewer than 4 bytes are left.
 */
int td_u32(struct td_cursor *c, uint32_t *v)
{
	uint64_t n;

	if (read_number(c, 4, &n))
		return -1;
	*v = n;
	return 0;
}

/**
 * td_u64 - read a 64-bit number in the file's byte order
 * @c: the cursor
 * @v: the number read
 *
 * Returns 0, or -1 when fewer than 8 bytes are left.
 */
int td_u64(struct td_cursor *c, uint64_t *v)
{
	return read_number(c, 8, v);
}

/**
 * td_bytes - take the next @n bytes
 * @c: the cursor
 * @n: how many
 * @p: where they start (may be NULL to skip them)
 *
 * Returns 0, or -1 when fewer than @n bytes are left.
 */
int td_bytes(struct td_cursor *c, uint64_t n, const unsigned char **p)
{
	if (c->pos > c->end || n > c->end - c->pos)
		return -1;
	if (p)
		*p = c->base + c->pos;
	c->pos += n;
	return 0;
}

/**
 * td_string - take a NUL-terminated string
 * @c: the cursor
 * @s: the string (terminated, within the cursor's bytes)
 * @len: its length without the NUL
 *
 * Returns 0, or -1 when no NUL is left before the cursor's end or the
 * string is longer than TD_MAX_STRING.
 */
int td_string(struct td_cursor *c, const char **s, size_t *len)
{
	const unsigned char *p, *nul;
	uint64_t left;

	if (c->pos > c->end)
		return -1;
	p = c->base + c->pos;
	left = c->end - c->pos;
	if (left > TD_MAX_STRING + 1)
		left = TD_MAX_STRING + 1;
	nul = memchr(p, '\0', left);
	if (!nul)
		return -1;
	*s = (const char *)p;
	*len = nul - p;
	c->pos += *len + 1;
	return 0;
}

/**
 * td_clean_copy - copy bytes from the file into a C string
 * @s: the bytes (need not be terminated)
 * @len: how many
 *
 * Control characters and DEL become '?', so that printing the string
 * cannot drive a terminal. Returns the copy (to free) or NULL on ENOMEM.
 */
char *td_clean_copy(const char *s, size_t len)
{
	char *copy = malloc(len + 1);
	size_t i;

	if (!copy)
		return NULL;
	for (i = 0; i < len; i++) {
		unsigned char ch = s[i];

		copy[i] = ch < 0x20 || ch == 0x7f ? '?' : ch;
	}
	copy[len] = '\0';
	return copy;
}
