/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Decoding raw records into struct trace_record, with each event's fields
 * looked up by name once, through libtraceevent.
 */
#ifndef TRACE_DECODE_H
#define TRACE_DECODE_H

#include <traceevent/event-parse.h>

#include "trace_record.h"

struct trace_decoder;

bool trace_decode_wants(const char *system, const char *name);
struct trace_decoder *trace_decoder_new(struct tep_handle *tep);
void trace_decoder_free(struct trace_decoder *d);
bool trace_decoder_has(const struct trace_decoder *d, enum trace_kind kind);
bool trace_decoder_user_has(const struct trace_decoder *d, int event, int field);
bool trace_decoder_saw_other(const struct trace_decoder *d, int id);
void trace_decode(const struct trace_decoder *d, struct tep_record *rec, struct trace_record *out);
bool trace_decode_payload(const struct trace_decoder *d, const void *data, int size,
			  struct trace_record *out);

#endif
