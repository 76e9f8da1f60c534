// SPDX-License-Identifier: GPL-2.0-only
/*
 * A real trace as the template of made ones (trace_template.h).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "trace_template.h"

#define ERRLEN		512
#define OPTION_DATE	1
#define MAX_OPTIONS	(TRACEDAT_NR_SECTIONS + 8)

static int complain(const char *what, const char *err)
{
	fprintf(stderr, "trace_template: %s: %s\n", what, err);
	return -1;
}

static int keep_format(void *data, const char *system, const char *format, size_t len)
{
	struct template *t = data;
	struct template_format *f;

	if (!strcmp(system, "ftrace"))
		return 0;
	f = realloc(t->formats, (t->nr_formats + 1) * sizeof(*f));
	if (!f)
		return 1;
	t->formats = f;
	f = &t->formats[t->nr_formats];
	f->system = strdup(system);
	f->text = strndup(format, len);
	if (!f->system || !f->text)
		return 1;
	t->nr_formats++;
	return 0;
}

static int load_sections(struct template *t)
{
	char err[ERRLEN];
	size_t len;
	void *data;

	static const int empty_size[TRACEDAT_NR_SECTIONS] = {
		[TRACEDAT_SEC_KALLSYMS] = 4, [TRACEDAT_SEC_PRINTK] = 4,
		[TRACEDAT_SEC_CMDLINES] = 8,
	};

	for (int i = 0; i < TRACEDAT_NR_SECTIONS; i++) {
		if (i == TRACEDAT_SEC_EVENT_FORMATS)
			continue;
		if (!t->td->sections[i].present) {
			tracedat_bytes_put_num(&t->sec[i], 0, empty_size[i]);
			continue;
		}
		if (tracedat_read_section(t->td, i, &data, &len, err, sizeof(err)))
			return complain(tracedat_section_name(i), err);
		tracedat_bytes_put(&t->sec[i], data, len);
		free(data);
	}
	return 0;
}

/**
 * template_load() - a trace as a template
 * @path: the trace.dat file (any version, compressed or not)
 * @t: filled; free with template_free()
 *
 * Return: 0, or -1 with a message on stderr.
 */
int template_load(const char *path, struct template *t)
{
	char err[ERRLEN];

	memset(t, 0, sizeof(*t));
	if (tracedat_open(path, &t->td, err, sizeof(err)))
		return complain(path, err);
	if (event_formats_open(t->td, NULL, &t->ef, err, sizeof(err)) ||
	    event_formats_parse_open(&t->ef, NULL, NULL, NULL, err, sizeof(err)))
		return complain(path, err);
	if (tracedat_for_each_format(t->td, keep_format, t, err, sizeof(err)))
		return complain(path, "cannot keep its formats");
	snprintf(t->uname, sizeof(t->uname), "%s", t->td->uname ? t->td->uname : "");
	snprintf(t->clock, sizeof(t->clock), "%s",
		 t->td->trace_clock ? t->td->trace_clock : "local");
	return load_sections(t);
}

void template_free(struct template *t)
{
	for (int i = 0; i < t->nr_formats; i++) {
		free(t->formats[i].system);
		free(t->formats[i].text);
	}
	free(t->formats);
	for (int i = 0; i < TRACEDAT_NR_SECTIONS; i++)
		tracedat_bytes_free(&t->sec[i]);
	event_formats_free(&t->ef);
	tracedat_close(t->td);
}

/* Whether @text is the format of event @name ("name: NAME\n" first). */
static bool format_of(const char *text, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(text, "name: ", 6) && !strncmp(text + 6, name, n) && text[6 + n] == '\n';
}

/**
 * template_set_format() - replace an event's format text
 * @t: the template
 * @system: its system
 * @name: its name
 * @text: the new format
 *
 * Return: 0, or -1 when the template has no such event.
 */
int template_set_format(struct template *t, const char *system, const char *name,
			const char *text)
{
	for (int i = 0; i < t->nr_formats; i++) {
		if (strcmp(t->formats[i].system, system) || !format_of(t->formats[i].text, name))
			continue;
		free(t->formats[i].text);
		t->formats[i].text = strdup(text);
		return t->formats[i].text ? 0 : -1;
	}
	return -1;
}

/**
 * template_add_format() - one more event format, in a system of its own or not
 * @t: the template
 * @system: its system name, any bytes
 * @text: the format
 *
 * Return: 0, or -1 when memory runs out.
 */
int template_add_format(struct template *t, const char *system, const char *text)
{
	return keep_format(t, system, text, strlen(text)) ? -1 : 0;
}

/* The event formats section: systems in first-seen order, each with its formats. */
static void put_formats(struct template *t, struct tracedat_bytes *b)
{
	int systems = 0;

	for (int i = 0; i < t->nr_formats; i++) {
		bool first = true;

		for (int k = 0; k < i; k++)
			first &= strcmp(t->formats[k].system, t->formats[i].system) != 0;
		systems += first;
	}
	tracedat_bytes_put_num(b, systems, 4);
	for (int i = 0; i < t->nr_formats; i++) {
		bool first = true;
		int count = 0;

		for (int k = 0; k < i; k++)
			first &= strcmp(t->formats[k].system, t->formats[i].system) != 0;
		if (!first)
			continue;
		for (int k = i; k < t->nr_formats; k++)
			count += !strcmp(t->formats[k].system, t->formats[i].system);
		tracedat_bytes_put_str(b, t->formats[i].system);
		tracedat_bytes_put_num(b, count, 4);
		for (int k = i; k < t->nr_formats; k++)
			if (!strcmp(t->formats[k].system, t->formats[i].system))
				tracedat_bytes_put_sized(b, 8, t->formats[k].text,
							 strlen(t->formats[k].text));
	}
}

/**
 * template_payload() - start the payload of an event, its common fields set
 * @t: the template
 * @system: the event's system
 * @name: its name
 * @pid: common_pid
 * @p: the payload, its fields 0 otherwise
 *
 * Return: 0, or -1 when the template has no such event.
 */
int template_payload(struct template *t, const char *system, const char *name, int pid,
		     struct payload *p)
{
	memset(p, 0, sizeof(*p));
	p->event = tep_find_event_by_name(t->ef.tep, system, name);
	if (!p->event)
		return -1;
	for (const struct tep_format_field *f = p->event->format.fields; f; f = f->next)
		if ((uint32_t)(f->offset + f->size) > p->len)
			p->len = f->offset + f->size;
	payload_num(p, "common_type", p->event->id);
	payload_num(p, "common_pid", pid);
	return 0;
}

static struct tep_format_field *field(struct payload *p, const char *name)
{
	struct tep_format_field *f = tep_find_any_field(p->event, name);

	if (!f || f->offset < 0 || f->size < 0 ||
	    (size_t)f->offset + f->size > sizeof(p->data)) {
		fprintf(stderr, "trace_template: %s has no field %s\n", p->event->name, name);
		exit(2);
	}
	return f;
}

/**
 * payload_num() - set a number field
 * @p: the payload
 * @field: its name (the program exits when there is none)
 * @v: the value, cut to the field's size
 */
void payload_num(struct payload *p, const char *name, uint64_t v)
{
	struct tep_format_field *f = field(p, name);

	memcpy(p->data + f->offset, &v, f->size < 8 ? (size_t)f->size : 8);
}

/**
 * payload_str() - set a string field: a fixed array, a __data_loc one or
 *	the trailing char buf[] of ftrace:print
 * @p: the payload
 * @field: its name
 * @s: the bytes, cut to what fits
 */
void payload_str(struct payload *p, const char *name, const char *s)
{
	struct tep_format_field *f = field(p, name);
	size_t n = strlen(s) + 1;

	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		if (n > sizeof(p->data) - p->len)
			n = sizeof(p->data) - p->len;
		memcpy(p->data + p->len, s, n);
		payload_num(p, name, p->len | (uint64_t)n << 16);
		p->len += n;
	} else if (!f->size) {
		if (n > sizeof(p->data) - f->offset)
			n = sizeof(p->data) - f->offset;
		memcpy(p->data + f->offset, s, n);
		if (f->offset + n > p->len)
			p->len = f->offset + n;
	} else {
		memset(p->data + f->offset, 0, f->size);
		memcpy(p->data + f->offset, s, n < (size_t)f->size ? n : (size_t)f->size);
	}
}

struct file {
	struct tracedat_desc_section	secs[TRACEDAT_NR_SECTIONS + 2];
	struct tracedat_desc_option	opts[MAX_OPTIONS];
	struct tracedat_desc_cpu	*cpus;
	struct tracedat_bytes		count;
	int				nr_opts;
};

static void option(struct file *f, struct tracedat_desc_option o)
{
	if (f->nr_opts < MAX_OPTIONS)
		f->opts[f->nr_opts++] = o;
}

static void text_option(struct file *f, uint16_t id, const char *text)
{
	option(f, (struct tracedat_desc_option){ .id = id, .data = text,
						 .len = strlen(text) + 1 });
}

/* libtracecmd takes a compressor only at the version it has itself. */
static const char *compressor_version(const char *name)
{
	if (!strcmp(name, "zlib"))
		return zlibVersion();
	if (!strcmp(name, "zstd"))
		return ZSTD_versionString();
	return "";
}

static void describe(struct template *t, const struct template_out *o, struct file *f,
		     struct tracedat_desc *d)
{
	bool comp = strcmp(o->compression, "none") != 0;
	int n = 0;

	for (int i = 0; i < TRACEDAT_NR_SECTIONS; i++) {
		f->secs[n] = (struct tracedat_desc_section){
			.kind = TRACEDAT_DESC_DATA, .id = TRACEDAT_OPTION_HEADER_INFO + i,
			.flags = comp, .compress = comp, .data = t->sec[i].p, .len = t->sec[i].len };
		option(f, (struct tracedat_desc_option){ .kind = TRACEDAT_OPT_OFFSET,
			.id = TRACEDAT_OPTION_HEADER_INFO + i, .target = &f->secs[n++] });
	}
	for (int k = 0; k < o->nr_data; k++)
		f->cpus[k] = (struct tracedat_desc_cpu){ .cpu = o->data[k].cpu,
			.data = o->data[k].data, .len = o->data[k].len, .repeat = o->data[k].repeat };
	f->secs[n] = (struct tracedat_desc_section){ .kind = TRACEDAT_DESC_BUFFER,
		.id = TRACEDAT_OPTION_BUFFER, .flags = comp, .compress = comp, .name = "",
		.clock = t->clock, .nr_cpus = o->nr_data, .cpus = f->cpus };
	option(f, (struct tracedat_desc_option){ .kind = TRACEDAT_OPT_BUFFER,
		.id = TRACEDAT_OPTION_BUFFER, .target = &f->secs[n++] });
	if (t->uname[0])
		text_option(f, TRACEDAT_OPTION_UNAME, t->uname);
	if (t->td->trace_clocks)
		text_option(f, TRACEDAT_OPTION_TRACECLOCK, t->td->trace_clocks);
	if (o->date)
		text_option(f, OPTION_DATE, "0x0");
	tracedat_bytes_put_num(&f->count, o->nr_cpus, 4);
	option(f, (struct tracedat_desc_option){ .id = TRACEDAT_OPTION_CPUCOUNT,
						 .data = f->count.p, .len = 4 });
	f->secs[n] = (struct tracedat_desc_section){ .kind = TRACEDAT_DESC_OPTIONS,
		.options = f->opts, .nr_options = f->nr_opts };
	*d = (struct tracedat_desc){ .version = 7, .long_size = 8,
		.page_size = t->td->page_size, .compression = o->compression,
		.compression_version = compressor_version(o->compression), .first_options = &f->secs[n],
		.chunk_size = o->chunk_size, .nr_sections = n + 1, .sections = f->secs };
}

/**
 * template_write() - a version 7 file of the template's metadata and @o's data
 * @t: the template (its event formats as edited)
 * @o: the CPU data and how to write it
 * @path: the file written
 * @layout: where things went (free with tracedat_layout_free()), or NULL
 *
 * Return: 0, or -1 with a message on stderr.
 */
int template_write(struct template *t, const struct template_out *o, const char *path,
		   struct tracedat_layout *layout)
{
	struct tracedat_layout own;
	struct tracedat_desc d;
	char err[ERRLEN];
	struct file f;
	int fd, ret;

	memset(&f, 0, sizeof(f));
	tracedat_bytes_free(&t->sec[TRACEDAT_SEC_EVENT_FORMATS]);
	put_formats(t, &t->sec[TRACEDAT_SEC_EVENT_FORMATS]);
	f.cpus = calloc(o->nr_data + 1, sizeof(*f.cpus));
	if (!f.cpus)
		return complain(path, "out of memory");
	describe(t, o, &f, &d);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return complain(path, "cannot create");
	ret = tracedat_build_fd(&d, fd, path, layout ? layout : &own, err, sizeof(err));
	if (!ret && !layout)
		tracedat_layout_free(&own);
	close(fd);
	free(f.cpus);
	tracedat_bytes_free(&f.count);
	return ret ? complain(path, err) : 0;
}
