// SPDX-License-Identifier: GPL-2.0-only
/*
 * The flight recorder (recorder/flight.c) without tracefs, part two, on
 * the rig of flight_test.h: the file is a trace.dat the project's reader
 * opens, holding the watch's start and each CPU's window, flagged after
 * the cut; the window kept by time and by bytes, punched out of the CPU
 * files; --max-files; the files that could not be written, told; and
 * watch_source_start() refusing a user who is not root before any file.
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "flight_test.h"
#include "watch_source.h"

/* ---- the file ---- */

/* The records the usual run's file holds, in time order: each CPU's start, its pages of 2-6 s. */
static int usual_records(uint64_t *ts, int *cpu)
{
	int n = 0;

	for (int c = 0; c < RIG_CPUS; c++)
		for (uint64_t j = 0; j < 2; j++) {
			ts[n] = (c ? 750 : 500) * MS + j * US;
			cpu[n++] = c;
		}
	for (uint64_t k = 2; k <= 6; k++)
		for (int c = 0; c < RIG_CPUS; c++)
			for (uint64_t j = 0; j < 2; j++) {
				ts[n] = k * SEC + c * 250 * MS + j * US;
				cpu[n++] = c;
			}
	return n;
}

/*
 * violation-1.dat is a trace.dat the reader opens: the start, then each
 * CPU's pages of [5.5 s - --keep, the pull at 6.5 s], the first of them
 * after the cut saying events were lost; nothing left beside it.
 */
START_TEST(file_reads_back_its_window)
{
	uint64_t ts[32];
	int cpu[32], n = usual_records(ts, cpu);
	struct recording rec;
	struct trace_meta meta;
	char text[64];
	struct rig r;

	rig_init(&r);
	rig_start(&r);
	rig_violation(&r);
	rig_told_is(&r, 0, "violation-1.dat", true, 1, 5500 * MS);
	ck_assert_str_eq(rig_listing(&r), "violation-1.dat");
	rig_read_back(&r, "violation-1.dat", &rec, &meta);
	ck_assert_int_eq(meta.cpus, RIG_CPUS);
	ck_assert_str_eq(meta.clock, "global");
	ck_assert_uint_eq(rec.nr, n);
	for (int i = 0; i < n; i++) {
		const struct trace_record *t = &rec.recs[i].rec;
		bool cut = ts[i] == 2 * SEC || ts[i] == 2250 * MS;

		ck_assert_int_eq(t->kind, TRACE_PRINT);
		ck_assert_uint_eq(t->ts, ts[i]);
		ck_assert_int_eq(t->cpu, cpu[i]);
		ck_assert_int_eq(t->pid, 1000 + cpu[i]);
		ck_assert_int_eq(t->missed, cut ? -1 : 0);
		snprintf(text, sizeof(text), "c%d %llu", cpu[i], (unsigned long long)ts[i]);
		ck_assert_str_eq(rec.recs[i].print, text);
	}
	recording_free(&rec);
	rig_free(&r);
}
END_TEST

/*
 * Not before --after past the oldest violation waiting; violations waiting
 * then share one file, each told, its window from the oldest's. CPU 1 lost
 * no page before it: its first is not flagged.
 */
START_TEST(violations_due_share_one_file)
{
	struct recording rec;
	struct rig r;

	rig_init(&r);
	rig_start(&r);
	rig_pages(&r, 1, 9);
	ck_assert(flight_request(r.fl, 6 * SEC));
	ck_assert(flight_request(r.fl, 5200 * MS));
	flight_pull(r.fl, &r.s, 6200 * MS - 1);
	ck_assert_str_eq(rig_listing(&r), "");
	ck_assert_int_eq(r.nr_told, 0);
	flight_pull(r.fl, &r.s, 6200 * MS);
	flight_end(r.fl, &r.s);
	ck_assert_int_eq(r.nr_told, 1);
	rig_told_is(&r, 0, "violation-1.dat", true, 2, 6 * SEC);
	ck_assert_uint_eq(r.told[0].ts[1], 5200 * MS);
	rig_read_back(&r, "violation-1.dat", &rec, NULL);
	/* the start's 4, CPU 0's pages of 2-6 s, CPU 1's of 1.25-5.25 s */
	ck_assert_uint_eq(rec.nr, 4 + 2 * 10);
	ck_assert_uint_eq(rec.recs[4].rec.ts, 1250 * MS);
	ck_assert_int_eq(rec.recs[4].rec.missed, 0);
	ck_assert_uint_eq(rec.recs[6].rec.ts, 2 * SEC);
	ck_assert_int_eq(rec.recs[6].rec.missed, -1);
	ck_assert_uint_eq(rec.recs[rec.nr - 1].rec.ts, 6 * SEC + US);
	recording_free(&rec);
	rig_free(&r);
}
END_TEST

/* ---- the window kept ---- */

/* Every byte of CPU @cpu's file in [@from, @to) is zero: punched out. */
static bool punched(const struct rig *r, int cpu, uint64_t from, uint64_t to)
{
	unsigned char page[SUBBUF];

	for (uint64_t at = from; at < to; at += SUBBUF) {
		ck_assert_int_eq(pread(r->cpus[cpu].out_fd, page, SUBBUF, at), SUBBUF);
		for (int i = 0; i < SUBBUF; i++)
			if (page[i])
				return false;
	}
	return true;
}

/* By time: pages older than --keep out of the index and punched out; the start kept whole. */
START_TEST(window_trimmed_and_punched)
{
	struct rig r;

	rig_init(&r);
	rig_start(&r);
	rig_pages(&r, 1, 9);
	flight_pull(r.fl, &r.s, 9500 * MS);
	for (int c = 0; c < RIG_CPUS; c++) {
		ck_assert(flight_kept(r.fl, c, 0));
		ck_assert(!flight_kept(r.fl, c, 1 * SUBBUF));
		ck_assert(!flight_kept(r.fl, c, 5 * SUBBUF));
		ck_assert(flight_kept(r.fl, c, 6 * SUBBUF));
		ck_assert(flight_kept(r.fl, c, 9 * SUBBUF));
		ck_assert(punched(&r, c, SUBBUF, 6 * SUBBUF));
		ck_assert(!punched(&r, c, 0, SUBBUF));
		ck_assert(!punched(&r, c, 6 * SUBBUF, 10 * SUBBUF));
	}
	ck_assert(flight_kept(r.fl, RIG_CPUS, SUBBUF));
	ck_assert(flight_kept(r.fl, -1, SUBBUF));
	ck_assert_int_eq(r.nr_told, 0);
	rig_free(&r);
}
END_TEST

/* A violation waiting for --after keeps its --keep before it; once written, it goes. */
START_TEST(waiting_violation_keeps_its_window)
{
	struct recording rec;
	struct rig r;

	rig_init(&r);
	r.fo.after_ns = 5 * SEC;
	rig_start(&r);
	rig_pages(&r, 1, 9);
	ck_assert(flight_request(r.fl, 5 * SEC));
	flight_pull(r.fl, &r.s, 9500 * MS);
	ck_assert(!flight_kept(r.fl, 0, 1 * SUBBUF));
	ck_assert(flight_kept(r.fl, 0, 2 * SUBBUF));
	ck_assert(flight_kept(r.fl, 1, 1 * SUBBUF));
	ck_assert_str_eq(rig_listing(&r), "");
	flight_pull(r.fl, &r.s, 10 * SEC);
	flight_end(r.fl, &r.s);
	rig_told_is(&r, 0, "violation-1.dat", true, 1, 5 * SEC);
	rig_read_back(&r, "violation-1.dat", &rec, NULL);
	ck_assert_uint_eq(rec.nr, 4 + 2 * 17);
	ck_assert_uint_eq(rec.recs[4].rec.ts, 1250 * MS);
	ck_assert_uint_eq(rec.recs[rec.nr - 1].rec.ts, 9250 * MS + US);
	recording_free(&rec);
	flight_pull(r.fl, &r.s, 10500 * MS);
	ck_assert(!flight_kept(r.fl, 0, 6 * SUBBUF));
	ck_assert(flight_kept(r.fl, 0, 7 * SUBBUF));
	rig_free(&r);
}
END_TEST

/* By bytes: the oldest pages of all CPUs out until the rest fits (a page whose next is newer stays). */
START_TEST(window_by_bytes)
{
	struct rig r;

	rig_init(&r);
	r.fo.keep_ns = 0;
	r.fo.keep_bytes = 3 * SUBBUF;
	rig_start(&r);
	rig_pages(&r, 1, 4);
	flight_pull(r.fl, &r.s, 5 * SEC);
	ck_assert(flight_kept(r.fl, 0, 0));
	ck_assert(!flight_kept(r.fl, 0, 1 * SUBBUF));
	ck_assert(!flight_kept(r.fl, 0, 2 * SUBBUF));
	ck_assert(flight_kept(r.fl, 0, 3 * SUBBUF));
	ck_assert(!flight_kept(r.fl, 1, 1 * SUBBUF));
	ck_assert(flight_kept(r.fl, 1, 2 * SUBBUF));
	ck_assert(punched(&r, 0, SUBBUF, 3 * SUBBUF));
	ck_assert(punched(&r, 1, SUBBUF, 2 * SUBBUF));
	rig_free(&r);
}
END_TEST

/*
 * By bytes, a violation keeps its own pages while it waits, and its file
 * holds the whole window kept, not only what follows it (the file began
 * at the violation, and the trim by bytes took its pages).
 */
START_TEST(window_by_bytes_keeps_the_violation)
{
	struct recording rec;
	struct rig r;

	rig_init(&r);
	r.fo.keep_ns = 0;
	r.fo.keep_bytes = 4 * SUBBUF;
	rig_start(&r);
	rig_violation(&r);
	rig_told_is(&r, 0, "violation-1.dat", true, 1, 5500 * MS);
	rig_read_back(&r, "violation-1.dat", &rec, NULL);
	/* after the start's 4: CPU 0's page of 5 s, CPU 1's of 5.25 s, on */
	ck_assert_uint_gt(rec.nr, 8);
	ck_assert_uint_eq(rec.recs[4].rec.ts, 5 * SEC);
	ck_assert_int_eq(rec.recs[4].rec.cpu, 0);
	ck_assert_uint_eq(rec.recs[6].rec.ts, 5250 * MS);
	ck_assert_int_eq(rec.recs[6].rec.cpu, 1);
	recording_free(&rec);
	rig_free(&r);
}
END_TEST

/* ---- limits and losses ---- */

/*
 * --max-files 1: the files an earlier watch left neither counted nor
 * removed; past this watch's one file each violation is refused (the
 * watcher counts them), and no file is written for it.
 */
START_TEST(max_files_refuses_past_it)
{
	int refused = 0;
	struct rig r;

	rig_init(&r);
	rig_put(&r, "flights/violation-1.dat", "1\n");
	rig_put(&r, "flights/violation-2.dat", "2\n");
	r.fo.max_files = 1;
	rig_start(&r);
	rig_pages(&r, 1, 9);
	ck_assert(flight_request(r.fl, 5500 * MS));
	flight_pull(r.fl, &r.s, 6500 * MS);
	refused += !flight_request(r.fl, 7 * SEC);
	refused += !flight_request(r.fl, 8 * SEC);
	flight_end(r.fl, &r.s);
	refused += !flight_request(r.fl, 9 * SEC);
	flight_end(r.fl, &r.s);
	ck_assert_int_eq(refused, 3);
	ck_assert_int_eq(r.nr_told, 1);
	rig_told_is(&r, 0, "violation-3.dat", true, 1, 5500 * MS);
	ck_assert_str_eq(rig_listing(&r), "violation-1.dat violation-2.dat violation-3.dat");
	ck_assert_str_eq(rig_text(&r, "flights/violation-1.dat"), "1\n");
	rig_free(&r);
}
END_TEST

/* --max-files 2: violations waiting for the last file share it; the next is refused. */
START_TEST(max_files_last_file_shared)
{
	struct rig r;

	rig_init(&r);
	r.fo.max_files = 2;
	rig_start(&r);
	rig_pages(&r, 1, 9);
	ck_assert(flight_request(r.fl, 5500 * MS));
	flight_pull(r.fl, &r.s, 6500 * MS);
	ck_assert(flight_request(r.fl, 7 * SEC));
	ck_assert(flight_request(r.fl, 7200 * MS));
	flight_end(r.fl, &r.s);
	ck_assert(!flight_request(r.fl, 9 * SEC));
	ck_assert_int_eq(r.nr_told, 2);
	rig_told_is(&r, 0, "violation-1.dat", true, 1, 5500 * MS);
	rig_told_is(&r, 1, "violation-2.dat", true, 2, 7 * SEC);
	ck_assert_uint_eq(r.told[1].ts[1], 7200 * MS);
	ck_assert_str_eq(rig_listing(&r), "violation-1.dat violation-2.dat");
	rig_free(&r);
}
END_TEST

/*
 * The child's writes failing (a file size limit: a full disk's EFBIG):
 * told not written under the name it would have had, nothing left in
 * --flight-dir; the number not used up, the next file takes it.
 */
START_TEST(write_error_told_nothing_left)
{
	struct rlimit was, small = { 3 * SUBBUF, 3 * SUBBUF };
	struct rig r;

	rig_init(&r);
	rig_start(&r);
	rig_pages(&r, 1, 9);
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &was), 0);
	small.rlim_max = was.rlim_max;
	ck_assert(signal(SIGXFSZ, SIG_IGN) != SIG_ERR);
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &small), 0);
	ck_assert(flight_request(r.fl, 5500 * MS));
	flight_pull(r.fl, &r.s, 6500 * MS);
	flight_end(r.fl, &r.s);
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &was), 0);
	ck_assert_int_eq(r.nr_told, 1);
	rig_told_is(&r, 0, "violation-1.dat", false, 1, 5500 * MS);
	ck_assert_str_eq(rig_listing(&r), "");
	ck_assert(flight_request(r.fl, 8 * SEC));
	flight_end(r.fl, &r.s);
	ck_assert_int_eq(r.nr_told, 2);
	rig_told_is(&r, 1, "violation-1.dat", true, 1, 8 * SEC);
	ck_assert_str_eq(rig_listing(&r), "violation-1.dat");
	rig_free(&r);
}
END_TEST

/* --flight-dir removed under the watch: no child, told at once (not written). */
START_TEST(flight_dir_gone_told_at_once)
{
	struct rig r;

	rig_init(&r);
	rig_start(&r);
	ck_assert_int_eq(rmdir(r.flights), 0);
	rig_pages(&r, 1, 9);
	ck_assert(flight_request(r.fl, 5500 * MS));
	flight_pull(r.fl, &r.s, 6500 * MS);
	ck_assert_int_eq(r.nr_told, 1);
	rig_told_is(&r, 0, "violation-1.dat", false, 1, 5500 * MS);
	flight_end(r.fl, &r.s);
	ck_assert_int_eq(r.nr_told, 1);
	ck_assert_int_eq(access(r.flights, F_OK), -1);
	rig_free(&r);
}
END_TEST

/* No recorder of a folder that is not one; none (NULL) does nothing, keeps every page. */
START_TEST(no_folder_no_recorder)
{
	unsigned char page[SUBBUF] = { 0 };
	struct flight_options o = { .dir = "/proc/self/no-such-folder", .max_files = 1 };

	errno = 0;
	ck_assert_ptr_null(flight_new(&o, RIG_CPUS, SUBBUF));
	ck_assert_int_eq(errno, ENOENT);
	o.dir = "/proc/self/status";
	errno = 0;
	ck_assert_ptr_null(flight_new(&o, RIG_CPUS, SUBBUF));
	ck_assert_int_eq(errno, ENOTDIR);
	flight_page(NULL, 0, 0, page);
	flight_started(NULL);
	ck_assert(!flight_request(NULL, SEC));
	flight_pull(NULL, NULL, SEC);
	flight_end(NULL, NULL);
	ck_assert(flight_kept(NULL, 0, SUBBUF));
	flight_free(NULL);
}
END_TEST

/* ---- watch_source.c without tracefs ---- */

/* In a child, as a user who is not root: 0 when refused with its message. */
static int start_unprivileged(const struct flight_options *fo)
{
	struct record_options o = { .what = "watching" };
	char err[RECORD_ERR_LEN] = "";
	struct record_result res;
	sigset_t usr1, after;

	/* the caller's blocked signals stay blocked (the cleanup put back a mask never saved) */
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, NULL);
	if (geteuid() == 0 && setresuid(65534, 65534, 65534))
		return 10;
	if (watch_source_start(&o, NULL, fo, &res, err))
		return 11;
	free(res.stats);
	sigprocmask(SIG_SETMASK, NULL, &after);
	if (!sigismember(&after, SIGUSR1))
		return 13;
	return strcmp(err, "watching needs root (tracefs belongs to root)") ? 12 : 0;
}

/* Refused without root, before --flight-dir is touched, the caller's signal mask as it was. */
START_TEST(watch_source_refused_without_root)
{
	int status;
	struct rig r;
	pid_t pid;

	rig_init(&r);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid)
		_exit(start_unprivileged(&r.fo));
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	ck_assert_str_eq(rig_listing(&r), "");
	rig_free(&r);
}
END_TEST

/**
 * flight_window_suite - the flight recorder's files, window and losses, without tracefs
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *flight_window_suite(void)
{
	Suite *s = suite_create("flight_window");
	TCase *file = tcase_create("file");
	TCase *window = tcase_create("window");
	TCase *losses = tcase_create("limits and losses");

	tcase_add_test(file, file_reads_back_its_window);
	tcase_add_test(file, violations_due_share_one_file);
	tcase_add_test(window, window_trimmed_and_punched);
	tcase_add_test(window, waiting_violation_keeps_its_window);
	tcase_add_test(window, window_by_bytes);
	tcase_add_test(window, window_by_bytes_keeps_the_violation);
	tcase_add_test(losses, max_files_refuses_past_it);
	tcase_add_test(losses, max_files_last_file_shared);
	tcase_add_test(losses, write_error_told_nothing_left);
	tcase_add_test(losses, flight_dir_gone_told_at_once);
	tcase_add_test(losses, no_folder_no_recorder);
	tcase_add_test(losses, watch_source_refused_without_root);
	for (TCase **t = (TCase *[]){ file, window, losses, NULL }; *t; t++) {
		tcase_set_timeout(*t, 60);
		suite_add_tcase(s, *t);
	}
	return s;
}
