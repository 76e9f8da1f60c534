// SPDX-License-Identifier: GPL-2.0-only
/*
 * stall: runnable tasks kept off their CPU past the stall monitor's bound
 * (Linux 7.1's stall, docs/semantics.md section 10), run with a small
 * threshold (stall.threshold_jiffies=2: 8 ms at HZ 250, 20 ms at HZ 100).
 *
 * On CPU 0 a SCHED_FIFO hog spins STALL_SPIN_MS of every period while a
 * SCHED_OTHER victim sleeps 2 ms at a time: each wakeup during a spin
 * waits until the spin ends, and the stall instance of the victim breaks
 * its invariant at its switch-in (error_env_stall with the event
 * sched_switch_in).
 *
 * Then, on CPU 1, a clock still past its bound when the monitors stop: a
 * SCHED_OTHER process sleeps 30 ms while a SCHED_FIFO process spins
 * STALL_LATE_MS on that CPU, and after STALL_EXIT_MS this process
 * disables rvreplay.ko itself (the runner, maybe queued on CPU 1 behind
 * the spinner, might do it only after the sleeper ran), while the
 * sleeper, woken, still waits. The module finishes its clocks at the
 * disabling (error_env_stall with the event "none"), the replay at the
 * trace's end, which the disabling is (sync_tracing).
 *
 * usage: stall
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <time.h>
#include <unistd.h>

#include "workload.h"

#define STALL_ROUNDS		3
#define STALL_SPIN_MS		30
#define STALL_REST_MS		5
#define STALL_NAP_MS		2
#define STALL_LATE_CPU		1
#define STALL_LATE_NAP_MS	30
#define STALL_LATE_MS		200
#define STALL_EXIT_MS		80
#define STALL_LOOP		200000
#define STALL_MODULE_ENABLED	"/sys/module/rvreplay/parameters/enabled"

static volatile bool done;

static bool before(struct timespec a, struct timespec b)
{
	return a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

/*
 * Busy for @ms, reading the clock between runs of a loop: a static
 * binary's clock_gettime() is a system call, and a spin of them would
 * fill the trace (and the real-time hog's sleep monitor) with records.
 */
static void spin_ms(long ms)
{
	struct timespec end = workload_after(workload_now(), ms * WORKLOAD_NSEC_PER_MSEC);

	do {
		for (volatile int i = 0; i < STALL_LOOP; i++)
			;
	} while (before(workload_now(), end));
}

static void *hog(void *arg)
{
	struct timespec t = workload_now();

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_HIGH);
	workload_mark("hog", "-", "-");
	for (int i = 0; i < STALL_ROUNDS; i++) {
		t = workload_after(t, STALL_REST_MS * WORKLOAD_NSEC_PER_MSEC);
		workload_sleep_until(t);
		spin_ms(STALL_SPIN_MS);
		t = workload_now();
	}
	done = true;
	return NULL;
}

static void *victim(void *arg)
{
	struct timespec nap = { .tv_nsec = STALL_NAP_MS * WORKLOAD_NSEC_PER_MSEC };

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_OTHER);
	workload_mark("victim", "-", "-");
	while (!done)
		nanosleep(&nap, NULL);
	return NULL;
}

/*
 * A process of its own on the late CPU, which outlives this one: the
 * sleeper says on @ready that it is on its CPU and about to sleep, so
 * that it sleeps (its stall instance starts at that switch-out) before
 * the spinner takes the CPU.
 */
static void late(int prio, bool spin, int ready)
{
	struct timespec nap = { .tv_nsec = STALL_LATE_NAP_MS * WORKLOAD_NSEC_PER_MSEC };

	if (fork())
		return;
	workload_pin(STALL_LATE_CPU);
	workload_set_prio(prio);
	if (spin) {
		spin_ms(STALL_LATE_MS);
	} else {
		if (write(ready, "r", 1) != 1)
			workload_die("the sleeper could not say it is ready");
		nanosleep(&nap, NULL);
	}
	_exit(0);
}

/* The monitors off now (and tracing, with sync_tracing); nothing without the module. */
static void monitors_off(void)
{
	int fd = open(STALL_MODULE_ENABLED, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	if (write(fd, "0", 1) != 1)
		workload_die("disabling rvreplay.ko failed");
	close(fd);
}

int main(int argc, char **argv)
{
	struct timespec rest = { .tv_nsec = STALL_EXIT_MS * WORKLOAD_NSEC_PER_MSEC };
	pthread_t h, v;
	int ready[2];
	char c;

	if (argc != 1)
		workload_usage("");
	(void)argv;
	workload_init("stall", "default");
	/* off the late CPU, or the spinner would keep this process from exiting */
	workload_pin(WORKLOAD_CPU);
	workload_mark("main", "-", "-");
	v = workload_start_thread(victim, NULL);
	h = workload_start_thread(hog, NULL);
	workload_join(h);
	workload_join(v);
	/* nobody waits for them: init reaps them */
	signal(SIGCHLD, SIG_IGN);
	if (pipe(ready))
		workload_die("pipe failed");
	late(WORKLOAD_PRIO_OTHER, false, ready[1]);
	if (read(ready[0], &c, 1) != 1)
		workload_die("the sleeper did not start");
	late(WORKLOAD_PRIO_HIGH, true, -1);
	nanosleep(&rest, NULL);
	monitors_off();
	return 0;
}
