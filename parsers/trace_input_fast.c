// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast reader as a trace_input: our own formats (event_formats.c) and
 * our own page walk (fast_reader.c), libtracecmd not involved.
 */
#include <stdio.h>
#include <stdlib.h>

#include "event_formats.h"
#include "trace_input_local.h"

/* The trace's kallsyms, read the first time an address is to be named. */
static char *resolve(void *priv, unsigned long long *addrp, char **modp)
{
	struct trace_input *in = priv;
	const struct kallsyms_entry *e;
	char err[TRACE_ERR_LEN], *text;
	size_t len;

	if (!in->syms_read) {
		in->syms_read = -1;
		if (in->file->td->sections[TRACEDAT_SEC_KALLSYMS].present &&
		    !tracedat_read_text(in->file->td, TRACEDAT_TEXT_KALLSYMS, &text, &len, err,
					sizeof(err)))
			in->syms_read = kallsyms_parse(&in->syms, text) ? -1 : 1;
	}
	e = in->syms_read > 0 ? kallsyms_find(&in->syms, *addrp) : NULL;
	if (!e)
		return NULL;
	*addrp = e->addr;
	*modp = e->module ? in->syms.text + e->module : NULL;
	return in->syms.text + e->name;
}

static int fast_open(struct trace_input *in, const char *buffer, char *err)
{
	struct event_formats *ef = calloc(1, sizeof(*ef));

	if (!ef) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	in->reader = ef;
	if (trace_file_formats(in->file, ef, err, TRACE_ERR_LEN))
		return -1;
	in->formats = ef;
	in->tep = ef->tep;
	tep_set_function_resolver(in->tep, resolve, in);
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
	kallsyms_free(&in->syms);
}

const struct trace_input_ops trace_input_fast = {
	.reader		= TRACE_READER_FAST,
	.open		= fast_open,
	.iterate	= fast_iterate,
	.close		= fast_close,
};
