// SPDX-License-Identifier: GPL-2.0-only
/*
 * The version 7 layout (man 5 trace-cmd.dat.v7): sections with a 16-byte
 * header (id, flags, description string id, size), found through options
 * sections chained by their DONE option.
 */
#include <stdlib.h>
#include <string.h>

#include "tracedat_local.h"

static int section_header(struct td_open *o, uint64_t offset, uint16_t want,
			  struct tracedat_location *loc)
{
	struct tracedat *td = o->td;
	struct td_cursor c;
	uint16_t id, flags;
	uint32_t desc;

	td_cursor_init(&c, td->map, offset, td->file_size, td->big_endian);
	if (td_u16(&c, &id) || td_u16(&c, &flags) || td_u32(&c, &desc) ||
	    td_u64(&c, &loc->size))
		return td_truncated(o, "section header", offset);
	if (id != want)
		return td_error(o->err, o->errlen,
				"expected section %u at offset %llu, found section %u",
				want, (unsigned long long)offset, id);
	if (flags & ~TRACEDAT_FLAG_COMPRESS)
		return td_error(o->err, o->errlen, "unknown flags 0x%x of section at offset %llu",
				flags, (unsigned long long)offset);
	loc->present = true;
	loc->offset = c.pos;
	loc->compressed = flags & TRACEDAT_FLAG_COMPRESS;
	loc->usize = loc->size;
	if (!td_fits(loc->offset, loc->size, td->file_size))
		return td_error(o->err, o->errlen,
				"section at offset %llu of %llu bytes runs past the end of the file",
				(unsigned long long)offset, (unsigned long long)loc->size);
	if (loc->compressed && td_alg(td) == TD_ALG_NONE)
		return td_error(o->err, o->errlen,
				"section at offset %llu is compressed in an uncompressed file",
				(unsigned long long)offset);
	return 0;
}

static int v7_options_data(struct td_open *o, struct td_cursor *c, uint64_t *next)
{
	uint64_t at;
	uint32_t size;
	uint16_t id;

	for (;;) {
		at = c->pos;
		if (td_u16(c, &id))
			return td_error(o->err, o->errlen,
					"options section ends without DONE at offset %llu",
					(unsigned long long)at);
		if (id != TRACEDAT_OPTION_DONE) {
			if (td_option_data(o, c, id))
				return -1;
			continue;
		}
		if (td_u32(c, &size) || size != 8 || td_u64(c, next))
			return td_error(o->err, o->errlen, "bad DONE option at offset %llu",
					(unsigned long long)at);
		return 0;
	}
}

static int v7_options_section(struct td_open *o, uint64_t offset, uint64_t *next)
{
	struct tracedat *td = o->td;
	struct tracedat_location loc = { 0 };
	struct td_cursor c;
	unsigned char *buf = NULL;
	uint64_t len;
	int ret;

	if (section_header(o, offset, TRACEDAT_OPTION_DONE, &loc))
		return -1;
	if (!loc.compressed) {
		td_cursor_init(&c, td->map, loc.offset, loc.offset + loc.size, td->big_endian);
		return v7_options_data(o, &c, next);
	}
	if (td_check_block(td, &loc, o->err, o->errlen))
		return -1;
	o->inflated += loc.usize;
	if (o->inflated > TRACEDAT_MAX_OPTIONS_SIZE)
		return td_error(o->err, o->errlen, "compressed options sections inflate to more "
				"than %llu MiB", TRACEDAT_MAX_OPTIONS_SIZE >> 20);
	if (td_load(td, &loc, TRACEDAT_MAX_OPTIONS_SIZE, &buf, &len, o->err, o->errlen))
		return -1;
	td_cursor_init(&c, buf, 0, len, td->big_endian);
	ret = v7_options_data(o, &c, next);
	free(buf);
	return ret;
}

static int v7_options(struct td_open *o, uint64_t offset)
{
	uint64_t seen[TD_MAX_OPTION_SECTIONS];
	int n = 0, i;

	while (offset) {
		if (n == TD_MAX_OPTION_SECTIONS)
			return td_error(o->err, o->errlen, "more than %d options sections",
					TD_MAX_OPTION_SECTIONS);
		for (i = 0; i < n; i++)
			if (seen[i] == offset)
				return td_error(o->err, o->errlen,
						"options sections loop back to offset %llu",
						(unsigned long long)offset);
		seen[n++] = offset;
		if (v7_options_section(o, offset, &offset))
			return -1;
	}
	return 0;
}

static int v7_metadata(struct td_open *o)
{
	struct tracedat *td = o->td;
	struct tracedat_location *loc;
	int i;

	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++) {
		if (!o->sec_offset[i])
			continue;
		loc = &td->sections[i];
		if (section_header(o, o->sec_offset[i], TRACEDAT_OPTION_HEADER_INFO + i, loc))
			return -1;
		if (loc->compressed && td_check_block(td, loc, o->err, o->errlen))
			return -1;
		if (loc->usize > TRACEDAT_MAX_SECTION)
			return td_error(o->err, o->errlen, "%s section of %llu bytes is too large",
					tracedat_section_name(i),
					(unsigned long long)loc->usize);
	}
	return 0;
}

static int v7_cpu(struct td_open *o, struct tracedat_cpu *cpu,
		  const struct tracedat_location *sec, uint64_t at)
{
	uint64_t end = sec->offset + sec->size;

	if (td_cpu_range(o, cpu, sec->offset, end, at))
		return -1;
	if (!sec->compressed || !cpu->data.size)
		return 0;
	return td_check_chunks(o->td, &cpu->data, end, &o->chunk_budget, o->err, o->errlen);
}

static int v7_buffer(struct td_open *o, struct td_pbuf *p)
{
	struct tracedat_location sec = { 0 };
	int i;

	if (section_header(o, p->offset, TRACEDAT_OPTION_BUFFER, &sec))
		return -1;
	for (i = 0; i < p->buf.nr_cpus; i++)
		if (v7_cpu(o, &p->buf.cpus[i], &sec, p->offset))
			return -1;
	return td_add_buffer(o, &p->buf);
}

/**
 * td_v7_layout - read a version 7 file after its compression header
 * @o: the file being opened
 * @c: at the offset of the first options section
 *
 * Options sections are chained by their DONE option; they locate the
 * metadata sections and describe the buffers, whose sections and CPU data
 * are then checked. Returns 0, or -1 with the error set.
 */
int td_v7_layout(struct td_open *o, struct td_cursor *c)
{
	uint64_t first;
	int i;

	if (td_u64(c, &first))
		return td_truncated(o, "file header", c->pos);
	if (!first)
		return td_error(o->err, o->errlen, "no options section");
	if (v7_options(o, first) || v7_metadata(o))
		return -1;
	if (o->latency)
		return td_error(o->err, o->errlen, "latency (text) traces are not supported");
	for (i = 0; i < o->nr_pbufs; i++)
		if (v7_buffer(o, &o->pbufs[i]))
			return -1;
	return 0;
}
