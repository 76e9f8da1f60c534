// SPDX-License-Identifier: GPL-2.0-only
/*
 * nanosleep: an RT thread sleeps WORKLOAD_REPEAT times for 1 ms with
 * nanosleep(), usleep() or the raw nanosleep system call.
 *
 * All are sleep violations: glibc implements nanosleep() and usleep() as a
 * relative CLOCK_REALTIME clock_nanosleep, and the nanosleep system call
 * is no valid sleep reason at all.
 *
 * usage: nanosleep nanosleep|usleep|raw
 */
#define _GNU_SOURCE
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "workload.h"

#define SLEEPER_PERIOD_NS	WORKLOAD_NSEC_PER_MSEC

static const char *sleeper_call;

static void sleeper_sleep(void)
{
	struct timespec t = { .tv_nsec = SLEEPER_PERIOD_NS };

	if (!strcmp(sleeper_call, "usleep"))
		usleep(SLEEPER_PERIOD_NS / WORKLOAD_NSEC_PER_USEC);
	else if (!strcmp(sleeper_call, "raw"))
		syscall(SYS_nanosleep, &t, NULL);
	else
		nanosleep(&t, NULL);
}

static void *sleeper(void *arg)
{
	int i;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_MID);
	workload_mark("sleeper", "bad", "-");
	for (i = 0; i < WORKLOAD_REPEAT; i++)
		sleeper_sleep();
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc != 2 || (strcmp(argv[1], "nanosleep") &&
			  strcmp(argv[1], "usleep") && strcmp(argv[1], "raw")))
		workload_usage("nanosleep|usleep|raw");
	sleeper_call = argv[1];
	workload_init("nanosleep", sleeper_call);
	workload_mark("main", "ok", "ok");
	workload_join(workload_start_thread(sleeper, NULL));
	return 0;
}
