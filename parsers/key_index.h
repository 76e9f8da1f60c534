/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * An index of an array's elements by a key, in constant time whatever the
 * count (a million tasks or violation groups): the caller hashes its key
 * (key_hash()) and tells whether an element is the one looked for. The
 * index holds only hashes and element numbers; a zeroed one is empty.
 */
#ifndef KEY_INDEX_H
#define KEY_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct key_index {
	struct key_slot {
		uint64_t	hash;
		unsigned int	element;	/* + 1; 0: an empty slot */
	}		*slots;
	size_t		cap;		/* a power of two, 0 before the first */
	size_t		nr;
};

/* Whether element @element is the one @key names. */
typedef bool (*key_index_same_fn)(unsigned int element, const void *key, const void *data);

uint64_t key_hash(const void *bytes, size_t n, uint64_t seed);
long key_index_find(const struct key_index *ix, uint64_t hash, key_index_same_fn same,
		    const void *key, const void *data);
int key_index_add(struct key_index *ix, uint64_t hash, unsigned int element);
void key_index_free(struct key_index *ix);

#endif
