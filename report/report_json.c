// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON report (schema in docs/rvreplay-json.md): the document and the
 * run it describes. Violations are streamed as they are found, so memory
 * does not grow with their number; the keys that need the whole trace
 * follow them. A violation's object is in report_json_verdict.c, the
 * counts of the whole trace in report_json_totals.c.
 */
#include <jansson.h>

#include "mutant.h"
#include "report.h"
#include "report_json_local.h"

/**
 * report_json_put() - a member of the report's top object, written and freed
 * @rep: the report
 * @key: the member's name
 * @value: its value, a new reference
 */
void report_json_put(struct report *rep, const char *key, json_t *value)
{
	fprintf(rep->opts.out, ",\n  \"%s\": ", key);
	json_dumpf(value, rep->opts.out, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
	json_decref(value);
}

static void json_begin(struct report *rep)
{
	fprintf(rep->opts.out, "{\n  \"rvreplay_version\": \"%s\",\n  \"violations\": [",
		RVREPLAY_VERSION);
}

static void json_verdict(struct report *rep, const struct verdict *v)
{
	json_t *o = report_json_verdict_object(rep, v);

	fprintf(rep->opts.out, "%s\n    ", rep->first_item ? "" : ",");
	rep->first_item = false;
	json_dumpf(o, rep->opts.out, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(o);
}

/**
 * report_json_put_line() - @o as one line of JSON Lines, flushed for a reader
 *	that follows the file
 * @o: the object, freed
 * @out: where the line goes
 *
 * Return: 0, or -1 when the line could not be written.
 */
int report_json_put_line(json_t *o, FILE *out)
{
	int ret = json_dumpf(o, out, JSON_COMPACT | JSON_PRESERVE_ORDER);

	json_decref(o);
	if (ret || fputc('\n', out) == EOF || fflush(out))
		return -1;
	return 0;
}

static json_t *trace_object(struct report *rep, const struct replay_stats *stats)
{
	const struct trace_meta *m = trace_input_meta(rep->in);
	json_t *o = json_object();

	json_object_set_new(o, "path", json_text(rep->opts.path));
	json_object_set_new(o, "arch", json_string(rep->opts.arch));
	json_object_set_new(o, "arch_evidence", rep->opts.arch_evidence[0] ?
			    json_string(rep->opts.arch_evidence) : json_null());
	json_object_set_new(o, "kernel", json_string(m->release));
	json_object_set_new(o, "uname", json_string(m->uname));
	json_object_set_new(o, "cpus", json_integer(m->cpus));
	json_object_set_new(o, "clock", json_string(m->clock));
	json_object_set_new(o, "format_version", json_integer(m->version));
	json_object_set_new(o, "buffer", json_string(m->buffer));
	json_object_set_new(o, "reader", json_string(trace_input_reader(rep->in) ==
						     TRACE_READER_FAST ? "fast" : "libtracecmd"));
	json_object_set_new(o, "events", json_integer(stats->counts.events));
	json_object_set_new(o, "first_ts_ns", json_integer(mutant_time(stats->first_ts)));
	json_object_set_new(o, "last_ts_ns", json_integer(mutant_time(stats->last_ts)));
	json_object_set_new(o, "tasks_seen", json_integer(stats->tasks_seen));
	json_object_set_new(o, "tasks_at_once", replay_frees_told(stats) ?
			    json_integer(stats->max_tasks) : json_null());
	return o;
}

/* A gap of lost events as lost_events lists it. */
static json_t *lost_object(const struct lost_gap *g)
{
	static const char *const where[] = { "mid", "start", "dropped", "damaged" };
	json_t *o = json_object();

	json_object_set_new(o, "cpu", json_integer(g->cpu));
	json_object_set_new(o, "ts_ns", json_integer(g->ts));
	json_object_set_new(o, "count", g->count < 0 ? json_null() : json_integer(g->count));
	json_object_set_new(o, "where", json_string(where[g->where]));
	json_object_set_new(o, "after_ts_ns", g->where == LOST_MID && g->after_ts ?
			    json_integer(g->after_ts) : json_null());
	if (g->where == LOST_DAMAGED) {
		json_object_set_new(o, "what", json_string(g->what));
		json_object_set_new(o, "offset", json_integer(g->offset));
	}
	return o;
}

static json_t *lost_array(struct report *rep)
{
	json_t *a = json_array();

	for (unsigned int i = 0; i < rep->nr_lost; i++)
		json_array_append_new(a, lost_object(&rep->lost[i]));
	return a;
}

/**
 * report_json_lost_line() - a gap of lost events as a line of JSON, flushed
 * @g: the gap
 * @out: where the line goes
 *
 * Return: 0, or -1 when the line could not be written.
 */
int report_json_lost_line(const struct lost_gap *g, FILE *out)
{
	json_t *o = lost_object(g);

	json_object_set_new(o, "type", json_string("lost"));
	return report_json_put_line(o, out);
}

static json_t *unavailable_array(struct report *rep)
{
	json_t *a = json_array();

	for (int i = 0; i < rep->opts.nr_unavailable; i++) {
		json_t *o = json_object();

		json_object_set_new(o, "monitor",
				    json_string(rep->opts.unavailable[i].monitor->name));
		json_object_set_new(o, "why", json_string(rep->opts.unavailable[i].why));
		json_array_append_new(a, o);
	}
	return a;
}

/* {"stall": {"threshold_jiffies": 1000}}: the parameters the monitors judged with. */
static json_t *parameters_object(const struct replay_options *o)
{
	json_t *all = json_object();

	for (int i = 0; i < o->nr_monitors; i++) {
		const struct rv_monitor *m = o->monitors[i];
		json_t *one;

		if (!m->params[0].name)
			continue;
		one = json_object();
		for (int k = 0; k < RV_MAX_PARAMS && m->params[k].name; k++)
			json_object_set_new(one, m->params[k].name,
					    json_integer((json_int_t)o->param_values[i][k]));
		json_object_set_new(all, m->name, one);
	}
	return all;
}

static void json_end(struct report *rep, const struct replay_stats *stats)
{
	json_t *monitors = json_array();
	bool failed = false;

	for (int i = 0; i < rep->replay->nr_monitors; i++)
		json_array_append_new(monitors, json_string(rep->replay->monitors[i]->name));
	fprintf(rep->opts.out, "%s]", rep->first_item ? "" : "\n  ");
	report_json_put(rep, "trace", trace_object(rep, stats));
	report_json_put(rep, "profile", json_string(rep->opts.profile));
	report_json_put(rep, "monitors", monitors);
	report_json_put(rep, "parameters", parameters_object(rep->replay));
	report_json_put(rep, "hz", rep->replay->hz ? json_integer(rep->replay->hz) : json_null());
	report_json_put(rep, "hz_from", !rep->replay->hz ? json_null() :
			json_string(rep->replay->hz_from_trace ? "trace" : "option"));
	report_json_put(rep, "unavailable_monitors", unavailable_array(rep));
	report_json_put(rep, "lost_events", lost_array(rep));
	report_json_put_totals(rep, &failed);
	fprintf(rep->opts.out, "\n}\n");
	rep->oom |= failed;
}

const struct report_format report_json = {
	.begin = json_begin,
	.verdict = json_verdict,
	.end = json_end,
};

/**
 * report_json_string() - a text (a file name: hostile) as a JSON string, escaped as reports do
 * @s: the text
 * @out: where it goes
 *
 * Return: 0, or -1.
 */
int report_json_string(const char *s, FILE *out)
{
	json_t *o = json_text(s);
	int ret = json_dumpf(o, out, JSON_ENCODE_ANY);

	json_decref(o);
	return ret;
}
