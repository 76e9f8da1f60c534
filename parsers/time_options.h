/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Whether a trace.dat file has options that make libtracecmd change the
 * timestamps it reports (DATE and OFFSET shift them, TIME_SHIFT syncs a
 * guest to its host, TSC2NSEC converts TSC counts). The fast reader does
 * not reproduce these conversions and leaves such files to libtracecmd.
 */
#ifndef TIME_OPTIONS_H
#define TIME_OPTIONS_H

#include "tracedat.h"

int time_options_find(const struct tracedat *td);

#endif
