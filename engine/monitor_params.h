/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Monitor parameters as the kernel's module parameters
 * (--param stall.threshold_jiffies=N), and the kernel's HZ (--hz) that
 * clocks in jiffies need.
 */
#ifndef MONITOR_PARAMS_H
#define MONITOR_PARAMS_H

#include <stdbool.h>
#include <stdint.h>

#define MAX_PARAM_SETTINGS	8

struct replay_options;
struct trace_input;

/* One --param MONITOR.NAME=VALUE, as given. */
struct param_setting {
	char		monitor[32];
	char		name[32];
	uint64_t	value;
};

int params_parse(const char *arg, struct param_setting *out);
int params_resolve(struct replay_options *opts, char *err);
bool params_need_hz(const struct replay_options *opts, const char **who);
unsigned int params_trace_hz(struct trace_input *in);

#endif
