// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness of what a CI hands rvreplay besides one trace: a
 * waiver file, an index file, JSON Lines baselines and a folder tree of
 * traces. The input is a program (fleet.h) that builds them in a folder
 * of its own under /tmp, each with a model of what the code must make of
 * it; the harness then calls the real code in this process:
 *
 *   waivers_load(), waivers_match()		the file as the model wrote it,
 *						or refused at the model's line
 *   trace_list_index()			every line, one line, odd files
 *   trace_list_add(), trace_list_same_keys()	every file of every real folder
 *						once, keys that are the paths'
 *   baseline_load(), _resolve_single(),	the model's traces, keys, counts;
 *   _compare(), _print(), _json()		compared with itself nothing new
 *						or fixed, counts kept, JSON
 *						counts not negative
 *   cmd_compare()				the exit code the comparison gives
 *   cmd_replay() of a batch (now and then)	errors exit 2; its JSON Lines
 *						keyed right, loadable as a baseline
 *
 * and after each run, no file left in the folder, no descriptor left open.
 * This file runs the program and cleans up; the checks are fleet_check_*.c's
 * (fleet_check.h).
 *
 * Program (every missing byte reads as 0):
 *   flags more (op args...)*
 *   flags: bit 0 a BOM and bit 1 CRLF in the waivers, bits 2-3 how the
 *	folder is named, bit 4 a second folder, bit 5 odd files as the
 *	index and waivers, bits 5-7 all set: the command too (a batch: its
 *	children replay, one such run costs as a hundred others)
 *   more: bit 0 the index's last line without its end, bits 1-2 compare's
 *	option (--json, -q, an unknown one), bits 3-6 the command's options,
 *	bit 7 the command on the index, not the folder
 *   op % 16: 0-5 the tree, 6-8 the waivers, 9-10 the index, 11-12 a line
 *	of baseline A, 13 of B, 14 a single report, 15 the --index line
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fleet_check.h"

#define TEMPLATE	"traces/mutex-pi.dat"

struct fleet_files fleet_files;
static char *trace;
static size_t trace_len;
static FILE *say;	/* stderr as it was before libFuzzer's -close_fd_mask=2 */

/**
 * fleet_fail - says which property broke, and ends the process
 * @fmt: printf() format of what broke
 */
void fleet_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("fleet_fuzz: property broken: ", say);
	va_start(ap, fmt);
	vfprintf(say, fmt, ap);
	va_end(ap);
	fputc('\n', say);
	fflush(say);
	/* RVREPLAY_FLEET_KEEP keeps the files for a reproducer, not the folder left here */
	remove_all(fleet_files.base);
	abort();
}

/* ---- the program */

static void decode(struct fleet *f, struct program *g)
{
	f->flags = byte(g);
	f->more = byte(g);
	f->index_n = -1;
	if (tree_init(&f->tree, fleet_files.base))
		fleet_fail("cannot make %s/tree: %s", fleet_files.base, strerror(errno));
	waiver_begin(&f->waivers, f->flags & 1, f->flags & 2);
	f->a.known = f->a.valid = f->b.known = f->b.valid = true;
	while (g->left) {
		unsigned int op = byte(g) % 16;

		if (op <= 5)
			tree_op(&f->tree, g, trace, trace_len);
		else if (op <= 8)
			waiver_op(&f->waivers, g);
		else if (op <= 10)
			index_op(&f->index, g, &f->tree);
		else if (op <= 12)
			baseline_op(&f->a, g, &f->tree);
		else if (op == 13)
			baseline_op(&f->b, g, &f->tree);
		else if (op == 14)
			baseline_report_op(byte(g) & 1 ? &f->a : &f->b, g);
		else
			f->index_n = byte(g);
	}
	waiver_end(&f->waivers);
	if (f->more & 1 && f->index.len && f->index.p[f->index.len - 1] == '\n')
		f->index.p[--f->index.len] = '\0';
}

static void write_files(const struct fleet *f)
{
	if (text_write(&f->waivers.text, fleet_files.waivers) ||
	    text_write(&f->index, fleet_files.index) || text_write(&f->a.text, fleet_files.a) ||
	    text_write(&f->b.text, fleet_files.b))
		fleet_fail("cannot write the files of the run in %s: %s", fleet_files.base,
			   strerror(errno));
}

/* ---- after each run */

/* What a run may leave in its folder, until the harness removes it. */
static void check_left(void)
{
	static const char *const mine[] = { "tree", "waivers.toml", "index", "a.jsonl", "b.jsonl",
					    "out.jsonl", "out", "scan.index" };
	struct dirent *e;
	DIR *d = opendir(fleet_files.base);

	CHECK(d, "%s: %s", fleet_files.base, strerror(errno));
	while ((e = readdir(d))) {
		bool known = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");

		for (size_t i = 0; i < sizeof(mine) / sizeof(mine[0]); i++)
			known |= !strcmp(e->d_name, mine[i]);
		CHECK(known, "%s/%s left behind", fleet_files.base, e->d_name);
	}
	closedir(d);
	d = opendir(fleet_files.out_dir);
	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);

		/* output_file.c's NAME.tmpXXXXXX */
		CHECK(n < 10 || strncmp(e->d_name + n - 10, ".tmp", 4), "%s/%s: an output in "
		      "progress left", fleet_files.out_dir, e->d_name);
	}
	if (d)
		closedir(d);
}

/* Names in a folder, "." and ".." included; -1 when it cannot be read. */
static int entries(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;

	if (!d)
		return -1;
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

/* Which descriptors are open, where they lead: for a leak's message. */
static void say_fds(void)
{
	char link[64], to[4096];
	struct dirent *e;
	DIR *d = opendir("/proc/self/fd");
	ssize_t n;

	while (d && (e = readdir(d))) {
		snprintf(link, sizeof(link), "/proc/self/fd/%s", e->d_name);
		n = readlink(link, to, sizeof(to) - 1);
		if (n > 0)
			fprintf(say, "  fd %s: %.*s\n", e->d_name, (int)n, to);
	}
	if (d)
		closedir(d);
}

/* Descriptors open, the one that reads them included. */
static int count_fds(void)
{
	return entries("/proc/self/fd");
}

/*
 * RVREPLAY_FLEET_KEEP=DIR: the run's files copied to DIR before they are
 * checked, for a reproducer's command line (links that name the run's
 * folder still do).
 */
static void keep_files(void)
{
	const char *keep = getenv("RVREPLAY_FLEET_KEEP");
	char cmd[512];

	if (!keep || !*keep || strchr(keep, '\''))
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s' && cp -a %s '%s'", keep, fleet_files.base, keep);
	if (system(cmd))
		fprintf(say, "fleet_fuzz: cannot keep the files as %s\n", keep);
	else
		fprintf(say, "fleet_fuzz: the files kept in %s (they name %s)\n", keep, fleet_files.base);
}

/* The run's files removed; the descriptors the run opened all closed. */
static void clean(struct fleet *f, int fds_before)
{
	int fds;

	check_left();
	tree_remove(&f->tree);
	for (const char *p[] = { fleet_files.waivers, fleet_files.index, fleet_files.a,
				 fleet_files.b, fleet_files.out, fleet_files.out_dir,
				 fleet_files.scan_index, NULL },
	     **q = p; *q; q++)
		CHECK(!remove_all(*q), "cannot remove %s", *q);
	text_free(&f->waivers.text);
	text_free(&f->index);
	text_free(&f->a.text);
	text_free(&f->b.text);
	CHECK(entries(fleet_files.base) == 2, "%s not empty after the run's files were removed",
	      fleet_files.base);
	/* counted within the run: libFuzzer opens its own between runs */
	fds = count_fds();
	if (fds > fds_before)
		say_fds();
	CHECK(fds <= fds_before, "%d descriptors open after the run, %d before", fds, fds_before);
}

static void remove_base(void)
{
	remove_all(fleet_files.base);
}

static bool alive(int pid)
{
	return !kill(pid, 0) || errno != ESRCH;
}

/*
 * The folders of harnesses that ended without their atexit() (a crash,
 * libFuzzer's _Exit()), by the process id in their name: removed.
 */
static void remove_stale(void)
{
	struct dirent *e;
	DIR *d = opendir("/tmp");
	char path[300];
	int pid;

	while (d && (e = readdir(d))) {
		if (sscanf(e->d_name, "rvreplay-fleet-%d", &pid) != 1 || pid <= 0 || alive(pid))
			continue;
		snprintf(path, sizeof(path), "/tmp/%s", e->d_name);
		remove_all(path);
	}
	if (d)
		closedir(d);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	FILE *t = fopen(TEMPLATE, "re");
	long n;

	/* called before libFuzzer closes stderr: the harness's own words still reach the log */
	say = fdopen(fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3), "w");
	if (!say)
		say = stderr;
	setvbuf(say, NULL, _IOLBF, 0);
	if (!t || fseek(t, 0, SEEK_END) || (n = ftell(t)) <= 0 || fseek(t, 0, SEEK_SET) ||
	    !(trace = malloc(n)) || fread(trace, 1, n, t) != (size_t)n) {
		fprintf(stderr, "fleet_fuzz: run it from the top of the tree (%s)\n", TEMPLATE);
		exit(1);
	}
	fclose(t);
	trace_len = n;
	remove_stale();
	snprintf(fleet_files.base, sizeof(fleet_files.base), "/tmp/rvreplay-fleet-%d", (int)getpid());
	/* one left by an earlier process of this id */
	remove_all(fleet_files.base);
	if (mkdir(fleet_files.base, 0700)) {
		perror("fleet_fuzz: mkdir /tmp/rvreplay-fleet-PID");
		exit(1);
	}
	atexit(remove_base);
	snprintf(fleet_files.waivers, sizeof(fleet_files.waivers), "%s/waivers.toml", fleet_files.base);
	snprintf(fleet_files.index, sizeof(fleet_files.index), "%s/index", fleet_files.base);
	snprintf(fleet_files.a, sizeof(fleet_files.a), "%s/a.jsonl", fleet_files.base);
	snprintf(fleet_files.b, sizeof(fleet_files.b), "%s/b.jsonl", fleet_files.base);
	snprintf(fleet_files.out, sizeof(fleet_files.out), "%s/out.jsonl", fleet_files.base);
	snprintf(fleet_files.out_dir, sizeof(fleet_files.out_dir), "%s/out", fleet_files.base);
	snprintf(fleet_files.scan_index, sizeof(fleet_files.scan_index), "%s/scan.index",
		 fleet_files.base);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct program g = { data, size };
	struct fleet *f = calloc(1, sizeof(*f));
	int fds = count_fds();

	if (!f)
		abort();
	decode(f, &g);
	write_files(f);
	keep_files();
	fleet_check_waivers(f);
	fleet_check_index(f);
	fleet_check_scan(f);
	fleet_check_baselines(f);
	if (f->flags >> 5 == 7)
		fleet_command(f);
	clean(f, fds);
	free(f);
	return 0;
}
