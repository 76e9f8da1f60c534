// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet harness's files of text (fleet.h): a waiver file written line
 * by line with what waivers_load() must make of it, an index file, and
 * JSON Lines baselines with what baseline_load() must make of them. Each
 * generator writes mostly what the reader accepts, so that the fuzzer
 * reaches past the first check, and now and then one defect whose effect
 * the model knows (the line of the error, or "refused").
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "escape.h"
#include "fleet.h"
#include "monitor.h"

/* ---- text buffers */

void text_put(struct text *t, const void *data, size_t len)
{
	if (t->len + len + 1 > t->cap) {
		size_t cap = t->cap ? t->cap : 256;

		while (cap < t->len + len + 1)
			cap *= 2;
		t->p = realloc(t->p, cap);
		if (!t->p)
			abort();
		t->cap = cap;
	}
	memcpy(t->p + t->len, data, len);
	t->len += len;
	t->p[t->len] = '\0';
}

void text_str(struct text *t, const char *s)
{
	text_put(t, s, strlen(s));
}

void text_free(struct text *t)
{
	free(t->p);
	memset(t, 0, sizeof(*t));
}

int text_write(const struct text *t, const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	ssize_t n = 0;

	if (fd < 0)
		return -1;
	if (t->len)
		n = write(fd, t->p, t->len);
	close(fd);
	return n == (ssize_t)t->len ? 0 : -1;
}

/* ---- names */

/*
 * Names a CI's folders hold, and names that break naive code: a newline,
 * a backslash-n that escapes alike, bytes that are not UTF-8, a terminal's
 * escape, a CI runner's command, a glob, a leading dash.
 */
static const char *const name_table[] = {
	"a", "b", "b-x", "b.d", "board1", "x y", "-n", "*", "[a", "a\\nb", "a\nb",
	"\xff\xfe", "\xc3\xa9t\xc3\xa9", "..x", "\x1b]2;t\a", "##[x", "::e::", "A", "b.dat.d",
	"tr\tab",
};

#define NR_NAMES	(sizeof(name_table) / sizeof(name_table[0]))

/* Up to 255 bytes (a file name's limit), never '/', never NUL, never "." or "..". */
void fleet_name(struct program *g, char *out, size_t len)
{
	unsigned int kind = byte(g) % 24, n;
	size_t i;

	if (kind < NR_NAMES) {
		snprintf(out, len, "%s", name_table[kind]);
	} else if (kind == 20) {
		snprintf(out, len, ".%s", name_table[byte(g) % NR_NAMES]);
	} else if (kind == 21) {
		n = byte(g) % 12 + 1;
		for (i = 0; i < n && i + 1 < len; i++) {
			out[i] = byte(g);
			if (out[i] == '/' || !out[i])
				out[i] = '_';
		}
		out[i] = '\0';
	} else if (kind == 22) {
		/* long: paths near PATH_MAX after a few folders */
		n = 100 + byte(g) % 156;
		for (i = 0; i < n && i + 1 < len; i++)
			out[i] = 'L';
		out[i] = '\0';
	} else {
		snprintf(out, len, "t%u", byte(g));
	}
	if (!strcmp(out, ".") || !strcmp(out, ".."))
		snprintf(out, len, "dot");
}

/* ---- the waiver file */

/* A fnmatch pattern, a text it matches, and whether every '[' of it closes. */
struct pattern {
	const char	*text;
	const char	*sample;
	bool		whole;
};

static const struct pattern patterns[] = {
	{ "*", "anything", true },
	{ "mutex*", "mutex_inversion", true },
	{ "a?c", "abc", true },
	{ "[a-z]*", "q9", true },
	{ "[!x]y", "zy", true },
	{ "[]]", "]", true },
	{ "[^a]", "b", true },
	{ "\\[x", "[x", true },
	{ "x\\]", "x]", true },
	{ "[!]]", "a", true },
	{ "*/nightly/*", "ci/nightly/t.dat", true },
	{ "[a-", NULL, false },
	{ "[", NULL, false },
	{ "a[b", NULL, false },
	{ "[]", NULL, false },
	{ "[!", NULL, false },
};

#define NR_PATTERNS	(sizeof(patterns) / sizeof(patterns[0]))

/* A time as trace-cmd prints it, and the nanoseconds it stands for, from and to. */
struct time_case {
	const char	*text;
	bool		valid;
	uint64_t	from, to;
};

static const struct time_case times[] = {
	{ "0", true, 0, 499 },
	{ "1", true, 999999500, 1000000499 },
	{ "4983.40", true, 4983399999500ULL, 4983400000499ULL },
	{ "4983.400000001", true, 4983400000001ULL, 4983400000001ULL },
	{ "2.5", true, 2499999500ULL, 2500000499ULL },
	{ "18446744073", true, 18446744072999999500ULL, 18446744073000000499ULL },
	{ "18446744073.709551", true, 18446744073709550500ULL, 18446744073709551499ULL },
	{ "18446744073.709552", false, 0, 0 },
	{ "abc", false, 0, 0 },
	{ "", false, 0, 0 },
	{ "1.1234567891", false, 0, 0 },
	{ "-1", false, 0, 0 },
	{ "1e3", false, 0, 0 },
};

#define NR_TIMES	(sizeof(times) / sizeof(times[0]))

/* Dates as written; the valid ones are what the reader keeps. */
struct date_case {
	const char	*text;
	bool		valid;
	bool		lax;		/* refused by the docs, taken by the code: a bug */
};

static const struct date_case dates[] = {
	{ "2027-03-31", true, false }, { "2024-02-29", true, false },
	{ "2000-02-29", true, false }, { "0000-02-29", true, false },
	{ "9999-12-31", true, false }, { "2026-06-14", true, false },
	{ "2026-06-15", true, false }, { "2026-06-16", true, false },
	{ "2023-02-29", false, false }, { "1900-02-29", false, false },
	{ "2027-13-01", false, false }, { "2027-00-10", false, false },
	{ "2027-1-01", false, false }, { "\"2027-03-31\"", false, false },
	{ "2027-03-32", false, false }, { "2027-04-31", false, false },
	{ "2027-03-3", false, false }, { "-001-03-31", false, false },
	{ "2027-03-31x", false, false }, { "2027- 3-31", false, true },
	{ "+027-03-31", false, true },
};

#define NR_DATES	(sizeof(dates) / sizeof(dates[0]))

static const char *const reasons[] = { "sleep_reason", "waker", "page_fault", "start", "other" };

enum field {
	F_MONITOR, F_COMM, F_REASON, F_DETAIL, F_PID, F_FROM, F_TO, F_TRACE, F_WHY, F_EXPIRES,
	NR_FIELDS
};

static const char *const field_keys[NR_FIELDS] = {
	"monitor", "comm", "reason", "detail", "pid", "from", "to", "trace", "why", "expires",
};

/* A line of the waiver file, with its end (CRLF when the file uses them). */
/* A line of up to @most - 1 bytes of the program's, whatever they are. */
static void raw_line(struct text *t, struct program *g, unsigned int most)
{
	unsigned int n = byte(g) % most;

	for (unsigned int i = 0; i < n; i++) {
		char c = byte(g);

		text_put(t, &c, 1);
	}
	text_str(t, "\n");
}

static void waiver_line(struct waiver_model *w, const char *s)
{
	text_str(&w->text, s);
	text_str(&w->text, w->crlf ? "\r\n" : "\n");
	w->line++;
	/* fgets() of 4096 bytes: a longer line is refused, and the model no longer knows */
	if (strlen(s) + 2 >= 4094)
		w->known = false;
}

static void note_error(struct waiver_model *w, unsigned int line)
{
	if (!w->first_error)
		w->first_error = line;
}

/* The block open ends: refused now if it was bad, at its [[waiver]] line. */
static void close_block(struct waiver_model *w)
{
	if (w->open && w->open_bad)
		note_error(w, w->open_line);
	w->open = false;
}

void waiver_begin(struct waiver_model *w, bool bom, bool crlf)
{
	memset(w, 0, sizeof(*w));
	w->known = true;
	w->crlf = crlf;
	if (bom)
		text_str(&w->text, "\xef\xbb\xbf");
}

void waiver_end(struct waiver_model *w)
{
	close_block(w);
}

/* @s as a TOML basic string: the four escapes the reader knows. */
static void toml_quote(const char *s, char *out, size_t len)
{
	size_t k = 0;

	out[k++] = '"';
	for (; *s && k + 3 < len; s++) {
		if (*s == '"' || *s == '\\')
			out[k++] = '\\', out[k++] = *s;
		else if (*s == '\n')
			out[k++] = '\\', out[k++] = 'n';
		else if (*s == '\t')
			out[k++] = '\\', out[k++] = 't';
		else
			out[k++] = *s;
	}
	out[k++] = '"';
	out[k] = '\0';
}

/*
 * Text from the program, up to 279 bytes (now and then past the 255 a
 * waiver keeps), in @out: control bytes the reader refuses mapped away,
 * and for a pattern the glob's specials too, so that the text is its own
 * sample; as a TOML string in @toml. Return: its length.
 */
static size_t literal(struct program *g, bool pattern, char *toml, size_t tlen, char *out)
{
	unsigned int n = byte(g);
	size_t o = 0;

	n = n < 240 ? n % 40 : 240 + n % 40;
	for (unsigned int i = 0; i < n; i++) {
		unsigned char c = byte(g);

		if (c < 0x20 && c != '\n' && c != '\t')
			c = '.';
		if (pattern && (c == '*' || c == '?' || c == '[' || c == '\\'))
			c = '_';
		out[o++] = c;
	}
	out[o] = '\0';
	toml_quote(out, toml, tlen);
	return o;
}

/* A pattern field: a glob of the table, or literal text. Return: whether it is whole. */
static bool pattern_value(struct program *g, char *toml, size_t tlen, char *out,
			  const char **sample, bool *too_long)
{
	unsigned int pick = byte(g);

	*too_long = false;
	if (pick % 2) {
		const struct pattern *p = &patterns[pick / 2 % NR_PATTERNS];

		snprintf(out, 300, "%s", p->text);
		toml_quote(out, toml, tlen);
		*sample = p->sample;
		return p->whole;
	}
	*too_long = literal(g, true, toml, tlen, out) > 255;
	*sample = out;
	return true;
}

/* Values that no field takes: the reader must say so at their line. */
static const char *const bad_strings[] = {
	"\"a\\qb\"", "\"open", "'single'", "unquoted", "\"\x01\"", "\"a\"\"b\"",
};

struct block {
	struct wanted_waiver	*want;
	struct waiver_model	*w;
	bool			bad;		/* refused at its end */
	bool			seen[NR_FIELDS];
};

/* One key = value line; a field-level defect is an error at this line. */
static void field_line(struct block *b, struct program *g, enum field f, bool defect)
{
	static const char *const pads[] = { "", " ", "\t", "  " };
	static const char *const trails[] = { "", " ", " # why", "#c", "\t" };
	char value[700] = "", line[1500], scratch[300];
	struct wanted_waiver *ww = b->want;
	bool field_bad = false, too_long = false;
	const struct time_case *tc;
	unsigned int pick = byte(g), look[4];

	switch (f) {
	case F_MONITOR: {
		int nr = 0;

		while (rv_monitor_list[nr])
			nr++;
		if (pick < 200) {
			snprintf(ww->monitor, sizeof(ww->monitor), "%s",
				 rv_monitor_list[pick % nr]->name);
		} else {
			static const char *const odd[] = { "nosuch", "Sleep", "sleep ", "" };

			snprintf(ww->monitor, sizeof(ww->monitor), "%s", odd[pick % 4]);
			b->bad = true;	/* unknown monitor */
		}
		snprintf(value, sizeof(value), "\"%s\"", ww->monitor);
		break;
	}
	case F_REASON:
		if (pick < 220) {
			snprintf(ww->reason, sizeof(ww->reason), "%s", reasons[pick % 5]);
		} else {
			snprintf(ww->reason, sizeof(ww->reason), "%s",
				 pick % 2 ? "Waker" : "sleep");
			b->bad = true;
		}
		snprintf(value, sizeof(value), "\"%s\"", ww->reason);
		break;
	case F_COMM:
		b->bad |= !pattern_value(g, value, sizeof(value), ww->comm, &ww->comm_sample,
					 &too_long);
		break;
	case F_DETAIL:
		b->bad |= !pattern_value(g, value, sizeof(value), ww->detail, &ww->detail_sample,
					 &too_long);
		break;
	case F_TRACE:
		b->bad |= !pattern_value(g, value, sizeof(value), ww->trace, &ww->trace_sample,
					 &too_long);
		break;
	case F_WHY:
		too_long = literal(g, false, value, sizeof(value), ww->why) > 255;
		break;
	case F_PID:
		if (pick < 200) {
			unsigned int mid = byte(g), high = byte(g);

			ww->pid = (pick | mid << 8 | high << 16) % 4194305;
			snprintf(value, sizeof(value), "%d", ww->pid);
		} else {
			static const char *const odd[] = { "-1", "4194305", "\"7\"",
							   "99999999999999999999", "", "0x10" };

			snprintf(value, sizeof(value), "%s", odd[pick % 6]);
			field_bad = true;
		}
		break;
	case F_FROM:
	case F_TO:
		tc = &times[pick % NR_TIMES];
		snprintf(value, sizeof(value), "\"%s\"", tc->text);
		field_bad = !tc->valid;
		if (f == F_FROM)
			ww->from = tc->from;
		else
			ww->to = tc->to;
		break;
	case F_EXPIRES: {
		const struct date_case *d = &dates[pick % NR_DATES];

		snprintf(value, sizeof(value), "%s", d->text);
		snprintf(ww->expires, sizeof(ww->expires), "%s", d->text);
		field_bad = !d->valid;
		b->w->lax_date |= d->lax;
		break;
	}
	default:
		break;
	}
	field_bad |= too_long;
	if (defect) {
		/* a string field's value replaced by one no reader takes */
		snprintf(scratch, sizeof(scratch), "%s", bad_strings[byte(g) % 6]);
		snprintf(value, sizeof(value), "%s", scratch);
		field_bad = true;
	}
	/* one byte at a time: the order of a call's arguments is the compiler's */
	for (int i = 0; i < 4; i++)
		look[i] = byte(g);
	snprintf(line, sizeof(line), "%s%s%s=%s%s%s", pads[look[0] % 4], field_keys[f],
		 pads[look[1] % 4], pads[look[2] % 4], value, trails[look[3] % 5]);
	if (b->seen[f])
		field_bad = true;	/* given twice */
	b->seen[f] = true;
	waiver_line(b->w, line);
	if (field_bad)
		note_error(b->w, b->w->line);
}

/* A line no waiver has: an unknown key, no '=', junk after a value. */
static void bad_line(struct block *b, struct program *g)
{
	static const char *const lines[] = {
		"name = \"x\"", "why \"no equals\"", "why = \"x\" y", "monitor = \"sleep\",",
		"[waiver]", "= \"x\"",
	};

	waiver_line(b->w, lines[byte(g) % 6]);
	note_error(b->w, b->w->line);
}

static void header_line(struct waiver_model *w, struct program *g)
{
	static const char *const forms[] = { "[[waiver]]", "[[waiver]]", "  [[waiver]]  # note",
					     "[[waiver]]\t", "[[waiver]] x", "[[waiver]]]" };
	unsigned int form = byte(g) % 6;

	/* the reader ends the block before it reads the rest of this line */
	close_block(w);
	waiver_line(w, forms[form]);
	if (form >= 4)
		note_error(w, w->line);
}

static bool required(enum field f)
{
	return f == F_MONITOR || f == F_COMM || f == F_REASON || f == F_WHY;
}

/* A [[waiver]] block: the required keys, some optional ones, in any order, maybe one defect. */
static void block(struct waiver_model *w, struct program *g)
{
	struct wanted_waiver scratch;
	struct block b = { .w = w };
	unsigned int mask = byte(g), first = byte(g) % NR_FIELDS, defect = byte(g);
	int drop = -1, bad_value = -1;

	header_line(w, g);
	b.want = w->nr < MAX_WANTED ? &w->want[w->nr] : &scratch;
	memset(b.want, 0, sizeof(*b.want));
	b.want->line = w->line;
	b.want->pid = -1;
	b.want->to = UINT64_MAX;
	if (w->nr >= MAX_WANTED)
		w->known = false;
	w->nr++;
	/* one defect in about one block of three */
	if (defect >= 168) {
		if (defect % 4 == 0)
			drop = (int[]){ F_MONITOR, F_COMM, F_REASON, F_WHY }[defect / 4 % 4];
		else if (defect % 4 == 1)
			bad_value = defect / 4 % NR_FIELDS;
	}
	for (unsigned int i = 0; i < NR_FIELDS; i++) {
		enum field f = (first + i) % NR_FIELDS;

		if ((int)f == drop || (!required(f) && !(mask & 1U << (f % 8))))
			continue;
		field_line(&b, g, f, (int)f == bad_value);
		if (defect >= 168 && defect % 4 == 2 && i == 1)
			field_line(&b, g, f, false);	/* the same key twice */
	}
	if (defect >= 168 && defect % 4 == 3)
		bad_line(&b, g);
	if (drop >= 0 || (b.want->from > b.want->to))
		b.bad = true;
	w->open = true;
	w->open_bad = b.bad;
	w->open_line = b.want->line;
}

void waiver_op(struct waiver_model *w, struct program *g)
{
	char buf[300], toml[700];
	unsigned int op = byte(g) % 8;

	switch (op) {
	case 0: case 1: case 2: case 3:
		block(w, g);
		break;
	case 4:
		literal(g, false, toml, sizeof(toml), buf + 2);
		memcpy(buf, "# ", 2);
		/* a comment holds anything but a line end */
		for (char *p = buf; *p; p++)
			if (*p == '\n' || *p == '\r')
				*p = ' ';
		waiver_line(w, buf);
		break;
	case 5:
		waiver_line(w, (const char *[]){ "", "  ", "\t", " # c" }[byte(g) % 4]);
		break;
	default:
		/* raw bytes: the model no longer follows */
		raw_line(&w->text, g, 64);
		w->known = false;
		break;
	}
}

/* ---- the index file */

/*
 * A line of an index: a path of the tree (as it is, with a CR end, with
 * blanks first, with a '/' after), a comment, a blank line, lines at the 4095-byte limit, a
 * NUL, a CR inside, raw bytes.
 */
void index_op(struct text *t, struct program *g, const struct tree *tree)
{
	char buf[4200];
	unsigned int op = byte(g) % 12, n;

	switch (op) {
	case 0: case 1: case 2: case 3:
		n = byte(g) % 5;
		if (n == 3)
			text_str(t, "  ");
		text_str(t, tree_pick(tree, g, buf, sizeof(buf)));
		if (n == 2)
			text_str(t, "\r");
		if (n == 4)
			text_str(t, "/");
		break;
	case 4:
		text_str(t, "# ");
		text_str(t, tree_pick(tree, g, buf, sizeof(buf)));
		break;
	case 5:
		text_str(t, (const char *[]){ "", "   ", "\r", "#" }[byte(g) % 4]);
		break;
	case 6:
		n = 4090 + byte(g) % 12;
		memset(buf, 'x', n);
		text_put(t, buf, n);
		break;
	case 7:
		text_put(t, "a\0b", 3);
		break;
	case 8:
		text_str(t, "a\rb");
		break;
	default:
		n = byte(g) % 32;
		for (unsigned int i = 0; i < n; i++)
			buf[i] = byte(g);
		text_put(t, buf, n);
		break;
	}
	text_str(t, "\n");
}

/* ---- the baselines */

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
		raw_line(&b->text, g, 48);
		b->known = false;
		break;
	}
}

/* One run's JSON report (rvreplay --json): valid alone in its file. */
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
