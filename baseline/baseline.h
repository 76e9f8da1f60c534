/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a CI compares from one run to the next: violations keyed by what
 * survives a re-run (in a batch, the trace's path under the batch's folder:
 * JSON Lines' "key", or for older lines the file's basename; the monitor, the
 * task's last comm, the JSON reason class), never by pid or time. Read
 * from one run's JSON report (rvreplay --json) or from a batch's JSON Lines
 * (one object per trace), from a file or from objects in memory: a key per
 * group read, their counts summed per key when compared.
 *
 * A zeroed struct baseline is an empty one.
 */
#ifndef BASELINE_H
#define BASELINE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "key_index.h"

#define BASELINE_ERR_LEN	512

enum baseline_kind {
	BASELINE_EMPTY,
	BASELINE_REPORT,	/* one run's JSON report */
	BASELINE_LINES,		/* a batch: one JSON Lines object per trace */
};

struct baseline_key {
	char		*trace;		/* the trace's key: its path under the batch's folder */
	char		*monitor;
	char		*comm;
	char		*reason;	/* the JSON reason class: sleep_reason, waker... */
	unsigned long	count;		/* violations no waiver covers */
	unsigned long	waived;		/* violations a waiver covers: known issues */
};

struct baseline_trace {
	char		*path;		/* as the report or the line gives it */
	char		*name;		/* its key: the line's "key", else its basename */
	char		*error;		/* not judged (exit code 2): why; NULL: judged */
	unsigned int	line;		/* its line in the file; 0: not from a file */
};

struct baseline {
	enum baseline_kind	kind;
	struct baseline_key	*keys;		/* one per key: groups alike summed */
	unsigned int		nr_keys;
	struct key_index	by_key;
	struct baseline_trace	*traces;
	unsigned int		nr_traces;
	bool			alone;		/* a line said its trace was its run's
						   one (baseline_make_single()) */
};

/*
 * One report or line as read, its groups already keyed (under trace ""):
 * a file's objects are read a member at a time (baseline_load.c), a
 * run's own lines likewise (baseline_add_lines()).
 */
struct baseline_object {
	json_t			*fields;	/* its members; "groups" need not be there */
	struct baseline		groups;		/* its groups, when an array */
	bool			groups_array;	/* "groups" was an array */
	unsigned int		line;		/* where it starts in its file; 0: memory */
};

enum baseline_outcome {
	BASELINE_NEW,		/* in NEW, not waived, not in OLD */
	BASELINE_FIXED,		/* in OLD, not in NEW */
	BASELINE_UNCHANGED,	/* in both, not waived in NEW */
	BASELINE_WAIVED,	/* waived in NEW */
	BASELINE_NR_OUTCOMES,
};

/* A key of a comparison; its strings belong to the baselines compared. */
struct baseline_change {
	const char	*trace;		/* "": two single reports, traces not named */
	const char	*monitor;
	const char	*comm;
	const char	*reason;
	unsigned long	old;		/* its violations in OLD, waived or not */
	unsigned long	new;		/* in NEW, of its outcome (0 when fixed) */
};

/* A trace without a verdict to compare: not judged, or absent from NEW. */
struct baseline_unjudged {
	const struct baseline_trace	*trace;
	bool				in_new;		/* the comparison cannot pass */
	bool				absent;		/* OLD's trace, missing from NEW */
};

struct baseline_comparison {
	struct baseline_change		*changes[BASELINE_NR_OUTCOMES];
	unsigned int			nr[BASELINE_NR_OUTCOMES];
	struct baseline_unjudged	*unjudged;
	unsigned int			nr_unjudged;
	unsigned int			nr_failing;	/* unjudged in NEW or absent */
};

int baseline_add_lines(struct baseline *b, FILE *f, char *err, size_t len);
int baseline_add_object(struct baseline *b, struct baseline_object *o, char *err, size_t len);
int baseline_add_group(struct baseline *groups, const json_t *g, char *err, size_t len);
int baseline_load(const char *path, struct baseline *b, char *err, size_t len);
int baseline_unique(const struct baseline *b, char *err, size_t len);
int baseline_key_repeat(const char *(*key_of)(const void *data, unsigned int i),
			const void *data, unsigned int nr, unsigned int *first,
			unsigned int *second);
int baseline_resolve_single(struct baseline *a, struct baseline *b, char *err, size_t len);
void baseline_make_single(struct baseline *b);
void baseline_free(struct baseline *b);
int baseline_compare(const struct baseline *old, const struct baseline *new,
		     struct baseline_comparison *c);
void baseline_print(const struct baseline_comparison *c, FILE *out);
json_t *baseline_json(const struct baseline_comparison *c);
const char *baseline_unjudged_why(const struct baseline_unjudged *u);
void baseline_comparison_free(struct baseline_comparison *c);

#endif
