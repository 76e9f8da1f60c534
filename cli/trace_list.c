// SPDX-License-Identifier: GPL-2.0-only
/*
 * The traces a run replays (trace_list.h).
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "grow.h"
#include "trace_list.h"

static int push(struct trace_list *l, const char *path, char *err, size_t len)
{
	if (l->nr == TRACE_LIST_MAX) {
		snprintf(err, len, "more than %d traces", TRACE_LIST_MAX);
		return -1;
	}
	if (grow_room(&l->paths, l->nr, sizeof(*l->paths)) || !(l->paths[l->nr] = strdup(path))) {
		snprintf(err, len, "out of memory");
		return -1;
	}
	l->nr++;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_trace(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && !strcmp(name + n - 4, ".dat");
}

/* The *.dat files under @dir, each folder's sorted, folders searched down. */
static int add_dir(struct trace_list *l, const char *dir, int depth, char *err, size_t len)
{
	struct dirent **names;
	size_t dlen = strlen(dir);
	char path[4096];
	struct stat st;
	int n, ret = 0;

	if (depth > 32) {
		snprintf(err, len, "%s: folders nested more than 32 deep", dir);
		return -1;
	}
	n = scandir(dir, &names, NULL, alphasort);
	/* "traces/" joins as "traces/NAME" */
	while (dlen > 1 && dir[dlen - 1] == '/')
		dlen--;
	if (n < 0) {
		snprintf(err, len, "%s: %s", dir, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;

		if (!ret && name[0] != '.' &&
		    snprintf(path, sizeof(path), "%.*s/%s", (int)dlen, dir, name) < (int)sizeof(path) &&
		    !stat(path, &st)) {
			if (S_ISDIR(st.st_mode))
				ret = add_dir(l, path, depth + 1, err, len);
			else if (S_ISREG(st.st_mode) && is_trace(name))
				ret = push(l, path, err, len);
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

/**
 * trace_list_add() - a command-line argument: a trace, or a folder of them
 * @l: the list
 * @arg: the argument (a trace that cannot be opened is the replay's to say)
 * @err: what went wrong
 * @len: its size
 *
 * Return: 0, or -1 (a folder that cannot be read, memory).
 */
int trace_list_add(struct trace_list *l, const char *arg, char *err, size_t len)
{
	struct stat st;
	unsigned int before = l->nr;

	if (stat(arg, &st) || !S_ISDIR(st.st_mode))
		return push(l, arg, err, len);
	l->batch = true;
	if (add_dir(l, arg, 0, err, len))
		return -1;
	if (l->nr == before) {
		snprintf(err, len, "%s: no *.dat file in this folder", arg);
		return -1;
	}
	qsort(l->paths + before, l->nr - before, sizeof(*l->paths), by_name);
	return 0;
}

/**
 * trace_list_index() - the traces of an index file: one path a line
 * @l: the list
 * @file: the index (blank lines and lines starting with # are skipped)
 * @index: -1 for every trace, else only the one of this line (0 the first)
 * @err: what went wrong
 * @len: its size
 *
 * Return: 0, or -1 (unreadable, an index beyond it, memory).
 */
int trace_list_index(struct trace_list *l, const char *file, long index, char *err, size_t len)
{
	FILE *f = fopen(file, "r");
	char line[4096];
	long n = 0;
	int ret = 0;

	if (!f) {
		snprintf(err, len, "%s: %s", file, strerror(errno));
		return -1;
	}
	while (!ret && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		if (index < 0 || n == index)
			ret = push(l, line, err, len);
		n++;
	}
	fclose(f);
	if (!ret && index >= n) {
		snprintf(err, len, "%s: --index %ld, but it lists %ld trace%s (0 is the first)", file,
			 index, n, n == 1 ? "" : "s");
		return -1;
	}
	if (!ret && !n) {
		snprintf(err, len, "%s: lists no trace", file);
		return -1;
	}
	l->batch |= index < 0;
	return ret;
}

/**
 * trace_list_name() - what a trace's outputs are named after
 * @path: the trace
 * @buf: its file name without ".dat"
 * @len: its size
 *
 * Return: @buf.
 */
const char *trace_list_name(const char *path, char *buf, size_t len)
{
	const char *slash = strrchr(path, '/'), *name = slash ? slash + 1 : path;

	snprintf(buf, len, "%s", name);
	if (is_trace(buf))
		buf[strlen(buf) - 4] = '\0';
	return buf;
}

struct named {
	char		name[256];
	const char	*path;
};

static int by_output_name(const void *a, const void *b)
{
	return strcmp(((const struct named *)a)->name, ((const struct named *)b)->name);
}

/**
 * trace_list_same_names() - whether two traces would write the same outputs
 * @l: the list
 * @err: which two
 * @len: its size
 *
 * Return: 0 when every name is its own, else -1 (or memory).
 */
int trace_list_same_names(const struct trace_list *l, char *err, size_t len)
{
	struct named *n = calloc(l->nr + 1, sizeof(*n));
	int ret = 0;

	if (!n) {
		snprintf(err, len, "out of memory");
		return -1;
	}
	for (unsigned int i = 0; i < l->nr; i++) {
		trace_list_name(l->paths[i], n[i].name, sizeof(n[i].name));
		n[i].path = l->paths[i];
	}
	qsort(n, l->nr, sizeof(*n), by_output_name);
	for (unsigned int i = 1; i < l->nr && !ret; i++) {
		if (strcmp(n[i - 1].name, n[i].name))
			continue;
		snprintf(err, len, "%s and %s would write the same outputs (%s.*): rename one, or "
			 "run them apart", n[i - 1].path, n[i].path, n[i].name);
		ret = -1;
	}
	free(n);
	return ret;
}

void trace_list_free(struct trace_list *l)
{
	for (unsigned int i = 0; i < l->nr; i++)
		free(l->paths[i]);
	free(l->paths);
	memset(l, 0, sizeof(*l));
}
