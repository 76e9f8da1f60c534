// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet harness's waiver file (fleet.h): written line by line with
 * what waivers_load() must make of it. It writes mostly what the reader
 * accepts, so that the fuzzer reaches past the first check, and now and
 * then one defect whose effect the model knows (the line of the error).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet.h"
#include "monitor.h"

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

/**
 * waiver_begin - an empty waiver file, and a model that knows it
 * @w: the file and its model
 * @bom: the file starts with a UTF-8 byte order mark
 * @crlf: its lines end with CRLF
 */
void waiver_begin(struct waiver_model *w, bool bom, bool crlf)
{
	memset(w, 0, sizeof(*w));
	w->known = true;
	w->crlf = crlf;
	if (bom)
		text_str(&w->text, "\xef\xbb\xbf");
}

/**
 * waiver_end - the file ends: a block still open is judged
 * @w: the file and its model
 */
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

/* The monitor's name: one of the list, now and then one the reader does not know. */
static void monitor_value(struct block *b, unsigned int pick, char *value, size_t len)
{
	struct wanted_waiver *ww = b->want;
	int nr = 0;

	while (rv_monitor_list[nr])
		nr++;
	if (pick < 200) {
		snprintf(ww->monitor, sizeof(ww->monitor), "%s", rv_monitor_list[pick % nr]->name);
	} else {
		static const char *const odd[] = { "nosuch", "Sleep", "sleep ", "" };

		snprintf(ww->monitor, sizeof(ww->monitor), "%s", odd[pick % 4]);
		b->bad = true;	/* unknown monitor */
	}
	snprintf(value, len, "\"%s\"", ww->monitor);
}

/* A reason of the list, now and then one the reader does not know. */
static void reason_value(struct block *b, unsigned int pick, char *value, size_t len)
{
	struct wanted_waiver *ww = b->want;

	if (pick < 220) {
		snprintf(ww->reason, sizeof(ww->reason), "%s", reasons[pick % 5]);
	} else {
		snprintf(ww->reason, sizeof(ww->reason), "%s", pick % 2 ? "Waker" : "sleep");
		b->bad = true;
	}
	snprintf(value, len, "\"%s\"", ww->reason);
}

/* A pid, or now and then one out of range. Return: whether the reader refuses it. */
static bool pid_value(struct wanted_waiver *ww, struct program *g, unsigned int pick,
		      char *value, size_t len)
{
	static const char *const odd[] = { "-1", "4194305", "\"7\"", "99999999999999999999", "",
					   "0x10" };
	unsigned int mid, high;

	if (pick >= 200) {
		snprintf(value, len, "%s", odd[pick % 6]);
		return true;
	}
	mid = byte(g);
	high = byte(g);
	ww->pid = (pick | mid << 8 | high << 16) % 4194305;
	snprintf(value, len, "%d", ww->pid);
	return false;
}

/* 'from' or 'to', a time of the table. Return: whether the reader refuses it. */
static bool time_value(struct wanted_waiver *ww, enum field f, unsigned int pick, char *value,
		       size_t len)
{
	const struct time_case *tc = &times[pick % NR_TIMES];

	snprintf(value, len, "\"%s\"", tc->text);
	if (f == F_FROM)
		ww->from = tc->from;
	else
		ww->to = tc->to;
	return !tc->valid;
}

/* A date of the table. Return: whether the reader refuses it. */
static bool date_value(struct block *b, unsigned int pick, char *value, size_t len)
{
	const struct date_case *d = &dates[pick % NR_DATES];

	snprintf(value, len, "%s", d->text);
	snprintf(b->want->expires, sizeof(b->want->expires), "%s", d->text);
	b->w->lax_date |= d->lax;
	return !d->valid;
}

/*
 * Field @f's value, as the file writes it, in @value; what it means in
 * the block's waiver. Return: whether the reader refuses it at its line.
 */
static bool field_value(struct block *b, struct program *g, enum field f, unsigned int pick,
			char *value, size_t len)
{
	struct wanted_waiver *ww = b->want;
	bool too_long = false;

	switch (f) {
	case F_MONITOR:
		monitor_value(b, pick, value, len);
		break;
	case F_REASON:
		reason_value(b, pick, value, len);
		break;
	case F_COMM:
		b->bad |= !pattern_value(g, value, len, ww->comm, &ww->comm_sample, &too_long);
		break;
	case F_DETAIL:
		b->bad |= !pattern_value(g, value, len, ww->detail, &ww->detail_sample, &too_long);
		break;
	case F_TRACE:
		b->bad |= !pattern_value(g, value, len, ww->trace, &ww->trace_sample, &too_long);
		break;
	case F_WHY:
		too_long = literal(g, false, value, len, ww->why) > 255;
		break;
	case F_PID:
		return pid_value(ww, g, pick, value, len);
	case F_FROM:
	case F_TO:
		return time_value(ww, f, pick, value, len);
	case F_EXPIRES:
		return date_value(b, pick, value, len);
	default:
		break;
	}
	return too_long;
}

/* One key = value line; a field-level defect is an error at this line. */
static void field_line(struct block *b, struct program *g, enum field f, bool defect)
{
	static const char *const pads[] = { "", " ", "\t", "  " };
	static const char *const trails[] = { "", " ", " # why", "#c", "\t" };
	char value[700] = "", line[1500], scratch[300];
	unsigned int pick = byte(g), look[4];
	bool field_bad = field_value(b, g, f, pick, value, sizeof(value));

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

/**
 * waiver_op - one step of the program: a block, a comment, a blank line or raw bytes
 * @w: the file and its model
 * @g: the program
 */
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
		text_raw_line(&w->text, g, 64);
		w->known = false;
		break;
	}
}

