// SPDX-License-Identifier: GPL-2.0-only
/*
 * mm_calls: a thread maps, unmaps and moves its break while SCHED_FIFO, or
 * only before it turns real-time: the example rule
 * examples/specs/no-mm-calls.ltl ("no real-time task calls mmap, brk or
 * munmap") judges it.
 *
 * As the pagefault monitor, the rule's instance starts at one of its
 * events while the task is not RT and stops after a violation, so each of
 * the WORKLOAD_REPEAT episodes is: one mmap as SCHED_OTHER (starts it),
 * then mmap, munmap and brk as SCHED_FIFO (rt), or the same calls still as
 * SCHED_OTHER and then SCHED_FIFO for a moment (before), then SCHED_OTHER
 * again.
 *
 * usage: mm_calls rt|before
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "workload.h"

static bool mm_rt;

static void *map_page(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		workload_die("mmap: %s", strerror(errno));
	return p;
}

static void mm_episode(void)
{
	void *start = map_page(), *p;

	munmap(start, 4096);
	if (mm_rt)
		workload_set_prio(WORKLOAD_PRIO_MID);
	p = map_page();
	munmap(p, 4096);
	/* brk itself: glibc's sbrk(0) may answer from its cache */
	syscall(SYS_brk, 0);
	if (!mm_rt)
		workload_set_prio(WORKLOAD_PRIO_MID);
	workload_set_prio(WORKLOAD_PRIO_OTHER);
}

static void *mapper(void *arg)
{
	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_mark("mapper", "-", "-");
	for (int i = 0; i < WORKLOAD_REPEAT; i++)
		mm_episode();
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc != 2 || (strcmp(argv[1], "rt") && strcmp(argv[1], "before")))
		workload_usage("rt|before");
	mm_rt = !strcmp(argv[1], "rt");
	workload_init("mm_calls", argv[1]);
	workload_mark("main", "ok", "ok");
	workload_join(workload_start_thread(mapper, NULL));
	return 0;
}
