// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a run says of each trace for machines (trace_result.h).
 */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "trace_result.h"

/**
 * trace_result_file() - the size and SHA-256 of the trace that was opened
 * @r: the result
 * @fd: the trace's one open file
 */
void trace_result_file(struct trace_result *r, int fd)
{
	r->read = !sha256_fd(fd, r->sha256, &r->size);
}

static json_t *text(const char *s)
{
	char *e = escape_dup(s);
	json_t *j = json_string(e ? e : "?");

	free(e);
	return j;
}

/**
 * trace_result_json() - what the JSON Lines line of a trace holds
 * @r: the result (digest NULL when the trace could not be judged)
 * @exit_code: the trace's exit code
 * @error: why it could not be judged, or NULL
 *
 * Return: a new object, or NULL when memory runs out.
 */
json_t *trace_result_json(const struct trace_result *r, int exit_code, const char *error)
{
	json_t *o = json_object();

	json_object_set_new(o, "rvreplay_version", json_string(RVREPLAY_VERSION));
	json_object_set_new(o, "path", text(r->path));
	json_object_set_new(o, "key", text(r->key ? r->key : r->path));
	json_object_set_new(o, "alone", json_boolean(r->alone));
	json_object_set_new(o, "size", r->read ? json_integer(r->size) : json_null());
	json_object_set_new(o, "sha256", r->read ? json_string(r->sha256) : json_null());
	json_object_set_new(o, "exit_code", json_integer(exit_code));
	json_object_set_new(o, "error", error && error[0] ? text(error) : json_null());
	if (r->digest)
		json_object_update(o, r->digest);
	return o;
}

/* The whole of a spool, from its start. Return: 0, or -1 when it cannot be read. */
static int copy_spool(FILE *from, FILE *to)
{
	char buf[65536];
	size_t n;

	rewind(from);
	while ((n = fread(buf, 1, sizeof(buf), from)))
		fwrite(buf, 1, n, to);
	return ferror(from) ? -1 : 0;
}

/**
 * trace_result_line() - a trace's JSON Lines line, its newline included
 * @out: the JSON Lines file
 * @o: trace_result_json()'s object
 * @r: the result, whose groups end the line ([] when none)
 *
 * Return: 0, or -1 when memory runs out or the groups cannot be read.
 */
int trace_result_line(FILE *out, const json_t *o, const struct trace_result *r)
{
	char *line = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
	int ret = 0;

	if (!line)
		return -1;
	/* the object's members, then its groups as the last one */
	fprintf(out, "%.*s,\"groups\":", (int)strlen(line) - 1, line);
	if (r->groups)
		ret = copy_spool(r->groups, out);
	else
		fputs("[]", out);
	fputs("}\n", out);
	free(line);
	return ret;
}

/**
 * trace_result_suite() - the JUnit testsuite of a trace
 * @out: the JUnit file
 * @r: the result (cases NULL when the trace could not be judged)
 * @exit_code: the trace's exit code
 * @error: why it could not be judged, or NULL
 *
 * A trace that could not be judged is one test case in error: a CI must
 * never read it as passed.
 *
 * Return: 0, or -1 when its test cases cannot be read back.
 */
int trace_result_suite(FILE *out, const struct trace_result *r, int exit_code, const char *error)
{
	bool judged = r->cases && exit_code != 2;
	int ret = 0;

	fputs("  <testsuite name=\"", out);
	report_xml_text(out, r->path);
	fprintf(out, "\" tests=\"%u\" failures=\"%u\" errors=\"%d\" skipped=\"%u\">\n",
		judged ? r->counts.tests : 1, judged ? r->counts.failures : 0, !judged,
		judged ? r->counts.skipped : 0);
	if (judged) {
		ret = copy_spool(r->cases, out);
	} else {
		fputs("    <testcase classname=\"", out);
		report_xml_text(out, r->path);
		fputs("\" name=\"judged\">\n      <error message=\"", out);
		report_xml_text(out, error && error[0] ? error : "could not be judged");
		fputs("\"/>\n    </testcase>\n", out);
	}
	fputs("  </testsuite>\n", out);
	return ret;
}

void trace_result_junit_begin(FILE *out)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"rvreplay\">\n", out);
}

void trace_result_junit_end(FILE *out)
{
	fputs("</testsuites>\n", out);
}

void trace_result_release(struct trace_result *r)
{
	json_decref(r->digest);
	if (r->groups)
		fclose(r->groups);
	if (r->cases)
		fclose(r->cases);
	r->digest = NULL;
	r->groups = NULL;
	r->cases = NULL;
}
