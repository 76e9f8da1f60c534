// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet harness's JSON Lines baselines (fleet.h): written line by line
 * with what baseline_load() must make of them. Mostly what the reader
 * accepts, so that the fuzzer reaches past the first check, and now and
 * then one defect whose effect the model knows ("refused").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "escape.h"
#include "fleet.h"

static const char *const path_prefixes[] = { "", "board1/", "/ci/run/board2/", "./", "b/" };
static const char *const base_names[] = { "a.dat", "b.dat", "x.dat", "trace.dat",
					  "\xc3\xa9.dat", "a\\nb.dat", "" };
static const char *const group_monitors[] = { "sleep", "pagefault", "wakeup", "x", "" };
static const char *const group_comms[] = { "mutex_inversion", "a", "rt*", "x y", "\xc3\xa9",
					   "a\"b" };
static const char *const group_reasons[] = { "page_fault", "waker", "sleep_reason", "x" };

/* A count no group has: 0, negative, a real, a string, null. */
static json_t *odd_count(unsigned int pick)
{
	switch (pick) {
	case 0: return json_integer(0);
	case 1: return json_integer(-3);
	case 2: return json_real(1.5);
	case 3: return json_string("3");
	default: return json_null();
	}
}

/* An exit code no line has. */
static json_t *odd_code(unsigned int pick)
{
	switch (pick) {
	case 0: return json_integer(3);
	case 1: return json_integer(-1);
	case 2: return json_string("1");
	default: return json_null();
	}
}

/* A group as written: whether the reader must take it, its key and count. */
struct group_pick {
	bool		ok;
	const char	*monitor, *comm, *reason;
	json_int_t	count;
	bool		waived;
};

static json_t *group(struct program *g, struct group_pick *p)
{
	static const json_int_t counts[] = { 1, 2, 5, 1000, 2147483647, 1LL << 62, INT64_MAX };
	unsigned int mask = byte(g), c = byte(g), monitor = byte(g), comm = byte(g);
	unsigned int reason = byte(g);
	json_t *o = json_object();

	*p = (struct group_pick){ .ok = true, .monitor = group_monitors[monitor % 5],
				  .comm = group_comms[comm % 6],
				  .reason = group_reasons[reason % 4] };
	if (!(mask & 1))
		json_object_set_new(o, "monitor", json_string(p->monitor));
	else
		p->ok = false;
	json_object_set_new(o, "comm", json_string(p->comm));
	json_object_set_new(o, "reason", json_string(p->reason));
	if (c < 224) {
		p->count = counts[c % 7];
		json_object_set_new(o, "count", json_integer(p->count));
	} else {
		json_object_set_new(o, "count", odd_count(c % 5));
		p->ok = false;
	}
	switch (mask >> 1 & 7) {
	case 0: case 1: case 2:
		break;
	case 3: case 4:
		json_object_set_new(o, "waived", json_true());
		p->waived = true;
		break;
	case 5:
		json_object_set_new(o, "waived", json_false());
		break;
	case 6:
		json_object_set_new(o, "waived", json_string("yes"));
		p->ok = false;
		break;
	default:
		json_object_set_new(o, "pid", json_integer(7));
		break;
	}
	if (mask & 0x80) {
		/* not an object at all */
		json_decref(o);
		p->ok = false;
		return json_integer(5);
	}
	return o;
}

/* The groups of an object taken: their keys, their counts. */
struct taken {
	unsigned int		nr;
	struct group_pick	pick[8];
};

static void count_groups(struct baseline_model *b, const char *trace, const struct taken *t)
{
	char key[sizeof(b->keys[0])];
	unsigned int i, k;

	b->groups += t->nr;
	for (i = 0; i < t->nr; i++) {
		const struct group_pick *p = &t->pick[i];

		if (p->waived)
			b->waived += p->count;
		else
			b->count += p->count;
		if (snprintf(key, sizeof(key), "%s\x1f%s\x1f%s\x1f%s", trace, p->monitor, p->comm,
			     p->reason) >= (int)sizeof(key) || b->distinct == 128) {
			b->overflow = true;	/* keys not counted: a bound left unchecked */
			continue;
		}
		for (k = 0; k < b->distinct && strcmp(b->keys[k], key); k++)
			;
		if (k == b->distinct)
			snprintf(b->keys[b->distinct++], sizeof(key), "%s", key);
	}
}

static const char *basename_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* A trace's key, for the duplicates baseline_unique() refuses. */
static void model_name(struct baseline_model *b, const char *name)
{
	if (strlen(name) >= sizeof(b->names[0]) || b->nr_names == 64) {
		b->known = false;	/* duplicates no longer known */
		return;
	}
	for (unsigned int i = 0; i < b->nr_names; i++)
		if (!strcmp(b->names[i], name))
			b->valid = false;
	snprintf(b->names[b->nr_names++], sizeof(b->names[0]), "%s", name);
}

/* Arrays in arrays, @depth deep, around a number. */
static json_t *nested(unsigned int depth, bool objects)
{
	json_t *v = json_integer(depth);

	for (unsigned int i = 0; i < depth; i++) {
		json_t *outer = objects ? json_object() : json_array();

		if (objects)
			json_object_set_new(outer, "a", v);
		else
			json_array_append_new(outer, v);
		v = outer;
	}
	return v;
}

/*
 * A member no reader keeps, of any JSON: deep, escaped, real, long-named,
 * large. Valid JSON all: a reader must pass over it.
 */
static void extra_member(json_t *o, struct program *g, unsigned int kind)
{
	char name[160];
	json_t *a;
	unsigned int n = byte(g);

	switch (kind) {
	case 1:
		json_object_set_new(o, "extra", nested(n % 40, false));
		break;
	case 2:
		json_object_set_new(o, "extra", json_string("\b\f\n\r\t\x01\x1f\"\\/ \xc3\xa9 "
							    "\xf0\x9f\x98\x80 \xe2\x80\xae"));
		break;
	case 3:
		json_object_set_new(o, "extra", json_pack("[f,f,f,f]", 1e300, -5e-324, 0.1, -0.0));
		break;
	case 4:
		/* names longer than a reader's buffer for them */
		n = 60 + n % 70;
		memset(name, 'm', n);
		name[n] = '\0';
		json_object_set_new(o, name, json_true());
		break;
	case 5:
		json_object_set_new(o, "extra", nested(n % 20, true));
		break;
	case 6:
		a = json_array();
		for (unsigned int i = 0; i < 300; i++)
			json_array_append_new(a, json_integer(INT64_MAX - i * n));
		json_object_set_new(o, "extra", a);
		break;
	case 7:
		json_object_set_new(o, "extra", json_pack("[b,b,n,{}]", 1, 0));
		break;
	default:
		break;
	}
}

/*
 * The object as one line (or pretty, several), non-ASCII as \u escapes
 * or not, and "path" now and then written "\u0070ath": the same JSON.
 */
static void put_object(struct baseline_model *b, json_t *o, bool pretty, unsigned int style)
{
	char *s = json_dumps(o, JSON_COMPACT | (pretty ? JSON_INDENT(2) : 0) |
			     (style & 1 ? JSON_ENSURE_ASCII : 0));
	char *at;

	if (!s)
		abort();
	at = style & 2 ? strstr(s, "\"path\":") : NULL;
	if (at) {
		text_put(&b->text, s, at - s);
		text_str(&b->text, "\"\\u0070ath\":");
		text_str(&b->text, at + 7);
		b->escaped_names = true;
	} else {
		text_str(&b->text, s);
	}
	text_str(&b->text, "\n");
	free(s);
}

/* Lines that are no line of JSON Lines: each makes the file refused. */
static void broken_line(struct baseline_model *b, struct program *g)
{
	static const char *const lines[] = {
		"{", "[]", "null", "{}", "{\"exit_code\":1", "\f", "\xef\xbb\xbf{}",
		"{\"exit_code\":1,\"path\":\"a\\u0000.dat\",\"groups\":[]}", "{\"a\":1} {\"b\":2}",
	};

	text_str(&b->text, lines[byte(g) % 9]);
	text_str(&b->text, "\n");
	b->valid = false;
}

/*
 * The "path" of a line: a tree's file now and then, escaped as a batch of
 * it writes it, else a name of the table.
 */
static void line_path(struct program *g, const struct tree *tree, char *path, size_t len)
{
	unsigned int pick = byte(g);
	char buf[4200];

	if (pick < 32 && tree)
		escape(tree_pick(tree, g, buf, sizeof(buf)), path, len);
	else
		snprintf(path, len, "%s%s", path_prefixes[pick % 5], base_names[pick / 8 % 7]);
}

/* A line's "key": absent, the path, another name, empty or no string (refused). */
static bool line_key(json_t *o, struct program *g, unsigned int mask, const char *path,
		     char *key, size_t len)
{
	unsigned int pick = byte(g);

	if (!(mask & 2)) {
		if (mask & 4 && pick & 16)
			json_object_set_new(o, "key", json_integer(7));
		return !(mask & 4 && pick & 16);
	}
	if (mask & 4)
		snprintf(key, len, "%s", pick & 8 ? "" : path);
	else
		line_path(g, NULL, key, len);
	json_object_set_new(o, "key", json_string(key));
	return key[0] != '\0';
}

/* A line of a batch: "path", "key", "exit_code", "error", "groups". */
static void line(struct baseline_model *b, struct program *g, const struct tree *tree)
{
	unsigned int mask = byte(g), code_pick = byte(g), nr = byte(g) % 5;
	json_t *o = json_object(), *groups = json_array();
	char path[4200], key[4200] = "";
	json_int_t code = code_pick % 3;
	struct taken t = { .nr = nr };
	bool ok = true, groups_ok = true;
	unsigned int style;

	line_path(g, tree, path, sizeof(path));
	json_object_set_new(o, "rvreplay_version", json_string("0.1.0"));
	if (!(mask & 1)) {
		json_object_set_new(o, "path", json_string(path));
		/* a line's key, when it has one, names the trace: else the path's basename */
		ok &= *basename_of(path) != '\0' || (mask & 2);
	} else {
		ok = false;
	}
	ok &= line_key(o, g, mask, path, key, sizeof(key));
	if (code_pick >= 240) {
		json_object_set_new(o, "exit_code", odd_code(code_pick % 4));
		ok = false;
	} else {
		json_object_set_new(o, "exit_code", json_integer(code));
	}
	if (code == 2)
		json_object_set_new(o, "error",
				    mask & 8 ? json_string("not a trace") : json_null());
	for (unsigned int i = 0; i < nr; i++) {
		json_array_append_new(groups, group(g, &t.pick[i]));
		groups_ok &= t.pick[i].ok;
	}
	/* a trace not judged: whether its groups are read at all is the reader's choice */
	if (code == 2 && !groups_ok)
		b->known = false;
	ok &= groups_ok || code == 2;
	if (!(mask & 16) || code == 2)
		json_object_set_new(o, "groups", groups);
	else {
		json_decref(groups);
		ok = false;
	}
	/* a line over several lines: a reader of JSON Lines may take it or not */
	if (mask >> 5 == 7)
		b->known = false;
	style = byte(g);
	extra_member(o, g, style >> 2 & 7);
	put_object(b, o, mask >> 5 == 7, style);
	json_decref(o);
	b->objects++;
	if (!ok) {
		b->valid = false;
		return;
	}
	b->traces++;
	model_name(b, mask & 2 ? key : basename_of(path));
	if (code == 2) {
		b->errors++;
		return;
	}
	count_groups(b, mask & 2 ? key : basename_of(path), &t);
}

/**
 * baseline_op - one step of the program: a line, a blank, a broken line or raw bytes
 * @b: the file and its model
 * @g: the program
 * @tree: the folder tree, whose paths the lines name now and then
 */
void baseline_op(struct baseline_model *b, struct program *g, const struct tree *tree)
{
	unsigned int op = byte(g) % 8;

	switch (op) {
	case 0: case 1: case 2: case 3: case 4:
		line(b, g, tree);
		break;
	case 5:
		text_str(&b->text, (const char *[]){ "", " ", "\t\r", "  \r" }[byte(g) % 4]);
		text_str(&b->text, "\n");
		break;
	case 6:
		broken_line(b, g);
		break;
	default:
		text_raw_line(&b->text, g, 48);
		b->known = false;
		break;
	}
}

/**
 * baseline_report_op - one run's JSON report (rvreplay --json): valid alone in its file
 * @b: the file and its model
 * @g: the program
 */
void baseline_report_op(struct baseline_model *b, struct program *g)
{
	unsigned int mask = byte(g), nr = byte(g) % 5;
	json_t *o = json_object(), *groups = json_array(), *trace = json_object();
	struct taken t = { .nr = nr };
	unsigned int style;
	char path[300];
	bool ok = true;

	line_path(g, NULL, path, sizeof(path));
	json_object_set_new(o, "rvreplay_version", json_string("0.1.0"));
	json_object_set_new(trace, "path", json_string(path));
	if (!(mask & 1))
		json_object_set_new(o, "trace", trace);
	else {
		json_decref(trace);
		ok = false;
	}
	json_object_set_new(o, "violations", json_array());
	for (unsigned int i = 0; i < nr; i++) {
		json_array_append_new(groups, group(g, &t.pick[i]));
		ok &= t.pick[i].ok;
	}
	if (!(mask & 2))
		json_object_set_new(o, "groups", groups);
	else {
		json_decref(groups);
		ok = false;
	}
	if (!(mask & 4))
		json_object_set_new(o, "summary", json_pack("{s:i}", "violations", 0));
	else
		ok = false;
	style = byte(g);
	extra_member(o, g, style >> 2 & 7);
	put_object(b, o, mask & 8, style);
	json_decref(o);
	b->objects++;
	b->report = true;
	if (!ok) {
		b->valid = false;
		return;
	}
	b->traces++;
	count_groups(b, basename_of(path), &t);
}
