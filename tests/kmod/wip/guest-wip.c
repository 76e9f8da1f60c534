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
#include <sys/utsname.h>
#include <sys/wait.h>

#define TRACEFS		"/sys/kernel/tracing"
#define ROUNDS		20

static const char *const events[] = {
	"ftrace/print",
	"sched/sched_switch", "sched/sched_waking", "sched/sched_wakeup",
	"sched/sched_wakeup_new", "sched/sched_process_fork", "sched/sched_process_free",
	"preemptirq/preempt_disable", "preemptirq/preempt_enable",
	"rv/event_wip", "rv/error_wip", "rv/event_wwnr", "rv/error_wwnr",
};

static int failures;

static int put(const char *path, const char *text, int flags)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | flags);
	ssize_t n;

	if (fd < 0) {
		printf("guest-wip: open %s: %s\n", path, strerror(errno));
		failures++;
		return -1;
	}
	/* opening with O_TRUNC is the write of an empty text (rv/enabled_monitors) */
	n = text[0] ? write(fd, text, strlen(text)) : 0;
	close(fd);
	if (n != (ssize_t)strlen(text)) {
		printf("guest-wip: write %s to %s failed\n", text, path);
		failures++;
		return -1;
	}
	return 0;
}

static int copy(const char *from, const char *to, int flags)
{
	char buf[65536];
	int in = open(from, O_RDONLY | O_CLOEXEC | flags), out;
	ssize_t n;

	if (in < 0)
		return -1;
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0) {
		close(in);
		return -1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR))
		if (n > 0 && write(out, buf, n) != n)
			break;
	close(in);
	close(out);
	return 0;
}

static void mkdirs(const char *path)
{
	char tmp[512];

	snprintf(tmp, sizeof(tmp), "%s", path);
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(tmp, 0755);
		*p = '/';
	}
	mkdir(tmp, 0755);
}

static void setup_events(void)
{
	char from[512], to[512];

	mkdirs("events");
	copy(TRACEFS "/events/header_page", "events/header_page", 0);
	copy(TRACEFS "/events/header_event", "events/header_event", 0);
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		snprintf(to, sizeof(to), "events/%s", events[i]);
		mkdirs(to);
		snprintf(from, sizeof(from), TRACEFS "/events/%s/format", events[i]);
		snprintf(to, sizeof(to), "events/%s/format", events[i]);
		if (copy(from, to, 0)) {
			printf("guest-wip: no event %s\n", events[i]);
			failures++;
		}
		if (strcmp(events[i], "ftrace/print")) {
			snprintf(from, sizeof(from), TRACEFS "/events/%s/enable", events[i]);
			put(from, "1", O_TRUNC);
		}
	}
}

static void save_system(void)
{
	struct utsname u;
	FILE *f;

	copy(TRACEFS "/trace_clock", "trace_clock", 0);
	uname(&u);
	f = fopen("uname", "w");
	if (f) {
		fprintf(f, "%s %s %s %s\n", u.sysname, u.nodename, u.release, u.machine);
		fclose(f);
	}
	f = fopen("page_size", "w");
	if (f) {
		fprintf(f, "%ld\n", sysconf(_SC_PAGESIZE));
		fclose(f);
	}
}

static void save_run(const char *dir)
{
	char from[256], to[512];

	mkdirs(dir);
	for (int cpu = 0;; cpu++) {
		snprintf(from, sizeof(from), TRACEFS "/per_cpu/cpu%d/trace_pipe_raw", cpu);
		snprintf(to, sizeof(to), "%s/cpu%d.raw", dir, cpu);
		if (copy(from, to, O_NONBLOCK))
			break;
		snprintf(from, sizeof(from), TRACEFS "/per_cpu/cpu%d/stats", cpu);
		snprintf(to, sizeof(to), "%s/cpu%d.stats", dir, cpu);
		copy(from, to, 0);
	}
	snprintf(to, sizeof(to), "%s/saved_cmdlines", dir);
	copy(TRACEFS "/saved_cmdlines", to, 0);
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
		failures++;
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
		printf("guest-wip: the workload failed\n");
		failures++;
	}
}

int main(void)
{
	const char *out = getenv("OUT") ? getenv("OUT") : "/out";

	if (chdir(out))
		return 1;
	put(TRACEFS "/tracing_on", "0", O_TRUNC);
	put(TRACEFS "/buffer_size_kb", "8192", O_TRUNC);
	put(TRACEFS "/trace", "", O_TRUNC);
	setup_events();
	save_system();
	put(TRACEFS "/rv/enabled_monitors", "wip", O_APPEND);
	put(TRACEFS "/rv/enabled_monitors", "wwnr", O_APPEND);
	put(TRACEFS "/tracing_on", "1", O_TRUNC);
	workload();
	put(TRACEFS "/tracing_on", "0", O_TRUNC);
	put(TRACEFS "/rv/enabled_monitors", "", O_TRUNC);
	save_run("wip");
	printf("guest-wip: done, %d failures\n", failures);
	return failures ? 1 : 0;
}
