// SPDX-License-Identifier: GPL-2.0-only
/*
 * The live reader (parsers/trace_input_live.c) and what its source does
 * besides giving its pages in time (live_fixture.h): records given late,
 * told and turned into gaps; a source's errors, pages past the queue's
 * room, a page given again; and the header-only trace.dat a live trace
 * opens, as the recorder's writer and the container's builder write it.
 */
#define _GNU_SOURCE /* nftw() */
#include <check.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../recorder/tracedat_write.h"
#include "live_fixture.h"
#include "record_fixture.h"
#include "tracedat_fixture.h"

#define MS		(1000ULL * 1000)

/* ---- late records ---- */

/*
 * The records given are the file's less the late ones, in the file's
 * order; each late one was told, in order; its CPU's next record given
 * says events were lost (-1, unless the kernel counted them).
 */
static void check_late(const struct recording *want, const struct live_seen *seen)
{
	bool gap[64] = { false };
	size_t g = 0;
	int l = 0;

	for (size_t i = 0; i < want->nr; i++) {
		const struct trace_record *w = &want->recs[i].rec;
		const struct trace_record *got = g < seen->recs.nr ? &seen->recs.recs[g].rec : NULL;

		ck_assert_int_lt(w->cpu, 64);
		if (!got || got->ref.offset != w->ref.offset || got->cpu != w->cpu) {
			ck_assert_msg(l < seen->nr_late, "record %zu of the file neither given nor "
				      "told late", i);
			ck_assert_int_eq(seen->late[l].cpu, w->cpu);
			ck_assert_uint_eq(seen->late[l].ts, w->ts);
			ck_assert_uint_le(seen->late[l].ts, seen->late[l].released_ts);
			gap[w->cpu] = true;
			l++;
			continue;
		}
		ck_assert_uint_eq(got->ts, w->ts);
		ck_assert_int_eq(got->missed, gap[w->cpu] && !w->missed ? -1 : w->missed);
		gap[w->cpu] = false;
		g++;
	}
	ck_assert_uint_eq(g, seen->recs.nr);
	ck_assert_int_eq(l, seen->nr_late);
}

START_TEST(late_records_told_not_judged)
{
	const char *path = "traces/mutex-nonpi.dat";
	struct trace_input *file = live_open_file(path), *live;
	struct recording want = { .path = path };
	struct live_seen seen = { 0 };
	struct trace_live_options o;
	char *header = live_header_of(path);
	struct live_feed f;
	uint64_t span;

	ck_assert_int_eq(trace_input_iterate(file, recording_save, &want), 0);
	live_feed_init(&f, path, LIVE_CUT_GROWING, 11);
	f.step_max = 2 * MS;
	f.user = &seen;
	span = f.last_ts - f.first_ts;
	/*
	 * CPU 1 (busy 3 to 5, 10 to 11 and 14 to 16 ms into the trace) unread
	 * until 7 ms, "now" said without it; then held again for 6 ms after
	 * each pull that had late records
	 */
	f.late_cpu = f.cpus[1].cpu;
	f.late_until = f.first_ts + span * 7 / 16;
	seen.feed = &f;
	seen.holds_left = 2;
	seen.hold_for = span * 6 / 16;
	live_feed_options(&f, &o);
	o.late = live_seen_late;
	o.window_ns = 1 * MS;
	o.window_max_ns = 3 * MS;
	live = live_open(header, &o);
	ck_assert_int_eq(trace_input_iterate(live, live_seen_save, &seen), 0);
	ck_assert_int_gt(seen.nr_late, 0);
	ck_assert_int_eq(seen.late_pulls, 3);
	check_late(&want, &seen);
	/* doubled once per pull that had late records, up to its most */
	ck_assert_uint_eq(seen.late[0].window_ns, 2 * MS);
	for (int i = 1; i < seen.nr_late; i++) {
		ck_assert_uint_ge(seen.late[i].window_ns, seen.late[i - 1].window_ns);
		ck_assert_uint_le(seen.late[i].window_ns, 3 * MS);
	}
	ck_assert_uint_eq(seen.late[seen.nr_late - 1].window_ns, 3 * MS);
	trace_input_close(live);
	trace_input_close(file);
	live_feed_free(&f);
	recording_free(&want);
	recording_free(&seen.recs);
	unlink(header);
	free(header);
}
END_TEST

/* ---- a source's errors ---- */

/* A source of fixed batches, or failing with @fail. */
struct script {
	struct trace_live_batch	batches[4];
	int			nr;
	int			at;
	const char		*fail;
};

static int script_pull(void *data, struct trace_live_batch *b, char *err)
{
	struct script *s = data;
	const uint64_t *room = b->room;
	int nr_room = b->nr_room;

	if (s->fail) {
		snprintf(err, TRACE_ERR_LEN, "%s", s->fail);
		return -1;
	}
	ck_assert_int_lt(s->at, s->nr);
	*b = s->batches[s->at++];
	b->room = room;
	b->nr_room = nr_room;
	return 0;
}

static int count_records(void *data, const struct trace_record *rec)
{
	(*(int *)data)++;
	return 0;
}

/* The script read live from mutex-nonpi's header: what the iteration returned. */
static int run_script(struct script *s, int *records, char *why, struct trace_damage *d, int *nr_d)
{
	struct trace_live_options o = { .pull = script_pull, .data = s };
	char *header = live_header_of("traces/mutex-nonpi.dat");
	struct trace_input *in = live_open(header, &o);
	int ret;

	*records = 0;
	s->at = 0;
	ret = trace_input_iterate(in, count_records, records);
	snprintf(why, TRACE_ERR_LEN, "%s", trace_input_error(in) ? trace_input_error(in) : "");
	if (d)
		*nr_d = trace_input_damages(in, d, 1);
	/* a live trace is read once */
	ck_assert_int_eq(trace_input_iterate(in, count_records, records), -1);
	ck_assert_ptr_nonnull(strstr(trace_input_error(in), "read once"));
	trace_input_close(in);
	unlink(header);
	free(header);
	return ret;
}

START_TEST(source_errors_stop_the_reading)
{
	struct live_feed f;
	struct trace_live_page bad = { 0 };
	struct script s;
	char why[TRACE_ERR_LEN];
	int records;

	live_feed_init(&f, "traces/mutex-nonpi.dat", LIVE_CUT_WHOLE, 1);
	/* the source's own failure, said as it said it */
	s = (struct script){ .fail = "tick 3: cannot read CPU 1" };
	ck_assert_int_eq(run_script(&s, &records, why, NULL, NULL), -1);
	ck_assert_str_eq(why, "tick 3: cannot read CPU 1");
	/* a CPU the header does not list */
	bad = (struct trace_live_page){ .cpu = 9, .data = f.cpus[0].pages[0].data, .len = 4096 };
	s = (struct script){ .nr = 1, .batches = { { .pages = &bad, .nr = 1, .end = true } } };
	ck_assert_int_eq(run_script(&s, &records, why, NULL, NULL), -1);
	ck_assert_ptr_nonnull(strstr(why, "CPU 9, which the trace's header does not list"));
	/* not a sub-buffer's place */
	bad.cpu = f.cpus[0].cpu;
	bad.offset = 100;
	ck_assert_int_eq(run_script(&s, &records, why, NULL, NULL), -1);
	ck_assert_ptr_nonnull(strstr(why, "not one sub-buffer"));
	/* more than a sub-buffer */
	bad.offset = 0;
	bad.len = 8192;
	ck_assert_int_eq(run_script(&s, &records, why, NULL, NULL), -1);
	ck_assert_ptr_nonnull(strstr(why, "not one sub-buffer"));
	/* nothing but the end: no record, no error */
	s = (struct script){ .nr = 1, .batches = { { .end = true } } };
	ck_assert_int_eq(run_script(&s, &records, why, NULL, NULL), 0);
	ck_assert_int_eq(records, 0);
	ck_assert_str_eq(why, "");
	live_feed_free(&f);
}
END_TEST

/* A source that gives more than the queue's room: the reading stops, said why. */
START_TEST(source_past_its_room_fails)
{
	char *header = live_header_of("traces/mutex-nonpi.dat");
	struct trace_live_options o;
	struct trace_input *in;
	struct live_feed f;
	int records = 0;

	live_feed_init(&f, "traces/mutex-nonpi.dat", LIVE_CUT_WHOLE, 1);
	f.ignore_room = true;
	f.step_max = 2000 * MS;		/* many pages a tick */
	live_feed_options(&f, &o);
	o.queue_bytes = 2 * 4096;
	in = live_open(header, &o);
	ck_assert_int_eq(trace_input_iterate(in, count_records, &records), -1);
	ck_assert_ptr_nonnull(strstr(trace_input_error(in), "more pages than its queue has room "
				     "for (8192 bytes at most)"));
	trace_input_close(in);
	live_feed_free(&f);
	unlink(header);
	free(header);
}
END_TEST

/* A page given again after a later one: damage, its records not given twice. */
START_TEST(old_page_is_damage)
{
	struct live_feed f;
	struct trace_live_page pages[3];
	const struct feed_cpu *c;
	struct trace_damage d;
	struct script s;
	char why[TRACE_ERR_LEN];
	int records, nr_d;

	live_feed_init(&f, "traces/mutex-nonpi.dat", LIVE_CUT_WHOLE, 1);
	c = &f.cpus[0];
	ck_assert_int_ge(c->nr_pages, 2);
	for (int i = 0; i < 3; i++)
		pages[i] = (struct trace_live_page){ .cpu = c->cpu, .data = c->pages[i % 2].data,
						     .len = c->pages[i % 2].len,
						     .offset = c->pages[i % 2].offset };
	s = (struct script){ .nr = 2, .batches = { { .pages = pages, .nr = 2 },
						   { .pages = pages + 2, .nr = 1, .end = true } } };
	ck_assert_int_eq(run_script(&s, &records, why, &d, &nr_d), 0);
	ck_assert_int_eq(records, c->pages[0].nr + c->pages[1].nr);
	ck_assert_int_eq(nr_d, 1);
	ck_assert_int_eq(d.cpu, c->cpu);
	ck_assert_uint_eq(d.offset, c->pages[0].offset);
	ck_assert_str_eq(d.what, "a page given again after a later one");
	live_feed_free(&f);
}
END_TEST

/* ---- the header-only trace.dat ---- */

/* The tracefs files the recorder's writer reads, made of a trace's own metadata. */
struct events_dir {
	char		dir[64];
	char		names[256][160];
	const char	*events[256];
	int		nr;
};

static void put_file(const char *dir, const char *name, const void *text, size_t len)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	write_file(path, text, len);
}

static int put_format(void *data, const char *system, const char *format, size_t len)
{
	struct events_dir *e = data;
	const char *nl;
	char name[96], path[512];

	ck_assert(len > 6 && !strncmp(format, "name: ", 6));
	nl = memchr(format, '\n', len);
	ck_assert_ptr_nonnull(nl);
	snprintf(name, sizeof(name), "%.*s", (int)(nl - format - 6), format + 6);
	if (!strcmp(system, "ftrace") && strcmp(name, "print"))
		return 0;
	snprintf(path, sizeof(path), "%s/%s", e->dir, system);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/%s/%s", e->dir, system, name);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/%s/format", system, name);
	put_file(e->dir, path, format, len);
	if (strcmp(system, "ftrace")) {
		ck_assert_int_lt(e->nr, (int)ARRAY_SIZE(e->names));
		snprintf(e->names[e->nr], sizeof(e->names[e->nr]), "%s/%s", system, name);
		e->events[e->nr] = e->names[e->nr];
		e->nr++;
	}
	return 0;
}

/* A text of the trace into @name; false when the trace has none. */
static bool put_text(const struct tracedat *td, enum tracedat_text text, const char *dir,
		     const char *name)
{
	char err[ERRLEN];
	size_t len;
	char *t;

	if (tracedat_read_text(td, text, &t, &len, err, sizeof(err)))
		return false;
	put_file(dir, name, t, len);
	free(t);
	return true;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

/* The header a watcher writes (tracedat_write(), every CPU empty), of @path's metadata. */
static void write_header(const char *path, struct events_dir *e, char *out, size_t len)
{
	struct tracedat *td = open_ok(path);
	const struct tracedat_buffer *top = tracedat_buffer_find(td, "");
	struct tracedat_write_cpu cpus[LIVE_FEED_CPUS];
	char err[ERRLEN] = "", empty[128], kallsyms[128], printk[128], cmdlines[128];
	bool has[3];

	snprintf(e->dir, sizeof(e->dir), "/tmp/live-header-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(e->dir));
	ck_assert_int_eq(tracedat_for_each_format(td, put_format, e, err, sizeof(err)), 0);
	ck_assert(put_text(td, TRACEDAT_TEXT_HEADER_PAGE, e->dir, "header_page"));
	ck_assert(put_text(td, TRACEDAT_TEXT_HEADER_EVENT, e->dir, "header_event"));
	has[0] = put_text(td, TRACEDAT_TEXT_KALLSYMS, e->dir, "kallsyms");
	has[1] = put_text(td, TRACEDAT_TEXT_PRINTK, e->dir, "printk_formats");
	has[2] = put_text(td, TRACEDAT_TEXT_CMDLINES, e->dir, "saved_cmdlines");
	snprintf(empty, sizeof(empty), "%s/empty", e->dir);
	snprintf(kallsyms, sizeof(kallsyms), "%s/kallsyms", e->dir);
	snprintf(printk, sizeof(printk), "%s/printk_formats", e->dir);
	snprintf(cmdlines, sizeof(cmdlines), "%s/saved_cmdlines", e->dir);
	write_file(empty, "", 0);
	ck_assert_int_le(top->nr_cpus, LIVE_FEED_CPUS);
	for (int i = 0; i < top->nr_cpus; i++)
		cpus[i] = (struct tracedat_write_cpu){ .cpu = top->cpus[i].cpu, .data_path = empty };
	snprintf(out, len, "%s/header.dat", e->dir);
	ck_assert_msg(!tracedat_write(out, &(struct tracedat_write_input){
		.events_dir = e->dir, .events = e->events, .nr_events = e->nr,
		.kallsyms_path = has[0] ? kallsyms : NULL, .printk_path = has[1] ? printk : NULL,
		.cmdlines_path = has[2] ? cmdlines : NULL, .clock = td->trace_clocks,
		.uname = td->uname, .page_size = td->page_size, .nr_cpus = top->nr_cpus,
		.cpus = cpus }, err, sizeof(err)), "%s", err);
	tracedat_close(td);
}

/*
 * Opened as any trace: no record, and the recorded trace's metadata, formats
 * and kallsyms. Returns how many of some symbols the kallsyms hold.
 */
static int same_metadata(const char *path, const char *header)
{
	static const char *const symbols[] = { "_stext", "schedule", "do_nanosleep", "nosuch" };
	struct trace_input *file = live_open_file(path), *in = live_open_file(header);
	const struct trace_meta *a = trace_input_meta(file), *b = trace_input_meta(in);
	bool found_a[4], found_b[4];
	int records = 0, symbols_found;

	ck_assert_int_eq(trace_input_iterate(in, count_records, &records), 0);
	ck_assert_int_eq(records, 0);
	ck_assert_str_eq(a->uname, b->uname);
	ck_assert_str_eq(a->release, b->release);
	ck_assert_str_eq(a->machine, b->machine);
	ck_assert_str_eq(a->clock, b->clock);
	ck_assert_int_eq(a->cpus, b->cpus);
	for (int kind = 0; kind < TRACE_NR_KINDS; kind++)
		ck_assert_int_eq(trace_input_has(file, kind), trace_input_has(in, kind));
	symbols_found = trace_input_find_symbols(file, symbols, 4, found_a);
	ck_assert_int_eq(trace_input_find_symbols(in, symbols, 4, found_b), symbols_found);
	for (int i = 0; i < symbols_found && i < 4; i++)
		ck_assert_int_eq(found_a[i], found_b[i]);
	ck_assert_int_eq(trace_input_kernel_long(file), trace_input_kernel_long(in));
	trace_input_close(in);
	trace_input_close(file);
	return symbols_found;
}

START_TEST(header_only_opens)
{
	/* the first without kallsyms, the second with */
	static const char *const paths[] = { "traces/mutex-nonpi.dat", "traces/cyclictest-abs.dat" };
	int symbols = 0;

	for (size_t i = 0; i < ARRAY_SIZE(paths); i++) {
		struct trace_input *file = live_open_file(paths[i]), *live;
		struct recording want = { .path = paths[i] };
		struct live_seen seen = { 0 };
		struct trace_live_options o;
		struct events_dir e = { 0 };
		struct live_feed f;
		char header[128];

		write_header(paths[i], &e, header, sizeof(header));
		symbols += same_metadata(paths[i], header);
		/* and read live from it: the recorded trace's records */
		ck_assert_int_eq(trace_input_iterate(file, recording_save, &want), 0);
		live_feed_init(&f, paths[i], LIVE_CUT_GROWING, 2);
		f.user = &seen;
		seen.feed = &f;
		live_feed_options(&f, &o);
		live = live_open(header, &o);
		ck_assert_int_eq(trace_input_iterate(live, live_seen_save, &seen), 0);
		ck_assert_uint_eq(seen.recs.nr, want.nr);
		for (size_t k = 0; k < want.nr; k++)
			same_saved(&want.recs[k], &seen.recs.recs[k], true);
		live_same_lines(file, &want, live, &seen.recs);
		trace_input_close(live);
		trace_input_close(file);
		live_feed_free(&f);
		recording_free(&want);
		recording_free(&seen.recs);
		ck_assert_int_eq(nftw(e.dir, remove_one, 16, FTW_DEPTH | FTW_PHYS), 0);
	}
	ck_assert_int_ge(symbols, 2);
}
END_TEST

/* The container's builder's header-only file too (what live_header_of() writes). */
START_TEST(built_header_only_opens)
{
	char *header = live_header_of("traces/cyclictest-abs.dat");

	ck_assert_int_ge(same_metadata("traces/cyclictest-abs.dat", header), 2);
	unlink(header);
	free(header);
}
END_TEST

/**
 * live_source_suite - the live reader against late, failing and header-only sources
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *live_source_suite(void)
{
	Suite *s = suite_create("live_source");
	TCase *late = tcase_create("late and errors");
	TCase *header = tcase_create("header only");

	tcase_add_test(late, late_records_told_not_judged);
	tcase_add_test(late, source_errors_stop_the_reading);
	tcase_add_test(late, source_past_its_room_fails);
	tcase_add_test(late, old_page_is_damage);
	tcase_set_timeout(late, 60);
	suite_add_tcase(s, late);
	tcase_add_test(header, header_only_opens);
	tcase_add_test(header, built_header_only_opens);
	tcase_set_timeout(header, 60);
	suite_add_tcase(s, header);
	return s;
}
