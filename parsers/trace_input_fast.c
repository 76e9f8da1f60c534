// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast reader as a trace_input: our own formats (event_formats.c) and
 * our own page walk (fast_reader.c), libtracecmd not involved.
 */
#include <stdio.h>
#include <stdlib.h>

#include "events/events.h"
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

/**
 * trace_input_fast_open() - the fast reader's formats for an input
 * @in: the input, its file open
 * @buffer: its buffer (unused: the formats are the file's)
 * @err: TRACE_ERR_LEN bytes for what is wrong
 *
 * Also the live reader's: its formats are its header file's.
 *
 * Return: 0, or -1 with @err set.
 */
int trace_input_fast_open(struct trace_input *in, const char *buffer, char *err)
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

/**
 * trace_input_fast_parse() - parse a format not parsed yet, with those of
 *	every other event the iteration met
 * @in: an input of the fast reader
 * @r: the format (event_formats_find_id()), the first of its id
 *
 * The report prints records of the events the replay met: their formats
 * are tried in one child, not one child each (format_trial_parse()).
 * Each id's first format only, as event_formats_find_id() finds them.
 */
void trace_input_fast_parse(struct trace_input *in, struct event_format_ref *r)
{
	struct event_formats *ef = in->formats;
	struct event_format_ref **batch = malloc(ef->nr_refs * sizeof(*batch));
	uint8_t *taken = calloc(RECORD_MAX_ID / 8 + 1, 1);
	int n = 0;

	if (!batch || !taken) {
		format_trial_parse(ef, &r, 1);
		goto out;
	}
	for (int i = 0; i < ef->nr_refs; i++) {
		struct event_format_ref *x = &ef->refs[i];

		if (x->id < 0 || x->id > RECORD_MAX_ID || (taken[x->id >> 3] & (1 << (x->id & 7))))
			continue;
		taken[x->id >> 3] |= 1 << (x->id & 7);
		if (x == r || (!x->parsed && !x->refused &&
			       trace_decoder_saw_other(in->decoder, x->id)))
			batch[n++] = x;
	}
	format_trial_parse(ef, batch, n);
out:
	free(taken);
	free(batch);
}

static int fast_iterate(struct trace_input *in, trace_record_fn fn, void *data)
{
	return fast_reader_iterate(in->pages, in->decoder, fn, data, in->progress);
}

static int fast_damages(const struct trace_input *in, struct trace_damage *out, int max)
{
	return fast_reader_damages(in->pages, out, max);
}

/**
 * trace_input_fast_close() - release what trace_input_fast_open() made
 * @in: the input
 */
void trace_input_fast_close(struct trace_input *in)
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
	.open		= trace_input_fast_open,
	.iterate	= fast_iterate,
	.close		= trace_input_fast_close,
	.damages	= fast_damages,
};
