// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shared plumbing of the rvreplay test workloads (see workload.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "workload.h"

#define WORKLOAD_DEFAULT_MARKER	"/sys/kernel/tracing/trace_marker"
#define WORKLOAD_MARKER_ENV	"RVREPLAY_TRACE_MARKER"
/* Small stacks: mlockall() populates every byte of every thread stack. */
#define WORKLOAD_STACK_SIZE	(256 * 1024)

static const char *workload_name = "workload";
static const char *workload_variant = "-";
static int workload_marker_fd = -1;

/**
 * workload_init - name the workload and open the trace marker
 * @workload: program name written in every marker line
 * @variant: variant written in every marker line
 *
 * Opens $RVREPLAY_TRACE_MARKER, else the tracefs trace_marker. A marker
 * that cannot be opened is not an error: the workload then runs untraced.
 * Call once, from main(), before starting any thread.
 */
void workload_init(const char *workload, const char *variant)
{
	const char *path = getenv(WORKLOAD_MARKER_ENV);

	workload_name = workload;
	workload_variant = variant;
	if (!path || !*path)
		path = WORKLOAD_DEFAULT_MARKER;
	workload_marker_fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC,
				  0644);
}

/**
 * workload_mark - write the calling thread's role marker into the trace
 * @role: what the thread does in the workload
 * @sleep: expected sleep monitor verdict: "ok", "bad" or "-"
 * @pagefault: expected pagefault monitor verdict: "ok", "bad" or "-"
 *
 * One write() per line, so lines of concurrent threads never interleave.
 */
void workload_mark(const char *role, const char *sleep, const char *pagefault)
{
	char line[256];
	int len;

	if (workload_marker_fd < 0)
		return;
	len = snprintf(line, sizeof(line),
		       "rvreplay-role: workload=%s variant=%s tid=%d role=%s sleep=%s pagefault=%s\n",
		       workload_name, workload_variant, gettid(), role, sleep,
		       pagefault);
	if (len <= 0 || (size_t)len >= sizeof(line))
		return;
	/* A failed write (tracing off) only leaves the trace unannotated. */
	if (write(workload_marker_fd, line, len) != len)
		return;
}

/**
 * workload_expect - the marker word for an expected verdict
 * @bad: whether the monitor must report a violation
 *
 * Returns "bad" or "ok".
 */
const char *workload_expect(bool bad)
{
	return bad ? "bad" : "ok";
}

/**
 * workload_die - print one line on stderr and exit with status 1
 * @fmt: printf format of the message
 *
 * Callable from any thread: exit() ends the whole process.
 */
void workload_die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", program_invocation_short_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/**
 * workload_usage - print the usage line on stderr and exit with status 2
 * @args: the accepted arguments
 */
void workload_usage(const char *args)
{
	fprintf(stderr, "usage: %s %s\n", program_invocation_short_name, args);
	exit(2);
}

/**
 * workload_pin - run the calling thread on one CPU only
 * @cpu: the CPU
 *
 * Exits the process when the kernel refuses.
 */
void workload_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		workload_die("cannot pin to CPU %d: %s", cpu, strerror(errno));
}

/**
 * workload_set_prio - switch the calling thread's scheduling policy
 * @prio: SCHED_FIFO priority, or WORKLOAD_PRIO_OTHER for SCHED_OTHER
 *
 * Uses sched_setscheduler(0, ...) on purpose: its sys_enter/sys_exit pair
 * tells the replay the new policy at once. Exits when it is refused.
 */
void workload_set_prio(int prio)
{
	struct sched_param param = { .sched_priority = prio };
	int policy = prio == WORKLOAD_PRIO_OTHER ? SCHED_OTHER : SCHED_FIFO;

	if (sched_setscheduler(0, policy, &param))
		workload_die("sched_setscheduler(%s, %d) refused: %s",
			     policy == SCHED_FIFO ? "SCHED_FIFO" : "SCHED_OTHER",
			     prio, strerror(errno));
}

/**
 * workload_start_thread - start a SCHED_OTHER thread with a small stack
 * @fn: thread function
 * @arg: its argument
 *
 * Threads raise their own priority with workload_set_prio(): explicit
 * scheduling attributes would make glibc hold the new thread on a lock
 * that its SCHED_OTHER creator releases, an extra wakeup by a lower
 * priority task that the sleep monitor would judge.
 *
 * Returns the thread; exits when it cannot be created.
 */
pthread_t workload_start_thread(void *(*fn)(void *), void *arg)
{
	pthread_attr_t attr;
	pthread_t thread;
	int err;

	err = pthread_attr_init(&attr);
	if (!err)
		err = pthread_attr_setstacksize(&attr, WORKLOAD_STACK_SIZE);
	if (!err)
		err = pthread_create(&thread, &attr, fn, arg);
	if (err)
		workload_die("cannot start a thread: %s", strerror(err));
	pthread_attr_destroy(&attr);
	return thread;
}

/**
 * workload_join - wait for a thread started by workload_start_thread()
 * @thread: the thread
 */
void workload_join(pthread_t thread)
{
	int err = pthread_join(thread, NULL);

	if (err)
		workload_die("cannot join a thread: %s", strerror(err));
}

/**
 * workload_now - the current CLOCK_MONOTONIC time
 */
struct timespec workload_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t;
}

/**
 * workload_after - a time plus a duration
 * @t: the time
 * @ns: the duration in nanoseconds, at most one second
 */
struct timespec workload_after(struct timespec t, long ns)
{
	t.tv_nsec += ns;
	if (t.tv_nsec >= WORKLOAD_NSEC_PER_SEC) {
		t.tv_nsec -= WORKLOAD_NSEC_PER_SEC;
		t.tv_sec++;
	}
	return t;
}

/**
 * workload_sleep_until - sleep until an absolute CLOCK_MONOTONIC time
 * @t: the wake-up time
 *
 * The one sleep an RT thread may take (absolute MONOTONIC, woken by the
 * timer interrupt), used by helper threads that must stay clean.
 */
void workload_sleep_until(struct timespec t)
{
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR)
		;
}

static bool workload_before(struct timespec a, struct timespec b)
{
	return a.tv_sec < b.tv_sec ||
	       (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

/**
 * workload_spin_until - busy-wait until an absolute CLOCK_MONOTONIC time
 * @t: the end time
 *
 * For holding a lock a known time without sleeping.
 */
void workload_spin_until(struct timespec t)
{
	while (workload_before(workload_now(), t))
		;
}
