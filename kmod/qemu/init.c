// SPDX-License-Identifier: GPL-2.0
/*
 * init.c - PID 1 of the rvreplay QEMU test guests.
 *
 * Mounts proc, sysfs, devtmpfs and tracefs, loads the modules listed in
 * /etc/rvtest/modules, runs /payload/run with OUT=/out, writes /out as a
 * ustar archive onto the output disk (the virtio disk whose serial is
 * "rvtest-out"), prints the verdict on the console and powers off.
 * Built static by make-initramfs.sh; it needs nothing else in the guest.
 *
 * Console markers, each alone on a line, in this order:
 *	RVTEST-BEGIN
 *	RVTEST-PASS			or	RVTEST-FAIL <reason>
 *	RVTEST-END
 * RVTEST-END is printed only after the archive is on the disk and synced.
 *
 * Kernel command line knobs read from /proc/cmdline:
 *	rvtest.timeout=N	kill the payload after N seconds (0: never)
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define RVTEST_RUN		"/payload/run"
#define RVTEST_PAYLOAD		"/payload"
#define RVTEST_OUT		"/out"
#define RVTEST_MODULES		"/etc/rvtest/modules"
#define RVTEST_DISK_SERIAL	"rvtest-out"
#define RVTEST_DISK_WAIT_S	20
#define TAR_BLOCK		512

static char verdict[256];
static volatile sig_atomic_t payload_timed_out;

static void say(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int n;

	n = snprintf(line, sizeof(line), "rvtest-init: ");
	va_start(ap, fmt);
	n += vsnprintf(line + n, sizeof(line) - n, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(line) - 1)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	write(STDOUT_FILENO, line, n);
}

/* Keep the first failure: later ones are usually its consequences. */
static void fail(const char *fmt, ...)
{
	va_list ap;

	if (verdict[0])
		return;
	va_start(ap, fmt);
	vsnprintf(verdict, sizeof(verdict), fmt, ap);
	va_end(ap);
	say("FAIL: %s", verdict);
}

static void marker(const char *text)
{
	char line[300];
	int n;

	n = snprintf(line, sizeof(line), "\n%s\n", text);
	write(STDOUT_FILENO, line, n);
}

static void console_open(void)
{
	int fd;

	if (fcntl(STDOUT_FILENO, F_GETFD) != -1)
		return;
	fd = open("/dev/console", O_RDWR | O_NOCTTY);
	if (fd < 0)
		return;
	dup2(fd, STDIN_FILENO);
	dup2(fd, STDOUT_FILENO);
	dup2(fd, STDERR_FILENO);
	if (fd > STDERR_FILENO)
		close(fd);
}

static int mount_one(const char *src, const char *dir, const char *type)
{
	mkdir(dir, 0755);
	if (mount(src, dir, type, 0, NULL) && errno != EBUSY) {
		say("mount %s on %s: %s", type, dir, strerror(errno));
		return -1;
	}
	return 0;
}

static void mount_all(void)
{
	if (mount_one("devtmpfs", "/dev", "devtmpfs"))
		fail("cannot mount devtmpfs");
	console_open();
	if (mount_one("proc", "/proc", "proc") ||
	    mount_one("sysfs", "/sys", "sysfs"))
		fail("cannot mount proc or sysfs");
	if (mount_one("tracefs", "/sys/kernel/tracing", "tracefs"))
		fail("cannot mount tracefs");
	mount_one("debugfs", "/sys/kernel/debug", "debugfs");
	mount_one("tmpfs", "/tmp", "tmpfs");
}

static long cmdline_long(const char *key, long def)
{
	char buf[4096], *p;
	ssize_t n;
	int fd;

	fd = open("/proc/cmdline", O_RDONLY);
	if (fd < 0)
		return def;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return def;
	buf[n] = '\0';
	for (p = strstr(buf, key); p; p = strstr(p + 1, key))
		if ((p == buf || p[-1] == ' ') && p[strlen(key)] == '=')
			return strtol(p + strlen(key) + 1, NULL, 10);
	return def;
}

static void modules_load(void)
{
	char path[PATH_MAX];
	FILE *list;
	int fd;

	list = fopen(RVTEST_MODULES, "r");
	if (!list)
		return;
	while (fgets(path, sizeof(path), list)) {
		path[strcspn(path, "\n")] = '\0';
		if (!path[0] || path[0] == '#')
			continue;
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || (syscall(SYS_finit_module, fd, "", 0) && errno != EEXIST))
			fail("cannot load %s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
	}
	fclose(list);
}

static int read_line(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* Devices probe asynchronously: poll sysfs until the disk shows up. */
static int out_disk_find(char *dev, size_t len)
{
	char path[300], serial[64];
	struct dirent *d;
	int tries;
	DIR *dir;

	for (tries = 0; tries < RVTEST_DISK_WAIT_S * 10; tries++) {
		dir = opendir("/sys/block");
		while (dir && (d = readdir(dir))) {
			snprintf(path, sizeof(path), "/sys/block/%s/serial", d->d_name);
			if (read_line(path, serial, sizeof(serial)) ||
			    strcmp(serial, RVTEST_DISK_SERIAL))
				continue;
			snprintf(dev, len, "/dev/%s", d->d_name);
			if (access(dev, W_OK))
				continue;
			closedir(dir);
			return 0;
		}
		if (dir)
			closedir(dir);
		usleep(100000);
	}
	return -1;
}

static void on_alarm(int sig)
{
	(void)sig;
	payload_timed_out = 1;
}

static void payload_exec(void)
{
	char *argv[] = { RVTEST_RUN, NULL };

	setsid();
	if (chdir(RVTEST_PAYLOAD))
		_exit(126);
	setenv("PATH", "/bin:/sbin:/payload", 1);
	setenv("HOME", "/", 1);
	setenv("OUT", RVTEST_OUT, 1);
	setenv("PAYLOAD", RVTEST_PAYLOAD, 1);
	setenv("TRACEFS", "/sys/kernel/tracing", 1);
	execv(RVTEST_RUN, argv);
	say("cannot exec %s: %s", RVTEST_RUN, strerror(errno));
	_exit(127);
}

static void payload_run(long timeout)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	int status, killed = 0;
	pid_t pid, r;

	sigaction(SIGALRM, &sa, NULL);
	say("running %s (timeout %ld s)", RVTEST_RUN, timeout);
	pid = fork();
	if (pid < 0) {
		fail("fork: %s", strerror(errno));
		return;
	}
	if (pid == 0)
		payload_exec();
	if (timeout > 0)
		alarm(timeout);
	for (;;) {
		r = waitpid(-1, &status, 0);
		if (r == pid)
			break;
		if (payload_timed_out && !killed) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			killed = 1;
		}
		if (r < 0 && errno == ECHILD) {
			fail("lost the payload process");
			return;
		}
	}
	alarm(0);
	if (killed)
		fail("payload timed out after %ld s", timeout);
	else if (WIFSIGNALED(status))
		fail("%s killed by signal %d", RVTEST_RUN, WTERMSIG(status));
	else if (WEXITSTATUS(status))
		fail("%s exited with status %d", RVTEST_RUN, WEXITSTATUS(status));

	/* Stop stray background writers before /out is archived. */
	kill(-1, SIGKILL);
	while (waitpid(-1, NULL, 0) > 0)
		;
}

static void dmesg_save(void)
{
	char *buf;
	int len, fd;

	len = klogctl(10, NULL, 0);	/* SYSLOG_ACTION_SIZE_BUFFER */
	if (len <= 0)
		return;
	buf = malloc(len);
	if (!buf)
		return;
	len = klogctl(3, buf, len);	/* SYSLOG_ACTION_READ_ALL */
	fd = open(RVTEST_OUT "/rvtest-dmesg.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (len > 0 && fd >= 0)
		write(fd, buf, len);
	if (fd >= 0)
		close(fd);
	free(buf);
}

struct tar_writer {
	int	fd;
	int	err;
};

static void tar_put(struct tar_writer *tw, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t n;

	while (!tw->err && len) {
		n = write(tw->fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			tw->err = n < 0 ? errno : ENOSPC;
			return;
		}
		p += n;
		len -= n;
	}
}

static void tar_pad(struct tar_writer *tw, unsigned long long size)
{
	static const char zero[TAR_BLOCK];

	if (size % TAR_BLOCK)
		tar_put(tw, zero, TAR_BLOCK - size % TAR_BLOCK);
}

/* Split NAME into ustar prefix and name fields; -1 if it cannot fit. */
static int tar_name(char *hdr, const char *name)
{
	size_t len = strlen(name);
	const char *slash;

	if (len <= 100) {
		memcpy(hdr, name, len);
		return 0;
	}
	for (slash = name + len - 1; slash > name; slash--) {
		if (*slash != '/' || len - (slash - name) - 1 > 100)
			continue;
		if (slash - name > 155)
			return -1;
		memcpy(hdr + 345, name, slash - name);
		memcpy(hdr, slash + 1, len - (slash - name) - 1);
		return 0;
	}
	return -1;
}

static void tar_header(struct tar_writer *tw, const char *name,
		       const struct stat *st, char type, const char *link)
{
	char hdr[TAR_BLOCK] = { 0 };
	unsigned int sum = 0;
	int i;

	if (tar_name(hdr, name)) {
		say("tar: name too long, skipped: %s", name);
		return;
	}
	snprintf(hdr + 100, 8, "%07o", (unsigned int)st->st_mode & 07777);
	snprintf(hdr + 108, 8, "%07o", 0);
	snprintf(hdr + 116, 8, "%07o", 0);
	snprintf(hdr + 124, 12, "%011llo",
		 type == '0' ? (unsigned long long)st->st_size : 0ULL);
	snprintf(hdr + 136, 12, "%011llo", (unsigned long long)st->st_mtime);
	hdr[156] = type;
	if (link)
		strncpy(hdr + 157, link, 100);
	memcpy(hdr + 257, "ustar", 6);
	memcpy(hdr + 263, "00", 2);
	memset(hdr + 148, ' ', 8);
	for (i = 0; i < TAR_BLOCK; i++)
		sum += (unsigned char)hdr[i];
	snprintf(hdr + 148, 8, "%06o", sum);
	tar_put(tw, hdr, sizeof(hdr));
}

static void tar_file(struct tar_writer *tw, const char *path, const char *name,
		     const struct stat *st)
{
	unsigned long long left = st->st_size;
	char buf[65536];
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0) {
		say("tar: %s: %s", path, strerror(errno));
		return;
	}
	tar_header(tw, name, st, '0', NULL);
	while (left && !tw->err) {
		n = read(fd, buf, left < sizeof(buf) ? left : sizeof(buf));
		if (n <= 0) {
			/* The header promised st_size bytes: keep it honest. */
			memset(buf, 0, sizeof(buf));
			n = left < sizeof(buf) ? left : sizeof(buf);
		}
		tar_put(tw, buf, n);
		left -= n;
	}
	tar_pad(tw, st->st_size);
	close(fd);
}

static void tar_dir(struct tar_writer *tw, const char *path, const char *name)
{
	char child[PATH_MAX], child_name[PATH_MAX], link[101];
	struct dirent **list;
	struct stat st;
	int i, n;
	ssize_t l;

	n = scandir(path, &list, NULL, alphasort);
	for (i = 0; i < n; i++) {
		const char *e = list[i]->d_name;

		if (strcmp(e, ".") && strcmp(e, "..")) {
			snprintf(child, sizeof(child), "%s/%s", path, e);
			snprintf(child_name, sizeof(child_name), "%s%s", name, e);
			if (lstat(child, &st))
				;
			else if (S_ISREG(st.st_mode))
				tar_file(tw, child, child_name, &st);
			else if (S_ISLNK(st.st_mode) &&
				 (l = readlink(child, link, sizeof(link) - 1)) > 0) {
				link[l] = '\0';
				tar_header(tw, child_name, &st, '2', link);
			} else if (S_ISDIR(st.st_mode)) {
				strncat(child_name, "/", sizeof(child_name) - strlen(child_name) - 1);
				tar_header(tw, child_name, &st, '5', NULL);
				tar_dir(tw, child, child_name);
			}
		}
		free(list[i]);
	}
	if (n >= 0)
		free(list);
}

static int out_archive(const char *dev)
{
	static const char end[2 * TAR_BLOCK];
	struct tar_writer tw = { .err = 0 };

	tw.fd = open(dev, O_WRONLY);
	if (tw.fd < 0)
		return errno;
	tar_dir(&tw, RVTEST_OUT, "");
	tar_put(&tw, end, sizeof(end));
	if (!tw.err && fsync(tw.fd))
		tw.err = errno;
	close(tw.fd);
	return tw.err;
}

int main(void)
{
	char dev[300];
	long timeout;
	int err;

	mount_all();
	marker("RVTEST-BEGIN");
	mkdir(RVTEST_OUT, 0755);
	modules_load();
	timeout = cmdline_long("rvtest.timeout", 0);
	if (!verdict[0])
		payload_run(timeout);
	dmesg_save();

	if (out_disk_find(dev, sizeof(dev))) {
		fail("no output disk with serial " RVTEST_DISK_SERIAL);
	} else {
		err = out_archive(dev);
		if (err)
			fail("cannot write the output archive to %s: %s", dev, strerror(err));
	}
	sync();

	/* Keep late kernel chatter off the marker lines; panics still print. */
	klogctl(8, NULL, 1);	/* SYSLOG_ACTION_CONSOLE_LEVEL */
	if (verdict[0]) {
		char line[300];

		snprintf(line, sizeof(line), "RVTEST-FAIL %s", verdict);
		marker(line);
	} else {
		marker("RVTEST-PASS");
	}
	marker("RVTEST-END");

	reboot(RB_POWER_OFF);
	reboot(RB_AUTOBOOT);
	for (;;)
		pause();
}
