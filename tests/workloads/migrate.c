// SPDX-License-Identifier: GPL-2.0-only
/*
 * migrate: a SCHED_FIFO 60 thread that moves between CPUs 0 and 1, or
 * stays on CPU 0: the example rule examples/specs/no-migration.ltl ("a
 * real-time task of priority above 50 never migrates") judges it. Each of
 * the WORKLOAD_REPEAT episodes pins the thread to a CPU (the other one in
 * 'moves', the same in 'stays') and sleeps 1 ms there, so that it is
 * switched out and in again on that CPU.
 *
 * usage: migrate moves|stays
 */
#define _GNU_SOURCE
#include <string.h>

#include "workload.h"

static bool moves;

static void *mover(void *arg)
{
	(void)arg;
	workload_pin(0);
	workload_set_prio(WORKLOAD_PRIO_HIGH);
	workload_mark("mover", "-", "-");
	for (int i = 0; i < WORKLOAD_REPEAT; i++) {
		workload_pin(moves ? (i + 1) % 2 : 0);
		workload_sleep_until(workload_after(workload_now(), 1000000));
	}
	workload_set_prio(WORKLOAD_PRIO_OTHER);
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc != 2 || (strcmp(argv[1], "moves") && strcmp(argv[1], "stays")))
		workload_usage("moves|stays");
	moves = !strcmp(argv[1], "moves");
	workload_init("migrate", argv[1]);
	workload_mark("main", "ok", "ok");
	workload_join(workload_start_thread(mover, NULL));
	return 0;
}
