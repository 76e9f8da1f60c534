// SPDX-License-Identifier: GPL-2.0-only
/*
 * A device or FIFO written without hanging past a signal (direct_output.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "direct_output.h"

/* A signal that ends rvreplay is pending: blocked, or it would have acted already. */
static bool told_to_end(void)
{
	sigset_t set;

	return !sigpending(&set) && (sigismember(&set, SIGINT) || sigismember(&set, SIGTERM) ||
				     sigismember(&set, SIGHUP));
}

/* 50 ms for @fd to take bytes (a reader to come, @fd -1); false once told to end. */
static bool wait_turn(int fd)
{
	struct timespec step = { .tv_nsec = 50 * 1000 * 1000 };
	struct pollfd p = { .fd = fd, .events = POLLOUT };

	if (told_to_end())
		return false;
	if (fd >= 0)
		poll(&p, 1, 50);
	else
		nanosleep(&step, NULL);
	return !told_to_end();
}

/**
 * direct_output_open() - open a device or FIFO to write, once it has a reader
 * @path: its path
 * @err: what is wrong
 * @len: size of @err
 *
 * Return: a non-blocking fd, or -1 with @err set (told to end before a
 * reader opened the FIFO).
 */
int direct_output_open(const char *path, char *err, size_t len)
{
	int fd;

	while ((fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		if (errno == ENXIO && wait_turn(-1))
			continue;
		if (errno == ENXIO)
			snprintf(err, len, "cannot write: no process opened the FIFO to read "
				 "before rvreplay was told to end");
		else
			snprintf(err, len, "cannot write: %s", strerror(errno));
		return -1;
	}
	return fd;
}

/**
 * direct_output_copy() - every byte of @from into @to, a direct_output_open() fd
 * @from: read to its end
 * @to: written as it takes bytes
 * @err: what is wrong
 * @len: size of @err
 *
 * Return: 0, or -1 with @err set (an error, or told to end while the
 * reader did not read).
 */
int direct_output_copy(int from, int to, char *err, size_t len)
{
	char buf[65536];
	ssize_t n, w;

	while ((n = read(from, buf, sizeof(buf))) > 0)
		for (char *p = buf; n > 0; p += w, n -= w) {
			w = write(to, p, n);
			if (w > 0)
				continue;
			w = 0;
			if (errno == EAGAIN && wait_turn(to))
				continue;
			snprintf(err, len, "cannot write: %s", errno == EAGAIN ?
				 "its reader did not read before rvreplay was told to end" :
				 strerror(errno));
			return -1;
		}
	if (n < 0)
		snprintf(err, len, "cannot read what was written: %s", strerror(errno));
	return n < 0 ? -1 : 0;
}
