/* SPDX-License-Identifier: GPL-2.0-only */
/* The events a recording or a watch enables (record_events.c). */
#ifndef RECORD_EVENTS_H
#define RECORD_EVENTS_H

#include <stdbool.h>

#include "record.h"
#include "replay.h"

void record_events_choose(struct record_options *o, const struct replay_options *opts,
			  bool context);

#endif
