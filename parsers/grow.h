/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Arrays that grow one element at a time, in amortised constant time:
 * the capacity is implicit (the power of two at or above the count), so
 * the structures that hold them keep only their count.
 */
#ifndef GROW_H
#define GROW_H

#include <stddef.h>

int grow_room(void *arrayp, size_t nr, size_t size);

#endif
