// SPDX-License-Identifier: GPL-2.0-only
/*
 * The recorder's trace.dat, version 6 (man 5 trace-cmd.dat.v6), described
 * for the builder (tracedat_build.h). In order: the initial format,
 * header_page and header_event, ftrace event formats, event formats by
 * system, kallsyms, printk formats, saved cmdlines, the CPU count, options,
 * "flyrecord" with each CPU's data offset and size and the trace clock,
 * then each CPU's raw pages, page aligned. All numbers little endian only
 * when the machine is: the file says which.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tracedat_build.h"
#include "tracedat_write.h"

#define MAX_TEXT	(64 << 20)	/* a tracefs or proc file we copy */

/* The sections, in the order of the file. */
enum recorder_section {
	SEC_HEADER_INFO,
	SEC_FTRACE_EVENTS,
	SEC_EVENT_FORMATS,
	SEC_KALLSYMS,
	SEC_PRINTK,
	SEC_CMDLINES,
	SEC_CPU_COUNT,
	SEC_OPTIONS,
	SEC_FLYRECORD,
	NR_SECTIONS,
};

/* The description of the file, and the bytes it points at. */
struct recorder_file {
	struct tracedat_bytes		payload[SEC_OPTIONS];	/* DATA sections */
	struct tracedat_bytes		*cpustats;		/* one per CPU */
	struct tracedat_desc_option	*options;
	struct tracedat_desc_cpu	*cpus;
	struct tracedat_desc_section	sections[NR_SECTIONS];
	struct tracedat_desc		desc;
	char				clock[64];
	char				*err;
	size_t				errlen;
};

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

/* A file's size in @size_bytes bytes, then its text: none if not required. */
static int put_file(struct recorder_file *f, struct tracedat_bytes *b, const char *path,
		    int size_bytes, bool required)
{
	size_t len = 0;
	char *text = path ? slurp(path, &len) : NULL;

	if (!text && required) {
		snprintf(f->err, f->errlen, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	tracedat_bytes_put_sized(b, size_bytes, text, len);
	free(text);
	return 0;
}

static int header_info(struct recorder_file *f, const struct tracedat_write_input *in)
{
	struct tracedat_bytes *b = &f->payload[SEC_HEADER_INFO];
	char path[4096];

	tracedat_bytes_put_str(b, "header_page");
	snprintf(path, sizeof(path), "%s/header_page", in->events_dir);
	if (put_file(f, b, path, 8, true))
		return -1;
	tracedat_bytes_put_str(b, "header_event");
	snprintf(path, sizeof(path), "%s/header_event", in->events_dir);
	return put_file(f, b, path, 8, true);
}

static bool is_system(const char *event, const char *system)
{
	size_t len = strlen(system);

	return !strncmp(event, system, len) && event[len] == '/';
}

/* ftrace:print always: the task metadata and markers are ftrace:print records. */
static int ftrace_formats(struct recorder_file *f, const struct tracedat_write_input *in)
{
	struct tracedat_bytes *b = &f->payload[SEC_FTRACE_EVENTS];
	char path[4096];

	tracedat_bytes_put_num(b, 1, 4);
	snprintf(path, sizeof(path), "%s/ftrace/print/format", in->events_dir);
	return put_file(f, b, path, 8, true);
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

static int event_formats(struct recorder_file *f, const struct tracedat_write_input *in)
{
	struct tracedat_bytes *b = &f->payload[SEC_EVENT_FORMATS];
	char system[64], path[4096];
	int systems = 0;

	for (int i = 0; i < in->nr_events; i++)
		systems += first_of_system(in, i, system, sizeof(system));
	tracedat_bytes_put_num(b, systems, 4);
	for (int i = 0; i < in->nr_events; i++) {
		if (!first_of_system(in, i, system, sizeof(system)))
			continue;
		tracedat_bytes_put_str(b, system);
		tracedat_bytes_put_num(b, system_count(in, system), 4);
		for (int k = i; k < in->nr_events; k++) {
			if (!is_system(in->events[k], system))
				continue;
			snprintf(path, sizeof(path), "%s/%s/format", in->events_dir, in->events[k]);
			if (put_file(f, b, path, 8, true))
				return -1;
		}
	}
	return 0;
}

/* The file's CPU count: the highest CPU id recorded, plus one. */
static int file_cpus(const struct tracedat_write_input *in)
{
	int n = 0;

	for (int i = 0; i < in->nr_cpus; i++)
		if (in->cpus[i].cpu >= n)
			n = in->cpus[i].cpu + 1;
	return n;
}

static int payloads(struct recorder_file *f, const struct tracedat_write_input *in)
{
	if (header_info(f, in) || ftrace_formats(f, in) || event_formats(f, in))
		return -1;
	put_file(f, &f->payload[SEC_KALLSYMS], in->kallsyms_path, 4, false);
	put_file(f, &f->payload[SEC_PRINTK], in->printk_path, 4, false);
	put_file(f, &f->payload[SEC_CMDLINES], in->cmdlines_path, 8, false);
	tracedat_bytes_put_num(&f->payload[SEC_CPU_COUNT], file_cpus(in), 4);
	for (int i = 0; i < SEC_OPTIONS; i++) {
		if (f->payload[i].failed) {
			snprintf(f->err, f->errlen, "out of memory");
			return -1;
		}
		f->sections[i] = (struct tracedat_desc_section){
			.kind = TRACEDAT_DESC_DATA,
			.data = f->payload[i].p,
			.len = f->payload[i].len,
		};
	}
	return 0;
}

static struct tracedat_desc_option text_option(uint16_t id, const char *text)
{
	return (struct tracedat_desc_option){ .id = id, .data = text, .len = strlen(text) + 1 };
}

/* As trace-cmd writes it: "CPU: N" then the per_cpu/cpuN/stats text. */
static struct tracedat_desc_option cpustat_option(struct tracedat_bytes *b, int cpu,
						  const char *stats)
{
	char head[32];
	int n = snprintf(head, sizeof(head), "CPU: %d\n", cpu);

	tracedat_bytes_put(b, head, n);
	tracedat_bytes_put_str(b, stats);
	return (struct tracedat_desc_option){ .id = TRACEDAT_OPTION_CPUSTAT, .data = b->p,
					      .len = b->len };
}

static int options(struct recorder_file *f, const struct tracedat_write_input *in)
{
	const struct tracedat_bytes *count = &f->payload[SEC_CPU_COUNT];
	int n = 0;

	f->options = calloc(in->nr_cpus + 4, sizeof(*f->options));
	f->cpustats = calloc(in->nr_cpus + 1, sizeof(*f->cpustats));
	if (!f->options || !f->cpustats)
		goto nomem;
	f->options[n++] = text_option(TRACEDAT_OPTION_TRACECLOCK, in->clock);
	f->options[n++] = text_option(TRACEDAT_OPTION_UNAME, in->uname);
	f->options[n++] = text_option(TRACEDAT_OPTION_VERSION, "rvreplay " RVREPLAY_VERSION);
	for (int i = 0; i < in->nr_cpus; i++) {
		if (!in->cpus[i].stats)
			continue;
		f->options[n++] = cpustat_option(&f->cpustats[i], in->cpus[i].cpu,
						 in->cpus[i].stats);
		if (f->cpustats[i].failed)
			goto nomem;
	}
	f->options[n++] = (struct tracedat_desc_option){ .id = TRACEDAT_OPTION_CPUCOUNT,
							 .data = count->p, .len = count->len };
	f->sections[SEC_OPTIONS] = (struct tracedat_desc_section){
		.kind = TRACEDAT_DESC_OPTIONS,
		.nr_options = n,
		.options = f->options,
	};
	return 0;
nomem:
	snprintf(f->err, f->errlen, "out of memory");
	return -1;
}

/* The clock in use: the bracketed word of trace_clock. */
static void selected_clock(const char *clock, char *out, size_t len)
{
	const char *open = strchr(clock, '['), *close = open ? strchr(open, ']') : NULL;

	if (open && close)
		snprintf(out, len, "%.*s", (int)(close - open - 1), open + 1);
	else
		snprintf(out, len, "local");
}

/* The table's entry N is CPU N's data; a CPU not recorded (offline) stays empty. */
static int flyrecord(struct recorder_file *f, const struct tracedat_write_input *in)
{
	f->cpus = calloc(in->nr_cpus + 1, sizeof(*f->cpus));
	if (!f->cpus) {
		snprintf(f->err, f->errlen, "out of memory");
		return -1;
	}
	for (int i = 0; i < in->nr_cpus; i++)
		f->cpus[i] = (struct tracedat_desc_cpu){ .cpu = in->cpus[i].cpu,
							 .path = in->cpus[i].data_path };
	selected_clock(in->clock, f->clock, sizeof(f->clock) - 2);
	f->sections[SEC_FLYRECORD] = (struct tracedat_desc_section){
		.kind = TRACEDAT_DESC_BUFFER,
		.name = "",
		.clock = f->clock,
		.nr_cpus = in->nr_cpus,
		.cpus = f->cpus,
	};
	return 0;
}

static bool big_endian(void)
{
	const uint16_t probe = 1;

	return !*(const char *)&probe;
}

static int describe(struct recorder_file *f, const struct tracedat_write_input *in)
{
	bool be = big_endian();

	for (int i = 0; i < SEC_OPTIONS; i++)
		f->payload[i].big_endian = be;
	if (payloads(f, in) || options(f, in) || flyrecord(f, in))
		return -1;
	f->desc = (struct tracedat_desc){
		.version = 6,
		.big_endian = be,
		.long_size = sizeof(long),
		.page_size = in->page_size,
		.nr_cpus = file_cpus(in),
		.nr_sections = NR_SECTIONS,
		.sections = f->sections,
	};
	return 0;
}

static void release(struct recorder_file *f, int nr_cpus)
{
	for (int i = 0; i < SEC_OPTIONS; i++)
		tracedat_bytes_free(&f->payload[i]);
	for (int i = 0; f->cpustats && i < nr_cpus; i++)
		tracedat_bytes_free(&f->cpustats[i]);
	free(f->cpustats);
	free(f->options);
	free(f->cpus);
}

static int write_error(const char *path, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
	return -1;
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
	struct recorder_file f = { .err = err, .errlen = errlen };
	int fd, ret;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
		return -1;
	}
	ret = describe(&f, in);
	if (!ret)
		ret = tracedat_build_fd(&f.desc, fd, path, NULL, err, errlen);
	if (!ret && fsync(fd))
		ret = write_error(path, err, errlen);
	if (close(fd) && !ret)
		ret = write_error(path, err, errlen);
	if (ret)
		unlink(path);
	release(&f, in->nr_cpus);
	return ret;
}
