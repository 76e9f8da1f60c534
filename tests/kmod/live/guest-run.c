// SPDX-License-Identifier: GPL-2.0
/*
 * guest-run.c - /payload/run of the live kmod tests (static, any arch).
 *
 * Loads /payload/rvreplay.ko, enables the trace events the monitors use
 * and the module's own, then runs each scenario of /payload/plan:
 *
 *	NAME BUFFER_KB OPTIONS COMMAND [ARGS...]
 *
 * OPTIONS is "-" or comma-separated: pre=PROG starts /payload/PROG before
 * the monitors are enabled (a task that exists before the trace) and waits
 * for it after COMMAND; profile=P, monitors=M (default rtapp and wwnr:
 * "rtapp,wwnr"; a list joined by "+": "rtapp+stall") and
 * params=MONITOR.NAME=VALUE (one) set those parameters; react=1 turns the
 * printk reaction on for the scenario; events=SYSTEM records the events
 * of SYSTEM too (preemptirq: wip's, on kernels that have them); COMMAND
 * "-" runs nothing but the wait. For each scenario: clear the ring
 * buffer (BUFFER_KB per CPU, overwrite mode), enable the module with
 * sync_tracing (tracing on and off with the monitors), run, disable, and
 * copy out what a trace.dat is made of: $OUT/NAME/cpuN.raw (the raw
 * pages of per_cpu/cpuN/trace_pipe_raw), cpuN.stats, saved_cmdlines,
 * kmod-stats and status (the command's exit status). Once, in $OUT:
 * events/ (header_page, header_event, the formats of every event
 * enabled), trace_clock, uname, page_size, available.
 *
 * At the end the module is unloaded. Then, where the payload holds
 * rvreplay itself (/payload/watch/: the host's binary, its libraries and
 * their loader), `rvreplay watch` judges one workload live, with no
 * module, while `rvreplay record` records the same run from another
 * instance: $OUT/watch.jsonl, watch.dat (--save), watch-rec.dat (record's),
 * watch.out, watch.err and watch.rc (record's exit status). Exits 0 when every step worked; the scenarios' own statuses
 * are judged on the host.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define TRACEFS		"/sys/kernel/tracing"
#define GUEST_NAME	"guest-run"
#define PARAMS		"/sys/module/rvreplay/parameters"
#define MODULE_KO	"/payload/rvreplay.ko"
#define PLAN		"/payload/plan"
#define MAX_ARGS	16
#define PRE_SETTLE_MS	100
#define PRE_WAIT_S	60
#define WATCH_DIR	"/payload/watch"
#define WATCH_WAIT_S	300

#include "../guest_lib.h"

static const char *out_dir = "/out";

static const char *const events[] = {
	"sched/sched_switch", "sched/sched_waking", "sched/sched_wakeup",
	"sched/sched_wakeup_new", "sched/sched_process_fork", "sched/sched_process_exit",
	"sched/sched_process_free", "sched/sched_pi_setprio", "sched/sched_kthread_stop",
	"raw_syscalls/sys_enter", "raw_syscalls/sys_exit",
	"lock/contention_begin", "lock/contention_end",
	"exceptions/page_fault_user", "exceptions/page_fault_kernel",
	"rvreplay/event_pagefault", "rvreplay/error_pagefault",
	"rvreplay/event_sleep", "rvreplay/error_sleep",
	"rvreplay/event_wakeup", "rvreplay/error_wakeup",
	"rvreplay/event_wwnr", "rvreplay/error_wwnr",
	"rvreplay/event_stall", "rvreplay/error_stall", "rvreplay/error_env_stall",
	"rvreplay/event_wip", "rvreplay/error_wip",
};

/* Recorded only by the scenarios that ask (events=SYSTEM): many, and for wip alone. */
static const char *const scenario_events[] = {
	"preemptirq/preempt_disable", "preemptirq/preempt_enable",
};

static int param(const char *name, const char *value)
{
	char path[256];

	snprintf(path, sizeof(path), PARAMS "/%s", name);
	return write_file(path, value, O_TRUNC);
}

static int load_module(void)
{
	int fd = open(MODULE_KO, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || syscall(SYS_finit_module, fd, "", 0)) {
		failed("cannot load " MODULE_KO ": %s", strerror(errno));
		return -1;
	}
	close(fd);
	return 0;
}

/* Save an event's format, and enable it when @on; 0, or -1 when the kernel lacks it. */
static int setup_event(const char *event, int on)
{
	char path[512], to[512];

	snprintf(path, sizeof(path), TRACEFS "/events/%s/enable", event);
	if (access(path, W_OK)) {
		say("no event %s in this kernel", event);
		return -1;
	}
	if (on)
		write_file(path, "1", O_TRUNC);
	snprintf(to, sizeof(to), "events/%s", event);
	mkdirs(to);
	snprintf(path, sizeof(path), TRACEFS "/events/%s/format", event);
	snprintf(to, sizeof(to), "events/%s/format", event);
	copy_file(path, to, 0);
	return 0;
}

/* Enable the events that exist; save their formats, the scenarios' and the headers. */
static void setup_events(void)
{
	mkdirs("events/ftrace/print");
	copy_file(TRACEFS "/events/header_page", "events/header_page", 0);
	copy_file(TRACEFS "/events/header_event", "events/header_event", 0);
	copy_file(TRACEFS "/events/ftrace/print/format", "events/ftrace/print/format", 0);
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		setup_event(events[i], 1);
	for (size_t i = 0; i < sizeof(scenario_events) / sizeof(scenario_events[0]); i++)
		setup_event(scenario_events[i], 0);
}

/* A scenario's events=SYSTEM on (@on 1) or off again. */
static void scenario_events_enable(const char *system, int on)
{
	char path[256];

	if (!system[0])
		return;
	snprintf(path, sizeof(path), TRACEFS "/events/%s/enable", system);
	if (write_file(path, on ? "1" : "0", O_TRUNC) && on)
		failed("no event system %s in this kernel", system);
}

static void save_system(void)
{
	save_system_files();
	copy_file(PARAMS "/available", "available", 0);
}

static void save_scenario(const char *dir, int status)
{
	char to[512];
	FILE *f;

	save_cpus(dir);
	snprintf(to, sizeof(to), "%s/kmod-stats", dir);
	copy_file(PARAMS "/stats", to, 0);
	snprintf(to, sizeof(to), "%s/status", dir);
	f = fopen(to, "w");
	if (f) {
		fprintf(f, "%d\n", status);
		fclose(f);
	}
}

static void run_scenario(char *line)
{
	char *argv[MAX_ARGS + 1] = { NULL }, *save = NULL, *name, *kb, *opts;
	char dir[256], path[300], pre[128], value[64], system[32];
	char *pre_argv[2] = { path, NULL };
	pid_t pid, pre_pid = -1;
	int argc = 0, status = 0;

	name = strtok_r(line, " \t\n", &save);
	kb = strtok_r(NULL, " \t\n", &save);
	opts = strtok_r(NULL, " \t\n", &save);
	while (argc < MAX_ARGS && (argv[argc] = strtok_r(NULL, " \t\n", &save)))
		argc++;
	if (!name || name[0] == '#' || !kb || !opts || !argc)
		return;
	say("scenario %s", name);
	snprintf(dir, sizeof(dir), "%s", name);
	mkdirs(dir);
	write_file(TRACEFS "/tracing_on", "0", O_TRUNC);
	write_file(TRACEFS "/buffer_size_kb", kb, O_TRUNC);
	write_file(TRACEFS "/options/overwrite", "1", O_TRUNC);
	write_file(TRACEFS "/trace", "", O_TRUNC);
	option(opts, "profile", value, sizeof(value));
	param("profile", value[0] ? value : "6.17");
	option(opts, "monitors", value, sizeof(value));
	for (char *plus = strchr(value, '+'); plus; plus = strchr(plus, '+'))
		*plus = ',';
	param("monitors", value[0] ? value : "rtapp,wwnr");
	option(opts, "params", value, sizeof(value));
	param("params", value[0] ? value : "\n");
	option(opts, "react", value, sizeof(value));
	param("react_printk", value[0] ? value : "0");
	option(opts, "events", system, sizeof(system));
	scenario_events_enable(system, 1);
	option(opts, "pre", pre, sizeof(pre));
	if (pre[0]) {
		snprintf(path, sizeof(path), "/payload/%s", pre);
		pre_pid = spawn(pre_argv);
		sleep_ms(PRE_SETTLE_MS);
	}
	if (param("enabled", "1")) {
		scenario_events_enable(system, 0);
		return;
	}
	if (strcmp(argv[0], "-")) {
		snprintf(path, sizeof(path), "/payload/%s", argv[0]);
		argv[0] = path;
		pid = spawn(argv);
		status = pid > 0 ? wait_status(pid, 0) : -1;
	}
	if (pre_pid > 0)
		status |= wait_status(pre_pid, PRE_WAIT_S);
	param("enabled", "0");
	scenario_events_enable(system, 0);
	save_scenario(dir, status);
}

/* rvreplay watch on a kernel without RV: the monitors live from the events alone. */
static void run_watch(void)
{
	/* rvreplay record of the same run from another instance, around the watch */
	static char *argv[] = {
		WATCH_DIR "/ld.so", "--library-path", WATCH_DIR, WATCH_DIR "/rvreplay", "record",
		"-q", "--no-kallsyms", "-o", "watch-rec.dat", "--",
		WATCH_DIR "/ld.so", "--library-path", WATCH_DIR, WATCH_DIR "/rvreplay", "watch",
		"--all", "--jsonl", "watch.jsonl", "--save", "watch.dat", "--",
		"/payload/nanosleep", "nanosleep", NULL,
	};
	char rc[16];
	pid_t pid;

	if (access(WATCH_DIR "/rvreplay", X_OK))
		return;
	pid = fork();
	if (pid == 0) {
		int out = open("watch.out", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int err = open("watch.err", O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
			_exit(126);
		/* libtraceevent's plugins: records printed as on the host */
		setenv("TRACEEVENT_PLUGIN_DIR", WATCH_DIR "/plugins", 1);
		execv(argv[0], argv);
		_exit(127);
	}
	snprintf(rc, sizeof(rc), "%d\n", pid > 0 ? wait_status(pid, WATCH_WAIT_S) : -1);
	write_file("watch.rc", rc, O_CREAT | O_TRUNC);
	say("watch: exit %s", rc);
}

int main(void)
{
	char line[512];
	FILE *plan;

	if (getenv("OUT"))
		out_dir = getenv("OUT");
	if (chdir(out_dir)) {
		failed("cannot enter %s: %s", out_dir, strerror(errno));
		return 1;
	}
	if (load_module())
		return 1;
	write_file(TRACEFS "/tracing_on", "0", O_TRUNC);
	setup_events();
	save_system();
	param("sync_tracing", "1");
	plan = fopen(PLAN, "r");
	if (!plan) {
		failed("no " PLAN);
		return 1;
	}
	while (fgets(line, sizeof(line), plan))
		run_scenario(line);
	fclose(plan);
	if (syscall(SYS_delete_module, "rvreplay", O_NONBLOCK))
		failed("cannot unload rvreplay: %s", strerror(errno));
	run_watch();
	say("done, %d failures", failures);
	return failures ? 1 : 0;
}
