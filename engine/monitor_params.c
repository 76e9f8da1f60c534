// SPDX-License-Identifier: GPL-2.0-only
/*
 * Monitor parameters: parsed from --param, checked against the selected
 * monitors' descriptors (their .params, the kernel's module_param()s with
 * its defaults), and the HZ a clock in jiffies needs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monitor_params.h"
#include "replay.h"

/**
 * params_parse() - one --param MONITOR.NAME=VALUE
 * @arg: the option's value
 * @out: the setting
 *
 * Return: 0, or -1 when @arg is not of that form or VALUE not a number.
 */
int params_parse(const char *arg, struct param_setting *out)
{
	const char *dot = strchr(arg, '.'), *eq = strchr(arg, '=');
	char *end;

	if (!dot || !eq || dot > eq || dot == arg || eq == dot + 1 ||
	    (size_t)(dot - arg) >= sizeof(out->monitor) ||
	    (size_t)(eq - dot - 1) >= sizeof(out->name) || eq[1] < '0' || eq[1] > '9')
		return -1;
	out->value = strtoull(eq + 1, &end, 10);
	if (*end)
		return -1;
	snprintf(out->monitor, sizeof(out->monitor), "%.*s", (int)(dot - arg), arg);
	snprintf(out->name, sizeof(out->name), "%.*s", (int)(eq - dot - 1), dot + 1);
	return 0;
}

/* The index of parameter @name of @m, or -1. */
static int param_index(const struct rv_monitor *m, const char *name)
{
	for (int k = 0; k < RV_MAX_PARAMS && m->params[k].name; k++)
		if (!strcmp(m->params[k].name, name))
			return k;
	return -1;
}

/* The setting @s into the values of the selected monitor it names. Return: 0 or -1. */
static int apply(struct replay_options *opts, const struct param_setting *s, char *err)
{
	for (int i = 0; i < opts->nr_monitors; i++) {
		const struct rv_monitor *m = opts->monitors[i];
		int k;

		if (strcmp(m->name, s->monitor))
			continue;
		k = param_index(m, s->name);
		if (k < 0) {
			snprintf(err, TRACE_ERR_LEN, "--param: monitor %s has no parameter '%s'%s%s",
				 m->name, s->name, m->params[0].name ? " (it has " : "",
				 m->params[0].name ? m->params[0].name : "");
			if (m->params[0].name)
				strncat(err, ")", TRACE_ERR_LEN - strlen(err) - 1);
			return -1;
		}
		opts->param_values[i][k] = s->value;
		return 0;
	}
	snprintf(err, TRACE_ERR_LEN, "--param %s.%s: monitor %s is not replayed (-m %s)",
		 s->monitor, s->name, s->monitor, s->monitor);
	return -1;
}

/**
 * params_resolve() - every selected monitor's parameter values
 * @opts: the monitors selected, the settings given
 * @err: TRACE_ERR_LEN bytes for a setting of no selected monitor's parameter
 *
 * Return: 0, or -1 with @err set.
 */
int params_resolve(struct replay_options *opts, char *err)
{
	for (int i = 0; i < opts->nr_monitors; i++)
		for (int k = 0; k < RV_MAX_PARAMS; k++)
			opts->param_values[i][k] = opts->monitors[i]->params[k].value;
	for (int s = 0; s < opts->nr_settings; s++)
		if (apply(opts, &opts->settings[s], err))
			return -1;
	return 0;
}

/**
 * params_need_hz() - whether a selected monitor has a clock in jiffies and no --hz was given
 * @opts: the monitors selected, and opts->hz
 * @who: gets the first such monitor's name
 *
 * Return: true when the replay cannot judge without the kernel's HZ.
 */
bool params_need_hz(const struct replay_options *opts, const char **who)
{
	if (opts->hz)
		return false;
	for (int i = 0; i < opts->nr_monitors; i++)
		if (rv_monitor_needs_hz(opts->monitors[i])) {
			*who = opts->monitors[i]->name;
			return true;
		}
	return false;
}

#define HZ_SCAN_RECORDS	5000	/* our recorder writes its line as tracing starts */

struct hz_scan {
	unsigned int	hz;
	unsigned long	seen;
};

static int find_hz_line(void *data, const struct trace_record *rec)
{
	struct hz_scan *scan = data;

	if (++scan->seen > HZ_SCAN_RECORDS)
		return 1;
	if (rec->kind != TRACE_PRINT || rec->print.marker.kind != TRACE_MARKER_KERNEL)
		return 0;
	scan->hz = rec->print.marker.hz;
	return 1;
}

/**
 * params_trace_hz() - the kernel's HZ as our recorder wrote it into a trace
 * @in: the opened trace
 *
 * "rvreplay-kernel: hz=250", among its first records.
 *
 * Return: the HZ, or 0 when the trace does not say.
 */
unsigned int params_trace_hz(struct trace_input *in)
{
	struct hz_scan scan = { 0, 0 };

	if (trace_input_iterate(in, find_hz_line, &scan) < 0)
		return 0;
	return scan.hz;
}
