// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trace.dat container reader on real traces written by trace-cmd
 * 3.1.6 (tests/data/tracedat, see its README): header, sections, formats,
 * CPU data, buffers and their stats, the same trace in three encodings.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tracedat_fixture.h"

START_TEST(real_header)
{
	struct tracedat *td = open_ok(real_files[_i]);

	ck_assert_int_eq(td->version, strstr(real_files[_i], "v6") ? 6 : 7);
	ck_assert(!td->big_endian);
	ck_assert_int_eq(td->long_size, 8);
	ck_assert_uint_eq(td->page_size, 4096);
	ck_assert_str_eq(td->compression, strstr(real_files[_i], "zstd") ? "zstd" : "none");
	ck_assert_int_eq(td->nr_cpus, 2);
	ck_assert_str_eq(td->machine, "x86_64");
	ck_assert_ptr_nonnull(strstr(td->uname, td->kernel_release));
	ck_assert(!strncmp(td->uname, "Linux ", 6));
	ck_assert_str_eq(td->trace_clock, "mono");
	ck_assert_ptr_nonnull(strstr(td->trace_clocks, "[mono]"));
	ck_assert_str_eq(td->tracecmd_version, "3.1.6 not-a-git-repo");
	tracedat_close(td);
}
END_TEST

START_TEST(real_sections)
{
	struct tracedat *td = open_ok(real_files[_i]);
	size_t len;
	void *data;
	char *text;
	int i;

	for (i = 0; i < TRACEDAT_NR_SECTIONS; i++) {
		ck_assert(td->sections[i].present);
		ck_assert_int_eq(td->sections[i].compressed, !strcmp(td->compression, "zstd"));
		data = section_bytes(td, i, &len);
		ck_assert_uint_eq(len, td->sections[i].usize);
		free(data);
	}
	text = text_of(td, TRACEDAT_TEXT_HEADER_PAGE, &len);
	ck_assert_ptr_nonnull(strstr(text, "field: local_t commit;"));
	free(text);
	text = text_of(td, TRACEDAT_TEXT_HEADER_EVENT, &len);
	ck_assert_ptr_nonnull(strstr(text, "type_len"));
	free(text);
	text = text_of(td, TRACEDAT_TEXT_KALLSYMS, &len);
	ck_assert_ptr_nonnull(strstr(text, " T try_to_wake_up\n"));
	free(text);
	text = text_of(td, TRACEDAT_TEXT_CMDLINES, &len);
	ck_assert_uint_gt(len, 0);
	free(text);
	tracedat_close(td);
}
END_TEST

static int stop_at_first(void *data, const char *system, const char *format, size_t len)
{
	(void)system;
	(void)format;
	(void)len;
	(*(int *)data)++;
	return 7;
}

START_TEST(real_formats)
{
	struct tracedat *td = open_ok(real_files[_i]);
	struct format_count fc = { 0 };
	char err[ERRLEN];
	int calls = 0;

	ck_assert_int_eq(tracedat_for_each_format(td, count_format, &fc, err, sizeof(err)), 0);
	ck_assert_int_gt(fc.ftrace, 10);
	ck_assert_int_gt(fc.sched, 10);
	ck_assert(fc.switch_seen);
	ck_assert_int_eq(tracedat_for_each_format(td, stop_at_first, &calls, err,
						  sizeof(err)), 7);
	ck_assert_int_eq(calls, 1);
	tracedat_close(td);
}
END_TEST

START_TEST(real_cpu_data)
{
	struct tracedat *td = open_ok(real_files[_i]);
	const struct tracedat_buffer *b;
	uint64_t total;
	size_t len;
	void *data;
	int i, j;

	for (i = 0; i < td->nr_buffers; i++) {
		b = &td->buffers[i];
		ck_assert_uint_eq(b->page_size, td->page_size);
		for (j = total = 0; j < b->nr_cpus; j++) {
			data = cpu_bytes(td, b, j, &len);
			ck_assert_uint_eq(len, b->cpus[j].data.usize);
			ck_assert_uint_eq(len % b->page_size, 0);
			ck_assert(b->cpus[j].data.offset % b->page_size == 0);
			total += len;
			free(data);
		}
		ck_assert_uint_gt(total, 0);
		ck_assert_uint_lt(total, 64 * 4096);
	}
	tracedat_close(td);
}
END_TEST

START_TEST(real_top_buffer)
{
	struct tracedat *td = open_ok(DATA "top-v7-zstd.dat");
	const struct tracedat_buffer *top = tracedat_buffer_find(td, "");

	ck_assert_ptr_eq(top, &td->buffers[0]);
	ck_assert_int_eq(td->nr_buffers, 1);
	ck_assert_str_eq(top->clock, "mono");
	ck_assert_int_eq(top->nr_cpus, 2);
	ck_assert(top->cpus[0].data.compressed);
	ck_assert_int_eq(top->nr_stats, 2);
	ck_assert_int_eq(top->stats[0].cpu, 0);
	ck_assert_int_eq(top->stats[0].overrun, 288);
	ck_assert_int_eq(top->stats[0].entries, 0);
	ck_assert_int_eq(top->stats[0].commit_overrun, 0);
	ck_assert_int_eq(top->stats[0].dropped_events, 0);
	ck_assert_int_eq(top->stats[0].read_events, 142);
	ck_assert_int_eq(top->stats[1].cpu, 1);
	ck_assert_ptr_null(tracedat_buffer_find(td, "td-named"));
	tracedat_close(td);
}
END_TEST

/* The same trace in three encodings: identical sections and pages. */
START_TEST(real_encodings_agree)
{
	struct tracedat *v6 = open_ok(DATA "top-v6.dat");
	struct tracedat *zstd = open_ok(DATA "top-v7-zstd.dat");
	struct tracedat *none = open_ok(DATA "top-v7-none.dat");

	assert_same_data(v6, zstd);
	assert_same_data(v6, none);
	tracedat_close(v6);
	tracedat_close(zstd);
	tracedat_close(none);
}
END_TEST

START_TEST(real_named_buffer)
{
	struct tracedat *td = open_ok(real_files[3 + _i]);
	const struct tracedat_buffer *named;

	ck_assert_int_eq(td->nr_buffers, 2);
	ck_assert_str_eq(td->buffers[0].name, "");
	named = tracedat_buffer_find(td, "td-named");
	ck_assert_ptr_eq(named, &td->buffers[1]);
	/* The instance traced with "global"; trace-cmd 3.1.6 records the top's clock. */
	ck_assert_str_eq(named->clock, "mono");
	/* Only CPU 0 traced: v7 lists the CPUs with data, v6 all of them. */
	ck_assert_int_eq(named->nr_cpus, td->version == 6 ? 2 : 1);
	ck_assert_int_eq(named->cpus[0].cpu, 0);
	ck_assert_uint_eq(named->cpus[0].data.usize, 8192);
	if (td->version == 6)
		ck_assert_uint_eq(named->cpus[1].data.size, 0);
	ck_assert_int_eq(named->nr_stats, 2);
	ck_assert_int_eq(named->stats[0].dropped_events, 284);
	ck_assert_int_eq(named->stats[0].read_events, 144);
	ck_assert_int_eq(td->buffers[0].stats[0].overrun, 288);
	tracedat_close(td);
}
END_TEST

/**
 * tracedat_real_suite - the tests of parsers/container/tracedat*.c on real traces
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *tracedat_real_suite(void)
{
	Suite *s = suite_create("tracedat_real");
	TCase *real = tcase_create("real traces");

	tcase_add_loop_test(real, real_header, 0, NR_REAL);
	tcase_add_loop_test(real, real_sections, 0, NR_REAL);
	tcase_add_loop_test(real, real_formats, 0, NR_REAL);
	tcase_add_loop_test(real, real_cpu_data, 0, NR_REAL);
	tcase_add_test(real, real_top_buffer);
	tcase_add_test(real, real_encodings_agree);
	tcase_add_loop_test(real, real_named_buffer, 0, 2);
	suite_add_tcase(s, real);
	return s;
}
