/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A trace's kallsyms, read by us rather than by libtraceevent: the same
 * symbols found for the same addresses as tep_parse_kallsyms() and
 * tep_find_function() find them, in 16 bytes per symbol instead of some
 * hundreds, and only when an address must be named. libtraceevent asks
 * through tep_set_function_resolver().
 */
#ifndef KALLSYMS_H
#define KALLSYMS_H

#include <stddef.h>
#include <stdint.h>

struct kallsyms_entry {
	uint64_t	addr;
	uint32_t	name;		/* offset of the NUL-terminated name in the text */
	uint32_t	module;		/* of the module's name; 0: none */
};

struct kallsyms {
	char			*text;		/* the section's text, names cut out in place */
	struct kallsyms_entry	*entries;	/* sorted as libtraceevent sorts them */
	size_t			nr;
};

int kallsyms_parse(struct kallsyms *k, char *text);
const struct kallsyms_entry *kallsyms_find(const struct kallsyms *k, uint64_t addr);
void kallsyms_free(struct kallsyms *k);

#endif
