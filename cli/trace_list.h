/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The traces a run replays: the files named, the *.dat files under the
 * folders named (sorted, searched down), the lines of an index file, or
 * one line of it (--index N, for a Slurm array task or a Kubernetes
 * indexed job).
 */
#ifndef TRACE_LIST_H
#define TRACE_LIST_H

#include <stdbool.h>
#include <stddef.h>

#define TRACE_LIST_MAX	100000

/*
 * A trace's key is what a baseline knows it by from run to run: its path
 * under the folder named (a folder's "board1/trace.dat"), else its path
 * as given; "./" left out.
 */
struct trace_list {
	char		**paths;
	const char	**keys;		/* [nr], each within its path */
	unsigned int	nr;
	bool		batch;		/* several traces, or a folder or index of them */
	bool		indexed;	/* one line of an index (--index): a part of
					   a batch, never a trace named alone */
};

int trace_list_add(struct trace_list *l, const char *arg, char *err, size_t len);
int trace_list_index(struct trace_list *l, const char *file, long index, char *err, size_t len);
const char *trace_list_name(const char *path, char *buf, size_t len);
int trace_list_same_keys(const struct trace_list *l, char *err, size_t len);
void trace_list_free(struct trace_list *l);

#endif
