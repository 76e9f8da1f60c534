// SPDX-License-Identifier: GPL-2.0-only
/*
 * cpu_hog: an RT thread sleeps WORKLOAD_REPEAT times for 1 ms with a
 * relative nanosleep() (a sleep violation each time), while a higher
 * priority thread on the same CPU spins 700 us of every 1.3 ms: when the
 * sleeper is woken during a spin, the hog holds the CPU until the spin
 * ends. What the report must tell: what held the CPU between the wakeup
 * and the sleeper running again.
 *
 * usage: cpu_hog
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <unistd.h>

#include "workload.h"

#define HOG_PERIOD_NS	(1300 * WORKLOAD_NSEC_PER_USEC)
#define HOG_SPIN_NS	(700 * WORKLOAD_NSEC_PER_USEC)
#define HOG_ROUNDS	40

static volatile bool done;

static void *hog(void *arg)
{
	struct timespec t = workload_now();

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_HIGH);
	workload_mark("hog", "-", "-");
	for (int i = 0; i < HOG_ROUNDS && !done; i++) {
		t = workload_after(t, HOG_PERIOD_NS - HOG_SPIN_NS);
		workload_sleep_until(t);
		t = workload_after(t, HOG_SPIN_NS);
		workload_spin_until(t);
	}
	return NULL;
}

static void *sleeper(void *arg)
{
	struct timespec d = { .tv_nsec = WORKLOAD_NSEC_PER_MSEC };

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_MID);
	workload_mark("sleeper", "bad", "-");
	for (int i = 0; i < 4 * WORKLOAD_REPEAT; i++)
		nanosleep(&d, NULL);
	done = true;
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t h, s;

	if (argc != 1)
		workload_usage("");
	(void)argv;
	workload_init("cpu_hog", "default");
	workload_mark("main", "ok", "ok");
	h = workload_start_thread(hog, NULL);
	s = workload_start_thread(sleeper, NULL);
	workload_join(s);
	workload_join(h);
	return 0;
}
