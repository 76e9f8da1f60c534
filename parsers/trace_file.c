// SPDX-License-Identifier: GPL-2.0-only
/*
 * Opening a trace.dat file once, and the libtracecmd handles made from
 * that one descriptor.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <trace-cmd/trace-cmd.h>

#include "events/events.h"
#include "records/records.h"
#include "trace_file.h"

/* Bytes of a section as it is in memory once read. */
static uint64_t section_bytes(const struct tracedat *td, enum tracedat_section sec)
{
	const struct tracedat_location *loc = &td->sections[sec];

	return !loc->present ? 0 : loc->compressed ? loc->usize : loc->size;
}

/*
 * Every metadata section within --max-inflated, read or not: whether a
 * file is refused does not depend on which of its parts a run reads.
 */
static int sections_fit(const struct tracedat *td, char *err, size_t errlen)
{
	uint64_t max = tracedat_max_inflated(td);

	for (int i = 0; i < TRACEDAT_NR_SECTIONS; i++) {
		if (section_bytes(td, i) <= max)
			continue;
		snprintf(err, errlen, "its %s section holds %llu MiB, over the --max-inflated "
			 "limit of %llu MiB", tracedat_section_name(i),
			 (unsigned long long)(section_bytes(td, i) >> 20),
			 (unsigned long long)(max >> 20));
		return -1;
	}
	return 0;
}

/**
 * trace_file_open() - open a trace.dat file and check what libraries trust
 * @path: the file
 * @max_inflated: the most bytes it may make us hold at once (tracedat.max_inflated)
 * @out: the file; close with trace_file_close()
 * @err: what is wrong, without the file name
 * @errlen: size of @err
 *
 * The path is opened once, without blocking (a FIFO is refused, never
 * waited for). The container is read and checked, and the texts
 * libtraceevent parses are checked (tracedat_check_texts()), the event
 * formats kept as they were checked; they are parsed in a child process
 * first (format_trial.c) when a reader asks for them:
 * trace_file_formats(), trace_file_libtracecmd().
 *
 * Return: 0, or -1 with @err set.
 */
int trace_file_open(const char *path, uint64_t max_inflated, struct trace_file **out, char *err,
		    size_t errlen)
{
	struct trace_file *f = calloc(1, sizeof(*f));

	*out = NULL;
	if (!f || !(f->path = strdup(path))) {
		free(f);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	f->fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (f->fd < 0) {
		snprintf(err, errlen, "cannot open: %s", strerror(errno));
		trace_file_close(f);
		return -1;
	}
	if (tracedat_open_fd(f->fd, &f->td, err, errlen)) {
		trace_file_close(f);
		return -1;
	}
	f->td->max_inflated = max_inflated;
	if (sections_fit(f->td, err, errlen) ||
	    tracedat_check_texts(f->td, &f->texts, err, errlen)) {
		trace_file_close(f);
		return -1;
	}
	*out = f;
	return 0;
}

/**
 * trace_file_close() - release a file
 * @f: the file, or NULL
 */
void trace_file_close(struct trace_file *f)
{
	if (!f)
		return;
	tracedat_texts_release(&f->texts);
	tracedat_close(f->td);
	if (f->fd >= 0)
		close(f->fd);
	free(f->path);
	free(f);
}

/**
 * trace_file_check_kallsyms() - the check of the kallsyms section, once
 * @f: the file
 * @err: what is wrong
 * @errlen: size of @err
 *
 * tracedat_check_texts() leaves it (5 MiB to inflate in a trace-cmd trace)
 * to the reader, which runs it before anything reads the kallsyms or the
 * file is taken as opened, while the format trial's child parses when it
 * can (trace_file_formats()); for libtracecmd the child runs it, before
 * it parses (trace_file_libtracecmd()), and this only says its error.
 * Its error is the one an open tells before any found after the texts
 * were checked: the checks' order.
 *
 * Return: 0 when the section inflates or there is none, -1 with @err set.
 */
int trace_file_check_kallsyms(struct trace_file *f, char *err, size_t errlen)
{
	if (f->texts.kallsyms_unchecked) {
		f->texts.kallsyms_unchecked = false;
		f->kallsyms_bad = tracedat_check_section(f->td, TRACEDAT_SEC_KALLSYMS,
							 f->kallsyms_err,
							 sizeof(f->kallsyms_err)) != 0;
	}
	if (f->kallsyms_bad)
		snprintf(err, errlen, "%s", f->kallsyms_err);
	return f->kallsyms_bad ? -1 : 0;
}

static void check_kallsyms(void *data)
{
	char err[sizeof(((struct trace_file *)0)->kallsyms_err)];

	trace_file_check_kallsyms(data, err, sizeof(err));
}

/**
 * trace_file_check_data() - check every page once, before libtracecmd reads any
 * @f: the file
 * @err: what is wrong
 * @errlen: size of @err
 *
 * libtracecmd and its kbuffer trust every page, chunk and event length:
 * page_check_all() walks them all, once per file.
 *
 * Return: 0 when libtracecmd may read the file, -1 with @err set.
 */
int trace_file_check_data(struct trace_file *f, char *err, size_t errlen)
{
	if (!f->data_checked)
		f->data_checked = page_check_all(f->td, &f->texts, err, errlen) ? -1 : 1;
	else if (f->data_checked < 0)
		snprintf(err, errlen, "the ring-buffer data cannot be read");
	return f->data_checked > 0 ? 0 : -1;
}

/**
 * trace_file_libtracecmd() - a libtracecmd handle on the file
 * @f: the file
 * @err: what is wrong
 * @errlen: size of @err
 *
 * Made from a duplicate of the one descriptor, after the data check.
 *
 * Return: the handle (tracecmd_close() it), or NULL with @err set.
 */
/*
 * What libtracecmd takes into memory: every CPU's compressed data inflated
 * whole (it decompresses a CPU at once), and kallsyms, printk formats and
 * saved cmdlines parsed by libtraceevent at up to 8 bytes per byte
 * (measured: 7 for cmdlines, 4.3 for kallsyms).
 */
static uint64_t libtracecmd_memory(const struct tracedat *td)
{
	uint64_t sum = 8 * (section_bytes(td, TRACEDAT_SEC_KALLSYMS) +
			    section_bytes(td, TRACEDAT_SEC_PRINTK) +
			    section_bytes(td, TRACEDAT_SEC_CMDLINES));

	for (int b = 0; b < td->nr_buffers; b++)
		for (int i = 0; i < td->buffers[b].nr_cpus; i++)
			if (td->buffers[b].cpus[i].data.compressed)
				sum += td->buffers[b].cpus[i].data.usize;
	return sum;
}

/* Not in Debian's trace-cmd.h; exported by libtracecmd 3.1. */
bool tracecmd_compress_is_supported(const char *name, const char *version);

/* Whether this libtracecmd has the file's compression (Debian's 3.1.6: zstd, not zlib). */
static bool libtracecmd_inflates(const struct tracedat *td)
{
	if (!td->compression || !strcmp(td->compression, TRACEDAT_COMPRESS_NONE))
		return true;
	return tracecmd_compress_is_supported(td->compression, td->compression_version ?
					      td->compression_version : "");
}

/* libtracecmd's open of the file, beside the format trial's child. */
struct libtracecmd_open {
	struct trace_file	*f;
	int			fd;
	int			data_bad;	/* the data check failed: not opened */
	struct tracecmd_input	*handle;
	char			*err;
	size_t			errlen;
};

static void open_libtracecmd(void *data)
{
	struct libtracecmd_open *o = data;

	/* libtracecmd parses its own: ours are not kept while it does, unless lent */
	if (!o->f->formats_lent)
		tracedat_formats_release(&o->f->texts.formats);
	o->data_bad = trace_file_check_data(o->f, o->err, o->errlen);
	if (!o->data_bad) {
		tracecmd_set_loglevel(TEP_LOG_NONE);
		o->handle = tracecmd_open_fd(o->fd, 0);
	}
}

/* The format trial's child checks the kallsyms first, off the parent's path. */
static int child_checks_kallsyms(const struct tracedat *td, char *err, size_t errlen)
{
	return tracedat_check_section(td, TRACEDAT_SEC_KALLSYMS, err, errlen);
}

/* libtracecmd's open beside the child that parses every format (and checks the kallsyms). */
static void try_all_formats(struct trace_file *f, struct libtracecmd_open *o)
{
	bool check = f->texts.kallsyms_unchecked;

	f->all_tried = format_trial_all(f->td, &f->texts.formats,
					check ? child_checks_kallsyms : NULL, open_libtracecmd, o,
					f->tried_err, sizeof(f->tried_err)) ? -1 : 1;
	if (f->all_tried > 0)
		f->texts.kallsyms_unchecked = false;
}

struct tracecmd_input *trace_file_libtracecmd(struct trace_file *f, char *err, size_t errlen)
{
	uint64_t need = libtracecmd_memory(f->td), max = tracedat_max_inflated(f->td);
	struct libtracecmd_open o = { .f = f, .err = err, .errlen = errlen };

	/*
	 * The kallsyms' error comes first (checked before anything after the
	 * texts); when a trial is to run, its child checks them while the
	 * parent opens, which waits for no check: a failed one ends the run.
	 */
	if ((f->all_tried || need > max) && trace_file_check_kallsyms(f, err, errlen))
		return NULL;
	if (need > max) {
		snprintf(err, errlen, "libtracecmd, which must read it, would hold about %llu MiB "
			 "(its compressed CPU data inflated whole, its kallsyms and cmdlines "
			 "parsed), over the --max-inflated limit of %llu MiB",
			 (unsigned long long)((need + (1 << 20) - 1) >> 20),
			 (unsigned long long)(max >> 20));
		return NULL;
	}
	if (f->all_tried < 0) {
		snprintf(err, errlen, "%s", f->tried_err);
		return NULL;
	}
	if (f->td->libtracecmd_hazard[0]) {
		snprintf(err, errlen, "libtracecmd would misread it: %s (%s)",
			 f->td->libtracecmd_hazard, f->td->changes_timestamps ?
			 "and only libtracecmd shifts its times as its options ask" :
			 "the default reader reads it");
		return NULL;
	}
	if (!libtracecmd_inflates(f->td)) {
		snprintf(err, errlen, "libtracecmd, as built here, cannot inflate %s-compressed "
			 "data (the default reader can)", f->td->compression);
		return NULL;
	}
	if (f->texts.not_understood.nr) {
		const struct not_understood_format *bad = &f->texts.not_understood.formats[0];

		snprintf(err, errlen, "libtracecmd would parse the format of %s, which it must "
			 "not be given: %s (the default reader parses only the formats it needs)",
			 bad->label, bad->why);
		return NULL;
	}
	o.fd = fcntl(f->fd, F_DUPFD_CLOEXEC, 0);
	if (o.fd < 0 || lseek(o.fd, 0, SEEK_SET)) {
		snprintf(err, errlen, "cannot read it again: %s", strerror(errno));
		if (o.fd >= 0)
			close(o.fd);
		return NULL;
	}
	if (f->all_tried)
		open_libtracecmd(&o);
	else
		try_all_formats(f, &o);
	if (f->all_tried < 0) {
		if (!trace_file_check_kallsyms(f, err, errlen))
			snprintf(err, errlen, "%s", f->tried_err);
	} else if (!o.data_bad && !o.handle)
		snprintf(err, errlen, "libtracecmd cannot read it as a trace.dat file");
	else if (!o.data_bad)
		return o.handle;
	if (o.handle)
		tracecmd_close(o.handle);	/* closes the descriptor */
	else
		close(o.fd);
	return NULL;
}

/*
 * The formats not understood are never parsed: their records print as of
 * no known event. One of an event the replay decodes ends the run.
 */
static int refuse_not_understood(const struct not_understood *nu, struct event_formats *ef,
				 char *err, size_t errlen)
{
	const struct not_understood_format *bad;

	for (int i = 0; nu->nr && i < ef->nr_refs; i++) {
		struct event_format_ref *r = &ef->refs[i];

		if (!not_understood_has(nu, r->id))
			continue;
		r->refused = true;
		if (!trace_decode_wants(r->system, r->name))
			continue;
		bad = not_understood_find(nu, r->id);
		snprintf(err, errlen, "the format of %s, an event the replay needs, cannot be "
			 "parsed: %s", bad->label, bad->why);
		return -1;
	}
	return 0;
}

/**
 * trace_file_formats() - the formats the replay decodes, parsed; the others kept
 * @f: the file
 * @ef: filled; free with event_formats_free(), also after a failure, and
 *	before closing @f (its formats are in the bytes @f checked)
 * @err: what is wrong
 * @errlen: size of @err
 *
 * What is parsed at open is parsed in a child process first
 * (format_trial_open()), from the state the parent will parse it from;
 * meanwhile the parent checks the kallsyms (trace_file_check_kallsyms()).
 *
 * Return: 0, or -1 with @err set.
 */
int trace_file_formats(struct trace_file *f, struct event_formats *ef, char *err, size_t errlen)
{
	int ret;

	f->formats_lent = true;
	ret = event_formats_open(f->td, &f->texts.formats, ef, err, errlen);
	if (!ret)
		ret = refuse_not_understood(&f->texts.not_understood, ef, err, errlen);
	if (!ret)
		ret = format_trial_open(ef, trace_decode_wants, check_kallsyms, f, err, errlen);
	/* checked before: their error first */
	if (trace_file_check_kallsyms(f, err, errlen) || ret)
		return -1;
	return event_formats_parse_open(ef, trace_decode_wants, NULL, NULL, err, errlen);
}
