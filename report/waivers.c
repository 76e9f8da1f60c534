// SPDX-License-Identifier: GPL-2.0-only
/*
 * Waivers of known violations (waivers.h): a strict reader of the TOML
 * subset they are written in, and the match of a verdict.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "grow.h"
#include "monitor.h"
#include "time_text.h"
#include "waivers.h"

#define MAX_WAIVERS	4096
#define MAX_LINE	4096

struct reader {
	const char	*path;
	unsigned int	nr;		/* the line's number */
	const char	*text;		/* the line */
	const char	*at;		/* where it is read */
	char		*err;
	size_t		errlen;
	char		line[MAX_LINE];	/* the line being read */
	const struct rv_monitor *const *rules;	/* the rules given (--spec): known monitors */
	int		nr_rules;
};

static int fail(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int fail(struct reader *r, const char *fmt, ...)
{
	size_t n = snprintf(r->err, r->errlen, "%s:%u:%ld: ", r->path, r->nr,
			    (long)(r->at - r->text) + 1);
	va_list ap;

	va_start(ap, fmt);
	if (n < r->errlen)
		vsnprintf(r->err + n, r->errlen - n, fmt, ap);
	va_end(ap);
	return -1;
}

static void blanks(struct reader *r)
{
	while (*r->at == ' ' || *r->at == '\t')
		r->at++;
}

/* The end of a line: nothing, or a comment. */
static int line_end(struct reader *r)
{
	blanks(r);
	if (*r->at && *r->at != '#' && *r->at != '\n')
		return fail(r, "unexpected '%c' after the value", *r->at);
	return 0;
}

/* "text": a basic string, with \" \\ \t \n escapes only. */
static int string_value(struct reader *r, char *out, size_t len)
{
	size_t n = 0;

	if (*r->at != '"')
		return fail(r, "expected a \"quoted string\"");
	for (r->at++; *r->at != '"'; r->at++) {
		char c = *r->at;

		if (!c || c == '\n')
			return fail(r, "the string is not closed");
		if ((unsigned char)c < 0x20)
			return fail(r, "a control character in a string");
		if (c == '\\') {
			r->at++;
			c = *r->at == 'n' ? '\n' : *r->at == 't' ? '\t' : *r->at;
			if (c != '"' && c != '\\' && c != '\n' && c != '\t')
				return fail(r, "unknown escape '\\%c' (\\\", \\\\, \\t, \\n)", *r->at);
		}
		if (n + 1 >= len)
			return fail(r, "the string is longer than %zu bytes", len - 1);
		out[n++] = c;
	}
	out[n] = '\0';
	r->at++;
	return 0;
}

static int pid_value(struct reader *r, int *pid)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(r->at, &end, 10);
	if (end == r->at || errno || v < 0 || v > 4194304)
		return fail(r, "expected a pid: an integer from 0 to 4194304");
	*pid = v;
	r->at = end;
	return 0;
}

static int days_in(int y, int m)
{
	static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	return m == 2 && ((y % 4 == 0 && y % 100) || y % 400 == 0) ? 29 : days[m - 1];
}

/* YYYY-MM-DD, digits where the pattern says, nothing else (no sign, no blank). */
static bool date_shaped(const char *at)
{
	for (int i = 0; i < 10; i++)
		if (i == 4 || i == 7 ? at[i] != '-' : !isdigit((unsigned char)at[i]))
			return false;
	return true;
}

/* YYYY-MM-DD, a TOML local date: one the calendar has */
static int date_value(struct reader *r, char *out)
{
	int y, m, d;

	if (!date_shaped(r->at) || sscanf(r->at, "%4d-%2d-%2d", &y, &m, &d) != 3 || m < 1 ||
	    m > 12 || d < 1 || d > 31)
		return fail(r, "expected a date: YYYY-MM-DD, unquoted");
	if (d > days_in(y, m))
		return fail(r, "%.10s is no day of the calendar (%04d-%02d has %d days)", r->at, y, m,
			    days_in(y, m));
	snprintf(out, 16, "%04d-%02d-%02d", y, m, d);
	r->at += 10;
	return 0;
}

static int time_value(struct reader *r, bool end, uint64_t *ns)
{
	char text[64];

	if (string_value(r, text, sizeof(text)))
		return -1;
	if (time_parse(text, end, ns))
		return fail(r, "'%s' is no time as trace-cmd report prints it (2372.172553)", text);
	return 0;
}

static const char *const keys[] = {
	"monitor", "comm", "reason", "detail", "pid", "from", "to", "trace", "why", "expires",
};

/* key = value, into @w. */
static int assignment(struct reader *r, struct waiver *w, unsigned int *seen)
{
	const char *key = r->at;
	size_t n = 0, k;

	while (isalnum((unsigned char)key[n]) || key[n] == '_')
		n++;
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		if (strlen(keys[k]) == n && !strncmp(key, keys[k], n))
			break;
	if (k == sizeof(keys) / sizeof(keys[0]))
		return fail(r, "unknown key '%.*s' (monitor, comm, reason, detail, pid, from, to, "
			    "trace, why, expires)", (int)(n ? n : 1), key);
	if (*seen & 1U << k)
		return fail(r, "'%s' given twice in this waiver", keys[k]);
	*seen |= 1U << k;
	r->at += n;
	blanks(r);
	if (*r->at != '=')
		return fail(r, "expected '=' after '%s'", keys[k]);
	r->at++;
	blanks(r);
	switch (k) {
	case 0: return string_value(r, w->monitor, sizeof(w->monitor));
	case 1: return string_value(r, w->comm, sizeof(w->comm));
	case 2: return string_value(r, w->reason, sizeof(w->reason));
	case 3: return string_value(r, w->detail, sizeof(w->detail));
	case 4: return pid_value(r, &w->pid);
	case 5: return time_value(r, false, &w->from);
	case 6: return time_value(r, true, &w->to);
	case 7: return string_value(r, w->trace, sizeof(w->trace));
	case 8: return string_value(r, w->why, sizeof(w->why));
	default: return date_value(r, w->expires);
	}
}

static struct waiver *new_waiver(struct waivers *ws, struct reader *r)
{
	struct waiver *w;

	if (ws->nr == MAX_WAIVERS) {
		fail(r, "more than %d waivers", MAX_WAIVERS);
		return NULL;
	}
	if (grow_room(&ws->list, ws->nr, sizeof(*ws->list))) {
		fail(r, "out of memory");
		return NULL;
	}
	w = &ws->list[ws->nr++];
	memset(w, 0, sizeof(*w));
	w->line = r->nr;
	w->pid = -1;
	w->to = UINT64_MAX;
	return w;
}

/* Whether @reason is the JSON reason class of some cause (explain_cause_key()). */
static bool known_reason(const char *reason)
{
	for (int c = 0; c <= CAUSE_OTHER; c++)
		if (!strcmp(reason, explain_cause_key(c)))
			return true;
	return false;
}

/* A built-in monitor, or one of the rules given (--spec). */
static bool known_monitor(const struct reader *r, const char *name)
{
	for (int i = 0; rv_monitor_list[i]; i++)
		if (!strcmp(rv_monitor_list[i]->name, name))
			return true;
	for (int i = 0; i < r->nr_rules; i++)
		if (!strcmp(r->rules[i]->name, name))
			return true;
	return false;
}

/*
 * Whether fnmatch() takes @p as the pattern it reads: every '[' of a
 * bracket expression closed. glibc matches an unclosed one literally, so a
 * mistyped "[a-" would silently waive nothing.
 */
static bool pattern_whole(const char *p)
{
	for (; *p; p++) {
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		if (*p != '[')
			continue;
		p++;
		if (*p == '!' || *p == '^')
			p++;
		if (*p == ']')
			p++;
		while (*p && *p != ']')
			p++;
		if (!*p)
			return false;
	}
	return true;
}

/* The required keys, a known reason class; @today decides expiry. */
static int complete(struct reader *r, struct waiver *w, unsigned int seen, const char *today)
{
	struct reader at = { .path = r->path, .err = r->err, .errlen = r->errlen };

	/* messages name the waiver's [[waiver]] line */
	at.nr = w->line;
	at.at = at.text = "";
	if (!(seen & 1U << 0) || !(seen & 1U << 1) || !(seen & 1U << 2) || !(seen & 1U << 8))
		return fail(&at, "a waiver needs monitor, comm, reason and why");
	if (!known_reason(w->reason))
		return fail(&at, "unknown reason '%s' (sleep_reason, waker, page_fault, start, "
			    "unexpected_event, constraint, other: the JSON reason)", w->reason);
	if (!known_monitor(r, w->monitor))
		return fail(&at, "unknown monitor '%s' (rvreplay list names them)", w->monitor);
	if (!pattern_whole(w->comm) || !pattern_whole(w->detail) || !pattern_whole(w->trace))
		return fail(&at, "a pattern with a '[' never closed (comm '%s', detail '%s', "
			    "trace '%s')", w->comm, w->detail, w->trace);
	if (w->from > w->to)
		return fail(&at, "'from' is after 'to'");
	w->expired = w->expires[0] && strcmp(w->expires, today) < 0;
	return 0;
}

static int read_lines(FILE *f, struct reader *r, struct waivers *ws, const char *today)
{
	char *line = r->line;
	struct waiver *w = NULL;
	unsigned int seen = 0;

	for (r->nr = 1; fgets(line, MAX_LINE, f); r->nr++) {
		size_t n = strlen(line);

		/* a UTF-8 byte order mark, and CRLF line ends, as editors write them */
		if (r->nr == 1 && !strncmp(line, "\xef\xbb\xbf", 3))
			memmove(line, line + 3, (n -= 3) + 1);
		if (n >= 2 && line[n - 2] == '\r' && line[n - 1] == '\n')
			memcpy(line + n - 2, "\n", 2);
		r->text = r->at = line;
		if (!strchr(line, '\n') && !feof(f))
			return fail(r, "a line longer than %d bytes", MAX_LINE - 1);
		blanks(r);
		if (!*r->at || *r->at == '#' || *r->at == '\n')
			continue;
		if (!strncmp(r->at, "[[waiver]]", 10)) {
			if (w && complete(r, w, seen, today))
				return -1;
			r->text = r->at = line;
			w = new_waiver(ws, r);
			seen = 0;
			r->at = strstr(line, "]]") + 2;
			if (!w || line_end(r))
				return -1;
			continue;
		}
		if (!w)
			return fail(r, "expected [[waiver]] before a key");
		if (assignment(r, w, &seen) || line_end(r))
			return -1;
	}
	r->nr--;
	r->text = r->at = "";
	/* a folder, a disk error: never read as a file of no waiver */
	if (ferror(f))
		return snprintf(r->err, r->errlen, "%s: cannot read: %s", r->path, strerror(errno)), -1;
	if (w)
		return complete(r, w, seen, today);
	return 0;
}

/**
 * waivers_load() - read a waiver file
 * @path: the file
 * @today: YYYY-MM-DD: waivers that expired before it are not applied
 * @rules: the rules given (--spec), monitors a waiver may name too
 * @nr_rules: how many
 * @w: filled; free with waivers_free()
 * @err: "FILE:LINE:COLUMN: what is wrong" on failure
 * @len: size of @err
 *
 * Return: 0, or -1 with @err set.
 */
int waivers_load(const char *path, const char *today, const struct rv_monitor *const *rules,
		 int nr_rules, struct waivers *w, char *err, size_t len)
{
	struct reader *r = calloc(1, sizeof(*r));
	FILE *f = fopen(path, "re");
	int ret;

	memset(w, 0, sizeof(*w));
	if (!f || !r) {
		snprintf(err, len, "%s: cannot read: %s", path, f ? "out of memory" : strerror(errno));
		if (f)
			fclose(f);
		free(r);
		return -1;
	}
	*r = (struct reader){ .path = path, .err = err, .errlen = len, .text = "", .at = "",
			      .rules = rules, .nr_rules = nr_rules };
	w->path = strdup(path);
	ret = w->path ? read_lines(f, r, w, today) : -1;
	fclose(f);
	free(r);
	if (ret)
		waivers_free(w);
	return ret;
}

static bool matches(const char *pattern, const char *text)
{
	return !pattern[0] || !fnmatch(pattern, text, 0);
}

/**
 * waivers_match() - the waiver that waives a violation, if any
 * @ws: the waivers
 * @v: the violation
 * @comm: its task's last comm
 * @detail: its reason_detail (explain_reason())
 * @trace: the trace's path
 *
 * Expired waivers are not applied. The first that matches counts it.
 *
 * Return: the waiver, or NULL.
 */
struct waiver *waivers_match(struct waivers *ws, const struct verdict *v, const char *comm,
			     const char *detail, const char *trace)
{
	for (unsigned int i = 0; ws && i < ws->nr; i++) {
		struct waiver *w = &ws->list[i];

		if (w->expired || strcmp(w->monitor, v->monitor->name) ||
		    fnmatch(w->comm, comm, 0) || strcmp(w->reason, explain_cause_key(v->cause)) ||
		    !matches(w->detail, detail) || (w->pid >= 0 && w->pid != v->pid) ||
		    v->ts < w->from || v->ts > w->to || !matches(w->trace, trace))
			continue;
		w->matched++;
		return w;
	}
	return NULL;
}

void waivers_free(struct waivers *w)
{
	free(w->path);
	free(w->list);
	memset(w, 0, sizeof(*w));
}
