/* SPDX-License-Identifier: GPL-2.0-only */
/* A binding's filter evaluated on an event and an instance's task (rule_eval.c). */
#ifndef RULE_EVAL_H
#define RULE_EVAL_H

#include "events.h"
#include "monitor.h"
#include "rule_local.h"

struct rule_ctx {
	const struct rv_target	*t;
	const struct rv_event	*ev;	/* NULL: a fact, no event */
};

int rule_eval(const struct rule_expr *e, const struct rule_ctx *c);

#endif
