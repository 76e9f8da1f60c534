/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef RVREPLAY_FORMAT_TRIAL_H
#define RVREPLAY_FORMAT_TRIAL_H

#include <stddef.h>

#include "event_formats.h"

/* Work of the parent's own, done while the child parses. */
typedef void (*format_trial_meanwhile_fn)(void *data);

int format_trial_open(struct event_formats *ef, event_formats_want_fn want,
		      format_trial_meanwhile_fn meanwhile, void *data, char *err, size_t errlen);

/* A check of the file the child runs before it parses: 0, or -1 with @err set. */
typedef int (*format_trial_check_fn)(const struct tracedat *td, char *err, size_t errlen);

int format_trial_all(const struct tracedat *td, const struct tracedat_formats *formats,
		     format_trial_check_fn check, format_trial_meanwhile_fn parse, void *data,
		     char *err, size_t errlen);
void format_trial_on_crash(void (*fn)(const char *text));
void format_trial_parse(struct event_formats *ef, struct event_format_ref **refs, int n);

#endif
