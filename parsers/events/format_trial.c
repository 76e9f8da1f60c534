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
 *
 * libtracecmd parses every format of the file when it opens it: its child
 * parses them all while the parent opens the file (format_trial_all()), so
 * that the trial costs no time on two CPUs; a crash of the parent there is
 * the child's, said with the child's verdict.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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
#define TRIAL_NAME_LEN		256
/* The child's exit status when the check before its parsing failed: its text on the board. */
#define TRIAL_CHECK_FAILED	3

/* Set by libFuzzer to save the input when a sanitizer reports: not here. */
void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

/*
 * The child's progress: what it is about to parse, written into a page it
 * shares with the parent, which reads it once the child has ended. No
 * system call per format: a trace-cmd trace has 2,300 of them.
 */
static void say(void *data, const char *what)
{
	char *doing = data;
	size_t n = 0;

	for (; n < TRIAL_NAME_LEN - 1 && what[n]; n++)
		doing[n] = what[n];
	doing[n] = '\0';
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
	format_trial_check_fn		check;		/* the child's, before @td's formats */
	format_trial_meanwhile_fn	meanwhile;	/* the parent's, while it waits */
	void				*data;
};

/*
 * In the child: what the parent is about to parse, each part announced.
 * Nothing is freed: the child ends as soon as it is done.
 */
static void __attribute__((noreturn)) trial(const struct trial *t, char *doing)
{
	struct event_formats ef;
	char err[TRIAL_NAME_LEN];

	die_quietly();
	set_cpu_limit();
	if (t->check && t->check(t->td, err, sizeof(err))) {
		say(doing, err);
		_exit(TRIAL_CHECK_FAILED);
	}
	if (t->batch) {
		for (int i = 0; i < t->nr_batch; i++) {
			snprintf(err, sizeof(err), "%d", i);
			say(doing, err);
			event_formats_parse(t->ef, t->batch[i]);
		}
	} else if (t->ef) {
		event_formats_parse_open(t->ef, t->want, say, doing, err, sizeof(err));
	} else if (!event_formats_open(t->td, t->formats, &ef, err, sizeof(err))) {
		event_formats_parse_open(&ef, NULL, say, doing, err, sizeof(err));
	}
	say(doing, "done");
	_exit(0);
}

/* The child's status once it has ended, or -1 when it is lost. */
static int wait_child(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) != pid)
		if (errno != EINTR)
			return -1;
	return status;
}

/* strsignal()'s words, without its locale: said from a signal handler too. */
static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGSEGV:	return "Segmentation fault";
	case SIGBUS:	return "Bus error";
	case SIGFPE:	return "Floating point exception";
	case SIGILL:	return "Illegal instruction";
	case SIGABRT:	return "Aborted";
	case SIGTRAP:	return "Trace/breakpoint trap";
	default:	return "a fatal signal";
	}
}

/* What an ended child says: 0 when it parsed it all, else -1 with @err set. */
static int verdict(const struct tracedat *td, int status, const char *doing, char *err,
		   size_t errlen)
{
	if (status == -1)
		return snprintf(err, errlen, "cannot try the event formats: lost the child"), -1;
	if (WIFEXITED(status) && !WEXITSTATUS(status) && !strcmp(doing, "done"))
		return 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == TRIAL_CHECK_FAILED)
		return snprintf(err, errlen, "%s", doing), -1;
	/* the child reads the file's mapping: a file cut meanwhile is its bus error */
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGBUS)
		tracedat_touch_end(td);
	if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL))
		snprintf(err, errlen, "libtraceevent spins over %d s of CPU time parsing %s",
			 TRIAL_CPU_SECONDS, doing);
	else if (WIFSIGNALED(status))
		snprintf(err, errlen, "libtraceevent crashes (%s) parsing %s",
			 signal_name(WTERMSIG(status)), doing);
	else
		snprintf(err, errlen, "libtraceevent fails parsing %s", doing);
	return -1;
}

/* The child started on @t, @board its progress: 0, or -1 with @err set. */
static int start_trial(const struct trial *t, pid_t *pid, char **board, char *err, size_t errlen)
{
	*board = mmap(NULL, TRIAL_NAME_LEN, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		      -1, 0);
	if (*board == MAP_FAILED)
		return snprintf(err, errlen, "cannot try the event formats: no memory"), -1;
	(*board)[0] = '\0';
	fflush(NULL);
	*pid = fork();
	if (*pid < 0) {
		munmap(*board, TRIAL_NAME_LEN);
		return snprintf(err, errlen, "cannot try the event formats: no process"), -1;
	}
	if (!*pid)
		trial(t, *board);
	return 0;
}

/* Whatever a crashing child left on the board: one bounded string. */
static void read_board(const char *board, char *doing)
{
	size_t n = 0;

	for (; n < TRIAL_NAME_LEN - 1 && board[n]; n++)
		doing[n] = board[n];
	doing[n] = '\0';
}

/* 0 when the child parsed it all; -1 with @err set and @doing its last word. */
static int run_trial(const struct trial *t, char *doing, char *err, size_t errlen)
{
	char *board;
	int status;
	pid_t pid;

	doing[0] = '\0';
	if (start_trial(t, &pid, &board, err, errlen))
		return -1;
	if (t->meanwhile)
		t->meanwhile(t->data);
	status = wait_child(pid);
	read_board(board, doing);
	munmap(board, TRIAL_NAME_LEN);
	return verdict(t->ef ? t->ef->td : t->td, status, doing, err, errlen);
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

/*
 * The parent parsing beside its child (format_trial_all()): a crash or a
 * spin there is the child's too, and ends the run with the child's verdict.
 */
static struct {
	pid_t			pid;
	const char		*board;
	const struct tracedat	*td;
	volatile sig_atomic_t	reaped;
	int			status;
} beside;
static void (*crash_fn)(const char *text);
static const int parent_faults[] = { SIGSEGV, SIGFPE, SIGILL, SIGABRT, SIGCHLD };
static struct sigaction saved_actions[sizeof(parent_faults) / sizeof(parent_faults[0])];

/**
 * format_trial_on_crash() - what ends a run whose parent crashed parsing
 * @fn: says the text (the child's verdict) and exits; never returns
 *
 * Without it a crash beside the child is the crash it is.
 */
void format_trial_on_crash(void (*fn)(const char *text))
{
	crash_fn = fn;
}

/* In a handler: the child's verdict, said by crash_fn, which exits. */
static void give_up(int status)
{
	static char doing[TRIAL_NAME_LEN], text[TRIAL_NAME_LEN + 96];

	read_board(beside.board, doing);
	if (!verdict(beside.td, status, doing, text, sizeof(text)))
		snprintf(text, sizeof(text), "libtraceevent crashes parsing the event formats");
	crash_fn(text);
}

static void on_parent_fault(int sig)
{
	int status, saved = errno;

	if (sig != SIGCHLD) {
		give_up(beside.reaped ? beside.status : wait_child(beside.pid));
		return;
	}
	if (beside.reaped || waitpid(beside.pid, &status, WNOHANG) != beside.pid) {
		errno = saved;
		return;
	}
	beside.status = status;
	beside.reaped = 1;
	/* a child that failed: the parent is about to fail, or spins */
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		give_up(status);
	errno = saved;
}

/* The handlers on while the parent parses beside the child, or off again. */
static void guard(bool on)
{
	static char altstack[1 << 16];
	static stack_t saved_stack;
	struct sigaction sa = { .sa_handler = on_parent_fault, .sa_flags = SA_ONSTACK };
	stack_t st = { .ss_sp = altstack, .ss_size = sizeof(altstack) };
	size_t n = sizeof(parent_faults) / sizeof(parent_faults[0]);

	if (!crash_fn)
		return;
	sigemptyset(&sa.sa_mask);
	/* its own stack: a parser may have recursed to the end of the main one */
	sigaltstack(on ? &st : &saved_stack, on ? &saved_stack : NULL);
	for (size_t i = 0; i < n; i++)
		sigaction(parent_faults[i], on ? &sa : &saved_actions[i],
			  on ? &saved_actions[i] : NULL);
}

/**
 * format_trial_all() - every format of a file parsed in a child, beside the parent
 * @td: the file, its texts already checked by tracedat_check_texts()
 * @formats: its format sections (tracedat_texts.formats)
 * @check: run by the child first, or NULL: a check of the file the parent
 *	   need not wait for, since a failure ends the run as a crash does
 * @parse: the parent's own parse (libtracecmd's open), run meanwhile
 * @data: passed to @parse
 * @err: what is wrong, on failure
 * @errlen: size of @err
 *
 * For libtracecmd, which parses them all when it opens the file: the child
 * and @parse run at once, on two CPUs, and nothing @parse made is to be
 * used unless this returns 0. A crash or spin in @parse is one in the
 * child: the handler of format_trial_on_crash() says the child's verdict.
 *
 * Return: 0, or -1 with @err naming what libtraceevent crashed on, or what
 * @check found.
 */
int format_trial_all(const struct tracedat *td, const struct tracedat_formats *formats,
		     format_trial_check_fn check, format_trial_meanwhile_fn parse, void *data,
		     char *err, size_t errlen)
{
	struct trial t = { .td = td, .formats = formats, .check = check };
	char doing[TRIAL_NAME_LEN], *board;
	pid_t pid;
	int status;

	if (start_trial(&t, &pid, &board, err, errlen))
		return -1;
	beside.pid = pid;
	beside.board = board;
	beside.td = td;
	beside.reaped = 0;
	guard(true);
	/* a child that ended before the handler was on: its SIGCHLD went by */
	if (crash_fn)
		on_parent_fault(SIGCHLD);
	parse(data);
	guard(false);
	status = beside.reaped ? beside.status : wait_child(pid);
	read_board(board, doing);
	munmap(board, TRIAL_NAME_LEN);
	return verdict(td, status, doing, err, errlen);
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
