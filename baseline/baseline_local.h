/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the files of baseline/ share: the bound of a name in a message,
 * and the sum of counts that never wraps.
 */
#ifndef BASELINE_LOCAL_H
#define BASELINE_LOCAL_H

#include <limits.h>

#define NAME_LEN	256	/* a trace's name or path in a message, at most */

/*
 * Counts of many groups or lines summed: at most 2^63 - 1, the largest
 * JSON's integers hold (the output's counts must read back), never
 * wrapped to a small or negative one.
 */
static inline unsigned long baseline_add_sat(unsigned long a, unsigned long b)
{
	const unsigned long most = LLONG_MAX;

	a = a > most ? most : a;
	b = b > most ? most : b;
	return a > most - b ? most : a + b;
}

#endif
