// SPDX-License-Identifier: GPL-2.0-only
/*
 * Arrays that grow one element at a time (grow.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"

/**
 * grow_room() - room for one more element in an array of @nr
 * @arrayp: the address of the array's pointer (NULL when @nr is 0);
 *	every element added before went through grow_room()
 * @nr: the elements it holds
 * @size: the size of one
 *
 * The array is reallocated only when @nr is 0 or a power of two, to twice
 * that: a realloc per element made adding N elements cost N^2 / 2 copies
 * wherever realloc moves the block (the sanitizers' always does).
 *
 * Return: 0, or -1 when memory runs out (the array is left as it was).
 */
int grow_room(void *arrayp, size_t nr, size_t size)
{
	size_t cap = nr ? 2 * nr : 1;
	void *p;

	if (nr & (nr - 1))
		return 0;
	if (size && cap > SIZE_MAX / size)
		return -1;
	memcpy(&p, arrayp, sizeof(p));
	p = realloc(p, cap * size);
	if (!p)
		return -1;
	memcpy(arrayp, &p, sizeof(p));
	return 0;
}
