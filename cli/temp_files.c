// SPDX-License-Identifier: GPL-2.0-only
/*
 * The outputs in progress, removed from a signal handler: a fixed table of
 * pointers to the callers' own path buffers (struct output_file's tmp),
 * each set or cleared with one store, so a handler sees a whole path or
 * none. The callers keep a buffer unchanged while it is in the table.
 */
#include <signal.h>
#include <stddef.h>
#include <unistd.h>

#include "temp_files.h"

/* -o, --html, --chrome-trace, --jsonl and --junit at most, at once */
#define TEMP_FILES_MAX	16

static const char *volatile temps[TEMP_FILES_MAX];

/* Ended by a signal: the files gone, then the signal's own end (exit 130 and the like). */
static void on_interrupt(int sig)
{
	temp_files_remove();
	signal(sig, SIG_DFL);
	raise(sig);
}

/*
 * Installed with the first file: a command that writes none keeps the
 * default. A signal ignored from the start (a background job of a script,
 * nohup) stays ignored.
 */
static void watch_interrupts(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
	static int watching;
	struct sigaction sa = { .sa_handler = on_interrupt }, old;

	if (watching)
		return;
	watching = 1;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (!sigaction(sigs[i], NULL, &old) && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
}

/**
 * temp_files_add() - a file to remove if the run ends abruptly
 * @path: its name, in a buffer left unchanged until temp_files_drop()
 */
void temp_files_add(const char *path)
{
	watch_interrupts();
	for (int i = 0; i < TEMP_FILES_MAX; i++) {
		if (!temps[i]) {
			temps[i] = path;
			return;
		}
	}
}

/**
 * temp_files_drop() - the file was renamed into place or removed
 * @path: the buffer given to temp_files_add()
 */
void temp_files_drop(const char *path)
{
	for (int i = 0; i < TEMP_FILES_MAX; i++)
		if (temps[i] == path)
			temps[i] = NULL;
}

/**
 * temp_files_forget() - in a forked child: the parent's files are the parent's
 */
void temp_files_forget(void)
{
	for (int i = 0; i < TEMP_FILES_MAX; i++)
		temps[i] = NULL;
}

/**
 * temp_files_remove() - remove every file in progress (async-signal-safe)
 */
void temp_files_remove(void)
{
	for (int i = 0; i < TEMP_FILES_MAX; i++) {
		const char *path = temps[i];

		if (path && path[0])
			unlink(path);
	}
}
