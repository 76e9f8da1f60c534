// SPDX-License-Identifier: GPL-2.0-only
/*
 * guest-wip.c - /payload/run (static) of the guest that records the
 * kernel's own wip and wwnr judging a small workload, for the bundled
 * trace tests/kmod/traces/x86_64-kernel-wip.dat (record-wip.sh).
 *
 * Saves in $OUT the layout tests/kmod/live/assemble.c reads (events/,
 * trace_clock, uname, page_size, wip/cpuN.raw, cpuN.stats,
 * saved_cmdlines), with the events wip and wwnr read (preemptirq's
 * preempt_disable and preempt_enable, sched's) and the kernel's
 * rv:event_/error_ wip and wwnr. The monitors go on before tracing, as
 * the referee's do (tests/kmod/upstream): what they judged before the
 * trace's first records is rvreplay diff's [before-trace].
 *
 * The workload: two processes ping-pong over pipes (wakeups with
 * preemption disabled), and sleep 1 ms twenty times (wakeups from the
 * timer interrupt, whose preemption-off the preemptirq events do not
 * show: the kernel's wip reports them, its known limitation).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#define TRACEFS		"/sys/kernel/tracing"
#define GUEST_NAME	"guest-wip"
#define ROUNDS		20

#include "../guest_lib.h"

static const char *const events[] = {
	"ftrace/print",
	"sched/sched_switch", "sched/sched_waking", "sched/sched_wakeup",
	"sched/sched_wakeup_new", "sched/sched_process_fork", "sched/sched_process_free",
	"preemptirq/preempt_disable", "preemptirq/preempt_enable",
	"rv/event_wip", "rv/error_wip", "rv/event_wwnr", "rv/error_wwnr",
};

static void setup_events(void)
{
	char from[512], to[512];

	mkdirs("events");
	copy_file(TRACEFS "/events/header_page", "events/header_page", 0);
	copy_file(TRACEFS "/events/header_event", "events/header_event", 0);
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		snprintf(to, sizeof(to), "events/%s", events[i]);
		mkdirs(to);
		snprintf(from, sizeof(from), TRACEFS "/events/%s/format", events[i]);
		snprintf(to, sizeof(to), "events/%s/format", events[i]);
		if (copy_file(from, to, 0))
			failed("no event %s", events[i]);
		if (strcmp(events[i], "ftrace/print")) {
			snprintf(from, sizeof(from), TRACEFS "/events/%s/enable", events[i]);
			write_file(from, "1", O_TRUNC);
		}
	}
}

static void save_run(const char *dir)
{
	mkdirs(dir);
	save_cpus(dir);
}

static void ping_pong(int in, int out, int first)
{
	struct timespec ms = { 0, 1000000 };
	char c = 'x';

	for (int i = 0; i < ROUNDS; i++) {
		if (first && write(out, &c, 1) != 1)
			_exit(1);
		if (read(in, &c, 1) != 1)
			_exit(1);
		nanosleep(&ms, NULL);
		if (!first && write(out, &c, 1) != 1)
			_exit(1);
	}
	_exit(0);
}

static void workload(void)
{
	int a[2], b[2], status;
	pid_t p1, p2;

	if (pipe(a) || pipe(b)) {
		failed("pipe: %s", strerror(errno));
		return;
	}
	p1 = fork();
	if (p1 == 0)
		ping_pong(a[0], b[1], 1);
	p2 = fork();
	if (p2 == 0)
		ping_pong(b[0], a[1], 0);
	if (p1 < 0 || p2 < 0 || waitpid(p1, &status, 0) != p1 || status ||
	    waitpid(p2, &status, 0) != p2 || status) {
		failed("the workload failed");
	}
}

int main(void)
{
	const char *out = getenv("OUT") ? getenv("OUT") : "/out";

	if (chdir(out))
		return 1;
	write_file(TRACEFS "/tracing_on", "0", O_TRUNC);
	write_file(TRACEFS "/buffer_size_kb", "8192", O_TRUNC);
	write_file(TRACEFS "/trace", "", O_TRUNC);
	setup_events();
	save_system_files();
	write_file(TRACEFS "/rv/enabled_monitors", "wip", O_APPEND);
	write_file(TRACEFS "/rv/enabled_monitors", "wwnr", O_APPEND);
	write_file(TRACEFS "/tracing_on", "1", O_TRUNC);
	workload();
	write_file(TRACEFS "/tracing_on", "0", O_TRUNC);
	write_file(TRACEFS "/rv/enabled_monitors", "", O_TRUNC);
	save_run("wip");
	say("done, %d failures", failures);
	return failures ? 1 : 0;
}
