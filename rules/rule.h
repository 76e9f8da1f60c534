/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Users' own rules (rvreplay --spec FILE, rvreplay-spec(5)): a formula in
 * rvgen's .ltl language and its bindings to the trace, compiled at run
 * time into a monitor the engine replays like the built-in ones.
 */
#ifndef RULE_H
#define RULE_H

#include "monitor.h"

#define RULE_ERR_LEN	512

const struct rv_monitor *rule_load(const char *path, char *err);
void rule_free(const struct rv_monitor *m);
bool rule_is(const struct rv_monitor *m);
const char *rule_text(const struct rv_monitor *m);

#endif
