/* SPDX-License-Identifier: GPL-2.0-only */
/* What a recording or a watch takes from the command line (record_events.c). */
#ifndef RECORD_EVENTS_H
#define RECORD_EVENTS_H

#include <stdbool.h>

#include "output_file.h"
#include "record.h"
#include "replay.h"

void record_events_choose(struct record_options *o, const struct replay_options *opts,
			  bool context);
void record_events_outputs(struct record_options *o, struct output_file *out);

#endif
