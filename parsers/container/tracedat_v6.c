// SPDX-License-Identifier: GPL-2.0-only
/*
 * The version 6 layout (man 5 trace-cmd.dat.v6). After the CPU table of a
 * "flyrecord" comes the clock, "[name]" with an 8-byte size, when the file
 * has a TRACECLOCK option; the data that follows is page-aligned.
 */
#include <stdlib.h>
#include <string.h>

#include "tracedat_local.h"

/* A size of @bytes bytes, then that many bytes of data. */
static int skip_sized(struct td_open *o, struct td_cursor *c, int bytes, const char *what)
{
	uint64_t at = c->pos, size;
	uint32_t size32;

	if (bytes == 4 ? td_u32(c, &size32) : td_u64(c, &size))
		return td_truncated(o, what, at);
	if (bytes == 4)
		size = size32;
	if (td_bytes(c, size, NULL))
		return td_error(o->err, o->errlen,
				"%s of %llu bytes at offset %llu runs past the end of the file",
				what, (unsigned long long)size, (unsigned long long)at);
	return 0;
}

static int expect_tag(struct td_open *o, struct td_cursor *c, const char *tag, size_t len)
{
	const unsigned char *p;
	uint64_t at = c->pos;

	if (td_bytes(c, len, &p) || memcmp(p, tag, len))
		return td_error(o->err, o->errlen, "expected \"%s\" at offset %llu", tag,
				(unsigned long long)at);
	return 0;
}

static void set_plain(struct tracedat_location *loc, uint64_t start, uint64_t end)
{
	loc->present = true;
	loc->compressed = false;
	loc->offset = start;
	loc->size = end - start;
	loc->usize = loc->size;
}

static int v6_header_info(struct td_open *o, struct td_cursor *c)
{
	uint64_t start = c->pos;

	if (expect_tag(o, c, "header_page", 12) ||
	    skip_sized(o, c, 8, "header_page") ||
	    expect_tag(o, c, "header_event", 13) ||
	    skip_sized(o, c, 8, "header_event"))
		return -1;
	set_plain(&o->td->sections[TRACEDAT_SEC_HEADER_INFO], start, c->pos);
	return 0;
}

static int v6_count(struct td_open *o, struct td_cursor *c, uint32_t *n, const char *what)
{
	uint64_t at = c->pos;

	if (td_u32(c, n))
		return td_truncated(o, what, at);
	if (*n > TD_MAX_FORMATS)
		return td_error(o->err, o->errlen, "absurd %s count %u at offset %llu", what,
				*n, (unsigned long long)at);
	return 0;
}

static int v6_ftrace_events(struct td_open *o, struct td_cursor *c)
{
	uint64_t start = c->pos;
	uint32_t n, i;

	if (v6_count(o, c, &n, "ftrace event"))
		return -1;
	for (i = 0; i < n; i++)
		if (skip_sized(o, c, 8, "ftrace event format"))
			return -1;
	set_plain(&o->td->sections[TRACEDAT_SEC_FTRACE_EVENTS], start, c->pos);
	return 0;
}

static int v6_system(struct td_open *o, struct td_cursor *c)
{
	uint64_t at = c->pos;
	const char *name;
	uint32_t n, i;
	size_t len;

	if (td_string(c, &name, &len))
		return td_error(o->err, o->errlen, "bad event system name at offset %llu",
				(unsigned long long)at);
	if (v6_count(o, c, &n, "event"))
		return -1;
	for (i = 0; i < n; i++)
		if (skip_sized(o, c, 8, "event format"))
			return -1;
	return 0;
}

static int v6_event_formats(struct td_open *o, struct td_cursor *c)
{
	uint64_t start = c->pos;
	uint32_t n, i;

	if (v6_count(o, c, &n, "event system"))
		return -1;
	for (i = 0; i < n; i++)
		if (v6_system(o, c))
			return -1;
	set_plain(&o->td->sections[TRACEDAT_SEC_EVENT_FORMATS], start, c->pos);
	return 0;
}

static int v6_text(struct td_open *o, struct td_cursor *c, enum tracedat_section sec,
		   int bytes)
{
	uint64_t start = c->pos;

	if (skip_sized(o, c, bytes, tracedat_section_name(sec)))
		return -1;
	set_plain(&o->td->sections[sec], start, c->pos);
	return 0;
}

static int v6_cpus(struct td_open *o, struct td_cursor *c)
{
	uint64_t at = c->pos;
	uint32_t n;

	if (td_u32(c, &n))
		return td_truncated(o, "CPU count", at);
	if (!n || n > TRACEDAT_MAX_CPUS)
		return td_error(o->err, o->errlen, "bad CPU count %u at offset %llu", n,
				(unsigned long long)at);
	o->td->nr_cpus = n;
	return 0;
}

static int v6_metadata(struct td_open *o, struct td_cursor *c)
{
	if (v6_header_info(o, c) || v6_ftrace_events(o, c) || v6_event_formats(o, c) ||
	    v6_text(o, c, TRACEDAT_SEC_KALLSYMS, 4) ||
	    v6_text(o, c, TRACEDAT_SEC_PRINTK, 4) ||
	    v6_text(o, c, TRACEDAT_SEC_CMDLINES, 8))
		return -1;
	return v6_cpus(o, c);
}

static int v6_options(struct td_open *o, struct td_cursor *c)
{
	uint64_t at;
	uint16_t id;

	for (;;) {
		at = c->pos;
		if (td_u16(c, &id))
			return td_truncated(o, "options", at);
		if (id == TRACEDAT_OPTION_DONE)
			return 0;
		if (td_option_data(o, c, id))
			return -1;
	}
}

static int v6_clock(struct td_open *o, struct td_cursor *c, struct tracedat_buffer *b)
{
	const unsigned char *text;
	uint64_t size;

	/* Only written when the TRACECLOCK option is; unreadable means unknown. */
	if (!o->has_clock_option || td_u64(c, &size) || size > TD_MAX_STRING ||
	    td_bytes(c, size, &text))
		return 0;
	if (td_bracketed((const char *)text, size, &b->clock))
		return td_nomem(o);
	return 0;
}

/* "flyrecord\0" was read: the CPUs' offset and size pairs, then the clock. */
static int v6_flyrecord(struct td_open *o, struct td_cursor *c, struct tracedat_buffer *b,
			int nr_cpus)
{
	struct tracedat_cpu *cpu;
	uint64_t at;
	int i;

	b->cpus = calloc(nr_cpus, sizeof(*b->cpus));
	if (!b->cpus)
		return td_nomem(o);
	b->nr_cpus = nr_cpus;
	b->page_size = o->td->page_size;
	for (i = 0; i < nr_cpus; i++) {
		cpu = &b->cpus[i];
		at = c->pos;
		cpu->cpu = i;
		cpu->data.present = true;
		if (td_u64(c, &cpu->data.offset) || td_u64(c, &cpu->data.size))
			return td_truncated(o, "flyrecord CPU table", at);
		cpu->data.usize = cpu->data.size;
		if (td_cpu_range(o, cpu, 0, o->td->file_size, at))
			return -1;
	}
	return v6_clock(o, c, b);
}

static int v6_top(struct td_open *o, struct td_cursor *c)
{
	struct tracedat_buffer top = { 0 };
	uint64_t at = c->pos;
	const unsigned char *tag;

	if (td_bytes(c, 10, &tag))
		return td_truncated(o, "data tag", at);
	o->top_offset = at;
	if (!memcmp(tag, "latency  ", 10))
		return td_error(o->err, o->errlen, "latency (text) traces are not supported");
	if (memcmp(tag, TRACEDAT_TAG_FLYRECORD, TRACEDAT_TAG_LEN))
		return td_error(o->err, o->errlen, "expected \"flyrecord\" at offset %llu",
				(unsigned long long)at);
	top.name = strdup("");
	if (!top.name)
		return td_nomem(o);
	if (v6_flyrecord(o, c, &top, o->td->nr_cpus) || td_add_buffer(o, &top)) {
		td_buffer_free(&top);
		return -1;
	}
	return 0;
}

static bool overlap(uint64_t a, uint64_t a_len, uint64_t b, uint64_t b_len)
{
	return a < b + b_len && b < a + a_len;
}

/* Tables apart, so that a small file cannot claim many large buffers. */
static int v6_shared(struct td_open *o, struct td_pbuf *p, int nr_cpus)
{
	uint64_t top_len = 10 + 16ULL * o->td->nr_cpus;
	int i;

	p->v6_len = 10 + 16ULL * nr_cpus;
	if (!td_fits(p->offset, p->v6_len, o->td->file_size))
		return 0;	/* reported when it is read */
	for (i = 0; &o->pbufs[i] != p; i++)
		if (overlap(p->offset, p->v6_len, o->pbufs[i].offset, o->pbufs[i].v6_len))
			break;
	if (!overlap(p->offset, p->v6_len, o->top_offset, top_len) && &o->pbufs[i] == p)
		return 0;
	return td_error(o->err, o->errlen, "buffer '%s' shares its CPU table at offset %llu",
			p->buf.name, (unsigned long long)p->offset);
}

static int v6_named(struct td_open *o, struct td_pbuf *p)
{
	struct td_cursor c;
	int nr_cpus = p->v6_cpus ? p->v6_cpus : o->td->nr_cpus;

	if (v6_shared(o, p, nr_cpus))
		return -1;
	td_cursor_init(&c, o->td->map, p->offset, o->td->file_size, o->td->big_endian);
	if (expect_tag(o, &c, TRACEDAT_TAG_FLYRECORD, TRACEDAT_TAG_LEN) ||
	    v6_flyrecord(o, &c, &p->buf, nr_cpus))
		return -1;
	return td_add_buffer(o, &p->buf);
}

/**
 * td_v6_layout - read a version 6 file after its file header
 * @o: the file being opened
 * @c: just after the page size
 *
 * Everything comes in a fixed order: header info, ftrace and event formats,
 * kallsyms, printk formats, cmdlines, the CPU count, options, "flyrecord"
 * and the top instance's CPU table; named instances are found through
 * their BUFFER options. Returns 0, or -1 with the error set.
 */
int td_v6_layout(struct td_open *o, struct td_cursor *c)
{
	int i;

	if (v6_metadata(o, c))
		return -1;
	if (c->end - c->pos >= TRACEDAT_TAG_LEN &&
	    !memcmp(c->base + c->pos, TRACEDAT_TAG_OPTIONS, TRACEDAT_TAG_LEN)) {
		c->pos += 10;
		if (v6_options(o, c))
			return -1;
	}
	if (v6_top(o, c))
		return -1;
	for (i = 0; i < o->nr_pbufs; i++)
		if (v6_named(o, &o->pbufs[i]))
			return -1;
	return 0;
}
