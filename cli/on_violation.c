// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay watch --on-violation CMD: each violation's JSON line on the
 * standard input of `sh -c CMD`, for an operator's own reaction (a page,
 * a ticket, a snapshot). Never in the watcher's way: the line is put
 * whole into a pipe before CMD starts (the pipe grown to hold it, or the
 * line counted and not passed on), so no write waits for CMD; at most one
 * CMD runs, in a process group of its own, with no descriptor of the
 * watcher's but its input; a violation judged while one runs waits in a
 * queue (ON_VIOLATION_QUEUE lines; past it, counted and not passed on),
 * the next starting at the watcher's next tick; after ON_VIOLATION_SECONDS
 * its group is killed. At the end the CMDs get ON_VIOLATION_END_MS in
 * all, then the running one is killed and the lines waiting are counted.
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
#include <time.h>
#include <unistd.h>

#include "on_violation.h"

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000ULL + t.tv_nsec;
}

/* Reap the running CMD if it ended. */
static void reap(struct on_violation *ov)
{
	int status;

	if (ov->running <= 0)
		return;
	if (waitpid(ov->running, &status, WNOHANG) != ov->running)
		return;
	ov->running = 0;
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		ov->failed++;
}

/* The running CMD's group killed: reaped at the next look. */
static void kill_running(struct on_violation *ov)
{
	if (ov->running > 0)
		kill(-ov->running, SIGKILL);
}

static void child(struct on_violation *ov, int in)
{
	sigset_t none;

	setpgid(0, 0);
	/* the watcher blocks its signals for its signalfd and ignores SIGPIPE: not CMD */
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGPIPE, SIG_DFL);
	if (dup2(in, STDIN_FILENO) < 0)
		_exit(126);
	close_range(3, ~0U, 0);
	execl("/bin/sh", "sh", "-c", ov->command, (char *)NULL);
	_exit(127);
}

/* @line whole in a new pipe, its write end closed. Return: the read end, -1, or -2: too long. */
static int line_pipe(const char *line, size_t len)
{
	int fds[2];

	if (pipe2(fds, O_CLOEXEC | O_NONBLOCK))
		return -1;
	if (len > (size_t)fcntl(fds[1], F_GETPIPE_SZ) &&
	    (len > 1U << 30 || fcntl(fds[1], F_SETPIPE_SZ, (int)len) < 0)) {
		close(fds[0]);
		close(fds[1]);
		return -2;
	}
	if (write(fds[1], line, len) != (ssize_t)len) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	close(fds[1]);
	return fds[0];
}

/* CMD started with @line on its input. */
static void start(struct on_violation *ov, const char *line, size_t len)
{
	int in = line_pipe(line, len);
	pid_t pid;

	if (in < 0) {
		if (in == -2)
			ov->unfit++;
		else
			ov->failed++;
		return;
	}
	pid = fork();
	if (pid == 0)
		child(ov, in);
	close(in);
	if (pid < 0) {
		ov->failed++;
		return;
	}
	setpgid(pid, pid);	/* before a kill can come, whoever runs first */
	ov->running = pid;
	ov->started_ns = now_ns();
	ov->runs++;
}

/* The oldest line waiting, to a CMD, once none runs; one past its time killed. */
static void next(struct on_violation *ov)
{
	reap(ov);
	if (ov->running > 0 && now_ns() - ov->started_ns > ON_VIOLATION_SECONDS * 1000000000ULL)
		kill_running(ov);
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
 * on_violation_finish() - the CMDs given ON_VIOLATION_END_MS in all, then ended
 * @ov: the reaction
 *
 * The lines still waiting then are counted (on_violation_lost()), the
 * running CMD's group killed and counted as failed.
 */
void on_violation_finish(struct on_violation *ov)
{
	uint64_t end = now_ns() + ON_VIOLATION_END_MS * 1000000ULL;
	struct timespec pause = { .tv_nsec = 10000000 };

	while ((ov->running > 0 || ov->queued) && now_ns() < end) {
		next(ov);
		if (ov->running > 0)
			nanosleep(&pause, NULL);
	}
	ov->not_run += ov->queued;
	while (ov->queued)
		free(ov->queue[--ov->queued]);
	kill_running(ov);
	if (ov->running > 0 && waitpid(ov->running, NULL, 0) == ov->running) {
		ov->running = 0;
		ov->failed++;
	}
}

/**
 * on_violation_lost() - the violations whose line no CMD got
 * @ov: the reaction
 *
 * Return: those judged with the queue full, too long for a pipe, or
 * waiting at the end.
 */
unsigned long on_violation_lost(const struct on_violation *ov)
{
	return ov->skipped + ov->unfit + ov->not_run;
}
