/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A trace.dat version 6 writer. The layout, in order (man 5
 * trace-cmd.dat.v6): initial format, header_page and header_event, ftrace
 * event formats, event formats by system, kallsyms, printk formats, saved
 * cmdlines, the CPU count, options, "flyrecord" with each CPU's data offset
 * and size and the trace clock, then each CPU's raw pages, page aligned.
 * All numbers little endian only when the machine is: the file says which.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tracedat_write.h"

#define OPT_DONE	0
#define OPT_CPUSTAT	2
#define OPT_TRACECLOCK	4
#define OPT_UNAME	5
#define OPT_VERSION	9
#define OPT_CPUCOUNT	8
#define MAX_TEXT	(64 << 20)	/* a tracefs or proc file we copy */

struct writer {
	int		fd;
	uint64_t	offset;
	int		error;		/* errno of the first failure */
	char		*err;
	size_t		errlen;
	const char	*path;
};

static void put(struct writer *w, const void *data, size_t len)
{
	const char *p = data;

	while (len && !w->error) {
		ssize_t n = write(w->fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			w->error = n < 0 ? errno : EIO;
			snprintf(w->err, w->errlen, "%s: cannot write: %s", w->path,
				 strerror(w->error));
			return;
		}
		p += n;
		len -= n;
		w->offset += n;
	}
}

static void put_u16(struct writer *w, uint16_t v)
{
	put(w, &v, sizeof(v));
}

static void put_u32(struct writer *w, uint32_t v)
{
	put(w, &v, sizeof(v));
}

static void put_u64(struct writer *w, uint64_t v)
{
	put(w, &v, sizeof(v));
}

static void put_str(struct writer *w, const char *s)
{
	put(w, s, strlen(s) + 1);
}

/* A whole file, as tracefs serves it (its size is not known beforehand). */
static char *slurp(const char *path, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap), *bigger;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t r;

	*len = 0;
	if (fd < 0 || !buf)
		goto fail;
	for (;;) {
		if (n == cap) {
			if (cap >= MAX_TEXT)
				goto fail;
			bigger = realloc(buf, cap * 2);
			if (!bigger)
				goto fail;
			buf = bigger;
			cap *= 2;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto fail;
		if (r == 0)
			break;
		n += r;
	}
	close(fd);
	*len = n;
	return buf;
fail:
	if (fd >= 0)
		close(fd);
	free(buf);
	return NULL;
}

static int put_file(struct writer *w, const char *path, int size_bytes, bool required)
{
	size_t len = 0;
	char *text = path ? slurp(path, &len) : NULL;

	if (!text && required && !w->error) {
		snprintf(w->err, w->errlen, "%s: cannot read: %s", path, strerror(errno));
		w->error = errno ? errno : EIO;
		return -1;
	}
	if (size_bytes == 4)
		put_u32(w, len);
	else
		put_u64(w, len);
	if (text)
		put(w, text, len);
	free(text);
	return 0;
}

static void header(struct writer *w, const struct tracedat_write_input *in)
{
	const uint16_t probe = 1;
	char path[4096];

	put(w, "\027\010Dtracing", 10);
	put_str(w, "6");
	put(w, (const char[]){ *(const char *)&probe ? 0 : 1 }, 1);
	put(w, (const char[]){ sizeof(long) }, 1);
	put_u32(w, in->page_size);
	put_str(w, "header_page");
	snprintf(path, sizeof(path), "%s/header_page", in->events_dir);
	put_file(w, path, 8, true);
	put_str(w, "header_event");
	snprintf(path, sizeof(path), "%s/header_event", in->events_dir);
	put_file(w, path, 8, true);
}

static bool is_system(const char *event, const char *system)
{
	size_t len = strlen(system);

	return !strncmp(event, system, len) && event[len] == '/';
}

/* ftrace:print always: the task metadata and markers are ftrace:print records. */
static void ftrace_formats(struct writer *w, const struct tracedat_write_input *in)
{
	char path[4096];

	put_u32(w, 1);
	snprintf(path, sizeof(path), "%s/ftrace/print/format", in->events_dir);
	put_file(w, path, 8, true);
}

static int system_count(const struct tracedat_write_input *in, const char *system)
{
	int n = 0;

	for (int i = 0; i < in->nr_events; i++)
		n += is_system(in->events[i], system);
	return n;
}

static bool first_of_system(const struct tracedat_write_input *in, int i, char *system,
			    size_t len)
{
	const char *slash = strchr(in->events[i], '/');

	if (!slash || (size_t)(slash - in->events[i]) >= len)
		return false;
	snprintf(system, len, "%.*s", (int)(slash - in->events[i]), in->events[i]);
	for (int k = 0; k < i; k++)
		if (is_system(in->events[k], system))
			return false;
	return strcmp(system, "ftrace") != 0;
}

static void event_formats(struct writer *w, const struct tracedat_write_input *in)
{
	char system[64], path[4096];
	int systems = 0;

	for (int i = 0; i < in->nr_events; i++)
		systems += first_of_system(in, i, system, sizeof(system));
	put_u32(w, systems);
	for (int i = 0; i < in->nr_events; i++) {
		if (!first_of_system(in, i, system, sizeof(system)))
			continue;
		put_str(w, system);
		put_u32(w, system_count(in, system));
		for (int k = i; k < in->nr_events; k++) {
			if (!is_system(in->events[k], system))
				continue;
			snprintf(path, sizeof(path), "%s/%s/format", in->events_dir, in->events[k]);
			put_file(w, path, 8, true);
		}
	}
}

static void put_option(struct writer *w, uint16_t id, const void *data, uint32_t len)
{
	put_u16(w, id);
	put_u32(w, len);
	put(w, data, len);
}

static void put_text_option(struct writer *w, uint16_t id, const char *text)
{
	put_option(w, id, text, strlen(text) + 1);
}

/* As trace-cmd writes it: "CPU: N" then the per_cpu/cpuN/stats text. */
static void put_cpustat(struct writer *w, int cpu, const char *stats)
{
	char head[32];
	int n = snprintf(head, sizeof(head), "CPU: %d\n", cpu);
	size_t len = strlen(stats);

	put_u16(w, OPT_CPUSTAT);
	put_u32(w, n + len + 1);
	put(w, head, n);
	put(w, stats, len + 1);
}

static void options(struct writer *w, const struct tracedat_write_input *in)
{
	uint32_t cpus = in->nr_cpus;

	put(w, "options  ", 10);
	put_text_option(w, OPT_TRACECLOCK, in->clock);
	put_text_option(w, OPT_UNAME, in->uname);
	put_text_option(w, OPT_VERSION, "rvreplay " RVREPLAY_VERSION);
	for (int i = 0; i < in->nr_cpus; i++)
		if (in->cpus[i].stats)
			put_cpustat(w, in->cpus[i].cpu, in->cpus[i].stats);
	put_option(w, OPT_CPUCOUNT, &cpus, sizeof(cpus));
	put_u16(w, OPT_DONE);
}

/* The clock in use: the bracketed word of trace_clock. */
static void selected_clock(const char *clock, char *out, size_t len)
{
	const char *open = strchr(clock, '['), *close = open ? strchr(open, ']') : NULL;

	if (open && close)
		snprintf(out, len, "[%.*s]", (int)(close - open - 1), open + 1);
	else
		snprintf(out, len, "[local]");
}

static uint64_t align(uint64_t v, uint64_t to)
{
	return (v + to - 1) / to * to;
}

static int file_size(const char *path, uint64_t *size)
{
	struct stat st;

	if (stat(path, &st))
		return -1;
	*size = st.st_size;
	return 0;
}

static void copy_data(struct writer *w, const char *path)
{
	char buf[1 << 16];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0) {
		snprintf(w->err, w->errlen, "%s: cannot read: %s", path, strerror(errno));
		w->error = errno;
		return;
	}
	while (!w->error && (n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(w->err, w->errlen, "%s: cannot read: %s", path, strerror(errno));
			w->error = errno;
			break;
		}
		put(w, buf, n);
	}
	close(fd);
}

static void pad_to(struct writer *w, uint64_t offset)
{
	static const char zeros[4096];

	while (!w->error && w->offset < offset) {
		uint64_t n = offset - w->offset;

		put(w, zeros, n < sizeof(zeros) ? n : sizeof(zeros));
	}
}

static void flyrecord(struct writer *w, const struct tracedat_write_input *in)
{
	uint64_t sizes[in->nr_cpus ? in->nr_cpus : 1], offset;
	char clock[64];

	for (int i = 0; i < in->nr_cpus; i++)
		if (file_size(in->cpus[i].data_path, &sizes[i]))
			sizes[i] = 0;
	selected_clock(in->clock, clock, sizeof(clock));
	put(w, "flyrecord", 10);
	/* the table itself, then the clock, then padding to a page */
	offset = w->offset + 16ULL * in->nr_cpus + 8 + strlen(clock);
	offset = align(offset, in->page_size);
	for (int i = 0; i < in->nr_cpus; i++) {
		put_u64(w, offset);
		put_u64(w, sizes[i]);
		offset = align(offset + sizes[i], in->page_size);
	}
	put_u64(w, strlen(clock));
	put(w, clock, strlen(clock));
	for (int i = 0; i < in->nr_cpus; i++) {
		pad_to(w, align(w->offset, in->page_size));
		copy_data(w, in->cpus[i].data_path);
	}
}

/**
 * tracedat_write() - write a trace.dat version 6 file
 * @path: the file, created or truncated (the caller renames it into place)
 * @in: what goes in it
 * @err: for the message on failure ("PATH: cannot write: No space left...")
 * @errlen: its size
 *
 * Return: 0, or -1 (the file is then removed).
 */
int tracedat_write(const char *path, const struct tracedat_write_input *in, char *err,
		   size_t errlen)
{
	struct writer w = { .err = err, .errlen = errlen, .path = path };

	w.fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (w.fd < 0) {
		snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
		return -1;
	}
	header(&w, in);
	ftrace_formats(&w, in);
	event_formats(&w, in);
	put_file(&w, in->kallsyms_path, 4, false);
	put_file(&w, in->printk_path, 4, false);
	put_file(&w, in->cmdlines_path, 8, false);
	put_u32(&w, in->nr_cpus);
	options(&w, in);
	flyrecord(&w, in);
	if (!w.error && fsync(w.fd)) {
		w.error = errno;
		snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
	}
	if (close(w.fd) && !w.error) {
		w.error = errno;
		snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
	}
	if (w.error)
		unlink(path);
	return w.error ? -1 : 0;
}
