// SPDX-License-Identifier: GPL-2.0-only
/*
 * Violations keyed for a comparison from run to run (baseline.h): a
 * report's or a line's groups added a key at a time, summed per key, the
 * traces they come from named.
 */
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "baseline_local.h"
#include "escape.h"
#include "grow.h"

static const char *basename_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static const char *string_of(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static void free_trace(struct baseline_trace *t)
{
	free(t->path);
	free(t->name);
	free(t->error);
}

static void free_key(struct baseline_key *k)
{
	free(k->trace);
	free(k->monitor);
	free(k->comm);
	free(k->reason);
}

static int add_trace(struct baseline *b, const char *path, const char *name, const char *error,
		     unsigned int line)
{
	struct baseline_trace *t;

	if (grow_room(&b->traces, b->nr_traces, sizeof(*b->traces)))
		return -1;
	t = &b->traces[b->nr_traces];
	t->path = strdup(path);
	t->name = strdup(name);
	t->error = error ? strdup(error) : NULL;
	t->line = line;
	if (!t->path || !t->name || (error && !t->error)) {
		free_trace(t);
		return -1;
	}
	b->nr_traces++;
	return 0;
}


static bool same_key(unsigned int element, const void *key, const void *data)
{
	const struct baseline_key *a = &((const struct baseline *)data)->keys[element], *k = key;

	return !strcmp(a->trace, k->trace) && !strcmp(a->monitor, k->monitor) &&
	       !strcmp(a->comm, k->comm) && !strcmp(a->reason, k->reason);
}

static uint64_t key_hash_of(const struct baseline_key *k)
{
	uint64_t h = key_hash(k->trace, strlen(k->trace) + 1, 0);

	h = key_hash(k->monitor, strlen(k->monitor) + 1, h);
	h = key_hash(k->comm, strlen(k->comm) + 1, h);
	return key_hash(k->reason, strlen(k->reason) + 1, h);
}

/* A key's counts, summed with those of its like (a million groups of one task: one key). */
static int add_key(struct baseline *b, const char *trace, const char *monitor, const char *comm,
		   const char *reason, unsigned long count, unsigned long waived)
{
	struct baseline_key want = { .trace = (char *)trace, .monitor = (char *)monitor,
				     .comm = (char *)comm, .reason = (char *)reason };
	uint64_t hash = key_hash_of(&want);
	long found = key_index_find(&b->by_key, hash, same_key, &want, b);
	struct baseline_key *k;

	if (found >= 0) {
		k = &b->keys[found];
		k->count = baseline_add_sat(k->count, count);
		k->waived = baseline_add_sat(k->waived, waived);
		return 0;
	}
	if (grow_room(&b->keys, b->nr_keys, sizeof(*b->keys)))
		return -1;
	k = &b->keys[b->nr_keys];
	k->trace = strdup(trace);
	k->monitor = strdup(monitor);
	k->comm = strdup(comm);
	k->reason = strdup(reason);
	k->count = count;
	k->waived = waived;
	if (!k->trace || !k->monitor || !k->comm || !k->reason ||
	    key_index_add(&b->by_key, hash, b->nr_keys)) {
		free_key(k);
		return -1;
	}
	b->nr_keys++;
	return 0;
}

/* An object's groups, keyed under its trace. */
static int move_keys(struct baseline *b, const char *trace, const struct baseline *groups)
{
	for (unsigned int i = 0; i < groups->nr_keys; i++) {
		const struct baseline_key *k = &groups->keys[i];

		if (add_key(b, trace, k->monitor, k->comm, k->reason, k->count, k->waived))
			return -1;
	}
	return 0;
}

/**
 * baseline_add_group() - one group of a report or a line, keyed under trace ""
 * @groups: where its key is counted
 * @g: the group: "monitor", "comm", "reason", "count", "waived"
 * @err: what is wrong
 * @len: size of @err
 *
 * Return: 0, or -1 with @err set.
 */
int baseline_add_group(struct baseline *groups, const json_t *g, char *err, size_t len)
{
	const char *monitor = string_of(g, "monitor"), *comm = string_of(g, "comm");
	const char *reason = string_of(g, "reason");
	json_t *count = json_object_get(g, "count"), *waived = json_object_get(g, "waived");
	unsigned long n;

	if (!json_is_object(g))
		return snprintf(err, len, "not a JSON object"), -1;
	if (!monitor || !comm || !reason)
		return snprintf(err, len, "no '%s' string", !monitor ? "monitor" :
				!comm ? "comm" : "reason"), -1;
	if (!json_is_integer(count) || json_integer_value(count) < 1)
		return snprintf(err, len, "'count' is not a whole number above 0"), -1;
	if (waived && !json_is_boolean(waived))
		return snprintf(err, len, "'waived' is not true or false"), -1;
	n = json_integer_value(count);
	if (add_key(groups, "", monitor, comm, reason, json_is_true(waived) ? 0 : n,
		    json_is_true(waived) ? n : 0))
		return snprintf(err, len, "out of memory"), -1;
	return 0;
}

/* A batch's line: a trace not judged (exit code 2) has no group to add. */
static int add_line(struct baseline *b, const struct baseline_object *obj, char *err, size_t len)
{
	const json_t *o = obj->fields;
	const char *path = string_of(o, "path"), *error = string_of(o, "error");
	const char *key = string_of(o, "key");
	json_t *code = json_object_get(o, "exit_code");

	if (b->kind == BASELINE_REPORT)
		return snprintf(err, len, "a JSON Lines object after a single report"), -1;
	if (!path)
		return snprintf(err, len, "no 'path' string"), -1;
	if (json_object_get(o, "key") && (!key || !*key))
		return snprintf(err, len, "'key' is not a string naming the trace"), -1;
	/* the key of lines without one: a folder's line ("board1/") has none */
	if (!key && !*basename_of(path))
		return snprintf(err, len, "'path' names no file"), -1;
	/* lines written before 'key' existed: the trace's basename */
	if (!key)
		key = basename_of(path);
	if (!json_is_integer(code) || json_integer_value(code) < 0 ||
	    json_integer_value(code) > 2)
		return snprintf(err, len, "'exit_code' is not 0, 1 or 2"), -1;
	if (json_integer_value(code) != 2 && !obj->groups_array)
		return snprintf(err, len, "no 'groups' array"), -1;
	b->kind = BASELINE_LINES;
	b->alone |= json_is_true(json_object_get(o, "alone"));
	if (json_integer_value(code) == 2)
		return add_trace(b, path, key, error && *error ? error : "no error given",
				 obj->line) ? (snprintf(err, len, "out of memory"), -1) : 0;
	if (add_trace(b, path, key, NULL, obj->line) || move_keys(b, key, &obj->groups))
		return snprintf(err, len, "out of memory"), -1;
	return 0;
}

/* One run's report: complete only when it has its groups and summary. */
static int add_report(struct baseline *b, const struct baseline_object *obj, char *err,
		      size_t len)
{
	const json_t *o = obj->fields;
	const char *path = string_of(json_object_get(o, "trace"), "path");

	if (b->kind != BASELINE_EMPTY)
		return snprintf(err, len, "a second report, or a report among JSON Lines"), -1;
	if (!obj->groups_array)
		return snprintf(err, len, "not a complete rvreplay --json report: no 'groups' "
				"array"), -1;
	if (!json_is_object(json_object_get(o, "summary")))
		return snprintf(err, len, "not a complete rvreplay --json report: no 'summary'"),
		       -1;
	if (!path)
		return snprintf(err, len, "no 'trace' object with a 'path' string"), -1;
	b->kind = BASELINE_REPORT;
	if (add_trace(b, path, basename_of(path), NULL, 0) ||
	    move_keys(b, basename_of(path), &obj->groups))
		return snprintf(err, len, "out of memory"), -1;
	return 0;
}

/**
 * baseline_add_object() - add one report or line, its groups keyed
 * @b: the baseline
 * @o: the object
 * @err: what is wrong
 * @len: size of @err
 *
 * Return: 0, or -1 with @err set; @b then holds what was added before.
 */
int baseline_add_object(struct baseline *b, struct baseline_object *o, char *err, size_t len)
{
	if (!json_is_object(o->fields))
		return snprintf(err, len, "not a JSON object"), -1;
	if (json_object_get(o->fields, "exit_code"))
		return add_line(b, o, err, len);
	if (o->groups_array || json_object_get(o->fields, "groups") ||
	    json_object_get(o->fields, "violations") || json_object_get(o->fields, "summary"))
		return add_report(b, o, err, len);
	return snprintf(err, len, "neither an rvreplay --json report nor a line of JSON Lines: "
			"no 'groups', no 'exit_code'"), -1;
}

static const char *trace_name(const void *data, unsigned int i)
{
	return ((const struct baseline *)data)->traces[i].name;
}

/**
 * baseline_unique() - whether each trace of a batch has a key of its own
 * @b: the baseline
 * @err: which two share one
 * @len: size of @err
 *
 * Two traces keyed alike would be compared as one: a trace that dropped
 * out, or a violation that moved from one to the other, would pass.
 *
 * Return: 0, or -1 with @err set (memory too).
 */
int baseline_unique(const struct baseline *b, char *err, size_t len)
{
	char key[ESCAPE_LEN(NAME_LEN)], x[ESCAPE_LEN(NAME_LEN)], y[ESCAPE_LEN(NAME_LEN)];
	unsigned int i, k;
	int ret = baseline_key_repeat(trace_name, b, b->nr_traces, &i, &k);

	if (ret < 0)
		return snprintf(err, len, "out of memory"), -1;
	if (!ret)
		return 0;
	snprintf(err, len, "traces %.200s and %.200s are both keyed '%.200s': key them by "
		 "their path under the batch's folder (rvreplay writes it as 'key')",
		 escape(b->traces[i].path, x, sizeof(x)), escape(b->traces[k].path, y, sizeof(y)),
		 escape(b->traces[k].name, key, sizeof(key)));
	return -1;
}

/* The trace of @lines keyed @name, or NULL. */
static const struct baseline_trace *keyed(const struct baseline *lines, const char *name)
{
	for (unsigned int i = 0; i < lines->nr_traces; i++)
		if (!strcmp(lines->traces[i].name, name))
			return &lines->traces[i];
	return NULL;
}

/*
 * @single's trace keyed as the one of @lines keyed alike (a run of one
 * trace has its line's key), else whose key ends in its basename.
 */
static int resolve(const struct baseline *lines, struct baseline *single, char *err, size_t len)
{
	const char *base = basename_of(single->traces[0].name);
	const struct baseline_trace *found = keyed(lines, single->traces[0].name);
	char *name;

	for (unsigned int i = 0; i < lines->nr_traces && !keyed(lines, single->traces[0].name); i++) {
		const char *k = lines->traces[i].name;

		if (strcmp(basename_of(k), base))
			continue;
		if (found && strcmp(found->name, k))
			return snprintf(err, len, "the single report's trace %.200s could be %.200s "
					"or %.200s of the batch", base, found->name, k), -1;
		found = &lines->traces[i];
	}
	if (!found)
		return 0;
	name = strdup(found->name);
	if (!name)
		return snprintf(err, len, "out of memory"), -1;
	for (unsigned int i = 0; i < single->nr_keys; i++) {
		free(single->keys[i].trace);
		single->keys[i].trace = strdup(name);
		if (!single->keys[i].trace) {
			free(name);
			return snprintf(err, len, "out of memory"), -1;
		}
	}
	free(single->traces[0].name);
	single->traces[0].name = name;
	/* keyed anew: what is added after is summed when compared */
	key_index_free(&single->by_key);
	return 0;
}

/**
 * baseline_resolve_single() - a single report's key among a batch's
 * @a: a baseline
 * @b: the other
 * @err: when several traces of the batch could be the report's
 * @len: size of @err
 *
 * When one is a single report (its trace keyed by its basename) and the
 * other a batch's lines, the report's trace is the batch's whose key ends
 * in that basename, as a path ("board/trace.dat" for "trace.dat"): the
 * report takes its key. Otherwise nothing changes.
 *
 * Return: 0, or -1 with @err set.
 */
int baseline_resolve_single(struct baseline *a, struct baseline *b, char *err, size_t len)
{
	if (a->kind == BASELINE_LINES && b->kind == BASELINE_REPORT && b->nr_traces)
		return resolve(a, b, err, len);
	if (b->kind == BASELINE_LINES && a->kind == BASELINE_REPORT && a->nr_traces)
		return resolve(b, a, err, len);
	return 0;
}

/**
 * baseline_make_single() - the line of a run of one trace, taken as its single report
 * @b: the baseline, lines
 *
 * A run of one trace named alone (its line says "alone") is a single
 * report, as its --json would be: against a batch, only the batch's line
 * of its trace is its baseline, and the batch's other traces are not
 * missing from it. A batch (several traces, a folder, an index of them)
 * stays one, from which a trace cannot drop out.
 */
void baseline_make_single(struct baseline *b)
{
	if (b->kind == BASELINE_LINES && b->nr_traces == 1 && b->alone)
		b->kind = BASELINE_REPORT;
}

/**
 * baseline_free() - free what a baseline holds, leaving it empty
 * @b: the baseline
 */
void baseline_free(struct baseline *b)
{
	for (unsigned int i = 0; i < b->nr_keys; i++)
		free_key(&b->keys[i]);
	for (unsigned int i = 0; i < b->nr_traces; i++)
		free_trace(&b->traces[i]);
	free(b->keys);
	free(b->traces);
	key_index_free(&b->by_key);
	memset(b, 0, sizeof(*b));
}
