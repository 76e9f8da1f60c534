// SPDX-License-Identifier: GPL-2.0-only
/*
 * Filling a tep_handle from the metadata sections. The sections' bounds
 * were checked by tracedat_open(); what is in them goes to libtraceevent's
 * parsers with its length (formats) or NUL-terminated (the text files).
 * An event format libtraceevent cannot parse is skipped, as libtracecmd
 * skips it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "event_formats.h"
#include "grow.h"

/*
 * Whether libtraceevent reads a printk format line safely: it takes what
 * follows "ADDR:" and one blank, drops a leading quote, and looks two bytes
 * before the last one for a "\n" to strip.
 */
static bool printk_line_ok(const char *line, size_t len)
{
	const char *colon = memchr(line, ':', len);
	size_t value;

	if (!colon || colon == line)
		return false;
	value = len - (colon - line) - 1;
	if (value < 1)
		return false;
	value--;					/* the blank */
	if (value && colon[2] == '"')
		value--;
	return value >= 3;
}

/* The printk formats, without the lines libtraceevent would misread. */
static int parse_printk(struct tep_handle *tep, const char *text)
{
	size_t len = strlen(text), kept = 0;
	char *safe = malloc(len + 2);	/* a last line gets its newline */
	const char *line, *end;

	if (!safe)
		return -1;
	for (line = text; *line; line = *end ? end + 1 : end) {
		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		if (!printk_line_ok(line, end - line))
			continue;
		memcpy(safe + kept, line, end - line);
		kept += end - line;
		safe[kept++] = '\n';
	}
	safe[kept] = '\0';
	if (kept)
		tep_parse_printk_formats(tep, safe);
	free(safe);
	return 0;
}

struct loading {
	struct event_formats		*ef;
	event_formats_announce_fn	announce;
	void				*data;
	char				*err;
	size_t				errlen;
};

static void tell(const struct loading *l, const char *what)
{
	if (l->announce)
		l->announce(l->data, what);
}

/* The value after "@key: " at the start of a line of @text, up to its end. */
static const char *line_value(const char *text, size_t len, const char *key, size_t *n)
{
	size_t k = strlen(key);

	for (size_t at = 0; at + k + 2 <= len; ) {
		const char *line = text + at, *end = memchr(line, '\n', len - at);
		size_t line_len = end ? (size_t)(end - line) : len - at;

		if (line_len >= k + 2 && !memcmp(line, key, k) && line[k] == ':' &&
		    line[k + 1] == ' ') {
			*n = line_len - k - 2;
			return line + k + 2;
		}
		at += line_len + 1;
	}
	return NULL;
}

/* Its name and ID, as libtraceevent reads them: NULL name when it has none. */
static void name_and_id(struct event_format_ref *r)
{
	size_t n;
	const char *name = line_value(r->text, r->len, "name", &n), *id;

	r->id = -1;
	snprintf(r->name, sizeof(r->name), "%.*s", name ? (int)n : 0, name ? name : "");
	id = line_value(r->text, r->len, "ID", &n);
	if (!id || !n || n >= 8)
		return;
	r->id = 0;
	for (size_t i = 0; i < n && r->id >= 0; i++)
		r->id = id[i] >= '0' && id[i] <= '9' ? r->id * 10 + id[i] - '0' : -1;
}

/* Every format, kept unparsed; at most one per event id a record can carry. */
static int keep_format(void *data, const char *system, const char *format, size_t len)
{
	struct loading *l = data;
	struct event_formats *ef = l->ef;
	struct event_format_ref *r;

	if (ef->nr_refs == EVENT_FORMATS_MAX) {
		snprintf(l->err, l->errlen, "it has more than %d event formats, more than a "
			 "record's 16-bit event id can tell apart", EVENT_FORMATS_MAX);
		return 1;
	}
	if (grow_room(&ef->refs, ef->nr_refs, sizeof(*ef->refs))) {
		snprintf(l->err, l->errlen, "out of memory");
		return 1;
	}
	r = &ef->refs[ef->nr_refs++];
	r->system = system;
	r->text = format;
	r->len = len;
	r->parsed = false;
	r->refused = false;
	name_and_id(r);
	return 0;
}

/* "the format of SYSTEM:NAME" */
static void announce_format(const struct loading *l, const struct event_format_ref *r)
{
	char what[160];

	if (!l->announce)
		return;
	snprintf(what, sizeof(what), "the format of %s:%s", r->system, r->name[0] ? r->name : "?");
	tell(l, what);
}

static void parse_ref(const struct loading *l, struct event_format_ref *r)
{
	announce_format(l, r);
	r->parsed = true;
	tep_parse_event(l->ef->tep, r->text, r->len, r->system);
}

/*
 * A kernel keeps at most PID_MAX_DEFAULT (32768) saved cmdlines and has a
 * few thousand printk formats; libtraceevent takes some hundred bytes per
 * line of either. Twice that many lines is no kernel's file.
 */
#define MAX_TEXT_LINES		65536

static size_t lines_of(const char *text)
{
	size_t n = 0;

	for (const char *p = text; (p = strchr(p, '\n')); p++)
		n++;
	return n;
}

/* One of the text files, given to @parse; absent is no error, unreadable is. */
static int parse_text(const struct tracedat *td, struct tep_handle *tep,
		      enum tracedat_section sec, enum tracedat_text text,
		      int (*parse)(struct tep_handle *, const char *), char *err, size_t errlen)
{
	size_t len, lines;
	char *buf;

	if (!td->sections[sec].present)
		return 0;
	if (tracedat_read_text(td, text, &buf, &len, err, errlen))
		return -1;
	lines = lines_of(buf);
	if (lines > MAX_TEXT_LINES) {
		snprintf(err, errlen, "its %s section has %zu lines, more than twice what a "
			 "kernel writes", tracedat_section_name(sec), lines);
		free(buf);
		return -1;
	}
	parse(tep, buf);
	free(buf);
	return 0;
}

/**
 * event_formats_open() - a file's event formats, none parsed yet
 * @td: the file
 * @formats: its format sections (tracedat_read_formats()), which must
 *	     outlive @ef; NULL to read them here
 * @ef: filled; release with event_formats_free(), also after a failure
 * @err: what is wrong
 * @errlen: size of @err
 *
 * libtraceevent's handle with its plugins and the file's byte order, long
 * and page sizes, and every format kept as the file has it: nothing the
 * file holds is parsed by libtraceevent yet.
 *
 * Return: 0, or -1 when memory runs out, a section is corrupt or there are
 * more formats than event ids.
 */
int event_formats_open(const struct tracedat *td, const struct tracedat_formats *formats,
		       struct event_formats *ef, char *err, size_t errlen)
{
	struct loading l = { ef, NULL, NULL, err, errlen };
	struct tep_handle *tep = tep_alloc();

	memset(ef, 0, sizeof(*ef));
	ef->tep = tep;
	ef->td = td;
	if (!tep) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (!formats) {
		if (tracedat_read_formats(td, &ef->own, err, errlen))
			return -1;
		formats = &ef->own;
	}
	ef->plugins = tep_load_plugins(tep);
	tep_set_file_bigendian(tep, td->big_endian ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(tep, __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ?
				TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_long_size(tep, td->long_size);
	tep_set_page_size(tep, td->page_size);
	tep_set_cpus(tep, td->nr_cpus);
	return tracedat_walk_formats(td, formats, keep_format, &l, err, errlen) ? -1 : 0;
}

/**
 * event_formats_parse_open() - what a run parses before its first record
 * @ef: from event_formats_open()
 * @want: which formats to parse now (the others: event_formats_parse()),
 *	  or NULL for all
 * @announce: told before each format and text is parsed, or NULL (the
 *	      format trial's child says what it is about to parse)
 * @data: passed to @announce
 * @err: what is wrong
 * @errlen: size of @err
 *
 * The header page, the formats wanted, the printk formats and the saved
 * cmdlines, in that order.
 *
 * Return: 0, or -1 when the header page, printk formats or saved cmdlines
 * are unreadable, or those have more lines than a kernel writes.
 */
int event_formats_parse_open(struct event_formats *ef, event_formats_want_fn want,
			     event_formats_announce_fn announce, void *data, char *err,
			     size_t errlen)
{
	struct loading l = { ef, announce, data, err, errlen };
	const struct tracedat *td = ef->td;
	struct tep_handle *tep = ef->tep;
	char *header;
	size_t len;

	if (tracedat_read_text(td, TRACEDAT_TEXT_HEADER_PAGE, &header, &len, err, errlen))
		return -1;
	tell(&l, "the header page");
	tep_parse_header_page(tep, header, len, td->long_size);
	free(header);
	for (int i = 0; i < ef->nr_refs; i++)
		if (!want || want(ef->refs[i].system, ef->refs[i].name))
			parse_ref(&l, &ef->refs[i]);
	tell(&l, "the printk formats");
	if (parse_text(td, tep, TRACEDAT_SEC_PRINTK, TRACEDAT_TEXT_PRINTK, parse_printk, err,
		       errlen))
		return -1;
	tell(&l, "the saved cmdlines");
	return parse_text(td, tep, TRACEDAT_SEC_CMDLINES, TRACEDAT_TEXT_CMDLINES,
			  tep_parse_saved_cmdlines, err, errlen);
}

/**
 * event_formats_find_id() - the first format of an event id
 * @ef: the formats
 * @id: the id a record carries
 *
 * Return: the format (parsed or not), or NULL when the file has none.
 */
struct event_format_ref *event_formats_find_id(struct event_formats *ef, int id)
{
	for (int i = 0; i < ef->nr_refs; i++)
		if (ef->refs[i].id == id)
			return &ef->refs[i];
	return NULL;
}

/**
 * event_formats_parse() - parse one more format, once
 * @ef: the formats
 * @r: one of them (event_formats_find_id())
 */
void event_formats_parse(struct event_formats *ef, struct event_format_ref *r)
{
	struct loading l = { .ef = ef };

	if (!r->parsed)
		parse_ref(&l, r);
}

/**
 * event_formats_has_system() - whether some format is of an event system
 * @ef: the formats
 * @system: "irq_vectors"
 *
 * Return: true when one is, parsed or not.
 */
bool event_formats_has_system(const struct event_formats *ef, const char *system)
{
	for (int i = 0; i < ef->nr_refs; i++)
		if (!strcmp(ef->refs[i].system, system))
			return true;
	return false;
}

/**
 * event_formats_free() - release the event formats
 * @ef: what event_formats_load() filled
 */
void event_formats_free(struct event_formats *ef)
{
	if (ef->plugins)
		tep_unload_plugins(ef->plugins, ef->tep);
	tep_free(ef->tep);
	free(ef->refs);
	tracedat_formats_release(&ef->own);
	memset(ef, 0, sizeof(*ef));
}
