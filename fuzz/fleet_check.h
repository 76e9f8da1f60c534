/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fleet harness's checks (fleet_fuzz.c): what the real code makes of
 * the files a program wrote, against their models (fleet.h).
 *
 *   fleet_fuzz.c		the program run, the files written, nothing left after
 *   fleet_check_verdicts.c	waivers loaded and matched; baselines loaded, compared
 *   fleet_check_lists.c	trace lists: an index file, a folder scanned
 *   fleet_check_command.c	rvreplay on a batch, in process
 *
 * A broken property ends the process (fleet_fail()): libFuzzer keeps the
 * program as a finding.
 */
#ifndef FLEET_CHECK_H
#define FLEET_CHECK_H

#include <stdbool.h>
#include <string.h>

#include "baseline.h"
#include "fleet.h"

#define TODAY		"2026-06-15"	/* the date waivers expire against */
#define ERR_LEN		8192

/* What one program made, with the models of what each file must be. */
struct fleet {
	unsigned int		flags, more;
	long			index_n;
	struct tree		tree;
	struct waiver_model	waivers;
	struct text		index;
	struct baseline_model	a, b;
};

/* The files of a run, in its folder (/tmp/rvreplay-fleet-PID). */
struct fleet_files {
	char	base[64];
	char	waivers[128], index[128], a[128], b[128];
	char	out[128], out_dir[128], scan_index[128];
};

extern struct fleet_files fleet_files;

void fleet_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#define CHECK(cond, ...)	do { if (!(cond)) fleet_fail(__VA_ARGS__); } while (0)

static inline bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

void fleet_check_waivers(const struct fleet *f);
void fleet_check_baselines(const struct fleet *f);
void fleet_against_itself(const struct baseline *b, const char *path);

void fleet_check_index(const struct fleet *f);
void fleet_check_scan(const struct fleet *f);
void fleet_folder_arg(const struct fleet *f, char *out, size_t len);
size_t fleet_common_folder(const char *const *paths, long nr);
const char *fleet_index_key(const char *path, size_t common);

void fleet_command(const struct fleet *f);

#endif
