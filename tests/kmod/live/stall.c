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
 * SCHED_OTHER process sleeps 10 ms while a SCHED_FIFO process spins
 * STALL_LATE_MS on that CPU, and this process exits after STALL_EXIT_MS,
 * leaving both running: the live monitors are disabled while the sleeper,
 * woken, still waits. rvreplay.ko finishes its clocks at the disabling
 * (error_env_stall with the event "none"), the replay at the trace's end.
 *
 * usage: stall
 */
#define _GNU_SOURCE
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
#define STALL_LATE_NAP_MS	10
#define STALL_SETTLE_MS		5
#define STALL_LATE_MS		150
#define STALL_EXIT_MS		50
#define STALL_LOOP		200000

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

/* A process of its own on the late CPU: it outlives this one. */
static void late(int prio, bool spin)
{
	struct timespec nap = { .tv_nsec = STALL_LATE_NAP_MS * WORKLOAD_NSEC_PER_MSEC };

	if (fork())
		return;
	workload_pin(STALL_LATE_CPU);
	workload_set_prio(prio);
	if (spin)
		spin_ms(STALL_LATE_MS);
	else
		nanosleep(&nap, NULL);
	_exit(0);
}

int main(int argc, char **argv)
{
	struct timespec rest = { .tv_nsec = STALL_EXIT_MS * WORKLOAD_NSEC_PER_MSEC };
	struct timespec settle = { .tv_nsec = STALL_SETTLE_MS * WORKLOAD_NSEC_PER_MSEC };
	pthread_t h, v;

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
	late(WORKLOAD_PRIO_OTHER, false);
	/* the sleeper asleep first: its stall instance starts at that switch-out */
	nanosleep(&settle, NULL);
	late(WORKLOAD_PRIO_HIGH, true);
	nanosleep(&rest, NULL);
	return 0;
}
