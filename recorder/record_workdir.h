/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The work folder of a recording, NAME.rvreplay-XXXXXX next to the
 * output: the per-CPU files and the trace.dat until it is complete. Its
 * owner file is flock'd while the recorder lives, so the folder of a
 * recorder that died (SIGKILL) is told from a live one in any namespace.
 */
#ifndef RECORD_WORKDIR_H
#define RECORD_WORKDIR_H

#include <stddef.h>

#define WORKDIR_PATH_LEN	4096

struct record_workdir {
	char	path[WORKDIR_PATH_LEN];
	int	owner_fd;	/* path/owner, flock'd; -1 where flock does not work */
};

int record_workdir_create(struct record_workdir *w, const char *near,
			  void (*notice)(const char *msg), char *err, size_t errlen);
void record_workdir_remove(struct record_workdir *w);

#endif
