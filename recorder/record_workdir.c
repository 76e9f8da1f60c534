// SPDX-License-Identifier: GPL-2.0-only
/*
 * Work folders: made with mkdtemp next to the output, owned through an
 * flock on their owner file. The owner file is written only once locked,
 * so a written owner file whose lock is free proves its recorder gone,
 * whatever namespace it ran in; such folders next to the output are
 * removed. Where flock does not work (some network file systems) a folder
 * gets no owner file and is never judged: it is left to the user.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record_workdir.h"

#define OWNER		"owner"
#define SUFFIX		".rvreplay-"
#define SUFFIX_LEN	(sizeof(SUFFIX) - 1)
#define RANDOM_LEN	6	/* mkdtemp's XXXXXX */

/* NAME.rvreplay-XXXXXX, as record_workdir_create() makes them */
static bool workdir_name(const char *name)
{
	size_t len = strlen(name);

	return len > SUFFIX_LEN + RANDOM_LEN &&
	       !strncmp(name + len - RANDOM_LEN - SUFFIX_LEN, SUFFIX, SUFFIX_LEN);
}

/* Its owner file written, its lock free, made by us (root): a dead recorder's. */
static bool proven_dead(int dir, int owner)
{
	struct stat d, o;

	return !flock(owner, LOCK_EX | LOCK_NB) && !fstat(owner, &o) && o.st_size > 0 &&
	       !fstat(dir, &d) && d.st_uid == geteuid() && o.st_uid == geteuid();
}

/* What a recorder puts there: per-CPU files, the trace.dat, the owner file. */
static void empty(int dir)
{
	int fd = openat(dir, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *d;

	if (!dp) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((d = readdir(dp)))
		if (strcmp(d->d_name, ".") && strcmp(d->d_name, ".."))
			unlinkat(dir, d->d_name, 0);
	closedir(dp);
}

static void reap(int parent, const char *parent_path, const char *name,
		 void (*notice)(const char *msg))
{
	int dir = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	int owner = dir >= 0 ? openat(dir, OWNER, O_RDWR | O_NOFOLLOW | O_CLOEXEC) : -1;
	char msg[WORKDIR_PATH_LEN + 128];

	if (owner >= 0 && proven_dead(dir, owner)) {
		empty(dir);
		if (unlinkat(parent, name, AT_REMOVEDIR))
			snprintf(msg, sizeof(msg), "cannot remove %s/%s, the work folder of a "
				 "recording that died: %s", parent_path, name, strerror(errno));
		else
			snprintf(msg, sizeof(msg), "removed %s/%s, the work folder of a recording "
				 "that died", parent_path, name);
		if (notice)
			notice(msg);
	}
	if (owner >= 0)
		close(owner);
	if (dir >= 0)
		close(dir);
}

static void reap_dead(const char *near, void (*notice)(const char *msg))
{
	char parent[WORKDIR_PATH_LEN];
	char *slash;
	struct dirent *d;
	DIR *dp;

	snprintf(parent, sizeof(parent), "%s", near);
	slash = strrchr(parent, '/');
	if (!slash)
		snprintf(parent, sizeof(parent), ".");
	else if (slash == parent)
		parent[1] = '\0';
	else
		*slash = '\0';
	dp = opendir(parent);
	if (!dp)
		return;
	while ((d = readdir(dp)))
		if (workdir_name(d->d_name))
			reap(dirfd(dp), parent, d->d_name, notice);
	closedir(dp);
}

/* Written only once locked: see proven_dead(). */
static void own(struct record_workdir *w)
{
	char file[WORKDIR_PATH_LEN + 16], pid[32];
	int fd, len;

	snprintf(file, sizeof(file), "%s/" OWNER, w->path);
	fd = open(file, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	len = snprintf(pid, sizeof(pid), "rvreplay pid %d\n", (int)getpid());
	if (flock(fd, LOCK_EX | LOCK_NB) || write(fd, pid, len) != len) {
		close(fd);
		unlink(file);
		return;
	}
	w->owner_fd = fd;
}

/*
 * The folder of @near can be written by every user and has no sticky bit:
 * anyone may rename the work folder away and put theirs at its path,
 * which the recorder writes through.
 */
static bool shared_unsticky(const char *near)
{
	char dir[WORKDIR_PATH_LEN];
	struct stat st;

	snprintf(dir, sizeof(dir), "%s", near);
	return !stat(dirname(dir), &st) && S_ISDIR(st.st_mode) && (st.st_mode & S_IWOTH) &&
	       !(st.st_mode & S_ISVTX);
}

/**
 * record_workdir_create() - a new work folder next to @near, owned
 * @w: filled
 * @near: the output, or where its work folder goes
 * @notice: told of the work folders of dead recorders removed on the way, or NULL
 * @err: for the message on failure
 * @errlen: its size
 *
 * Return: 0, or -1 with @err set.
 */
int record_workdir_create(struct record_workdir *w, const char *near,
			  void (*notice)(const char *msg), char *err, size_t errlen)
{
	w->owner_fd = -1;
	w->path[0] = '\0';
	if (shared_unsticky(near)) {
		snprintf(err, errlen, "its folder can be written by every user and is not sticky: "
			 "another user could put a folder of theirs in place of the work folder "
			 "(use a folder of your own, or a sticky one such as /tmp)");
		return -1;
	}
	reap_dead(near, notice);
	snprintf(w->path, sizeof(w->path), "%s" SUFFIX "XXXXXX", near);
	if (!mkdtemp(w->path)) {
		w->path[0] = '\0';
		snprintf(err, errlen, "cannot write next to it: %s", strerror(errno));
		return -1;
	}
	own(w);
	return 0;
}

/**
 * record_workdir_remove() - remove the (emptied) work folder and unlock it
 * @w: what record_workdir_create() filled, or zeroes
 */
void record_workdir_remove(struct record_workdir *w)
{
	char file[WORKDIR_PATH_LEN + 16];

	if (!w->path[0])
		return;
	snprintf(file, sizeof(file), "%s/" OWNER, w->path);
	if (w->owner_fd >= 0)
		unlink(file);
	rmdir(w->path);
	if (w->owner_fd >= 0)
		close(w->owner_fd);
	w->owner_fd = -1;
	w->path[0] = '\0';
}
