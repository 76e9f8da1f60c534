// SPDX-License-Identifier: GPL-2.0-only
/*
 * futex_wake: an RT waiter sleeps WORKLOAD_REPEAT times in FUTEX_WAIT and
 * is woken each time by a waker thread of a chosen priority.
 *
 * FUTEX_WAIT is a valid sleep reason, so the verdict depends on the waker:
 * one of equal or higher priority is RT-friendly, a lower priority one
 * (SCHED_FIFO or SCHED_OTHER) makes every sleep a violation. The waker
 * only sleeps until absolute CLOCK_MONOTONIC times: always clean.
 *
 * usage: futex_wake higher|equal|lower|other
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "workload.h"

#define WAKER_PERIOD_NS		WORKLOAD_NSEC_PER_MSEC
/* Time for both threads to start before the first wakeup. */
#define FUTEX_SETUP_NS		(2 * WORKLOAD_NSEC_PER_MSEC)

struct waker_prio {
	const char	*name;
	int		prio;
};

static const struct waker_prio waker_prios[] = {
	{ "higher",	WORKLOAD_PRIO_HIGH },
	{ "equal",	WORKLOAD_PRIO_MID },
	{ "lower",	WORKLOAD_PRIO_LOW },
	{ "other",	WORKLOAD_PRIO_OTHER },
};

static const struct waker_prio *waker_prio;
static struct timespec futex_start;
/* The futex word: the number of wakeups so far. */
static int futex_word;

static bool waker_is_lower(void)
{
	return waker_prio->prio < WORKLOAD_PRIO_MID;
}

static void *waiter(void *arg)
{
	int seen = 0;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_MID);
	workload_mark("waiter", workload_expect(waker_is_lower()), "-");
	while (seen < WORKLOAD_REPEAT) {
		syscall(SYS_futex, &futex_word, FUTEX_WAIT_PRIVATE, seen,
			NULL, NULL, 0);
		seen = __atomic_load_n(&futex_word, __ATOMIC_ACQUIRE);
	}
	return NULL;
}

static void *waker(void *arg)
{
	int i;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(waker_prio->prio);
	workload_mark("waker", "ok", "-");
	for (i = 1; i <= WORKLOAD_REPEAT; i++) {
		workload_sleep_until(workload_after(futex_start,
						    i * WAKER_PERIOD_NS));
		__atomic_store_n(&futex_word, i, __ATOMIC_RELEASE);
		syscall(SYS_futex, &futex_word, FUTEX_WAKE_PRIVATE, 1,
			NULL, NULL, 0);
	}
	return NULL;
}

static void waker_parse(int argc, char **argv)
{
	size_t i;

	for (i = 0; argc == 2 && i < WORKLOAD_ARRAY_SIZE(waker_prios); i++)
		if (!strcmp(argv[1], waker_prios[i].name))
			waker_prio = &waker_prios[i];
	if (!waker_prio)
		workload_usage("higher|equal|lower|other");
}

int main(int argc, char **argv)
{
	pthread_t waiter_thread, waker_thread;

	waker_parse(argc, argv);
	workload_init("futex_wake", waker_prio->name);
	workload_mark("main", "ok", "ok");
	futex_start = workload_after(workload_now(), FUTEX_SETUP_NS);
	waiter_thread = workload_start_thread(waiter, NULL);
	waker_thread = workload_start_thread(waker, NULL);
	workload_join(waker_thread);
	workload_join(waiter_thread);
	return 0;
}
