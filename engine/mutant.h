/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Never in rvreplay: the broken rvreplays of tests/mutation/, for the
 * end-to-end tests to prove they see what each breaks. Built only with
 * -DRVREPLAY_MUTANTS (make's $(BUILD)-mutant), the mutant chosen at run
 * time by RVREPLAY_MUTANT:
 *
 *   droplast   each replay loses its last verdict, in every output
 *   dropeach   each replay loses the first verdict of each monitor
 *   shift      every time printed is 1 us late
 *
 * Without the flag these are empty and cost nothing.
 */
#ifndef MUTANT_H
#define MUTANT_H

#include <stdint.h>

struct replay;

#ifdef RVREPLAY_MUTANTS
void mutant_hold_verdicts(struct replay *r);
uint64_t mutant_time(uint64_t ns);
#else
static inline void mutant_hold_verdicts(struct replay *r) { }
static inline uint64_t mutant_time(uint64_t ns) { return ns; }
#endif

#endif
