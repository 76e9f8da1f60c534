// SPDX-License-Identifier: GPL-2.0-only
/*
 * mutex_inversion: a high priority RT thread blocks WORKLOAD_REPEAT times
 * on a pthread mutex held by a lower priority RT holder.
 *
 * Each period the holder locks at t, spins until t + 1 ms and unlocks; the
 * high thread wakes at t + 300 us (preempting the holder on the shared
 * CPU) and locks, so it always finds the mutex held.
 *
 * pi: PTHREAD_PRIO_INHERIT; the high thread sleeps in FUTEX_LOCK_PI,
 *     which is allowlisted: clean.
 * nonpi: a default mutex; the high thread sleeps in FUTEX_WAIT and the
 *     lower priority holder's unlock wakes it: one violation per period.
 *
 * Both threads otherwise sleep only until absolute CLOCK_MONOTONIC times.
 *
 * usage: mutex_inversion pi|nonpi
 */
#define _GNU_SOURCE
#include <string.h>

#include "workload.h"

#define INVERSION_PERIOD_NS	(2 * WORKLOAD_NSEC_PER_MSEC)
#define INVERSION_HOLD_NS	WORKLOAD_NSEC_PER_MSEC
#define INVERSION_CONTEND_NS	(300 * WORKLOAD_NSEC_PER_USEC)
/* Time for both threads to start before the first period. */
#define INVERSION_SETUP_NS	(2 * WORKLOAD_NSEC_PER_MSEC)

static pthread_mutex_t inversion_mutex;
static struct timespec inversion_start;
static bool inversion_pi;

static struct timespec inversion_period(int i, long offset_ns)
{
	return workload_after(inversion_start, i * INVERSION_PERIOD_NS + offset_ns);
}

static void *holder(void *arg)
{
	int i;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_LOW);
	workload_mark("holder", "ok", "-");
	for (i = 0; i < WORKLOAD_REPEAT; i++) {
		workload_sleep_until(inversion_period(i, 0));
		pthread_mutex_lock(&inversion_mutex);
		workload_spin_until(inversion_period(i, INVERSION_HOLD_NS));
		pthread_mutex_unlock(&inversion_mutex);
	}
	return NULL;
}

static void *contender(void *arg)
{
	int i;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_HIGH);
	workload_mark("contender", workload_expect(!inversion_pi), "-");
	for (i = 0; i < WORKLOAD_REPEAT; i++) {
		workload_sleep_until(inversion_period(i, INVERSION_CONTEND_NS));
		pthread_mutex_lock(&inversion_mutex);
		pthread_mutex_unlock(&inversion_mutex);
	}
	return NULL;
}

static void inversion_mutex_init(void)
{
	pthread_mutexattr_t attr;
	int err;

	err = pthread_mutexattr_init(&attr);
	if (!err && inversion_pi)
		err = pthread_mutexattr_setprotocol(&attr, PTHREAD_PRIO_INHERIT);
	if (!err)
		err = pthread_mutex_init(&inversion_mutex, &attr);
	if (err)
		workload_die("cannot create the mutex: %s", strerror(err));
	pthread_mutexattr_destroy(&attr);
}

int main(int argc, char **argv)
{
	pthread_t holder_thread, contender_thread;

	if (argc != 2 || (strcmp(argv[1], "pi") && strcmp(argv[1], "nonpi")))
		workload_usage("pi|nonpi");
	inversion_pi = !strcmp(argv[1], "pi");
	workload_init("mutex_inversion", argv[1]);
	workload_mark("main", "ok", "ok");
	inversion_mutex_init();
	inversion_start = workload_after(workload_now(), INVERSION_SETUP_NS);
	holder_thread = workload_start_thread(holder, NULL);
	contender_thread = workload_start_thread(contender, NULL);
	workload_join(contender_thread);
	workload_join(holder_thread);
	return 0;
}
