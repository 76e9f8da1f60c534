/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The event formats a file holds that libtraceevent must not parse (their
 * print format is not one a kernel writes: tracedat_check_texts()). They
 * cost nothing until an event of theirs is needed: the replay refuses a
 * file only when it must decode one, and `rvreplay check` lists them.
 */
#ifndef NOT_UNDERSTOOD_H
#define NOT_UNDERSTOOD_H

#include <stdbool.h>
#include <stdint.h>

#include "trace_facts.h"

#define NOT_UNDERSTOOD_IDS	65536	/* a record's event id is 16 bits */

struct not_understood {
	uint8_t				ids[NOT_UNDERSTOOD_IDS / 8];
	struct not_understood_format	*formats;	/* in file order */
	int				nr;
};

int not_understood_add(struct not_understood *nu, unsigned int id, const char *system,
		       const char *name, size_t name_len, const char *why);
bool not_understood_has(const struct not_understood *nu, int id);
const struct not_understood_format *not_understood_find(const struct not_understood *nu, int id);
void not_understood_release(struct not_understood *nu);

#endif
