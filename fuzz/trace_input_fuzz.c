// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness of trace input: a file through trace_input_open()
 * (the fast reader for inputs of even size, libtracecmd's for odd ones),
 * every record through trace_input_iterate(), and the first ones formatted
 * again, named and symbolised as the reports do; then the first named
 * buffer instance the same way.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fuzz_file.h"
#include "trace_input.h"

/* Records formatted per run: the reports format a few per violation. */
#define MAX_FORMATTED	256
/* Enough to reach every page of the seeds, few enough for speed. */
#define MAX_RECORDS	200000

struct visit {
	struct trace_input	*in;
	unsigned long		records;
	char			line[512];
};

static int on_record(void *data, const struct trace_record *rec)
{
	struct visit *v = data;
	char sym[128];

	if (v->records++ < MAX_FORMATTED) {
		trace_input_format(v->in, &rec->ref, v->line, sizeof(v->line));
		trace_input_comm(v->in, rec->pid);
		if (rec->kind == TRACE_FAULT_USER || rec->kind == TRACE_FAULT_KERNEL)
			trace_input_symbol(v->in, rec->fault.ip, sym, sizeof(sym));
		if (rec->kind == TRACE_PRINT && rec->print.len)
			v->line[0] ^= rec->print.buf[rec->print.len - 1];	/* readable */
	}
	return v->records >= MAX_RECORDS;
}

/* One buffer (NULL: the top one); @first gets the first named one's name. */
static void one_buffer(const char *path, const char *buffer, enum trace_reader reader,
		       char *first, size_t len)
{
	struct trace_open_options opts = { .buffer = buffer, .reader = reader };
	struct visit v = { 0 };
	char err[TRACE_ERR_LEN];

	if (trace_input_open(path, &opts, &v.in, err))
		return;
	if (first && trace_input_meta(v.in)->nr_buffers)
		snprintf(first, len, "%s", trace_input_meta(v.in)->buffers[0]);
	for (int k = 0; k < TRACE_NR_KINDS; k++)
		trace_input_has(v.in, k);
	trace_input_iterate(v.in, on_record, &v);
	trace_input_close(v.in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);
	enum trace_reader reader = size % 2 ? TRACE_READER_LIBTRACECMD : TRACE_READER_FAST;
	char name[128] = "";

	one_buffer(path, NULL, reader, name, sizeof(name));
	if (name[0])
		one_buffer(path, name, reader, NULL, 0);
	return 0;
}
