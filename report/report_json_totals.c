// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the whole trace adds up to in the JSON report: coverage, the
 * summary per task and monitor, the groups of violations and the
 * statistics per task, each written a member at a time; and the digest
 * and groups of a batch's JSON Lines line.
 */
#include <jansson.h>
#include <stdlib.h>

#include "explain.h"
#include "json_out.h"
#include "report.h"
#include "report_json_local.h"

/* "pid" and "cpu" of an instance (verdict_instance()): one of them null. */
static void json_instance(json_t *o, int instance)
{
	bool cpu = instance_is_cpu(instance) && instance != INSTANCE_GLOBAL;

	json_object_set_new(o, "pid", instance_is_cpu(instance) ? json_null() :
			    json_integer(instance));
	json_object_set_new(o, "cpu", cpu ? json_integer(instance_cpu(instance)) : json_null());
}

static json_t *coverage_object(const struct report *rep, const struct coverage *c)
{
	char why[EXPLAIN_LEN * 2];
	json_t *o = json_object();
	enum coverage_class class = report_coverage_class(rep, c, why, sizeof(why));

	json_object_set_new(o, "monitor", json_string(c->monitor->name));
	json_instance(o, c->pid);
	json_object_set_new(o, "comm", json_text(c->comm));
	json_object_set_new(o, "judged_from_ns", ns_or_null(c->started_ts));
	json_object_set_new(o, "kthread_unknown", json_boolean(c->kthread_unknown));
	json_object_set_new(o, "unknown_atoms", report_json_atoms(c->monitor, c->unknown_atoms));
	json_object_set_new(o, "unjudged_events", json_integer(c->unjudged));
	json_object_set_new(o, "class", json_string(explain_coverage_key(class)));
	json_object_set_new(o, "early_wakes", json_integer(c->early_wakes));
	json_object_set_new(o, "inferred_events", json_integer(c->inferred));
	json_object_set_new(o, "unsure_waits", json_integer(c->unsure));
	json_object_set_new(o, "cut_off_ns", c->cut_off ? ns_or_null(report_cpu_end(rep,
				c->cut_off_cpu)) : json_null());
	json_object_set_new(o, "cut_off_cpu", c->cut_off ? json_integer(c->cut_off_cpu) :
			    json_null());
	json_object_set_new(o, "why", json_string(why));
	return o;
}

/* The counts of the summary: violations, waived, by_monitor, set in @o. */
static void summary_counts(struct report *rep, json_t *o)
{
	json_t *by = json_object();

	json_object_set_new(o, "violations", json_integer(rep->violations));
	json_object_set_new(o, "violations_listed", json_integer(rep->listed));
	json_object_set_new(o, "violations_unlisted", json_integer(rep->unlisted));
	json_object_set_new(o, "violations_hidden", json_integer(rep->hidden));
	json_object_set_new(o, "waived", json_integer(rep->waived));
	json_object_set_new(o, "groups_unexplained", json_integer(rep->groups.unexplained));
	for (int i = 0; i < rep->replay->nr_monitors; i++)
		json_object_set_new(by, rep->replay->monitors[i]->name,
				    json_integer(rep->by_monitor[i]));
	json_object_set_new(o, "by_monitor", by);
}

/* Texts counted by name (text_pool.h), the most first: [{"reason", "count"}, ...]. */
static json_t *reasons_array(const struct text_count *counts, int nr)
{
	json_t *a = json_array();

	for (int k = 0; k < nr && counts[k].count; k++) {
		json_t *r = json_object();

		json_object_set_new(r, "reason", json_string(counts[k].text));
		json_object_set_new(r, "count", json_integer(counts[k].count));
		json_array_append_new(a, r);
	}
	return a;
}

static json_t *row_object(const struct summary_row *row)
{
	json_t *t = json_object();

	json_object_set_new(t, "monitor", json_string(row->monitor->name));
	json_instance(t, row->pid);
	json_object_set_new(t, "comm", json_text(row->comm));
	json_object_set_new(t, "was_comm", row->was_comm[0] ? json_text(row->was_comm) : json_null());
	json_object_set_new(t, "prio", row->prio == TRACE_UNKNOWN_PRIO ? json_null() :
			    json_integer(row->prio));
	json_object_set_new(t, "violations", json_integer(row->count));
	json_object_set_new(t, "first_ts_ns", json_integer(row->first));
	json_object_set_new(t, "last_ts_ns", json_integer(row->last));
	json_object_set_new(t, "reasons", reasons_array(row->reasons, REPORT_MAX_REASONS));
	return t;
}

/* The summary: its counts, then a row per task and monitor, one at a time. */
static void put_summary(struct report *rep, bool *failed)
{
	struct json_out o, tasks;
	const char *key;
	json_t *counts = json_object(), *value;

	summary_counts(rep, counts);
	json_out_open(&o, rep->opts.out, 0, true);
	json_object_foreach(counts, key, value)
		json_out_add(&o, key, json_incref(value));
	json_decref(counts);
	json_out_key(&o, "tasks");
	json_out_open(&tasks, rep->opts.out, 1, false);
	for (unsigned int i = 0; i < rep->nr_rows; i++)
		json_out_add(&tasks, NULL, row_object(&rep->rows[i]));
	json_out_close(&tasks);
	json_out_close(&o);
	*failed |= o.failed || tasks.failed;
}

/* A group's first or worst violation; null when the group was not kept in full. */
static json_t *group_instance(const struct verdict *v)
{
	json_t *o;

	if (!v)
		return json_null();
	o = json_object();
	json_object_set_new(o, "ts_ns", json_integer(v->ts));
	json_object_set_new(o, "cpu", json_integer(v->cpu));
	json_object_set_new(o, "latency_ns", ns_or_null(verdict_latency(v)));
	json_object_set_new(o, "slept_ns", ns_or_null(verdict_sleep(v)));
	return o;
}

static json_t *group_object(const struct report *rep, const struct verdict_group *g)
{
	static const char *const orders[] = { "time", "latency", "sleep", "count" };
	json_t *o = json_object();

	json_object_set_new(o, "monitor", json_string(g->monitor->name));
	json_instance(o, g->pid);
	json_object_set_new(o, "comm", json_text(g->comm));
	json_object_set_new(o, "was_comm", g->was_comm[0] ? json_text(g->was_comm) : json_null());
	json_object_set_new(o, "reason", json_string(explain_cause_key(g->cause)));
	json_object_set_new(o, "reason_detail", json_string(g->reason));
	json_object_set_new(o, "waived", json_boolean(g->waiver));
	json_object_set_new(o, "count", json_integer(g->count));
	json_object_set_new(o, "first_ts_ns", json_integer(g->first_ts));
	json_object_set_new(o, "last_ts_ns", json_integer(g->last_ts));
	json_object_set_new(o, "max_latency_ns", ns_or_null(g->max_latency));
	json_object_set_new(o, "max_slept_ns", ns_or_null(g->max_sleep));
	json_object_set_new(o, "first", group_instance(g->first));
	json_object_set_new(o, "worst", group_instance(g->worst));
	json_object_set_new(o, "explained", json_boolean(g->first));
	json_object_set_new(o, "order", json_string(orders[rep->opts.sort]));
	return o;
}

static json_t *hist_object(const struct stats_hist *h)
{
	static const char *const keys[NR_STATS_FIGURES] = {
		"min_ns", "avg_ns", "max_ns", "p50_below_ns", "p99_below_ns",
	};
	json_t *o = json_object(), *b = json_array();
	uint64_t fig[NR_STATS_FIGURES];

	json_object_set_new(o, "count", json_integer(h->count));
	if (h->count)
		stats_figures(h, fig);
	for (int i = 0; i < NR_STATS_FIGURES; i++)
		json_object_set_new(o, keys[i], h->count ? json_integer(fig[i]) : json_null());
	for (unsigned int k = 0; k < STATS_BUCKETS; k++)
		if (stats_bucket(h, k)) {
			json_t *e = json_object();

			json_object_set_new(e, "below_ns", json_integer(stats_bucket_top(k)));
			json_object_set_new(e, "count", json_integer(stats_bucket(h, k)));
			json_array_append_new(b, e);
		}
	json_object_set_new(o, "log2_buckets", b);
	return o;
}

static json_t *stats_object(const struct task_stats *t, bool judged)
{
	static const char *const kinds[NR_FAULT_KINDS] = {
		"user", "kernel", "read", "write", "not_present", "protection", "instruction",
	};
	json_t *o = json_object(), *faults = json_object();

	json_object_set_new(o, "pid", json_integer(t->pid));
	json_object_set_new(o, "comm", json_text(t->comm));
	json_object_set_new(o, "prio", t->prio == TRACE_UNKNOWN_PRIO ? json_null() :
			    json_integer(t->prio));
	json_object_set_new(o, "sleeps", json_integer(t->sleeps));
	json_object_set_new(o, "violating_sleeps", json_integer(t->violating));
	json_object_set_new(o, "sleeps_not_rt", json_integer(t->sleeps_not_rt));
	json_object_set_new(o, "sleeps_judged", json_boolean(judged));
	json_object_set_new(o, "sleep_reasons", reasons_array(t->reasons, STATS_REASONS));
	json_object_set_new(o, "slept", hist_object(&t->slept[0]));
	json_object_set_new(o, "slept_violating", hist_object(&t->slept[1]));
	json_object_set_new(o, "latency", hist_object(&t->latency[0]));
	json_object_set_new(o, "latency_violating", hist_object(&t->latency[1]));
	json_object_set_new(o, "page_faults", json_integer(t->faults));
	for (int k = 0; k < NR_FAULT_KINDS; k++)
		json_object_set_new(faults, kinds[k], json_integer(t->fault_kinds[k]));
	json_object_set_new(o, "page_fault_kinds", faults);
	return o;
}

/* The member @key of the report: an array of @nr elements, written one at a time. */
static void put_array(struct report *rep, const char *key, unsigned int nr,
		      json_t *(*element)(const struct report *rep, unsigned int i), bool *failed)
{
	struct json_out a;

	fprintf(rep->opts.out, ",\n  \"%s\": ", key);
	json_out_open(&a, rep->opts.out, 0, false);
	for (unsigned int i = 0; i < nr; i++)
		json_out_add(&a, NULL, element(rep, i));
	json_out_close(&a);
	*failed |= a.failed;
}

static json_t *coverage_element(const struct report *rep, unsigned int i)
{
	return coverage_object(rep, &rep->coverage[i]);
}

static json_t *group_element(const struct report *rep, unsigned int i)
{
	return group_object(rep, &rep->groups.groups[i]);
}

static json_t *stats_element(const struct report *rep, unsigned int i)
{
	return stats_object(&rep->stats.tasks[i], rep->stats.judged);
}

/* What the statistics cover: the tasks and the window of the filters, null when not narrowed. */
static json_t *stats_scope_object(const struct report *rep)
{
	const struct report_filter *f = &rep->filter;
	json_t *o = json_object(), *pids = json_array(), *comms = json_array();
	char text[1024];

	for (int i = 0; i < f->nr_pids; i++)
		json_array_append_new(pids, json_integer(f->pids[i]));
	for (int i = 0; i < f->nr_comms; i++)
		json_array_append_new(comms, json_text(f->comms[i]));
	json_object_set_new(o, "pids", f->nr_pids ? pids : (json_decref(pids), json_null()));
	json_object_set_new(o, "comms", f->nr_comms ? comms : (json_decref(comms), json_null()));
	json_object_set_new(o, "from_ns", f->from ? json_integer(f->from) : json_null());
	json_object_set_new(o, "to_ns", f->to != UINT64_MAX ? json_integer(f->to) : json_null());
	report_stats_scope(rep, text, sizeof(text));
	json_object_set_new(o, "text", json_string(text));
	return o;
}

/**
 * report_json_put_totals() - the report's members that need the whole trace:
 *	coverage, summary, groups, stats and stats_scope
 * @rep: the report, at its end
 * @failed: set when memory ran out and the text is not whole
 */
void report_json_put_totals(struct report *rep, bool *failed)
{
	put_array(rep, "coverage", rep->nr_coverage, coverage_element, failed);
	fprintf(rep->opts.out, ",\n  \"summary\": ");
	put_summary(rep, failed);
	put_array(rep, "groups", rep->groups.nr, group_element, failed);
	put_array(rep, "stats", rep->stats.nr, stats_element, failed);
	report_json_put(rep, "stats_scope", stats_scope_object(rep));
}

/* How many instances of each coverage class: {"judged": 3, "never_judged": 1, ...}. */
static json_t *coverage_counts(struct report *rep)
{
	char why[EXPLAIN_LEN * 2];
	json_t *o = json_object();

	for (unsigned int i = 0; i < rep->nr_coverage; i++) {
		const char *key = explain_coverage_key(report_coverage_class(rep, &rep->coverage[i],
										why, sizeof(why)));
		json_t *n = json_object_get(o, key);

		json_object_set_new(o, key, json_integer(n ? json_integer_value(n) + 1 : 1));
	}
	return o;
}

/**
 * report_json_digest() - what a JSON Lines line of a batch run says of a
 *	trace's report (rvreplay-json(5), JSON LINES): flat fields, the
 *	counts and the coverage classes; its groups come after them
 *	(report_json_groups())
 * @rep: the report, after report_end()
 * @stats: the replay's
 *
 * Return: a new object (NULL when memory runs out).
 */
json_t *report_json_digest(struct report *rep, const struct replay_stats *stats)
{
	const struct trace_meta *m = trace_input_meta(rep->in);
	json_t *o = json_object();

	json_object_set_new(o, "kernel", json_string(m->release));
	json_object_set_new(o, "arch", json_string(rep->opts.arch));
	json_object_set_new(o, "profile", json_string(rep->opts.profile));
	json_object_set_new(o, "cpus", json_integer(m->cpus));
	json_object_set_new(o, "events", json_integer(stats->counts.events));
	json_object_set_new(o, "first_ts_ns", json_integer(stats->first_ts));
	json_object_set_new(o, "last_ts_ns", json_integer(stats->last_ts));
	json_object_set_new(o, "duration_ns", json_integer(stats->last_ts - stats->first_ts));
	json_object_set_new(o, "lost_events", json_pack("{s:i}", "gaps", rep->nr_lost));
	summary_counts(rep, o);
	json_object_set_new(o, "coverage", coverage_counts(rep));
	return o;
}

/**
 * report_json_groups() - the groups of a JSON Lines line, as compact JSON
 *	text: an array, written a group at a time
 * @rep: the report, after report_end()
 * @out: where to write
 *
 * Return: 0, or -1 when memory runs out or @out fails.
 */
int report_json_groups(struct report *rep, FILE *out)
{
	bool failed = false;

	fputc('[', out);
	for (unsigned int i = 0; i < rep->groups.nr && !failed; i++) {
		json_t *g = group_object(rep, &rep->groups.groups[i]);
		char *text = g ? json_dumps(g, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;

		json_decref(g);
		failed = !text;
		fprintf(out, "%s%s", i ? "," : "", text ? text : "");
		free(text);
	}
	fputc(']', out);
	return failed || ferror(out) ? -1 : 0;
}
