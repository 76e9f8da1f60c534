// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness of ltlc: a specification text through the parser, the
 * negation normal form, the tableau and both writers, as ltlc runs them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltl_emit.h"
#include "ltl_spec.h"

/* ltlc refuses larger files; its parser sees no more. */
#define MAX_SPEC_SIZE	(1 << 20)

static FILE *sink;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	sink = fopen("/dev/null", "w");
	return sink ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ltl_spec spec;
	struct ltl_nnf nnf = { 0 };
	struct ltl_graph g = { 0 };
	struct ltl_model m = { .name = "fuzz", .source = "fuzz.ltl" };
	char err[LTL_MSG_LEN];
	char *text;

	/* ltlc reads a NUL-free text of at most 1 MiB */
	if (size > MAX_SPEC_SIZE || memchr(data, '\0', size))
		return -1;
	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (!ltl_spec_parse("fuzz.ltl", text, &spec, err) && !ltl_nnf_build(&spec, &nnf, err) &&
	    !ltl_tableau_build(&nnf, "fuzz.ltl", &g, err)) {
		m.nnf = &nnf;
		m.graph = &g;
		ltl_emit_header(sink, &m);
		ltl_emit_dot(sink, &m);
	}
	ltl_graph_free(&g);
	ltl_nnf_free(&nnf);
	ltl_spec_free(&spec);
	free(text);
	return 0;
}
