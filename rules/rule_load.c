// SPDX-License-Identifier: GPL-2.0-only
/*
 * A rule read from its file: the specification and its bindings (the '#:'
 * lines, or else FILE.bind beside it), compiled into a monitor. A rule is
 * hostile input like a trace: bounded in size, and every error one line
 * with its position.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rule_monitor.h"

#define MAX_RULE_BYTES	(1 << 20)

/*
 * Lines ended by CR LF (a rule written on Windows) as by LF: the CR before
 * each LF goes, so every place in the rule is what an editor shows; a CR
 * anywhere else stays, and is refused as any control character.
 */
static void crlf_to_lf(char *text)
{
	char *to = text;

	for (const char *p = text; *p; p++)
		if (!(p[0] == '\r' && p[1] == '\n'))
			*to++ = *p;
	*to = '\0';
}

/* A whole text file, bounded; NULL with @err set. Opened without waiting: a FIFO is refused. */
static char *read_text(const char *path, char *err)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
	struct stat st;
	char *text = NULL;
	size_t n;

	if (fd >= 0 && !f)
		close(fd);
	if (!f) {
		snprintf(err, RULE_ERR_LEN, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
		snprintf(err, RULE_ERR_LEN, "%s: not a regular file", path);
		goto out;
	}
	if (st.st_size > MAX_RULE_BYTES) {
		snprintf(err, RULE_ERR_LEN, "%s: %lld bytes, more than a rule's limit of 1 MiB",
			 path, (long long)st.st_size);
		goto out;
	}
	text = malloc(st.st_size + 1);
	if (!text) {
		snprintf(err, RULE_ERR_LEN, "%s: out of memory", path);
		goto out;
	}
	n = fread(text, 1, st.st_size, f);
	text[n] = '\0';
	if (strlen(text) != n) {
		snprintf(err, RULE_ERR_LEN, "%s: a NUL byte: not a text file", path);
		free(text);
		text = NULL;
	} else {
		crlf_to_lf(text);
	}
out:
	fclose(f);
	return text;
}

/* FILE.ltl -> FILE.bind; NULL when out of memory. */
static char *bind_path(const char *path)
{
	const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
	size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - path) : strlen(path);
	char *p = malloc(stem + 6);

	if (p)
		sprintf(p, "%.*s.bind", (int)stem, path);
	return p;
}

/* The bindings: '#:' lines of the rule, or its .bind file. */
static int bindings(struct rule *r, char *err)
{
	char *other, *text;
	int ret;

	if (rule_bindings_parse(r->path, r->text, &r->b, err))
		return -1;
	if (r->b.nr || r->b.name)
		return 0;
	other = bind_path(r->path);
	if (!other)
		return snprintf(err, RULE_ERR_LEN, "out of memory"), -1;
	/* none: rule_monitor_make() says so, once the formula is known good */
	if (access(other, F_OK)) {
		free(other);
		return 0;
	}
	text = read_text(other, err);
	ret = text ? rule_bindings_parse(other, text, &r->b, err) : -1;
	free(text);
	free(other);
	return ret;
}

/*
 * An automaton's specification, not a formula's: a .dot file, or one whose
 * first word past its '#' lines and blanks is "digraph".
 */
static bool is_dot(const char *path, const char *text)
{
	size_t n = strlen(path);

	if (n > 4 && !strcmp(path + n - 4, ".dot"))
		return true;
	for (;;) {
		text += strspn(text, " \t\r\n");
		if (*text != '#')
			return !strncmp(text, "digraph", 7);
		text += strcspn(text, "\n");
	}
}

/* A rule with no binding at all: said once its formula is known good. */
static int none_bound(const struct rule *r, char *err)
{
	char *other;

	if (r->b.nr)
		return 0;
	other = bind_path(r->path);
	rule_error(err, (struct rule_pos){ r->path, 1, 1 }, "no bindings: no '#:' line says how "
		   "an atom comes from the trace, and there is no %s", other ? other : "FILE.bind");
	free(other);
	return -1;
}

/* The monitor's name: '#: monitor NAME', or the file's name without its extension, '-' as '_'. */
static int name_of(struct rule *r, char *err)
{
	const char *base = strrchr(r->path, '/') ? strrchr(r->path, '/') + 1 : r->path;

	if (!r->b.name) {
		r->b.name = strndup(base, strcspn(base, "."));
		if (!r->b.name)
			return snprintf(err, RULE_ERR_LEN, "out of memory"), -1;
		for (char *c = r->b.name; *c; c++)
			if (*c == '-')
				*c = '_';
		if (!rule_is_name(r->b.name))
			return rule_error(err, (struct rule_pos){ r->path, 1, 1 }, "'%s' is no "
					  "monitor name: give one with '#: monitor NAME' (a letter, "
					  "then letters, digits and '_')", r->b.name);
	}
	for (int i = 0; rv_monitor_list[i]; i++)
		if (!strcmp(rv_monitor_list[i]->name, r->b.name))
			return rule_error(err, (struct rule_pos){ r->path, 1, 1 }, "a built-in "
					  "monitor is named %s: give the rule another name with "
					  "'#: monitor NAME'", r->b.name);
	return 0;
}

/* The rules loaded, freed at exit: a command may end anywhere after its options. */
static struct rule *loaded[64];
static int nr_loaded;

static void free_loaded(void)
{
	while (nr_loaded)
		rule_free(&loaded[--nr_loaded]->m);
}

static void keep(struct rule *r)
{
	if (!nr_loaded)
		atexit(free_loaded);
	if (nr_loaded < (int)(sizeof(loaded) / sizeof(loaded[0])))
		loaded[nr_loaded++] = r;
}

/* Out of the loaded ones, when freed before the exit. */
static void forget(const struct rule *r)
{
	for (int i = 0; i < nr_loaded; i++)
		if (loaded[i] == r) {
			loaded[i] = loaded[--nr_loaded];
			return;
		}
}

/**
 * rule_load() - a rule compiled into a monitor
 * @path: its file
 * @err: RULE_ERR_LEN bytes: one line, "file:line:col: error: ..." where it has a place
 *
 * Return: the monitor, freed at the exit (or before it with rule_free()), or
 * NULL with @err set.
 */
const struct rv_monitor *rule_load(const char *path, char *err)
{
	struct rule *r = calloc(1, sizeof(*r));

	if (!r || !(r->path = strdup(path))) {
		free(r);
		snprintf(err, RULE_ERR_LEN, "out of memory");
		return NULL;
	}
	r->text = read_text(path, err);
	r->is_da = r->text && is_dot(path, r->text);
	if (!r->text || bindings(r, err) || name_of(r, err) ||
	    (r->is_da ? rule_da_compile(path, r->text, r->b.name, &r->da, err) :
	     rule_ltl_compile(path, r->text, r->b.name, &r->ltl, err)) || none_bound(r, err) ||
	    rule_monitor_make(r, err)) {
		rule_free(&r->m);
		return NULL;
	}
	keep(r);
	return &r->m;
}

bool rule_is(const struct rv_monitor *m)
{
	return m->container && !strcmp(m->container->name, "rules") && m->priv;
}

const char *rule_text(const struct rv_monitor *m)
{
	return ((const struct rule *)m->priv)->text;
}

void rule_free(const struct rv_monitor *m)
{
	struct rule *r;

	if (!m)
		return;
	r = (struct rule *)((const char *)m - offsetof(struct rule, m));
	forget(r);
	rule_ltl_free(&r->ltl);
	rule_da_free(&r->da);
	rule_bindings_free(&r->b);
	free(r->text);
	free(r->path);
	free(r);
}
