// SPDX-License-Identifier: GPL-2.0-only
/*
 * Checks rvreplay's JSON (read with Jansson) against expectations:
 *
 *   verdict_check REPORT.json [--expect FILE] [--roles FILE]
 *                 [--comm COMM MONITOR ok|bad]... [--write-expect]
 *
 * --expect lists, one per line, "monitor pid count reason" for every task
 * with violations; nothing else may be reported. --roles holds the trace's
 * "rvreplay-role:" marker lines (from trace-cmd report): each role's
 * sleep=/pagefault= ok|bad must agree with the report. --comm: the tasks
 * of that comm have violations of that monitor (bad) or none (ok). The
 * report's keys and types are checked against the documented schema.
 * --write-expect prints the report's verdicts in the --expect format.
 * Exit: 0 when everything holds, 1 with one line per difference.
 */
#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS	256

struct row {
	char		monitor[32];
	int		pid;
	long		count;
	char		reason[32];
};

static int failures;

static void __attribute__((format(printf, 1, 2))) fail(const char *fmt, ...)
{
	va_list ap;

	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	failures++;
}

static void need(json_t *o, const char *key, json_type type, const char *where)
{
	json_t *v = json_object_get(o, key);

	if (!v || (json_typeof(v) != type && !(type == JSON_TRUE && json_is_boolean(v))))
		fail("%s: key '%s' missing or of the wrong type", where, key);
}

static void check_schema(json_t *root)
{
	static const char *const vkeys[] = { "monitor", "comm", "event", "event_line", "reason",
					     "reason_detail", "why" };
	json_t *v;
	size_t i;

	need(root, "rvreplay_version", JSON_STRING, "top");
	need(root, "trace", JSON_OBJECT, "top");
	need(root, "monitors", JSON_ARRAY, "top");
	need(root, "lost_events", JSON_ARRAY, "top");
	need(root, "coverage", JSON_ARRAY, "top");
	need(root, "violations", JSON_ARRAY, "top");
	need(root, "summary", JSON_OBJECT, "top");
	need(json_object_get(root, "trace"), "events", JSON_INTEGER, "trace");
	need(json_object_get(root, "trace"), "first_ts_ns", JSON_INTEGER, "trace");
	need(json_object_get(root, "trace"), "arch", JSON_STRING, "trace");
	need(json_object_get(root, "summary"), "violations", JSON_INTEGER, "summary");
	need(json_object_get(root, "summary"), "by_monitor", JSON_OBJECT, "summary");
	json_array_foreach(json_object_get(root, "violations"), i, v) {
		for (size_t k = 0; k < sizeof(vkeys) / sizeof(vkeys[0]); k++)
			need(v, vkeys[k], JSON_STRING, "violation");
		need(v, "pid", JSON_INTEGER, "violation");
		need(v, "ts_ns", JSON_INTEGER, "violation");
		need(v, "cpu", JSON_INTEGER, "violation");
		need(v, "atoms", JSON_ARRAY, "violation");
		need(v, "context", JSON_OBJECT, "violation");
	}
}

static int load_expect(const char *path, struct row *rows)
{
	FILE *f = fopen(path, "r");
	char line[256];
	int n = 0;

	if (!f) {
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof(line), f) && n < MAX_ROWS) {
		struct row *r = &rows[n];

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%31s %d %ld %31s", r->monitor, &r->pid, &r->count, r->reason) == 4)
			n++;
	}
	fclose(f);
	return n;
}

static long count_of(json_t *violations, const char *monitor, int pid, const char *reason)
{
	json_t *v;
	size_t i;
	long n = 0;

	json_array_foreach(violations, i, v) {
		if (strcmp(json_string_value(json_object_get(v, "monitor")), monitor) ||
		    json_integer_value(json_object_get(v, "pid")) != pid)
			continue;
		if (!reason || !strcmp(json_string_value(json_object_get(v, "reason")), reason))
			n++;
	}
	return n;
}

static void check_expect(json_t *violations, struct row *rows, int n)
{
	json_t *v;
	size_t i;

	for (int k = 0; k < n; k++) {
		long got = count_of(violations, rows[k].monitor, rows[k].pid, rows[k].reason);

		if (got != rows[k].count)
			fail("%s violations of pid %d for %s: %ld, expected %ld", rows[k].monitor,
			     rows[k].pid, rows[k].reason, got, rows[k].count);
	}
	json_array_foreach(violations, i, v) {
		const char *m = json_string_value(json_object_get(v, "monitor"));
		int pid = json_integer_value(json_object_get(v, "pid"));
		bool listed = false;

		for (int k = 0; k < n; k++)
			listed |= !strcmp(rows[k].monitor, m) && rows[k].pid == pid;
		if (!listed)
			fail("unexpected %s violation of pid %d", m, pid);
	}
}

/* "... rvreplay-role: workload=W variant=V tid=T role=R sleep=ok pagefault=bad" */
static void check_roles(json_t *violations, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512], sleep[8], pagefault[8];
	const char *p;
	int tid;

	if (!f) {
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		p = strstr(line, " tid=");
		if (!p || sscanf(p, " tid=%d", &tid) != 1 ||
		    !strstr(p, "sleep=") || sscanf(strstr(p, "sleep="), "sleep=%7s", sleep) != 1 ||
		    !strstr(p, "pagefault=") ||
		    sscanf(strstr(p, "pagefault="), "pagefault=%7s", pagefault) != 1)
			continue;
		if (strcmp(sleep, "-") &&
		    !strcmp(sleep, "bad") != !!count_of(violations, "sleep", tid, NULL))
			fail("role of tid %d: expected sleep=%s", tid, sleep);
		if (strcmp(pagefault, "-") &&
		    !strcmp(pagefault, "bad") != !!count_of(violations, "pagefault", tid, NULL))
			fail("role of tid %d: expected pagefault=%s", tid, pagefault);
	}
	fclose(f);
}

static void check_comm(json_t *violations, const char *comm, const char *monitor,
		       const char *want)
{
	json_t *v;
	size_t i;
	long n = 0;

	json_array_foreach(violations, i, v)
		n += !strcmp(json_string_value(json_object_get(v, "comm")), comm) &&
		     !strcmp(json_string_value(json_object_get(v, "monitor")), monitor);
	if (!strcmp(want, "bad") != (n > 0))
		fail("%s: %ld %s violations, expected %s", comm, n, monitor, want);
}

/* The expectations a report meets, to review and commit after a re-recording. */
static void write_expect(json_t *violations)
{
	struct row rows[MAX_ROWS];
	json_t *v;
	size_t i;
	int n = 0;

	json_array_foreach(violations, i, v) {
		const char *m = json_string_value(json_object_get(v, "monitor"));
		const char *r = json_string_value(json_object_get(v, "reason"));
		int pid = json_integer_value(json_object_get(v, "pid")), k;

		for (k = 0; k < n; k++)
			if (rows[k].pid == pid && !strcmp(rows[k].monitor, m) &&
			    !strcmp(rows[k].reason, r))
				break;
		if (k == n && n < MAX_ROWS) {
			snprintf(rows[n].monitor, sizeof(rows[n].monitor), "%s", m);
			snprintf(rows[n].reason, sizeof(rows[n].reason), "%s", r);
			rows[n].pid = pid;
			rows[n++].count = 0;
		}
		if (k < MAX_ROWS)
			rows[k].count++;
	}
	for (int k = 0; k < n; k++)
		printf("%-9s %6d %4ld  %s\n", rows[k].monitor, rows[k].pid, rows[k].count,
		       rows[k].reason);
}

static int usage(void)
{
	fprintf(stderr, "usage: verdict_check REPORT.json [--expect FILE] [--roles FILE] "
		"[--comm COMM MONITOR ok|bad]...\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct row rows[MAX_ROWS];
	json_error_t err;
	json_t *root, *violations;

	if (argc < 2)
		return usage();
	root = json_load_file(argv[1], 0, &err);
	if (!root) {
		printf("FAIL: %s is not JSON: %s (line %d)\n", argv[1], err.text, err.line);
		return 1;
	}
	check_schema(root);
	violations = json_object_get(root, "violations");
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--expect") && i + 1 < argc) {
			int n = load_expect(argv[++i], rows);

			check_expect(violations, rows, n);
		} else if (!strcmp(argv[i], "--roles") && i + 1 < argc) {
			check_roles(violations, argv[++i]);
		} else if (!strcmp(argv[i], "--write-expect")) {
			write_expect(violations);
		} else if (!strcmp(argv[i], "--comm") && i + 3 < argc) {
			check_comm(violations, argv[i + 1], argv[i + 2], argv[i + 3]);
			i += 3;
		} else {
			return usage();
		}
	}
	json_decref(root);
	return failures ? 1 : 0;
}
