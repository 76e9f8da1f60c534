// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet harness's check of the whole command (fleet_check.h):
 * rvreplay on a batch, in this process, now and then. A run the files
 * must refuse exits 2; --jsonl gives a line per trace, keyed right, and
 * the whole file loads as a baseline.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd.h"
#include "escape.h"
#include "fleet_check.h"
#include "trace_list.h"
#include "waivers.h"

#define MAX_TRACES	6	/* traces a command may list: each is a child */
#define MAX_REPLAYS	2	/* of them, ones that get far in a replay (~0.1 s each) */

/* ---- the whole command, on a batch */

struct run {
	struct trace_list	list;
	int			list_ret;
	bool			waivers, baseline, jsonl, outputs;
	bool			fails;		/* an error before any replay: exit 2 */
	char			arg[1024];	/* the folder named */
};

/*
 * Whether the batch is cheap and ends: a few traces, of which few are long
 * enough to replay far, none a FIFO (by a link) or a device, which a replay
 * would wait on forever.
 */
static bool replays_bounded(const struct trace_list *l)
{
	unsigned int long_ones = 0;
	struct stat st;

	if (l->nr > MAX_TRACES)
		return false;
	for (unsigned int i = 0; i < l->nr; i++) {
		if (stat(l->paths[i], &st))
			continue;
		if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
			return false;
		long_ones += S_ISREG(st.st_mode) && st.st_size > 4096;
	}
	return long_ones <= MAX_REPLAYS;
}

/* Two traces of one name write one output (-o): refused. */
static bool names_collide(const struct trace_list *l)
{
	char a[256], b[256];

	for (unsigned int i = 0; i < l->nr; i++)
		for (unsigned int j = i + 1; j < l->nr; j++)
			if (!strcmp(trace_list_name(l->paths[i], a, sizeof(a)),
				    trace_list_name(l->paths[j], b, sizeof(b))))
				return true;
	return false;
}

/* The list the command will make, and what must refuse the run before a replay. */
static bool plan(const struct fleet *f, struct run *r)
{
	char err[ERR_LEN];
	struct waivers ws;
	struct baseline b;

	r->waivers = f->more >> 3 & 1;
	r->baseline = f->more >> 4 & 1;
	r->jsonl = f->more >> 5 & 1;
	r->outputs = f->more >> 6 & 1;
	if (!(f->more & 0x80)) {
		fleet_folder_arg(f, r->arg, sizeof(r->arg));
		r->list_ret = trace_list_add(&r->list, r->arg, err, sizeof(err));
	} else {
		r->list_ret = trace_list_index(&r->list, fleet_files.index, -1, err, sizeof(err));
	}
	r->fails = r->list_ret;
	if (r->waivers && !waivers_load(fleet_files.waivers, TODAY, NULL, 0, &ws, err, sizeof(err)))
		waivers_free(&ws);
	else
		r->fails |= r->waivers;
	if (r->baseline && !baseline_load(fleet_files.a, &b, err, sizeof(err)))
		baseline_free(&b);
	else
		r->fails |= r->baseline;
	if (!r->list_ret && (r->jsonl || r->baseline) &&
	    trace_list_same_keys(&r->list, err, sizeof(err)))
		r->fails = true;
	if (!r->list_ret && r->outputs && names_collide(&r->list))
		r->fails = true;
	return r->list_ret || replays_bounded(&r->list);
}

/*
 * The key a trace of the batch must have: its path under the folder named,
 * or under the folder common to the index's traces; "./" left out.
 */
static const char *expected_key(const struct run *r, const char *path)
{
	size_t under = strlen(r->arg);

	if (!r->arg[0])
		return fleet_index_key(path, fleet_common_folder((const char *const *)r->list.paths,
						     r->list.nr));
	while (under > 1 && r->arg[under - 1] == '/')
		under--;
	return path + under + 1;
}

/* --jsonl: a line per trace, keyed right, the whole file a baseline rvreplay takes. */
static void check_jsonl(const struct run *r)
{
	char err[BASELINE_ERR_LEN] = "", want[ESCAPE_LEN(4096)];
	struct baseline b;
	json_t *o;
	unsigned int n = 0;
	size_t len = 0;
	char *line = NULL;
	FILE *in = fopen(fleet_files.out, "re");

	CHECK(in, "--jsonl %s not written", fleet_files.out);
	while (getline(&line, &len, in) > 0) {
		const char *path, *key;

		o = json_loads(line, 0, NULL);
		path = json_string_value(json_object_get(o, "path"));
		key = json_string_value(json_object_get(o, "key"));
		CHECK(path && key && n < r->list.nr, "--jsonl line %u: '%s'", n + 1, line);
		/* the lines come as the children end: found by path */
		for (unsigned int i = 0; i < r->list.nr; i++) {
			if (strcmp(path, escape(r->list.paths[i], want, sizeof(want))))
				continue;
			escape(expected_key(r, r->list.paths[i]), want, sizeof(want));
			CHECK(!strcmp(key, want), "--jsonl: %s keyed '%s', not '%s'", path, key,
			      want);
		}
		json_decref(o);
		n++;
	}
	free(line);
	fclose(in);
	CHECK(n == r->list.nr, "--jsonl: %u lines, %u traces", n, r->list.nr);
	if (baseline_load(fleet_files.out, &b, err, sizeof(err))) {
		fleet_fail("rvreplay's own --jsonl refused as a baseline: %s", err);
		return;
	}
	fleet_against_itself(&b, fleet_files.out);
	baseline_free(&b);
}

/**
 * fleet_command - rvreplay on a batch in this process, when the batch is cheap and ends
 * @f: the run: its files, and the command's options (more bits 3-7)
 */
void fleet_command(const struct fleet *f)
{
	struct run r = { 0 };
	char *argv[24], jobs[] = "2";
	int argc = 0, ret;

	if (!plan(f, &r)) {
		trace_list_free(&r.list);
		return;
	}
	argv[argc++] = "rvreplay";
	argv[argc++] = "-q";
	argv[argc++] = "-j";
	argv[argc++] = jobs;
	if (r.waivers)
		argv[argc++] = "--waivers", argv[argc++] = fleet_files.waivers;
	if (r.baseline)
		argv[argc++] = "--baseline", argv[argc++] = fleet_files.a;
	if (r.jsonl)
		argv[argc++] = "--jsonl", argv[argc++] = fleet_files.out;
	if (r.outputs)
		argv[argc++] = "-o", argv[argc++] = fleet_files.out_dir;
	if (r.arg[0])
		argv[argc++] = r.arg;
	else
		argv[argc++] = "--index-file", argv[argc++] = fleet_files.index;
	argv[argc] = NULL;
	ret = cmd_replay(argc, argv);
	cmd_quiet = false;
	CHECK(ret >= EXIT_CLEAN && ret <= EXIT_ERROR, "rvreplay exit %d", ret);
	if (r.fails)
		CHECK(ret == EXIT_ERROR, "rvreplay exit %d where it must refuse the run", ret);
	else if (r.jsonl)
		check_jsonl(&r);
	trace_list_free(&r.list);
}

