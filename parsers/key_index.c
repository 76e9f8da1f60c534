// SPDX-License-Identifier: GPL-2.0-only
/*
 * An index by key: open addressing, linear probing, at most half full
 * (key_index.h).
 */
#include <stdlib.h>

#include "key_index.h"

/**
 * key_hash() - FNV-1a of some bytes, mixed
 * @bytes: the key's bytes
 * @n: how many
 * @seed: the hash of the key's other parts, or 0
 *
 * Return: the hash.
 */
uint64_t key_hash(const void *bytes, size_t n, uint64_t seed)
{
	const unsigned char *p = bytes;
	uint64_t h = seed ^ 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h ^ (h >> 29);
}

/**
 * key_index_find() - the element a key names
 * @ix: the index
 * @hash: the key's hash
 * @same: tells whether an element of that hash is the key's
 * @key: passed to @same
 * @data: passed to @same
 *
 * Return: the element's number, or -1 when the index has none.
 */
long key_index_find(const struct key_index *ix, uint64_t hash, key_index_same_fn same,
		    const void *key, const void *data)
{
	for (size_t i = hash & (ix->cap - 1); ix->cap && ix->slots[i].element;
	     i = (i + 1) & (ix->cap - 1))
		if (ix->slots[i].hash == hash && same(ix->slots[i].element - 1, key, data))
			return ix->slots[i].element - 1;
	return -1;
}

static void put(struct key_index *ix, uint64_t hash, unsigned int element)
{
	size_t i = hash & (ix->cap - 1);

	while (ix->slots[i].element)
		i = (i + 1) & (ix->cap - 1);
	ix->slots[i] = (struct key_slot){ hash, element + 1 };
	ix->nr++;
}

/**
 * key_index_add() - index an element under its key's hash
 * @ix: the index
 * @hash: the key's hash
 * @element: its number in the caller's array
 *
 * Return: 0, or -1 when memory runs out.
 */
int key_index_add(struct key_index *ix, uint64_t hash, unsigned int element)
{
	if ((ix->nr + 1) * 2 > ix->cap) {
		struct key_index bigger = { calloc(ix->cap ? 2 * ix->cap : 64, sizeof(struct key_slot)),
					    ix->cap ? 2 * ix->cap : 64, 0 };

		if (!bigger.slots)
			return -1;
		for (size_t i = 0; i < ix->cap; i++)
			if (ix->slots[i].element)
				put(&bigger, ix->slots[i].hash, ix->slots[i].element - 1);
		free(ix->slots);
		*ix = bigger;
	}
	put(ix, hash, element);
	return 0;
}

/**
 * key_index_free() - release an index, leaving it empty
 * @ix: the index
 */
void key_index_free(struct key_index *ix)
{
	free(ix->slots);
	*ix = (struct key_index){ 0 };
}
