/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The lines of the texts libtraceevent parses, as a kernel writes them:
 * the field lines of an event format or of header_page, and the lines of
 * the printk formats. Matched by hand, byte for byte what the POSIX
 * regular expressions of their grammar match (tests/unit/print_format_test.c
 * compares both), at a small fraction of their cost: a trace-cmd trace has
 * some 30,000 field lines.
 */
#ifndef FORMAT_LINES_H
#define FORMAT_LINES_H

#include <stdbool.h>
#include <stddef.h>

/*
 * "\tfield:DECL;\toffset:N;\tsize:N;\tsigned:N;", the signed part missing in
 * old kernels; as the extended regular expression
 * ^\tfield:([^;]+);\toffset:([0-9]+);\tsize:([0-9]+);(\tsigned:[0-9]+;)?$
 */
struct field_line {
	const char	*decl;		/* DECL, not NUL-terminated */
	size_t		decl_len;
	const char	*offset;	/* the digits of the offset */
	const char	*size;		/* and of the size */
};

bool field_line_parse(const char *line, struct field_line *out);

/* 0xADDR : "FORMAT", FORMAT of two characters at least: ^0x[0-9a-fA-F]+ : ".{2,}"$ */
bool printk_line_well_formed(const char *line);

#endif
