// SPDX-License-Identifier: GPL-2.0-only
/*
 * assemble - a trace.dat from what a guest copied out of its tracefs.
 *
 * usage: assemble [-x SYSTEM]... GUEST_OUT SCENARIO OUTPUT.dat
 *
 * GUEST_OUT is the layout guest-run.c writes: events/ (header_page,
 * header_event, SYSTEM/EVENT/format), trace_clock, uname, page_size, and
 * SCENARIO/ with cpuN.raw (raw ring-buffer pages), cpuN.stats and
 * saved_cmdlines. The guest (riscv64 has no trace-cmd) only copies files;
 * the trace.dat is written here by the recorder's own writer.
 *
 * -x SYSTEM leaves the formats of SYSTEM's events out: its records stay
 * in the pages (every other record keeps its place and time) but no
 * reader can decode them. tests/kmod/upstream makes two traces of one
 * recording that way, one with the kernel's rv:* live records and one
 * with rvreplay.ko's rvreplay:* ones.
 *
 * Exit codes: 0 written, 1 failed, 2 usage.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tracedat_write.h"

#define MAX_EVENTS	256
#define MAX_CPUS	64
#define MAX_EXCLUDED	8

static const char *excluded[MAX_EXCLUDED];
static int nr_excluded;

static bool is_excluded(const char *system)
{
	for (int i = 0; i < nr_excluded; i++)
		if (!strcmp(excluded[i], system))
			return true;
	return false;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	buf = calloc(1, 65536);
	n = buf ? (long)fread(buf, 1, 65535, f) : 0;
	fclose(f);
	if (buf)
		buf[n] = '\0';
	return buf;
}

static char *first_line(const char *path)
{
	char *s = slurp(path);

	if (s)
		s[strcspn(s, "\n")] = '\0';
	return s;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* Every SYSTEM/EVENT with a format file, ftrace's own excluded. */
static int find_events(const char *events_dir, char **events)
{
	char path[4096 + 256];
	struct dirent *s, *e;
	DIR *sd, *ed;
	int n = 0;

	sd = opendir(events_dir);
	if (!sd)
		return -1;
	while ((s = readdir(sd)) && n < MAX_EVENTS) {
		snprintf(path, sizeof(path), "%s/%s", events_dir, s->d_name);
		if (s->d_name[0] == '.' || !strcmp(s->d_name, "ftrace") || !is_dir(path) ||
		    is_excluded(s->d_name))
			continue;
		ed = opendir(path);
		while (ed && (e = readdir(ed)) && n < MAX_EVENTS) {
			if (e->d_name[0] == '.')
				continue;
			if (asprintf(&events[n], "%s/%s", s->d_name, e->d_name) < 0)
				return -1;
			n++;
		}
		if (ed)
			closedir(ed);
	}
	closedir(sd);
	return n;
}

int main(int argc, char **argv)
{
	struct tracedat_write_cpu cpus[MAX_CPUS];
	struct tracedat_write_input in = { 0 };
	char *events[MAX_EVENTS], path[4096], events_dir[4096], cmdlines[4096], err[512];
	char *clock, *uname, *page;
	int nr_events, opt;

	while ((opt = getopt(argc, argv, "x:")) != -1) {
		if (opt != 'x' || nr_excluded == MAX_EXCLUDED)
			break;
		excluded[nr_excluded++] = optarg;
	}
	if (opt != -1 || argc - optind != 3) {
		fprintf(stderr, "usage: assemble [-x SYSTEM]... GUEST_OUT SCENARIO OUTPUT.dat\n");
		return 2;
	}
	argv += optind - 1;
	snprintf(events_dir, sizeof(events_dir), "%s/events", argv[1]);
	nr_events = find_events(events_dir, events);
	snprintf(path, sizeof(path), "%s/trace_clock", argv[1]);
	clock = first_line(path);
	snprintf(path, sizeof(path), "%s/uname", argv[1]);
	uname = first_line(path);
	snprintf(path, sizeof(path), "%s/page_size", argv[1]);
	page = first_line(path);
	if (nr_events < 0 || !clock || !uname || !page) {
		fprintf(stderr, "assemble: %s: not a guest output (events/, trace_clock, uname, page_size)\n",
			argv[1]);
		return 1;
	}
	for (in.nr_cpus = 0; in.nr_cpus < MAX_CPUS; in.nr_cpus++) {
		struct tracedat_write_cpu *c = &cpus[in.nr_cpus];
		char *data, *stats;

		if (asprintf(&data, "%s/%s/cpu%d.raw", argv[1], argv[2], in.nr_cpus) < 0 ||
		    asprintf(&stats, "%s/%s/cpu%d.stats", argv[1], argv[2], in.nr_cpus) < 0)
			return 1;
		if (access(data, R_OK))
			break;
		c->cpu = in.nr_cpus;
		c->data_path = data;
		c->stats = slurp(stats);
	}
	if (!in.nr_cpus) {
		fprintf(stderr, "assemble: %s/%s: no cpuN.raw\n", argv[1], argv[2]);
		return 1;
	}
	snprintf(cmdlines, sizeof(cmdlines), "%s/%s/saved_cmdlines", argv[1], argv[2]);
	in.events_dir = events_dir;
	in.events = (const char *const *)events;
	in.nr_events = nr_events;
	in.cmdlines_path = cmdlines;
	in.clock = clock;
	in.uname = uname;
	in.page_size = strtoul(page, NULL, 10);
	in.cpus = cpus;
	if (tracedat_write(argv[3], &in, err, sizeof(err))) {
		fprintf(stderr, "assemble: %s\n", err);
		return 1;
	}
	return 0;
}
