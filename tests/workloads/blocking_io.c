// SPDX-License-Identifier: GPL-2.0-only
/*
 * blocking_io: an RT reader blocks WORKLOAD_REPEAT times in poll(),
 * epoll_wait(), read() of a pipe, or read() of a periodic timerfd.
 *
 * None of these is a valid sleep reason under the 6.17 rules, so every
 * sleep is a violation, even though the wakeup itself is RT-friendly: a
 * higher priority writer fills the pipe, the timer interrupt fires the
 * timerfd. (Profile 7.1 accepts epoll_wait: the epoll variant is clean
 * there.) The writer only sleeps until absolute CLOCK_MONOTONIC times.
 *
 * usage: blocking_io poll|epoll|read|timerfd
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "workload.h"

#define WRITER_PERIOD_NS	WORKLOAD_NSEC_PER_MSEC
/* Time for both threads to start before the first write. */
#define IO_SETUP_NS		(2 * WORKLOAD_NSEC_PER_MSEC)

static const char *io_mode;
static struct timespec io_start;
static int io_reader_ready;
static int io_pipe[2];
static int io_epoll = -1;
static int io_timer = -1;

static void reader_wait(void)
{
	struct pollfd pfd = { .fd = io_pipe[0], .events = POLLIN };
	struct epoll_event ev;
	uint64_t expirations;
	char byte;

	if (!strcmp(io_mode, "timerfd")) {
		if (read(io_timer, &expirations, sizeof(expirations)) < 0)
			workload_die("timerfd read: %s", strerror(errno));
		return;
	}
	if (!strcmp(io_mode, "poll"))
		poll(&pfd, 1, -1);
	else if (!strcmp(io_mode, "epoll"))
		epoll_wait(io_epoll, &ev, 1, -1);
	if (read(io_pipe[0], &byte, 1) != 1)
		workload_die("pipe read: %s", strerror(errno));
}

static void *reader(void *arg)
{
	int i;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_MID);
	workload_mark("reader", "bad", "-");
	__atomic_store_n(&io_reader_ready, 1, __ATOMIC_RELEASE);
	for (i = 0; i < WORKLOAD_REPEAT; i++)
		reader_wait();
	return NULL;
}

static void *writer(void *arg)
{
	int i;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_HIGH);
	workload_mark("writer", "ok", "-");
	/*
	 * Writes before the reader blocks would never make it sleep: on a
	 * busy machine its start can take longer than IO_SETUP_NS.
	 */
	while (!__atomic_load_n(&io_reader_ready, __ATOMIC_ACQUIRE))
		workload_sleep_until(workload_after(workload_now(), IO_SETUP_NS / 10));
	io_start = workload_now();
	for (i = 1; i <= WORKLOAD_REPEAT; i++) {
		workload_sleep_until(workload_after(io_start,
						    i * WRITER_PERIOD_NS));
		if (write(io_pipe[1], "x", 1) != 1)
			workload_die("pipe write: %s", strerror(errno));
	}
	return NULL;
}

static void io_timer_open(void)
{
	struct itimerspec period = {
		.it_interval.tv_nsec = WRITER_PERIOD_NS,
		.it_value = io_start,
	};

	io_timer = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	if (io_timer < 0 ||
	    timerfd_settime(io_timer, TFD_TIMER_ABSTIME, &period, NULL))
		workload_die("timerfd: %s", strerror(errno));
}

static void io_pipe_open(void)
{
	struct epoll_event ev = { .events = EPOLLIN };

	if (pipe2(io_pipe, O_CLOEXEC))
		workload_die("pipe: %s", strerror(errno));
	if (strcmp(io_mode, "epoll"))
		return;
	io_epoll = epoll_create1(EPOLL_CLOEXEC);
	ev.data.fd = io_pipe[0];
	if (io_epoll < 0 ||
	    epoll_ctl(io_epoll, EPOLL_CTL_ADD, io_pipe[0], &ev))
		workload_die("epoll: %s", strerror(errno));
}

int main(int argc, char **argv)
{
	pthread_t reader_thread, writer_thread;
	bool timer;

	if (argc != 2 || (strcmp(argv[1], "poll") && strcmp(argv[1], "epoll") &&
			  strcmp(argv[1], "read") && strcmp(argv[1], "timerfd")))
		workload_usage("poll|epoll|read|timerfd");
	io_mode = argv[1];
	timer = !strcmp(io_mode, "timerfd");
	workload_init("blocking_io", io_mode);
	workload_mark("main", "ok", "ok");
	io_start = workload_after(workload_now(), IO_SETUP_NS);
	if (timer)
		io_timer_open();
	else
		io_pipe_open();
	reader_thread = workload_start_thread(reader, NULL);
	if (!timer) {
		writer_thread = workload_start_thread(writer, NULL);
		workload_join(writer_thread);
	}
	workload_join(reader_thread);
	return 0;
}
