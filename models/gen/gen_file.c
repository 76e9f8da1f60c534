// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading a specification and writing a generated header, for every
 * generator: a hostile file is refused with one line, and a failed write
 * leaves the old header in place.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gen_file.h"

/**
 * gen_read_spec() - read a whole specification into a string
 * @prog: the generator's name, for the messages
 * @path: the file
 *
 * Return: the text, NUL-terminated, for the caller to free; NULL, with one
 * line on stderr, if the file cannot be read, is larger than
 * GEN_MAX_SPEC_SIZE or contains a NUL byte.
 */
char *gen_read_spec(const char *prog, const char *path)
{
	FILE *f = fopen(path, "r");
	char *text;
	size_t n;

	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
		return NULL;
	}
	text = malloc(GEN_MAX_SPEC_SIZE + 1);
	n = text ? fread(text, 1, GEN_MAX_SPEC_SIZE + 1, f) : 0;
	if (!text || ferror(f) || n > GEN_MAX_SPEC_SIZE || memchr(text, '\0', n)) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, !text ? "out of memory" : ferror(f) ?
			"read error" : n > GEN_MAX_SPEC_SIZE ? "larger than 1 MiB" :
			"contains a NUL byte");
		fclose(f);
		free(text);
		return NULL;
	}
	fclose(f);
	text[n] = '\0';
	return text;
}

/* @output, not a regular file, written as it is. */
static int write_through(const char *prog, const char *output, gen_emit_fn emit, const void *arg)
{
	FILE *out = fopen(output, "w");
	int ret;

	if (!out) {
		fprintf(stderr, "%s: %s: %s\n", prog, output, strerror(errno));
		return -1;
	}
	ret = emit(out, arg);
	if (fclose(out) || ret) {
		fprintf(stderr, "%s: %s: cannot write: %s\n", prog, output, strerror(errno));
		return -1;
	}
	return 0;
}

/**
 * gen_write() - write generated text to a file, or to standard output
 * @prog: the generator's name, for the messages
 * @output: the file, NULL for standard output
 * @emit: writes the text, returns 0 or -1
 * @arg: what @emit writes
 *
 * A file is written beside @output and renamed over it, so no partial
 * output is ever left; what is not a regular file (/dev/null, a pipe) is
 * written as it is, never replaced.
 *
 * Return: 0, or -1 with one line on stderr when the file cannot be written.
 */
int gen_write(const char *prog, const char *output, gen_emit_fn emit, const void *arg)
{
	char tmp[4096];
	FILE *out = stdout;
	struct stat st;
	int ret;

	if (output && !stat(output, &st) && !S_ISREG(st.st_mode))
		return write_through(prog, output, emit, arg);
	if (output) {
		if (snprintf(tmp, sizeof(tmp), "%s.tmpXXXXXX", output) >= (int)sizeof(tmp))
			return -1;
		int fd = mkstemp(tmp);

		if (fd < 0 || !(out = fdopen(fd, "w"))) {
			fprintf(stderr, "%s: %s: %s\n", prog, output, strerror(errno));
			return -1;
		}
	}
	ret = emit(out, arg);
	if (!output)
		return ret || fflush(out) ? -1 : 0;
	if (fclose(out) || ret || rename(tmp, output)) {
		fprintf(stderr, "%s: %s: cannot write: %s\n", prog, output, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

/**
 * gen_is_c_name() - whether a string is a C identifier
 * @s: the string
 * @len: its length
 *
 * Return: true for letters, digits and '_' not starting with a digit.
 */
bool gen_is_c_name(const char *s, size_t len)
{
	return len && strspn(s, "abcdefghijklmnopqrstuvwxyz"
			     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") >= len &&
	       !(s[0] >= '0' && s[0] <= '9');
}

/**
 * gen_spec_arg() - the specification named after a generator's options
 * @argc: main()'s
 * @argv: main()'s, after getopt_long() has read the options
 * @usage: prints the generator's usage
 *
 * Return: the one argument left, or NULL, with the usage on stderr, if
 * there is not exactly one.
 */
const char *gen_spec_arg(int argc, char **argv, void (*usage)(FILE *f))
{
	if (optind != argc - 1) {
		usage(stderr);
		return NULL;
	}
	return argv[optind];
}
