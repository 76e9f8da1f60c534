/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What libtracecmd and libtraceevent trust without checking, checked
 * before they see a file. The texts libtraceevent parses, for any reader:
 * the sections inflate, header_page, printk and event formats are as a
 * kernel writes them. And for libtracecmd's reader, the data: every
 * compressed chunk inflates, every ring-buffer page holds a commit inside
 * the page and a chain of events inside the commit, each as long as its
 * format (kbuffer walks the page with no bounds at all).
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print_format.h"
#include "tracedat_local.h"

/* The ring buffer's page header: timestamp, then commit (a long) with flags. */
#define RB_MISSING_EVENTS	(1ULL << 31)
#define RB_MISSING_STORED	(1ULL << 30)
#define RB_COMMIT_MASK		((1ULL << 27) - 1)
/* Event header: 5 bits of type_len, 27 of time delta. */
#define RB_TYPE_LEN_MAX_DATA	28
#define RB_TYPE_PADDING		29
#define RB_TYPE_TIME_EXTEND	30
#define RB_TYPE_TIME_STAMP	31
/* Every event has type, flags, preempt count and pid before its fields. */
#define RB_MIN_EVENT		8

#define MAX_DYNAMIC_FIELDS	16
/* "\tfield:DECL;\toffset:N;\tsize:N;\tsigned:N;", signed missing in old kernels */
#define FIELD_LINE	"^\tfield:([^;]+);\toffset:([0-9]+);\tsize:([0-9]+);(\tsigned:[0-9]+;)?$"

/* What a record of one event id must hold for libtraceevent to read it. */
struct event_layout {
	unsigned int	id;
	uint64_t	min_len;		/* end of its last fixed field */
	int		nr_dynamic;
	uint16_t	dynamic[MAX_DYNAMIC_FIELDS];	/* __data_loc or __rel_loc words */
	bool		relative[MAX_DYNAMIC_FIELDS];
};

struct page_walk {
	const struct tracedat	*td;
	int			commit_size;	/* the kernel's long: 4 or 8 */
	uint64_t		page_size;
	struct event_layout	*events;	/* sorted by id */
	int			nr_events;
	int			cap_events;
	regex_t			field_re;
	char			*err;
	size_t			errlen;
};

static uint64_t load(const struct tracedat *td, const unsigned char *p, int bytes)
{
	uint64_t v = 0;

	for (int i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (td->big_endian ? (bytes - 1 - i) * 8 : i * 8);
	return v;
}

/* Whether every non-empty line of @text matches @re. */
static bool lines_match(const regex_t *re, char *text)
{
	char *line, *save = NULL;

	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (regexec(re, line, 0, NULL, 0))
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
static int page_layout(struct page_walk *w)
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
	    data_off != 8 + commit_size || !lines_match(&w->field_re, text))
		ret = td_error(w->err, w->errlen,
			       "header_page describes no ring-buffer page layout a kernel writes");
	else
		w->commit_size = commit_size;
	free(text);
	return ret;
}

static int bad_format(struct page_walk *w, const char *system, const char *what)
{
	return td_error(w->err, w->errlen, "malformed format of an event of system '%.64s': %s",
			system, what);
}

static struct event_layout *new_layout(struct page_walk *w, unsigned int id)
{
	struct event_layout *e;

	for (int i = 0; i < w->nr_events; i++)
		if (w->events[i].id == id)
			return NULL;
	if (w->nr_events == w->cap_events) {
		int cap = w->cap_events ? 2 * w->cap_events : 64;

		e = realloc(w->events, cap * sizeof(*e));
		if (!e)
			return NULL;
		w->events = e;
		w->cap_events = cap;
	}
	e = &w->events[w->nr_events++];
	memset(e, 0, sizeof(*e));
	e->id = id;
	return e;
}

/* The names of an event's fields, for its print format's REC->name. */
struct field_names {
	char	**names;
	int	nr;
};

static int add_name(struct field_names *f, const char *decl, size_t len)
{
	size_t end, start;
	char **names;

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
	names = realloc(f->names, (f->nr + 1) * sizeof(*names));
	if (!names)
		return -1;
	f->names = names;
	f->names[f->nr] = strndup(decl + start, end - start);
	return f->names[f->nr++] ? 0 : -1;
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
			if (strlen(f->names[i]) == len && !strncmp(f->names[i], at, len))
				break;
		if (i == f->nr)
			return false;
	}
	return true;
}

/* One field line, into the layout of its event. */
static int take_field(struct page_walk *w, struct event_layout *e, struct field_names *names,
		      const char *line)
{
	regmatch_t m[4];
	long offset, size;

	if (regexec(&w->field_re, line, 4, m, 0) ||
	    add_name(names, line + m[1].rm_so, m[1].rm_eo - m[1].rm_so))
		return -1;
	offset = strtol(line + m[2].rm_so, NULL, 10);
	size = strtol(line + m[3].rm_so, NULL, 10);
	if (offset > 0xffff || size > 0xffff)
		return -1;
	if (!strncmp(line + m[1].rm_so, "__data_loc ", 11) ||
	    !strncmp(line + m[1].rm_so, "__rel_loc ", 10)) {
		if (size != 4 || e->nr_dynamic == MAX_DYNAMIC_FIELDS)
			return -1;
		e->relative[e->nr_dynamic] = line[m[1].rm_so + 2] == 'r';
		e->dynamic[e->nr_dynamic++] = offset;
	}
	if ((uint64_t)(offset + size) > e->min_len)
		e->min_len = offset + size;
	return 0;
}

/* The print format, to the end of the text: strings may hold newlines. */
static int check_print(struct page_walk *w, const char *system, const struct field_names *names,
		       const char *print, size_t len)
{
	char *text = strndup(print, len);
	int ret = 0;

	if (!text)
		return td_error(w->err, w->errlen, "out of memory");
	if (!fields_known(names, text))
		ret = bad_format(w, system, "a print format naming no field of the event");
	else if (!print_format_ok(text))
		ret = bad_format(w, system, "a print format that is not a C expression list");
	free(text);
	return ret;
}

/*
 * An event format as the kernel writes it: name, ID, "format:", field
 * lines, then the print format. libtraceevent's parser dereferences NULL
 * on some malformed ones (control bytes, for one); the print format itself
 * is left to it.
 */
static int take_format(void *data, const char *system, const char *format, size_t len)
{
	struct page_walk *w = data;
	struct event_layout *e = NULL;
	struct field_names names = { NULL, 0 };
	char *text, *line, *save = NULL;
	unsigned int id;
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
		else if (n == 2 && (sscanf(line, "ID: %u", &id) != 1 || id > 0xffff))
			ret = bad_format(w, system, "no ID");
		else if (n == 2 && !(e = new_layout(w, id)))
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
		ret = check_print(w, system, &names, format + (line - text) + 11,
				  len - (line - text) - 11);
	for (int i = 0; i < names.nr; i++)
		free(names.names[i]);
	free(names.names);
	free(text);
	return ret ? 1 : 0;
}

static int by_id(const void *a, const void *b)
{
	const struct event_layout *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

static int bad_page(struct page_walk *w, const char *what, uint64_t page, uint64_t at)
{
	return td_error(w->err, w->errlen, "%s in ring-buffer page %llu at byte %llu", what,
			(unsigned long long)page, (unsigned long long)at);
}

/* Everything libtraceevent reads of a record lies inside it. */
static bool record_fits(struct page_walk *w, const unsigned char *rec, uint64_t len)
{
	struct event_layout key = { .id = load(w->td, rec, 2) }, *e;

	e = bsearch(&key, w->events, w->nr_events, sizeof(*e), by_id);
	if (!e)
		return true;	/* printed as an unknown event */
	if (len < e->min_len)
		return false;
	for (int i = 0; i < e->nr_dynamic; i++) {
		uint32_t loc = load(w->td, rec + e->dynamic[i], 4);
		uint64_t start = loc & 0xffff, size = loc >> 16;

		if (e->relative[i])
			start += e->dynamic[i] + 4;
		if (start + size > len)
			return false;
	}
	return true;
}

/* One page: the commit inside it, every event inside the commit. */
static int check_page(struct page_walk *w, const unsigned char *page, uint64_t index)
{
	uint64_t header = 8 + w->commit_size, room = w->page_size - header;
	const unsigned char *data = page + header;
	uint64_t flags = load(w->td, page + 8, w->commit_size);
	uint64_t size = flags & RB_COMMIT_MASK, curr = 0, next, len;
	unsigned int type_len;
	uint32_t word;

	if (size > room)
		return bad_page(w, "commit past the end", index, 8);
	/* the count of lost events is stored after the data */
	if ((flags & RB_MISSING_EVENTS) && (flags & RB_MISSING_STORED) &&
	    size + w->commit_size > room)
		return bad_page(w, "lost-events count past the end", index, header + size);
	while (curr < size) {
		if (curr + 4 > size)
			return bad_page(w, "event header past the commit", index, header + curr);
		word = load(w->td, data + curr, 4);
		type_len = w->td->big_endian ? word >> 27 : word & 31;
		if (type_len == RB_TYPE_PADDING || type_len == RB_TYPE_TIME_EXTEND ||
		    type_len == RB_TYPE_TIME_STAMP || type_len == 0) {
			/* all read a second word */
			if (curr + 8 > room)
				return bad_page(w, "event past the end", index, header + curr);
			len = load(w->td, data + curr + 4, 4);
		}
		switch (type_len) {
		case RB_TYPE_PADDING:
			/* kbuffer adds the length with 32-bit wrap-around */
			if (len > w->page_size)
				return bad_page(w, "padding longer than a page", index,
						header + curr);
			next = curr + 4 + len;
			break;
		case RB_TYPE_TIME_EXTEND:
		case RB_TYPE_TIME_STAMP:
			next = curr + 8;
			break;
		case 0:
			if (len < 4 + RB_MIN_EVENT || len > room)
				return bad_page(w, "bad event length", index, header + curr);
			next = curr + 4 + ((len + 3) & ~3ULL);
			break;
		default:
			if (type_len * 4 < RB_MIN_EVENT)
				return bad_page(w, "event too short", index, header + curr);
			next = curr + 4 + type_len * 4;
			break;
		}
		if (next > size && type_len != RB_TYPE_PADDING)
			return bad_page(w, "event past the commit", index, header + curr);
		if (type_len <= RB_TYPE_LEN_MAX_DATA) {
			uint64_t at = curr + (type_len ? 4 : 8);

			if (!record_fits(w, data + at, next - at))
				return bad_page(w, "event shorter than its format", index,
						header + curr);
		}
		curr = next;
	}
	return 0;
}

/* libtracecmd maps a page inside one chunk: no page may straddle two. */
static int check_chunks(struct page_walk *w, const struct tracedat_cpu *cpu)
{
	const struct tracedat_location *loc = &cpu->data;
	struct td_cursor c;
	uint32_t n, zsize, usize;

	td_cursor_init(&c, w->td->map, loc->offset, loc->offset + loc->size, w->td->big_endian);
	if (td_u32(&c, &n))
		return td_error(w->err, w->errlen, "bad chunk table of CPU %d", cpu->cpu);
	for (uint32_t i = 0; i < n; i++) {
		if (td_u32(&c, &zsize) || td_u32(&c, &usize) || td_bytes(&c, zsize, NULL))
			return td_error(w->err, w->errlen, "bad chunk table of CPU %d", cpu->cpu);
		if (usize % w->page_size)
			return td_error(w->err, w->errlen,
					"compressed chunk %u of CPU %d holds %u bytes, not whole pages",
					i, cpu->cpu, usize);
	}
	return 0;
}

static int check_cpu(struct page_walk *w, const struct tracedat_buffer *b, int i)
{
	const struct tracedat_cpu *cpu = &b->cpus[i];
	unsigned char *data;
	size_t len;
	int ret = 0;

	if (!cpu->data.size)
		return 0;
	if (w->td->version == 6 && cpu->data.offset % w->page_size)
		return td_error(w->err, w->errlen, "CPU %d data at offset %llu is not page aligned",
				cpu->cpu, (unsigned long long)cpu->data.offset);
	if (tracedat_read_cpu(w->td, b, i, (void **)&data, &len, w->err, w->errlen))
		return -1;
	if (cpu->data.compressed && check_chunks(w, cpu)) {
		free(data);
		return -1;
	}
	if (len % w->page_size)
		ret = td_error(w->err, w->errlen, "%zu bytes, not a whole number of %llu-byte pages",
			       len, (unsigned long long)w->page_size);
	for (size_t p = 0; !ret && p < len / w->page_size; p++)
		ret = check_page(w, data + p * w->page_size, p);
	if (ret) {
		/* say whose page it is */
		char what[192];

		strncpy(what, w->err, sizeof(what) - 1);
		what[sizeof(what) - 1] = '\0';
		td_error(w->err, w->errlen, "%s, in the data of CPU %d%s%s", what, cpu->cpu,
			 b->name[0] ? " of buffer " : "", b->name);
	}
	free(data);
	return ret;
}

/*
 * libtraceevent takes what follows the first ':' of every line, even past
 * the end, and strips a quote and "\\n" off its end without looking at its
 * length: only lines as the kernel writes them, 0xADDR : "FORMAT", with a
 * FORMAT of two characters at least, are accepted.
 */
static int check_printk(const struct tracedat *td, char *err, size_t errlen)
{
	regex_t re;
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
	if (regcomp(&re, "^0x[0-9a-fA-F]+ : \".{2,}\"$", REG_EXTENDED | REG_NOSUB)) {
		free(text);
		return td_error(err, errlen, "out of memory");
	}
	for (line = strtok_r(text, "\n", &save); line && !ret; line = strtok_r(NULL, "\n", &save))
		if (regexec(&re, line, 0, NULL, 0))
			ret = td_error(err, errlen, "malformed printk format line '%.40s'", line);
	regfree(&re);
	free(text);
	return ret;
}

/* The metadata: sections inflate, header_page, printk and event formats. */
static int check_texts(struct page_walk *w)
{
	const struct tracedat *td = w->td;
	void *data;
	size_t len;

	for (int s = 0; s < TRACEDAT_NR_SECTIONS; s++) {
		if (!td->sections[s].present)
			continue;
		if (tracedat_read_section(td, s, &data, &len, w->err, w->errlen))
			return -1;
		free(data);
	}
	if (page_layout(w) || check_printk(td, w->err, w->errlen) ||
	    tracedat_for_each_format(td, take_format, w, w->err, w->errlen))
		return -1;
	qsort(w->events, w->nr_events, sizeof(*w->events), by_id);
	return 0;
}

/* The ring-buffer data of every buffer, with the layouts of check_texts(). */
static int check_pages(struct page_walk *w)
{
	const struct tracedat *td = w->td;

	for (int b = 0; b < td->nr_buffers; b++) {
		const struct tracedat_buffer *buf = &td->buffers[b];

		/* libtracecmd 3.1 reads every buffer with the file's page size */
		if (buf->page_size != td->page_size)
			return td_error(w->err, w->errlen,
					"buffer '%s' has pages of %u bytes, the file %u",
					buf->name, buf->page_size, td->page_size);
		w->page_size = buf->page_size;
		for (int i = 0; i < buf->nr_cpus; i++)
			if (check_cpu(w, buf, i))
				return -1;
	}
	return 0;
}

static int check(const struct tracedat *td, bool pages, char *err, size_t errlen)
{
	struct page_walk w = { .td = td, .err = err, .errlen = errlen };
	int ret;

	if (regcomp(&w.field_re, FIELD_LINE, REG_EXTENDED))
		return td_error(err, errlen, "out of memory");
	ret = check_texts(&w);
	if (!ret && pages)
		ret = check_pages(&w);
	regfree(&w.field_re);
	free(w.events);
	return ret;
}

/**
 * tracedat_check_texts - check the metadata libtraceevent would parse
 * @td: an open file
 * @err: message on failure
 * @errlen: size of @err
 *
 * Inflates every metadata section and checks the header_page layout, the
 * printk formats and the event formats (but not their print formats) as
 * a kernel writes them: libtraceevent 1.7 dereferences NULL or reads past
 * its buffers on some that are not. For every reader of the file.
 *
 * Returns 0, or -1 with @err set to what is wrong and where.
 */
int tracedat_check_texts(const struct tracedat *td, char *err, size_t errlen)
{
	return check(td, false, err, errlen);
}

/**
 * tracedat_check_data - check all that libtracecmd would trust
 * @td: an open file
 * @err: message on failure
 * @errlen: size of @err
 *
 * tracedat_check_texts(), then every CPU's data inflated and every
 * ring-buffer page of every buffer walked: its commit inside the page,
 * every event inside the commit, each as long as its format's fields
 * (libtracecmd 3.1 and its kbuffer make none of these checks, and crash
 * closing a file they failed to open). Reads the whole file: a cost
 * proportional to its size, for the libtracecmd reader only.
 *
 * Returns 0, or -1 with @err set to what is wrong and where.
 */
int tracedat_check_data(const struct tracedat *td, char *err, size_t errlen)
{
	return check(td, true, err, errlen);
}
