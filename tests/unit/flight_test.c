// SPDX-License-Identifier: GPL-2.0-only
/*
 * The flight recorder (recorder/flight.c) without tracefs, part one: the
 * rig of flight_test.h, and the names its files take in a --flight-dir
 * that other watches and users share: numbered past the files there and
 * those taken meanwhile, links and FIFOs planted at the names it would
 * take never opened nor followed, a dead watcher's work folder reaped and
 * another user's left. The files' window, --max-files, the files not
 * written, and watch_source.c: flight_window_test.c.
 */
#define _GNU_SOURCE
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "flight_test.h"
#include "page_writer.h"

#define PRINT_ID	5
#define VICTIM		"another user's file, never to be written through a link\n"

/*
 * libtracefs's, declared here: its header needs include paths this object
 * is not built with. An instance of a folder of plain files: the session
 * reads its trace_clock and per_cpu stats there, never in a real tracefs.
 */
struct tracefs_instance *tracefs_instance_alloc(const char *tracing_dir, const char *name);
void tracefs_instance_free(struct tracefs_instance *instance);

static const char header_page[] =
	"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n";
static const char header_event[] =
	"# compressed entry header\n\ttype_len    :    5 bits\n\ttime_delta  :   27 bits\n"
	"\tarray       :   32 bits\n\n\tpadding     : type == 29\n\ttime_extend : type == 30\n"
	"\ttime_stamp : type == 31\n\tdata max type_len  == 28\n";
static const char print_format[] =
	"name: print\nID: 5\nformat:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
	"\tfield:unsigned long ip;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:char buf[];\toffset:16;\tsize:0;\tsigned:0;\n\n"
	"print fmt: \"%ps: %s\", (void *)REC->ip, REC->buf\n";

static void told(void *data, const char *file, const uint64_t *ts, int n, bool ok)
{
	struct rig *r = data;
	struct rig_told *t;

	ck_assert_int_lt(r->nr_told, RIG_TOLD);
	t = &r->told[r->nr_told++];
	snprintf(t->file, sizeof(t->file), "%s", file);
	memcpy(t->ts, ts, (n < 4 ? n : 4) * sizeof(*ts));
	t->n = n;
	t->ok = ok;
}

/**
 * rig_put - a new file holding @text
 * @r: the rig
 * @rel: its path in the test's folder ("flights/NAME": one in --flight-dir)
 * @text: what it holds
 */
void rig_put(const struct rig *r, const char *rel, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", r->dir, rel);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_ge(fputs(text, f), 0);
	ck_assert_int_eq(fclose(f), 0);
}

/**
 * rig_text - what a file of the test's folder holds, read never through a link
 * @r: the rig
 * @rel: its path in the test's folder
 *
 * Returns its first 255 bytes, valid until the next call.
 */
const char *rig_text(const struct rig *r, const char *rel)
{
	static char text[256];
	char path[256];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", r->dir, rel);
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	ck_assert_msg(fd >= 0, "%s: %s", path, strerror(errno));
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	ck_assert_int_ge(n, 0);
	text[n] = '\0';
	return text;
}

/**
 * rig_init - a session without tracefs, its flight recorder's options
 * @r: the rig
 *
 * In a new folder of /tmp: --flight-dir ("flights"), a tracefs of plain
 * files, a victim file, each CPU's file (empty). The recorder is made by
 * rig_start(), once the test has changed @r->fo and planted what it needs.
 */
void rig_init(struct rig *r)
{
	static const char *const dirs[] = { "flights", "tracing", "tracing/events",
		"tracing/events/ftrace", "tracing/events/ftrace/print", "tracing/instances",
		"tracing/instances/flight" };
	char path[256];

	memset(r, 0, sizeof(*r));
	snprintf(r->dir, sizeof(r->dir), "/tmp/rvreplay-flight-test.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(r->dir));
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", r->dir, dirs[i]);
		ck_assert_int_eq(mkdir(path, 0700), 0);
	}
	rig_put(r, "tracing/events/header_page", header_page);
	rig_put(r, "tracing/events/header_event", header_event);
	rig_put(r, "tracing/events/ftrace/print/format", print_format);
	rig_put(r, "tracing/instances/flight/trace_clock", "local [global] counter\n");
	rig_put(r, "victim", VICTIM);
	snprintf(r->flights, sizeof(r->flights), "%s/flights", r->dir);
	snprintf(r->tracing, sizeof(r->tracing), "%s/tracing", r->dir);
	record_session_init(&r->s, &r->ro, &r->res, r->err);
	r->s.tfs.tracing_dir = r->tracing;
	r->s.tfs.inst = tracefs_instance_alloc(r->tracing, "flight");
	ck_assert_ptr_nonnull(r->s.tfs.inst);
	for (int i = 0; i < RIG_CPUS; i++) {
		struct stream_cpu *c = &r->cpus[i];

		*c = (struct stream_cpu){ .cpu = i, .raw_fd = -1 };
		snprintf(c->path, sizeof(c->path), "%s/cpu%d.raw", r->dir, i);
		c->out_fd = open(c->path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		ck_assert_int_ge(c->out_fd, 0);
	}
	r->s.streams = (struct record_streams){ .cpus = r->cpus, .nr = RIG_CPUS,
						.subbuf_size = SUBBUF };
	r->fo = (struct flight_options){ .dir = r->flights, .keep_ns = 3 * SEC, .after_ns = SEC,
					 .max_files = 100, .told = told, .data = r };
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

/**
 * rig_free - the recorder freed, the test's folder removed
 * @r: the rig
 */
void rig_free(struct rig *r)
{
	flight_free(r->fl);
	for (int i = 0; i < RIG_CPUS; i++)
		close(r->cpus[i].out_fd);
	tracefs_instance_free(r->s.tfs.inst);
	free(r->res.stats);
	ck_assert_int_eq(nftw(r->dir, remove_one, 16, FTW_DEPTH | FTW_PHYS), 0);
}

/*
 * One page of @cpu at @ts, as a watcher reads it: two ftrace:print records,
 * at @ts and 1 us later, each saying its CPU and time; into the CPU's file
 * and to the recorder.
 */
static void rig_page(struct rig *r, int cpu, uint64_t ts)
{
	struct tracedat_bytes out = { 0 };
	struct page_writer w;

	ck_assert_int_eq(page_writer_init(&w, &out, SUBBUF), 0);
	for (uint64_t k = 0; k < 2; k++) {
		unsigned char ev[64] = { 0 };
		uint16_t id = PRINT_ID;
		int32_t pid = 1000 + cpu;
		int len = snprintf((char *)ev + 16, sizeof(ev) - 16, "c%d %llu", cpu,
				   (unsigned long long)(ts + k * US));

		memcpy(ev, &id, sizeof(id));
		memcpy(ev + 4, &pid, sizeof(pid));
		ck_assert_int_eq(page_writer_event(&w, ts + k * US, ev, 16 + len + 1), 0);
	}
	page_writer_finish(&w);
	ck_assert_uint_eq(out.len, SUBBUF);
	ck_assert_int_eq(pwrite(r->cpus[cpu].out_fd, out.p, SUBBUF, r->next[cpu]), SUBBUF);
	flight_page(r->fl, cpu, r->next[cpu], out.p);
	r->next[cpu] += SUBBUF;
	page_writer_free(&w);
	tracedat_bytes_free(&out);
}

/**
 * rig_start - the recorder of @r->fo, then the watch's start
 * @r: the rig
 *
 * The start is a page of each CPU, at 0.5 s and 0.75 s, at their files'
 * offset 0; flight_started() then.
 */
void rig_start(struct rig *r)
{
	r->fl = flight_new(&r->fo, RIG_CPUS, SUBBUF);
	ck_assert_msg(r->fl, "flight_new: %s", strerror(errno));
	rig_page(r, 0, 500 * MS);
	rig_page(r, 1, 750 * MS);
	flight_started(r->fl);
}

/**
 * rig_pages - the run's pages of @from s to @to s
 * @r: the rig
 * @from: the first second
 * @to: the last
 *
 * CPU 0's page of second k is at k s, CPU 1's at k s + 250 ms; each is at
 * offset k * SUBBUF of its file after rig_start(), when the test begins
 * with second 1.
 */
void rig_pages(struct rig *r, uint64_t from, uint64_t to)
{
	for (uint64_t k = from; k <= to; k++) {
		rig_page(r, 0, k * SEC);
		rig_page(r, 1, k * SEC + 250 * MS);
	}
}

/**
 * rig_violation - the usual run: pages of 1 s to 9 s, a violation at 5.5 s, due at 6.5 s, the end
 * @r: the rig, started
 */
void rig_violation(struct rig *r)
{
	rig_pages(r, 1, 9);
	ck_assert(flight_request(r->fl, 5500 * MS));
	flight_pull(r->fl, &r->s, 6500 * MS);
	flight_end(r->fl, &r->s);
}

/**
 * rig_told_is - the @i-th file told is @name in --flight-dir
 * @r: the rig
 * @i: which file
 * @name: its name
 * @ok: written or not
 * @n: the violations it was for
 * @ts: the time of the first of them
 */
void rig_told_is(const struct rig *r, int i, const char *name, bool ok, int n, uint64_t ts)
{
	char want[PATH_MAX];

	ck_assert_int_gt(r->nr_told, i);
	snprintf(want, sizeof(want), "%s/%s", r->flights, name);
	ck_assert_str_eq(r->told[i].file, want);
	ck_assert_int_eq(r->told[i].ok, ok);
	ck_assert_int_eq(r->told[i].n, n);
	ck_assert_uint_eq(r->told[i].ts[0], ts);
}

static int visible(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/**
 * rig_listing - the names in --flight-dir
 * @r: the rig
 *
 * Returns them sorted, one space apart; valid until the next call.
 */
const char *rig_listing(const struct rig *r)
{
	static char names[1024];
	struct dirent **list;
	int n = scandir(r->flights, &list, visible, alphasort);

	ck_assert_int_ge(n, 0);
	names[0] = '\0';
	for (int i = 0; i < n; i++) {
		snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s",
			 i ? " " : "", list[i]->d_name);
		free(list[i]);
	}
	free(list);
	return names;
}

/**
 * rig_read_back - a flight file read by the project's reader
 * @r: the rig
 * @name: its name in --flight-dir
 * @rec: filled with its records, to recording_free()
 * @meta: filled with its metadata (no statistics, no buffers), or NULL
 */
void rig_read_back(const struct rig *r, const char *name, struct recording *rec,
		   struct trace_meta *meta)
{
	char path[256], err[TRACE_ERR_LEN] = "";
	struct trace_input *in;

	snprintf(path, sizeof(path), "%s/%s", r->flights, name);
	memset(rec, 0, sizeof(*rec));
	ck_assert_msg(!trace_input_open(path, NULL, &in, err), "%s: %s", path, err);
	ck_assert_int_eq(trace_input_iterate(in, recording_save, rec), 0);
	if (meta) {
		*meta = *trace_input_meta(in);
		meta->stats = NULL;
		meta->buffers = NULL;
	}
	trace_input_close(in);
}

/* ---- the names the files take ---- */

/* A watch started again: past violation-3.dat, which stays as it was. */
START_TEST(numbered_past_an_earlier_watch)
{
	struct rig r;

	rig_init(&r);
	rig_put(&r, "flights/violation-3.dat", "an earlier watch's\n");
	rig_start(&r);
	rig_violation(&r);
	ck_assert_int_eq(r.nr_told, 1);
	rig_told_is(&r, 0, "violation-4.dat", true, 1, 5500 * MS);
	ck_assert_str_eq(rig_listing(&r), "violation-3.dat violation-4.dat");
	ck_assert_str_eq(rig_text(&r, "flights/violation-3.dat"), "an earlier watch's\n");
	rig_free(&r);
}
END_TEST

/* Past the highest, gaps left; names that only look like a file's are not numbers. */
START_TEST(numbered_past_gaps_not_lookalikes)
{
	static const char *const others[] = { "violation-12.dat.tmp", "violation-x.dat",
		"violation--20.dat", "violation-+30.dat", "violation-.dat", "violation-40.dats",
		"violation-99999999999999999999999.dat", "Violation-50.dat", "violation-60" };
	char rel[128];
	struct rig r;

	rig_init(&r);
	rig_put(&r, "flights/violation-1.dat", "1\n");
	rig_put(&r, "flights/violation-7.dat", "7\n");
	for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++) {
		snprintf(rel, sizeof(rel), "flights/%s", others[i]);
		rig_put(&r, rel, "not a flight file\n");
	}
	rig_start(&r);
	rig_violation(&r);
	ck_assert_int_eq(r.nr_told, 1);
	rig_told_is(&r, 0, "violation-8.dat", true, 1, 5500 * MS);
	rig_free(&r);
}
END_TEST

/* One child at a time: the second violation's file once the first is written, numbered on. */
START_TEST(numbered_on_within_a_watch)
{
	struct rig r;

	rig_init(&r);
	rig_start(&r);
	rig_pages(&r, 1, 9);
	ck_assert(flight_request(r.fl, 5500 * MS));
	flight_pull(r.fl, &r.s, 6500 * MS);
	ck_assert(flight_request(r.fl, 8 * SEC));
	flight_end(r.fl, &r.s);
	ck_assert_int_eq(r.nr_told, 2);
	rig_told_is(&r, 0, "violation-1.dat", true, 1, 5500 * MS);
	rig_told_is(&r, 1, "violation-2.dat", true, 1, 8 * SEC);
	ck_assert_str_eq(rig_listing(&r), "violation-1.dat violation-2.dat");
	rig_free(&r);
}
END_TEST

/* ---- a folder shared with other watches and users ---- */

static void plant_link(const struct rig *r, const char *name, const char *target)
{
	char link[256], to[256];

	snprintf(link, sizeof(link), "%s/%s", r->flights, name);
	snprintf(to, sizeof(to), "%s/%s", r->dir, target);
	ck_assert_int_eq(symlink(to, link), 0);
}

/* @rel of the test's folder is a link still, to @target of it. */
static void still_link(const struct rig *r, const char *rel, const char *target)
{
	char path[256], to[256], got[256];
	ssize_t n;

	snprintf(path, sizeof(path), "%s/%s", r->dir, rel);
	snprintf(to, sizeof(to), "%s/%s", r->dir, target);
	n = readlink(path, got, sizeof(got) - 1);
	ck_assert_msg(n > 0, "%s: not a link any more", rel);
	got[n] = '\0';
	ck_assert_str_eq(got, to);
}

/* The victim as it was, a file of its own. */
static void victim_kept(const struct rig *r)
{
	char path[256];
	struct stat st;

	snprintf(path, sizeof(path), "%s/victim", r->dir);
	ck_assert_int_eq(lstat(path, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	ck_assert_str_eq(rig_text(r, "victim"), VICTIM);
}

/* Names taken once the watch runs, by a link and by another watch's file: passed over. */
START_TEST(final_name_taken_passed_over)
{
	struct rig r;

	rig_init(&r);
	rig_start(&r);
	plant_link(&r, "violation-1.dat", "victim");
	rig_put(&r, "flights/violation-2.dat", "another watch's\n");
	rig_violation(&r);
	ck_assert_int_eq(r.nr_told, 1);
	rig_told_is(&r, 0, "violation-3.dat", true, 1, 5500 * MS);
	victim_kept(&r);
	still_link(&r, "flights/violation-1.dat", "victim");
	ck_assert_str_eq(rig_text(&r, "flights/violation-2.dat"), "another watch's\n");
	ck_assert_str_eq(rig_listing(&r), "violation-1.dat violation-2.dat violation-3.dat");
	rig_free(&r);
}
END_TEST

/* A FIFO and a dangling link at the next names: never opened, nothing made where it points. */
START_TEST(fifo_at_final_name_passed_over)
{
	char path[256];
	struct stat st;
	struct rig r;

	rig_init(&r);
	rig_start(&r);
	snprintf(path, sizeof(path), "%s/violation-1.dat", r.flights);
	ck_assert_int_eq(mkfifo(path, 0666), 0);
	plant_link(&r, "violation-2.dat", "made-here");
	rig_violation(&r);
	ck_assert_int_eq(r.nr_told, 1);
	rig_told_is(&r, 0, "violation-3.dat", true, 1, 5500 * MS);
	ck_assert_int_eq(lstat(path, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	snprintf(path, sizeof(path), "%s/made-here", r.dir);
	ck_assert_int_eq(access(path, F_OK), -1);
	snprintf(path, sizeof(path), "%s/violation-3.dat", r.flights);
	ck_assert_int_eq(lstat(path, &st), 0);
	ck_assert(S_ISREG(st.st_mode));
	ck_assert_int_gt(st.st_size, 2 * SUBBUF);
	rig_free(&r);
}
END_TEST

/* Links at the temporary names (the child's, and older versions'): left, not written through. */
START_TEST(temporary_names_left_alone)
{
	static const char *const names[] = { "violation.dat", "violation-1.dat.tmp",
					     "violation-2.dat.tmp" };
	char rel[128];
	struct rig r;

	rig_init(&r);
	for (int i = 0; i < 3; i++)
		plant_link(&r, names[i], "victim");
	rig_start(&r);
	rig_violation(&r);
	ck_assert_int_eq(r.nr_told, 1);
	rig_told_is(&r, 0, "violation-1.dat", true, 1, 5500 * MS);
	victim_kept(&r);
	for (int i = 0; i < 3; i++) {
		snprintf(rel, sizeof(rel), "flights/%s", names[i]);
		still_link(&r, rel, "victim");
	}
	ck_assert_str_eq(rig_listing(&r), "violation-1.dat violation-1.dat.tmp "
					  "violation-2.dat.tmp violation.dat");
	rig_free(&r);
}
END_TEST

/* A work folder at @name in --flight-dir, its owner file written, its lock free. */
static void plant_dead_folder(const struct rig *r, const char *name)
{
	char rel[256];

	snprintf(rel, sizeof(rel), "%s/flights/%s", r->dir, name);
	ck_assert_int_eq(mkdir(rel, 0700), 0);
	snprintf(rel, sizeof(rel), "flights/%s/owner", name);
	rig_put(r, rel, "rvreplay pid 1\n");
	snprintf(rel, sizeof(rel), "flights/%s/cpu0.raw", name);
	rig_put(r, rel, "a dead watcher's page\n");
}

/*
 * A dead watcher's work folder reaped on the way; a link named as one, to a
 * folder of the victim's, and (as root) another user's dead folder left.
 */
START_TEST(dead_work_folder_reaped_others_left)
{
	char path[256], want[256];
	struct rig r;

	rig_init(&r);
	snprintf(path, sizeof(path), "%s/victims", r.dir);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	rig_put(&r, "victims/owner", VICTIM);
	plant_dead_folder(&r, "violation.dat.rvreplay-AAAAAA");
	plant_link(&r, "violation.dat.rvreplay-BBBBBB", "victims");
	snprintf(want, sizeof(want), "violation-1.dat violation.dat.rvreplay-BBBBBB");
	if (geteuid() == 0) {
		plant_dead_folder(&r, "violation.dat.rvreplay-CCCCCC");
		snprintf(path, sizeof(path), "%s/violation.dat.rvreplay-CCCCCC/owner", r.flights);
		ck_assert_int_eq(chown(path, 65534, 65534), 0);
		ck_assert_int_eq(chown(dirname(path), 65534, 65534), 0);
		strcat(want, " violation.dat.rvreplay-CCCCCC");
	}
	rig_start(&r);
	rig_violation(&r);
	rig_told_is(&r, 0, "violation-1.dat", true, 1, 5500 * MS);
	ck_assert_str_eq(rig_listing(&r), want);
	still_link(&r, "flights/violation.dat.rvreplay-BBBBBB", "victims");
	ck_assert_str_eq(rig_text(&r, "victims/owner"), VICTIM);
	rig_free(&r);
}
END_TEST

/**
 * flight_suite - the flight recorder's file names in a shared folder, without tracefs
 *
 * Returns the Check suite; run from the top of the tree.
 */
Suite *flight_suite(void)
{
	Suite *s = suite_create("flight");
	TCase *names = tcase_create("names");
	TCase *shared = tcase_create("shared folder");

	tcase_add_test(names, numbered_past_an_earlier_watch);
	tcase_add_test(names, numbered_past_gaps_not_lookalikes);
	tcase_add_test(names, numbered_on_within_a_watch);
	tcase_set_timeout(names, 60);
	suite_add_tcase(s, names);
	tcase_add_test(shared, final_name_taken_passed_over);
	tcase_add_test(shared, fifo_at_final_name_passed_over);
	tcase_add_test(shared, temporary_names_left_alone);
	tcase_add_test(shared, dead_work_folder_reaped_others_left);
	tcase_set_timeout(shared, 60);
	suite_add_tcase(s, shared);
	return s;
}
