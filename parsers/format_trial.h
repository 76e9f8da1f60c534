/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef RVREPLAY_FORMAT_TRIAL_H
#define RVREPLAY_FORMAT_TRIAL_H

#include <stddef.h>

#include "event_formats.h"
#include "tracedat.h"

int format_trial(const struct tracedat *td, event_formats_want_fn want, char *err, size_t errlen);
int format_trial_one(const struct event_format_ref *r, char *err, size_t errlen);

#endif
