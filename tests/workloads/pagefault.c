// SPDX-License-Identifier: GPL-2.0-only
/*
 * pagefault: a thread takes page faults while SCHED_FIFO, or does not.
 *
 * The pagefault monitor only starts on a fault taken while the task is
 * not RT (no initial state holds for "RT and PAGEFAULT"), and stops again
 * after a violation. So each of the WORKLOAD_REPEAT episodes is: touch a
 * fresh page as SCHED_OTHER (starts the monitor), switch to SCHED_FIFO,
 * touch FAULTER_PAGES pages, switch back to SCHED_OTHER.
 *
 * nomlock: the RT pages are fresh: one violation per episode by default,
 *     one per RT fault with --strict-start.
 * mlock: after the first SCHED_OTHER fault the thread calls
 *     mlockall(MCL_CURRENT | MCL_FUTURE) and writes its whole buffer, so
 *     the RT phases touch only resident memory: clean.
 *
 * usage: pagefault nomlock|mlock
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "workload.h"

#define FAULTER_PAGES		4
/* Per episode: one SCHED_OTHER page, then FAULTER_PAGES RT pages. */
#define FAULTER_BUFFER_PAGES	(WORKLOAD_REPEAT * (1 + FAULTER_PAGES))

static bool faulter_mlock;
static char *faulter_buffer;
static long faulter_page_size;

static void faulter_touch(int first, int count)
{
	int i;

	for (i = first; i < first + count; i++)
		*(volatile char *)(faulter_buffer + i * faulter_page_size) = 1;
}

static void faulter_lock_memory(void)
{
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		workload_die("mlockall: %s", strerror(errno));
	memset(faulter_buffer, 0, FAULTER_BUFFER_PAGES * faulter_page_size);
}

static void faulter_episode(int episode)
{
	int page = episode * (1 + FAULTER_PAGES);

	faulter_touch(page, 1);
	workload_set_prio(WORKLOAD_PRIO_MID);
	faulter_touch(page + 1, FAULTER_PAGES);
	workload_set_prio(WORKLOAD_PRIO_OTHER);
}

static void *faulter(void *arg)
{
	int i;

	(void)arg;
	workload_pin(WORKLOAD_CPU);
	workload_mark("faulter", "-", workload_expect(!faulter_mlock));
	if (faulter_mlock) {
		faulter_touch(FAULTER_BUFFER_PAGES, 1);
		faulter_lock_memory();
	}
	for (i = 0; i < WORKLOAD_REPEAT; i++)
		faulter_episode(i);
	return NULL;
}

static void faulter_map(void)
{
	size_t size;

	faulter_page_size = sysconf(_SC_PAGESIZE);
	/* One more page for the mlock variant's starting fault. */
	size = (FAULTER_BUFFER_PAGES + 1) * faulter_page_size;
	faulter_buffer = mmap(NULL, size, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (faulter_buffer == MAP_FAILED)
		workload_die("mmap: %s", strerror(errno));
}

int main(int argc, char **argv)
{
	if (argc != 2 || (strcmp(argv[1], "nomlock") && strcmp(argv[1], "mlock")))
		workload_usage("nomlock|mlock");
	faulter_mlock = !strcmp(argv[1], "mlock");
	workload_init("pagefault", argv[1]);
	workload_mark("main", "ok", "ok");
	faulter_map();
	workload_join(workload_start_thread(faulter, NULL));
	return 0;
}
