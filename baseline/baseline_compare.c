// SPDX-License-Identifier: GPL-2.0-only
/*
 * Violations keyed for a comparison from run to run (baseline.h): read
 * from a JSON report or JSON Lines, summed per key when compared, and
 * sorted into new, fixed, unchanged and waived.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "escape.h"
#include "grow.h"

#define NAME_LEN	256

static const char *const outcome_names[BASELINE_NR_OUTCOMES] = {
	[BASELINE_NEW]		= "new",
	[BASELINE_FIXED]	= "fixed",
	[BASELINE_UNCHANGED]	= "unchanged",
	[BASELINE_WAIVED]	= "waived",
};

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

/*
 * Counts of many groups or lines summed: at most 2^63 - 1, the largest
 * JSON's integers hold (the output's counts must read back), never
 * wrapped to a small or negative one.
 */
static unsigned long add_sat(unsigned long a, unsigned long b)
{
	const unsigned long most = LLONG_MAX;

	a = a > most ? most : a;
	b = b > most ? most : b;
	return a > most - b ? most : a + b;
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
		k->count = add_sat(k->count, count);
		k->waived = add_sat(k->waived, waived);
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

static int trace_cmp(const void *a, const void *b)
{
	const struct baseline_trace *const *x = a, *const *y = b;

	return strcmp((*x)->name, (*y)->name);
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
	const struct baseline_trace **t = malloc((b->nr_traces + 1) * sizeof(*t));
	char key[ESCAPE_LEN(NAME_LEN)], x[ESCAPE_LEN(NAME_LEN)], y[ESCAPE_LEN(NAME_LEN)];
	int ret = 0;

	if (!t)
		return snprintf(err, len, "out of memory"), -1;
	for (unsigned int i = 0; i < b->nr_traces; i++)
		t[i] = &b->traces[i];
	qsort(t, b->nr_traces, sizeof(*t), trace_cmp);
	for (unsigned int i = 1; i < b->nr_traces && !ret; i++) {
		if (strcmp(t[i - 1]->name, t[i]->name))
			continue;
		snprintf(err, len, "traces %.200s and %.200s are both keyed '%.200s': key them by "
			 "their path under the batch's folder (rvreplay writes it as 'key')",
			 escape(t[i - 1]->path, x, sizeof(x)), escape(t[i]->path, y, sizeof(y)),
			 escape(t[i]->name, key, sizeof(key)));
		ret = -1;
	}
	free(t);
	return ret;
}

/* @single's trace keyed as the one of @lines whose key ends in its basename. */
static int resolve(const struct baseline *lines, struct baseline *single, char *err, size_t len)
{
	const struct baseline_trace *found = NULL;
	char *name;

	for (unsigned int i = 0; i < lines->nr_traces; i++) {
		const char *k = lines->traces[i].name;

		if (strcmp(basename_of(k), single->traces[0].name))
			continue;
		if (found && strcmp(found->name, k))
			return snprintf(err, len, "the single report's trace %.200s could be %.200s "
					"or %.200s of the batch", single->traces[0].name, found->name,
					k), -1;
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

/* ---- the comparison */

struct names {
	const char	**name;
	size_t		nr;
};

struct entry {
	const char			*trace;	/* "": traces not named */
	const struct baseline_key	*key;
	bool				in_new;
};

struct comparing {
	const struct baseline	*old;
	const struct baseline	*new;
	bool			named;		/* a batch: keys carry the trace's name */
	struct names		judged;		/* NEW's traces */
	struct names		unjudged;
	struct entry		*entries;
	size_t			nr_entries;
};

struct tally {
	unsigned long	old;		/* OLD: waived or not */
	unsigned long	count;		/* NEW: not waived */
	unsigned long	waived;		/* NEW: waived */
};

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int names_of(const struct baseline *b, bool judged, struct names *n)
{
	n->nr = 0;
	n->name = malloc((b->nr_traces + 1) * sizeof(*n->name));
	if (!n->name)
		return -1;
	for (unsigned int i = 0; i < b->nr_traces; i++)
		if (!b->traces[i].error == judged)
			n->name[n->nr++] = b->traces[i].name;
	qsort(n->name, n->nr, sizeof(*n->name), name_cmp);
	return 0;
}

static bool names_have(const struct names *n, const char *name)
{
	return n->nr && bsearch(&name, n->name, n->nr, sizeof(*n->name), name_cmp);
}

/* An OLD trace is compared only where NEW judged it: NEW is then the one to blame. */
static bool compared(const struct comparing *s, const char *trace)
{
	return !s->named || (names_have(&s->judged, trace) && !names_have(&s->unjudged, trace));
}

static int entry_cmp(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int d = strcmp(x->trace, y->trace);

	if (!d)
		d = strcmp(x->key->monitor, y->key->monitor);
	if (!d)
		d = strcmp(x->key->comm, y->key->comm);
	if (!d)
		d = strcmp(x->key->reason, y->key->reason);
	return d;
}

static void collect_side(struct comparing *s, const struct baseline *b, bool in_new)
{
	for (unsigned int i = 0; i < b->nr_keys; i++) {
		const struct baseline_key *k = &b->keys[i];

		if (in_new || compared(s, k->trace))
			s->entries[s->nr_entries++] = (struct entry){
				s->named ? k->trace : "", k, in_new };
	}
}

static int collect(struct comparing *s)
{
	s->entries = malloc((s->old->nr_keys + s->new->nr_keys + 1) * sizeof(*s->entries));
	if (!s->entries)
		return -1;
	collect_side(s, s->old, false);
	collect_side(s, s->new, true);
	qsort(s->entries, s->nr_entries, sizeof(*s->entries), entry_cmp);
	return 0;
}

static int add_change(struct baseline_comparison *c, enum baseline_outcome o,
		      const struct entry *e, unsigned long old, unsigned long new)
{
	if (grow_room(&c->changes[o], c->nr[o], sizeof(*c->changes[o])))
		return -1;
	c->changes[o][c->nr[o]++] = (struct baseline_change){
		e->trace, e->key->monitor, e->key->comm, e->key->reason, old, new };
	return 0;
}

/* A key in OLD is known, waived or not: only NEW's unwaived ones can be new. */
static int judge_key(struct baseline_comparison *c, const struct entry *e,
		     const struct tally *t)
{
	int ret = 0;

	if (t->count)
		ret = add_change(c, t->old ? BASELINE_UNCHANGED : BASELINE_NEW, e, t->old, t->count);
	else if (!t->waived)
		ret = add_change(c, BASELINE_FIXED, e, t->old, 0);
	if (!ret && t->waived)
		ret = add_change(c, BASELINE_WAIVED, e, t->old, t->waived);
	return ret;
}

static int judge_keys(struct comparing *s, struct baseline_comparison *c)
{
	const struct entry *e = s->entries;
	size_t i, j;

	for (i = 0; i < s->nr_entries; i = j) {
		struct tally t = { 0 };

		for (j = i; j < s->nr_entries && !entry_cmp(&e[i], &e[j]); j++) {
			if (!e[j].in_new) {
				t.old = add_sat(t.old, add_sat(e[j].key->count, e[j].key->waived));
				continue;
			}
			t.count = add_sat(t.count, e[j].key->count);
			t.waived = add_sat(t.waived, e[j].key->waived);
		}
		if (judge_key(c, &e[i], &t))
			return -1;
	}
	return 0;
}

static int add_unjudged(struct baseline_comparison *c, const struct baseline_trace *t,
			bool in_new, bool absent)
{
	if (grow_room(&c->unjudged, c->nr_unjudged, sizeof(*c->unjudged)))
		return -1;
	c->unjudged[c->nr_unjudged++] = (struct baseline_unjudged){ t, in_new, absent };
	c->nr_failing += in_new;
	return 0;
}

static bool said_absent(const struct baseline_comparison *c, const char *name)
{
	for (unsigned int i = 0; i < c->nr_unjudged; i++)
		if (c->unjudged[i].absent && !strcmp(c->unjudged[i].trace->name, name))
			return true;
	return false;
}

/* A trace of OLD that a batch NEW lacks: a run that drops a trace cannot pass. */
static bool absent(const struct comparing *s, const char *name)
{
	return s->named && s->new->kind == BASELINE_LINES && !names_have(&s->judged, name) &&
	       !names_have(&s->unjudged, name);
}

static int find_unjudged(const struct comparing *s, struct baseline_comparison *c)
{
	const struct baseline_trace *t;

	for (unsigned int i = 0; i < s->new->nr_traces; i++)
		if (s->new->traces[i].error && add_unjudged(c, &s->new->traces[i], true, false))
			return -1;
	for (unsigned int i = 0; i < s->old->nr_traces; i++) {
		t = &s->old->traces[i];
		if (absent(s, t->name)) {
			if (!said_absent(c, t->name) && add_unjudged(c, t, true, true))
				return -1;
		} else if (t->error && compared(s, t->name) && add_unjudged(c, t, false, false)) {
			return -1;
		}
	}
	return 0;
}

/**
 * baseline_compare() - NEW's violations against OLD's, key by key
 * @old: the baseline
 * @new: the run judged
 * @c: filled (zero it first); free with baseline_comparison_free(); its
 *     strings are those of @old and @new, which must outlive it
 *
 * With a batch on either side the keys carry the trace's name: a single
 * report NEW is then compared with OLD's lines of its trace only, and
 * each trace of OLD that a batch NEW lacks is unjudged, in NEW. OLD's
 * keys of a trace NEW did not judge are not compared (not fixed). Two
 * single reports are compared whatever their traces' names.
 *
 * Return: 0, or -1 when memory runs out.
 */
int baseline_compare(const struct baseline *old, const struct baseline *new,
		     struct baseline_comparison *c)
{
	struct comparing s = {
		.old = old,
		.new = new,
		.named = old->kind == BASELINE_LINES || new->kind == BASELINE_LINES,
	};
	int ret = -1;

	if (names_of(new, true, &s.judged) || names_of(new, false, &s.unjudged))
		goto out;
	if (collect(&s) || judge_keys(&s, c) || find_unjudged(&s, c))
		goto out;
	ret = 0;
out:
	free(s.judged.name);
	free(s.unjudged.name);
	free(s.entries);
	return ret;
}

/**
 * baseline_unjudged_why() - why a trace has no verdict to compare
 * @u: the trace
 *
 * Return: the error its line gives, or "absent from NEW".
 */
const char *baseline_unjudged_why(const struct baseline_unjudged *u)
{
	return u->absent ? "absent from NEW" : u->trace->error;
}

/* The file whose line names the trace: OLD for an absent one. */
static const char *unjudged_in(const struct baseline_unjudged *u)
{
	return u->in_new && !u->absent ? "new" : "old";
}

static void print_change(FILE *out, enum baseline_outcome o, const struct baseline_change *ch)
{
	char label[16], trace[ESCAPE_LEN(NAME_LEN)], monitor[ESCAPE_LEN(32)];
	char comm[ESCAPE_LEN(64)], reason[ESCAPE_LEN(32)];

	snprintf(label, sizeof(label), "%s:", outcome_names[o]);
	fprintf(out, "%-10s %s%s%s %s %s", label, escape(ch->trace, trace, sizeof(trace)),
		ch->trace[0] ? ": " : "", escape(ch->monitor, monitor, sizeof(monitor)),
		escape(ch->comm, comm, sizeof(comm)), escape(ch->reason, reason, sizeof(reason)));
	if (o == BASELINE_FIXED)
		fprintf(out, " (%lu)\n", ch->old);
	else if (o == BASELINE_NEW || ch->old == ch->new)
		fprintf(out, " (%lu)\n", ch->new);
	else
		fprintf(out, " (%lu, was %lu)\n", ch->new, ch->old);
}

static void print_unjudged(FILE *out, const struct baseline_unjudged *u)
{
	char path[ESCAPE_LEN(NAME_LEN)], why[ESCAPE_LEN(NAME_LEN)];

	fprintf(out, "%-10s %s in %s: %s\n", "unjudged:", escape(u->trace->path, path, sizeof(path)),
		u->in_new && !u->absent ? "NEW" : "OLD",
		escape(baseline_unjudged_why(u), why, sizeof(why)));
}

/**
 * baseline_print() - the comparison as text, one line per key
 * @c: the comparison
 * @out: where to
 *
 * "new:       sleep cyclictest sleep_reason (3)", the new keys first, then
 * fixed, unchanged, waived, the unjudged traces, and the counts of keys:
 * "compare: 1 new, 0 fixed, 2 unchanged, 0 waived".
 */
void baseline_print(const struct baseline_comparison *c, FILE *out)
{
	for (int o = 0; o < BASELINE_NR_OUTCOMES; o++)
		for (unsigned int i = 0; i < c->nr[o]; i++)
			print_change(out, o, &c->changes[o][i]);
	for (unsigned int i = 0; i < c->nr_unjudged; i++)
		print_unjudged(out, &c->unjudged[i]);
	fprintf(out, "compare: %u new, %u fixed, %u unchanged, %u waived", c->nr[BASELINE_NEW],
		c->nr[BASELINE_FIXED], c->nr[BASELINE_UNCHANGED], c->nr[BASELINE_WAIVED]);
	if (c->nr_unjudged)
		fprintf(out, ", %u unjudged", c->nr_unjudged);
	fputc('\n', out);
}

static json_t *change_json(const struct baseline_change *ch)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:I, s:I}", "trace", ch->trace,
			 "monitor", ch->monitor, "comm", ch->comm, "reason", ch->reason,
			 "old", (json_int_t)ch->old, "new", (json_int_t)ch->new);
}

static json_t *unjudged_json(const struct baseline_unjudged *u)
{
	return json_pack("{s:s, s:s, s:s, s:o, s:b, s:s}", "trace", u->trace->name,
			 "path", u->trace->path, "in", unjudged_in(u),
			 "line", u->trace->line ? json_integer(u->trace->line) : json_null(),
			 "fails", u->in_new, "why", baseline_unjudged_why(u));
}

static json_t *changes_json(const struct baseline_change *changes, unsigned int nr)
{
	json_t *a = json_array();

	for (unsigned int i = 0; i < nr && a; i++) {
		if (json_array_append_new(a, change_json(&changes[i]))) {
			json_decref(a);
			a = NULL;
		}
	}
	return a;
}

static json_t *unjudged_array(const struct baseline_comparison *c)
{
	json_t *a = json_array();

	for (unsigned int i = 0; i < c->nr_unjudged && a; i++) {
		if (json_array_append_new(a, unjudged_json(&c->unjudged[i]))) {
			json_decref(a);
			a = NULL;
		}
	}
	return a;
}

/**
 * baseline_json() - the comparison as one JSON object
 * @c: the comparison
 *
 * {"new": [...], "fixed": [...], "unchanged": [...], "waived": [...],
 * "unjudged": [...]}: a key is {"trace", "monitor", "comm", "reason",
 * "old", "new"}; an unjudged trace {"trace", "path", "in" ("old" or
 * "new": the file whose line names it), "line", "fails", "why"}.
 *
 * Return: the object, or NULL when memory runs out.
 */
json_t *baseline_json(const struct baseline_comparison *c)
{
	json_t *o = json_object();
	int err = !o;

	for (int k = 0; k < BASELINE_NR_OUTCOMES; k++)
		err = err || json_object_set_new(o, outcome_names[k],
						 changes_json(c->changes[k], c->nr[k]));
	err = err || json_object_set_new(o, "unjudged", unjudged_array(c));
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/**
 * baseline_comparison_free() - free a comparison, leaving it empty
 * @c: the comparison
 */
void baseline_comparison_free(struct baseline_comparison *c)
{
	for (int o = 0; o < BASELINE_NR_OUTCOMES; o++)
		free(c->changes[o]);
	free(c->unjudged);
	memset(c, 0, sizeof(*c));
}
