/*
 * Shared plumbing of the rvreplay test workloads: the role marker each
 * thread writes into the trace, SCHED_FIFO, CPU pinning and absolute
 * CLOCK_MONOTONIC timing.
 *
 * Marker line, one per thread, written before the thread does its work:
 *
 *   rvreplay-role: workload=<name> variant=<v> tid=<tid> role=<role>
 *                  sleep=<ok|bad|-> pagefault=<ok|bad|->
 *
 * (on one line). "bad" means the replay must report at least one violation
 * of that monitor for this thread, "ok" none, "-" no expectation.
 */
#ifndef RVREPLAY_WORKLOAD_H
#define RVREPLAY_WORKLOAD_H

#include <pthread.h>
#include <stdbool.h>
#include <time.h>

/* All threads that interact share one CPU, so a wakeup is a preemption. */
#define WORKLOAD_CPU		0
/* How many times each workload repeats the action the monitors judge. */
#define WORKLOAD_REPEAT		5

#define WORKLOAD_NSEC_PER_USEC	1000L
#define WORKLOAD_NSEC_PER_MSEC	1000000L
#define WORKLOAD_NSEC_PER_SEC	1000000000L

/* SCHED_FIFO priorities as user space sees them (kernel prio = 99 - p). */
#define WORKLOAD_PRIO_HIGH	60
#define WORKLOAD_PRIO_MID	50
#define WORKLOAD_PRIO_LOW	40

#define WORKLOAD_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* A thread policy: SCHED_FIFO at prio, or SCHED_OTHER when prio is 0. */
#define WORKLOAD_PRIO_OTHER	0

void workload_init(const char *workload, const char *variant);
void workload_mark(const char *role, const char *sleep, const char *pagefault);
const char *workload_expect(bool bad);

void workload_die(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
void workload_usage(const char *args) __attribute__((noreturn));

void workload_pin(int cpu);
void workload_set_prio(int prio);

pthread_t workload_start_thread(void *(*fn)(void *), void *arg);
void workload_join(pthread_t thread);

struct timespec workload_now(void);
struct timespec workload_after(struct timespec t, long ns);
void workload_sleep_until(struct timespec t);
void workload_spin_until(struct timespec t);

#endif /* RVREPLAY_WORKLOAD_H */
