// SPDX-License-Identifier: GPL-2.0-only
/*
 * The protocol buffers wire format (pb.h).
 */
#include <stdlib.h>
#include <string.h>

#include "pb.h"

static bool room(struct pb_buf *b, size_t more)
{
	size_t cap = b->cap ? b->cap : 256;
	uint8_t *p;

	if (b->oom)
		return false;
	if (b->len + more <= b->cap)
		return true;
	while (cap < b->len + more)
		cap *= 2;
	p = realloc(b->p, cap);
	if (!p) {
		b->oom = true;
		return false;
	}
	b->p = p;
	b->cap = cap;
	return true;
}

/**
 * pb_varint() - a base-128 varint, low groups first
 * @b: the buffer
 * @v: the value
 */
void pb_varint(struct pb_buf *b, uint64_t v)
{
	if (!room(b, 10))
		return;
	while (v >= 0x80) {
		b->p[b->len++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	b->p[b->len++] = (uint8_t)v;
}

/**
 * pb_raw() - bytes as they are: fields encoded elsewhere, a name pool
 * @b: the buffer
 * @data: the bytes
 * @len: how many
 */
void pb_raw(struct pb_buf *b, const void *data, size_t len)
{
	if (!len || !room(b, len))
		return;
	memcpy(b->p + b->len, data, len);
	b->len += len;
}

static void key(struct pb_buf *b, unsigned int field, enum pb_wire wire)
{
	pb_varint(b, (uint64_t)field << 3 | wire);
}

/**
 * pb_uint() - an unsigned varint field (uint32, uint64, bool, enum)
 * @b: the buffer
 * @field: its number
 * @v: its value
 */
void pb_uint(struct pb_buf *b, unsigned int field, uint64_t v)
{
	key(b, field, PB_VARINT);
	pb_varint(b, v);
}

/**
 * pb_int() - a signed varint field (int32, int64: two's complement, a
 *	      negative value in ten bytes, as protobuf writes it)
 * @b: the buffer
 * @field: its number
 * @v: its value
 */
void pb_int(struct pb_buf *b, unsigned int field, int64_t v)
{
	pb_uint(b, field, (uint64_t)v);
}

/**
 * pb_bytes() - a length-delimited field
 * @b: the buffer
 * @field: its number
 * @data: its bytes
 * @len: how many
 */
void pb_bytes(struct pb_buf *b, unsigned int field, const void *data, size_t len)
{
	key(b, field, PB_LEN);
	pb_varint(b, len);
	pb_raw(b, data, len);
}

/**
 * pb_string() - a string field
 * @b: the buffer
 * @field: its number
 * @s: the text (UTF-8 for protobuf: rvreplay's escaped texts are)
 */
void pb_string(struct pb_buf *b, unsigned int field, const char *s)
{
	pb_bytes(b, field, s, strlen(s));
}

/**
 * pb_message() - a nested message (or packed numbers), built in @m
 * @b: the buffer
 * @field: its number
 * @m: the message; its running out of memory is @b's too
 */
void pb_message(struct pb_buf *b, unsigned int field, const struct pb_buf *m)
{
	b->oom |= m->oom;
	pb_bytes(b, field, m->p, m->len);
}

/* Empty again, its memory kept. */
void pb_reset(struct pb_buf *b)
{
	b->len = 0;
}

void pb_free(struct pb_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}
