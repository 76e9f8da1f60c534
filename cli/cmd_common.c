// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the commands share: messages in the style of the kernel tools
 * ("rvreplay: FILE: what is wrong"), opening a trace with its
 * architecture, and parsing numbers and times.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arch.h"
#include "catalog.h"
#include "cmd.h"
#include "escape.h"
#include "output_file.h"
#include "progress.h"
#include "syscall_names.h"
#include "temp_files.h"
#include "time_text.h"

bool cmd_quiet;
char cmd_last_error[1024];

/* What a SIGBUS says: set before the mapping is read. */
static char bus_message[ESCAPE_LEN(128) + 120];
/* "rvreplay: FILE: ", escaped: what a crash of libtraceevent begins with */
static char fault_prefix[ESCAPE_LEN(128) + 16];

static void say_raw(const char *text)
{
	ssize_t n = write(STDERR_FILENO, text, strlen(text));

	(void)n;
}

/*
 * The trace is mapped: a file truncated while it is read (copied from a
 * machine still writing it, a network share) faults on pages past its new
 * end. That is said in one line, no partial output stays, exit 2.
 */
static void on_sigbus(int sig)
{
	temp_files_remove();
	say_raw(bus_message);
	_exit(EXIT_ERROR);
}

/*
 * libtraceevent crashed (or spun) opening the trace for libtracecmd, as
 * the format trial's child did beside it: the child's verdict, the one
 * line an open refused for it says, and exit 2 (parsers/events/format_trial.c).
 */
static void on_format_crash(const char *text)
{
	static char line[ESCAPE_LEN(512)];

	temp_files_remove();
	say_raw(fault_prefix);
	say_raw(escape(text, line, sizeof(line)));
	say_raw("\n");
	_exit(EXIT_ERROR);
}

static void watch_mapping(const char *path)
{
	struct sigaction sa = { .sa_handler = on_sigbus };
	char name[ESCAPE_LEN(128)];

	escape(path, name, sizeof(name));
	snprintf(bus_message, sizeof(bus_message), "rvreplay: %s: the file shrank while it was "
		 "read (is something still writing or truncating it?)\n", name);
	snprintf(fault_prefix, sizeof(fault_prefix), "rvreplay: %s: ", name);
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}

/*
 * One line on stderr, whatever it holds: the file name and the text (which
 * may quote the trace: system names, event text) escaped (escape.h).
 */
static void message_text(const char *fmt, va_list ap)
{
	char text[1024], line[ESCAPE_LEN(sizeof(text))];

	vsnprintf(text, sizeof(text), fmt, ap);
	fputs(escape(text, line, sizeof(line)), stderr);
}

static void message(const char *kind, const char *file, const char *fmt, va_list ap)
{
	char name[ESCAPE_LEN(256)];

	progress_clear();
	fprintf(stderr, "rvreplay: %s", kind);
	if (file)
		fprintf(stderr, "%s: ", escape(file, name, sizeof(name)));
	message_text(fmt, ap);
	fputc('\n', stderr);
}

/**
 * cmd_error() - an error, one line on stderr: "rvreplay: FILE: what"
 * @file: the file concerned, or NULL
 * @fmt: printf format of what is wrong
 */
void cmd_error(const char *file, const char *fmt, ...)
{
	char text[1024];
	va_list ap;
	int n = 0;

	va_start(ap, fmt);
	message("", file, fmt, ap);
	va_end(ap);
	/* the last error, for the JSON Lines and JUnit of a trace not judged */
	if (file)
		n = snprintf(text, sizeof(text), "%.512s: ", file);
	va_start(ap, fmt);
	vsnprintf(text + n, sizeof(text) - n, fmt, ap);
	va_end(ap);
	snprintf(cmd_last_error, sizeof(cmd_last_error), "%s", text);
}

/**
 * cmd_warning() - a warning, "rvreplay: warning: FILE: what", unless -q
 * @file: the file concerned, or NULL
 * @fmt: printf format
 */
void cmd_warning(const char *file, const char *fmt, ...)
{
	va_list ap;

	if (cmd_quiet)
		return;
	va_start(ap, fmt);
	message("warning: ", file, fmt, ap);
	va_end(ap);
}

/**
 * cmd_notice() - a warning that changes what was judged: printed even with -q
 * @file: the file concerned, or NULL
 * @fmt: printf format
 *
 * An unavailable monitor, a filter that matched nothing, lost events: a
 * CI gate run with -q must still say them.
 */
void cmd_notice(const char *file, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	message("warning: ", file, fmt, ap);
	va_end(ap);
}

/**
 * cmd_usage_error() - a usage error, with where to find help
 * @command: "rvreplay" or "rvreplay check", ...
 * @fmt: printf format of what is wrong
 *
 * Return: EXIT_ERROR.
 */
int cmd_usage_error(const char *command, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "rvreplay: ");
	va_start(ap, fmt);
	message_text(fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see '%s --help')\n", command);
	return EXIT_ERROR;
}

/**
 * cmd_flush_stdout() - a report on standard output, written out
 *
 * Return: 0, or EXIT_ERROR after saying it cannot be written (a full disk, a closed pipe).
 */
int cmd_flush_stdout(void)
{
	if (!fflush(stdout) && !ferror(stdout))
		return 0;
	cmd_error("stdout", "cannot write");
	return EXIT_ERROR;
}

/* The architecture of a trace without a uname, from what it holds. */
static const struct rv_syscalls *inferred_arch(const char *path, struct opened_trace *t)
{
	char evidence[256];
	const char *arch = arch_infer(t->in, evidence, sizeof(evidence));

	if (!arch) {
		snprintf(t->arch_problem, sizeof(t->arch_problem), "no uname in the trace, and "
			 "its architecture %s: give --arch", evidence);
		return NULL;
	}
	snprintf(t->arch_evidence, sizeof(t->arch_evidence), "%s", evidence);
	cmd_warning(path, "no uname in the trace: architecture %s, from %s", arch, evidence);
	return arch_syscalls(arch);
}

/*
 * --arch against the trace's kernel: its long size and byte order. A
 * 32-bit ABI on a 64-bit kernel (its compat tasks) is said, not refused.
 */
static bool arch_option_fits(const char *path, const char *arch, const struct trace_input *in)
{
	char why[128];

	switch (arch_fit(arch, trace_input_kernel_long(in), trace_input_big_endian(in), why,
			 sizeof(why))) {
	case ARCH_FITS:
		return true;
	case ARCH_FITS_COMPAT:
		cmd_warning(path, "--arch %s: read as the 32-bit tasks of a 64-bit kernel", why);
		return true;
	default:
		cmd_error(path, "--arch %s", why);
		return false;
	}
}

/* rvreplay watch: the trace is live, opened from its header (cmd_open_live()) */
static const struct trace_live_options *live_options;
static const char *live_header;

/**
 * cmd_open_live() - the traces opened from now on are live
 * @header: the header-only trace.dat of the live trace
 * @live: where its pages come from
 *
 * The trace keeps the name the command gives it in messages.
 */
void cmd_open_live(const char *header, const struct trace_live_options *live)
{
	live_header = header;
	live_options = live;
}

/**
 * cmd_open_trace() - open a trace and settle its architecture
 * @path: the trace.dat file
 * @buffer: the buffer instance, or NULL for the top one
 * @arch: --arch, or NULL to take the trace's: its uname's machine, or what
 *	  its contents prove (arch_infer()); an --arch the kernel's long size
 *	  or byte order contradicts is an error
 * @max_inflated: --max-inflated in bytes, 0 for the default
 * @t: filled; with @t->arch_optional set beforehand, a trace whose
 *     architecture cannot be settled is still opened (@t->arch NULL, and
 *     @t->arch_problem says why)
 *
 * Prints the error itself.
 *
 * Return: 0, or EXIT_ERROR.
 */
int cmd_open_trace(const char *path, const char *buffer, const char *arch, uint64_t max_inflated,
		   struct opened_trace *t)
{
	struct trace_open_options opts = { .buffer = buffer, .max_inflated = max_inflated,
					   .reader = trace_reader_from_env(),
					   .on_crash = on_format_crash, .live = live_options };
	bool optional = t->arch_optional;
	char err[TRACE_ERR_LEN];
	const char *machine;

	memset(t, 0, sizeof(*t));
	t->arch_optional = optional;
	watch_mapping(path);
	if (trace_input_open(live_options ? live_header : path, &opts, &t->in, err)) {
		cmd_error(path, "%s", err);
		return EXIT_ERROR;
	}
	machine = trace_input_meta(t->in)->machine;
	if (arch) {
		t->syscalls = arch_syscalls(arch);
		if (!t->syscalls)
			cmd_error(path, "unknown architecture '%s' (--arch takes " ARCH_NAMES ")",
				  arch);
		else if (!arch_option_fits(path, arch, t->in))
			t->syscalls = NULL;
	} else if (machine[0]) {
		t->syscalls = arch_syscalls(machine);
		if (!t->syscalls)
			cmd_error(path, "unsupported architecture '%s' in the trace (" ARCH_NAMES
				  "; --arch overrides)", machine);
	} else {
		t->syscalls = inferred_arch(path, t);
		if (!t->syscalls && t->arch_optional)
			return 0;
		if (!t->syscalls)
			cmd_error(path, "%s", t->arch_problem);
	}
	if (!t->syscalls) {
		trace_input_close(t->in);
		t->in = NULL;
		return EXIT_ERROR;
	}
	t->arch = t->syscalls->arch;
	if (arch && machine[0] && arch_syscalls(machine) != t->syscalls)
		cmd_warning(path, "--arch %s overrides the trace's own architecture %s", t->arch,
			    machine);
	return 0;
}

/**
 * cmd_parse_uint() - a whole number in [0, max]
 * @s: the text
 * @max: the largest value accepted
 * @value: the number
 *
 * Return: 0, or -1 when @s is not such a number.
 */
int cmd_parse_uint(const char *s, unsigned long max, unsigned long *value)
{
	char *end;

	errno = 0;
	if (!s || !*s || *s == '-' || *s == '+')
		return -1;
	*value = strtoul(s, &end, 10);
	return errno || *end || *value > max ? -1 : 0;
}

/**
 * cmd_parse_ts() - --ts us|ns|rel
 * @command: for the usage error
 * @arg: the option's value
 * @unit: set
 *
 * Return: 0, or -1 after a usage error.
 */
int cmd_parse_ts(const char *command, const char *arg, enum time_unit *unit)
{
	if (!strcmp(arg, "us"))
		*unit = TIME_US;
	else if (!strcmp(arg, "ns"))
		*unit = TIME_NS;
	else if (!strcmp(arg, "rel"))
		*unit = TIME_REL;
	else
		return cmd_usage_error(command, "bad --ts '%s' (us, ns or rel)", arg), -1;
	return 0;
}

/**
 * cmd_time_format() - how a command prints times, the one place --ts makes it
 * @in: the trace, whose records' times follow in nanoseconds (--ts ns); with
 *	--ts rel they stay as trace-cmd report prints them
 * @unit: --ts
 *
 * Return: the format, for the replay's options (which set its base) and
 * whatever prints times.
 */
struct time_format cmd_time_format(struct trace_input *in, enum time_unit unit)
{
	trace_input_time_ns(in, unit == TIME_NS);
	return (struct time_format){ .unit = unit };
}

/**
 * cmd_parse_size() - a size in bytes: digits and an optional K, M or G (of 1024)
 * @s: the text ("512M")
 * @bytes: the size
 *
 * Return: 0, or -1 when @s is not such a size, or is under 1 MiB or over 1 TiB.
 */
int cmd_parse_size(const char *s, uint64_t *bytes)
{
	static const char units[] = "KMG";
	unsigned long long n;
	const char *unit;
	char *end;

	errno = 0;
	if (!s || *s < '0' || *s > '9')
		return -1;
	n = strtoull(s, &end, 10);
	unit = *end ? strchr(units, *end) : NULL;
	if (errno || (*end && (!unit || end[1])))
		return -1;
	for (int shift = unit ? 10 * (int)(unit - units + 1) : 0; shift; shift -= 10) {
		if (n > (1ULL << 40))
			return -1;
		n <<= 10;
	}
	if (n < (1ULL << 20) || n > (1ULL << 40))
		return -1;
	*bytes = n;
	return 0;
}

/**
 * cmd_parse_time() - seconds as trace-cmd report prints them (time_parse())
 * @s: the text
 * @end: the last nanosecond that prints as @s, not the first
 * @ns: the time in nanoseconds
 *
 * Return: 0, or -1 when @s is not such a time.
 */
int cmd_parse_time(const char *s, bool end, uint64_t *ns)
{
	return time_parse(s, end, ns);
}

/**
 * cmd_cpus() - the CPUs online: how many traces a batch replays at once
 *
 * Return: at least 1.
 */
unsigned int cmd_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? n : 1;
}
