/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Many traces in one run: each replayed on its own in a child process, N at
 * a time, its memory its own as in a run of one trace. The children's
 * reports come out whole, one after the other, as they finish; their JSON
 * Lines lines too; their JUnit testsuites in the order of the list. Each
 * has its section of standard output, "== TRACE: exit N", one not judged
 * too (a child stopped or killed: the parent writes its report). The
 * exit code is the worst of the traces, and the run says which one gave it.
 * A trace still replaying after the timeout is stopped: not judged.
 */
#ifndef BATCH_H
#define BATCH_H

#include <stdio.h>

#include "trace_list.h"

/*
 * Replays one trace in the child; writes its line and suite (when not
 * NULL), and notes for the parent. Return: its exit code.
 */
/* The trace of index @index of the list: its path and key are the list's. */
typedef int (*batch_one_fn)(void *ctx, unsigned int index, FILE *line, FILE *suite, FILE *notes);
/* Takes a child's notes in the parent (NULL text: none). */
typedef void (*batch_notes_fn)(void *ctx, const char *notes);
/* Takes a trace's JSON Lines line in the parent (NULL: none, memory). */
typedef void (*batch_line_fn)(void *ctx, const char *line);
/*
 * In the parent, a trace whose child gave no result (stopped, killed): its
 * report says why, to its file or to @out (its section of stdout).
 */
typedef void (*batch_unjudged_fn)(void *ctx, unsigned int index, const char *why, FILE *out);

struct batch {
	const struct trace_list	*list;
	unsigned int		jobs;
	batch_one_fn		one;
	batch_notes_fn		notes;
	batch_line_fn		line;		/* or NULL */
	batch_unjudged_fn	unjudged;	/* or NULL */
	void			*ctx;
	FILE			*jsonl;		/* or NULL */
	FILE			*junit;		/* or NULL */
	unsigned long		timeout;	/* seconds a trace may take; 0: any */
};

int batch_run(const struct batch *b);

#endif
