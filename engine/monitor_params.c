// SPDX-License-Identifier: GPL-2.0-only
/*
 * Monitor parameters: parsed from --param, checked against the selected
 * monitors' descriptors (their .params, the kernel's module_param()s with
 * its defaults), and the HZ a clock in jiffies needs.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "monitor_params.h"
#include "replay.h"

/**
 * params_unit_ns() - a duration's unit, as written after its number
 * @p: where the unit would start
 * @len: gets its length
 *
 * Return: its ns (ns, us, ms, s), or 0 when @p starts none.
 */
long long params_unit_ns(const char *p, size_t *len)
{
	static const struct {
		const char	*unit;
		long long	ns;
	} units[] = { { "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", 1000000000 } };

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		*len = strlen(units[i].unit);
		if (!strncmp(p, units[i].unit, *len) && !isalnum((unsigned char)p[*len]) &&
		    p[*len] != '_')
			return units[i].ns;
	}
	return 0;
}

/**
 * params_is_jiffies() - whether a parameter counts jiffies: its name ends in _jiffies
 * @name: the parameter's name
 *
 * Return: true for a number of jiffies, false for a duration.
 */
bool params_is_jiffies(const char *name)
{
	size_t n = strlen(name);

	return n >= 8 && !strcmp(name + n - 8, "_jiffies");
}

/**
 * params_value() - a parameter's value as written (rvreplay-spec(5))
 * @p: where it starts
 * @jiffies: a number of jiffies, alone; else a duration: NUMBER with ns, us,
 *	     ms or s (ns without)
 * @out: gets the jiffies or the ns
 *
 * Return: its length, or 0 when @p starts no such value, or one over 64 bits.
 */
size_t params_value(const char *p, bool jiffies, uint64_t *out)
{
	unsigned long long v;
	long long unit = 0;
	size_t n = 0;
	char *end;

	if (!isdigit((unsigned char)*p))
		return 0;
	errno = 0;
	v = strtoull(p, &end, 10);
	if (errno == ERANGE)
		return 0;
	if (!jiffies)
		unit = params_unit_ns(end, &n);
	if (!unit)
		n = 0;
	if (!unit && (isalnum((unsigned char)*end) || *end == '_'))
		return 0;
	if (unit && v > UINT64_MAX / (unsigned long long)unit)
		return 0;
	*out = unit ? v * unit : v;
	return end + n - p;
}

/**
 * params_parse() - one --param MONITOR.NAME=VALUE
 * @arg: the option's value
 * @out: the setting
 *
 * VALUE as params_value() reads it: jiffies for a NAME ending in _jiffies,
 * else a duration.
 *
 * Return: 0, or -1 when @arg is not of that form, or VALUE not a number
 * (with a unit of time but for jiffies) that fits 64 bits.
 */
int params_parse(const char *arg, struct param_setting *out)
{
	const char *dot = strchr(arg, '.'), *eq = strchr(arg, '=');
	size_t len;

	if (!dot || !eq || dot > eq || dot == arg || eq == dot + 1 ||
	    (size_t)(dot - arg) >= sizeof(out->monitor) ||
	    (size_t)(eq - dot - 1) >= sizeof(out->name))
		return -1;
	snprintf(out->monitor, sizeof(out->monitor), "%.*s", (int)(dot - arg), arg);
	snprintf(out->name, sizeof(out->name), "%.*s", (int)(eq - dot - 1), dot + 1);
	len = params_value(eq + 1, params_is_jiffies(out->name), &out->value);
	return len && !eq[1 + len] ? 0 : -1;
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
		if (params_is_jiffies(s->name) && s->value > PARAM_JIFFIES_MAX) {
			snprintf(err, TRACE_ERR_LEN, "--param %s.%s=%llu: more than %llu jiffies, "
				 "whose ns overflow 64 bits", s->monitor, s->name,
				 (unsigned long long)s->value, (unsigned long long)PARAM_JIFFIES_MAX);
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
