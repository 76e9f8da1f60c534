// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two traces keyed alike: a baseline would take them for one. The one
 * check both a batch's list of traces (cli/trace_list.c) and a loaded
 * baseline make.
 */
#include <stdlib.h>
#include <string.h>

#include "baseline.h"

struct keyed {
	const char	*key;
	unsigned int	i;
};

/* By key, then by position: the first two alike are the earliest two. */
static int keyed_cmp(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c ? c : (x->i > y->i) - (x->i < y->i);
}

/**
 * baseline_key_repeat() - the first key that two elements share
 * @key_of: the key of element @i of @data
 * @data: the elements
 * @nr: their number
 * @first: gets the earliest element with the smallest repeated key
 * @second: gets the next element with that key
 *
 * Return: 1 when two elements share a key, 0 when every key is its own,
 * -1 when memory runs out.
 */
int baseline_key_repeat(const char *(*key_of)(const void *data, unsigned int i),
			const void *data, unsigned int nr, unsigned int *first,
			unsigned int *second)
{
	struct keyed *k = malloc((nr + 1) * sizeof(*k));
	int ret = 0;

	if (!k)
		return -1;
	for (unsigned int i = 0; i < nr; i++)
		k[i] = (struct keyed){ key_of(data, i), i };
	if (nr > 1)
		qsort(k, nr, sizeof(*k), keyed_cmp);
	for (unsigned int i = 1; i < nr; i++) {
		if (strcmp(k[i - 1].key, k[i].key))
			continue;
		*first = k[i - 1].i;
		*second = k[i].i;
		ret = 1;
		break;
	}
	free(k);
	return ret;
}
