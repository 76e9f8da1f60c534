/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The command layer: one function per rvreplay command, and what they
 * share. Only this layer prints errors and chooses exit codes.
 */
#ifndef CMD_H
#define CMD_H

#include <stdio.h>

#include "replay.h"
#include "time_text.h"

/* Exit codes, documented in rvreplay(1). */
#define EXIT_CLEAN	0	/* no violation */
#define EXIT_VIOLATIONS	1	/* violations found (diff: differences found) */
#define EXIT_ERROR	2	/* usage, unreadable trace, missing events, I/O */

struct opened_trace {
	struct trace_input		*in;
	const struct rv_syscalls	*syscalls;
	const char			*arch;	/* canonical name */
	char				arch_evidence[256];	/* inferred: from what; "" */
	bool				arch_optional;	/* open it even when arch is NULL */
	char				arch_problem[320];	/* why arch is NULL */
};

int cmd_replay(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_watch(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_spec(int argc, char **argv);
struct baseline_comparison;
int cmd_compare_say(const struct baseline_comparison *c, const char *old_path,
		    const char *new_path, FILE *out);

void cmd_error(const char *file, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cmd_warning(const char *file, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cmd_notice(const char *file, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int cmd_usage_error(const char *command, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int cmd_flush_stdout(void);
struct trace_live_options;
void cmd_open_live(const char *header, const struct trace_live_options *live);
int cmd_open_trace(const char *path, const char *buffer, const char *arch, uint64_t max_inflated,
		   struct opened_trace *t);
int cmd_parse_size(const char *s, uint64_t *bytes);
int cmd_parse_ts(const char *command, const char *arg, enum time_unit *unit);
struct time_format cmd_time_format(struct trace_input *in, enum time_unit unit);
int cmd_parse_time(const char *s, bool end, uint64_t *ns);
int cmd_parse_uint(const char *s, unsigned long max, unsigned long *value);
unsigned int cmd_cpus(void);
extern bool cmd_quiet;
extern char cmd_last_error[1024];	/* cmd_error()'s last text, unescaped */

#endif
