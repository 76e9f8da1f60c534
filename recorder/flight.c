// SPDX-License-Identifier: GPL-2.0-only
/*
 * The flight recorder: flight.h.
 *
 * Each CPU's pages after the start are indexed by their header's time (a
 * queue of offset and time, trimmed to the window: memory flat); the
 * CPU's file in the work folder holds them, and what falls out of the
 * window is punched out of it (fallocate), so offsets stay and the disk
 * holds the window. A violation asks for a file; once the newest probe is
 * --after past the oldest asked for, a child writes one file for every
 * violation asked for by then, at nice 19, while the watcher goes on. One
 * child at a time; at most --max-files files.
 *
 * --flight-dir may be shared (issue 43): the child writes in a folder of
 * its own there (a work folder, as record's), and renames the file out of
 * it under the next number no file has, past the highest a new watch
 * finds there: no file in it is opened through another user's link, none
 * is ever replaced.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "flight.h"
#include "record_session.h"

#define FLIGHT_TOLD	64	/* violation times kept for the message of one file */
#define FLIGHT_PREFIX	"violation-"
#define FLIGHT_SUFFIX	".dat"
#define FLIGHT_WRITTEN	"violation.dat"	/* the child's file, in its work folder */
#define FLIGHT_TRIES	1000		/* numbers taken meanwhile, tried past */

struct fpage {
	uint64_t	offset;
	uint64_t	ts;		/* its header's time: no record of it is older */
};

struct fcpu {
	struct fpage	*q;		/* a ring */
	size_t		head, nr, cap;
	uint64_t	prologue;	/* the bytes of the start, kept whole */
	uint64_t	freed;		/* punched out of its file up to here */
};

struct flight {
	struct flight_options	o;
	struct fcpu		*cpus;
	int			nr;
	uint32_t		subbuf;
	bool			started;
	unsigned long		files;		/* written or being written */
	uint64_t		asked[FLIGHT_TOLD];	/* violations waiting for a file */
	int			nr_asked;
	uint64_t		first_asked;	/* the oldest of them (also past FLIGHT_TOLD) */
	pid_t			child;
	uint64_t		child_from;	/* its window's start */
	uint64_t		child_ts[FLIGHT_TOLD];
	int			child_nr;
	char			child_file[PATH_MAX];
	int			dir_fd;		/* --flight-dir (O_PATH) */
	unsigned long		number;		/* the highest N of a violation-N.dat there */
	unsigned long		*placed;	/* shared: the N the child's file took, or 0 */
	struct record_workdir	work;		/* the child's folder in --flight-dir */
	int			work_fd;	/* it, opened and checked; -1 */
};

static struct fpage *at(struct fcpu *c, size_t i)
{
	return &c->q[(c->head + i) % c->cap];
}

static int push(struct fcpu *c, uint64_t offset, uint64_t ts)
{
	if (c->nr == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 256;
		struct fpage *q = malloc(cap * sizeof(*q));

		if (!q)
			return -1;
		for (size_t i = 0; i < c->nr; i++)
			q[i] = *at(c, i);
		free(c->q);
		c->q = q;
		c->head = 0;
		c->cap = cap;
	}
	*at(c, c->nr++) = (struct fpage){ offset, ts };
	return 0;
}

/* violation-N.dat: its N. Return: true for such a name. */
static bool file_number(const char *name, unsigned long *n)
{
	const char *digits = name + strlen(FLIGHT_PREFIX);
	char *end;

	if (strncmp(name, FLIGHT_PREFIX, strlen(FLIGHT_PREFIX)) || *digits < '0' || *digits > '9')
		return false;
	errno = 0;
	*n = strtoul(digits, &end, 10);
	return !errno && !strcmp(end, FLIGHT_SUFFIX);
}

/* The highest N of the violation-N.dat in @dir: a new watch numbers past it. */
static unsigned long highest_number(const char *dir)
{
	DIR *dp = opendir(dir);
	unsigned long n, highest = 0;
	struct dirent *d;

	if (!dp)
		return 0;
	while ((d = readdir(dp)))
		if (file_number(d->d_name, &n) && n > highest)
			highest = n;
	closedir(dp);
	return highest;
}

/* The child's work folder gone, with the file it wrote if still there. */
static void work_close(struct flight *fl)
{
	if (fl->work_fd >= 0) {
		unlinkat(fl->work_fd, FLIGHT_WRITTEN, 0);
		close(fl->work_fd);
	}
	fl->work_fd = -1;
	record_workdir_remove(&fl->work);
}

/*
 * The child's work folder in --flight-dir (a dead watcher's reaped on the
 * way), opened and checked: the folder mkdtemp made, not one another user
 * put in its place. Return: 0, or -1.
 */
static int work_open(struct flight *fl)
{
	char near[PATH_MAX], err[RECORD_ERR_LEN];
	struct stat st;

	snprintf(near, sizeof(near), "%s/" FLIGHT_WRITTEN, fl->o.dir);
	if (record_workdir_create(&fl->work, near, NULL, err, sizeof(err)))
		return -1;
	fl->work_fd = open(fl->work.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fl->work_fd < 0 || fstat(fl->work_fd, &st) || st.st_uid != geteuid() ||
	    (st.st_mode & 077)) {
		work_close(fl);
		return -1;
	}
	return 0;
}

/*
 * @from, in the folder @from_dir, renamed to @to in @to_dir unless @to
 * exists (whatever it is: a file, another user's link). Return: 0, or -1
 * with errno (EEXIST).
 */
static int publish(int from_dir, const char *from, int to_dir, const char *to)
{
	if (!renameat2(from_dir, from, to_dir, to, RENAME_NOREPLACE))
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
	/* a file system without RENAME_NOREPLACE: a hard link fails on a name taken too */
	if (linkat(from_dir, from, to_dir, to, 0))
		return -1;
	unlinkat(from_dir, from, 0);
	return 0;
}

/* violation-N.dat, and its path for messages */
static const char *name_file(struct flight *fl, unsigned long n)
{
	snprintf(fl->child_file, sizeof(fl->child_file), "%s/" FLIGHT_PREFIX "%lu" FLIGHT_SUFFIX,
		 fl->o.dir, n);
	return fl->child_file + strlen(fl->o.dir) + 1;
}

/* The child's file in place under the next number free. Return: 0, or -1. */
static int place(struct flight *fl)
{
	for (int i = 0; i < FLIGHT_TRIES; i++) {
		const char *name = name_file(fl, fl->number + 1);

		if (!publish(fl->work_fd, FLIGHT_WRITTEN, fl->dir_fd, name)) {
			fl->number++;
			return 0;
		}
		if (errno != EEXIST)
			return -1;
		fl->number++;
	}
	return -1;
}

/**
 * flight_new() - a flight recorder for @nr_cpus CPU streams
 * @o: its options (copied); @o->dir set
 * @nr_cpus: the session's streams
 * @subbuf: the sub-buffer size
 *
 * Return: it, or NULL with errno set (no memory, @o->dir cannot be
 * opened). Its files are numbered past the highest violation-N.dat
 * already in @o->dir.
 */
struct flight *flight_new(const struct flight_options *o, int nr_cpus, uint32_t subbuf)
{
	struct flight *fl = calloc(1, sizeof(*fl));

	if (!fl)
		return NULL;
	fl->o = *o;
	fl->nr = nr_cpus;
	fl->subbuf = subbuf;
	fl->work_fd = -1;
	fl->dir_fd = open(o->dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	fl->number = highest_number(o->dir);
	fl->placed = mmap(NULL, sizeof(*fl->placed), PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	fl->cpus = calloc(nr_cpus ? nr_cpus : 1, sizeof(*fl->cpus));
	if (fl->dir_fd < 0 || fl->placed == MAP_FAILED || !fl->cpus) {
		int e = errno;

		fl->nr = 0;
		flight_free(fl);
		errno = e;
		return NULL;
	}
	return fl;
}

void flight_free(struct flight *fl)
{
	if (!fl)
		return;
	work_close(fl);
	if (fl->dir_fd >= 0)
		close(fl->dir_fd);
	if (fl->placed != MAP_FAILED)
		munmap(fl->placed, sizeof(*fl->placed));
	for (int i = 0; i < fl->nr; i++)
		free(fl->cpus[i].q);
	free(fl->cpus);
	free(fl);
}

/**
 * flight_page() - a page read, at @offset of stream @index's file
 * @fl: the recorder, or NULL
 * @index: the stream
 * @offset: its place
 * @page: its bytes (the header's time is read)
 *
 * Until flight_started(), pages are the start, kept whole in every file.
 */
void flight_page(struct flight *fl, int index, uint64_t offset, const void *page)
{
	struct fcpu *c;
	uint64_t ts;

	if (!fl || index < 0 || index >= fl->nr)
		return;
	c = &fl->cpus[index];
	if (!fl->started) {
		c->prologue = offset + fl->subbuf;
		c->freed = c->prologue;
		return;
	}
	memcpy(&ts, page, sizeof(ts));
	if (push(c, offset, ts))
		c->freed = offset + fl->subbuf;	/* not indexed: never in a file */
}

/**
 * flight_started() - the start read (its metadata lines): what follows is the run
 * @fl: the recorder, or NULL
 */
void flight_started(struct flight *fl)
{
	if (fl)
		fl->started = true;
}

/**
 * flight_request() - a violation at @ts wants its file
 * @fl: the recorder, or NULL
 * @ts: its time
 *
 * Return: true when a file will hold it, false when --max-files was reached.
 */
bool flight_request(struct flight *fl, uint64_t ts)
{
	if (!fl)
		return false;
	if (!fl->nr_asked && fl->files >= fl->o.max_files)
		return false;
	if (!fl->nr_asked || ts < fl->first_asked)
		fl->first_asked = ts;
	if (fl->nr_asked < FLIGHT_TOLD)
		fl->asked[fl->nr_asked++] = ts;
	return true;
}

/* Pages before @keep_from out of the index, and out of the file (punched). */
static void trim_cpu(struct fcpu *c, int fd, uint64_t keep_from, uint32_t subbuf)
{
	uint64_t upto = c->freed;

	/* a page stays while the one after it may hold records at or after keep_from */
	while (c->nr > 1 && at(c, 1)->ts <= keep_from) {
		upto = at(c, 0)->offset + subbuf;
		c->head = (c->head + 1) % c->cap;
		c->nr--;
	}
	if (upto > c->freed && fd >= 0 &&
	    !fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, c->freed, upto - c->freed))
		c->freed = upto;
}

/* By bytes: the oldest pages of all CPUs out until the window fits. */
static uint64_t keep_from_bytes(struct flight *fl)
{
	uint64_t pages = 0, limit = fl->o.keep_bytes / fl->subbuf, from = 0;
	size_t skip[fl->nr ? fl->nr : 1];

	for (int i = 0; i < fl->nr; i++) {
		pages += fl->cpus[i].nr;
		skip[i] = 0;
	}
	while (pages > limit) {
		int oldest = -1;

		for (int i = 0; i < fl->nr; i++)
			if (skip[i] < fl->cpus[i].nr &&
			    (oldest < 0 || at(&fl->cpus[i], skip[i])->ts <
					   at(&fl->cpus[oldest], skip[oldest])->ts))
				oldest = i;
		if (oldest < 0)
			break;
		from = at(&fl->cpus[oldest], skip[oldest])->ts + 1;
		skip[oldest]++;
		pages--;
	}
	return from;
}

/* Where the file of the violations asked for begins: --keep TIME before the first, or all kept. */
static uint64_t window_from(const struct flight *fl)
{
	if (fl->o.keep_bytes)
		return 0;
	return fl->first_asked > fl->o.keep_ns ? fl->first_asked - fl->o.keep_ns : 0;
}

static void trim(struct flight *fl, struct record_session *s, uint64_t now_ns)
{
	uint64_t keep_from = fl->o.keep_bytes ? keep_from_bytes(fl) :
			     now_ns > fl->o.keep_ns ? now_ns - fl->o.keep_ns : 0;

	/*
	 * What a violation waiting for its file, or the child writing one,
	 * needs: its --keep TIME before it, or by bytes its own page at least
	 * (the window may grow past --keep SIZE while it waits for --after).
	 */
	if (fl->nr_asked) {
		uint64_t need = fl->o.keep_bytes ? fl->first_asked : window_from(fl);

		if (need < keep_from)
			keep_from = need;
	}
	if (fl->child > 0 && fl->child_from < keep_from)
		keep_from = fl->child_from;
	for (int i = 0; i < fl->nr; i++)
		trim_cpu(&fl->cpus[i], s->streams.cpus[i].out_fd, keep_from, fl->subbuf);
}

/* Copy @len bytes at @from of @in to @out. Return: 0, or -1. */
static int copy_range(int in, int out, uint64_t from, uint64_t len)
{
	char buf[65536];

	while (len) {
		ssize_t n = pread(in, buf, len < sizeof(buf) ? len : sizeof(buf), from);

		if (n <= 0 || write(out, buf, n) != n)
			return -1;
		from += n;
		len -= n;
	}
	return 0;
}

/* One page of the window; the first after a cut says events were lost before it. */
static int copy_page(int in, int out, uint64_t offset, uint32_t subbuf, bool cut)
{
	unsigned char page[subbuf];
	unsigned long commit;

	if (pread(in, page, subbuf, offset) != (ssize_t)subbuf)
		return -1;
	if (cut) {
		/* the header's commit word, the kernel's long: RB_MISSED_EVENTS */
		memcpy(&commit, page + 8, sizeof(commit));
		commit |= 1UL << 31;
		memcpy(page + 8, &commit, sizeof(commit));
	}
	return write(out, page, subbuf) == (ssize_t)subbuf ? 0 : -1;
}

/* A CPU's part of the file, @dst in the work folder: its start, then its pages of [@from, @to]. */
static int cpu_part(struct flight *fl, int i, const char *src, const char *dst, uint64_t from,
		    uint64_t to)
{
	struct fcpu *c = &fl->cpus[i];
	int in = open(src, O_RDONLY | O_CLOEXEC), out, ret = 0;
	uint64_t next = c->prologue;

	out = openat(fl->work_fd, dst, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (in < 0 || out < 0 || copy_range(in, out, 0, c->prologue))
		ret = -1;
	for (size_t k = 0; !ret && k < c->nr; k++) {
		const struct fpage *p = at(c, k);

		if (p->ts > to)
			break;
		if (k + 1 < c->nr && at(c, k + 1)->ts <= from)
			continue;
		ret = copy_page(in, out, p->offset, fl->subbuf, p->offset != next);
		next = p->offset + fl->subbuf;
	}
	if (in >= 0)
		close(in);
	if (out >= 0 && close(out))
		ret = -1;
	return ret;
}

/*
 * The child: the file of [@from, @to] written whole in the work folder,
 * from inside it (names in it only), then put in place, even if the
 * watcher is killed meanwhile; its number told through @fl->placed.
 */
static void write_file(struct flight *fl, struct record_session *s, uint64_t from, uint64_t to)
{
	int ret = 0, done = 0;

	setpriority(PRIO_PROCESS, 0, 19);
	for (; done < fl->nr && !ret; done++) {
		char dst[32];

		snprintf(dst, sizeof(dst), "cpu%d.raw", s->streams.cpus[done].cpu);
		ret = cpu_part(fl, done, s->streams.cpus[done].path, dst, from, to);
		/* the child's own copy of the session: its files are the window's */
		snprintf(s->streams.cpus[done].path, sizeof(s->streams.cpus[done].path), "%s", dst);
	}
	s->window = true;
	if (!ret && fchdir(fl->work_fd))
		ret = -1;
	if (!ret)
		ret = record_session_write(s, FLIGHT_WRITTEN);
	for (int i = 0; i < done; i++)
		unlinkat(fl->work_fd, s->streams.cpus[i].path, 0);
	if (!ret)
		ret = place(fl);
	*fl->placed = ret ? 0 : fl->number;
	_exit(ret ? 1 : 0);
}

/* The files asked for by now, in one child. */
static void start_child(struct flight *fl, struct record_session *s, uint64_t to)
{
	uint64_t from = window_from(fl);

	fl->files++;
	name_file(fl, fl->number + 1);
	memcpy(fl->child_ts, fl->asked, fl->nr_asked * sizeof(*fl->asked));
	fl->child_nr = fl->nr_asked;
	fl->child_from = from;
	fl->nr_asked = 0;
	*fl->placed = 0;
	fl->child = work_open(fl) ? -1 : fork();
	if (fl->child == 0)
		write_file(fl, s, from, to);
	if (fl->child > 0)
		return;
	work_close(fl);
	if (fl->o.told)
		fl->o.told(fl->o.data, fl->child_file, fl->child_ts, fl->child_nr, false);
}

/* The child's end, its file told under the number it took. */
static void reap(struct flight *fl, bool wait)
{
	int status;
	bool written;

	if (fl->child <= 0 || waitpid(fl->child, &status, wait ? 0 : WNOHANG) != fl->child)
		return;
	fl->child = 0;
	written = WIFEXITED(status) && !WEXITSTATUS(status) && *fl->placed;
	if (written) {
		fl->number = *fl->placed;
		name_file(fl, fl->number);
	}
	work_close(fl);
	if (fl->o.told)
		fl->o.told(fl->o.data, fl->child_file, fl->child_ts, fl->child_nr, written);
}

/**
 * flight_pull() - at each pull: the child reaped, the window trimmed, a file started if due
 * @fl: the recorder, or NULL
 * @s: the session (its CPU files)
 * @now_ns: the newest probe's time
 */
void flight_pull(struct flight *fl, struct record_session *s, uint64_t now_ns)
{
	if (!fl || !fl->started || !now_ns)
		return;
	reap(fl, false);
	trim(fl, s, now_ns);
	if (fl->child <= 0 && fl->nr_asked && fl->first_asked + fl->o.after_ns <= now_ns)
		start_child(fl, s, now_ns);
}

/**
 * flight_end() - the trace ended: the files still asked for written, the children waited for
 * @fl: the recorder, or NULL
 * @s: the session, tracing off and its pages all read
 */
void flight_end(struct flight *fl, struct record_session *s)
{
	if (!fl)
		return;
	reap(fl, true);
	if (fl->nr_asked) {
		start_child(fl, s, UINT64_MAX);
		reap(fl, true);
	}
}

/**
 * flight_kept() - whether a page is still in its CPU's file
 * @fl: the recorder, or NULL (every page is)
 * @index: the stream
 * @offset: the page's place
 *
 * Return: false for a page punched out.
 */
bool flight_kept(const struct flight *fl, int index, uint64_t offset)
{
	const struct fcpu *c;

	if (!fl || index < 0 || index >= fl->nr)
		return true;
	c = &fl->cpus[index];
	return offset < c->prologue || offset >= c->freed;
}
