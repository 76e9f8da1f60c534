// SPDX-License-Identifier: GPL-2.0-only
/*
 * The recorder's own tracefs instance: a name no other recorder holds, in
 * any namespace (a random part; mkdir's EEXIST says taken), locked for as
 * long as we live, and checked while recording. Instances of recorders
 * that died are stopped on the way, and removed when nothing holds them.
 *
 * Creating an instance and judging the others happen under an flock of
 * the instances directory: a new instance is locked before anyone can
 * judge it, so an unlocked one belongs to a recorder that is gone.
 * Instances named rvreplay-PID (older recorders, which never locked them)
 * are never judged: nothing proves their recorder dead.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "record_instance.h"

#define LOCK_WAIT_MS	5000
#define NAME_TRIES	32

/* Through the locked directory: the file of our instance, whatever its path holds now. */
static int write_at(int dir, const char *file, const char *value)
{
	ssize_t len = strlen(value);
	int fd = openat(dir, file, O_WRONLY | O_CLOEXEC);
	int ret;

	if (fd < 0)
		return -1;
	ret = write(fd, value, len) == len ? 0 : -1;
	close(fd);
	return ret;
}

static int read_char_at(int dir, const char *file, char *c)
{
	int fd = openat(dir, file, O_RDONLY | O_CLOEXEC);
	int ret;

	if (fd < 0)
		return -1;
	ret = read(fd, c, 1) == 1 ? 0 : -1;
	close(fd);
	return ret;
}

/* Tracing off, events off, the buffer at its minimum: a left instance costs nothing. */
static int stop(int dir)
{
	int ret = 0;

	ret |= write_at(dir, "tracing_on", "0");
	ret |= write_at(dir, "events/enable", "0");
	/* the kernel rounds 1 KiB up to its minimum, two pages per CPU */
	ret |= write_at(dir, "buffer_size_kb", "1");
	return ret;
}

static const char *stop_result(int ret)
{
	return ret ? "it cannot be stopped" : "stopped it: tracing off, events off, buffer shrunk";
}

/* Why rmdir failed: EBUSY says a process holds one of its files open. */
static const char *held(int e)
{
	return e == EBUSY ? ": a process holds one of its files" : "";
}

static bool same_dir(int fd, const char *path)
{
	struct stat mine, now;

	return !fstat(fd, &mine) && !stat(path, &now) && mine.st_dev == now.st_dev &&
	       mine.st_ino == now.st_ino;
}

/* Signals are blocked while recording: wait in steps, bounded, for a lock held briefly. */
static int lock_wait(int fd)
{
	struct timespec step = { 0, 10 * 1000 * 1000 };

	for (int ms = 0; ms < LOCK_WAIT_MS; ms += 10) {
		if (!flock(fd, LOCK_EX | LOCK_NB))
			return 0;
		if (errno != EWOULDBLOCK)
			return -1;
		nanosleep(&step, NULL);
	}
	errno = EWOULDBLOCK;
	return -1;
}

/* rvreplay-PID-RANDOM: made by a recorder that locks its instance */
static bool named_by_locking_recorder(const char *name)
{
	unsigned int rnd;
	int pid, end = -1;

	return sscanf(name, "rvreplay-%d-%8x%n", &pid, &rnd, &end) == 2 &&
	       end == (int)strlen(name);
}

/* Another recorder's instance: stopped and removed if that recorder is gone. */
static void reap(int instances, const char *name, void (*notice)(const char *msg))
{
	int fd = openat(instances, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	char msg[512];
	int off, e;

	if (fd < 0)
		return;
	/* held: its recorder lives, in this PID namespace or another */
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		close(fd);
		return;
	}
	/* first: stopped even when a process holding one of its files keeps it */
	off = stop(fd);
	if (unlinkat(instances, name, AT_REMOVEDIR)) {
		e = errno;
		snprintf(msg, sizeof(msg), "the tracefs instance %s left by a recorder that is "
			 "gone cannot be removed yet (%s%s); %s", name, strerror(e), held(e),
			 stop_result(off));
	} else {
		snprintf(msg, sizeof(msg), "removed the tracefs instance %s left by a recorder "
			 "that is gone", name);
	}
	close(fd);
	if (notice)
		notice(msg);
}

static void reap_dead(int instances, void (*notice)(const char *msg))
{
	int fd = openat(instances, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *d;

	if (!dp) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((d = readdir(dp)))
		if (named_by_locking_recorder(d->d_name))
			reap(instances, d->d_name, notice);
	closedir(dp);
}

static int make_unique(struct record_instance *ri, int instances)
{
	uint32_t rnd;

	for (int i = 0; i < NAME_TRIES; i++) {
		if (getrandom(&rnd, sizeof(rnd), 0) != sizeof(rnd))
			return -1;
		snprintf(ri->name, sizeof(ri->name), "rvreplay-%d-%08x", (int)getpid(), rnd);
		if (!mkdirat(instances, ri->name, 0750))
			return 0;
		/* taken, by a recorder of another PID namespace with our PID */
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

static int lock_own(struct record_instance *ri, int instances)
{
	int e;

	ri->fd = openat(instances, ri->name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (ri->fd >= 0 && !flock(ri->fd, LOCK_EX | LOCK_NB))
		return 0;
	e = errno;
	if (ri->fd >= 0)
		close(ri->fd);
	ri->fd = -1;
	unlinkat(instances, ri->name, AT_REMOVEDIR);
	errno = e;
	return -1;
}

/**
 * record_instance_create() - a new instance of our own, locked
 * @ri: filled
 * @tracing_dir: where tracefs is mounted
 * @notice: told of the instances of dead recorders found on the way, or NULL
 * @err: for the message on failure
 * @errlen: its size
 *
 * Instances of recorders that died (their lock is free) are stopped and
 * removed on the way; one that a process still holds is stopped only,
 * and removed by a later recording.
 *
 * Return: 0, or -1 with @err set and nothing created.
 */
int record_instance_create(struct record_instance *ri, const char *tracing_dir,
			   void (*notice)(const char *msg), char *err, size_t errlen)
{
	char dir[PATH_MAX];
	int instances, ret = -1;

	ri->fd = -1;
	snprintf(dir, sizeof(dir), "%s/instances", tracing_dir);
	instances = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (instances < 0 || lock_wait(instances)) {
		snprintf(err, errlen, "cannot lock %s: %s", dir,
			 errno == EWOULDBLOCK ? "another process holds it" : strerror(errno));
		goto out;
	}
	reap_dead(instances, notice);
	if (make_unique(ri, instances) || lock_own(ri, instances)) {
		snprintf(err, errlen, "cannot create a tracefs instance in %s: %s", dir,
			 strerror(errno));
		goto out;
	}
	snprintf(ri->path, sizeof(ri->path), "%s/%s", dir, ri->name);
	ret = 0;
out:
	if (instances >= 0)
		close(instances);	/* and unlock it */
	return ret;
}

/**
 * record_instance_check() - is the instance still ours, and tracing?
 * @ri: the instance
 * @tracing: whether tracing must be on
 * @err: for the message
 * @errlen: its size
 *
 * Another process may remove the instance before we hold its files and
 * put another one under its name, or turn tracing off in ours: either way
 * the trace would have a gap nobody sees.
 *
 * Return: 0, or -1 with @err set.
 */
int record_instance_check(const struct record_instance *ri, bool tracing, char *err,
			  size_t errlen)
{
	struct stat mine, now;
	const char *what = NULL;
	char on;

	if (fstat(ri->fd, &mine) || stat(ri->path, &now))
		what = "was removed";
	else if (mine.st_dev != now.st_dev || mine.st_ino != now.st_ino)
		what = "was replaced";
	else if (!mine.st_nlink)
		what = "was removed";
	else if (tracing && (read_char_at(ri->fd, "tracing_on", &on) || on != '1'))
		what = "had tracing turned off";
	if (!what)
		return 0;
	snprintf(err, errlen, "the tracefs instance %s %s by another process during the "
		 "recording: no trace written", ri->name, what);
	return -1;
}

/**
 * record_instance_remove() - turn tracing off and remove the instance
 * @ri: the instance; nothing is done when its fd is -1
 * @err: for the message
 * @errlen: its size
 *
 * While a process holds one of its files (a background child of the
 * command that kept trace_marker open), the kernel refuses to remove it:
 * it is stopped so that it costs nothing, and unlocked, so that the next
 * recording removes it once it is free.
 *
 * Return: 0, or -1 with @err set when the instance is left.
 */
int record_instance_remove(struct record_instance *ri, char *err, size_t errlen)
{
	int ret = 0, e;

	if (ri->fd < 0)
		return 0;
	write_at(ri->fd, "tracing_on", "0");
	/* no longer at its path (record_instance_check() said so): leave what is there */
	if (same_dir(ri->fd, ri->path) && rmdir(ri->path)) {
		e = errno;
		snprintf(err, errlen, "the tracefs instance %s cannot be removed (%s%s, a "
			 "background child of the command?); %s", ri->name, strerror(e), held(e),
			 stop_result(stop(ri->fd)));
		ret = -1;
	}
	close(ri->fd);
	ri->fd = -1;
	return ret;
}
