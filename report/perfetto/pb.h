/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The protocol buffers wire format, what --perfetto writes (perfetto_trace.h):
 * varints, keys, and length-delimited fields (strings, nested messages,
 * packed repeated numbers) appended to a growing buffer. A nested message
 * is built in a buffer of its own, then appended whole: its length must
 * come before it. Memory running out is kept in the buffer (oom), told by
 * the writer at the end.
 *
 * Ours rather than Debian's protobuf-c: that needs code generated from
 * Perfetto's protos (protoc-c over the whole trace_packet.proto tree, or
 * a copy of its .proto files kept here), a runtime library and a message
 * object per event; the few fields written need varints and lengths
 * only, and stream through buffers reused.
 */
#ifndef PB_H
#define PB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum pb_wire { PB_VARINT = 0, PB_LEN = 2 };

struct pb_buf {
	uint8_t		*p;
	size_t		len;
	size_t		cap;
	bool		oom;
};

void pb_varint(struct pb_buf *b, uint64_t v);
void pb_raw(struct pb_buf *b, const void *data, size_t len);
void pb_uint(struct pb_buf *b, unsigned int field, uint64_t v);
void pb_int(struct pb_buf *b, unsigned int field, int64_t v);
void pb_bytes(struct pb_buf *b, unsigned int field, const void *data, size_t len);
void pb_string(struct pb_buf *b, unsigned int field, const char *s);
void pb_message(struct pb_buf *b, unsigned int field, const struct pb_buf *m);
void pb_reset(struct pb_buf *b);
void pb_free(struct pb_buf *b);

#endif
