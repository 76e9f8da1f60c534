// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast reader of one buffer of a trace.dat file: its CPUs' pages
 * walked and merged in libtracecmd's order, and one record read again by
 * its offset. It reads the file's mapping only: no format is parsed here.
 *
 * It does not read files whose ring-buffer times libtracecmd changes
 * (DATE, OFFSET, TIME_SHIFT, TSC2NSEC options): those are iterated by
 * libtracecmd (trace_input.c); reading a record again by its offset works
 * for every file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "container/container.h"
#include "fast_reader.h"
#include "records/records.h"
#include "trace_file.h"

struct fast_reader {
	const struct tracedat		*td;
	const struct tracedat_buffer	*buf;
	struct chunk_inflater		*inf;
	struct ring_layout		layout;
	struct cpu_stream		*streams;	/* the buffer's CPUs, in its order */
	int				nr_streams;
	struct page_cache		again;		/* tracecmd_read_at() */
};

static bool host_big_endian(void)
{
	return __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
}

/* libtracecmd lays compressed CPU data end to end: top buffer first. */
static uint64_t first_base(const struct tracedat *td, const struct tracedat_buffer *buf)
{
	const struct tracedat_buffer *top = tracedat_buffer_find(td, "");
	uint64_t base = td->page_size;

	if (!top || top == buf)
		return base;
	for (int i = 0; i < top->nr_cpus; i++)
		base += cpu_stream_span(td, &top->cpus[i].data);
	return base;
}

static int open_streams(struct fast_reader *fr, char *err)
{
	const struct tracedat_buffer *buf = fr->buf;
	uint64_t base = first_base(fr->td, buf);

	fr->streams = calloc(buf->nr_cpus > 0 ? buf->nr_cpus : 1, sizeof(*fr->streams));
	if (!fr->streams) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	for (int i = 0; i < buf->nr_cpus; i++) {
		if (cpu_stream_init(&fr->streams[i], fr->td, buf, i, base, &fr->layout, fr->inf)) {
			snprintf(err, TRACE_ERR_LEN, "cannot read the data of CPU %d",
				 buf->cpus[i].cpu);
			return -1;
		}
		fr->nr_streams++;
		base += cpu_stream_span(fr->td, &buf->cpus[i].data);
	}
	return 0;
}

/**
 * fast_reader_open() - prepare reading a buffer of a trace.dat file
 * @f: the file, open; it must outlive the reader
 * @buffer: the buffer instance, NULL or "" for the top one
 * @out: the reader; close with fast_reader_close()
 * @err: TRACE_ERR_LEN bytes: what is wrong
 *
 * Return: 0, or -1 on error.
 */
int fast_reader_open(const struct trace_file *f, const char *buffer, struct fast_reader **out,
		     char *err)
{
	struct fast_reader *fr = calloc(1, sizeof(*fr));

	*out = NULL;
	if (!fr) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	fr->td = f->td;
	fr->buf = tracedat_buffer_find(fr->td, buffer ? buffer : "");
	if (!fr->buf) {
		snprintf(err, TRACE_ERR_LEN, "no buffer instance named '%s'", buffer ? buffer : "");
		goto fail;
	}
	fr->layout.big_endian = fr->td->big_endian;
	fr->layout.swap = fr->layout.big_endian != host_big_endian();
	fr->layout.long8 = f->texts.commit_size == 8;
	fr->inf = chunk_inflater_new(fr->td);
	if (!fr->inf) {
		snprintf(err, TRACE_ERR_LEN, "cannot decompress '%s' data", fr->td->compression);
		goto fail;
	}
	if (open_streams(fr, err))
		goto fail;
	if (strcmp(fr->td->compression, TRACEDAT_COMPRESS_NONE))
		chunk_inflater_go_ahead(fr->inf, fr->td, fr->nr_streams);
	*out = fr;
	return 0;
fail:
	fast_reader_close(fr);
	return -1;
}

/**
 * fast_reader_close() - release a reader
 * @fr: the reader, or NULL
 */
void fast_reader_close(struct fast_reader *fr)
{
	if (!fr)
		return;
	for (int i = 0; i < fr->nr_streams; i++)
		cpu_stream_release(&fr->streams[i]);
	free(fr->streams);
	free(fr->again.buf);
	chunk_inflater_free(fr->inf);
	free(fr);
}

static int restart(struct fast_reader *fr)
{
	const struct tracedat_buffer *buf = fr->buf;
	uint64_t base = first_base(fr->td, buf);

	for (int i = 0; i < fr->nr_streams; i++) {
		struct chunk_entry *chunks = fr->streams[i].chunks;
		uint32_t nr_chunks = fr->streams[i].nr_chunks;

		fr->streams[i].chunks = NULL;
		cpu_stream_release(&fr->streams[i]);
		if (cpu_stream_init(&fr->streams[i], fr->td, buf, i, base, &fr->layout, fr->inf)) {
			free(chunks);
			return -1;
		}
		fr->streams[i].chunks = chunks;
		fr->streams[i].nr_chunks = nr_chunks;
		base += cpu_stream_span(fr->td, &buf->cpus[i].data);
	}
	return 0;
}

/**
 * fast_reader_iterate() - every record of the buffer, decoded, in time order
 * @fr: the reader
 * @d: the decoder
 * @fn: called for each record; a nonzero return stops the iteration
 * @data: passed to @fn
 * @progress: told the bytes of CPU data done at the start and when a CPU
 *	      moves to its next page, or NULL
 *
 * Return: 0 when every record was visited, what @fn returned, or -1 when
 * memory runs out.
 */
int fast_reader_iterate(struct fast_reader *fr, const struct trace_decoder *d,
			trace_record_fn fn, void *data, trace_progress_fn progress)
{
	struct record_merge m;
	struct trace_record rec;
	struct cpu_stream *s;
	uint64_t page, done = 0;
	int ret = 0;

	if (restart(fr) || record_merge_init(&m, fr->streams, fr->nr_streams))
		return -1;
	/* as libtracecmd's reader tells it after the first record */
	if (progress && record_merge_top(&m))
		progress(0);
	while ((s = record_merge_top(&m))) {
		/* a record too short for its fields is not given: its values are not known */
		if (fast_reader_fill(d, s->cpu, &s->ev, s->base + s->page_pos + s->ev.offset,
				     s->ev.missed, &rec))
			ret = fn(data, &rec);
		else
			cpu_stream_damaged(s, CPU_STREAM_SHORT_RECORD, rec.ref.offset);
		if (ret)
			break;
		page = s->page_pos;
		record_merge_next(&m);
		if (progress && s->page_pos != page) {
			done += s->page_pos - page;
			progress(done);
		}
	}
	record_merge_free(&m);
	return ret;
}

static struct cpu_stream *stream_of(struct fast_reader *fr, int cpu)
{
	for (int i = 0; i < fr->nr_streams; i++)
		if (fr->streams[i].cpu == cpu)
			return &fr->streams[i];
	return NULL;
}

/**
 * fast_reader_read_at() - read a record again, as tracecmd_read_at() does
 * @fr: the reader
 * @ref: the record's place
 * @rec: filled; its data is valid until the next call
 *
 * As libtracecmd, the record returned is the first of the page that ends
 * after @ref's offset.
 *
 * Return: 0, or -1 when no record is there.
 */
int fast_reader_read_at(struct fast_reader *fr, const struct trace_ref *ref,
			struct tep_record *rec)
{
	struct cpu_stream *s = stream_of(fr, ref->cpu);
	uint64_t rel, page_rel;
	uint32_t len;
	int at;

	if (!s || ref->offset < s->base || ref->offset - s->base >= s->usize)
		return -1;
	rel = ref->offset - s->base;
	page_rel = rel - rel % s->page_size;
	at = cpu_stream_page_at(s, page_rel, &fr->again, &len);
	if (at < 0)
		return -1;
	return fast_reader_page_record(&fr->layout, fr->again.buf + at, len, s->base + page_rel,
				       rel - page_rel, s->cpu, rec);
}

/**
 * fast_reader_page_record() - the record of a page at an offset, as tracecmd_read_at() finds it
 * @layout: how the page was written
 * @page: its bytes
 * @len: how many
 * @page_offset: the page's record offset
 * @in_page: the offset looked for, from the page's start
 * @cpu: its CPU id
 * @rec: filled; its data points into @page
 *
 * As libtracecmd, the record returned is the first of the page that ends
 * after @in_page.
 *
 * Return: 0, or -1 when no record is there.
 */
int fast_reader_page_record(const struct ring_layout *layout, const void *page, uint32_t len,
			    uint64_t page_offset, uint32_t in_page, int cpu,
			    struct tep_record *rec)
{
	struct ring_event ev;
	struct ring_page p;

	if (ring_page_load(&p, layout, page, len))
		return -1;
	for (; ring_page_event(&p, &ev); ring_page_advance(&p)) {
		if (ev.offset + (p.next - p.curr) <= in_page)
			continue;
		memset(rec, 0, sizeof(*rec));
		rec->ts = ev.ts;
		rec->offset = page_offset + ev.offset;
		rec->missed_events = ev.missed;
		rec->record_size = p.next - p.curr;
		rec->size = ev.size;
		rec->data = (void *)ev.data;
		rec->cpu = cpu;
		rec->ref_count = 1;
		return 0;
	}
	return -1;
}

/* Whether the stream stopped at the --max-inflated limit, not at damage. */
static bool at_limit(const struct cpu_stream *s)
{
	return s->damage == CPU_STREAM_BAD_CHUNK &&
	       (s->fault == CPU_STREAM_CHUNK_LARGE || s->fault == CPU_STREAM_CHUNK_MEMORY);
}

static const char *limit_words(struct cpu_stream *s)
{
	bool kib = s->fault_usize < (1U << 20);

	snprintf(s->what, sizeof(s->what), s->fault == CPU_STREAM_CHUNK_LARGE ?
		 "a compressed chunk of %u %s, over the --max-inflated limit of %llu MiB" :
		 "a compressed chunk of %u %s, which with the chunk of every other CPU held "
		 "beside it passes the --max-inflated limit of %llu MiB",
		 s->fault_usize >> (kib ? 10 : 20), kib ? "KiB" : "MiB",
		 (unsigned long long)(s->fault_limit >> 20));
	return s->what;
}

static const char *damage_words(struct cpu_stream *s)
{
	static const char *const chunk[] = {
		[CPU_STREAM_CHUNK_SIZES] = "a compressed chunk whose sizes leave the data",
		[CPU_STREAM_CHUNK_PAGES] = "a compressed chunk that is not whole pages",
		[CPU_STREAM_CHUNK_CORRUPT] = "a corrupt compressed chunk",
	};

	if (at_limit(s))
		return limit_words(s);
	switch (s->damage) {
	case CPU_STREAM_BAD_PAGE:
		return "a ring-buffer page whose header or commit lies outside the page";
	case CPU_STREAM_CUT_PAGE:
		return "a ring-buffer page with an event reaching past its commit";
	case CPU_STREAM_SHORT_RECORD:
		return "a record shorter than its event's fields";
	case CPU_STREAM_BAD_CHUNK:
		return s->fault < sizeof(chunk) / sizeof(chunk[0]) && chunk[s->fault] ? chunk[s->fault] :
		       "a compressed chunk that cannot be read";
	default:
		return "unreadable data";
	}
}

/**
 * fast_reader_damages() - where the last iteration met data it could not read
 * @fr: the reader, after an iteration
 * @out: filled with the first damage of each damaged CPU, in the buffer's order
 * @max: room in @out
 *
 * A CPU's records end at a page or chunk that cannot be read; a record too
 * short for its fields is skipped. libtracecmd would refuse such a file.
 *
 * Return: how many CPUs were damaged (more than @max possible).
 */
int fast_reader_damages(struct fast_reader *fr, struct trace_damage *out, int max)
{
	int n = 0;

	for (int i = 0; i < fr->nr_streams; i++) {
		struct cpu_stream *s = &fr->streams[i];

		if (!s->damaged)
			continue;
		if (n < max)
			out[n] = (struct trace_damage){
				.cpu = s->cpu, .offset = s->damage_offset, .ts = s->damage_ts,
				.what = damage_words(s), .limit = at_limit(s),
			};
		n++;
	}
	return n;
}
