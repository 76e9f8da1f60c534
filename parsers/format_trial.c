// SPDX-License-Identifier: GPL-2.0-only
/*
 * libtraceevent's parsers tried in a child process before rvreplay or
 * libtracecmd runs them. They crash on malformed formats in more ways than
 * a check can foresee (fuzzing found NULL dereferences, divisions by zero
 * and a use after free in tep_parse_event() alone), so whatever
 * tracedat_check_texts() lets through is parsed once where a crash costs
 * nothing. A file that crashes the child is refused, naming the event.
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

struct trial {
	const struct tracedat		*td;
	event_formats_want_fn		want;		/* load: which formats */
	const struct event_format_ref	*one;		/* or only this one */
};

/* In the child: what the parent is about to parse, each part announced. */
static void __attribute__((noreturn)) trial(const struct trial *t, int fd)
{
	struct event_formats ef;
	struct tep_handle *tep;
	char err[128];

	die_quietly();
	set_cpu_limit();
	if (t->one) {
		tep = tep_alloc();
		say(&fd, "the format");
		if (tep)
			tep_parse_event(tep, t->one->text, t->one->len, t->one->system);
	} else if (!event_formats_load(t->td, &ef, t->want, say, &fd, err, sizeof(err))) {
		event_formats_free(&ef);
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

static int run_trial(const struct trial *t, char *err, size_t errlen)
{
	char doing[TRIAL_NAME_LEN];
	int fds[2], status;
	pid_t pid;

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
	last_line(fds[0], doing, sizeof(doing));
	close(fds[0]);
	if (waitpid(pid, &status, 0) != pid)
		return snprintf(err, errlen, "cannot try the event formats: lost the child"), -1;
	if (WIFEXITED(status) && !WEXITSTATUS(status) && !strcmp(doing, "done"))
		return 0;
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
 * format_trial() - parse a file's formats in a child process first
 * @td: the file, its texts already checked by tracedat_check_texts()
 * @want: the formats the parent will parse (event_formats_load()), NULL all
 * @err: what is wrong, on failure
 * @errlen: size of @err
 *
 * Return: 0 when libtraceevent parsed them without crashing or spinning,
 * -1 with @err naming what it crashed on.
 */
int format_trial(const struct tracedat *td, event_formats_want_fn want, char *err, size_t errlen)
{
	struct trial t = { .td = td, .want = want };

	return run_trial(&t, err, errlen);
}

/**
 * format_trial_one() - parse one more format in a child process first
 * @r: the format, before event_formats_parse() parses it
 * @err: what is wrong, on failure
 * @errlen: size of @err
 *
 * Return: 0, or -1 with @err set.
 */
int format_trial_one(const struct event_format_ref *r, char *err, size_t errlen)
{
	struct trial t = { .one = r };
	char what[200];

	if (!run_trial(&t, err, errlen))
		return 0;
	snprintf(what, sizeof(what), " (%s:%s)", r->system, r->name);
	if (strlen(err) + strlen(what) < errlen)
		strcat(err, what);
	return -1;
}
