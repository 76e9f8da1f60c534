/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Texts kept once however often they are counted: the reasons of a
 * million violation groups, summary rows and statistics rows share one
 * copy each, of their own length, and compare by pointer.
 */
#ifndef TEXT_POOL_H
#define TEXT_POOL_H

#include "key_index.h"

struct text_pool {
	char			**texts;
	unsigned int		nr;
	struct key_index	index;
};

/* Up to this many texts counted by name in a row; the others are counted together. */
struct text_count {
	const char	*text;		/* the pool's; NULL: a free slot */
	unsigned long	count;
};

const char *text_pool_get(struct text_pool *p, const char *text);
void text_pool_free(struct text_pool *p);
int text_count_add(struct text_pool *p, struct text_count *counts, int nr, unsigned long *others,
		   const char *text);

#endif
