/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The routes of monitors/routes.c by decoded record kind: which monitor
 * events a record gives, and to which task. The replay dispatches with
 * them, rvreplay diff ties live verdicts to records with them.
 */
#ifndef ROUTING_H
#define ROUTING_H

#include "monitor.h"
#include "trace_input.h"

#define ROUTING_MAX	2	/* routes of one record kind: sched_switch's two */

const struct rv_route *const *routing_of(enum trace_kind kind);
int routing_pid(const struct rv_route *route, const struct trace_record *rec);

#endif
