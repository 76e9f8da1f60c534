/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the generators (ltlc, dotc) share around their compilers: their
 * one argument, reading a specification whole and bounded, writing a
 * header all or nothing, and the C names they make from file names.
 */
#ifndef GEN_FILE_H
#define GEN_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Larger specifications are refused: no real automaton comes near. */
#define GEN_MAX_SPEC_SIZE	(1 << 20)

typedef int (*gen_emit_fn)(FILE *out, const void *arg);

char *gen_read_spec(const char *prog, const char *path);
int gen_write(const char *prog, const char *output, gen_emit_fn emit, const void *arg);
bool gen_is_c_name(const char *s, size_t len);
const char *gen_spec_arg(int argc, char **argv, void (*usage)(FILE *f));

#endif
