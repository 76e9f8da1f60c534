// SPDX-License-Identifier: GPL-2.0-only
/*
 * Opening a trace.dat file: the file header, then the version 6 or 7
 * layout (tracedat_v6.c, tracedat_v7.c), then the buffers put in order
 * and given their CPU statistics.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tracedat_local.h"


static int read_magic_version(struct td_open *o, struct td_cursor *c)
{
	struct td_cursor v;
	const char *s;
	size_t len;

	if (c->end < TRACEDAT_MAGIC_LEN || memcmp(c->base, TRACEDAT_MAGIC, TRACEDAT_MAGIC_LEN))
		return td_error(o->err, o->errlen, "not a trace-cmd trace.dat file (bad magic)");
	c->pos = TRACEDAT_MAGIC_LEN;
	v = *c;
	if (v.end - v.pos > 8)
		v.end = v.pos + 8;
	if (td_string(&v, &s, &len) || !len || len > 3 ||
	    strspn(s, "0123456789") != len)
		return td_error(o->err, o->errlen, "bad file version string at offset %d",
				TRACEDAT_MAGIC_LEN);
	c->pos = v.pos;
	o->td->version = atoi(s);
	if (o->td->version != TRACEDAT_V6 && o->td->version != TRACEDAT_V7)
		return td_error(o->err, o->errlen, "unsupported trace.dat version %d",
				o->td->version);
	return 0;
}

static int read_endian_sizes(struct td_open *o, struct td_cursor *c)
{
	struct tracedat *td = o->td;
	const unsigned char *b;
	uint32_t page;

	if (td_bytes(c, 2, &b))
		return td_truncated(o, "file header", c->pos);
	if (b[0] > 1)
		return td_error(o->err, o->errlen, "bad endianness flag %u at offset %llu",
				b[0], (unsigned long long)c->pos - 2);
	if (b[1] != 4 && b[1] != 8)
		return td_error(o->err, o->errlen, "bad long size %u at offset %llu",
				b[1], (unsigned long long)c->pos - 1);
	td->big_endian = b[0];
	c->big_endian = td->big_endian;
	td->long_size = b[1];
	if (td_u32(c, &page))
		return td_truncated(o, "file header", c->pos);
	if (!td_valid_page_size(page))
		return td_error(o->err, o->errlen, "bad page size %u at offset %llu",
				page, (unsigned long long)c->pos - 4);
	td->page_size = page;
	return 0;
}

static int read_compression(struct td_open *o, struct td_cursor *c)
{
	struct tracedat *td = o->td;
	const char *name, *ver;
	size_t nlen, vlen;
	uint64_t at = c->pos;

	if (td_string(c, &name, &nlen) || td_string(c, &ver, &vlen))
		return td_error(o->err, o->errlen, "bad compression header at offset %llu",
				(unsigned long long)at);
	td->compression = td_clean_copy(name, nlen);
	td->compression_version = td_clean_copy(ver, vlen);
	if (!td->compression || !td->compression_version)
		return td_nomem(o);
	if (td_alg(td) == TD_ALG_UNKNOWN)
		return td_error(o->err, o->errlen, "unsupported compression '%s'",
				td->compression);
	return 0;
}

static int read_header(struct td_open *o, struct td_cursor *c)
{
	struct tracedat *td = o->td;

	if (read_magic_version(o, c) || read_endian_sizes(o, c))
		return -1;
	if (td->version == TRACEDAT_V7)
		return read_compression(o, c);
	td->compression = strdup(TRACEDAT_COMPRESS_NONE);
	td->compression_version = strdup("");
	if (!td->compression || !td->compression_version)
		return td_nomem(o);
	return 0;
}

/* Every CPU id of every buffer is below the CPU count. */
static void cover_cpus(struct tracedat *td)
{
	struct tracedat_buffer *b;
	int i;

	for (i = 0; i < td->nr_buffers; i++) {
		b = &td->buffers[i];
		if (b->nr_cpus && b->cpus[b->nr_cpus - 1].cpu >= td->nr_cpus)
			td->nr_cpus = b->cpus[b->nr_cpus - 1].cpu + 1;
	}
}

/* The top instance first, the named ones in file order. */
static void top_first(struct tracedat *td)
{
	struct tracedat_buffer top;
	int i;

	for (i = 1; i < td->nr_buffers; i++) {
		if (td->buffers[i].name[0])
			continue;
		top = td->buffers[i];
		memmove(td->buffers + 1, td->buffers, i * sizeof(top));
		td->buffers[0] = top;
		return;
	}
}

struct data_range {
	uint64_t	from;
	uint64_t	to;
	int		cpu;
};

static int by_start(const void *a, const void *b)
{
	const struct data_range *x = a, *y = b;

	return x->from < y->from ? -1 : x->from > y->from;
}

/*
 * No two CPUs share bytes: trace-cmd writes each CPU's data once, and
 * entries pointing at one chunk would make a reader inflate it once per
 * entry.
 */
static int check_overlaps(struct td_open *o)
{
	struct tracedat *td = o->td;
	struct data_range *r;
	int n = 0, ret = 0;

	for (int b = 0; b < td->nr_buffers; b++)
		n += td->buffers[b].nr_cpus;
	r = calloc(n ? n : 1, sizeof(*r));
	if (!r)
		return td_nomem(o);
	n = 0;
	for (int b = 0; b < td->nr_buffers; b++)
		for (int i = 0; i < td->buffers[b].nr_cpus; i++) {
			const struct tracedat_location *l = &td->buffers[b].cpus[i].data;

			if (l->size)
				r[n++] = (struct data_range){ l->offset, l->offset + l->size,
							      td->buffers[b].cpus[i].cpu };
		}
	qsort(r, n, sizeof(*r), by_start);
	for (int i = 1; i < n && !ret; i++)
		if (r[i].from < r[i - 1].to)
			ret = td_error(o->err, o->errlen, "the data of CPU %d at offset %llu "
				       "overlaps the data of CPU %d", r[i].cpu,
				       (unsigned long long)r[i].from, r[i - 1].cpu);
	free(r);
	return ret;
}

static int map_file(int fd, struct tracedat *td, char *err, size_t errlen)
{
	struct stat st;
	void *map;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode))
		return td_error(err, errlen, "not a regular file");
	if (!st.st_size)
		return td_error(err, errlen, "empty file");
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (map == MAP_FAILED)
		return td_error(err, errlen, "cannot map: %s", strerror(errno));
	td->map = map;
	td->file_size = st.st_size;
	return 0;
}

static int parse(struct td_open *o)
{
	struct tracedat *td = o->td;
	struct td_cursor c;
	int ret;

	td_cursor_init(&c, td->map, 0, td->file_size, false);
	o->chunk_budget = td->file_size / 8;
	if (read_header(o, &c))
		return -1;
	ret = td->version == TRACEDAT_V6 ? td_v6_layout(o, &c) : td_v7_layout(o, &c);
	if (ret)
		return -1;
	top_first(td);
	cover_cpus(td);
	td_attach_stats(o);
	return check_overlaps(o);
}

/**
 * tracedat_open_fd - read and check a trace.dat file from an open descriptor
 * @fd: the file, opened for reading; it stays open and is not read from
 *	(the file is mapped)
 * @out: the open file, to close with tracedat_close()
 * @err: one-line message on failure (what is wrong, and where)
 * @errlen: size of @err
 *
 * Reads the file header and options and checks every section, buffer and
 * per-CPU data location against the file, the chunk tables of compressed
 * CPU data included. Nothing is decompressed here: see
 * tracedat_read_section() and tracedat_read_cpu().
 *
 * Returns 0, or -1 with @err set when the file cannot be read, is not a
 * version 6 or 7 trace.dat file, or is inconsistent.
 */
int tracedat_open_fd(int fd, struct tracedat **out, char *err, size_t errlen)
{
	struct td_open o = { 0 };
	int ret;

	*out = NULL;
	ret = td_open_init(&o, err, errlen);
	o.td = calloc(1, sizeof(*o.td));
	if (!ret && !o.td)
		ret = td_nomem(&o);
	if (!ret)
		ret = map_file(fd, o.td, err, errlen) || parse(&o) ? -1 : 0;
	td_open_free(&o);
	if (ret) {
		tracedat_close(o.td);
		return -1;
	}
	*out = o.td;
	return 0;
}

/**
 * tracedat_open - open, read and check a trace.dat file
 * @path: the file
 * @out: the open file, to close with tracedat_close()
 * @err: one-line message on failure (what is wrong, and where)
 * @errlen: size of @err
 *
 * tracedat_open_fd() on the file, which is opened without blocking (a
 * FIFO is refused, not waited for) and closed again once mapped.
 *
 * Returns 0, or -1 with @err set.
 */
int tracedat_open(const char *path, struct tracedat **out, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	int ret;

	*out = NULL;
	if (fd < 0)
		return td_error(err, errlen, "cannot open: %s", strerror(errno));
	ret = tracedat_open_fd(fd, out, err, errlen);
	close(fd);
	return ret;
}

/**
 * tracedat_close - unmap a file and free everything tracedat_open() made
 * @td: the file (may be NULL)
 */
void tracedat_close(struct tracedat *td)
{
	int i;

	if (!td)
		return;
	for (i = 0; i < td->nr_buffers; i++)
		td_buffer_free(&td->buffers[i]);
	free(td->buffers);
	free(td->compression);
	free(td->compression_version);
	free(td->uname);
	free(td->kernel_release);
	free(td->machine);
	free(td->tracecmd_version);
	free(td->trace_clocks);
	free(td->trace_clock);
	if (td->map)
		munmap((void *)td->map, td->file_size);
	free(td);
}

/**
 * tracedat_buffer_find - a buffer instance by name
 * @td: the file
 * @name: "" for the top instance
 *
 * Returns the buffer, or NULL when the file has none of that name.
 */
const struct tracedat_buffer *tracedat_buffer_find(const struct tracedat *td,
						   const char *name)
{
	int i;

	for (i = 0; i < td->nr_buffers; i++)
		if (!strcmp(td->buffers[i].name, name))
			return &td->buffers[i];
	return NULL;
}

/**
 * tracedat_section_name - a metadata section's name, for messages
 * @sec: the section
 *
 * Returns a static string.
 */
const char *tracedat_section_name(enum tracedat_section sec)
{
	static const char *const names[TRACEDAT_NR_SECTIONS] = {
		[TRACEDAT_SEC_HEADER_INFO]	= "header info",
		[TRACEDAT_SEC_FTRACE_EVENTS]	= "ftrace events",
		[TRACEDAT_SEC_EVENT_FORMATS]	= "event formats",
		[TRACEDAT_SEC_KALLSYMS]		= "kallsyms",
		[TRACEDAT_SEC_PRINTK]		= "printk formats",
		[TRACEDAT_SEC_CMDLINES]		= "cmdlines",
	};

	if ((unsigned int)sec >= TRACEDAT_NR_SECTIONS)
		return "unknown section";
	return names[sec];
}

/**
 * tracedat_file_has_magic() - whether a file starts as a trace.dat does
 * @path: the file
 *
 * Return: true when it can be read and starts with the trace.dat magic:
 * an output about to replace it would destroy a trace.
 */
bool tracedat_file_has_magic(const char *path)
{
	char head[TRACEDAT_MAGIC_LEN];
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	bool magic;

	if (fd < 0)
		return false;
	magic = read(fd, head, sizeof(head)) == (ssize_t)sizeof(head) &&
		!memcmp(head, TRACEDAT_MAGIC, TRACEDAT_MAGIC_LEN);
	close(fd);
	return magic;
}

