// SPDX-License-Identifier: GPL-2.0-only
/*
 * libtraceevent's parsers tried in a child process before rvreplay or
 * libtracecmd runs them. They crash on malformed formats in more ways than
 * a check can foresee (fuzzing found NULL dereferences, divisions by zero
 * and a use after free in tep_parse_event() alone), so whatever
 * tracedat_check_texts() lets through is parsed once where a crash costs
 * nothing. A file that crashes the child is refused, naming the event.
 *
 * A run forks one child at open, for what it parses then, and at most one
 * more, when a report first prints a record of a format not parsed yet:
 * for the formats of all the events its records met (format_trial_parse()).
 * The children start from the parent's state (plugins loaded, formats
 * kept), so they parse what the parent will parse, as it will.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "event_formats.h"
#include "format_trial.h"

/*
 * The child's CPU time, not the wall clock: a machine's load or a
 * sanitizer's slowness does not decide a verdict. libtraceevent parses the
 * 2,300 formats of a trace-cmd trace in a tenth of a second; a file whose
 * formats take five minutes of CPU is refused (SIGXCPU, then SIGKILL).
 */
#define TRIAL_CPU_SECONDS	300
#define TRIAL_NAME_LEN		160

/* Set by libFuzzer to save the input when a sanitizer reports: not here. */
void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

/* The child's progress: what it is about to parse, one line each. */
static void say(void *data, const char *what)
{
	int fd = *(int *)data;
	char line[TRIAL_NAME_LEN];
	size_t len = snprintf(line, sizeof(line), "%s\n", what);
	const char *p = line;

	if (len >= sizeof(line))
		len = sizeof(line) - 1;
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n <= 0)
			return;
		p += n;
		len -= n;
	}
}

static void set_cpu_limit(void)
{
	struct rlimit cpu = { TRIAL_CPU_SECONDS, TRIAL_CPU_SECONDS + 5 };

	setrlimit(RLIMIT_CPU, &cpu);
}

/* A crash in the child ends the child, quietly, whatever handlers it inherited. */
static void die_quietly(void)
{
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGXCPU };
	int null = open("/dev/null", O_WRONLY);

	for (size_t i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
		signal(fatal[i], SIG_DFL);
	if (__sanitizer_set_death_callback)
		__sanitizer_set_death_callback(NULL);
	/* a sanitizer's report, or libtraceevent's complaints: not ours to show */
	if (null >= 0)
		dup2(null, STDERR_FILENO);
}

/*
 * What the child parses: a fresh handle's formats, all of them (@td); what
 * a run parses at open, from the parent's handle as it is (@ef, @want); or
 * more formats of that handle (@batch).
 */
struct trial {
	const struct tracedat		*td;
	const struct tracedat_formats	*formats;
	struct event_formats		*ef;
	event_formats_want_fn		want;
	struct event_format_ref		**batch;
	int				nr_batch;
	format_trial_meanwhile_fn	meanwhile;	/* the parent's, while it waits */
	void				*data;
};

/*
 * In the child: what the parent is about to parse, each part announced.
 * Nothing is freed: the child ends as soon as it is done.
 */
static void __attribute__((noreturn)) trial(const struct trial *t, int fd)
{
	struct event_formats ef;
	char err[128];

	die_quietly();
	set_cpu_limit();
	if (t->batch) {
		for (int i = 0; i < t->nr_batch; i++) {
			snprintf(err, sizeof(err), "%d", i);
			say(&fd, err);
			event_formats_parse(t->ef, t->batch[i]);
		}
	} else if (t->ef) {
		event_formats_parse_open(t->ef, t->want, say, &fd, err, sizeof(err));
	} else if (!event_formats_open(t->td, t->formats, &ef, err, sizeof(err))) {
		event_formats_parse_open(&ef, NULL, say, &fd, err, sizeof(err));
	}
	say(&fd, "done");
	_exit(0);
}

/* The last line the child wrote: what it was doing when it stopped. */
static void last_line(int fd, char *out, size_t len)
{
	char buf[4096], *end, *start;
	size_t have = 0;
	ssize_t n;

	out[0] = '\0';
	while ((n = read(fd, buf + have, sizeof(buf) - 1 - have)) > 0) {
		have += n;
		buf[have] = '\0';
		end = strrchr(buf, '\n');
		if (!end)
			continue;
		*end = '\0';
		start = strrchr(buf, '\n');
		snprintf(out, len, "%.*s", (int)len - 1, start ? start + 1 : buf);
		have = 0;
	}
}

/* 0 when the child parsed it all; -1 with @err set and @doing its last line. */
static int run_trial(const struct trial *t, char *doing, char *err, size_t errlen)
{
	int fds[2], status;
	pid_t pid;

	doing[0] = '\0';
	if (pipe(fds))
		return snprintf(err, errlen, "cannot try the event formats: no pipe"), -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return snprintf(err, errlen, "cannot try the event formats: no process"), -1;
	}
	if (!pid) {
		close(fds[0]);
		trial(t, fds[1]);
	}
	close(fds[1]);
	/* the child's few lines wait in the pipe */
	if (t->meanwhile)
		t->meanwhile(t->data);
	last_line(fds[0], doing, TRIAL_NAME_LEN);
	close(fds[0]);
	if (waitpid(pid, &status, 0) != pid)
		return snprintf(err, errlen, "cannot try the event formats: lost the child"), -1;
	if (WIFEXITED(status) && !WEXITSTATUS(status) && !strcmp(doing, "done"))
		return 0;
	/* the child reads the file's mapping: a file cut meanwhile is its bus error */
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS)
		tracedat_touch_end(t->ef ? t->ef->td : t->td);
	if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL))
		snprintf(err, errlen, "libtraceevent spins over %d s of CPU time parsing %s",
			 TRIAL_CPU_SECONDS, doing);
	else if (WIFSIGNALED(status))
		snprintf(err, errlen, "libtraceevent crashes (%s) parsing %s",
			 strsignal(WTERMSIG(status)), doing);
	else
		snprintf(err, errlen, "libtraceevent fails parsing %s", doing);
	return -1;
}

/**
 * format_trial_open() - what a run parses at open, parsed in a child first
 * @ef: the formats, from event_formats_open(), nothing parsed yet
 * @want: the formats event_formats_parse_open() will parse, NULL all
 * @meanwhile: run by the parent while the child parses, or NULL
 * @data: passed to @meanwhile
 * @err: what is wrong, on failure
 * @errlen: size of @err
 *
 * The child continues from @ef as it is, plugins loaded and formats kept:
 * it parses exactly what the parent will, from the same state.
 *
 * Return: 0 when libtraceevent parsed it without crashing or spinning,
 * -1 with @err naming what it crashed on.
 */
int format_trial_open(struct event_formats *ef, event_formats_want_fn want,
		      format_trial_meanwhile_fn meanwhile, void *data, char *err, size_t errlen)
{
	struct trial t = { .ef = ef, .want = want, .meanwhile = meanwhile, .data = data };
	char doing[TRIAL_NAME_LEN];

	return run_trial(&t, doing, err, errlen);
}

/**
 * format_trial_all() - every format of a file parsed in a child first
 * @td: the file, its texts already checked by tracedat_check_texts()
 * @formats: its format sections (tracedat_texts.formats)
 * @err: what is wrong, on failure
 * @errlen: size of @err
 *
 * For libtracecmd, which parses them all when it opens the file.
 *
 * Return: 0, or -1 with @err naming what libtraceevent crashed on.
 */
int format_trial_all(const struct tracedat *td, const struct tracedat_formats *formats,
		     char *err, size_t errlen)
{
	struct trial t = { .td = td, .formats = formats };
	char doing[TRIAL_NAME_LEN];

	return run_trial(&t, doing, err, errlen);
}

/*
 * One child parses @refs in order: how many of them it parsed before it
 * stopped, @n when it parsed them all.
 */
static int try_batch(struct event_formats *ef, struct event_format_ref **refs, int n)
{
	struct trial t = { .ef = ef, .batch = refs, .nr_batch = n };
	char doing[TRIAL_NAME_LEN], err[256];
	int at;

	if (!run_trial(&t, doing, err, sizeof(err)))
		return n;
	at = atoi(doing);
	return at >= 0 && at < n ? at : 0;
}

/**
 * format_trial_parse() - parse more formats, tried together in a child first
 * @ef: the formats
 * @refs: formats not parsed yet, in the order to parse them
 * @n: how many
 *
 * One child parses them all from the parent's state; then the parent does.
 * A format that crashed or spun the child is refused (never parsed) and
 * those after it are tried again in another child: a file pays for one
 * child per run unless it is hostile.
 */
void format_trial_parse(struct event_formats *ef, struct event_format_ref **refs, int n)
{
	while (n > 0) {
		int good = try_batch(ef, refs, n);

		for (int i = 0; i < good; i++)
			event_formats_parse(ef, refs[i]);
		if (good == n)
			return;
		refs[good]->refused = true;
		refs += good + 1;
		n -= good + 1;
	}
}
