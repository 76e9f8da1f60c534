// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet harness's folder tree (fleet.h): folders, *.dat files (a real
 * trace, garbage, empty, cut short), FIFOs, links to folders (loops to an
 * ancestor, diamonds to a sibling, absolute or relative), links to files,
 * dangling links and links to themselves; and what a scan must find in
 * it, worked out from the nodes rather than from the disk.
 */
#define _GNU_SOURCE
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fleet.h"

/* How many "../" lead from the working folder to "/". */
static void relative_root(struct tree *t)
{
	char cwd[4096];
	size_t k = 0;

	t->rel_root[0] = '\0';
	if (!getcwd(cwd, sizeof(cwd)))
		return;
	for (const char *p = cwd; *p; p++)
		if (*p == '/' && p[1] && k + 4 < sizeof(t->rel_root))
			k += snprintf(t->rel_root + k, sizeof(t->rel_root) - k, "../");
	snprintf(t->rel_root + k, sizeof(t->rel_root) - k, "%s", t->root + 1);
}

int tree_init(struct tree *t, const char *base)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->root, sizeof(t->root), "%s/tree", base);
	if (mkdir(t->root, 0755))
		return -1;
	relative_root(t);
	t->node[0] = (struct node){ .kind = NODE_DIR, .parent = -1, .path = strdup(t->root) };
	if (!t->node[0].path)
		abort();
	t->nr = 1;
	t->root_user = geteuid() == 0;
	return 0;
}

static int pick_dir(const struct tree *t, struct program *g)
{
	int dirs[TREE_NODES], n = 0;

	for (int i = 0; i < t->nr; i++)
		if (t->node[i].kind == NODE_DIR)
			dirs[n++] = i;
	return dirs[byte(g) % n];
}

/* A new node's path under @parent, or NULL when it would be too long to make. */
static struct node *new_node(struct tree *t, int parent, const char *name, enum node_kind kind)
{
	struct node *n;
	char path[4096];

	if (t->nr == TREE_NODES)
		return NULL;
	if (snprintf(path, sizeof(path), "%s/%s", t->node[parent].path, name) >= (int)sizeof(path))
		return NULL;
	n = &t->node[t->nr];
	*n = (struct node){ .kind = kind, .parent = parent };
	snprintf(n->name, sizeof(n->name), "%s", name);
	n->path = strdup(path);
	if (!n->path)
		abort();
	return n;
}

/* The node kept when its making succeeded. */
static void keep(struct tree *t, struct node *n, int made)
{
	if (made) {
		free(n->path);
		n->path = NULL;
		return;
	}
	t->nr++;
}

static void add_dir(struct tree *t, int parent, const char *name)
{
	struct node *n = new_node(t, parent, name, NODE_DIR);

	if (n)
		keep(t, n, mkdir(n->path, 0755));
}

/* A trace name most of the time: the scan lists only *.dat. */
static void trace_name(struct program *g, const char *name, char *out, size_t len)
{
	static const char *const suffixes[] = { ".dat", ".dat", ".dat", ".dat", ".dat", "",
						".DAT", ".dat.bak" };
	const char *suffix = suffixes[byte(g) % 8];

	snprintf(out, len, "%.*s%s", (int)(255 - strlen(suffix)), name, suffix);
}

/* A new file's bytes: the real trace, cut short or whole, garbage, nothing; none when it fails. */
static int write_file(const char *path, struct program *g, const void *trace, size_t trace_len)
{
	unsigned int kind = byte(g) % 5, n;
	char garbage[64];
	FILE *f = fopen(path, "wxe");
	size_t len = 0;
	const void *data = NULL;
	bool short_write;

	if (!f)
		return -1;
	if (kind <= 1) {
		data = trace;
		len = trace_len;
	} else if (kind == 2) {
		n = byte(g) % sizeof(garbage);
		for (unsigned int i = 0; i < n; i++)
			garbage[i] = byte(g);
		data = garbage;
		len = n;
	} else if (kind == 3) {
		data = trace;
		len = trace_len * byte(g) / 256;
	}
	short_write = len && fwrite(data, 1, len, f) != len;
	if (fclose(f) || short_write) {
		unlink(path);
		return -1;
	}
	return 0;
}

static void add_file(struct tree *t, int parent, const char *name, struct program *g,
		     const void *trace, size_t trace_len)
{
	char file[256];
	struct node *n;
	struct stat st;

	trace_name(g, name, file, sizeof(file));
	n = new_node(t, parent, file, NODE_FILE);
	if (!n)
		return;
	if (write_file(n->path, g, trace, trace_len) || stat(n->path, &st)) {
		keep(t, n, -1);
		return;
	}
	n->dev = st.st_dev;
	n->ino = st.st_ino;
	keep(t, n, 0);
}

static void add_fifo(struct tree *t, int parent, const char *name, struct program *g)
{
	char file[256];
	struct node *n;

	trace_name(g, name, file, sizeof(file));
	n = new_node(t, parent, file, NODE_FIFO);
	if (n)
		keep(t, n, mkfifo(n->path, 0644));
}

/* Folders from the root down to @node. */
static int depth(const struct tree *t, int node)
{
	int d = 0;

	while (t->node[node].parent >= 0) {
		node = t->node[node].parent;
		d++;
	}
	return d;
}

/* Where a link in @parent leads to @target: its absolute path, or "../../x" from there. */
static void link_text(const struct tree *t, int parent, int target, bool relative, char *out,
		      size_t len)
{
	size_t k = 0, root_len = strlen(t->root);
	const char *under = t->node[target].path + root_len;

	if (!relative) {
		snprintf(out, len, "%s", t->node[target].path);
		return;
	}
	for (int d = depth(t, parent); d > 0 && k + 4 < len; d--)
		k += snprintf(out + k, len - k, "../");
	/* under is "" for the root, else "/a/b" */
	snprintf(out + k, len - k, "%s", *under ? under + 1 : k ? "" : ".");
}

/*
 * A link: to a folder (@to_dir), or else dangling, to itself, to any node,
 * to a file. Targets are the nodes made so far: a loop to an ancestor, a
 * diamond to a sibling, a chain of links.
 */
static void add_link(struct tree *t, int parent, const char *name, struct program *g,
		     bool to_dir)
{
	unsigned int how = byte(g), kind = how % 4;
	struct node *n = new_node(t, parent, name, NODE_LINK);
	char target[8192];

	if (!n)
		return;
	if (to_dir)
		n->target = pick_dir(t, g);
	else if (kind == 0)
		n->target = LINK_DANGLING;
	else if (kind == 1)
		n->target = LINK_SELF;
	else
		n->target = byte(g) % t->nr;
	if (n->target == LINK_DANGLING)
		snprintf(target, sizeof(target), "nowhere/%s", name);
	else if (n->target == LINK_SELF)
		snprintf(target, sizeof(target), "%s", name);
	else
		link_text(t, parent, n->target, how & 4, target, sizeof(target));
	keep(t, n, symlink(target, n->path));
}

static void lock_dir(struct tree *t, int dir)
{
	/* the root stays readable: the harness removes the tree through it */
	if (dir && !chmod(t->node[dir].path, 0))
		t->node[dir].locked = true;
}

/* Folders in folders, one name: past 32 deep, paths past PATH_MAX with long names. */
static void add_chain(struct tree *t, int parent, const char *name, struct program *g)
{
	unsigned int n = byte(g) % 40 + 1;

	for (unsigned int i = 0; i < n; i++) {
		int before = t->nr;

		add_dir(t, parent, name);
		if (t->nr == before)
			return;
		parent = before;
	}
}

/**
 * tree_op() - one operation of the program on the tree
 * @t: the tree
 * @g: the program
 * @trace: a real trace's bytes, the valid files' content
 * @trace_len: their size
 */
void tree_op(struct tree *t, struct program *g, const void *trace, size_t trace_len)
{
	unsigned int op = byte(g) % 9;
	int parent = pick_dir(t, g);
	char name[256];

	fleet_name(g, name, sizeof(name));
	switch (op) {
	case 0: case 1: add_dir(t, parent, name); break;
	case 2: case 3: add_file(t, parent, name, g, trace, trace_len); break;
	case 4: add_link(t, parent, name, g, true); break;
	case 5: add_link(t, parent, name, g, false); break;
	case 6: add_fifo(t, parent, name, g); break;
	case 7: lock_dir(t, pick_dir(t, g)); break;
	default: add_chain(t, parent, name, g); break;
	}
}

/**
 * tree_pick() - a path of the tree, as an index file would list it
 * @t: the tree
 * @g: the program
 * @buf: where the path goes
 * @len: its size
 *
 * Absolute, relative to the working folder, or that with "./" first. A
 * FIFO is never picked (its parent is): a replay would wait on it forever.
 *
 * Return: @buf.
 */
const char *tree_pick(const struct tree *t, struct program *g, char *buf, size_t len)
{
	int i = byte(g) % t->nr;
	unsigned int form = byte(g) % 3;
	const char *under;

	if (t->node[i].kind == NODE_FIFO)
		i = t->node[i].parent;
	under = t->node[i].path + strlen(t->root);
	if (form == 0)
		snprintf(buf, len, "%s", t->node[i].path);
	else
		snprintf(buf, len, "%s%s%s", form == 2 ? "./" : "", t->rel_root, under);
	return buf;
}

/* The node a chain of links ends at; -1 when it dangles or loops. @hops: links followed. */
static int resolve(const struct tree *t, int i, int *hops)
{
	for (*hops = 0; t->node[i].kind == NODE_LINK; ++*hops) {
		if (t->node[i].target < 0 || *hops > 40)
			return -1;
		i = t->node[i].target;
	}
	return i;
}

static bool is_trace(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && !strcmp(name + n - 4, ".dat");
}

/* The entries of a folder the scan reached: the folders it reaches next, the files it lists. */
static void scan_entries(const struct tree *t, int dir, struct scan_model *m, bool *reached,
			 int *queue, int *tail)
{
	for (int i = 1; i < t->nr; i++) {
		const struct node *n = &t->node[i];
		int r, hops;

		if (n->parent != dir || n->name[0] == '.')
			continue;
		r = resolve(t, i, &hops);
		if (r < 0) {
			/* stat() fails: never skipped in silence */
			m->must_fail = true;
			continue;
		}
		if (t->node[r].kind == NODE_DIR) {
			if (t->node[r].locked && !t->root_user)
				m->must_fail = true;
			if (!reached[r]) {
				reached[r] = true;
				queue[(*tail)++] = r;
			}
		} else if (t->node[r].kind == NODE_FILE && is_trace(n->name)) {
			m->files[m->nr++] = (struct file_id){ t->node[r].dev, t->node[r].ino };
		}
	}
}

/**
 * tree_model() - what a scan of the root must list
 * @t: the tree
 * @m: filled
 */
void tree_model(const struct tree *t, struct scan_model *m)
{
	bool reached[TREE_NODES] = { true };
	int queue[TREE_NODES] = { 0 }, head = 0, tail = 1, hops, links = 0;

	memset(m, 0, sizeof(*m));
	m->known = true;
	for (int i = 1; i < t->nr; i++) {
		const struct node *n = &t->node[i];

		/*
		 * A path the scan stats crosses each link at most once (each
		 * real folder once): with fewer than 40 links followed in all,
		 * no stat() meets the kernel's ELOOP bound of 40 per lookup.
		 */
		if (n->kind == NODE_LINK) {
			resolve(t, i, &hops);
			links += hops;
		}
		if (strlen(n->name) > m->max_name)
			m->max_name = strlen(n->name);
		if (n->kind == NODE_DIR && n->locked && !t->root_user)
			m->known = false;
		/* a bound on any scan: each real folder's names once */
		if (n->name[0] != '.' && is_trace(n->name) && n->kind != NODE_DIR)
			m->max_traces++;
	}
	if (links >= 20)
		m->known = false;
	while (head < tail) {
		int dir = queue[head++];

		scan_entries(t, dir, m, reached, queue, &tail);
	}
	m->reached = tail;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	if (remove(path))
		perror(path);
	return 0;
}

/**
 * remove_all() - a file, or a folder and everything in it (links not followed)
 * @path: what to remove
 *
 * Return: 0, or -1 when something is left.
 */
int remove_all(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return 0;
	nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	return lstat(path, &st) ? 0 : -1;
}

void tree_remove(struct tree *t)
{
	for (int i = 0; i < t->nr; i++)
		if (t->node[i].locked)
			chmod(t->node[i].path, 0755);
	if (t->nr && remove_all(t->root)) {
		fprintf(stderr, "fleet_fuzz: cannot remove %s\n", t->root);
		abort();
	}
	for (int i = 0; i < t->nr; i++)
		free(t->node[i].path);
	t->nr = 0;
}
