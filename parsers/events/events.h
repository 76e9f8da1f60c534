/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The events stage, as the readers above see it: the event formats of the
 * container's metadata given to libtraceevent (after their trial in a
 * child process), and each raw record decoded into a struct trace_record
 * by its event's entry of TRACE_EVENTS(). The other headers of this folder
 * are the stage's own.
 */
#ifndef EVENTS_H
#define EVENTS_H

#include "event_formats.h"
#include "format_trial.h"
#include "trace_decode.h"

#endif
