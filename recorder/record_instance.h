/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Who owns a tracefs instance, proven across PID and mount namespaces: a
 * recorder holds an flock on its instance's directory from mkdir to
 * rmdir, and the kernel drops the lock when the recorder dies, SIGKILL
 * included. Every mount of tracefs shares one superblock, so recorders in
 * other containers see the same directory and the same lock; PIDs they do
 * not share, so a PID proves nothing.
 */
#ifndef RECORD_INSTANCE_H
#define RECORD_INSTANCE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

struct record_instance {
	char	name[64];	/* rvreplay-PID-RANDOM */
	char	path[PATH_MAX + 80];	/* instances/NAME under the tracefs mount */
	int	fd;		/* its directory, flock'd while we live */
};

int record_instance_create(struct record_instance *ri, const char *tracing_dir,
			   void (*notice)(const char *msg), char *err, size_t errlen);
int record_instance_check(const struct record_instance *ri, bool tracing, char *err,
			  size_t errlen);
int record_instance_remove(struct record_instance *ri, char *err, size_t errlen);

#endif
