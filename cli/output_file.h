/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A file rvreplay writes for the user (a report, a recorded trace): written
 * whole or not at all. A regular file (or none yet) is written next to its
 * place and renamed over it at the end; a symlink is followed, and the link
 * kept, when it is ours or its folder owner's (as fs.protected_symlinks
 * follows one: another user's link in /tmp is refused); a character
 * device or FIFO (/dev/stdout, /dev/null) is written directly at the end,
 * if it is still the one found at the start. It may never be the input
 * itself. New files get 0666 less the umask, as any tool makes them; a
 * replaced file keeps its mode.
 */
#ifndef OUTPUT_FILE_H
#define OUTPUT_FILE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#define OUTPUT_PATH_LEN	4096

struct output_file {
	const char	*path;			/* as given, for messages */
	char		target[OUTPUT_PATH_LEN];	/* the file the bytes go to */
	char		tmp[OUTPUT_PATH_LEN + 16];	/* written first, renamed over it */
	bool		direct;			/* not a regular file: copied into it */
	dev_t		dev;			/* the direct one's, as prepared */
	ino_t		ino;
	mode_t		mode;			/* of the file made */
	FILE		*file;			/* output_file_open()'s */
};

int output_file_prepare(struct output_file *o, const char *path, int input_fd, char *err,
			size_t len);
FILE *output_file_open(struct output_file *o, char *err, size_t len);
FILE *output_file_stream(struct output_file *o, char *err, size_t len);
int output_file_commit(struct output_file *o, char *err, size_t len);
int output_file_place(struct output_file *o, const char *complete, char *err, size_t len);
void output_file_abort(struct output_file *o);
const char *output_file_workdir(const struct output_file *o);

#endif
