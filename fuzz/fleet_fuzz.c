// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness of what a CI hands rvreplay besides one trace: a
 * waiver file, an index file, JSON Lines baselines and a folder tree of
 * traces. The input is a program (fleet.h) that builds them in a folder
 * of its own under /tmp, each with a model of what the code must make of
 * it; the harness then calls the real code in this process:
 *
 *   waivers_load(), waivers_match()		the file as the model wrote it,
 *						or refused at the model's line
 *   trace_list_index()			every line, one line, odd files
 *   trace_list_add(), trace_list_same_keys()	every file of every real folder
 *						once, keys that are the paths'
 *   baseline_load(), _resolve_single(),	the model's traces, keys, counts;
 *   _compare(), _print(), _json()		compared with itself nothing new
 *						or fixed, counts kept, JSON
 *						counts not negative
 *   cmd_compare()				the exit code the comparison gives
 *   cmd_replay() of a batch (now and then)	errors exit 2; its JSON Lines
 *						keyed right, loadable as a baseline
 *
 * and after each run, no file left in the folder, no descriptor left open.
 *
 * Program (every missing byte reads as 0):
 *   flags more (op args...)*
 *   flags: bit 0 a BOM and bit 1 CRLF in the waivers, bits 2-3 how the
 *	folder is named, bit 4 a second folder, bit 5 odd files as the
 *	index and waivers, bits 5-7 all set: the command too (a batch: its
 *	children replay, one such run costs as a hundred others)
 *   more: bit 0 the index's last line without its end, bits 1-2 compare's
 *	option (--json, -q, an unknown one), bits 3-6 the command's options,
 *	bit 7 the command on the index, not the folder
 *   op % 16: 0-5 the tree, 6-8 the waivers, 9-10 the index, 11-12 a line
 *	of baseline A, 13 of B, 14 a single report, 15 the --index line
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "baseline.h"
#include "cmd.h"
#include "escape.h"
#include "explain.h"
#include "fleet.h"
#include "monitor.h"
#include "trace_list.h"
#include "verdict.h"
#include "waivers.h"

#define TEMPLATE	"traces/mutex-pi.dat"
#define TODAY		"2026-06-15"
#define MAX_TRACES	6	/* traces a command may list: each is a child */
#define MAX_REPLAYS	2	/* of them, ones that get far in a replay (~0.1 s each) */
#define ERR_LEN		8192

struct fleet {
	unsigned int		flags, more;
	long			index_n;
	struct tree		tree;
	struct waiver_model	waivers;
	struct text		index;
	struct baseline_model	a, b;
};

/* The files of a run, in its folder. */
static char base[64], waivers_path[128], index_path[128], a_path[128], b_path[128];
static char out_path[128], out_dir[128], scan_index_path[128];
static char *trace;
static size_t trace_len;
static FILE *say;	/* stderr as it was before libFuzzer's -close_fd_mask=2 */

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void fail(const char *fmt, ...)
{
	va_list ap;

	fputs("fleet_fuzz: property broken: ", say);
	va_start(ap, fmt);
	vfprintf(say, fmt, ap);
	va_end(ap);
	fputc('\n', say);
	fflush(say);
	/* RVREPLAY_FLEET_KEEP keeps the files for a reproducer, not the folder left here */
	remove_all(base);
	abort();
}

#define CHECK(cond, ...)	do { if (!(cond)) fail(__VA_ARGS__); } while (0)

/* ---- the program */

static void decode(struct fleet *f, struct program *g)
{
	f->flags = byte(g);
	f->more = byte(g);
	f->index_n = -1;
	if (tree_init(&f->tree, base))
		fail("cannot make %s/tree: %s", base, strerror(errno));
	waiver_begin(&f->waivers, f->flags & 1, f->flags & 2);
	f->a.known = f->a.valid = f->b.known = f->b.valid = true;
	while (g->left) {
		unsigned int op = byte(g) % 16;

		if (op <= 5)
			tree_op(&f->tree, g, trace, trace_len);
		else if (op <= 8)
			waiver_op(&f->waivers, g);
		else if (op <= 10)
			index_op(&f->index, g, &f->tree);
		else if (op <= 12)
			baseline_op(&f->a, g, &f->tree);
		else if (op == 13)
			baseline_op(&f->b, g, &f->tree);
		else if (op == 14)
			baseline_report_op(byte(g) & 1 ? &f->a : &f->b, g);
		else
			f->index_n = byte(g);
	}
	waiver_end(&f->waivers);
	if (f->more & 1 && f->index.len && f->index.p[f->index.len - 1] == '\n')
		f->index.p[--f->index.len] = '\0';
}

static void write_files(const struct fleet *f)
{
	if (text_write(&f->waivers.text, waivers_path) || text_write(&f->index, index_path) ||
	    text_write(&f->a.text, a_path) || text_write(&f->b.text, b_path))
		fail("cannot write the files of the run in %s: %s", base, strerror(errno));
}

/* ---- waivers */

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static void same_waiver(const struct waiver *got, const struct wanted_waiver *w)
{
	CHECK(got->line == w->line, "waiver of line %u read at line %u", w->line, got->line);
	CHECK(!strcmp(got->monitor, w->monitor) && !strcmp(got->reason, w->reason),
	      "line %u: monitor/reason '%s'/'%s' read as '%s'/'%s'", w->line, w->monitor,
	      w->reason, got->monitor, got->reason);
	CHECK(!strcmp(got->comm, w->comm) && !strcmp(got->detail, w->detail) &&
	      !strcmp(got->trace, w->trace) && !strcmp(got->why, w->why),
	      "line %u: a string read otherwise than written: comm '%s', why '%s'", w->line,
	      got->comm, got->why);
	CHECK(got->pid == w->pid && got->from == w->from && got->to == w->to,
	      "line %u: pid %d from %llu to %llu read as %d %llu %llu", w->line, w->pid,
	      (unsigned long long)w->from, (unsigned long long)w->to, got->pid,
	      (unsigned long long)got->from, (unsigned long long)got->to);
	CHECK(!strcmp(got->expires, w->expires), "line %u: expires %s read as %s", w->line,
	      w->expires, got->expires);
	CHECK(got->expired == (got->expires[0] && strcmp(got->expires, TODAY) < 0),
	      "line %u: expires %s, expired %d on %s", w->line, got->expires, got->expired, TODAY);
}

static const struct rv_monitor *monitor_named(const char *name)
{
	for (int i = 0; rv_monitor_list[i]; i++)
		if (!strcmp(rv_monitor_list[i]->name, name))
			return rv_monitor_list[i];
	return NULL;
}

static enum verdict_cause cause_named(const char *reason)
{
	for (int c = CAUSE_SLEEP_REASON; c <= CAUSE_OTHER; c++)
		if (!strcmp(explain_cause_key(c), reason))
			return c;
	return CAUSE_OTHER;
}

/* The violation a waiver describes, by the samples its patterns match: waived. */
static void waives_its_own(struct waivers *ws, const struct wanted_waiver *w)
{
	struct verdict *v = calloc(1, sizeof(*v));
	struct waiver *got;
	bool expired = w->expires[0] && strcmp(w->expires, TODAY) < 0;

	if (!v)
		abort();
	v->monitor = monitor_named(w->monitor);
	v->pid = w->pid >= 0 ? w->pid : 4242;
	v->ts = w->from;
	v->cause = cause_named(w->reason);
	got = waivers_match(ws, v, w->comm_sample, w->detail_sample ? w->detail_sample : "any",
			    w->trace_sample ? w->trace_sample : "t.dat");
	CHECK(got || expired, "the waiver of line %u does not waive the violation it names "
	      "(comm '%s')", w->line, w->comm_sample);
	CHECK(!got || !got->expired, "an expired waiver (line %u) waived", got ? got->line : 0);
	free(v);
}

static void check_waivers(const struct fleet *f)
{
	const struct waiver_model *m = &f->waivers;
	char err[ERR_LEN] = "", prefix[160];
	struct waivers ws;
	int ret = waivers_load(waivers_path, TODAY, &ws, err, sizeof(err));

	if (m->known && !m->first_error) {
		CHECK(!ret, "a waiver file the model takes refused: %s", err);
		CHECK(ws.nr == m->nr, "%u waivers read, %u written", ws.nr, m->nr);
		for (unsigned int i = 0; i < ws.nr; i++)
			same_waiver(&ws.list[i], &m->want[i]);
		for (unsigned int i = 0; i < ws.nr; i++)
			waives_its_own(&ws, &m->want[i]);
	} else if (m->known) {
		snprintf(prefix, sizeof(prefix), "%s:%u:", waivers_path, m->first_error);
		if (!ret || !starts_with(err, prefix)) {
			fail("a waiver file the model refuses at line %u%s: %s", m->first_error,
			     m->lax_date ? " (a date with a sign or a blank)" : "",
			     ret ? err : "taken");
		}
	}
	if (ret)
		CHECK(starts_with(err, waivers_path), "an error that names no file: '%s'", err);
	for (unsigned int i = 0; !ret && i < ws.nr; i++)
		CHECK(ws.list[i].from <= ws.list[i].to, "line %u: from after to", ws.list[i].line);
	if (!ret)
		waivers_free(&ws);
	/* a folder is no waiver file: it must be refused, as baseline_load() refuses one */
	if (f->flags & 0x20) {
		ret = waivers_load(base, TODAY, &ws, err, sizeof(err));
		if (!ret) {
			waivers_free(&ws);
			fail("a folder taken for a file of no waiver: %s", base);
		}
	}
}

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

/*
 * The deepest folder holding every trace an index lists (docs/fleet.md):
 * their common leading text, cut after its last '/'. Return: its length.
 */
/* A line's length without its trailing slashes: a folder's "d/" is "d". */
static size_t trimmed(const char *path)
{
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	return n;
}

static size_t common_folder(const char *const *paths, long nr)
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

/* A trace's key in an index: its path under their common folder, "./" left out. */
static const char *index_key(const char *path, size_t common)
{
	path += common;
	while (starts_with(path, "./"))
		path += 2;
	return path;
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
	common = common_folder(all, m->nr);
	for (unsigned int i = 0; i < l->nr; i++) {
		const char *want = index_key(l->paths[i], common);

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
	int ret = trace_list_index(&l, index_path, want, err, sizeof(err));

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
	const char *const odd[] = { "/dev/zero", base, "/nonexistent/index" };
	struct trace_list l = { 0 };
	char err[ERR_LEN];

	for (size_t i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		CHECK(trace_list_index(&l, odd[i], -1, err, sizeof(err)), "%s taken for an index",
		      odd[i]);
		trace_list_free(&l);
	}
}

static void check_index(const struct fleet *f)
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

/* The folder as the command line names it: absolute or relative, with slashes after. */
static void folder_arg(const struct fleet *f, char *out, size_t len)
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
	CHECK(!text_write(&t, scan_index_path), "cannot write %s", scan_index_path);
	text_free(&t);
	CHECK(!trace_list_index(&l, scan_index_path, -1, err, sizeof(err)), "an index of a "
	      "folder's traces refused: %s", err);
	for (unsigned int i = 0; i < l.nr; i++) {
		if (!strcmp(l.keys[i], l.paths[i] + under + 1))
			continue;
		/*
		 * all in one subfolder: the index's common folder is that one, as
		 * documented (docs/fleet.md: a one-board night keys by the board's)
		 */
		if (common_folder((const char *const *)l.paths, l.nr) <= under + 1)
			fail("%s keyed '%s' in an index of its folder's traces, not as the "
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

/* The folder named, and now and then a folder under it as well. */
static void check_scan(const struct fleet *f)
{
	struct scan_model *m = calloc(1, sizeof(*m));
	struct trace_list l = { 0 };
	char err[ERR_LEN] = "", arg[1024], sub[4096];
	unsigned int before;
	int ret;

	if (!m)
		abort();
	tree_model(&f->tree, m);
	folder_arg(f, arg, sizeof(arg));
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

/* ---- the baselines */

/* Whether the model says the file must load. */
static bool must_load(const struct baseline_model *b)
{
	return b->valid && b->objects && (!b->report || b->objects == 1);
}

static void same_baseline(const struct baseline *got, const struct baseline_model *m,
			  const char *path)
{
	unsigned __int128 count = 0, waived = 0;
	unsigned int errors = 0;

	for (unsigned int i = 0; i < got->nr_keys; i++) {
		count += got->keys[i].count;
		waived += got->keys[i].waived;
	}
	for (unsigned int i = 0; i < got->nr_traces; i++)
		errors += got->traces[i].error != NULL;
	CHECK(got->nr_traces == m->traces && errors == m->errors,
	      "%s: %u traces (%u not judged) read; %u (%u) written", path, got->nr_traces, errors,
	      m->traces, m->errors);
	CHECK((m->overflow || got->nr_keys >= m->distinct) && got->nr_keys <= m->groups,
	      "%s: %u keys read of %u groups, %u keys apart", path, got->nr_keys, m->groups,
	      m->distinct);
	/* exact while no key's sum is held at 2^63 - 1, JSON's largest integer */
	if (m->count < LLONG_MAX && m->waived < LLONG_MAX)
		CHECK(count == m->count && waived == m->waived,
		      "%s: counts read otherwise than written", path);
	CHECK(got->kind == (m->report ? BASELINE_REPORT : BASELINE_LINES), "%s: read as kind %d",
	      path, got->kind);
}

static int load(const char *path, const struct baseline_model *m, struct baseline *b)
{
	char err[BASELINE_ERR_LEN] = "";
	int ret = baseline_load(path, b, err, sizeof(err));

	if (m->known && must_load(m))
		CHECK(!ret, "%s: a baseline the model takes refused: %s", path, err);
	else if (m->known)
		CHECK(ret, "%s: a baseline the model refuses taken", path);
	CHECK(!ret || err[0], "%s: refused without a word", path);
	if (!ret && m->known && must_load(m))
		same_baseline(b, m, path);
	return ret;
}

/* Counts of JSON: never negative, whatever the sums. */
static void json_counts(const struct baseline_comparison *c)
{
	static const char *const outcomes[] = { "new", "fixed", "unchanged", "waived" };
	json_t *o = baseline_json(c), *a, *e;
	size_t i;

	CHECK(o, "baseline_json() failed");
	for (size_t k = 0; k < 4; k++) {
		a = json_object_get(o, outcomes[k]);
		CHECK(json_array_size(a) == c->nr[k], "JSON %s: %zu, the comparison %u",
		      outcomes[k], json_array_size(a), c->nr[k]);
		json_array_foreach(a, i, e) {
			CHECK(json_integer_value(json_object_get(e, "old")) >= 0 &&
			      json_integer_value(json_object_get(e, "new")) >= 0,
			      "JSON %s: a negative count", outcomes[k]);
		}
	}
	CHECK(json_array_size(json_object_get(o, "unjudged")) == c->nr_unjudged, "JSON unjudged");
	json_decref(o);
}

/* The text: one line a key and a trace, and the counts; no text of a file forges a line. */
static void text_lines(const struct baseline_comparison *c)
{
	char *text = NULL;
	size_t len = 0, lines = 0, want = c->nr_unjudged + 1;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		abort();
	baseline_print(c, mem);
	fclose(mem);
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	for (int o = 0; o < BASELINE_NR_OUTCOMES; o++)
		want += c->nr[o];
	CHECK(lines == want, "the comparison in %zu lines, not %zu", lines, want);
	free(text);
}

/* What holds of every comparison: each outcome's counts, NEW's counts kept. */
static void comparison_shape(const struct baseline *new, const struct baseline_comparison *c)
{
	unsigned __int128 count = 0, waived = 0, got_count = 0, got_waived = 0;
	unsigned int unjudged = 0;

	for (unsigned int i = 0; i < c->nr[BASELINE_NEW]; i++)
		CHECK(!c->changes[BASELINE_NEW][i].old && c->changes[BASELINE_NEW][i].new,
		      "a new key with counts %lu, %lu", c->changes[BASELINE_NEW][i].old,
		      c->changes[BASELINE_NEW][i].new);
	for (unsigned int i = 0; i < c->nr[BASELINE_FIXED]; i++)
		CHECK(c->changes[BASELINE_FIXED][i].old && !c->changes[BASELINE_FIXED][i].new,
		      "a fixed key with counts %lu, %lu", c->changes[BASELINE_FIXED][i].old,
		      c->changes[BASELINE_FIXED][i].new);
	for (unsigned int i = 0; i < c->nr[BASELINE_UNCHANGED]; i++) {
		const struct baseline_change *ch = &c->changes[BASELINE_UNCHANGED][i];

		CHECK(ch->old && ch->new, "an unchanged key with a count 0");
	}
	for (unsigned int i = 0; i < new->nr_keys; i++) {
		count += new->keys[i].count;
		waived += new->keys[i].waived;
	}
	for (unsigned int i = 0; i < c->nr[BASELINE_NEW]; i++)
		got_count += c->changes[BASELINE_NEW][i].new;
	for (unsigned int i = 0; i < c->nr[BASELINE_UNCHANGED]; i++)
		got_count += c->changes[BASELINE_UNCHANGED][i].new;
	for (unsigned int i = 0; i < c->nr[BASELINE_WAIVED]; i++)
		got_waived += c->changes[BASELINE_WAIVED][i].new;
	/* exact while no key's sum reaches 2^63 - 1, where it is held */
	if (count < LLONG_MAX && waived < LLONG_MAX)
		CHECK(got_count == count && got_waived == waived,
		      "NEW's violations counted otherwise in the comparison");
	for (unsigned int i = 0; i < c->nr_unjudged; i++)
		unjudged += c->unjudged[i].in_new;
	CHECK(unjudged == c->nr_failing, "%u unjudged in NEW, %u failing", unjudged, c->nr_failing);
	json_counts(c);
	text_lines(c);
}

static int compare(const struct baseline *old, const struct baseline *new,
		   struct baseline_comparison *c)
{
	memset(c, 0, sizeof(*c));
	CHECK(!baseline_compare(old, new, c), "baseline_compare() failed");
	comparison_shape(new, c);
	return c->nr_failing ? EXIT_ERROR : c->nr[BASELINE_NEW] ? EXIT_VIOLATIONS : EXIT_CLEAN;
}

/* A baseline against itself: nothing new, nothing fixed, its unjudged traces failing. */
static void against_itself(const struct baseline *b, const char *path)
{
	struct baseline_comparison c;
	unsigned int errors = 0;

	compare(b, b, &c);
	for (unsigned int i = 0; i < b->nr_traces; i++)
		errors += b->traces[i].error != NULL;
	CHECK(!c.nr[BASELINE_NEW] && !c.nr[BASELINE_FIXED], "%s against itself: %u new, %u fixed",
	      path, c.nr[BASELINE_NEW], c.nr[BASELINE_FIXED]);
	CHECK(c.nr_failing == errors, "%s against itself: %u failing, %u not judged", path,
	      c.nr_failing, errors);
	baseline_comparison_free(&c);
}

/* rvreplay compare [--json|-q] A B in this process: the exit code the library gives. */
static void compare_command(const struct fleet *f, int want)
{
	char *argv[6];
	int argc = 0, ret;

	argv[argc++] = "compare";
	switch (f->more >> 1 & 3) {
	case 1: argv[argc++] = "--json"; break;
	case 2: argv[argc++] = "-q"; break;
	case 3: argv[argc++] = "--bogus"; want = EXIT_ERROR; break;
	default: break;
	}
	argv[argc++] = a_path;
	argv[argc++] = b_path;
	argv[argc] = NULL;
	ret = cmd_compare(argc, argv);
	cmd_quiet = false;
	CHECK(ret == want, "rvreplay compare exit %d, the comparison says %d", ret, want);
}

static void check_baselines(const struct fleet *f)
{
	struct baseline a, b;
	struct baseline_comparison c;
	char err[BASELINE_ERR_LEN];
	int ra = load(a_path, &f->a, &a), rb = load(b_path, &f->b, &b), want = EXIT_ERROR;

	if (!ra)
		against_itself(&a, a_path);
	if (!rb)
		against_itself(&b, b_path);
	if (!ra && !rb && !baseline_resolve_single(&a, &b, err, sizeof(err))) {
		want = compare(&a, &b, &c);
		baseline_comparison_free(&c);
		compare(&b, &a, &c);
		baseline_comparison_free(&c);
		against_itself(&a, a_path);
	}
	compare_command(f, want);
	if (!ra)
		baseline_free(&a);
	if (!rb)
		baseline_free(&b);
}

/* ---- the whole command, on a batch */

struct run {
	struct trace_list	list;
	int			list_ret;
	bool			waivers, baseline, jsonl, outputs;
	bool			fails;		/* an error before any replay: exit 2 */
	char			arg[1024];	/* the folder named */
};

/*
 * Whether the batch is cheap and ends: a few traces, of which few are long
 * enough to replay far, none a FIFO (by a link) or a device, which a replay
 * would wait on forever.
 */
static bool replays_bounded(const struct trace_list *l)
{
	unsigned int long_ones = 0;
	struct stat st;

	if (l->nr > MAX_TRACES)
		return false;
	for (unsigned int i = 0; i < l->nr; i++) {
		if (stat(l->paths[i], &st))
			continue;
		if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
			return false;
		long_ones += S_ISREG(st.st_mode) && st.st_size > 4096;
	}
	return long_ones <= MAX_REPLAYS;
}

/* Two traces of one name write one output (-o): refused. */
static bool names_collide(const struct trace_list *l)
{
	char a[256], b[256];

	for (unsigned int i = 0; i < l->nr; i++)
		for (unsigned int j = i + 1; j < l->nr; j++)
			if (!strcmp(trace_list_name(l->paths[i], a, sizeof(a)),
				    trace_list_name(l->paths[j], b, sizeof(b))))
				return true;
	return false;
}

/* The list the command will make, and what must refuse the run before a replay. */
static bool plan(const struct fleet *f, struct run *r)
{
	char err[ERR_LEN];
	struct waivers ws;
	struct baseline b;

	r->waivers = f->more >> 3 & 1;
	r->baseline = f->more >> 4 & 1;
	r->jsonl = f->more >> 5 & 1;
	r->outputs = f->more >> 6 & 1;
	if (!(f->more & 0x80)) {
		folder_arg(f, r->arg, sizeof(r->arg));
		r->list_ret = trace_list_add(&r->list, r->arg, err, sizeof(err));
	} else {
		r->list_ret = trace_list_index(&r->list, index_path, -1, err, sizeof(err));
	}
	r->fails = r->list_ret;
	if (r->waivers && !waivers_load(waivers_path, TODAY, &ws, err, sizeof(err)))
		waivers_free(&ws);
	else
		r->fails |= r->waivers;
	if (r->baseline && !baseline_load(a_path, &b, err, sizeof(err)))
		baseline_free(&b);
	else
		r->fails |= r->baseline;
	if (!r->list_ret && (r->jsonl || r->baseline) &&
	    trace_list_same_keys(&r->list, err, sizeof(err)))
		r->fails = true;
	if (!r->list_ret && r->outputs && names_collide(&r->list))
		r->fails = true;
	return r->list_ret || replays_bounded(&r->list);
}

/*
 * The key a trace of the batch must have: its path under the folder named,
 * or under the folder common to the index's traces; "./" left out.
 */
static const char *expected_key(const struct run *r, const char *path)
{
	size_t under = strlen(r->arg);

	if (!r->arg[0])
		return index_key(path, common_folder((const char *const *)r->list.paths,
						     r->list.nr));
	while (under > 1 && r->arg[under - 1] == '/')
		under--;
	return path + under + 1;
}

/* --jsonl: a line per trace, keyed right, the whole file a baseline rvreplay takes. */
static void check_jsonl(const struct run *r)
{
	char err[BASELINE_ERR_LEN] = "", want[ESCAPE_LEN(4096)];
	struct baseline b;
	json_t *o;
	unsigned int n = 0;
	size_t len = 0;
	char *line = NULL;
	FILE *in = fopen(out_path, "re");

	CHECK(in, "--jsonl %s not written", out_path);
	while (getline(&line, &len, in) > 0) {
		const char *path, *key;

		o = json_loads(line, 0, NULL);
		path = json_string_value(json_object_get(o, "path"));
		key = json_string_value(json_object_get(o, "key"));
		CHECK(path && key && n < r->list.nr, "--jsonl line %u: '%s'", n + 1, line);
		/* the lines come as the children end: found by path */
		for (unsigned int i = 0; i < r->list.nr; i++) {
			if (strcmp(path, escape(r->list.paths[i], want, sizeof(want))))
				continue;
			escape(expected_key(r, r->list.paths[i]), want, sizeof(want));
			CHECK(!strcmp(key, want), "--jsonl: %s keyed '%s', not '%s'", path, key,
			      want);
		}
		json_decref(o);
		n++;
	}
	free(line);
	fclose(in);
	CHECK(n == r->list.nr, "--jsonl: %u lines, %u traces", n, r->list.nr);
	if (baseline_load(out_path, &b, err, sizeof(err))) {
		fail("rvreplay's own --jsonl refused as a baseline: %s", err);
		return;
	}
	against_itself(&b, out_path);
	baseline_free(&b);
}

static void command(const struct fleet *f)
{
	struct run r = { 0 };
	char *argv[24], jobs[] = "2";
	int argc = 0, ret;

	if (!plan(f, &r)) {
		trace_list_free(&r.list);
		return;
	}
	argv[argc++] = "rvreplay";
	argv[argc++] = "-q";
	argv[argc++] = "-j";
	argv[argc++] = jobs;
	if (r.waivers)
		argv[argc++] = "--waivers", argv[argc++] = waivers_path;
	if (r.baseline)
		argv[argc++] = "--baseline", argv[argc++] = a_path;
	if (r.jsonl)
		argv[argc++] = "--jsonl", argv[argc++] = out_path;
	if (r.outputs)
		argv[argc++] = "-o", argv[argc++] = out_dir;
	if (r.arg[0])
		argv[argc++] = r.arg;
	else
		argv[argc++] = "--index-file", argv[argc++] = index_path;
	argv[argc] = NULL;
	ret = cmd_replay(argc, argv);
	cmd_quiet = false;
	CHECK(ret >= EXIT_CLEAN && ret <= EXIT_ERROR, "rvreplay exit %d", ret);
	if (r.fails)
		CHECK(ret == EXIT_ERROR, "rvreplay exit %d where it must refuse the run", ret);
	else if (r.jsonl)
		check_jsonl(&r);
	trace_list_free(&r.list);
}

/* ---- after each run */

/* What a run may leave in its folder, until the harness removes it. */
static void check_left(void)
{
	static const char *const mine[] = { "tree", "waivers.toml", "index", "a.jsonl", "b.jsonl",
					    "out.jsonl", "out", "scan.index" };
	struct dirent *e;
	DIR *d = opendir(base);

	CHECK(d, "%s: %s", base, strerror(errno));
	while ((e = readdir(d))) {
		bool known = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");

		for (size_t i = 0; i < sizeof(mine) / sizeof(mine[0]); i++)
			known |= !strcmp(e->d_name, mine[i]);
		CHECK(known, "%s/%s left behind", base, e->d_name);
	}
	closedir(d);
	d = opendir(out_dir);
	while (d && (e = readdir(d))) {
		size_t n = strlen(e->d_name);

		/* output_file.c's NAME.tmpXXXXXX */
		CHECK(n < 10 || strncmp(e->d_name + n - 10, ".tmp", 4), "%s/%s: an output in "
		      "progress left", out_dir, e->d_name);
	}
	if (d)
		closedir(d);
}

/* Names in a folder, "." and ".." included; -1 when it cannot be read. */
static int entries(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;

	if (!d)
		return -1;
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

/* Which descriptors are open, where they lead: for a leak's message. */
static void say_fds(void)
{
	char link[64], to[4096];
	struct dirent *e;
	DIR *d = opendir("/proc/self/fd");
	ssize_t n;

	while (d && (e = readdir(d))) {
		snprintf(link, sizeof(link), "/proc/self/fd/%s", e->d_name);
		n = readlink(link, to, sizeof(to) - 1);
		if (n > 0)
			fprintf(say, "  fd %s: %.*s\n", e->d_name, (int)n, to);
	}
	if (d)
		closedir(d);
}

/* Descriptors open, the one that reads them included. */
static int count_fds(void)
{
	return entries("/proc/self/fd");
}

/*
 * RVREPLAY_FLEET_KEEP=DIR: the run's files copied to DIR before they are
 * checked, for a reproducer's command line (links that name the run's
 * folder still do).
 */
static void keep_files(void)
{
	const char *keep = getenv("RVREPLAY_FLEET_KEEP");
	char cmd[512];

	if (!keep || !*keep || strchr(keep, '\''))
		return;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s' && cp -a %s '%s'", keep, base, keep);
	if (system(cmd))
		fprintf(say, "fleet_fuzz: cannot keep the files as %s\n", keep);
	else
		fprintf(say, "fleet_fuzz: the files kept in %s (they name %s)\n", keep, base);
}

/* The run's files removed; the descriptors the run opened all closed. */
static void clean(struct fleet *f, int fds_before)
{
	int fds;

	check_left();
	tree_remove(&f->tree);
	for (const char *p[] = { waivers_path, index_path, a_path, b_path, out_path, out_dir,
				 scan_index_path, NULL },
	     **q = p; *q; q++)
		CHECK(!remove_all(*q), "cannot remove %s", *q);
	text_free(&f->waivers.text);
	text_free(&f->index);
	text_free(&f->a.text);
	text_free(&f->b.text);
	CHECK(entries(base) == 2, "%s not empty after the run's files were removed", base);
	/* counted within the run: libFuzzer opens its own between runs */
	fds = count_fds();
	if (fds > fds_before)
		say_fds();
	CHECK(fds <= fds_before, "%d descriptors open after the run, %d before", fds, fds_before);
}

static void remove_base(void)
{
	remove_all(base);
}

static bool alive(int pid)
{
	return !kill(pid, 0) || errno != ESRCH;
}

/*
 * The folders of harnesses that ended without their atexit() (a crash,
 * libFuzzer's _Exit()), by the process id in their name: removed.
 */
static void remove_stale(void)
{
	struct dirent *e;
	DIR *d = opendir("/tmp");
	char path[300];
	int pid;

	while (d && (e = readdir(d))) {
		if (sscanf(e->d_name, "rvreplay-fleet-%d", &pid) != 1 || pid <= 0 || alive(pid))
			continue;
		snprintf(path, sizeof(path), "/tmp/%s", e->d_name);
		remove_all(path);
	}
	if (d)
		closedir(d);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	FILE *t = fopen(TEMPLATE, "re");
	long n;

	/* called before libFuzzer closes stderr: the harness's own words still reach the log */
	say = fdopen(fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3), "w");
	if (!say)
		say = stderr;
	setvbuf(say, NULL, _IOLBF, 0);
	if (!t || fseek(t, 0, SEEK_END) || (n = ftell(t)) <= 0 || fseek(t, 0, SEEK_SET) ||
	    !(trace = malloc(n)) || fread(trace, 1, n, t) != (size_t)n) {
		fprintf(stderr, "fleet_fuzz: run it from the top of the tree (%s)\n", TEMPLATE);
		exit(1);
	}
	fclose(t);
	trace_len = n;
	remove_stale();
	snprintf(base, sizeof(base), "/tmp/rvreplay-fleet-%d", (int)getpid());
	/* one left by an earlier process of this id */
	remove_all(base);
	if (mkdir(base, 0700)) {
		perror("fleet_fuzz: mkdir /tmp/rvreplay-fleet-PID");
		exit(1);
	}
	atexit(remove_base);
	snprintf(waivers_path, sizeof(waivers_path), "%s/waivers.toml", base);
	snprintf(index_path, sizeof(index_path), "%s/index", base);
	snprintf(a_path, sizeof(a_path), "%s/a.jsonl", base);
	snprintf(b_path, sizeof(b_path), "%s/b.jsonl", base);
	snprintf(out_path, sizeof(out_path), "%s/out.jsonl", base);
	snprintf(out_dir, sizeof(out_dir), "%s/out", base);
	snprintf(scan_index_path, sizeof(scan_index_path), "%s/scan.index", base);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct program g = { data, size };
	struct fleet *f = calloc(1, sizeof(*f));
	int fds = count_fds();

	if (!f)
		abort();
	decode(f, &g);
	write_files(f);
	keep_files();
	check_waivers(f);
	check_index(f);
	check_scan(f);
	check_baselines(f);
	if (f->flags >> 5 == 7)
		command(f);
	clean(f, fds);
	free(f);
	return 0;
}
