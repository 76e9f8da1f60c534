// SPDX-License-Identifier: GPL-2.0
/*
 * guest-check.c - the hello test's checks inside the guest, built static
 * so it needs no shell: it is /payload/run on riscv64.
 *
 * Loads hello.ko, checks /proc/modules, records sched:sched_switch while
 * the hello-world workload runs, saves the trace and the workload output
 * in $OUT, and unloads the module.  Exits 0 when every step worked.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define TRACEFS		"/sys/kernel/tracing"
#define TRACE_MAX	(64 * 1024)

static int failures;

static void check(int ok, const char *what)
{
	printf("hello-check: %s: %s\n", ok ? "ok" : "FAILED", what);
	if (!ok)
		failures++;
}

static int file_write(const char *path, const char *text)
{
	int fd, ok;

	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -1;
	ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	close(fd);
	return ok ? 0 : -1;
}

/* Read at most len - 1 bytes of PATH into BUF; returns the length or -1. */
static ssize_t file_read(const char *path, char *buf, size_t len)
{
	size_t got = 0;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	while (got < len - 1 && (n = read(fd, buf + got, len - 1 - got)) > 0)
		got += n;
	close(fd);
	buf[got] = '\0';
	return got;
}

static int module_load(const char *path)
{
	int fd, ret;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ret = syscall(SYS_finit_module, fd, "", 0);
	close(fd);
	return ret;
}

/* Run PROG with stdout redirected to OUTPUT; returns its exit status. */
static int workload_run(const char *prog, const char *output)
{
	int status, fd;
	pid_t pid;

	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		fd = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0)
			_exit(126);
		execl(prog, prog, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(void)
{
	static char buf[TRACE_MAX];
	const char *out = getenv("OUT") ? getenv("OUT") : "/out";
	char path[256];
	ssize_t n;
	int fd;

	setvbuf(stdout, NULL, _IOLBF, 0);

	check(module_load("hello.ko") == 0, "insmod hello.ko");
	n = file_read("/proc/modules", buf, sizeof(buf));
	check(n > 0 && (strncmp(buf, "hello ", 6) == 0 || strstr(buf, "\nhello ")),
	      "hello listed in /proc/modules");

	check(file_write(TRACEFS "/events/sched/sched_switch/enable", "1") == 0,
	      "enable sched:sched_switch");
	check(file_write(TRACEFS "/tracing_on", "1") == 0, "tracing_on");
	snprintf(path, sizeof(path), "%s/workload.txt", out);
	check(workload_run("./hello-world", path) == 0, "static workload hello-world");
	usleep(200000);
	file_write(TRACEFS "/events/sched/sched_switch/enable", "0");

	n = file_read(TRACEFS "/trace", buf, sizeof(buf));
	check(n > 0 && strstr(buf, "sched_switch:"), "sched_switch records in trace");
	check(n > 0 && strstr(buf, "rvtest-hello: trace_printk"), "trace_printk record in trace");
	snprintf(path, sizeof(path), "%s/trace.txt", out);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	check(fd >= 0 && n > 0 && write(fd, buf, n) == n, "trace saved to $OUT/trace.txt");
	if (fd >= 0)
		close(fd);

	check(syscall(SYS_delete_module, "hello", O_NONBLOCK) == 0, "rmmod hello");
	return failures ? 1 : 0;
}
