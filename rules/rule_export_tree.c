// SPDX-License-Identifier: GPL-2.0-only
/*
 * An export's files in a kernel tree (rule_export_tree.h).
 *
 * The two folders are made as mkdir -p makes them and opened without
 * following a link at their end; every look and every write after that is
 * relative to them. The monitor's folder, when it was there, must be an
 * export's: nothing in it but the files an export writes, regular ones,
 * and its NAME.c saying it is rvreplay's (a kernel monitor's folder, or a
 * person's, is never written over). The rule's model in the models'
 * folder is replaced only beside such a folder, or when it holds the same
 * bytes (it is the rule itself: left alone).
 *
 * Each file is written under a new name beside its place (O_CREAT |
 * O_EXCL | O_NOFOLLOW, mode 0644 whatever the umask), and all are renamed
 * into place once all are written: on an error the new files and the
 * folders made are removed again, and the tree is as it was.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "rule.h"
#include "rule_export_tree.h"

#define FILE_MODE	0644
#define MAX_FILES	8
#define TMP_LEN		96	/* a file's name (a monitor's name is 31 bytes at most) and ".tmpXXXXXXXX" */
#define MARK_SPAN	8192	/* the head of NAME.c where its mark is */

struct folder {
	char	*path;
	size_t	kept;		/* the length of the part of @path that was there before */
	int	fd;
};

struct export {
	const struct rule_export_tree	*t;
	struct folder			models, monitor;
	bool				marked;		/* the monitor's folder is an export's */
	bool				same[MAX_FILES];	/* there already, byte for byte */
	char				tmp[MAX_FILES][TMP_LEN];	/* written, not renamed yet */
};

/* "PATH[/NAME]: WHAT", one line. */
static int fail(char *err, const char *path, const char *name, const char *what)
{
	snprintf(err, RULE_ERR_LEN, "%.300s%s%.64s: %s", path, name ? "/" : "", name ? name : "",
		 what);
	return -1;
}

static char *join(const char *a, const char *b, const char *c)
{
	size_t len = strlen(a) + strlen(b) + strlen(c) + 1;
	char *s = malloc(len);

	if (s)
		snprintf(s, len, "%s%s%s", a, b, c);
	return s;
}

/* @f->path made as mkdir -p makes it, then opened: not through a link at its end. */
static int folder_open(struct folder *f, char *err)
{
	char *p = f->path;
	bool made = false;
	struct stat st;
	int ret;

	f->kept = strlen(p);
	for (char *c = p + 1; ; c++) {
		char was = *c;

		if (was && was != '/')
			continue;
		*c = '\0';
		ret = mkdir(p, 0755);
		if (ret && errno != EEXIST) {
			fail(err, p, NULL, strerror(errno));
			*c = was;
			return -1;
		}
		if (!ret && !made) {
			made = true;
			f->kept = strrchr(p, '/') ? (size_t)(strrchr(p, '/') - p) : 0;
		}
		*c = was;
		if (!was)
			break;
	}
	f->fd = open(p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (f->fd >= 0)
		return 0;
	ret = errno;
	if (!lstat(p, &st) && S_ISLNK(st.st_mode))
		return fail(err, p, NULL, "a symbolic link, not a folder: nothing written through it");
	return fail(err, p, NULL, strerror(ret));
}

/* The folders made, removed again (those someone else wrote into meanwhile stay). */
static void folder_unmake(struct folder *f)
{
	char *slash;

	while (f->path && strlen(f->path) > f->kept) {
		rmdir(f->path);
		slash = strrchr(f->path, '/');
		if (!slash)
			break;
		*slash = '\0';
	}
}

/* Up to @len bytes of a regular file @name in @dir (never a FIFO's, a device's or a link's). */
static ssize_t read_head(int dir, const char *name, char *buf, size_t len)
{
	int fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	size_t got = 0;
	ssize_t n = 0;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	while (got < len && (n = read(fd, buf + got, len - got)) > 0)
		got += n;
	close(fd);
	return n < 0 ? -1 : (ssize_t)got;
}

static bool has_mark(const struct export *x)
{
	char head[MARK_SPAN + 1];
	ssize_t n = read_head(x->monitor.fd, x->t->source, head, MARK_SPAN);

	if (n < 0)
		return false;
	head[n] = '\0';
	return strstr(head, x->t->mark) != NULL;
}

static bool exported(const struct rule_export_tree *t, const char *name)
{
	for (int i = 0; i < t->nr_files; i++)
		if (!t->files[i].in_models && !strcmp(t->files[i].name, name))
			return true;
	return false;
}

/* Whether the entry @name of the monitor's folder may be written over; else @err. */
static int entry_ours(const struct export *x, const char *name, char *err)
{
	struct stat st;

	if (!exported(x->t, name))
		return fail(err, x->monitor.path, name, "a file an export does not write: the "
			    "folder is not rvreplay's, nothing written (name the rule otherwise: "
			    "'#: monitor NAME')");
	if (fstatat(x->monitor.fd, name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISREG(st.st_mode))
		return fail(err, x->monitor.path, name, "not a regular file (a link, a FIFO, a "
			    "device...): nothing written over or through it");
	return 0;
}

/* The monitor's folder, when it was there: an export's, or refused. */
static int folder_ours(struct export *x, char *err)
{
	struct dirent *e;
	bool any = false;
	int fd;
	DIR *d;

	if (x->monitor.kept < strlen(x->monitor.path))
		return 0;
	fd = dup(x->monitor.fd);
	d = fd < 0 ? NULL : fdopendir(fd);
	if (!d) {
		if (fd >= 0)
			close(fd);
		return fail(err, x->monitor.path, NULL, strerror(errno));
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		any = true;
		if (entry_ours(x, e->d_name, err)) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	x->marked = any && has_mark(x);
	if (any && !x->marked)
		return fail(err, x->monitor.path, x->t->source, "not written by rvreplay (no "
			    "'Exported by rvreplay' line): the folder is not rvreplay's, nothing "
			    "written (name the rule otherwise: '#: monitor NAME')");
	return 0;
}

static bool same_bytes(int dir, const char *name, const char *text)
{
	size_t len = strlen(text);
	char *buf = malloc(len + 1);
	ssize_t n = buf ? read_head(dir, name, buf, len + 1) : -1;
	bool same = n == (ssize_t)len && !memcmp(buf, text, len);

	free(buf);
	return same;
}

/* The rule's model there already: replaced beside an export's folder, left when the same. */
static int model_ours(struct export *x, int i, char *err)
{
	const char *name = x->t->files[i].name;
	struct stat st;

	if (fstatat(x->models.fd, name, &st, AT_SYMLINK_NOFOLLOW))
		return errno == ENOENT ? 0 : fail(err, x->models.path, name, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return fail(err, x->models.path, name, "not a regular file (a link, a FIFO, a "
			    "device...): nothing written over or through it");
	x->same[i] = same_bytes(x->models.fd, name, x->t->spec);
	if (x->marked || x->same[i])
		return 0;
	return fail(err, x->models.path, name, "there already, and not beside a monitor folder "
		    "of rvreplay's: nothing written (name the rule otherwise: '#: monitor NAME')");
}

/* A new file @tmp beside @name: never one that was there, nor through a link. */
static int temp_open(int dir, const char *name, char *tmp)
{
	struct timespec now;

	for (int tries = 0; tries < 100; tries++) {
		int fd;

		clock_gettime(CLOCK_MONOTONIC, &now);
		if (snprintf(tmp, TMP_LEN, "%s.tmp%08lx", name, (unsigned long)((now.tv_nsec ^
			     (long)getpid() << 16 ^ tries) & 0xffffffffL)) >= TMP_LEN) {
			errno = ENAMETOOLONG;
			return -1;
		}
		fd = openat(dir, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, FILE_MODE);
		if (fd >= 0 || errno != EEXIST)
			return fd;
	}
	return -1;
}

static struct folder *folder_of(struct export *x, int i)
{
	return x->t->files[i].in_models ? &x->models : &x->monitor;
}

/* File @i, whole, under its new name. */
static int write_new(struct export *x, int i, char *err)
{
	const struct rule_export_file *f = &x->t->files[i];
	struct folder *dir = folder_of(x, i);
	int fd = temp_open(dir->fd, f->name, x->tmp[i]);
	FILE *out = NULL;
	int ret;

	if (fd < 0) {
		x->tmp[i][0] = '\0';
		return fail(err, dir->path, f->name, strerror(errno));
	}
	if (fchmod(fd, FILE_MODE) || !(out = fdopen(fd, "w"))) {
		ret = errno;
		close(fd);
		return fail(err, dir->path, f->name, strerror(ret));
	}
	errno = 0;
	ret = f->emit(out, f->arg);
	if (fclose(out) || ret)
		return fail(err, dir->path, f->name, errno ? strerror(errno) : "cannot write it "
			    "whole");
	return 0;
}

static void undo(struct export *x)
{
	for (int i = 0; i < x->t->nr_files; i++)
		if (x->tmp[i][0])
			unlinkat(folder_of(x, i)->fd, x->tmp[i], 0);
	folder_unmake(&x->monitor);
	folder_unmake(&x->models);
}

static int write_all(struct export *x, char *err)
{
	const struct rule_export_tree *t = x->t;

	if (folder_open(&x->models, err) || folder_open(&x->monitor, err) || folder_ours(x, err))
		return -1;
	for (int i = 0; i < t->nr_files; i++)
		if (t->files[i].in_models && model_ours(x, i, err))
			return -1;
	for (int i = 0; i < t->nr_files; i++)
		if (!x->same[i] && write_new(x, i, err))
			return -1;
	for (int i = 0; i < t->nr_files; i++) {
		struct folder *dir = folder_of(x, i);

		if (!x->tmp[i][0])
			continue;
		if (renameat(dir->fd, x->tmp[i], dir->fd, t->files[i].name))
			return fail(err, dir->path, t->files[i].name, strerror(errno));
		x->tmp[i][0] = '\0';
	}
	return 0;
}

/**
 * rule_export_tree_write() - write an export's files into a kernel tree
 * @t: the files and where
 * @err: RULE_ERR_LEN bytes
 *
 * Return: 0, every file in place (mode 0644); or -1 with @err set ("PATH:
 * what is wrong") and nothing written: the monitor's folder is not an
 * export's, a file there is not a regular one, the rule's model is
 * another's, or a write failed.
 */
int rule_export_tree_write(const struct rule_export_tree *t, char *err)
{
	struct export x = { .t = t, .models.fd = -1, .monitor.fd = -1 };
	int ret = -1;

	if (t->nr_files > MAX_FILES) {
		snprintf(err, RULE_ERR_LEN, "an export of more than %d files", MAX_FILES);
		return -1;
	}
	x.models.path = join(t->top, "/tools/verification/models", "");
	x.monitor.path = join(t->top, "/kernel/trace/rv/monitors/", t->monitor);
	if (!x.models.path || !x.monitor.path) {
		snprintf(err, RULE_ERR_LEN, "out of memory");
	} else {
		/* nothing made yet: nothing for undo() to remove */
		x.models.kept = strlen(x.models.path);
		x.monitor.kept = strlen(x.monitor.path);
		ret = write_all(&x, err);
	}
	if (ret)
		undo(&x);
	if (x.models.fd >= 0)
		close(x.models.fd);
	if (x.monitor.fd >= 0)
		close(x.monitor.fd);
	free(x.models.path);
	free(x.monitor.path);
	return ret;
}
