// SPDX-License-Identifier: GPL-2.0-only
/*
 * What libtracecmd and libtraceevent trust without checking, checked
 * before they see a file. The texts libtraceevent parses, for any reader:
 * the sections inflate, header_page, printk and event formats are as a
 * kernel writes them. (The data libtracecmd's reader trusts is checked
 * by records/page_check.c, from what is learned here.)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format_lines.h"
#include "grow.h"
#include "print_format.h"
#include "tracedat_local.h"

struct text_walk {
	const struct tracedat	*td;
	struct tracedat_texts	*texts;
	char			*err;
	size_t			errlen;
};

/* Whether every non-empty line of @text is a field line. */
static bool field_lines(char *text)
{
	struct field_line f;
	char *line, *save = NULL;

	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (!field_line_parse(line, &f))
			return false;
	return true;
}

/* The offset and size of the header_page field @name, or -1. */
static int header_field(const char *text, const char *name, long *offset, long *size)
{
	char pattern[64];
	const char *at;

	snprintf(pattern, sizeof(pattern), " %s;\toffset:", name);
	at = strstr(text, pattern);
	if (!at || sscanf(at + strlen(pattern), "%ld;\tsize:%ld;", offset, size) != 2)
		return -1;
	return 0;
}

static bool printable(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e) &&
		    s[i] != '\t' && s[i] != '\n')
			return false;
	return true;
}

/*
 * libtraceevent parses header_page into the page layout, and libtracecmd
 * fails to open (and crashes closing) a file where that goes wrong: only
 * the layouts real kernels describe, in the words they use, are accepted.
 */
static int page_layout(struct text_walk *w)
{
	long ts_off, ts_size, commit_off, commit_size, data_off, data_size;
	size_t len;
	char *text;
	int ret = 0;

	if (tracedat_read_text(w->td, TRACEDAT_TEXT_HEADER_PAGE, &text, &len, w->err, w->errlen))
		return -1;
	if (!printable(text, len) || header_field(text, "timestamp", &ts_off, &ts_size) ||
	    header_field(text, "commit", &commit_off, &commit_size) ||
	    header_field(text, "data", &data_off, &data_size) || ts_off != 0 || ts_size != 8 ||
	    commit_off != 8 || (commit_size != 4 && commit_size != 8) ||
	    data_off != 8 + commit_size || !field_lines(text))
		ret = td_error(w->err, w->errlen,
			       "header_page describes no ring-buffer page layout a kernel writes");
	else
		w->texts->commit_size = commit_size;
	free(text);
	return ret;
}

static int bad_format(struct text_walk *w, const char *system, const char *what)
{
	return td_error(w->err, w->errlen, "malformed format of an event of system '%.64s': %s",
			system, what);
}

/* The names of an event's fields, for its print format's REC->name: spans of its text. */
struct field_names {
	const char	**names;
	size_t		*lens;
	int		nr;
};

static int add_name(struct field_names *f, const char *decl, size_t len)
{
	size_t end, start;

	/* "char comm[16]", "__data_loc char[] name": the last word, but a final [N] */
	end = len;
	if (end && decl[end - 1] == ']')
		while (end && decl[end - 1] != '[')
			end--;
	if (end && decl[end - 1] == '[')
		end--;
	while (end && decl[end - 1] == ' ')
		end--;
	start = end;
	while (start && (decl[start - 1] == '_' || (decl[start - 1] >= '0' && decl[start - 1] <= '9') ||
			 ((decl[start - 1] | 0x20) >= 'a' && (decl[start - 1] | 0x20) <= 'z')))
		start--;
	/* both arrays hold nr: each grows at the same counts */
	if (grow_room(&f->names, f->nr, sizeof(*f->names)) ||
	    grow_room(&f->lens, f->nr, sizeof(*f->lens)))
		return -1;
	f->names[f->nr] = decl + start;
	f->lens[f->nr++] = end - start;
	return 0;
}

static void field_names_free(struct field_names *f)
{
	free(f->names);
	free(f->lens);
}

/* Every REC->name of the print format is a field: libtraceevent follows NULL otherwise. */
static bool fields_known(const struct field_names *f, const char *print)
{
	const char *at = print;
	size_t len;
	int i;

	while ((at = strstr(at, "REC->"))) {
		at += 5;
		len = strspn(at, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		for (i = 0; i < f->nr; i++)
			if (f->lens[i] == len && !strncmp(f->names[i], at, len))
				break;
		if (i == f->nr)
			return false;
	}
	return true;
}

/* One field line, into the bounds of its event. */
static int take_field(struct text_walk *w, struct event_bounds *e, struct field_names *names,
		      const char *line)
{
	struct field_line f;

	if (!field_line_parse(line, &f) || add_name(names, f.decl, f.decl_len))
		return -1;
	return event_bounds_field(e, strtol(f.offset, NULL, 10), strtol(f.size, NULL, 10),
				  !strncmp(f.decl, "__data_loc ", 11) ||
				  !strncmp(f.decl, "__rel_loc ", 10),
				  !strncmp(f.decl, "__rel_loc ", 10));
}

/*
 * What is wrong with a print format (to the end of the text: its strings
 * may hold newlines) that libtraceevent must not be given, or NULL.
 */
static const char *print_doubt(const struct field_names *names, const char *print, size_t len,
			       bool *nomem)
{
	char *text = strndup(print, len);
	const char *why = NULL;

	*nomem = !text;
	if (!text)
		return NULL;
	if (!fields_known(names, text))
		why = "a print format naming no field of the event";
	else if (!print_format_ok(text))
		why = "a print format that is not a C expression list";
	free(text);
	return why;
}

/*
 * Its print format, checked: one libtraceevent must not parse makes the
 * event's format not understood, which costs nothing unless it is needed.
 */
static int check_print(struct text_walk *w, const char *system, unsigned int id,
		       const char *name, size_t name_len, const struct field_names *names,
		       const char *print, size_t len)
{
	bool nomem;
	const char *why = print_doubt(names, print, len, &nomem);

	if (!nomem && (!why || !not_understood_add(&w->texts->not_understood, id, system, name,
						   name_len, why)))
		return 0;
	return td_error(w->err, w->errlen, "out of memory");
}

/*
 * An event format as the kernel writes it: name, ID, "format:", field
 * lines, then the print format. libtraceevent's parser dereferences NULL
 * on some malformed ones (control bytes, for one); the print format is
 * checked apart (check_print()).
 */
static int take_format(void *data, const char *system, const char *format, size_t len)
{
	struct text_walk *w = data;
	struct event_bounds *e = NULL;
	struct field_names names = { 0 };
	char *text, *line, *save = NULL;
	const char *name = "";
	size_t name_len = 0;
	unsigned int id = 0;
	int n = 0, ret = 0;

	/* what is returned stops the walk; -1 would be taken for a corrupt section */
	if (!printable(format, len)) {
		bad_format(w, system, "bytes that are not text");
		return 1;
	}
	text = strndup(format, len);
	if (!text) {
		td_error(w->err, w->errlen, "out of memory");
		return 1;
	}
	for (line = strtok_r(text, "\n", &save); line && !ret; line = strtok_r(NULL, "\n", &save)) {
		n++;
		if (n == 1 && strncmp(line, "name: ", 6))
			ret = bad_format(w, system, "no name");
		else if (n == 1)
			name_len = strlen(name = line + 6);
		else if (n == 2 && (sscanf(line, "ID: %u", &id) != 1 || id > 0xffff))
			ret = bad_format(w, system, "no ID");
		else if (n == 2 && !(e = record_bounds_add(&w->texts->bounds, id)))
			ret = bad_format(w, system, "an ID given twice, or out of memory");
		else if (n == 3 && strcmp(line, "format:"))
			ret = bad_format(w, system, "no 'format:'");
		else if (n > 3 && !strncmp(line, "print fmt: ", 11))
			break;
		else if (n > 3 && take_field(w, e, &names, line))
			ret = bad_format(w, system, "a malformed field");
	}
	if (!ret && !line)
		ret = bad_format(w, system, "no print format");
	else if (!ret)
		ret = check_print(w, system, id, name, name_len, &names,
				  format + (line - text) + 11, len - (line - text) - 11);
	field_names_free(&names);
	free(text);
	return ret ? 1 : 0;
}

/*
 * libtraceevent takes what follows the first ':' of every line, even past
 * the end, and strips a quote and "\\n" off its end without looking at its
 * length: only lines as the kernel writes them, 0xADDR : "FORMAT", with a
 * FORMAT of two characters at least, are accepted.
 */
static int check_printk(const struct tracedat *td, char *err, size_t errlen)
{
	size_t len;
	char *text, *line, *save = NULL;
	int ret = 0;

	if (!td->sections[TRACEDAT_SEC_PRINTK].present)
		return 0;
	if (tracedat_read_text(td, TRACEDAT_TEXT_PRINTK, &text, &len, err, errlen))
		return -1;
	if (!printable(text, len)) {
		free(text);
		return td_error(err, errlen, "printk formats that are not text");
	}
	for (line = strtok_r(text, "\n", &save); line && !ret; line = strtok_r(NULL, "\n", &save))
		if (!printk_line_well_formed(line))
			ret = td_error(err, errlen, "malformed printk format line '%.40s'", line);
	free(text);
	return ret;
}

/*
 * A check after the kallsyms' place failed: had they been checked in
 * their place, their error would be the one told.
 */
static int kallsyms_first(struct text_walk *w)
{
	if (w->texts->kallsyms_unchecked) {
		w->texts->kallsyms_unchecked = false;
		tracedat_check_section(w->td, TRACEDAT_SEC_KALLSYMS, w->err, w->errlen);
	}
	return -1;
}

/*
 * The metadata: sections inflate (the event formats, inflated once, are
 * kept), header_page, printk and event formats. The kallsyms are left for
 * later (texts->kallsyms_unchecked): 5 MiB to inflate in a trace-cmd
 * trace, which its reader may check while it does something else.
 */
static int check_texts(struct text_walk *w)
{
	const struct tracedat *td = w->td;
	struct tracedat_formats *f = &w->texts->formats;

	for (int s = 0; s < TRACEDAT_NR_SECTIONS; s++) {
		/* both sections of formats at the first, in file order */
		if (s == TRACEDAT_SEC_FTRACE_EVENTS) {
			if (tracedat_read_formats(td, f, w->err, w->errlen))
				return -1;
		} else if (s == TRACEDAT_SEC_KALLSYMS) {
			w->texts->kallsyms_unchecked = td->sections[s].present;
		} else if (s != TRACEDAT_SEC_EVENT_FORMATS && td->sections[s].present &&
			   tracedat_check_section(td, s, w->err, w->errlen)) {
			return kallsyms_first(w);
		}
	}
	if (page_layout(w) || check_printk(td, w->err, w->errlen) ||
	    tracedat_walk_formats(td, f, take_format, w, w->err, w->errlen))
		return kallsyms_first(w);
	record_bounds_seal(&w->texts->bounds);
	return 0;
}

/**
 * tracedat_check_texts - check the metadata libtraceevent would parse
 * @td: an open file
 * @texts: filled with what the check learned: the page header's layout
 *	   and the bounds of each event's records; release it with
 *	   tracedat_texts_release(), also after a failure
 * @err: message on failure
 * @errlen: size of @err
 *
 * Inflates every metadata section and checks the header_page layout, the
 * printk formats and the event formats as a kernel writes them:
 * libtraceevent 1.7 dereferences NULL or reads past its buffers on some
 * that are not. An event format whose print format is not is no error:
 * it is noted in texts->not_understood, for the readers to refuse when
 * they need it. For every reader of the file. The kallsyms section is
 * left unchecked (texts->kallsyms_unchecked) unless another check fails:
 * whoever reads the file checks it with tracedat_check_section() first.
 *
 * Returns 0, or -1 with @err set to what is wrong and where.
 */
int tracedat_check_texts(const struct tracedat *td, struct tracedat_texts *texts, char *err,
			 size_t errlen)
{
	struct text_walk w = { .td = td, .texts = texts, .err = err, .errlen = errlen };

	memset(texts, 0, sizeof(*texts));
	texts->bounds.layout.big_endian = td->big_endian;
	texts->bounds.layout.swap = td->big_endian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	return check_texts(&w);
}

/**
 * tracedat_texts_release - free what tracedat_check_texts() learned
 * @texts: the result
 */
void tracedat_texts_release(struct tracedat_texts *texts)
{
	record_bounds_release(&texts->bounds);
	tracedat_formats_release(&texts->formats);
	not_understood_release(&texts->not_understood);
}
