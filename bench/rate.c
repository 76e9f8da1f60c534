// SPDX-License-Identifier: GPL-2.0-only
/*
 * rate RATE SECONDS: RATE system calls a second (getppid(), a sys_enter
 * and a sys_exit record each) for SECONDS, paced per millisecond: the
 * event rate of bench/watch.sh's runs. Prints the rate it reached.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double rate, seconds, start, t;
	unsigned long done = 0;

	if (argc != 3 || (rate = atof(argv[1])) <= 0 || (seconds = atof(argv[2])) <= 0) {
		fprintf(stderr, "usage: rate CALLS_PER_SECOND SECONDS\n");
		return 2;
	}
	start = now();
	while ((t = now() - start) < seconds) {
		/* the calls due by now, then a pause of the rest of the millisecond */
		while (done < rate * t)
			syscall(SYS_getppid), done++;
		usleep(1000);
	}
	printf("%.0f\n", done / (now() - start));
	return 0;
}
