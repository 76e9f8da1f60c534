// SPDX-License-Identifier: GPL-2.0-only
/*
 * dotc: compile an automaton's .dot specification, in the syntax of the
 * kernel's tools/verification/models/ files, into the model header
 * rvgen's dot2k writes for it; a hybrid automaton's (Linux 7.1: clocks,
 * invariants, resets) adds its clocks and their tables in our format.
 *
 *   dotc [-o OUT] SPEC.dot
 *
 * The monitor's name is the file's base name, as dot2c takes it.
 * Exit codes: 0 written; 2 usage, I/O error or a wrong specification
 * (one line on stderr: "dotc: FILE:LINE:COL: what is wrong").
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dot_automaton.h"
#include "gen_file.h"

struct options {
	const char	*spec;
	const char	*output;
};

static void usage(FILE *f)
{
	fprintf(f, "usage: dotc [-o OUT] SPEC.dot\n"
		"  -o, --output FILE  write there (default: standard output)\n");
}

static int parse_args(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		if (c != 'o') {
			usage(c == 'h' ? stdout : stderr);
			if (c == 'h')
				exit(0);
			return -1;
		}
		o->output = optarg;
	}
	o->spec = gen_spec_arg(argc, argv, usage);
	return o->spec ? 0 : -1;
}

/* dot2c's name: the base name without its .dot or .gv extension. */
static int model_name(const char *path, char *name)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	const char *ext = strrchr(base, '.');
	size_t len = ext ? (size_t)(ext - base) : 0;

	if (!ext || (strcmp(ext, ".dot") && strcmp(ext, ".gv"))) {
		fprintf(stderr, "dotc: %s: not a .dot or .gv file\n", path);
		return -1;
	}
	if (len >= DOT_MAX_NAME || !gen_is_c_name(base, len)) {
		fprintf(stderr, "dotc: %s: the file's base name is not a C name\n", path);
		return -1;
	}
	memcpy(name, base, len);
	name[len] = '\0';
	return 0;
}

static int compile(const struct options *o, const char *text, struct dot_automaton *a)
{
	char err[DOT_MSG_LEN];

	if (dot_parse(text, a, err) || dot_automaton_build(a, err)) {
		fprintf(stderr, "dotc: %s\n", err);
		return -1;
	}
	return gen_write("dotc", o->output, dot_emit_header, a);
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	struct dot_automaton *a;
	char *text = NULL;
	int ret = 2;

	if (parse_args(argc, argv, &o))
		return 2;
	a = calloc(1, sizeof(*a));
	if (!a) {
		fprintf(stderr, "dotc: out of memory\n");
		return 2;
	}
	a->path = o.spec;
	if (model_name(o.spec, a->name))
		goto out;
	text = gen_read_spec("dotc", o.spec);
	if (text && !compile(&o, text, a))
		ret = 0;
out:
	free(text);
	free(a);
	return ret;
}
