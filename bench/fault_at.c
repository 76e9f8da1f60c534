// SPDX-License-Identifier: GPL-2.0-only
/*
 * fault_at N: a thread that, N times, faults once at a normal priority
 * (which starts the pagefault monitor's instance again: a violation stops
 * it), turns SCHED_FIFO, sleeps a second, raises one page fault (a
 * pagefault violation) and prints the CLOCK_MONOTONIC time right after it:
 * bench/watch.sh measures how long rvreplay watch takes to tell each,
 * quiet system or not.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sched_param p = { .sched_priority = 50 }, normal = { 0 };
	long page = sysconf(_SC_PAGESIZE);
	int n = argc == 2 ? atoi(argv[1]) : 0;
	struct timespec t;
	char *mem;

	if (n <= 0 || n > 1000) {
		fprintf(stderr, "usage: fault_at N\n");
		return 2;
	}
	mem = mmap(NULL, 2 * n * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		return perror("fault_at"), 2;
	/* the code and data of the loop paged in first: its only real-time fault is the one timed */
	sched_setscheduler(0, SCHED_OTHER, &normal);
	usleep(1000);
	clock_gettime(CLOCK_MONOTONIC, &t);
	fprintf(stderr, "fault_at: %ld.%09ld\n", (long)t.tv_sec, t.tv_nsec);
	for (int i = 0; i < n; i++) {
		if (sched_setscheduler(0, SCHED_OTHER, &normal))
			return perror("fault_at"), 2;
		mem[2 * i * page] = 1;		/* not real-time: the instance starts over */
		if (sched_setscheduler(0, SCHED_FIFO, &p))
			return perror("fault_at"), 2;
		usleep(1000000);
		mem[(2 * i + 1) * page] = 1;	/* a fresh page: a fault, real-time */
		clock_gettime(CLOCK_MONOTONIC, &t);
		printf("%ld.%09ld\n", (long)t.tv_sec, t.tv_nsec);
		fflush(stdout);
	}
	return 0;
}
