// SPDX-License-Identifier: GPL-2.0-only
/*
 * trace.dat files this test writes, read back: with the recorder's builder
 * (zlib, big endian, chained options: what trace-cmd here cannot make),
 * and with the recorder's writer (a CPU offline).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../recorder/tracedat_write.h"
#include "tracedat_fixture.h"

START_TEST(written_zlib)
{
	struct tracedat *real = open_ok(DATA "top-v7-zstd.dat"), *td;
	struct gen_spec s;
	struct tracedat_bytes w = { 0 };
	char err[ERRLEN] = "";

	spec_from_real(&s, "zlib", 7);
	ck_assert_msg(!gen_open(&s, &w, &td, err), "%s", err);
	ck_assert_str_eq(td->compression, "zlib");
	ck_assert(td->buffers[0].cpus[0].data.compressed);
	assert_same_data(real, td);
	ck_assert_str_eq(td->machine, "x86_64");
	tracedat_close(td);
	tracedat_close(real);
	spec_free_strings(&s);
	gen_free(&s);
	tracedat_bytes_free(&w);
}
END_TEST

/* Chunk sizes with the count, BUFFER options in a second options section. */
START_TEST(written_chained_options)
{
	struct tracedat *real = open_ok(DATA "top-v7-zstd.dat"), *td;
	struct gen_spec s;
	struct tracedat_bytes w = { 0 };
	char err[ERRLEN] = "";

	spec_from_real(&s, "zstd", 7);
	s.size_with_count = true;
	s.split_options = true;
	ck_assert_msg(!gen_open(&s, &w, &td, err), "%s", err);
	assert_same_data(real, td);
	tracedat_close(td);
	tracedat_close(real);
	spec_free_strings(&s);
	gen_free(&s);
	tracedat_bytes_free(&w);
}
END_TEST

static void assert_synthetic(const struct tracedat *td)
{
	const struct tracedat_buffer *second = tracedat_buffer_find(td, "second");
	const struct tracedat_cpustat *st = &td->buffers[0].stats[0];
	char *text;
	size_t len;

	ck_assert(td->big_endian);
	ck_assert_str_eq(td->kernel_release, "6.1.0-ppc");
	ck_assert_str_eq(td->machine, "ppc64");
	ck_assert_str_eq(td->trace_clock, "local");
	ck_assert_int_eq(td->buffers[0].nr_stats, 1);
	ck_assert_int_eq(st->cpu, 1);
	ck_assert_int_eq(st->entries, 3);
	ck_assert_int_eq(st->overrun, 4);
	ck_assert_int_eq(st->commit_overrun, 5);
	ck_assert_int_eq(st->dropped_events, 7);
	ck_assert_int_eq(st->read_events, 8);
	ck_assert_ptr_nonnull(second);
	ck_assert_int_eq(second->nr_stats, 1);
	ck_assert_int_eq(second->stats[0].cpu, 0);
	ck_assert_int_eq(second->stats[0].entries, 1);
	ck_assert_int_eq(second->stats[0].overrun, TRACEDAT_UNKNOWN);
	ck_assert_int_eq(second->stats[0].read_events, TRACEDAT_UNKNOWN);
	text = text_of(td, TRACEDAT_TEXT_KALLSYMS, &len);
	ck_assert_str_eq(text, "ffffffff81000000 T _stext\n");
	free(text);
	text = text_of(td, TRACEDAT_TEXT_PRINTK, &len);
	ck_assert_uint_eq(len, 0);
	free(text);
}

static void written_be(int version, const char *comp)
{
	struct format_count fc = { 0 };
	const struct tracedat_buffer *top;
	struct tracedat *td;
	struct gen_spec s;
	struct tracedat_bytes w = { 0 };
	char err[ERRLEN] = "";
	size_t len;
	void *data;

	spec_synthetic(&s, version, comp);
	ck_assert_msg(!gen_open(&s, &w, &td, err), "%s", err);
	assert_synthetic(td);
	ck_assert_int_eq(tracedat_for_each_format(td, count_format, &fc, err, sizeof(err)), 0);
	ck_assert_int_eq(fc.ftrace, 1);
	top = tracedat_buffer_find(td, "");
	ck_assert_str_eq(top->clock, "local");
	data = cpu_bytes(td, top, version == 6 ? 1 : 0, &len);
	ck_assert_uint_eq(len, 8192);
	ck_assert_int_eq(((unsigned char *)data)[8191], 0x5a);
	free(data);
	tracedat_close(td);
	gen_free(&s);
	tracedat_bytes_free(&w);
}

START_TEST(written_big_endian)
{
	written_be(6, "none");
	written_be(7, "zstd");
	written_be(7, "zlib");
	written_be(7, "none");
}
END_TEST

/* A file in @dir, holding @text. */
static void put_text(const char *dir, const char *name, const char *text)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	write_file(path, text, strlen(text));
}

/*
 * The recorder's writer with CPU 1 offline: CPU 2's pages must stay CPU 2's
 * (entry 2 of the v6 table), CPU 1 recorded as empty.
 */
START_TEST(writer_offline_cpu)
{
	char dir[] = "/tmp/tracedat-writer-XXXXXX", path[4200], err[ERRLEN] = "";
	static unsigned char page0[4096] = { 1 }, page2[8192] = { 2 };
	struct tracedat_write_cpu cpus[2];
	const struct tracedat_buffer *b;
	struct tracedat *td;
	char p0[4200], p2[4200];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/ftrace", dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/ftrace/print", dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	put_text(dir, "header_page", "field: u64 timestamp;\n");
	put_text(dir, "header_event", "# compressed entry header\n");
	put_text(dir, "ftrace/print/format", "name: print\nID: 5\n");
	snprintf(p0, sizeof(p0), "%s/cpu0", dir);
	snprintf(p2, sizeof(p2), "%s/cpu2", dir);
	write_file(p0, page0, sizeof(page0));
	write_file(p2, page2, sizeof(page2));
	cpus[0] = (struct tracedat_write_cpu){ .cpu = 0, .data_path = p0 };
	cpus[1] = (struct tracedat_write_cpu){ .cpu = 2, .data_path = p2 };
	snprintf(path, sizeof(path), "%s/trace.dat", dir);
	ck_assert_msg(!tracedat_write(path, &(struct tracedat_write_input){
		.events_dir = dir, .clock = "[local] global", .uname = "Linux h 6.1.0 x86_64",
		.page_size = 4096, .nr_cpus = 2, .cpus = cpus }, err, sizeof(err)), "%s", err);
	td = open_ok(path);
	ck_assert_int_eq(td->nr_cpus, 3);
	b = tracedat_buffer_find(td, "");
	ck_assert_ptr_nonnull(b);
	ck_assert_int_eq(b->nr_cpus, 3);
	ck_assert_uint_eq(b->cpus[0].data.usize, sizeof(page0));
	ck_assert_uint_eq(b->cpus[1].data.usize, 0);
	ck_assert_uint_eq(b->cpus[2].data.usize, sizeof(page2));
	tracedat_close(td);
	for (const char *f = "trace.dat\0cpu0\0cpu2\0header_page\0header_event\0"
			     "ftrace/print/format\0ftrace/print\0ftrace\0"; *f; f += strlen(f) + 1) {
		snprintf(path, sizeof(path), "%s/%s", dir, f);
		remove(path);
	}
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/**
 * tracedat_written_suite - the tests of files written by the recorder, read back
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *tracedat_written_suite(void)
{
	Suite *s = suite_create("tracedat_written");
	TCase *written = tcase_create("written here");

	tcase_add_test(written, written_zlib);
	tcase_add_test(written, written_chained_options);
	tcase_add_test(written, written_big_endian);
	tcase_add_test(written, writer_offline_cpu);
	suite_add_tcase(s, written);
	return s;
}
