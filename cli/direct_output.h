/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Bytes into a device or FIFO the user named as an output: opened and
 * written without blocking, waiting in steps of 50 ms for a reader or for
 * room, and giving up as soon as SIGINT, SIGTERM or SIGHUP is pending (a
 * watcher or recorder blocks them for its signalfd: a blocking open of a
 * FIFO nobody reads never ended, whatever the user sent).
 */
#ifndef DIRECT_OUTPUT_H
#define DIRECT_OUTPUT_H

#include <stddef.h>

int direct_output_open(const char *path, char *err, size_t len);
int direct_output_copy(int from, int to, char *err, size_t len);

#endif
