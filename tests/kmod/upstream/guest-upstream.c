// SPDX-License-Identifier: GPL-2.0-only
/*
 * guest-upstream.c - /payload/run of the upstream-monitor guests (static,
 * any arch): the kernel's own rtapp monitors judge each scenario, and
 * rvreplay.ko beside them when /payload/rvreplay.ko is there, while the
 * ring buffer records what the replay needs.
 *
 * Once: loads rvreplay.ko if present (its monitors rtapp and wwnr),
 * enables the trace events the replay reads, the kernel's rv:event_/error_
 * pagefault, sleep, wwnr and no_mm_calls (an example rule exported by
 * rvreplay spec export, kmod/upstream/rules/) and the module's
 * rvreplay:event_/error_ ones,
 * sets the traceon trigger (below),
 * and saves what a trace.dat is made of in $OUT (the layout
 * tests/kmod/live/assemble.c reads): events/ (header_page, header_event,
 * the formats), trace_clock, uname, page_size, available
 * (rv/available_monitors) and kmod-available.
 *
 * Then each line of /payload/plan, "NAME BUFFER_KB OPTIONS COMMAND
 * [ARGS...]" (OPTIONS "-" or comma-separated pre=PROG, react=REACTOR,
 * softirqd=PRIO, spin=MS; COMMAND "-" runs none):
 * clear the ring buffer (BUFFER_KB per CPU, overwrite mode), read one
 * "rvreplay-task:" line per thread from /proc (semantics.md section 7,
 * as rvreplay record does), start PROG (a task older than the trace) and
 * add its lines, enable the monitors (monitors_on()), turn tracing on,
 * write the lines into trace_marker, fault one page (live_sign()), run
 * COMMAND and spin MS ms, turn tracing off, disable the monitors, and copy out
 * NAME/cpuN.raw, cpuN.stats, saved_cmdlines, status, rv-enabled (what
 * rv/enabled_monitors said while it ran) and kmod-stats.
 *
 * The monitors go on just before tracing: every event in the trace is
 * then one they saw, and the workload tasks, forked later, start in both
 * at their fork (the kernel's ltl_task_init(task, true)). Between the
 * two, no task may learn an atom only events teach, or the live monitor
 * starts its instance where the replay cannot (see monitors_on()).
 *
 * Exits 0 when every step worked; the scenarios are judged on the host.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define TRACEFS		"/sys/kernel/tracing"
#define GUEST_NAME	"guest-upstream"
#define RV		TRACEFS "/rv"
#define PARAMS		"/sys/module/rvreplay/parameters"
#define MODULE_KO	"/payload/rvreplay.ko"
#define TRACEON		TRACEFS "/events/syscalls/sys_enter_getppid/trigger"
#define PLAN		"/payload/plan"
#define MAX_ARGS	16
#define PRE_SETTLE_MS	100
#define PRE_WAIT_S	60
#define PF_KTHREAD	0x00200000UL
/* the example rule the kernel was built with (kmod/upstream/rules/) */
#define RULE		"no_mm_calls"

#include "../guest_lib.h"

static int have_module;

static const char *const events[] = {
	"sched/sched_switch", "sched/sched_waking", "sched/sched_wakeup",
	"sched/sched_wakeup_new", "sched/sched_process_fork", "sched/sched_process_exit",
	"sched/sched_process_free", "sched/sched_pi_setprio", "sched/sched_kthread_stop",
	"raw_syscalls/sys_enter", "raw_syscalls/sys_exit",
	"lock/contention_begin", "lock/contention_end",
	"exceptions/page_fault_user", "exceptions/page_fault_kernel",
	"rv/event_pagefault", "rv/error_pagefault",
	"rv/event_sleep", "rv/error_sleep",
	"rv/event_wwnr", "rv/error_wwnr",
	"rv/event_no_mm_calls", "rv/error_no_mm_calls",
	"rvreplay/event_pagefault", "rvreplay/error_pagefault",
	"rvreplay/event_sleep", "rvreplay/error_sleep",
	"rvreplay/event_wwnr", "rvreplay/error_wwnr",
};

/* Opening with O_TRUNC is the write: rv/enabled_monitors then disables all. */
static void truncate_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);

	if (fd < 0)
		failed("open %s: %s", path, strerror(errno));
	else
		close(fd);
}

static void setup_events(void)
{
	char path[512], to[512];

	mkdirs("events/ftrace/print");
	copy_file(TRACEFS "/events/header_page", "events/header_page", 0);
	copy_file(TRACEFS "/events/header_event", "events/header_event", 0);
	copy_file(TRACEFS "/events/ftrace/print/format", "events/ftrace/print/format", 0);
	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		if (!have_module && !strncmp(events[i], "rvreplay/", 9))
			continue;
		snprintf(path, sizeof(path), TRACEFS "/events/%s/enable", events[i]);
		if (access(path, W_OK)) {
			failed("no event %s in this kernel", events[i]);
			continue;
		}
		write_file(path, "1", O_TRUNC);
		snprintf(to, sizeof(to), "events/%s", events[i]);
		mkdirs(to);
		snprintf(path, sizeof(path), TRACEFS "/events/%s/format", events[i]);
		snprintf(to, sizeof(to), "events/%s/format", events[i]);
		copy_file(path, to, 0);
	}
}

static void save_system(void)
{
	save_system_files();
	copy_file(RV "/available_monitors", "available", 0);
	if (have_module)
		copy_file(PARAMS "/available", "kmod-available", 0);
}

/*
 * The "rvreplay-task:" lines are built before tracing starts and written
 * after: reading /proc faults this process in, and a fault the trace
 * shows before the process's own line is one the replay cannot judge
 * (its priority unknown) while the kernel does.
 */
struct metadata {
	char	*buf;
	size_t	len;
	size_t	cap;
};

/* "pid (comm) state ..." of /proc/TGID/task/PID/stat, as rvreplay record reads it */
static void task_line(struct metadata *md, int tgid, const char *stat)
{
	const char *open = strchr(stat, '('), *close = strrchr(stat, ')'), *p;
	unsigned long flags = 0;
	long priority = 0, policy = 0;
	char comm[64];
	size_t len;
	int field, pid;

	if (!open || !close || close < open || sscanf(stat, "%d", &pid) != 1)
		return;
	len = (size_t)(close - open - 1);
	if (len > sizeof(comm) - 1)
		len = sizeof(comm) - 1;
	memcpy(comm, open + 1, len);
	comm[len] = '\0';
	for (size_t i = 0; i < len; i++)
		if (!isprint((unsigned char)comm[i]))
			comm[i] = '?';
	p = close + 1;
	for (field = 3; field <= 41 && *p; field++) {
		while (*p == ' ')
			p++;
		if (field == 9)
			flags = strtoul(p, NULL, 10);
		else if (field == 18)
			priority = strtol(p, NULL, 10);
		else if (field == 41)
			policy = strtol(p, NULL, 10);
		while (*p && *p != ' ')
			p++;
	}
	if (field <= 41)
		return;
	if (md->cap - md->len < 256) {
		char *more = realloc(md->buf, md->cap * 2 + 4096);

		if (!more)
			return;
		md->buf = more;
		md->cap = md->cap * 2 + 4096;
	}
	md->len += snprintf(md->buf + md->len, md->cap - md->len,
			    "rvreplay-task: pid=%d tgid=%d kthread=%d policy=%ld prio=%ld comm=%s\n",
			    pid, tgid, !!(flags & PF_KTHREAD), policy, priority + 100, comm);
}

/* The lines of every thread of process TGID. */
static void task_metadata_add(struct metadata *md, int tgid)
{
	char dir[300], path[600], line[2048];
	struct dirent *t;
	DIR *tasks;
	FILE *f;

	snprintf(dir, sizeof(dir), "/proc/%d/task", tgid);
	tasks = opendir(dir);
	while (tasks && (t = readdir(tasks))) {
		if (!isdigit((unsigned char)t->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "%s/%s/stat", dir, t->d_name);
		f = fopen(path, "r");
		if (f && fgets(line, sizeof(line), f))
			task_line(md, tgid, line);
		if (f)
			fclose(f);
	}
	if (tasks)
		closedir(tasks);
}

static void task_metadata_build(struct metadata *md)
{
	struct dirent *d;
	DIR *proc;

	md->len = 0;
	proc = opendir("/proc");
	if (!proc) {
		failed("task metadata: %s", strerror(errno));
		return;
	}
	while ((d = readdir(proc)))
		if (isdigit((unsigned char)d->d_name[0]))
			task_metadata_add(md, atoi(d->d_name));
	closedir(proc);
}

/* One write per line: trace_marker takes a line per event. */
static void task_metadata_write(int marker, const struct metadata *md)
{
	size_t at = 0, n;

	while (at < md->len) {
		n = strcspn(md->buf + at, "\n") + 1;
		if (write(marker, md->buf + at, n) != (ssize_t)n)
			failed("write trace_marker: %s", strerror(errno));
		at += n;
	}
}

/*
 * One page fault of this (non real-time) process once tracing runs: its
 * pagefault instance starts in the kernel and in the replay alike, and
 * the trace holds at least one rv:event_pagefault, which is how rvreplay
 * diff knows live monitors ran when a scenario gives them nothing else
 * to say (preexisting).
 */
static void live_sign(void)
{
	volatile char *page = mmap(NULL, sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (page == MAP_FAILED) {
		failed("mmap: %s", strerror(errno));
		return;
	}
	page[0] = 1;
	munmap((void *)page, sysconf(_SC_PAGESIZE));
}

/*
 * softirqd=PRIO: every ksoftirqd/N SCHED_FIFO at PRIO for the scenario
 * (0: back to SCHED_OTHER). Booted with threadirqs, an interrupt's exit
 * wakes ksoftirqd after the preempt count left hard irq context and
 * before lockdep's hardirq_context did (kernel/softirq.c,
 * __irq_exit_rcu() then lockdep_hardirq_exit()): the kernel's sleep
 * monitor sees WOKEN_BY_HARDIRQ, the trace a wakeup by the interrupted
 * task ([hardirq-edge], docs/semantics.md section 5).
 */
static void softirqd_prio(int prio)
{
	struct sched_param param = { .sched_priority = prio };
	char path[64], comm[32];
	struct dirent *d;
	DIR *proc = opendir("/proc");
	FILE *f;

	if (!proc) {
		failed("softirqd: %s", strerror(errno));
		return;
	}
	while ((d = readdir(proc))) {
		if (!isdigit((unsigned char)d->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%d/comm", atoi(d->d_name));
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f) && !strncmp(comm, "ksoftirqd/", 10) &&
		    sched_setscheduler(atoi(d->d_name), prio ? SCHED_FIFO : SCHED_OTHER, &param))
			failed("softirqd: pid %s: %s", d->d_name, strerror(errno));
		fclose(f);
	}
	closedir(proc);
}

/* spin=MS: keep this CPU busy (its ticks raise soft irqs) with tracing on */
static void spin_ms(long ms)
{
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	do
		clock_gettime(CLOCK_MONOTONIC, &now);
	while ((now.tv_sec - start.tv_sec) * 1000L + (now.tv_nsec - start.tv_nsec) / 1000000L < ms);
}

static void save_scenario(const char *dir, int status)
{
	char to[512];
	FILE *f;

	save_cpus(dir);
	if (have_module) {
		snprintf(to, sizeof(to), "%s/kmod-stats", dir);
		copy_file(PARAMS "/stats", to, 0);
	}
	snprintf(to, sizeof(to), "%s/status", dir);
	f = fopen(to, "w");
	if (f) {
		fprintf(f, "%d\n", status);
		fclose(f);
	}
}

/*
 * In a child sharing this process's memory (vfork: no copy-on-write
 * fault here afterwards), so that no mutex this enabling takes teaches
 * anything to this process's instances: the rtapp container with REACTOR
 * on it, the kernel's wwnr and the example rule beside it, then rvreplay.ko, whose window
 * before the trace is then the shorter (a task older than the trace that
 * faults or takes a lock in a window is judged from there by the monitors
 * that ran, not the replay). The child is gone when vfork() returns.
 */
static int monitors_on(const char *reactor)
{
	pid_t pid = vfork();

	if (pid == 0) {
		if (write_file(RV "/monitors/rtapp/reactors", reactor[0] ? reactor : "nop",
			       O_TRUNC) ||
		    write_file(RV "/enabled_monitors", "rtapp", O_APPEND) ||
		    write_file(RV "/monitors/wwnr/enable", "1", O_TRUNC) ||
		    write_file(RV "/monitors/" RULE "/enable", "1", O_TRUNC) ||
		    (have_module && write_file(PARAMS "/enabled", "1", O_TRUNC)))
			_exit(1);
		_exit(0);
	}
	if (pid < 0) {
		failed("vfork: %s", strerror(errno));
		return -1;
	}
	return pid;
}

static void monitors_off(pid_t enabler)
{
	int status;

	truncate_file(RV "/enabled_monitors");
	if (have_module)
		write_file(PARAMS "/enabled", "0", O_TRUNC);
	if (waitpid(enabler, &status, 0) != enabler || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		failed("enabling the monitors failed");
}

static void run_scenario(char *line)
{
	char *argv[MAX_ARGS + 1] = { NULL }, *save = NULL, *name, *kb, *opts;
	char path[300], pre[128], reactor[64], softirqd[16], spin[16];
	char *pre_argv[2] = { path, NULL };
	static struct metadata md;
	pid_t pid, pre_pid = -1, enabler;
	int argc = 0, status = 0, marker;

	name = strtok_r(line, " \t\n", &save);
	kb = strtok_r(NULL, " \t\n", &save);
	opts = strtok_r(NULL, " \t\n", &save);
	while (argc < MAX_ARGS && (argv[argc] = strtok_r(NULL, " \t\n", &save)))
		argc++;
	if (!name || name[0] == '#' || !kb || !opts || !argc)
		return;
	say("scenario %s", name);
	mkdirs(name);
	write_file(TRACEFS "/tracing_on", "0", O_TRUNC);
	write_file(TRACEFS "/buffer_size_kb", kb, O_TRUNC);
	write_file(TRACEFS "/options/overwrite", "1", O_TRUNC);
	write_file(TRACEFS "/trace", "", O_TRUNC);
	option(opts, "pre", pre, sizeof(pre));
	option(opts, "react", reactor, sizeof(reactor));
	option(opts, "softirqd", softirqd, sizeof(softirqd));
	option(opts, "spin", spin, sizeof(spin));
	/* before the /proc walk: the task lines carry the new priorities */
	if (softirqd[0])
		softirqd_prio(atoi(softirqd));
	/* PROG is short-lived: the slow /proc walk happens before it starts */
	task_metadata_build(&md);
	if (pre[0]) {
		snprintf(path, sizeof(path), "/payload/%s", pre);
		pre_pid = spawn(pre_argv);
		sleep_ms(PRE_SETTLE_MS);
		if (pre_pid > 0)
			task_metadata_add(&md, pre_pid);
	}
	marker = open(TRACEFS "/trace_marker", O_WRONLY | O_CLOEXEC);
	if (marker < 0)
		failed("open trace_marker: %s", strerror(errno));
	enabler = monitors_on(reactor);
	if (enabler < 0) {
		if (marker >= 0)
			close(marker);
		return;
	}
	/*
	 * Tracing on, by the traceon trigger on this system call: writing
	 * tracing_on takes a mutex, and on a lockdep kernel every
	 * mutex_lock() fires lock:contention_end, which teaches this task's
	 * BLOCK_ON_RT_MUTEX to the live monitors (and so starts its sleep
	 * instance) where the trace cannot show it. The trigger takes none.
	 */
	syscall(SYS_getppid);
	if (marker >= 0) {
		task_metadata_write(marker, &md);
		close(marker);
	}
	live_sign();
	if (strcmp(argv[0], "-")) {
		snprintf(path, sizeof(path), "/payload/%s", argv[0]);
		argv[0] = path;
		pid = spawn(argv);
		status = pid > 0 ? wait_status(pid, 0) : -1;
	}
	if (spin[0])
		spin_ms(atol(spin));
	if (pre_pid > 0)
		status |= wait_status(pre_pid, PRE_WAIT_S);
	write_file(TRACEFS "/tracing_on", "0", O_TRUNC);
	if (softirqd[0])
		softirqd_prio(0);
	snprintf(path, sizeof(path), "%s/rv-enabled", name);
	copy_file(RV "/enabled_monitors", path, 0);
	monitors_off(enabler);
	save_scenario(name, status);
}

static void load_module(void)
{
	int fd = open(MODULE_KO, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	/* tracing is off when the module is enabled: its own lines would be lost */
	if (syscall(SYS_finit_module, fd, "task_metadata=0 monitors=rtapp,wwnr", 0))
		failed("cannot load " MODULE_KO ": %s", strerror(errno));
	else
		have_module = 1;
	close(fd);
}

int main(void)
{
	const char *out = getenv("OUT") ? getenv("OUT") : "/out";
	char line[512];
	FILE *plan;

	if (chdir(out)) {
		failed("cannot enter %s: %s", out, strerror(errno));
		return 1;
	}
	if (access(RV "/enabled_monitors", W_OK)) {
		failed("no %s: this kernel has no RV", RV);
		return 1;
	}
	write_file(TRACEFS "/tracing_on", "0", O_TRUNC);
	truncate_file(RV "/enabled_monitors");
	load_module();
	setup_events();
	save_system();
	/* an unfiltered trigger runs while tracing is off, and records nothing itself */
	write_file(TRACEON, "traceon", O_TRUNC);
	plan = fopen(PLAN, "r");
	if (!plan) {
		failed("no " PLAN);
		return 1;
	}
	while (fgets(line, sizeof(line), plan))
		run_scenario(line);
	fclose(plan);
	say("done, %d failures", failures);
	return failures ? 1 : 0;
}
