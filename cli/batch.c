// SPDX-License-Identifier: GPL-2.0-only
/*
 * Many traces in one run (batch.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"
#include "escape.h"
#include "cmd.h"
#include "temp_files.h"
#include "trace_result.h"

/* What a child writes, each into a memory file the parent reads back. */
enum { CAUGHT_OUT, CAUGHT_ERR, CAUGHT_LINE, CAUGHT_SUITE, CAUGHT_NOTES, NR_CAUGHT };

struct job {
	pid_t		pid;		/* 0: a free slot */
	unsigned int	index;
	int		fd[NR_CAUGHT];
	struct timespec	deadline;	/* with a timeout: when it is stopped */
	bool		timed_out;	/* SIGTERM sent */
	bool		killed;		/* SIGKILL sent, a second later */
};

/* Where a trace's JUnit testsuite is in the spool: written in list order at the end. */
struct spooled {
	off_t		at;
	off_t		len;		/* 0: none */
};

struct tally {
	unsigned int	by_code[3];
	int		worst;
	long		worst_index;	/* the first trace of the list that gave it; -1: none yet */
	FILE		*spool;		/* the testsuites as the traces end, a file */
	struct spooled	*suites;	/* [list->nr] */
	int		out_errno;	/* stdout or the spool could not be written: why */
};

static void close_job(struct job *j)
{
	for (int i = 0; i < NR_CAUGHT; i++)
		if (j->fd[i] >= 0)
			close(j->fd[i]);
	memset(j, 0, sizeof(*j));
}

/*
 * The child: its outputs to the memory files, the trace replayed, its code.
 * A batch stopped (SIGTERM to the batch alone, not its process group) stops
 * its jobs: each ends, its outputs in progress removed, with its parent.
 */
static void child(const struct batch *b, const struct job *j, pid_t parent)
{
	FILE *line = NULL, *suite = NULL, *notes;
	int code;

	temp_files_forget();
	/* the jobs share the CPUs: a helper thread each only if there are spares */
	trace_input_share_cpus(b->jobs);
	if (prctl(PR_SET_PDEATHSIG, SIGTERM) || getppid() != parent)
		_exit(EXIT_ERROR);
	notes = fdopen(dup(j->fd[CAUGHT_NOTES]), "w");
	dup2(j->fd[CAUGHT_OUT], STDOUT_FILENO);
	dup2(j->fd[CAUGHT_ERR], STDERR_FILENO);
	if (b->jsonl || b->line)
		line = fdopen(dup(j->fd[CAUGHT_LINE]), "w");
	if (b->junit)
		suite = fdopen(dup(j->fd[CAUGHT_SUITE]), "w");
	code = b->one(b->ctx, j->index, line, suite, notes);
	if (notes)
		fclose(notes);
	if (line)
		fclose(line);
	if (suite)
		fclose(suite);
	fflush(stdout);
	fflush(stderr);
	_exit(code);
}

static int start(const struct batch *b, struct job *j, unsigned int index)
{
	static const char *const names[NR_CAUGHT] = { "stdout", "stderr", "line", "suite",
						       "notes" };
	pid_t parent = getpid();

	j->index = index;
	for (int i = 0; i < NR_CAUGHT; i++) {
		j->fd[i] = memfd_create(names[i], MFD_CLOEXEC);
		if (j->fd[i] < 0) {
			cmd_error(NULL, "cannot make a memory file: %s", strerror(errno));
			close_job(j);
			return -1;
		}
	}
	/* nothing buffered may be written twice: by the child too */
	fflush(NULL);
	j->pid = fork();
	if (j->pid < 0) {
		cmd_error(NULL, "cannot fork: %s", strerror(errno));
		close_job(j);
		return -1;
	}
	if (!j->pid)
		child(b, j, parent);
	clock_gettime(CLOCK_MONOTONIC, &j->deadline);
	j->deadline.tv_sec += b->timeout;
	j->timed_out = false;
	j->killed = false;
	return 0;
}

/* A memory file's bytes, NUL-terminated (NULL when empty or unreadable). */
static char *slurp(int fd)
{
	off_t size = lseek(fd, 0, SEEK_END);
	char *buf;

	if (size <= 0 || !(buf = malloc(size + 1)))
		return NULL;
	if (pread(fd, buf, size, 0) != size) {
		free(buf);
		return NULL;
	}
	buf[size] = '\0';
	return buf;
}

/*
 * @len bytes of @fd from @at to @to, a piece at a time: a report of any
 * size, never whole in memory. Return: 0, or an errno when writing failed.
 */
static int copy_range(int fd, off_t at, off_t len, FILE *to)
{
	char buf[65536];

	while (len > 0) {
		ssize_t n = pread(fd, buf, len < (off_t)sizeof(buf) ? len : (off_t)sizeof(buf), at);

		if (n <= 0)
			return n < 0 ? errno : EIO;
		if (fwrite(buf, 1, n, to) != (size_t)n)
			return errno ? errno : EIO;
		at += n;
		len -= n;
	}
	return fflush(to) ? errno : 0;
}

/* What a child wrote to @fd, after @header when there is any. Return: as copy_range(). */
static int copy_out(int fd, FILE *to, const char *header)
{
	off_t size = lseek(fd, 0, SEEK_END);

	if (size <= 0)
		return 0;
	if (header && fputs(header, to) == EOF)
		return errno ? errno : EIO;
	return copy_range(fd, 0, size, to);
}

/* The spool of testsuites: a file in memory, written as the traces end. */
static FILE *spool_open(void)
{
	int fd = memfd_create("junit", MFD_CLOEXEC);
	FILE *f = fd >= 0 ? fdopen(fd, "w+") : NULL;

	if (fd >= 0 && !f)
		close(fd);
	return f;
}

/*
 * A child's testsuite (or @text for it), at the spool's end; its place
 * kept. Return: as copy_range().
 */
static int spool_suite(struct tally *t, unsigned int index, int fd, const char *text)
{
	off_t at = ftello(t->spool);
	int err;

	if (text)
		err = fputs(text, t->spool) == EOF || fflush(t->spool) ? (errno ? errno : EIO) : 0;
	else
		err = copy_range(fd, 0, lseek(fd, 0, SEEK_END), t->spool);
	if (err)
		return err;
	t->suites[index] = (struct spooled){ at, ftello(t->spool) - at };
	return 0;
}

/* A child that ended without its line or suite (killed): they are written for it. */
static char *fallback(const struct batch *b, const struct job *j, int caught, int code,
		      const char *why)
{
	struct trace_result r = { .path = b->list->paths[j->index], .key = b->list->keys[j->index] };
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int failed;

	if (!mem)
		return NULL;
	if (caught == CAUGHT_LINE) {
		json_t *o = trace_result_json(&r, code, why);

		failed = trace_result_line(mem, o, &r);
		json_decref(o);
	} else {
		failed = trace_result_suite(mem, &r, code, why);
	}
	if (fclose(mem) || failed) {
		free(text);
		return NULL;
	}
	return text;
}

static void finish(const struct batch *b, struct job *j, int status, struct tally *t)
{
	const char *path = b->list->paths[j->index];
	int code = WIFEXITED(status) && WEXITSTATUS(status) <= EXIT_ERROR ? WEXITSTATUS(status) :
		   EXIT_ERROR;
	char header[ESCAPE_LEN(1024) + 32], name[ESCAPE_LEN(1024)], why[128] = "";
	char *line = NULL, *suite = NULL;
	int err;

	if (j->timed_out)
		snprintf(why, sizeof(why), "its replay took more than %lu s (--trace-timeout): "
			 "stopped", b->timeout);
	else if (WIFSIGNALED(status))
		snprintf(why, sizeof(why), "its replay ended by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	if ((b->jsonl || b->line) && !why[0] && !(line = slurp(j->fd[CAUGHT_LINE])))
		snprintf(why, sizeof(why), "its replay wrote no result line (out of memory?)");
	/* a trace without its result is a trace not judged, never a pass */
	if (why[0])
		code = EXIT_ERROR;
	snprintf(header, sizeof(header), "== %s: exit %d\n", escape(path, name, sizeof(name)), code);
	err = copy_out(j->fd[CAUGHT_OUT], stdout, header);
	/* no result from the child: its report says why, in its section or its file */
	if (!err && why[0] && b->unjudged) {
		char *text = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&text, &len);

		if (mem) {
			b->unjudged(b->ctx, j->index, why, mem);
			fclose(mem);
		}
		if (len && !lseek(j->fd[CAUGHT_OUT], 0, SEEK_END) &&
		    (fputs(header, stdout) == EOF || fputs(text, stdout) == EOF))
			err = errno ? errno : EIO;
		free(text);
	}
	if (err && !t->out_errno)
		t->out_errno = err;
	copy_out(j->fd[CAUGHT_ERR], stderr, NULL);
	if (why[0])
		cmd_error(path, "%s", why);
	if (b->notes) {
		char *notes = slurp(j->fd[CAUGHT_NOTES]);

		b->notes(b->ctx, notes);
		free(notes);
	}
	if (b->jsonl || b->line) {
		if (!line)
			line = fallback(b, j, CAUGHT_LINE, code, why);
		if (line && b->jsonl) {
			fputs(line, b->jsonl);
			fflush(b->jsonl);
		}
		if (b->line)
			b->line(b->ctx, line);
		free(line);
	}
	if (b->junit) {
		if (why[0] || lseek(j->fd[CAUGHT_SUITE], 0, SEEK_END) <= 0)
			suite = fallback(b, j, CAUGHT_SUITE, code, why);
		err = spool_suite(t, j->index, j->fd[CAUGHT_SUITE], suite);
		if (err && !t->out_errno)
			t->out_errno = err;
		free(suite);
	}
	t->by_code[code]++;
	if (t->worst_index < 0 || code > t->worst ||
	    (code == t->worst && j->index < t->worst_index)) {
		t->worst = code;
		t->worst_index = j->index;
	}
	close_job(j);
}

static void wake(int sig)
{
	(void)sig;
}

/*
 * With a timeout: the jobs past their deadline stopped, and an alarm at
 * the next deadline, to interrupt the wait for a child. SIGTERM first, so
 * that the child removes its outputs in progress (temp_files.h); SIGKILL
 * a second later if it is still there.
 */
static void stop_late(const struct batch *b, struct job *jobs)
{
	struct itimerval at = { { 0, 0 }, { 0, 0 } };
	struct timespec now, next = { 0, 0 };

	clock_gettime(CLOCK_MONOTONIC, &now);
	for (unsigned int i = 0; i < b->jobs; i++) {
		struct timespec *d = &jobs[i].deadline;

		if (!jobs[i].pid)
			continue;
		if (jobs[i].killed)
			continue;
		if (d->tv_sec < now.tv_sec || (d->tv_sec == now.tv_sec && d->tv_nsec <= now.tv_nsec)) {
			jobs[i].killed = jobs[i].timed_out;
			kill(jobs[i].pid, jobs[i].timed_out ? SIGKILL : SIGTERM);
			jobs[i].timed_out = true;
			d->tv_sec += 1;		/* its time to end */
		}
		if (!jobs[i].killed && (!next.tv_sec || d->tv_sec < next.tv_sec ||
		    (d->tv_sec == next.tv_sec && d->tv_nsec < next.tv_nsec)))
			next = *d;
	}
	if (!next.tv_sec)
		return;
	at.it_value.tv_sec = next.tv_sec - now.tv_sec;
	at.it_value.tv_usec = (next.tv_nsec - now.tv_nsec) / 1000;
	if (at.it_value.tv_usec < 0) {
		at.it_value.tv_sec--;
		at.it_value.tv_usec += 1000000;
	}
	if (!at.it_value.tv_sec && !at.it_value.tv_usec)
		at.it_value.tv_usec = 1000;
	setitimer(ITIMER_REAL, &at, NULL);
}

/* Waits for one child of @jobs to end and takes in what it wrote. */
static void reap(const struct batch *b, struct job *jobs, struct tally *t)
{
	int status;
	pid_t pid;

	for (;;) {
		if (b->timeout)
			stop_late(b, jobs);
		pid = wait(&status);
		if (pid >= 0 || errno != EINTR)
			break;
	}
	for (unsigned int i = 0; pid > 0 && i < b->jobs; i++)
		if (jobs[i].pid == pid)
			finish(b, &jobs[i], status, t);
}

static void say(const struct batch *b, const struct tally *t)
{
	char path[ESCAPE_LEN(256)];

	/* said even with -q: which trace gave the exit code */
	fprintf(stderr, "rvreplay: %u traces: %u clean, %u with violations, %u not judged; exit %d%s%s\n",
		b->list->nr, t->by_code[EXIT_CLEAN], t->by_code[EXIT_VIOLATIONS],
		t->by_code[EXIT_ERROR], t->worst, t->worst ? ", first from " : "",
		t->worst ? escape(b->list->paths[t->worst_index], path, sizeof(path)) : "");
}

/*
 * How many jobs fit the open files: each holds its memory files, and its
 * child the trace and what it writes. @jobs when they all fit, else fewer
 * (at least one), said.
 */
static unsigned int jobs_that_fit(unsigned int jobs)
{
	struct rlimit nofile;
	unsigned int fit;
	long open = 0;

	if (getrlimit(RLIMIT_NOFILE, &nofile) || nofile.rlim_cur == RLIM_INFINITY)
		return jobs;
	for (int fd = 0; fd < 1024 && (rlim_t)fd < nofile.rlim_cur; fd++)
		open += fcntl(fd, F_GETFD) >= 0;
	/* each job: its memory files in the parent, and a few more while it starts */
	fit = nofile.rlim_cur > (rlim_t)open + 16 ?
	      (unsigned int)((nofile.rlim_cur - open - 16) / (NR_CAUGHT + 2)) : 1;
	if (!fit)
		fit = 1;
	if (jobs <= fit)
		return jobs;
	cmd_notice(NULL, "-j %u: at most %u at once with %llu open files", jobs, fit,
		   (unsigned long long)nofile.rlim_cur);
	return fit;
}

/**
 * batch_run() - replay every trace of the list, b->jobs at a time
 * @asked: the run (fewer jobs at once when the open files would not do)
 *
 * Return: the worst exit code of the traces (2 beats 1 beats 0); 2 when a
 * child cannot be started (the traces not started are not judged).
 */
int batch_run(const struct batch *asked)
{
	struct batch run = *asked;
	const struct batch *b = &run;
	struct job *jobs;
	struct tally t = { .worst = EXIT_CLEAN, .worst_index = -1 };
	unsigned int next = 0, running = 0;
	int failed = 0;

	run.jobs = jobs_that_fit(asked->jobs);
	jobs = calloc(run.jobs, sizeof(*jobs));
	t.suites = calloc(b->list->nr + 1, sizeof(*t.suites));
	t.spool = b->junit ? spool_open() : NULL;
	if (!jobs || !t.suites || (b->junit && !t.spool)) {
		free(jobs);
		free(t.suites);
		if (t.spool)
			fclose(t.spool);
		cmd_error(NULL, "out of memory");
		return EXIT_ERROR;
	}
	if (b->timeout) {
		/* the alarm interrupts wait(): no SA_RESTART */
		struct sigaction sa = { .sa_handler = wake };

		sigemptyset(&sa.sa_mask);
		sigaction(SIGALRM, &sa, NULL);
	}
	while (next < b->list->nr || running) {
		for (unsigned int i = 0; !failed && i < b->jobs && next < b->list->nr; i++) {
			if (jobs[i].pid)
				continue;
			failed = start(b, &jobs[i], next);
			next += !failed;
			running += !failed;
		}
		if (!running)
			break;
		reap(b, jobs, &t);
		running = 0;
		for (unsigned int i = 0; i < b->jobs; i++)
			running += jobs[i].pid != 0;
	}
	for (unsigned int i = 0; b->junit && i < b->list->nr; i++)
		if (t.suites[i].len)
			copy_range(fileno(t.spool), t.suites[i].at, t.suites[i].len, b->junit);
	if (t.spool)
		fclose(t.spool);
	free(t.suites);
	free(jobs);
	if (failed) {
		cmd_error(NULL, "%u of %u traces were not replayed", b->list->nr - next, b->list->nr);
		t.worst = EXIT_ERROR;
	}
	say(b, &t);
	/* the reports are the run's output: unwritten, nothing was said */
	if (!t.out_errno && fflush(stdout))
		t.out_errno = errno;
	if (t.out_errno) {
		cmd_error(NULL, "the reports could not be written to standard output: %s",
			  strerror(t.out_errno));
		return EXIT_ERROR;
	}
	return t.worst;
}
