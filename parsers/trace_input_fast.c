// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast reader as a trace_input: our own formats (event_formats.c) and
 * our own page walk (fast_reader.c), libtracecmd not involved.
 */
#include <stdio.h>
#include <stdlib.h>

#include "event_formats.h"
#include "trace_input_local.h"

static int fast_open(struct trace_input *in, const char *buffer, char *err)
{
	struct event_formats *ef = calloc(1, sizeof(*ef));

	if (!ef) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	in->reader = ef;
	if (event_formats_load(in->file->td, ef, NULL, NULL, err, TRACE_ERR_LEN))
		return -1;
	in->tep = ef->tep;
	return 0;
}

static int fast_iterate(struct trace_input *in, trace_record_fn fn, void *data)
{
	return fast_reader_iterate(in->pages, in->decoder, fn, data, in->progress);
}

static void fast_close(struct trace_input *in)
{
	struct event_formats *ef = in->reader;

	if (!ef)
		return;
	event_formats_free(ef);
	free(ef);
}

const struct trace_input_ops trace_input_fast = {
	.reader		= TRACE_READER_FAST,
	.open		= fast_open,
	.iterate	= fast_iterate,
	.close		= fast_close,
};
