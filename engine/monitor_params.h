/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Monitor parameters as the kernel's module parameters
 * (--param stall.threshold_jiffies=N), and the kernel's HZ (--hz) that
 * clocks in jiffies need.
 */
#ifndef MONITOR_PARAMS_H
#define MONITOR_PARAMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MAX_PARAM_SETTINGS	8
/* Jiffies past this overflow 64 bits of ns once multiplied by NSEC_PER_SEC. */
#define PARAM_JIFFIES_MAX	(UINT64_MAX / 1000000000ULL)

struct replay_options;
struct trace_input;

/* One --param MONITOR.NAME=VALUE, as given. */
struct param_setting {
	char		monitor[32];
	char		name[32];
	uint64_t	value;
};

int params_parse(const char *arg, struct param_setting *out);
bool params_is_jiffies(const char *name);
long long params_unit_ns(const char *p, size_t *len);
size_t params_value(const char *p, bool jiffies, uint64_t *out);
int params_resolve(struct replay_options *opts, char *err);
bool params_need_hz(const struct replay_options *opts, const char **who);
unsigned int params_trace_hz(struct trace_input *in);

#endif
