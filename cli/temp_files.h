/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The outputs in progress (output_file.h's temporary files), removed when
 * the run ends abruptly: SIGINT, SIGTERM, SIGHUP, a truncated trace's
 * SIGBUS, libtraceevent crashing. Whatever ends the run, nothing partial
 * is left beside the user's files.
 */
#ifndef TEMP_FILES_H
#define TEMP_FILES_H

void temp_files_add(const char *path);
void temp_files_drop(const char *path);
void temp_files_forget(void);
void temp_files_remove(void);

#endif
