// SPDX-License-Identifier: GPL-2.0-only
/*
 * Files written for the user, whole or not at all (output_file.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "direct_output.h"
#include "output_file.h"
#include "temp_files.h"

#define MAX_LINKS	40

static int fail(char *err, size_t len, const char *what, int e)
{
	snprintf(err, len, "%s: %s", what, strerror(e));
	return -1;
}

/*
 * A link followed here is followed as the kernel's fs.protected_symlinks
 * follows one, whatever its setting: ours, or its folder owner's. Another
 * user's link in a shared folder (/tmp) could point at any file.
 */
static int trusted(const char *link, const struct stat *st, char *err, size_t len)
{
	char dir[OUTPUT_PATH_LEN];
	struct stat d;

	snprintf(dir, sizeof(dir), "%s", link);
	if (st->st_uid == geteuid() || (!stat(dirname(dir), &d) && d.st_uid == st->st_uid))
		return 0;
	snprintf(err, len, "cannot write through a link of another user (uid %u) in a folder "
		 "not theirs", (unsigned int)st->st_uid);
	return -1;
}

/* Where a chain of symlinks ends, existing or not; each link trusted(). */
static int follow(const char *path, char *out, size_t len, char *err, size_t errlen)
{
	char link[OUTPUT_PATH_LEN], dir[OUTPUT_PATH_LEN];
	struct stat st;
	ssize_t n;

	if (snprintf(out, len, "%s", path) >= (int)len)
		return fail(err, errlen, "cannot write", ENAMETOOLONG);
	for (int hops = 0; !lstat(out, &st) && S_ISLNK(st.st_mode); hops++) {
		if (hops == MAX_LINKS)
			return fail(err, errlen, "cannot write", ELOOP);
		if (trusted(out, &st, err, errlen))
			return -1;
		n = readlink(out, link, sizeof(link) - 1);
		if (n < 0)
			return fail(err, errlen, "cannot read the link", errno);
		link[n] = '\0';
		snprintf(dir, sizeof(dir), "%s", out);
		if (link[0] == '/')
			n = snprintf(out, len, "%s", link);
		else
			n = snprintf(out, len, "%s/%s", dirname(dir), link);
		if (n >= (ssize_t)len)
			return fail(err, errlen, "cannot write", ENAMETOOLONG);
	}
	return 0;
}

static mode_t new_file_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

/**
 * output_file_prepare() - decide where and how an output file is written
 * @o: the output
 * @path: where the user asked it to go; NULL for standard output
 * @input_fd: the file being read, which the output may not be; -1: none
 * @err: what is wrong (without the file name)
 * @len: size of @err
 *
 * Return: 0, or -1 with @err set (the output is the input, a directory,
 * or its links cannot be followed: one is another user's, in a folder
 * not theirs).
 */
int output_file_prepare(struct output_file *o, const char *path, int input_fd, char *err,
			size_t len)
{
	struct stat st, in;

	memset(o, 0, sizeof(*o));
	o->path = path ? path : "stdout";
	o->mode = new_file_mode();
	if (!path) {
		o->direct = true;
		return 0;
	}
	/* where the links end (a dangling one's too): the file is made there */
	if (follow(path, o->target, sizeof(o->target), err, len))
		return -1;
	if (stat(path, &st))
		return errno == ENOENT ? 0 : fail(err, len, "cannot write", errno);
	if (S_ISDIR(st.st_mode))
		return fail(err, len, "cannot write", EISDIR);
	if (input_fd >= 0 && !fstat(input_fd, &in) && in.st_dev == st.st_dev &&
	    in.st_ino == st.st_ino) {
		snprintf(err, len, "is the trace being read: it would be overwritten");
		return -1;
	}
	/* a device or FIFO, even behind /proc's links (/dev/stdout): opened as it is */
	o->direct = !S_ISREG(st.st_mode);
	if (o->direct) {
		snprintf(o->target, sizeof(o->target), "%s", path);
		o->dev = st.st_dev;
		o->ino = st.st_ino;
		return 0;
	}
	o->mode = st.st_mode & 07777;
	return 0;
}

/**
 * output_file_open() - the stream to write the output to
 * @o: the output, prepared
 * @err: what is wrong
 * @len: size of @err
 *
 * A temporary file next to the target (renamed over it by
 * output_file_commit()), or for a direct output one in $TMPDIR.
 *
 * Return: the stream, or NULL with @err set.
 */
FILE *output_file_open(struct output_file *o, char *err, size_t len)
{
	int fd;

	if (o->direct) {
		o->file = tmpfile();
		if (!o->file)
			fail(err, len, "cannot write a temporary file", errno);
		return o->file;
	}
	snprintf(o->tmp, sizeof(o->tmp), "%s.tmpXXXXXX", o->target);
	/* in the table before it exists: no instant where a signal leaves it */
	temp_files_add(o->tmp);
	fd = mkstemp(o->tmp);
	if (fd < 0) {
		fail(err, len, "cannot write", errno);
		temp_files_drop(o->tmp);
		o->tmp[0] = '\0';
		return NULL;
	}
	if (fchmod(fd, o->mode) || !(o->file = fdopen(fd, "w"))) {
		fail(err, len, "cannot write", errno);
		close(fd);
		unlink(o->tmp);
		temp_files_drop(o->tmp);
		o->tmp[0] = '\0';
	}
	return o->file;
}

/* The device or FIFO prepared, opened: still that one, not a file put in its place. */
static int open_direct(const struct output_file *o, char *err, size_t len)
{
	int fd = direct_output_open(o->target, err, len);
	struct stat st;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || st.st_dev != o->dev || st.st_ino != o->ino) {
		close(fd);
		snprintf(err, len, "cannot write: no longer the file it was at the start");
		return -1;
	}
	return fd;
}

/* The bytes of @fd into the direct target (or standard output). */
static int copy_to_target(struct output_file *o, int fd, char *err, size_t len)
{
	int to = o->target[0] ? open_direct(o, err, len) : STDOUT_FILENO;
	int ret;

	if (to < 0)
		return -1;
	if (lseek(fd, 0, SEEK_SET))
		ret = fail(err, len, "cannot write", errno);
	else
		ret = direct_output_copy(fd, to, err, len);
	if (to != STDOUT_FILENO && close(to) && !ret)
		ret = fail(err, len, "cannot write", errno);
	return ret;
}

/**
 * output_file_stream() - a stream on the output itself, written as it goes (tail -f)
 * @o: the output, prepared with a path
 * @err: what is wrong
 * @len: size of @err
 *
 * A regular file is output_file_open()'s, renamed into place at once; a
 * device or FIFO is opened. fclose() ends it (no output_file_commit()).
 *
 * Return: the stream, or NULL with @err set.
 */
FILE *output_file_stream(struct output_file *o, char *err, size_t len)
{
	FILE *f;
	int fd;

	if (o->direct) {
		fd = open_direct(o, err, len);
		/* written as it goes by stdio: blocking once it has its reader */
		if (fd >= 0)
			fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
		f = fd >= 0 ? fdopen(fd, "w") : NULL;
		if (fd >= 0 && !f) {
			fail(err, len, "cannot write", errno);
			close(fd);
		}
		return f;
	}
	if (!output_file_open(o, err, len))
		return NULL;
	if (rename(o->tmp, o->target)) {
		fail(err, len, "cannot rename into place", errno);
		output_file_abort(o);
		return NULL;
	}
	temp_files_drop(o->tmp);
	o->tmp[0] = '\0';
	f = o->file;
	o->file = NULL;
	return f;
}

/**
 * output_file_commit() - put what was written to output_file_open()'s stream in place
 * @o: the output
 * @err: what is wrong
 * @len: size of @err
 *
 * Return: 0, or -1 with @err set (nothing is left behind then).
 */
int output_file_commit(struct output_file *o, char *err, size_t len)
{
	int ret = 0;

	if (!o->file)
		return 0;
	if (fflush(o->file) || ferror(o->file))
		ret = fail(err, len, "cannot write", errno ? errno : EIO);
	if (!ret && o->direct)
		ret = copy_to_target(o, fileno(o->file), err, len);
	if (fclose(o->file) && !ret)
		ret = fail(err, len, "cannot write", errno);
	o->file = NULL;
	if (!o->tmp[0])
		return ret;
	if (!ret && rename(o->tmp, o->target))
		ret = fail(err, len, "cannot rename into place", errno);
	if (ret)
		unlink(o->tmp);
	temp_files_drop(o->tmp);
	o->tmp[0] = '\0';
	return ret;
}

/**
 * output_file_place() - put a file written elsewhere in place (a recorded trace)
 * @o: the output, prepared
 * @complete: the file, complete; in output_file_workdir()'s folder
 * @err: what is wrong
 * @len: size of @err
 *
 * Renamed over the target, or copied into a direct one.
 *
 * Return: 0, or -1 with @err set.
 */
int output_file_place(struct output_file *o, const char *complete, char *err, size_t len)
{
	int fd, ret;

	if (!o->direct) {
		if (chmod(complete, o->mode) || rename(complete, o->target))
			return fail(err, len, "cannot rename into place", errno);
		return 0;
	}
	fd = open(complete, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fail(err, len, "cannot read the trace written", errno);
	ret = copy_to_target(o, fd, err, len);
	close(fd);
	return ret;
}

/**
 * output_file_workdir() - next to what a work folder for the output goes
 * @o: the output, prepared
 *
 * Return: the target for a regular file (the same file system, so that
 * output_file_place() renames), else a name in $TMPDIR.
 */
const char *output_file_workdir(const struct output_file *o)
{
	static char tmp[OUTPUT_PATH_LEN];
	const char *dir = getenv("TMPDIR");

	if (!o->direct)
		return o->target;
	snprintf(tmp, sizeof(tmp), "%s/rvreplay-output", dir && *dir ? dir : "/tmp");
	return tmp;
}

/**
 * output_file_abort() - leave nothing behind
 * @o: the output
 */
void output_file_abort(struct output_file *o)
{
	if (o->file)
		fclose(o->file);
	o->file = NULL;
	if (o->tmp[0])
		unlink(o->tmp);
	temp_files_drop(o->tmp);
	o->tmp[0] = '\0';
}
