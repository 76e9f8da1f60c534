// SPDX-License-Identifier: GPL-2.0-only
/*
 * A baseline read from its file a member at a time (baseline.h): one
 * run's report, or a batch's JSON Lines. Only what a comparison needs is
 * kept: each object's trace, summary and identity, and its groups, summed
 * per key as they are read; a report's violations, statistics and
 * coverage are checked and passed over. Memory follows the keys, never
 * the file's size.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "json_scan.h"

#define KEY_LEN		256

/* The members kept, parsed; any other is checked and passed over. */
static const char *const object_members[] = {
	"trace", "summary", "path", "key", "alone", "exit_code", "error", NULL,
};
static const char *const group_members[] = {
	"monitor", "comm", "reason", "count", "waived", NULL,
};

static bool kept(const char *const *members, const char *name)
{
	for (; *members; members++)
		if (!strcmp(name, *members))
			return true;
	return false;
}

/* The text json_scan_value() kept, as Jansson reads it. */
static json_t *parsed(struct json_scan *s, char *err, size_t len)
{
	json_error_t e;
	json_t *v = json_loadb(s->text, s->len, JSON_DECODE_ANY, &e);

	if (!v)
		snprintf(err, len, "invalid JSON: %s", e.text);
	return v;
}

/*
 * A member's name, its escapes read as JSON reads them ("\u0070ath" is
 * "path"); a name too long for @name is none of those kept.
 */
static int member_name(struct json_scan *s, char *name, size_t len)
{
	char quoted[KEY_LEN + 2];
	json_t *v;

	if (json_scan_key(s, name, len))
		return -1;
	if (!strchr(name, '\\'))
		return 0;
	snprintf(quoted, sizeof(quoted), "\"%s\"", name);
	v = json_loadb(quoted, strlen(quoted), JSON_DECODE_ANY, NULL);
	snprintf(name, len, "%s", json_string_value(v) ? json_string_value(v) : "");
	json_decref(v);
	return 0;
}

/* A value kept and parsed into @into as @name, or checked and passed over. */
static int read_value(struct json_scan *s, json_t *into, const char *name, bool keep, char *err,
		      size_t len)
{
	json_t *v;

	if (json_scan_value(s, keep))
		return -1;
	/* passed over: its presence still says what the object is (a report's violations) */
	v = keep ? parsed(s, err, len) : json_null();
	return v ? json_object_set_new(into, name, v) : -1;
}

/* What is done with a member of an object: its name read, its value next. */
typedef int (*member_fn)(struct json_scan *s, const char *name, void *data, char *err,
			 size_t len);

/* An object, from its '{' to its '}': each member to @member. */
static int read_members(struct json_scan *s, member_fn member, void *data, char *err, size_t len)
{
	char name[KEY_LEN];

	if (json_scan_expect(s, '{'))
		return -1;
	if (json_scan_peek(s) == '}')
		return json_scan_expect(s, '}');
	for (;;) {
		if (member_name(s, name, sizeof(name)) || json_scan_expect(s, ':') ||
		    member(s, name, data, err, len))
			return -1;
		if (json_scan_peek(s) != ',')
			return json_scan_expect(s, '}');
		json_scan_expect(s, ',');
	}
}

static int group_member(struct json_scan *s, const char *name, void *group, char *err,
			size_t len)
{
	return read_value(s, group, name, kept(group_members, name), err, len);
}

/* A group: its keyed members only (its first and worst violations passed over). */
static json_t *read_group(struct json_scan *s, char *err, size_t len)
{
	json_t *g;

	if (json_scan_peek(s) != '{')
		return json_scan_value(s, true) ? NULL : parsed(s, err, len);
	g = json_object();
	if (g && read_members(s, group_member, g, err, len)) {
		json_decref(g);
		return NULL;
	}
	return g;
}

/* A "groups" array, a group at a time, each keyed into @o->groups. */
static int read_groups(struct json_scan *s, struct baseline_object *o, char *err, size_t len)
{
	char msg[BASELINE_ERR_LEN];
	size_t i = 0;
	json_t *g;
	int c;

	if (o->groups_array)
		return snprintf(err, len, "a second 'groups' member"), -1;
	if (json_scan_expect(s, '['))
		return -1;
	o->groups_array = true;
	if (json_scan_peek(s) == ']')
		return json_scan_expect(s, ']');
	do {
		g = read_group(s, err, len);
		if (!g)
			return -1;
		i++;
		if (baseline_add_group(&o->groups, g, msg, sizeof(msg))) {
			json_decref(g);
			return snprintf(err, len, "group %zu: %.400s", i, msg), -1;
		}
		json_decref(g);
		c = json_scan_peek(s);
	} while (c == ',' && !json_scan_expect(s, ','));
	return json_scan_expect(s, ']');
}

/* One member's value: groups keyed, the kept ones parsed, the others only checked. */
static int object_member(struct json_scan *s, const char *name, void *object, char *err,
			 size_t len)
{
	struct baseline_object *o = object;

	if (!strcmp(name, "groups") && json_scan_peek(s) == '[')
		return read_groups(s, o, err, len);
	return read_value(s, o->fields, name, kept(object_members, name) ||
			  !strcmp(name, "groups"), err, len);
}

/* One object, from its '{' to its '}'. */
static int read_object(struct json_scan *s, struct baseline_object *o, char *err, size_t len)
{
	err[0] = '\0';
	return read_members(s, object_member, o, err, len);
}

/*
 * "line N: " before what is wrong, but for a single report (the first
 * object, not a line of JSON Lines), whose own words say where.
 */
static void said(const struct baseline *b, const struct baseline_object *o, bool line,
		 const char *what, char *err, size_t len)
{
	if (line || b->kind == BASELINE_LINES || json_object_get(o->fields, "exit_code"))
		snprintf(err, len, "line %u: %s", o->line, what);
	else
		snprintf(err, len, "%s", what);
}

/* Not JSON: where a line of JSON Lines begins, or where a report breaks. */
static void broken(const struct baseline *b, const struct baseline_object *o,
		   const struct json_scan *s, char *err, size_t len)
{
	bool a_line = b->kind == BASELINE_LINES || json_object_get(o->fields, "exit_code");

	if (a_line && s->line != o->line)
		snprintf(err, len, "line %u: invalid JSON: %s (line %u)", o->line, s->error,
			 s->line);
	else
		snprintf(err, len, "line %u: invalid JSON: %s", a_line ? o->line : s->line,
			 s->error);
}

/*
 * The next object of the file into @b; 1 at the end of the file. A trace
 * of this run's own lines (@numbered false) is not named by a line.
 */
static int load_object(struct json_scan *s, struct baseline *b, bool numbered, char *err,
		       size_t len)
{
	struct baseline_object o = { 0 };
	char msg[BASELINE_ERR_LEN] = "";
	int c = json_scan_peek(s), ret = -1;

	if (c == EOF)
		return 1;
	o.line = numbered ? s->line : 0;
	if (c != '{')
		return snprintf(err, len, "line %u: not a JSON object", o.line), -1;
	o.fields = json_object();
	if (!o.fields)
		return snprintf(err, len, "out of memory"), -1;
	if (read_object(s, &o, msg, sizeof(msg))) {
		if (msg[0])
			said(b, &o, false, msg, err, len);
		else
			broken(b, &o, s, err, len);
	} else if (b->kind == BASELINE_LINES && !json_object_get(o.fields, "exit_code")) {
		said(b, &o, true, "not a line of rvreplay's JSON Lines: no 'exit_code'", err, len);
	} else if (baseline_add_object(b, &o, msg, sizeof(msg))) {
		said(b, &o, b->kind != BASELINE_EMPTY, msg, err, len);
	} else {
		ret = 0;
	}
	json_decref(o.fields);
	baseline_free(&o.groups);
	return ret;
}

static int load_file(FILE *f, struct baseline *b, bool numbered, char *err, size_t len)
{
	struct json_scan s;
	int ret;

	json_scan_init(&s, f);
	if (json_scan_peek(&s) == EOF) {
		json_scan_release(&s);
		return snprintf(err, len, "empty: neither a JSON report nor JSON Lines"), -1;
	}
	while (!(ret = load_object(&s, b, numbered, err, len)))
		;
	json_scan_release(&s);
	if (ret > 0 && ferror(f))
		return snprintf(err, len, "cannot read: %s", strerror(errno)), -1;
	return ret > 0 ? 0 : -1;
}

/**
 * baseline_add_lines() - add what a stream of JSON Lines says (this run's
 *	own lines), read a member at a time as a file is
 * @b: the baseline, added to
 * @f: the lines
 * @err: what is wrong
 * @len: size of @err
 *
 * Return: 0, or -1 with @err set; @b then holds what was added before.
 */
int baseline_add_lines(struct baseline *b, FILE *f, char *err, size_t len)
{
	return load_file(f, b, false, err, len);
}

/**
 * baseline_load() - the keys of a JSON report file, or of a JSON Lines file
 * @path: the file: one run's rvreplay --json report, or a batch's JSON
 *	  Lines (one object per line, blank lines skipped)
 * @b: filled; free with baseline_free()
 * @err: what is wrong, with the line when there is one ("line 3: not a JSON
 *	 object"); the caller names the file
 * @len: size of @err
 *
 * Return: 0, or -1 with @err set (@b is then freed).
 */
int baseline_load(const char *path, struct baseline *b, char *err, size_t len)
{
	FILE *f = fopen(path, "re");
	int ret;

	memset(b, 0, sizeof(*b));
	if (!f)
		return snprintf(err, len, "cannot read: %s", strerror(errno)), -1;
	ret = load_file(f, b, true, err, len);
	fclose(f);
	if (!ret)
		ret = baseline_unique(b, err, len);
	if (!ret)
		baseline_make_single(b);
	if (ret)
		baseline_free(b);
	return ret;
}
