/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * guest_lib.h - what the static /payload/run programs of the kmod guests
 * share (tests/kmod/live/guest-run.c, tests/kmod/upstream/guest-upstream.c,
 * tests/kmod/wip/guest-wip.c): messages and the failure count, tracefs
 * and sysfs files written and copied, the CPUs' ring buffers saved in the
 * layout tests/kmod/live/assemble.c reads, children run and waited for.
 * Define GUEST_NAME (the message prefix) and TRACEFS before including it.
 */
#ifndef GUEST_LIB_H
#define GUEST_LIB_H

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
#include <sys/utsname.h>
#include <sys/wait.h>

static int failures;

static inline void say(const char *fmt, ...)
{
	va_list ap;

	printf(GUEST_NAME ": ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

static inline void failed(const char *fmt, ...)
{
	va_list ap;

	printf(GUEST_NAME ": FAILED: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	failures++;
}

/* Copy a file as read() serves it (tracefs and sysfs sizes are 0). */
static inline int copy_file(const char *from, const char *to, int flags)
{
	char buf[65536];
	int in = open(from, O_RDONLY | O_CLOEXEC | flags);
	int out;
	ssize_t n;

	if (in < 0)
		return -1;
	out = open(to, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (out < 0) {
		failed("create %s: %s", to, strerror(errno));
		close(in);
		return -1;
	}
	for (;;) {
		n = read(in, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (write(out, buf, n) != n) {
			failed("write %s: %s", to, strerror(errno));
			break;
		}
	}
	if (n < 0 && errno != EAGAIN)
		failed("read %s: %s", from, strerror(errno));
	close(in);
	close(out);
	return 0;
}

static inline void mkdirs(const char *path)
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

static inline int nr_cpus(void)
{
	char path[128];
	int n = 0;

	for (;; n++) {
		snprintf(path, sizeof(path), TRACEFS "/per_cpu/cpu%d", n);
		if (access(path, F_OK))
			return n;
	}
}

static inline pid_t spawn(char **argv)
{
	pid_t pid = fork();

	if (pid == 0) {
		execv(argv[0], argv);
		fprintf(stderr, GUEST_NAME ": exec %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (pid < 0)
		failed("fork: %s", strerror(errno));
	return pid;
}

static inline int wait_status(pid_t pid, int timeout_s)
{
	struct timespec step = { 0, 10 * 1000 * 1000 };
	int status, waited = 0;
	pid_t r;

	for (;;) {
		r = waitpid(pid, &status, timeout_s ? WNOHANG : 0);
		if (r == pid)
			return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
		if (r < 0)
			return -1;
		if (waited++ >= timeout_s * 100) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return 137;
		}
		nanosleep(&step, NULL);
	}
}

static inline void sleep_ms(long ms)
{
	struct timespec t = { ms / 1000, ms % 1000 * 1000000L };

	while (nanosleep(&t, &t) && errno == EINTR)
		;
}

static inline void option(const char *opts, const char *key, char *value, size_t len)
{
	const char *p = opts;
	size_t klen = strlen(key);

	value[0] = '\0';
	while (p && *p) {
		if (!strncmp(p, key, klen) && p[klen] == '=') {
			snprintf(value, len, "%.*s", (int)strcspn(p + klen + 1, ","), p + klen + 1);
			return;
		}
		p = strchr(p, ',');
		if (p)
			p++;
	}
}

/*
 * Write @text into @path opened with @flags (O_TRUNC, O_APPEND); an empty
 * text is the opening alone (O_TRUNC of rv/enabled_monitors disables all).
 */
static inline int write_file(const char *path, const char *text, int flags)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | flags);
	ssize_t n;

	if (fd < 0) {
		failed("open %s: %s", path, strerror(errno));
		return -1;
	}
	n = text[0] ? write(fd, text, strlen(text)) : 0;
	close(fd);
	if (n != (ssize_t)strlen(text)) {
		failed("write '%s' to %s: %s", text, path, n < 0 ? strerror(errno) : "short");
		return -1;
	}
	return 0;
}

/* Each CPU's raw ring-buffer pages and statistics, and saved_cmdlines, into @dir. */
static inline void save_cpus(const char *dir)
{
	char from[256], to[512];

	for (int cpu = 0, n = nr_cpus(); cpu < n; cpu++) {
		snprintf(from, sizeof(from), TRACEFS "/per_cpu/cpu%d/trace_pipe_raw", cpu);
		snprintf(to, sizeof(to), "%s/cpu%d.raw", dir, cpu);
		if (copy_file(from, to, O_NONBLOCK))
			failed("cannot read %s", from);
		snprintf(from, sizeof(from), TRACEFS "/per_cpu/cpu%d/stats", cpu);
		snprintf(to, sizeof(to), "%s/cpu%d.stats", dir, cpu);
		copy_file(from, to, 0);
	}
	snprintf(to, sizeof(to), "%s/saved_cmdlines", dir);
	copy_file(TRACEFS "/saved_cmdlines", to, 0);
}

/* What every trace.dat of the guest shares, into the current folder: trace_clock, uname, page_size. */
static inline void save_system_files(void)
{
	struct utsname u;
	FILE *f;

	copy_file(TRACEFS "/trace_clock", "trace_clock", 0);
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

#endif /* GUEST_LIB_H */
