// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet harness's checks of trace lists (fleet_check.h): an index file
 * read by its own rules (every line, one line, files no index is), and a
 * folder tree scanned: every file of every real folder once, keys that are
 * the paths under the folder, an index of the folder's traces keyed alike.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fleet_check.h"
#include "trace_list.h"

/* ---- the index */

/* The index's rules (trace_list.h), apart from its code: each line, or the first wrong one. */
struct index_model {
	long		nr;		/* traces listed */
	long		bad_line;	/* 0, or the line that is too long or holds a NUL */
	bool		nul;
	const char	**start;	/* each trace's text and length */
	size_t		*len;
};

static void index_model(const struct text *t, struct index_model *m)
{
	size_t at = 0;
	long line = 0;

	memset(m, 0, sizeof(*m));
	m->start = calloc(t->len + 1, sizeof(*m->start));
	m->len = calloc(t->len + 1, sizeof(*m->len));
	if (!m->start || !m->len)
		abort();
	while (at < t->len) {
		size_t n = 0, keep;

		line++;
		for (; at + n < t->len && t->p[at + n] != '\n'; n++) {
			if (!t->p[at + n] || n == 4095) {
				m->bad_line = line;
				m->nul = !t->p[at + n];
				return;
			}
		}
		keep = strcspn(t->p + at, "\r\n");
		if (keep > n)
			keep = n;
		if (keep && t->p[at] != '#') {
			m->start[m->nr] = t->p + at;
			m->len[m->nr++] = keep;
		}
		at += n + 1;
	}
}

/* A line's length without its trailing slashes: a folder's "d/" is "d". */
static size_t trimmed(const char *path)
{
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	return n;
}

/**
 * fleet_common_folder - the deepest folder holding every trace an index lists
 * @paths: the traces (docs/fleet.md)
 * @nr: their number
 *
 * Returns the length of their common leading text, cut after its last '/'.
 */
size_t fleet_common_folder(const char *const *paths, long nr)
{
	size_t n = nr ? trimmed(paths[0]) : 0;

	for (long i = 1; i < nr; i++) {
		size_t k = 0, most = trimmed(paths[i]);

		while (k < n && k < most && paths[i][k] == paths[0][k])
			k++;
		n = k;
	}
	while (n && paths[0][n - 1] != '/')
		n--;
	return n;
}

/**
 * fleet_index_key - a trace's key in an index
 * @path: the trace's line
 * @common: the length of the index's common folder (fleet_common_folder())
 *
 * Returns its path under their common folder, "./" left out; the whole line
 * when nothing is left of it ("/", "./").
 */
const char *fleet_index_key(const char *path, size_t common)
{
	const char *key = path + common;

	while (starts_with(key, "./"))
		key += 2;
	/* a line that is all common folder ("/", "./"): its whole self */
	return *key ? key : path;
}

/* Each line's key, by the common folder of all the lines (of one chosen too). */
static void index_keys(const struct trace_list *l, const struct index_model *m)
{
	const char **all = calloc(m->nr + 1, sizeof(*all));
	size_t common;

	if (!all)
		abort();
	for (long i = 0; i < m->nr; i++)
		if (!(all[i] = strndup(m->start[i], m->len[i])))
			abort();
	common = fleet_common_folder(all, m->nr);
	for (unsigned int i = 0; i < l->nr; i++) {
		const char *want = fleet_index_key(l->paths[i], common);

		CHECK(!strcmp(l->keys[i], want), "index trace %s keyed '%s', not '%s'", l->paths[i],
		      l->keys[i], want);
		CHECK(*want, "index line %s keyed ''", l->paths[i]);
	}
	for (long i = 0; i < m->nr; i++)
		free((char *)all[i]);
	free(all);
}

static void index_once(const struct index_model *m, long want)
{
	struct trace_list l = { 0 };
	char err[ERR_LEN] = "", says[64];
	int ret = trace_list_index(&l, fleet_files.index, want, err, sizeof(err));

	if (m->bad_line) {
		snprintf(says, sizeof(says), ": line %ld is %s", m->bad_line,
			 m->nul ? "not" : "longer");
		CHECK(ret && strstr(err, says), "index line %ld (%s) not refused: %s", m->bad_line,
		      m->nul ? "a NUL" : "too long", ret ? err : "taken");
	} else if (want >= m->nr || !m->nr) {
		CHECK(ret, "--index %ld of an index of %ld traces taken", want, m->nr);
	} else {
		CHECK(!ret, "an index of %ld traces refused (--index %ld): %s", m->nr, want, err);
		CHECK(l.nr == (want < 0 ? (unsigned long)m->nr : 1), "%u traces of an index of %ld",
		      l.nr, m->nr);
		for (unsigned int i = 0; i < l.nr; i++) {
			long k = want < 0 ? (long)i : want;

			CHECK(strlen(l.paths[i]) == m->len[k] &&
			      !memcmp(l.paths[i], m->start[k], m->len[k]),
			      "index trace %ld read as '%s'", k, l.paths[i]);
		}
		CHECK(l.batch == (want < 0), "a whole index not a batch, or one line a batch");
		index_keys(&l, m);
	}
	CHECK(!ret || err[0], "an index refused without a word");
	trace_list_free(&l);
}

/* Files no index is: refused, each. */
static void odd_indexes(void)
{
	const char *const odd[] = { "/dev/zero", fleet_files.base, "/nonexistent/index" };
	struct trace_list l = { 0 };
	char err[ERR_LEN];

	for (size_t i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		CHECK(trace_list_index(&l, odd[i], -1, err, sizeof(err)), "%s taken for an index",
		      odd[i]);
		trace_list_free(&l);
	}
}

/**
 * fleet_check_index - the index file read by its own rules
 * @f: the run: its index, and the --index line to read alone
 */
void fleet_check_index(const struct fleet *f)
{
	struct index_model m;

	index_model(&f->index, &m);
	index_once(&m, -1);
	if (f->index_n >= 0)
		index_once(&m, f->index_n % (m.nr + 2));
	if (f->flags & 0x20)
		odd_indexes();
	free(m.start);
	free(m.len);
}

/* ---- the folder tree */

/**
 * fleet_folder_arg - the folder as the command line names it
 * @f: the run: its tree, and how to name it (flags bits 2-3)
 * @out: set to the name: absolute or relative, with slashes after
 * @len: @out's size
 */
void fleet_folder_arg(const struct fleet *f, char *out, size_t len)
{
	static const char *const ends[] = { "", "/", "//" };
	unsigned int form = f->flags >> 2 & 3;

	if (form == 3)
		snprintf(out, len, "%s", f->tree.rel_root);
	else
		snprintf(out, len, "%s%s", f->tree.root, ends[form]);
}

static int by_file(const void *a, const void *b)
{
	const struct file_id *x = a, *y = b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* The files listed from @from on, against the model's, each stat()ed. */
static void same_files(const struct trace_list *l, unsigned int from, struct scan_model *m)
{
	struct file_id got[TREE_NODES];
	unsigned int n = 0;
	struct stat st;

	for (unsigned int i = from; i < l->nr; i++) {
		CHECK(!stat(l->paths[i], &st) && S_ISREG(st.st_mode), "%s listed: no file",
		      l->paths[i]);
		CHECK(n < TREE_NODES, "more files listed than the tree has nodes");
		got[n++] = (struct file_id){ st.st_dev, st.st_ino };
	}
	qsort(got, n, sizeof(got[0]), by_file);
	qsort(m->files, m->nr, sizeof(m->files[0]), by_file);
	CHECK(n == m->nr, "%u files listed, the tree has %u (a folder missed or searched twice)", n,
	      m->nr);
	for (unsigned int i = 0; i < n; i++)
		CHECK(!by_file(&got[i], &m->files[i]), "a file listed that the tree has not");
}

/* What holds of any list: sorted, each key the path under the folder named. */
static void list_shape(const struct trace_list *l, unsigned int from, const char *arg)
{
	size_t under = strlen(arg);

	while (under > 1 && arg[under - 1] == '/')
		under--;
	for (unsigned int i = from; i < l->nr; i++) {
		CHECK(!strncmp(l->paths[i], arg, under) && l->paths[i][under] == '/',
		      "%s listed, not under %s", l->paths[i], arg);
		CHECK(i == from || strcmp(l->paths[i - 1], l->paths[i]) < 0, "%s listed after %s",
		      l->paths[i], l->paths[i - 1]);
		CHECK(!strcmp(l->keys[i], l->paths[i] + under + 1), "%s keyed '%s', not its "
		      "path under %s", l->paths[i], l->keys[i], arg);
	}
}

/*
 * The folder's traces listed in an index, as a Slurm array's is: keyed as
 * the folder's run keys them (docs/fleet.md), the path under the folder.
 */
static void index_of_folder(const struct trace_list *folder, const char *arg)
{
	struct trace_list l = { 0 };
	struct text t = { 0 };
	char err[ERR_LEN];
	size_t under = strlen(arg);

	while (under > 1 && arg[under - 1] == '/')
		under--;
	for (unsigned int i = 0; i < folder->nr; i++) {
		/* a name with a line end or CR is no line of an index */
		if (strpbrk(folder->paths[i], "\r\n"))
			return text_free(&t);
		text_str(&t, folder->paths[i]);
		text_str(&t, "\n");
	}
	CHECK(!text_write(&t, fleet_files.scan_index), "cannot write %s", fleet_files.scan_index);
	text_free(&t);
	CHECK(!trace_list_index(&l, fleet_files.scan_index, -1, err, sizeof(err)), "an index of a "
	      "folder's traces refused: %s", err);
	for (unsigned int i = 0; i < l.nr; i++) {
		if (!strcmp(l.keys[i], l.paths[i] + under + 1))
			continue;
		/*
		 * all in one subfolder: the index's common folder is that one, as
		 * documented (docs/fleet.md: a one-board night keys by the board's)
		 */
		if (fleet_common_folder((const char *const *)l.paths, l.nr) <= under + 1)
			fleet_fail("%s keyed '%s' in an index of its folder's traces, not as the "
			     "folder's run keys it", l.paths[i], l.keys[i]);
	}
	trace_list_free(&l);
}

/* Two keys alike, by the list's own keys: what trace_list_same_keys() must say. */
static bool keys_repeat(const struct trace_list *l)
{
	for (unsigned int i = 0; i < l->nr; i++)
		for (unsigned int j = i + 1; j < l->nr; j++)
			if (!strcmp(l->keys[i], l->keys[j]))
				return true;
	return false;
}

/**
 * fleet_check_scan - the folder named scanned, now and then a folder under it as well
 * @f: the run: its tree and the tree's model
 */
void fleet_check_scan(const struct fleet *f)
{
	struct scan_model *m = calloc(1, sizeof(*m));
	struct trace_list l = { 0 };
	char err[ERR_LEN] = "", arg[1024], sub[4096];
	unsigned int before;
	int ret;

	if (!m)
		abort();
	tree_model(&f->tree, m);
	fleet_folder_arg(f, arg, sizeof(arg));
	ret = trace_list_add(&l, arg, err, sizeof(err));
	if (m->must_fail) {
		CHECK(ret, "a dangling link or a loop of links passed over in silence");
	} else if (m->known && m->reached <= 32 &&
		   strlen(arg) + (m->reached + 1) * (m->max_name + 1) < 4000) {
		CHECK(ret || m->nr, "a folder of no trace taken");
		CHECK(!ret || !m->nr, "a folder of %u traces refused: %s", m->nr, err);
	}
	CHECK(!ret || err[0], "a folder refused without a word");
	if (!ret) {
		CHECK(l.batch, "a folder not a batch");
		CHECK(l.nr <= m->max_traces, "%u traces listed of %u names: a folder searched "
		      "twice", l.nr, m->max_traces);
		if (!m->must_fail && m->known)
			same_files(&l, 0, m);
		list_shape(&l, 0, arg);
		index_of_folder(&l, arg);
	}
	/* a second folder: its keys start under it, and may repeat the first's */
	before = l.nr;
	for (int i = 1; !ret && f->flags & 0x10 && i < f->tree.nr; i++) {
		if (f->tree.node[i].kind != NODE_DIR)
			continue;
		snprintf(sub, sizeof(sub), "%s", f->tree.node[i].path);
		if (!trace_list_add(&l, sub, err, sizeof(err)))
			list_shape(&l, before, sub);
		CHECK(!trace_list_same_keys(&l, err, sizeof(err)) == !keys_repeat(&l),
		      "trace_list_same_keys() and the keys disagree");
		break;
	}
	trace_list_free(&l);
	free(m);
}

