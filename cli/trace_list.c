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

#include "baseline.h"
#include "grow.h"
#include "key_index.h"
#include "trace_list.h"

/* The traces from @from on, keyed by their paths from @key_at on ("./" left out). */
static void key_from(struct trace_list *l, unsigned int from, size_t key_at)
{
	for (unsigned int i = from; i < l->nr; i++) {
		l->keys[i] = l->paths[i] + key_at;
		while (!strncmp(l->keys[i], "./", 2))
			l->keys[i] += 2;
		/* "/" or "./", all of it the common folder: keyed by the whole line */
		if (!l->keys[i][0])
			l->keys[i] = l->paths[i];
	}
}

/* @path, keyed by its part from @key_at on ("./" left out). */
static int push(struct trace_list *l, const char *path, size_t key_at, char *err, size_t len)
{
	if (l->nr == TRACE_LIST_MAX) {
		snprintf(err, len, "more than %d traces", TRACE_LIST_MAX);
		return -1;
	}
	if (grow_room(&l->paths, l->nr, sizeof(*l->paths)) ||
	    grow_room(&l->keys, l->nr, sizeof(*l->keys)) || !(l->paths[l->nr] = strdup(path))) {
		snprintf(err, len, "out of memory");
		return -1;
	}
	l->nr++;
	key_from(l, l->nr - 1, key_at);
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

/* The real folders a scan has visited, by device and inode: each once. */
struct folders_seen {
	struct folder_id { dev_t dev; ino_t ino; } *ids;
	unsigned int		nr;
	struct key_index	index;
};

static bool same_folder(unsigned int element, const void *key, const void *data)
{
	const struct folder_id *a = &((const struct folders_seen *)data)->ids[element], *b = key;

	return a->dev == b->dev && a->ino == b->ino;
}

/* Whether the folder was seen before; it is, after. Return: 1 seen, 0 not, -1 memory. */
static int seen_before(struct folders_seen *f, const struct stat *st)
{
	struct folder_id id = { st->st_dev, st->st_ino };
	uint64_t hash = key_hash(&id, sizeof(id), 0);

	if (key_index_find(&f->index, hash, same_folder, &id, f) >= 0)
		return 1;
	if (grow_room(&f->ids, f->nr, sizeof(*f->ids)) || key_index_add(&f->index, hash, f->nr))
		return -1;
	f->ids[f->nr++] = id;
	return 0;
}

struct scan {
	struct trace_list	*l;
	size_t			key_at;		/* where a path under the folder named starts */
	struct folders_seen	seen;
	char			*err;
	size_t			len;
};

static int add_dir(struct scan *s, const char *dir, const struct stat *dst, int depth);

/* One name of a folder: a folder to search, a trace, or neither. */
static int add_entry(struct scan *s, const char *dir, size_t dlen, const char *name, int depth)
{
	char path[4096];
	struct stat st;

	if (snprintf(path, sizeof(path), "%.*s/%s", (int)dlen, dir, name) >= (int)sizeof(path)) {
		snprintf(s->err, s->len, "%.*s.../%.64s: a path longer than %zu bytes",
			 (int)(dlen < 160 ? dlen : 160), dir, name, sizeof(path) - 1);
		return -1;
	}
	if (stat(path, &st)) {
		/* what cannot be examined may be a trace: never skipped in silence */
		snprintf(s->err, s->len, "%s: cannot be examined: %s%s", path, strerror(errno),
			 errno == ENOENT ? " (a dangling symbolic link)" : "");
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return add_dir(s, path, &st, depth + 1);
	if (S_ISREG(st.st_mode) && is_trace(name))
		return push(s->l, path, s->key_at, s->err, s->len);
	return 0;
}

/*
 * The *.dat files under @dir, each folder's sorted, folders searched down;
 * a real folder once, however many links lead to it (two links a level
 * would make the walk exponential).
 */
static int add_dir(struct scan *s, const char *dir, const struct stat *dst, int depth)
{
	struct dirent **names;
	size_t dlen = strlen(dir);
	int n, ret;

	if (depth > 32) {
		snprintf(s->err, s->len, "%.160s%s: folders nested more than 32 deep", dir,
			 strlen(dir) > 160 ? "..." : "");
		return -1;
	}
	ret = seen_before(&s->seen, dst);
	if (ret)
		return ret < 0 ? (snprintf(s->err, s->len, "out of memory"), -1) : 0;
	n = scandir(dir, &names, NULL, alphasort);
	/* "traces/" joins as "traces/NAME" */
	while (dlen > 1 && dir[dlen - 1] == '/')
		dlen--;
	if (n < 0) {
		snprintf(s->err, s->len, "%s: %s", dir, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		if (!ret && names[i]->d_name[0] != '.')
			ret = add_entry(s, dir, dlen, names[i]->d_name, depth);
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
 * Return: 0, or -1 (a folder that cannot be read, a name in one that cannot
 * be examined, a path too long, memory).
 */
int trace_list_add(struct trace_list *l, const char *arg, char *err, size_t len)
{
	struct stat st;
	unsigned int before = l->nr;
	struct scan scan;
	int ret;

	if (stat(arg, &st) || !S_ISDIR(st.st_mode))
		return push(l, arg, 0, err, len);
	l->batch = true;
	scan = (struct scan){ .l = l, .key_at = strlen(arg), .err = err, .len = len };
	/* as add_dir() joins them: the key starts after "traces/", given so or not */
	while (scan.key_at > 1 && arg[scan.key_at - 1] == '/')
		scan.key_at--;
	scan.key_at++;
	ret = add_dir(&scan, arg, &st, 0);
	free(scan.seen.ids);
	key_index_free(&scan.seen.index);
	if (ret)
		return -1;
	if (l->nr == before) {
		snprintf(err, len, "%s: no *.dat file in this folder", arg);
		return -1;
	}
	qsort(l->paths + before, l->nr - before, sizeof(*l->paths), by_name);
	/* each its own key again: the sort moved the paths, not the keys */
	key_from(l, before, scan.key_at);
	return 0;
}

/*
 * The next line of an index, without its end: 1, 0 at the end, -1 when it
 * is longer than @len - 1 bytes, -2 when it holds a NUL (/dev/zero is no
 * index: a read of it never ends a line).
 */
static int index_line(FILE *f, char *line, size_t len)
{
	size_t n = 0;
	int c;

	while ((c = getc(f)) != EOF && c != '\n') {
		if (!c)
			return -2;
		if (n == len - 1)
			return -1;
		line[n++] = c;
	}
	line[n] = '\0';
	return n || c == '\n' ? 1 : 0;
}

/* @common cut to the folder part it shares with @path ("" when none). */
static void common_folder(char *common, bool *first, const char *path)
{
	size_t n = 0, end = strlen(path);
	char *slash;

	/* a folder's line ("board1/") is keyed by its name, never "" */
	while (end > 1 && path[end - 1] == '/')
		end--;
	if (*first) {
		snprintf(common, 4096, "%.*s", (int)end, path);
		*first = false;
	} else {
		while (n < end && common[n] && common[n] == path[n])
			n++;
		common[n] = '\0';
	}
	slash = strrchr(common, '/');
	if (slash)
		slash[1] = '\0';
	else
		common[0] = '\0';
}


/**
 * trace_list_index() - the traces of an index file: one path a line
 * @l: the list
 * @file: the index (blank lines and lines starting with # are skipped)
 * @index: -1 for every trace, else only the one of this line (0 the first)
 * @err: what went wrong
 * @len: its size
 *
 * Each trace is keyed by its path under the deepest folder that holds
 * every trace listed, whichever one is chosen, as a run on that folder
 * keys it (/nightly/board1/trace.dat among /nightly/board2/trace.dat...:
 * "board1/trace.dat"), so that the tasks of an array and a local batch
 * compare.
 *
 * Return: 0, or -1 (unreadable, an index beyond it, memory).
 */
int trace_list_index(struct trace_list *l, const char *file, long index, char *err, size_t len)
{
	FILE *f = fopen(file, "r");
	char line[4096], common[4096] = "";
	unsigned int from = l->nr;
	long n = 0, lines = 0;
	int ret = 0, got = 0;
	bool first = true;

	if (!f) {
		snprintf(err, len, "%s: %s", file, strerror(errno));
		return -1;
	}
	while (!ret && (got = index_line(f, line, sizeof(line))) > 0) {
		lines++;
		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		common_folder(common, &first, line);
		if (index < 0 || n == index)
			ret = push(l, line, 0, err, len);
		n++;
	}
	/* a folder, a disk error: never "lists no trace" */
	if (!ret && ferror(f)) {
		snprintf(err, len, "%s: cannot read: %s", file, strerror(errno));
		ret = -1;
	}
	fclose(f);
	if (!ret && got < 0) {
		snprintf(err, len, "%s: line %ld is %s", file, lines + 1,
			 got == -1 ? "longer than 4095 bytes" : "not text (it holds a NUL byte)");
		return -1;
	}
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
	l->indexed |= index >= 0;
	if (!ret)
		key_from(l, from, strlen(common));
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

static const char *list_key(const void *data, unsigned int i)
{
	return ((const struct trace_list *)data)->keys[i];
}

/**
 * trace_list_same_keys() - whether two traces have one key (a baseline would mix them)
 * @l: the list
 * @err: which key, and two of its paths
 * @len: its size
 *
 * Return: 0 when every key is its own, else -1 (or memory).
 */
int trace_list_same_keys(const struct trace_list *l, char *err, size_t len)
{
	unsigned int i, k;
	int ret = baseline_key_repeat(list_key, l, l->nr, &i, &k);

	if (ret < 0) {
		snprintf(err, len, "out of memory");
		return -1;
	}
	if (!ret)
		return 0;
	snprintf(err, len, "two traces are keyed '%.300s' (their path under the folder "
		 "named): a baseline would take them for one; name their folders apart",
		 l->keys[k]);
	return -1;
}

void trace_list_free(struct trace_list *l)
{
	for (unsigned int i = 0; i < l->nr; i++)
		free(l->paths[i]);
	free(l->paths);
	free(l->keys);
	memset(l, 0, sizeof(*l));
}
