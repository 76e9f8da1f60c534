/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * An independent implementation of a monitor's verdicts: formula
 * progression over the parsed specification, with no normal form and no
 * tableau. Only constants are simplified, and next obligations are opaque
 * until the next letter, which is what the tableau detects and no more.
 */
#ifndef LTL_PROGRESS_H
#define LTL_PROGRESS_H

#include <stdbool.h>

#include "ltl_spec.h"

struct progress;

struct progress *progress_new(const struct ltl_spec *spec);
void progress_free(struct progress *p);
void progress_reset(struct progress *p);
bool progress_letter(struct progress *p, unsigned long letter);
int progress_nr_atoms(const struct progress *p);

#endif
