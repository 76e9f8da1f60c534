// SPDX-License-Identifier: GPL-2.0-only
/*
 * prio_late: a priority change that no recorded event shows
 * (docs/semantics.md section 5, "priorities are learned from events").
 *
 * The threads change their policy with sched_setattr(), which the replay
 * does not decode (it knows sched_setscheduler()), and act before any
 * sched_switch shows the new prio. The live monitor reads the task's
 * prio; the replay still has the one of the last switch.
 *
 * wake: a SCHED_OTHER waker sharing the waiter's CPU becomes SCHED_FIFO
 *     at the waiter's prio with sched_setattr() and wakes it from FUTEX_WAIT
 *     at once: equal prio, clean live; the replay takes the waker for a
 *     SCHED_OTHER task and reports a wakeup by a lower priority task.
 * fault: a thread starts the pagefault monitor with a SCHED_OTHER fault,
 *     becomes SCHED_FIFO with sched_setattr() and touches a fresh page:
 *     a live violation the replay does not see (RT unknown to it); after a
 *     short sleep (a switch-out shows the prio) it touches another page:
 *     a replay violation, while the live instance has stopped.
 *
 * usage: prio_late wake|fault
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "workload.h"

#define LATE_PERIOD_NS		WORKLOAD_NSEC_PER_MSEC
#define LATE_SETUP_NS		(2 * WORKLOAD_NSEC_PER_MSEC)

/* <linux/sched/types.h> */
struct late_sched_attr {
	uint32_t	size;
	uint32_t	sched_policy;
	uint64_t	sched_flags;
	int32_t		sched_nice;
	uint32_t	sched_priority;
	uint64_t	sched_runtime;
	uint64_t	sched_deadline;
	uint64_t	sched_period;
};

static struct timespec late_start;
static int late_word;
static char *late_pages;
static long late_page_size;

/* The policy change the replay cannot see. */
static void late_setattr(int prio)
{
	struct late_sched_attr attr = {
		.size = sizeof(attr),
		.sched_policy = prio ? SCHED_FIFO : SCHED_OTHER,
		.sched_priority = prio,
	};

	if (syscall(SYS_sched_setattr, 0, &attr, 0))
		workload_die("sched_setattr(%d): %s", prio, strerror(errno));
}

static void *waiter(void *arg)
{
	int seen = 0;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_set_prio(WORKLOAD_PRIO_MID);
	workload_mark("waiter", "-", "-");
	while (seen < WORKLOAD_REPEAT) {
		syscall(SYS_futex, &late_word, FUTEX_WAIT_PRIVATE, seen, NULL, NULL, 0);
		seen = __atomic_load_n(&late_word, __ATOMIC_ACQUIRE);
	}
	return NULL;
}

static void *waker(void *arg)
{
	int i;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_mark("waker", "ok", "-");
	for (i = 1; i <= WORKLOAD_REPEAT; i++) {
		workload_sleep_until(workload_after(late_start, i * LATE_PERIOD_NS));
		late_setattr(WORKLOAD_PRIO_MID);
		__atomic_store_n(&late_word, i, __ATOMIC_RELEASE);
		syscall(SYS_futex, &late_word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
		late_setattr(WORKLOAD_PRIO_OTHER);
	}
	return NULL;
}

static void late_touch(int page)
{
	*(volatile char *)(late_pages + page * late_page_size) = 1;
}

static void *faulter(void *arg)
{
	int i;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_mark("faulter", "-", "-");
	for (i = 0; i < WORKLOAD_REPEAT; i++) {
		late_touch(3 * i);
		late_setattr(WORKLOAD_PRIO_MID);
		late_touch(3 * i + 1);
		workload_sleep_until(workload_after(workload_now(), 100 * WORKLOAD_NSEC_PER_USEC));
		late_touch(3 * i + 2);
		workload_set_prio(WORKLOAD_PRIO_OTHER);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t a, b;

	if (argc != 2 || (strcmp(argv[1], "wake") && strcmp(argv[1], "fault")))
		workload_usage("wake|fault");
	workload_init("prio_late", argv[1]);
	workload_mark("main", "ok", "ok");
	if (!strcmp(argv[1], "fault")) {
		late_page_size = sysconf(_SC_PAGESIZE);
		late_pages = mmap(NULL, 3 * WORKLOAD_REPEAT * late_page_size,
				  PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (late_pages == MAP_FAILED)
			workload_die("mmap: %s", strerror(errno));
		workload_join(workload_start_thread(faulter, NULL));
		return 0;
	}
	late_start = workload_after(workload_now(), LATE_SETUP_NS);
	a = workload_start_thread(waiter, NULL);
	b = workload_start_thread(waker, NULL);
	workload_join(a);
	workload_join(b);
	return 0;
}
