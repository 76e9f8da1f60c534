// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay watch --on-violation CMD: each violation's JSON line on the
 * standard input of `sh -c CMD`, for an operator's own reaction (a page,
 * a ticket, a snapshot). Never in the watcher's way: the line is written
 * into a pipe at once (it fits the pipe's buffer), at most one CMD runs,
 * a violation judged while one runs waits in a queue (ON_VIOLATION_QUEUE
 * lines; past it, counted and not passed on), the next starting at the
 * watcher's next tick, and each CMD has ON_VIOLATION_SECONDS before
 * SIGALRM ends it. The children are reaped without waiting, and the last
 * ones waited for at the end.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "on_violation.h"

/* Reap the running CMD if it ended; with @wait, wait for it. */
static void reap(struct on_violation *ov, bool wait)
{
	int status;

	if (ov->running <= 0)
		return;
	if (waitpid(ov->running, &status, wait ? 0 : WNOHANG) != ov->running)
		return;
	ov->running = 0;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		ov->failed++;
}

static void child(struct on_violation *ov, int in)
{
	sigset_t all;

	/* the watcher blocks its signals for its signalfd: the command gets them back */
	sigemptyset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
	signal(SIGALRM, SIG_DFL);
	if (dup2(in, STDIN_FILENO) < 0)
		_exit(126);
	alarm(ON_VIOLATION_SECONDS);
	execl("/bin/sh", "sh", "-c", ov->command, (char *)NULL);
	_exit(127);
}

/* CMD started with @line on its input. */
static void start(struct on_violation *ov, const char *line, size_t len)
{
	int fds[2];
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC)) {
		ov->failed++;
		return;
	}
	pid = fork();
	if (pid == 0)
		child(ov, fds[0]);
	close(fds[0]);
	/* a line is far below the pipe's buffer: this write does not wait for CMD */
	if (pid < 0 || write(fds[1], line, len) != (ssize_t)len)
		ov->failed++;
	close(fds[1]);
	if (pid > 0) {
		ov->running = pid;
		ov->runs++;
	}
}

/* The oldest line waiting, to a CMD, once none runs. */
static void next(struct on_violation *ov)
{
	reap(ov, false);
	if (ov->running > 0 || !ov->queued)
		return;
	start(ov, ov->queue[0], ov->queue_len[0]);
	free(ov->queue[0]);
	ov->queued--;
	memmove(ov->queue, ov->queue + 1, ov->queued * sizeof(*ov->queue));
	memmove(ov->queue_len, ov->queue_len + 1, ov->queued * sizeof(*ov->queue_len));
}

/**
 * on_violation_run() - CMD with @line on its standard input, now or once the running one ended
 * @ov: the reaction, its command set
 * @line: the violation's JSON line, with its newline
 * @len: its bytes
 */
void on_violation_run(struct on_violation *ov, const char *line, size_t len)
{
	char *copy;

	next(ov);
	if (ov->running <= 0 && !ov->queued) {
		start(ov, line, len);
		return;
	}
	copy = ov->queued < ON_VIOLATION_QUEUE ? malloc(len) : NULL;
	if (!copy) {
		ov->skipped++;
		return;
	}
	memcpy(copy, line, len);
	ov->queue[ov->queued] = copy;
	ov->queue_len[ov->queued++] = len;
}

/**
 * on_violation_poll() - at a tick: the next line waiting to a CMD, if none runs
 * @ov: the reaction
 */
void on_violation_poll(struct on_violation *ov)
{
	if (ov->command)
		next(ov);
}

/**
 * on_violation_finish() - the last CMD waited for (ON_VIOLATION_SECONDS at most)
 * @ov: the reaction
 */
void on_violation_finish(struct on_violation *ov)
{
	while (ov->queued) {
		reap(ov, true);
		next(ov);
	}
	reap(ov, true);
}
