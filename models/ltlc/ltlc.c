// SPDX-License-Identifier: GPL-2.0-only
/*
 * ltlc: compile an .ltl specification into the C header of its Buchi
 * automaton (the interface of the kernel's rvgen), or into Graphviz.
 *
 *   ltlc [--dot] [--name NAME] [--Werror] [-o OUT] SPEC.ltl
 *
 * Exit codes: 0 written, 1 the specification is wrong, 2 usage or I/O error.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_file.h"
#include "ltl_emit.h"
#include "ltl_spec.h"

struct options {
	const char	*spec;
	const char	*output;
	const char	*name;
	bool		dot;
	bool		werror;
};

static void usage(FILE *f)
{
	fprintf(f, "usage: ltlc [--dot] [--name NAME] [--Werror] [-o OUT] SPEC.ltl\n"
		"  -o, --output FILE  write there (default: standard output)\n"
		"  -n, --name NAME    MONITOR_NAME (default: the file name without .ltl)\n"
		"      --dot          write the automaton for Graphviz instead of C\n"
		"      --Werror       treat grouping warnings as errors\n");
}

static int parse_args(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "name", required_argument, NULL, 'n' },
		{ "dot", no_argument, NULL, 'd' },
		{ "Werror", no_argument, NULL, 'W' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "o:n:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			o->output = optarg;
			break;
		case 'n':
			o->name = optarg;
			break;
		case 'd':
			o->dot = true;
			break;
		case 'W':
			o->werror = true;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		default:
			usage(stderr);
			return -1;
		}
	}
	o->spec = gen_spec_arg(argc, argv, usage);
	return o->spec ? 0 : -1;
}

/* The file name without directory and .ltl, if it is a C identifier. */
static char *default_name(const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t len = strcspn(base, ".");
	char *name = strndup(base, len);

	if (!name || !gen_is_c_name(name, len)) {
		free(name);
		return NULL;
	}
	return name;
}

static int emit_header(FILE *out, const void *m)
{
	return ltl_emit_header(out, m);
}

static int emit_dot(FILE *out, const void *m)
{
	return ltl_emit_dot(out, m);
}

static int compile(const struct options *o, const char *text, const char *name)
{
	struct ltl_model m = { .name = name, .source = o->spec };
	struct ltl_spec spec;
	struct ltl_graph g = { 0 };
	struct ltl_nnf nnf = { 0 };
	char err[LTL_MSG_LEN];
	int ret = 1;

	if (ltl_spec_parse(o->spec, text, &spec, err))
		goto out;
	for (int i = 0; i < spec.nr_warnings; i++)
		fprintf(stderr, "%s\n", spec.warnings[i]);
	if (o->werror && spec.nr_warnings) {
		snprintf(err, sizeof(err), "%s: error: %d grouping warning(s) and --Werror",
			 o->spec, spec.nr_warnings);
		goto out;
	}
	if (ltl_nnf_build(&spec, &nnf, err) || ltl_tableau_build(&nnf, o->spec, &g, err))
		goto out;
	m.nnf = &nnf;
	m.graph = &g;
	ret = gen_write("ltlc", o->output, o->dot ? emit_dot : emit_header, &m) ? 2 : 0;
	err[0] = '\0';
out:
	if (ret == 1)
		fprintf(stderr, "%s\n", err);
	ltl_graph_free(&g);
	ltl_nnf_free(&nnf);
	ltl_spec_free(&spec);
	return ret;
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	char *text, *name;
	int ret;

	if (parse_args(argc, argv, &o))
		return 2;
	name = o.name ? strdup(o.name) : default_name(o.spec);
	if (!name) {
		fprintf(stderr, "ltlc: %s: cannot make a C name from it, use --name\n", o.spec);
		return 2;
	}
	text = gen_read_spec("ltlc", o.spec);
	ret = text ? compile(&o, text, name) : 2;
	free(text);
	free(name);
	return ret;
}
