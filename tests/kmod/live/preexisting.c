// SPDX-License-Identifier: GPL-2.0-only
/*
 * preexisting: a real-time task that exists before the trace starts
 * (docs/semantics.md section 5, "atoms that only events teach").
 *
 * Started before the monitors are enabled, it becomes SCHED_FIFO and
 * sleeps PREEXISTING_SLEEPS times in a relative CLOCK_MONOTONIC
 * clock_nanosleep(), which is not a valid sleep reason. Neither the live
 * monitor (enabled on a running task, it never learns BLOCK_ON_RT_MUTEX)
 * nor the replay without inference judge it; the replay's inference does,
 * so `rvreplay diff --infer` shows replay-only verdicts of that class.
 */
#define _GNU_SOURCE
#include <time.h>

#include "workload.h"

#define PREEXISTING_SLEEPS	150
#define PREEXISTING_SLEEP_NS	(2 * WORKLOAD_NSEC_PER_MSEC)

int main(void)
{
	struct timespec rel = { 0, PREEXISTING_SLEEP_NS };

	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_LOW);
	for (int i = 0; i < PREEXISTING_SLEEPS; i++)
		clock_nanosleep(CLOCK_MONOTONIC, 0, &rel, NULL);
	return 0;
}
