// SPDX-License-Identifier: GPL-2.0-only
/*
 * clock_nanosleep: an RT thread sleeps WORKLOAD_REPEAT times for 1 ms with
 * clock_nanosleep() on a chosen clock, absolute or relative.
 *
 * Under the 6.17 rules only absolute CLOCK_MONOTONIC and CLOCK_TAI sleeps
 * are RT-friendly (the timer interrupt wakes the thread, a hard irq); every
 * other combination is one sleep violation per sleep.
 *
 * usage: clock_nanosleep monotonic|tai|realtime|boottime abs|rel
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "workload.h"

#define SLEEPER_PERIOD_NS	WORKLOAD_NSEC_PER_MSEC

struct sleeper_clock {
	const char	*name;
	clockid_t	id;
	bool		rt_friendly;
};

static const struct sleeper_clock sleeper_clocks[] = {
	{ "monotonic",	CLOCK_MONOTONIC,	true },
	{ "tai",	CLOCK_TAI,		true },
	{ "realtime",	CLOCK_REALTIME,		false },
	{ "boottime",	CLOCK_BOOTTIME,		false },
};

static const struct sleeper_clock *sleeper_clock;
static bool sleeper_abs;

static void sleeper_sleep(void)
{
	struct timespec t = { .tv_nsec = SLEEPER_PERIOD_NS };
	int flags = 0;

	if (sleeper_abs) {
		clock_gettime(sleeper_clock->id, &t);
		t = workload_after(t, SLEEPER_PERIOD_NS);
		flags = TIMER_ABSTIME;
	}
	clock_nanosleep(sleeper_clock->id, flags, &t, NULL);
}

static void *sleeper(void *arg)
{
	bool bad = !(sleeper_abs && sleeper_clock->rt_friendly);
	int i;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_MID);
	workload_mark("sleeper", workload_expect(bad), "-");
	for (i = 0; i < WORKLOAD_REPEAT; i++)
		sleeper_sleep();
	return NULL;
}

static void sleeper_parse(int argc, char **argv)
{
	size_t i;

	if (argc != 3)
		workload_usage("monotonic|tai|realtime|boottime abs|rel");
	for (i = 0; i < WORKLOAD_ARRAY_SIZE(sleeper_clocks); i++)
		if (!strcmp(argv[1], sleeper_clocks[i].name))
			sleeper_clock = &sleeper_clocks[i];
	if (!sleeper_clock || (strcmp(argv[2], "abs") && strcmp(argv[2], "rel")))
		workload_usage("monotonic|tai|realtime|boottime abs|rel");
	sleeper_abs = !strcmp(argv[2], "abs");
}

int main(int argc, char **argv)
{
	static char variant[32];

	sleeper_parse(argc, argv);
	snprintf(variant, sizeof(variant), "%s-%s", argv[1], argv[2]);
	workload_init("clock_nanosleep", variant);
	workload_mark("main", "ok", "ok");
	workload_join(workload_start_thread(sleeper, NULL));
	return 0;
}
