// SPDX-License-Identifier: GPL-2.0-only
/*
 * cond_signal: an RT waiter sleeps WORKLOAD_REPEAT times in
 * pthread_cond_wait() and a signaller of a chosen priority wakes it.
 *
 * glibc waits on a condition variable with FUTEX_WAIT_BITSET, a valid
 * sleep reason, so as with futex_wake the waker decides: equal or higher
 * priority is clean, lower priority is one violation per wait. The
 * signaller releases the mutex before signalling, so the woken waiter
 * never blocks on the mutex as well.
 *
 * usage: cond_signal higher|equal|lower
 */
#define _GNU_SOURCE
#include <string.h>

#include "workload.h"

#define SIGNALLER_PERIOD_NS	WORKLOAD_NSEC_PER_MSEC
/* Time for both threads to start before the first signal. */
#define COND_SETUP_NS		(2 * WORKLOAD_NSEC_PER_MSEC)

struct signaller_prio {
	const char	*name;
	int		prio;
};

static const struct signaller_prio signaller_prios[] = {
	{ "higher",	WORKLOAD_PRIO_HIGH },
	{ "equal",	WORKLOAD_PRIO_MID },
	{ "lower",	WORKLOAD_PRIO_LOW },
};

static const struct signaller_prio *signaller_prio;
static pthread_mutex_t cond_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static struct timespec cond_start;
/* Signals sent so far, protected by cond_mutex. */
static int cond_signals;

static void *waiter(void *arg)
{
	int seen;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_MID);
	workload_mark("waiter",
		      workload_expect(signaller_prio->prio < WORKLOAD_PRIO_MID),
		      "-");
	pthread_mutex_lock(&cond_mutex);
	for (seen = 0; seen < WORKLOAD_REPEAT; seen = cond_signals)
		while (cond_signals == seen)
			pthread_cond_wait(&cond, &cond_mutex);
	pthread_mutex_unlock(&cond_mutex);
	return NULL;
}

static void *signaller(void *arg)
{
	int i;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(signaller_prio->prio);
	workload_mark("signaller", "ok", "-");
	for (i = 1; i <= WORKLOAD_REPEAT; i++) {
		workload_sleep_until(workload_after(cond_start,
						    i * SIGNALLER_PERIOD_NS));
		pthread_mutex_lock(&cond_mutex);
		cond_signals = i;
		pthread_mutex_unlock(&cond_mutex);
		pthread_cond_signal(&cond);
	}
	return NULL;
}

static void signaller_parse(int argc, char **argv)
{
	size_t i;

	for (i = 0; argc == 2 && i < WORKLOAD_ARRAY_SIZE(signaller_prios); i++)
		if (!strcmp(argv[1], signaller_prios[i].name))
			signaller_prio = &signaller_prios[i];
	if (!signaller_prio)
		workload_usage("higher|equal|lower");
}

int main(int argc, char **argv)
{
	pthread_t waiter_thread, signaller_thread;

	signaller_parse(argc, argv);
	workload_init("cond_signal", signaller_prio->name);
	workload_mark("main", "ok", "ok");
	cond_start = workload_after(workload_now(), COND_SETUP_NS);
	waiter_thread = workload_start_thread(waiter, NULL);
	signaller_thread = workload_start_thread(signaller, NULL);
	workload_join(signaller_thread);
	workload_join(waiter_thread);
	return 0;
}
