/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The tracefs side of a recording: a dedicated instance with exactly the
 * events the monitors need, created and removed so that the machine is
 * left as it was found (the top-level instance is never touched).
 */
#ifndef RECORD_TRACEFS_H
#define RECORD_TRACEFS_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"
#include "record_instance.h"

struct tracefs_instance;

struct record_tracefs {
	struct tracefs_instance	*inst;
	struct record_instance	own;		/* its name, path and locked directory */
	char			*tracing_dir;	/* where tracefs is mounted */
	bool			we_mounted;
	bool			created;
	int			free_fd;	/* its free_buffer, held open; valid if free_open */
	bool			free_open;
	bool			enabled[RECORD_MAX_EVENTS];	/* o->events[i] was enabled */
};

int record_tracefs_setup(struct record_tracefs *t, const struct record_options *o,
			 char *err, size_t errlen);
int record_tracefs_teardown(struct record_tracefs *t, char *err, size_t errlen);
char *record_tracefs_read(struct record_tracefs *t, const char *file);

#endif
