/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef RVREPLAY_FORMAT_TRIAL_H
#define RVREPLAY_FORMAT_TRIAL_H

#include <stddef.h>

#include "tracedat.h"

int format_trial(const struct tracedat *td, char *err, size_t errlen);

#endif
