// SPDX-License-Identifier: GPL-2.0-only
/*
 * Texts kept once (text_pool.h).
 */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "text_pool.h"

static bool same_text(unsigned int element, const void *key, const void *data)
{
	return !strcmp(((const struct text_pool *)data)->texts[element], key);
}

/**
 * text_pool_get() - the pool's copy of a text, made on first use
 * @p: the pool (zeroed: empty)
 * @text: the text
 *
 * Return: a copy that lives as long as the pool, the same for equal texts;
 * NULL when memory runs out.
 */
const char *text_pool_get(struct text_pool *p, const char *text)
{
	uint64_t hash = key_hash(text, strlen(text), 0);
	long found = key_index_find(&p->index, hash, same_text, text, p);
	char *copy;

	if (found >= 0)
		return p->texts[found];
	if (grow_room(&p->texts, p->nr, sizeof(*p->texts)))
		return NULL;
	copy = strdup(text);
	if (!copy)
		return NULL;
	if (key_index_add(&p->index, hash, p->nr)) {
		free(copy);
		return NULL;
	}
	p->texts[p->nr++] = copy;
	return copy;
}

void text_pool_free(struct text_pool *p)
{
	for (unsigned int i = 0; i < p->nr; i++)
		free(p->texts[i]);
	free(p->texts);
	key_index_free(&p->index);
	memset(p, 0, sizeof(*p));
}

/**
 * text_count_add() - count a text in a row's few named slots
 * @p: the pool the slots' texts come from
 * @counts: the slots, in order of first use
 * @nr: how many
 * @others: counts the texts that find no slot
 * @text: the text
 *
 * Return: 0, or -1 when memory runs out (nothing counted).
 */
int text_count_add(struct text_pool *p, struct text_count *counts, int nr, unsigned long *others,
		   const char *text)
{
	for (int i = 0; i < nr; i++) {
		if (!counts[i].text) {
			counts[i].text = text_pool_get(p, text);
			if (!counts[i].text)
				return -1;
			counts[i].count = 1;
			return 0;
		}
		if (!strcmp(counts[i].text, text)) {
			counts[i].count++;
			return 0;
		}
	}
	(*others)++;
	return 0;
}
