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
	struct tep_handle		*tep;
	event_formats_announce_fn	announce;
	void				*data;
};

static void tell(const struct loading *l, const char *what)
{
	if (l->announce)
		l->announce(l->data, what);
}

/* "the format of SYSTEM:NAME", the name taken from the format's first line */
static void announce_format(const struct loading *l, const char *system, const char *format,
			    size_t len)
{
	const char *name = len > 6 && !strncmp(format, "name: ", 6) ? format + 6 : "?";
	size_t name_len = name == format + 6 ? strcspn(name, "\n") : 1;
	char what[160];

	if (!l->announce)
		return;
	if (name_len > len - 6)
		name_len = len - 6;
	snprintf(what, sizeof(what), "the format of %s:%.*s", system, (int)name_len, name);
	tell(l, what);
}

static int parse_format(void *data, const char *system, const char *format, size_t len)
{
	struct loading *l = data;

	announce_format(l, system, format, len);
	tep_parse_event(l->tep, format, len, system);
	return 0;
}

/* One of the text files, given to @parse; absent or unreadable is no error. */
static void parse_text(const struct tracedat *td, struct tep_handle *tep,
		       enum tracedat_section sec, enum tracedat_text text,
		       int (*parse)(struct tep_handle *, const char *))
{
	char err[128], *buf;
	size_t len;

	if (!td->sections[sec].present || tracedat_read_text(td, text, &buf, &len, err, sizeof(err)))
		return;
	parse(tep, buf);
	free(buf);
}

/**
 * event_formats_load() - the event formats of a file
 * @td: the file
 * @ef: filled; release with event_formats_free()
 * @announce: told before each format and text is parsed, or NULL (the
 *	      format trial's child says what it is about to parse)
 * @data: passed to @announce
 * @err: what is wrong
 * @errlen: size of @err
 *
 * Return: 0, or -1 when memory runs out or the header page is unreadable.
 */
int event_formats_load(const struct tracedat *td, struct event_formats *ef,
		       event_formats_announce_fn announce, void *data, char *err, size_t errlen)
{
	struct tep_handle *tep = tep_alloc();
	struct loading l = { tep, announce, data };
	char *header;
	size_t len;

	ef->tep = tep;
	ef->plugins = NULL;
	if (!tep) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	ef->plugins = tep_load_plugins(tep);
	tep_set_file_bigendian(tep, td->big_endian ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(tep, __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ?
				TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	tep_set_long_size(tep, td->long_size);
	tep_set_page_size(tep, td->page_size);
	tep_set_cpus(tep, td->nr_cpus);
	if (tracedat_read_text(td, TRACEDAT_TEXT_HEADER_PAGE, &header, &len, err, errlen))
		return -1;
	tell(&l, "the header page");
	tep_parse_header_page(tep, header, len, td->long_size);
	free(header);
	if (tracedat_for_each_format(td, parse_format, &l, err, errlen) < 0)
		return -1;
	tell(&l, "kallsyms");
	parse_text(td, tep, TRACEDAT_SEC_KALLSYMS, TRACEDAT_TEXT_KALLSYMS, tep_parse_kallsyms);
	tell(&l, "the printk formats");
	parse_text(td, tep, TRACEDAT_SEC_PRINTK, TRACEDAT_TEXT_PRINTK, parse_printk);
	tell(&l, "the saved cmdlines");
	parse_text(td, tep, TRACEDAT_SEC_CMDLINES, TRACEDAT_TEXT_CMDLINES,
		   tep_parse_saved_cmdlines);
	return 0;
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
	ef->tep = NULL;
	ef->plugins = NULL;
}
