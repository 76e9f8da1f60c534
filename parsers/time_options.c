/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Walking the options of a trace.dat file by its documented layout (man 5
 * trace-cmd.dat.v6 and .v7) for the few that change timestamps. The file
 * was checked by tracedat_open(); every read is bounded again here.
 */
#include <stdlib.h>
#include <string.h>

#include "time_options.h"

#define OPT_DONE		0
#define OPT_DATE		1
#define OPT_OFFSET		7
#define OPT_TIME_SHIFT		12
#define OPT_TSC2NSEC		14
#define MAX_SECTIONS		1024
#define MAX_OPTIONS_SIZE	(256U << 20)
#define FLAG_COMPRESS		1

struct cursor {
	const unsigned char	*p;
	uint64_t		pos;
	uint64_t		end;
	bool			big_endian;
};

static int take(struct cursor *c, uint64_t n, const unsigned char **at)
{
	if (c->pos > c->end || n > c->end - c->pos)
		return -1;
	if (at)
		*at = c->p + c->pos;
	c->pos += n;
	return 0;
}

static int number(struct cursor *c, int bytes, uint64_t *v)
{
	const unsigned char *at;

	if (take(c, bytes, &at))
		return -1;
	*v = 0;
	for (int i = 0; i < bytes; i++)
		*v |= (uint64_t)at[i] << (8 * (c->big_endian ? bytes - 1 - i : i));
	return 0;
}

static int string(struct cursor *c)
{
	const unsigned char *nul;

	if (c->pos > c->end)
		return -1;
	nul = memchr(c->p + c->pos, '\0', c->end - c->pos);
	if (!nul)
		return -1;
	c->pos = nul - c->p + 1;
	return 0;
}

static bool changes_time(uint64_t id)
{
	return id == OPT_DATE || id == OPT_OFFSET || id == OPT_TIME_SHIFT || id == OPT_TSC2NSEC;
}

/* Options up to DONE: 1 when one changes time, 0, -1 when unreadable. */
static int options(struct cursor *c, uint64_t *next)
{
	uint64_t id, size;

	for (;;) {
		if (number(c, 2, &id) || number(c, 4, &size))
			return -1;
		if (changes_time(id))
			return 1;
		if (id == OPT_DONE)
			return next ? number(c, 8, next) : 0;
		if (take(c, size, NULL))
			return -1;
	}
}

static int v6_options(const struct tracedat *td)
{
	const struct tracedat_location *cmd = &td->sections[TRACEDAT_SEC_CMDLINES];
	struct cursor c = { td->map, cmd->offset + cmd->size, td->file_size, td->big_endian };
	const unsigned char *tag;
	uint64_t cpus;

	if (!cmd->present || number(&c, 4, &cpus))
		return -1;
	if (take(&c, 10, &tag) || memcmp(tag, "options  ", 10))
		return 0;
	return options(&c, NULL);
}

/* One compressed block, inflated as the container reader inflates them. */
static int inflate_block(const struct tracedat *td, const unsigned char *in, uint64_t zsize,
			 unsigned char *out, uint64_t usize)
{
	struct tracedat_inflater *inf = tracedat_inflater_new(td);
	int ret = inf ? tracedat_inflate(inf, in, zsize, out, usize) : -1;

	tracedat_inflater_free(inf);
	return ret;
}

static int v7_section(const struct tracedat *td, uint64_t offset, uint64_t *next)
{
	struct cursor c = { td->map, offset, td->file_size, td->big_endian };
	uint64_t id, flags, desc, size, zsize, usize;
	const unsigned char *data;
	unsigned char *buf;
	int ret;

	if (number(&c, 2, &id) || number(&c, 2, &flags) || number(&c, 4, &desc) ||
	    number(&c, 8, &size) || id != OPT_DONE || take(&c, size, &data))
		return -1;
	c = (struct cursor){ data, 0, size, td->big_endian };
	if (!(flags & FLAG_COMPRESS))
		return options(&c, next);
	if (number(&c, 4, &zsize) || number(&c, 4, &usize) || usize > MAX_OPTIONS_SIZE ||
	    take(&c, zsize, &data))
		return -1;
	buf = malloc(usize ? usize : 1);
	if (!buf)
		return -1;
	ret = inflate_block(td, data, zsize, buf, usize);
	if (!ret) {
		c = (struct cursor){ buf, 0, usize, td->big_endian };
		ret = options(&c, next);
	}
	free(buf);
	return ret;
}

static int v7_options(const struct tracedat *td)
{
	struct cursor c = { td->map, 10, td->file_size, td->big_endian };
	uint64_t offset, seen[MAX_SECTIONS];
	int n = 0, ret;

	/* magic and "tracing", version, endianness, long size, page size, compression */
	if (string(&c) || take(&c, 6, NULL) || string(&c) || string(&c) || number(&c, 8, &offset))
		return -1;
	while (offset) {
		if (n == MAX_SECTIONS)
			return -1;
		for (int i = 0; i < n; i++)
			if (seen[i] == offset)
				return -1;
		seen[n++] = offset;
		ret = v7_section(td, offset, &offset);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * time_options_find() - whether the file has options that change timestamps
 * @td: the file
 *
 * Return: 1 when it has one, 0 when not, -1 when the options cannot be read.
 */
int time_options_find(const struct tracedat *td)
{
	return td->version == 6 ? v6_options(td) : v7_options(td);
}
