// SPDX-License-Identifier: GPL-2.0-only
/*
 * The options of a trace.dat file, as trace-cmd 3.x writes them:
 *   UNAME       "sysname nodename release machine" (trace-cmd's add_uname())
 *   TRACECLOCK  the trace_clock file, the selected clock in brackets
 *   CPUSTAT     "CPU: N\n" then per_cpu/cpuN/stats; a CPUSTAT holding
 *               "\nBuffer: NAME\n\n" starts the stats of a named instance
 *   BUFFER      v6: offset of "flyrecord\0" and name;
 *               v7: section offset, name, clock, page size, CPU table
 *   CPUCOUNT    v6: after a BUFFER, that instance's CPU count
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "tracedat_local.h"

#define TD_MAX_STATS	(TRACEDAT_MAX_CPUS * 4)

static int bad_option(struct td_open *o, uint16_t id, struct td_cursor *c)
{
	return td_error(o->err, o->errlen, "bad option %u (%llu bytes)", id,
			(unsigned long long)(c->end - c->pos));
}

/* The option's text up to its first NUL, without trailing blanks. */
static int option_text(struct td_open *o, uint16_t id, struct td_cursor *c, char **out)
{
	const char *s = (const char *)c->base + c->pos;
	const char *nul;
	size_t len = c->end - c->pos;

	nul = memchr(s, '\0', len);
	if (nul)
		len = nul - s;
	while (len && (s[len - 1] == '\n' || s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (len > TD_MAX_STRING)
		return td_error(o->err, o->errlen, "option %u is too long", id);
	free(*out);
	*out = td_clean_copy(s, len);
	return *out ? 0 : td_nomem(o);
}

/**
 * td_bracketed - the text between the first '[' and the next ']'
 * @s: the text (need not be terminated)
 * @len: its length
 * @out: a clean copy of what is in brackets, NULL when there is none
 *
 * Returns 0, or -1 when out of memory.
 */
int td_bracketed(const char *s, size_t len, char **out)
{
	const char *open, *close;

	*out = NULL;
	open = memchr(s, '[', len);
	if (!open)
		return 0;
	close = memchr(open, ']', len - (open - s));
	if (!close)
		return 0;
	*out = td_clean_copy(open + 1, close - open - 1);
	return *out ? 0 : -1;
}

/* The last word of @s is the machine, the one before the kernel release. */
static int parse_uname(struct td_open *o)
{
	struct tracedat *td = o->td;
	const char *words[2] = { NULL, NULL }, *p = td->uname;
	size_t lens[2] = { 0, 0 };
	int n = 0;

	while (*p) {
		size_t len = strcspn(p, " ");

		if (len) {
			words[0] = words[1];
			lens[0] = lens[1];
			words[1] = p;
			lens[1] = len;
			n++;
		}
		p += len;
		p += strspn(p, " ");
	}
	free(td->kernel_release);
	free(td->machine);
	td->kernel_release = td->machine = NULL;
	if (n < 3)
		return 0;
	td->kernel_release = td_clean_copy(words[0], lens[0]);
	td->machine = td_clean_copy(words[1], lens[1]);
	return td->kernel_release && td->machine ? 0 : td_nomem(o);
}

static int opt_uname(struct td_open *o, uint16_t id, struct td_cursor *c)
{
	if (option_text(o, id, c, &o->td->uname))
		return -1;
	return parse_uname(o);
}

static int opt_version(struct td_open *o, uint16_t id, struct td_cursor *c)
{
	return option_text(o, id, c, &o->td->tracecmd_version);
}

static int opt_clock(struct td_open *o, uint16_t id, struct td_cursor *c)
{
	struct tracedat *td = o->td;

	o->has_clock_option = true;
	if (option_text(o, id, c, &td->trace_clocks))
		return -1;
	free(td->trace_clock);
	if (td_bracketed(td->trace_clocks, strlen(td->trace_clocks), &td->trace_clock))
		return td_nomem(o);
	return 0;
}

static int opt_cpucount(struct td_open *o, uint16_t id, struct td_cursor *c)
{
	uint32_t n;

	/* Some forks store other things under this id; only 4 bytes is a count. */
	if (c->end - c->pos != 4)
		return 0;
	td_u32(c, &n);
	if (!n || n > TRACEDAT_MAX_CPUS)
		return td_error(o->err, o->errlen, "bad CPU count %u in option %u", n, id);
	if (o->td->version == TRACEDAT_V7)
		o->td->nr_cpus = n;
	else if (o->last_option == TRACEDAT_OPTION_BUFFER && o->nr_pbufs)
		o->pbufs[o->nr_pbufs - 1].v6_cpus = n;
	return 0;
}

static int opt_section(struct td_open *o, uint16_t id, struct td_cursor *c)
{
	uint64_t offset;

	if (o->td->version == TRACEDAT_V6)
		return 0;
	if (c->end - c->pos != 8 || td_u64(c, &offset) || !offset)
		return bad_option(o, id, c);
	o->sec_offset[id - TRACEDAT_OPTION_HEADER_INFO] = offset;
	return 0;
}

static int opt_latency(struct td_open *o, uint16_t id __maybe_unused,
		       struct td_cursor *c __maybe_unused)
{
	o->latency = true;
	return 0;
}

static struct td_pbuf *new_pbuf(struct td_open *o)
{
	struct td_pbuf *p;

	if (o->nr_pbufs >= TRACEDAT_MAX_BUFFERS) {
		td_error(o->err, o->errlen, "more than %d buffers", TRACEDAT_MAX_BUFFERS);
		return NULL;
	}
	if (grow_room(&o->pbufs, o->nr_pbufs, sizeof(*o->pbufs))) {
		td_nomem(o);
		return NULL;
	}
	p = &o->pbufs[o->nr_pbufs++];
	memset(p, 0, sizeof(*p));
	return p;
}

static int clean_string(struct td_open *o, uint16_t id, struct td_cursor *c, char **out)
{
	const char *s;
	size_t len;

	if (td_string(c, &s, &len))
		return td_error(o->err, o->errlen, "unterminated string in option %u", id);
	*out = td_clean_copy(s, len);
	return *out ? 0 : td_nomem(o);
}

static int v7_page_size(struct td_open *o, uint16_t id, struct td_cursor *c,
			struct tracedat_buffer *b)
{
	uint32_t page;

	if (td_u32(c, &page))
		return bad_option(o, id, c);
	if (!td_valid_page_size(page))
		return td_error(o->err, o->errlen, "bad page size %u in option %u", page, id);
	b->page_size = page;
	return 0;
}

static int v7_cpu_entry(struct td_cursor *c, struct tracedat_buffer *b, uint32_t i)
{
	struct tracedat_cpu *cpu = &b->cpus[i];
	uint32_t id;

	if (td_u32(c, &id) || td_u64(c, &cpu->data.offset) || td_u64(c, &cpu->data.size))
		return -1;
	if (id >= TRACEDAT_MAX_CPUS || (i && (int)id <= b->cpus[i - 1].cpu))
		return -1;
	cpu->cpu = id;
	cpu->data.present = true;
	cpu->data.usize = cpu->data.size;
	return 0;
}

static int v7_cpu_table(struct td_open *o, uint16_t id, struct td_cursor *c,
			struct tracedat_buffer *b)
{
	uint32_t n, i;

	if (td_u32(c, &n) || n > TRACEDAT_MAX_CPUS || (uint64_t)n * 20 > c->end - c->pos)
		return td_error(o->err, o->errlen, "bad CPU count in option %u", id);
	b->cpus = calloc(n ? n : 1, sizeof(*b->cpus));
	if (!b->cpus)
		return td_nomem(o);
	for (i = 0; i < n; i++) {
		if (v7_cpu_entry(c, b, i))
			return td_error(o->err, o->errlen,
					"bad or unordered CPU id in option %u", id);
		b->nr_cpus++;
	}
	return 0;
}

static int opt_buffer(struct td_open *o, uint16_t id, struct td_cursor *c)
{
	struct td_pbuf *p = new_pbuf(o);

	if (!p)
		return -1;
	if (td_u64(c, &p->offset))
		return bad_option(o, id, c);
	if (clean_string(o, id, c, &p->buf.name))
		return -1;
	if (o->td->version == TRACEDAT_V6)
		return 0;
	if (clean_string(o, id, c, &p->buf.clock) || v7_page_size(o, id, c, &p->buf))
		return -1;
	return v7_cpu_table(o, id, c, &p->buf);
}

/* A number after "key:" on a line of a stats file, or TRACEDAT_UNKNOWN. */
static long long stat_value(const char *line, size_t len, const char *key)
{
	size_t klen = strlen(key);
	unsigned long long v = 0;
	size_t i;

	if (len <= klen || memcmp(line, key, klen) || line[klen] != ':')
		return TRACEDAT_UNKNOWN;
	for (i = klen + 1; i < len && line[i] == ' '; i++)
		;
	if (i == len)
		return TRACEDAT_UNKNOWN;
	for (; i < len && line[i] >= '0' && line[i] <= '9'; i++) {
		if (v > (unsigned long long)(__LONG_LONG_MAX__ - 9) / 10)
			return TRACEDAT_UNKNOWN;
		v = v * 10 + (line[i] - '0');
	}
	return i == len ? (long long)v : TRACEDAT_UNKNOWN;
}

static void stat_line(struct tracedat_cpustat *st, const char *line, size_t len)
{
	const struct {
		const char	*key;
		long long	*field;
	} keys[] = {
		{ "entries", &st->entries },
		{ "overrun", &st->overrun },
		{ "commit overrun", &st->commit_overrun },
		{ "dropped events", &st->dropped_events },
		{ "read events", &st->read_events },
	};
	long long v;
	size_t i;

	v = stat_value(line, len, "CPU");
	if (v != TRACEDAT_UNKNOWN && v < TRACEDAT_MAX_CPUS)
		st->cpu = v;
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		v = stat_value(line, len, keys[i].key);
		if (v != TRACEDAT_UNKNOWN)
			*keys[i].field = v;
	}
}

static void parse_stats(struct tracedat_cpustat *st, const char *s, size_t len)
{
	const char *nl;
	size_t n;

	while (len) {
		nl = memchr(s, '\n', len);
		n = nl ? (size_t)(nl - s) : len;
		stat_line(st, s, n);
		if (!nl)
			break;
		s += n + 1;
		len -= n + 1;
	}
}

static int add_stat(struct td_open *o, const char *s, size_t len)
{
	struct td_stat *t;

	if (o->nr_stats >= TD_MAX_STATS)
		return td_error(o->err, o->errlen, "more than %d CPUSTAT options", TD_MAX_STATS);
	if (grow_room(&o->stats, o->nr_stats, sizeof(*o->stats)))
		return td_nomem(o);
	t = &o->stats[o->nr_stats++];
	t->owner = o->nr_owners - 1;
	t->stat = (struct tracedat_cpustat){ o->stat_index++, TRACEDAT_UNKNOWN,
		TRACEDAT_UNKNOWN, TRACEDAT_UNKNOWN, TRACEDAT_UNKNOWN, TRACEDAT_UNKNOWN };
	parse_stats(&t->stat, s, len);
	return 0;
}

/* "\nBuffer: NAME\n\n": the CPUSTATs that follow are NAME's. */
static int stats_owner(struct td_open *o, const char *s, size_t len)
{
	const char *nl = memchr(s, '\n', len);

	if (nl)
		len = nl - s;
	while (len && s[len - 1] == ' ')
		len--;
	if (len > TD_MAX_STRING)
		return td_error(o->err, o->errlen, "buffer name too long in a CPUSTAT option");
	if (o->nr_owners > TRACEDAT_MAX_BUFFERS)
		return td_error(o->err, o->errlen, "more than %d buffers in CPUSTAT options",
				TRACEDAT_MAX_BUFFERS);
	o->owners[o->nr_owners] = td_clean_copy(s, len);
	if (!o->owners[o->nr_owners])
		return td_nomem(o);
	o->nr_owners++;
	o->stat_index = 0;
	return 0;
}

static int opt_cpustat(struct td_open *o, uint16_t id __maybe_unused, struct td_cursor *c)
{
	const char *s = (const char *)c->base + c->pos;
	size_t len = c->end - c->pos;
	const char *nul = memchr(s, '\0', len);

	if (nul)
		len = nul - s;
	while (len && (*s == '\n' || *s == ' ')) {
		s++;
		len--;
	}
	if (len > 8 && !memcmp(s, "Buffer: ", 8))
		return stats_owner(o, s + 8, len - 8);
	return add_stat(o, s, len);
}

typedef int (*option_fn)(struct td_open *o, uint16_t id, struct td_cursor *c);

static option_fn option_handler(uint16_t id)
{
	switch (id) {
	case TRACEDAT_OPTION_CPUSTAT:		return opt_cpustat;
	case TRACEDAT_OPTION_BUFFER:		return opt_buffer;
	case TRACEDAT_OPTION_TRACECLOCK:	return opt_clock;
	case TRACEDAT_OPTION_UNAME:		return opt_uname;
	case TRACEDAT_OPTION_CPUCOUNT:		return opt_cpucount;
	case TRACEDAT_OPTION_VERSION:		return opt_version;
	case TRACEDAT_OPTION_BUFFER_TEXT:	return opt_latency;
	}
	if (id >= TRACEDAT_OPTION_HEADER_INFO && id <= TRACEDAT_OPTION_CMDLINES)
		return opt_section;
	return NULL;
}

/*
 * What libtracecmd 3.1 takes on trust in an option, whether or not this
 * reader uses it: strings passed to strdup() and strtoll() unterminated
 * (but an empty TRACECLOCK, which every trace-cmd 2.x file has), a
 * CPUSTAT's last byte overwritten, 4 bytes of CPU count read from any size
 * (in v6, the count of the top CPU table it then reads), and the parsers of
 * hooks and host-guest options, which dereference NULL on a malformed one
 * (and print a hook on stdout). None is damage to this reader, which
 * needs none of them: the first is kept, to keep libtracecmd from the file
 * (trace_file_libtracecmd()).
 */
static void libtracecmd_hazard(struct td_open *o, uint16_t id, const struct td_cursor *c,
			       char *why, size_t len)
{
	size_t size = c->end - c->pos;
	struct td_cursor copy;
	uint32_t n;

	switch (id) {
	case TRACEDAT_OPTION_TRACECLOCK:
		/*
		 * trace-cmd 2.x writes it empty: the clock follows the CPU
		 * table. libtracecmd 3.1 strtok()s its malloc(0) buffer then,
		 * reading past it, as trace-cmd report does on every such file.
		 */
		if (!size)
			return;
		/* fall through */
	case TRACEDAT_OPTION_DATE:
	case TRACEDAT_OPTION_UNAME:
	case TRACEDAT_OPTION_OFFSET:
	case TRACEDAT_OPTION_VERSION:
	case TRACEDAT_OPTION_PROCMAPS:
		if (!memchr(c->base + c->pos, '\0', size))
			snprintf(why, len, "option %u is not a terminated string", id);
		return;
	case TRACEDAT_OPTION_CPUSTAT:
		if (!size)
			snprintf(why, len, "empty CPUSTAT option");
		return;
	case TRACEDAT_OPTION_CPUCOUNT:
		if (size < 4) {
			snprintf(why, len, "CPU count option of %zu bytes", size);
			return;
		}
		/* v6: libtracecmd reads the top CPU table with the last count given */
		copy = *c;
		td_u32(&copy, &n);
		if (o->td->version == TRACEDAT_V6 && (int)n != o->td->nr_cpus)
			snprintf(why, len, "CPU count option of %u CPUs in a file of %d", n,
				 o->td->nr_cpus);
		return;
	case TRACEDAT_OPTION_HOOK:
	case TRACEDAT_OPTION_TIME_SHIFT:
	case TRACEDAT_OPTION_GUEST:
		snprintf(why, len, "option %u, of trace-cmd hooks or host-guest tracing", id);
		return;
	}
}

/**
 * td_parse_option - take in one option
 * @o: the file being opened
 * @id: the option's id
 * @c: the option's data, exactly
 *
 * Options this reader has no use for are skipped, as the format allows;
 * the first libtracecmd would misread is noted (td->libtracecmd_hazard).
 * Returns 0, or -1 with the error set when the option is malformed.
 */
static int td_parse_option(struct td_open *o, uint16_t id, struct td_cursor *c)
{
	option_fn fn = option_handler(id);
	int ret;

	if (id == TRACEDAT_OPTION_DATE || id == TRACEDAT_OPTION_OFFSET ||
	    id == TRACEDAT_OPTION_TIME_SHIFT || id == TRACEDAT_OPTION_TSC2NSEC)
		o->td->changes_timestamps = true;
	if (!o->td->libtracecmd_hazard[0])
		libtracecmd_hazard(o, id, c, o->td->libtracecmd_hazard,
				   sizeof(o->td->libtracecmd_hazard));
	ret = fn ? fn(o, id, c) : 0;
	o->last_option = id;
	return ret;
}

/**
 * td_open_init - prepare the state kept while opening
 * @o: the state, zeroed but for its error buffer
 * @err: message on failure
 * @errlen: size of @err
 *
 * CPUSTATs belong to the top instance until a "Buffer:" one names another.
 * Returns 0, or -1 when out of memory.
 */
int td_open_init(struct td_open *o, char *err, size_t errlen)
{
	o->err = err;
	o->errlen = errlen;
	o->owners[0] = strdup("");
	if (!o->owners[0])
		return td_nomem(o);
	o->nr_owners = 1;
	return 0;
}

static int owner_buffer(const struct tracedat *td, const char *name)
{
	int i;

	for (i = 0; i < td->nr_buffers; i++)
		if (!strcmp(td->buffers[i].name, name))
			return i;
	return -1;
}

/**
 * td_attach_stats - give each buffer the CPUSTAT options that name it
 * @o: the file being opened, its buffers complete
 *
 * Stats of a buffer the file does not have, or of a CPU beyond the file's
 * CPU count, are dropped. Out of memory drops stats too: they are
 * informative only.
 */
void td_attach_stats(struct td_open *o)
{
	struct tracedat *td = o->td;
	int owner[TRACEDAT_MAX_BUFFERS + 1];
	struct tracedat_buffer *b;
	int i, j;

	for (i = 0; i < o->nr_owners; i++)
		owner[i] = owner_buffer(td, o->owners[i]);
	for (i = 0; i < o->nr_stats; i++) {
		if (owner[o->stats[i].owner] < 0 || o->stats[i].stat.cpu >= td->nr_cpus)
			continue;
		b = &td->buffers[owner[o->stats[i].owner]];
		if (!b->stats) {
			b->stats = calloc(td->nr_cpus, sizeof(*b->stats));
			if (!b->stats)
				continue;
		}
		for (j = 0; j < b->nr_stats; j++)
			if (b->stats[j].cpu == o->stats[i].stat.cpu)
				break;
		b->stats[j] = o->stats[i].stat;
		if (j == b->nr_stats)
			b->nr_stats++;
	}
}

/**
 * td_open_free - free the state kept while opening
 * @o: the state; buffers still pending are freed with it
 */
void td_open_free(struct td_open *o)
{
	int i;

	for (i = 0; i < o->nr_owners; i++)
		free(o->owners[i]);
	free(o->stats);
	for (i = 0; i < o->nr_pbufs; i++)
		td_buffer_free(&o->pbufs[i].buf);
	free(o->pbufs);
}

/**
 * td_nomem - report that memory ran out
 * @o: the file being opened
 *
 * Returns -1.
 */
int td_nomem(struct td_open *o)
{
	return td_error(o->err, o->errlen, "out of memory");
}

/**
 * td_truncated - report that the file ends inside something
 * @o: the file being opened
 * @what: what was being read
 * @offset: where it starts
 *
 * Returns -1.
 */
int td_truncated(struct td_open *o, const char *what, uint64_t offset)
{
	return td_error(o->err, o->errlen, "truncated %s at offset %llu", what,
			(unsigned long long)offset);
}

/**
 * td_option_data - read an option's size and data and take it in
 * @o: the file being opened
 * @c: at the option's size, its id just read
 * @id: the option's id
 *
 * Returns 0, or -1 when the option runs past its section or is malformed.
 */
int td_option_data(struct td_open *o, struct td_cursor *c, uint16_t id)
{
	struct td_cursor data;
	uint64_t at = c->pos;
	uint32_t size;

	if (++o->nr_options > TRACEDAT_MAX_OPTIONS)
		return td_error(o->err, o->errlen, "more than %d options",
				TRACEDAT_MAX_OPTIONS);
	if (td_u32(c, &size))
		return td_truncated(o, "option", at);
	data = *c;
	if (td_bytes(c, size, NULL))
		return td_error(o->err, o->errlen,
				"option %u of %u bytes at offset %llu runs past its end",
				id, size, (unsigned long long)at);
	data.end = c->pos;
	return td_parse_option(o, id, &data);
}

/**
 * td_cpu_range - check that a CPU's data lies in [start, end)
 * @o: the file being opened
 * @cpu: the CPU
 * @start: where the data may start (its section, or the file)
 * @end: where the data must end
 * @at: where the CPU's entry was read, for the message
 *
 * Empty data may be anywhere. Returns 0, or -1 with the error set.
 */
int td_cpu_range(struct td_open *o, struct tracedat_cpu *cpu, uint64_t start,
		 uint64_t end, uint64_t at)
{
	struct tracedat_location *d = &cpu->data;

	if (!d->size)
		return 0;
	if (d->offset < start || !td_fits(d->offset, d->size, end))
		return td_error(o->err, o->errlen,
				"CPU %d data (offset %llu, %llu bytes) described at offset %llu is outside %s",
				cpu->cpu, (unsigned long long)d->offset,
				(unsigned long long)d->size, (unsigned long long)at,
				end == o->td->file_size ? "the file" : "its section");
	return 0;
}

/**
 * td_add_buffer - move a checked buffer into the file's list
 * @o: the file being opened
 * @b: the buffer; emptied when it is moved
 *
 * Returns 0, or -1 when the name is taken, there are too many buffers or
 * memory runs out.
 */
int td_add_buffer(struct td_open *o, struct tracedat_buffer *b)
{
	struct tracedat *td = o->td;
	int i;

	for (i = 0; i < td->nr_buffers; i++)
		if (!strcmp(td->buffers[i].name, b->name))
			return td_error(o->err, o->errlen, "buffer '%s' appears twice", b->name);
	if (td->nr_buffers >= TRACEDAT_MAX_BUFFERS)
		return td_error(o->err, o->errlen, "more than %d buffers",
				TRACEDAT_MAX_BUFFERS);
	if (grow_room(&td->buffers, td->nr_buffers, sizeof(*td->buffers)))
		return td_nomem(o);
	td->buffers[td->nr_buffers++] = *b;
	memset(b, 0, sizeof(*b));
	return 0;
}

/**
 * td_buffer_free - free what a buffer owns
 * @b: the buffer (not itself freed)
 */
void td_buffer_free(struct tracedat_buffer *b)
{
	free(b->name);
	free(b->clock);
	free(b->cpus);
	free(b->stats);
}
