/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fleet harness (fleet_fuzz.c): what a CI hands rvreplay besides the
 * traces, made by a program the fuzzer writes, each with a model of what
 * the real code must make of it:
 *
 *   fleet_tree.c	a folder tree of *.dat files, links, loops
 *   fleet_text.c	text buffers, names, an index file
 *   fleet_waivers.c	a waiver file
 *   fleet_baselines.c	JSON Lines baselines
 *
 * A model says either "must load, into exactly this" or "must fail, at
 * this line", or, where the program did something it does not follow
 * (raw bytes), nothing: the harness then checks only what holds anyway.
 */
#ifndef FLEET_H
#define FLEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The fuzz input, read a byte at a time; past its end every byte is 0. */
struct program {
	const uint8_t	*p;
	size_t		left;
};

static inline unsigned int byte(struct program *g)
{
	if (!g->left)
		return 0;
	g->left--;
	return *g->p++;
}

/* A growing byte buffer: the text of a file before it is written. */
struct text {
	char	*p;
	size_t	len, cap;
};

void text_put(struct text *t, const void *data, size_t len);
void text_str(struct text *t, const char *s);
void text_free(struct text *t);
int text_write(const struct text *t, const char *path);
void text_raw_line(struct text *t, struct program *g, unsigned int most);

/* A name from the program: odd bytes, dots, globs, long (never '/', NUL). */
void fleet_name(struct program *g, char *out, size_t len);

/* ---- the folder tree (fleet_tree.c) */

#define TREE_NODES	96

enum node_kind { NODE_DIR, NODE_FILE, NODE_LINK, NODE_FIFO };

/* What a link leads to: a node, or nothing. */
#define LINK_DANGLING	-1
#define LINK_SELF	-2

struct node {
	enum node_kind	kind;
	int		parent;		/* its folder's node; -1 for the root */
	char		name[256];
	char		*path;		/* absolute, through real folders */
	int		target;		/* a link's node, LINK_DANGLING, LINK_SELF */
	dev_t		dev;		/* a file's */
	ino_t		ino;
	bool		locked;		/* a folder made unreadable (chmod 000) */
};

struct tree {
	char		root[256];	/* absolute */
	char		rel_root[768];	/* the same, relative to the working folder */
	struct node	node[TREE_NODES];
	int		nr;
	bool		root_user;	/* permissions do not stop a scan */
};

/*
 * What trace_list_add() of the root must give: each real folder it
 * reaches searched once, every *.dat file in them listed, by whichever
 * link it was reached. Known unless a folder is unreadable to a user
 * (not to root) or links are many enough that one lookup could meet the
 * kernel's bound (ELOOP); folders nested too deep or paths too long are
 * the caller's to rule out (reached, max_name).
 */
struct scan_model {
	bool		known;
	bool		must_fail;	/* a dangling link or a loop of links it must stat */
	unsigned int	max_traces;	/* *.dat names in every folder: a bound always */
	unsigned int	reached;	/* real folders */
	size_t		max_name;	/* the longest name in the tree */
	unsigned int	nr;		/* the files it lists */
	struct file_id { dev_t dev; ino_t ino; } files[TREE_NODES];
};

int tree_init(struct tree *t, const char *base);
void tree_op(struct tree *t, struct program *g, const void *trace, size_t trace_len);
const char *tree_pick(const struct tree *t, struct program *g, char *buf, size_t len);
void tree_model(const struct tree *t, struct scan_model *m);
void tree_remove(struct tree *t);
int remove_all(const char *path);

/* ---- the files of text: fleet_waivers.c, fleet_text.c (the index), fleet_baselines.c */

#define MAX_WANTED	16

/* A waiver as written, decoded: what waivers_load() must read. */
struct wanted_waiver {
	unsigned int	line;
	char		monitor[32], reason[32];
	char		comm[300], detail[300], trace[300], why[300];
	const char	*comm_sample, *detail_sample, *trace_sample;	/* each matches */
	int		pid;
	uint64_t	from, to;
	char		expires[16];
};

struct waiver_model {
	struct text		text;
	bool			known;		/* only what the model follows */
	unsigned int		first_error;	/* the line of the first error; 0: none */
	unsigned int		line;		/* lines written */
	bool			open;		/* a [[waiver]] block is open */
	bool			open_bad;	/* ... that must be refused at its end */
	unsigned int		open_line;
	bool			crlf;
	bool			lax_date;	/* a date the reader takes wrongly */
	struct wanted_waiver	want[MAX_WANTED];
	unsigned int		nr;
};

void waiver_begin(struct waiver_model *w, bool bom, bool crlf);
void waiver_op(struct waiver_model *w, struct program *g);
void waiver_end(struct waiver_model *w);

/* An index file: its text; the model is the index's own rules (fleet_check_lists.c). */
void index_op(struct text *t, struct program *g, const struct tree *tree);

/*
 * A baseline file as written. Keys: a group's, summed with its like or
 * not (the reader may keep one key per group or one per distinct key:
 * between distinct and groups).
 */
struct baseline_model {
	struct text	text;
	bool		known;
	bool		valid;		/* each line one of JSON Lines, or one report */
	unsigned int	objects;	/* lines with an object */
	bool		report;		/* a single report among them */
	unsigned int	traces, groups;
	unsigned int	errors;		/* traces not judged (exit code 2) */
	unsigned __int128 count, waived;
	char		names[64][64];	/* the traces' keys, for duplicates */
	unsigned int	nr_names;
	char		keys[128][160];	/* trace, monitor, comm, reason */
	unsigned int	distinct;
	bool		overflow;	/* more keys than these hold: distinct not known */
	bool		escaped_names;	/* a member name written with a \u escape */
};

void baseline_op(struct baseline_model *b, struct program *g, const struct tree *tree);
void baseline_report_op(struct baseline_model *b, struct program *g);

#endif
