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
 *
 * With /payload/rvreplay.ko (record-wip.sh's KMOD_OUT.dat), a second run
 * of the workload, in $OUT/kmod: the kernel's monitors off, the module's
 * wip and wwnr on with sync_tracing (tracing on and off with them, as
 * tests/kmod/live runs it), and its rvreplay:event_/error_ wip and wwnr
 * recorded; kmod-available and kmod/kmod-stats beside.
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
#include <sys/syscall.h>
#include <sys/wait.h>

#define TRACEFS		"/sys/kernel/tracing"
#define GUEST_NAME	"guest-wip"
#define ROUNDS		20
#define PARAMS		"/sys/module/rvreplay/parameters"
#define MODULE_KO	"/payload/rvreplay.ko"

#include "../guest_lib.h"

static const char *const events[] = {
	"ftrace/print",
	"sched/sched_switch", "sched/sched_waking", "sched/sched_wakeup",
	"sched/sched_wakeup_new", "sched/sched_process_fork", "sched/sched_process_free",
	"preemptirq/preempt_disable", "preemptirq/preempt_enable",
	"rv/event_wip", "rv/error_wip", "rv/event_wwnr", "rv/error_wwnr",
};

/* rvreplay.ko's, when loaded */
static const char *const module_events[] = {
	"rvreplay/event_wip", "rvreplay/error_wip", "rvreplay/event_wwnr", "rvreplay/error_wwnr",
};

static int have_module;

static void setup_event(const char *event)
{
	char from[512], to[512];

	snprintf(to, sizeof(to), "events/%s", event);
	mkdirs(to);
	snprintf(from, sizeof(from), TRACEFS "/events/%s/format", event);
	snprintf(to, sizeof(to), "events/%s/format", event);
	if (copy_file(from, to, 0))
		failed("no event %s", event);
	if (strcmp(event, "ftrace/print")) {
		snprintf(from, sizeof(from), TRACEFS "/events/%s/enable", event);
		write_file(from, "1", O_TRUNC);
	}
}

static void setup_events(void)
{
	mkdirs("events");
	copy_file(TRACEFS "/events/header_page", "events/header_page", 0);
	copy_file(TRACEFS "/events/header_event", "events/header_event", 0);
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		setup_event(events[i]);
	for (size_t i = 0; have_module && i < sizeof(module_events) / sizeof(module_events[0]); i++)
		setup_event(module_events[i]);
}

/* Load /payload/rvreplay.ko when there is one: the kernel's wip alone otherwise. */
static void load_module(void)
{
	int fd = open(MODULE_KO, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	if (syscall(SYS_finit_module, fd, "", 0))
		failed("cannot load " MODULE_KO ": %s", strerror(errno));
	else
		have_module = 1;
	close(fd);
	if (have_module)
		copy_file(PARAMS "/available", "kmod-available", 0);
}

static int param(const char *name, const char *value)
{
	char path[256];

	snprintf(path, sizeof(path), PARAMS "/%s", name);
	return write_file(path, value, O_TRUNC);
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

/* The module's wip and wwnr judge the workload, tracing on and off with them. */
static void module_run(void)
{
	write_file(TRACEFS "/trace", "", O_TRUNC);
	param("monitors", "wip,wwnr");
	param("sync_tracing", "1");
	if (param("enabled", "1"))
		return;
	workload();
	param("enabled", "0");
	save_run("kmod");
	copy_file(PARAMS "/stats", "kmod/kmod-stats", 0);
	if (syscall(SYS_delete_module, "rvreplay", O_NONBLOCK))
		failed("cannot unload rvreplay: %s", strerror(errno));
}

int main(void)
{
	const char *out = getenv("OUT") ? getenv("OUT") : "/out";

	if (chdir(out))
		return 1;
	write_file(TRACEFS "/tracing_on", "0", O_TRUNC);
	write_file(TRACEFS "/buffer_size_kb", "8192", O_TRUNC);
	write_file(TRACEFS "/trace", "", O_TRUNC);
	load_module();
	setup_events();
	save_system_files();
	write_file(TRACEFS "/rv/enabled_monitors", "wip", O_APPEND);
	write_file(TRACEFS "/rv/enabled_monitors", "wwnr", O_APPEND);
	write_file(TRACEFS "/tracing_on", "1", O_TRUNC);
	workload();
	write_file(TRACEFS "/tracing_on", "0", O_TRUNC);
	write_file(TRACEFS "/rv/enabled_monitors", "", O_TRUNC);
	save_run("wip");
	if (have_module)
		module_run();
	say("done, %d failures", failures);
	return failures ? 1 : 0;
}
