// SPDX-License-Identifier: GPL-2.0-only
/*
 * The metadata sections of a trace.dat file (tracedat_data.c gives their
 * bytes, inflated): within --max-inflated, and the files in them, the
 * header page, kallsyms, printk formats, saved cmdlines and the event
 * formats by system, found by their sizes and names without leaving the
 * section.
 */
#include <stdlib.h>
#include <string.h>

#include "tracedat_local.h"

/* A section that is there and within --max-inflated; NULL with @err set. */
static const struct tracedat_location *section_at(const struct tracedat *td,
						  enum tracedat_section sec, char *err,
						  size_t errlen)
{
	uint64_t size, max = tracedat_max_inflated(td);
	const struct tracedat_location *loc;

	if ((unsigned int)sec >= TRACEDAT_NR_SECTIONS) {
		td_error(err, errlen, "no such section %d", (int)sec);
		return NULL;
	}
	loc = &td->sections[sec];
	if (!loc->present) {
		td_error(err, errlen, "no %s section in the file", tracedat_section_name(sec));
		return NULL;
	}
	size = loc->compressed ? loc->usize : loc->size;
	if (size > max) {
		td_error(err, errlen, "its %s section holds %llu MiB, over the "
			 "--max-inflated limit of %llu MiB", tracedat_section_name(sec),
			 (unsigned long long)(size >> 20), (unsigned long long)(max >> 20));
		return NULL;
	}
	return loc;
}

static int load_section(const struct tracedat *td, enum tracedat_section sec,
			unsigned char **out, uint64_t *len, char *err, size_t errlen)
{
	const struct tracedat_location *loc = section_at(td, sec, err, errlen);

	if (!loc)
		return -1;
	return td_load(td, loc, tracedat_max_inflated(td), out, len, err, errlen);
}

/**
 * tracedat_check_section - whether a metadata section can be read
 * @td: the file
 * @sec: which section
 * @err: message on failure
 * @errlen: size of @err
 *
 * What tracedat_read_section() checks, with the same messages, without
 * holding the section: a compressed one is inflated through a small
 * buffer (a trace-cmd trace's kallsyms take 5 MiB once inflated).
 *
 * Returns 0 when tracedat_read_section() would succeed but for memory,
 * -1 with @err set otherwise.
 */
int tracedat_check_section(const struct tracedat *td, enum tracedat_section sec, char *err,
			   size_t errlen)
{
	const struct tracedat_location *loc = section_at(td, sec, err, errlen);

	if (!loc)
		return -1;
	if (!loc->compressed)
		return 0;	/* within the limit: read as it is */
	return td_check_load(td, loc, err, errlen);
}

/**
 * tracedat_read_section - the uncompressed bytes of a metadata section
 * @td: the file
 * @sec: which section
 * @data: the bytes, to free; a NUL follows them for convenience
 * @len: how many
 * @err: message on failure
 * @errlen: size of @err
 *
 * The bytes are the section as the format documents it (for example the
 * 4-byte size before kallsyms); tracedat_read_text() and
 * tracedat_for_each_format() take the files out of them.
 *
 * Returns 0, or -1 when the file has no such section, it is corrupt or
 * memory runs out.
 */
int tracedat_read_section(const struct tracedat *td, enum tracedat_section sec,
			  void **data, size_t *len, char *err, size_t errlen)
{
	unsigned char *buf;
	uint64_t n;

	if (load_section(td, sec, &buf, &n, err, errlen))
		return -1;
	*data = buf;
	*len = n;
	return 0;
}

/* One sized file in a section: a @bytes-byte size, then the file. */
static int sized(struct td_cursor *c, int bytes, uint64_t *start, uint64_t *size)
{
	uint32_t size32;

	if (bytes == 4) {
		if (td_u32(c, &size32))
			return -1;
		*size = size32;
	} else if (td_u64(c, size)) {
		return -1;
	}
	*start = c->pos;
	return td_bytes(c, *size, NULL);
}

static int tagged(struct td_cursor *c, const char *tag, size_t len, uint64_t *start,
		  uint64_t *size)
{
	const unsigned char *p;

	if (td_bytes(c, len, &p) || memcmp(p, tag, len))
		return -1;
	return sized(c, 8, start, size);
}

static int locate_text(struct td_cursor *c, enum tracedat_text text, uint64_t *start,
		       uint64_t *size)
{
	switch (text) {
	case TRACEDAT_TEXT_HEADER_EVENT:
		if (tagged(c, "header_page", 12, start, size))
			return -1;
		return tagged(c, "header_event", 13, start, size);
	case TRACEDAT_TEXT_HEADER_PAGE:
		return tagged(c, "header_page", 12, start, size);
	case TRACEDAT_TEXT_KALLSYMS:
	case TRACEDAT_TEXT_PRINTK:
		return sized(c, 4, start, size);
	case TRACEDAT_TEXT_CMDLINES:
		return sized(c, 8, start, size);
	}
	return -1;
}

static enum tracedat_section text_section(enum tracedat_text text)
{
	switch (text) {
	case TRACEDAT_TEXT_HEADER_PAGE:
	case TRACEDAT_TEXT_HEADER_EVENT:
		return TRACEDAT_SEC_HEADER_INFO;
	case TRACEDAT_TEXT_KALLSYMS:
		return TRACEDAT_SEC_KALLSYMS;
	case TRACEDAT_TEXT_PRINTK:
		return TRACEDAT_SEC_PRINTK;
	case TRACEDAT_TEXT_CMDLINES:
		return TRACEDAT_SEC_CMDLINES;
	}
	return TRACEDAT_NR_SECTIONS;
}

/**
 * tracedat_read_text - one of the text files stored in the metadata
 * @td: the file
 * @text: which one
 * @out: its bytes followed by a NUL, to free (it may contain other NULs)
 * @len: its length
 * @err: message on failure
 * @errlen: size of @err
 *
 * Returns 0, or -1 when the file does not have it, its section is corrupt
 * or memory runs out.
 */
int tracedat_read_text(const struct tracedat *td, enum tracedat_text text,
		       char **out, size_t *len, char *err, size_t errlen)
{
	enum tracedat_section sec = text_section(text);
	uint64_t n, start, size;
	unsigned char *buf;
	struct td_cursor c;

	if (load_section(td, sec, &buf, &n, err, errlen))
		return -1;
	td_cursor_init(&c, buf, 0, n, td->big_endian);
	if (locate_text(&c, text, &start, &size)) {
		free(buf);
		return td_error(err, errlen, "corrupt %s section", tracedat_section_name(sec));
	}
	memmove(buf, buf + start, size);
	buf[size] = '\0';
	*out = (char *)buf;
	*len = size;
	return 0;
}

static int formats_of(struct td_cursor *c, const char *system, tracedat_format_fn fn,
		      void *data)
{
	uint64_t start, size;
	uint32_t n, i;
	int ret;

	if (td_u32(c, &n) || n > TD_MAX_FORMATS)
		return -1;
	for (i = 0; i < n; i++) {
		if (sized(c, 8, &start, &size))
			return -1;
		ret = fn(data, system, (const char *)c->base + start, size);
		if (ret)
			return ret;
	}
	return 0;
}

static int event_formats(struct td_cursor *c, tracedat_format_fn fn, void *data)
{
	const char *system;
	uint32_t n, i;
	size_t len;
	int ret;

	if (td_u32(c, &n) || n > TD_MAX_FORMATS)
		return -1;
	for (i = 0; i < n; i++) {
		if (td_string(c, &system, &len))
			return -1;
		ret = formats_of(c, system, fn, data);
		if (ret)
			return ret;
	}
	return 0;
}

/* The formats of one section, inflated: @sec says how they are laid out. */
static int walk_formats(const struct tracedat *td, enum tracedat_section sec,
			const unsigned char *buf, uint64_t n, tracedat_format_fn fn, void *data,
			char *err, size_t errlen)
{
	struct td_cursor c;
	int ret;

	td_cursor_init(&c, buf, 0, n, td->big_endian);
	if (sec == TRACEDAT_SEC_FTRACE_EVENTS)
		ret = formats_of(&c, "ftrace", fn, data);
	else
		ret = event_formats(&c, fn, data);
	if (ret == -1)
		td_error(err, errlen, "corrupt %s section", tracedat_section_name(sec));
	return ret;
}

static int walk_section(const struct tracedat *td, enum tracedat_section sec,
			tracedat_format_fn fn, void *data, char *err, size_t errlen)
{
	unsigned char *buf;
	uint64_t n;
	int ret;

	if (!td->sections[sec].present)
		return 0;
	if (load_section(td, sec, &buf, &n, err, errlen))
		return -1;
	ret = walk_formats(td, sec, buf, n, fn, data, err, errlen);
	free(buf);
	return ret;
}

/**
 * tracedat_for_each_format - call @fn on every event format in the file
 * @td: the file
 * @fn: called with the system ("ftrace" for the ftrace events) and the
 *	format's bytes, which are not NUL-terminated; what it returns other
 *	than 0 stops the walk and is returned (use positive values)
 * @data: passed to @fn
 * @err: message on failure
 * @errlen: size of @err
 *
 * The ftrace formats come first, then the other systems in file order.
 * Returns 0, what @fn returned, or -1 when a section is corrupt or
 * memory runs out.
 */
int tracedat_for_each_format(const struct tracedat *td, tracedat_format_fn fn,
			     void *data, char *err, size_t errlen)
{
	int ret;

	ret = walk_section(td, TRACEDAT_SEC_FTRACE_EVENTS, fn, data, err, errlen);
	if (ret)
		return ret;
	return walk_section(td, TRACEDAT_SEC_EVENT_FORMATS, fn, data, err, errlen);
}

/**
 * tracedat_read_formats - the two sections of event formats, inflated once
 * @td: the file
 * @f: filled; release with tracedat_formats_release(), also after a failure
 * @err: message on failure
 * @errlen: size of @err
 *
 * Returns 0, or -1 when a section is corrupt or memory runs out.
 */
int tracedat_read_formats(const struct tracedat *td, struct tracedat_formats *f, char *err,
			  size_t errlen)
{
	static const enum tracedat_section secs[] = {
		TRACEDAT_SEC_FTRACE_EVENTS, TRACEDAT_SEC_EVENT_FORMATS,
	};

	const struct tracedat_location *loc;

	memset(f, 0, sizeof(*f));
	for (int i = 0; i < 2; i++) {
		if (!td->sections[secs[i]].present)
			continue;
		loc = section_at(td, secs[i], err, errlen);
		if (!loc)
			return -1;
		if (!loc->compressed) {
			/* read where it is: the mapping is the file's, read-only */
			f->text[i] = td->map + loc->offset;
			f->len[i] = loc->size;
		} else if (td_load(td, loc, tracedat_max_inflated(td), &f->owned[i], &f->len[i],
				   err, errlen)) {
			return -1;
		} else {
			f->text[i] = f->owned[i];
		}
	}
	return 0;
}

/**
 * tracedat_walk_formats - tracedat_for_each_format() over formats read once
 * @td: the file
 * @f: its formats (tracedat_read_formats())
 * @fn: as tracedat_for_each_format() calls it; the bytes it is given stay
 *	valid as long as @f
 * @data: passed to @fn
 * @err: message on failure
 * @errlen: size of @err
 *
 * Returns 0, what @fn returned, or -1 when a section is corrupt.
 */
int tracedat_walk_formats(const struct tracedat *td, const struct tracedat_formats *f,
			  tracedat_format_fn fn, void *data, char *err, size_t errlen)
{
	static const enum tracedat_section secs[] = {
		TRACEDAT_SEC_FTRACE_EVENTS, TRACEDAT_SEC_EVENT_FORMATS,
	};
	int ret;

	for (int i = 0; i < 2; i++) {
		if (!f->text[i])
			continue;
		ret = walk_formats(td, secs[i], f->text[i], f->len[i], fn, data, err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * tracedat_formats_release - free what tracedat_read_formats() read
 * @f: the formats
 */
void tracedat_formats_release(struct tracedat_formats *f)
{
	for (int i = 0; i < 2; i++)
		free(f->owned[i]);
	memset(f, 0, sizeof(*f));
}
