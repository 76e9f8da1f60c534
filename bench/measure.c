// SPDX-License-Identifier: GPL-2.0-only
/*
 * The stopwatch of `make bench`: run a command, its output to /dev/null,
 * and print its wall-clock time, peak resident set (its own or its largest
 * child's) and CPU time (user and system, with the children it waited
 * for), to the microsecond: GNU time prints hundredths of a second, too
 * coarse for the fixed cost of a run, some tens of milliseconds.
 *
 * usage: measure OUT CMD [ARGS...]   appends "wall-s peak-KiB cpu-s exit" to OUT
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double seconds(const struct timeval *tv)
{
	return tv->tv_sec + tv->tv_usec / 1e6;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* In the child: output and errors to /dev/null, then the command. */
static void run(char **argv)
{
	int null = open("/dev/null", O_WRONLY);

	if (null >= 0) {
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
	}
	execvp(argv[0], argv);
	_exit(127);
}

int main(int argc, char **argv)
{
	struct rusage ru;
	double start;
	int status;
	pid_t pid;
	FILE *out;

	if (argc < 3) {
		fprintf(stderr, "usage: measure OUT CMD [ARGS...]\n");
		return 2;
	}
	start = now();
	pid = fork();
	if (pid < 0)
		return 2;
	if (!pid)
		run(argv + 2);
	if (wait4(pid, &status, 0, &ru) != pid)
		return 2;
	out = fopen(argv[1], "a");
	if (!out)
		return 2;
	fprintf(out, "%.6f %ld %.6f %d\n", now() - start, ru.ru_maxrss,
		seconds(&ru.ru_utime) + seconds(&ru.ru_stime),
		WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	return fclose(out) ? 2 : 0;
}
