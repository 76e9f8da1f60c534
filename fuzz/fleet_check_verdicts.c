// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet harness's checks of what judges verdicts (fleet_check.h): the
 * waiver file loaded as its model wrote it (or refused at the model's
 * line), each waiver waiving the violation it names; baselines loaded as
 * written, compared with themselves and each other, and rvreplay compare's
 * exit code.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "explain.h"
#include "fleet_check.h"
#include "monitor.h"
#include "verdict.h"
#include "waivers.h"

/* ---- waivers */

static void same_waiver(const struct waiver *got, const struct wanted_waiver *w)
{
	CHECK(got->line == w->line, "waiver of line %u read at line %u", w->line, got->line);
	CHECK(!strcmp(got->monitor, w->monitor) && !strcmp(got->reason, w->reason),
	      "line %u: monitor/reason '%s'/'%s' read as '%s'/'%s'", w->line, w->monitor,
	      w->reason, got->monitor, got->reason);
	CHECK(!strcmp(got->comm, w->comm) && !strcmp(got->detail, w->detail) &&
	      !strcmp(got->trace, w->trace) && !strcmp(got->why, w->why),
	      "line %u: a string read otherwise than written: comm '%s', why '%s'", w->line,
	      got->comm, got->why);
	CHECK(got->pid == w->pid && got->from == w->from && got->to == w->to,
	      "line %u: pid %d from %llu to %llu read as %d %llu %llu", w->line, w->pid,
	      (unsigned long long)w->from, (unsigned long long)w->to, got->pid,
	      (unsigned long long)got->from, (unsigned long long)got->to);
	CHECK(!strcmp(got->expires, w->expires), "line %u: expires %s read as %s", w->line,
	      w->expires, got->expires);
	CHECK(got->expired == (got->expires[0] && strcmp(got->expires, TODAY) < 0),
	      "line %u: expires %s, expired %d on %s", w->line, got->expires, got->expired, TODAY);
}

static const struct rv_monitor *monitor_named(const char *name)
{
	for (int i = 0; rv_monitor_list[i]; i++)
		if (!strcmp(rv_monitor_list[i]->name, name))
			return rv_monitor_list[i];
	return NULL;
}

static enum verdict_cause cause_named(const char *reason)
{
	for (int c = CAUSE_SLEEP_REASON; c <= CAUSE_OTHER; c++)
		if (!strcmp(explain_cause_key(c), reason))
			return c;
	return CAUSE_OTHER;
}

/* The violation a waiver describes, by the samples its patterns match: waived. */
static void waives_its_own(struct waivers *ws, const struct wanted_waiver *w)
{
	struct verdict *v = calloc(1, sizeof(*v));
	struct waiver *got;
	bool expired = w->expires[0] && strcmp(w->expires, TODAY) < 0;

	if (!v)
		abort();
	v->monitor = monitor_named(w->monitor);
	v->pid = w->pid >= 0 ? w->pid : 4242;
	v->ts = w->from;
	v->cause = cause_named(w->reason);
	got = waivers_match(ws, v, w->comm_sample, w->detail_sample ? w->detail_sample : "any",
			    w->trace_sample ? w->trace_sample : "t.dat");
	CHECK(got || expired, "the waiver of line %u does not waive the violation it names "
	      "(comm '%s')", w->line, w->comm_sample);
	CHECK(!got || !got->expired, "an expired waiver (line %u) waived", got ? got->line : 0);
	free(v);
}

/**
 * fleet_check_waivers - the waiver file loaded as its model says, each waiving its own
 * @f: the run: its waiver file and model
 */
void fleet_check_waivers(const struct fleet *f)
{
	const struct waiver_model *m = &f->waivers;
	char err[ERR_LEN] = "", prefix[160];
	struct waivers ws;
	int ret = waivers_load(fleet_files.waivers, TODAY, NULL, 0, &ws, err, sizeof(err));

	if (m->known && !m->first_error) {
		CHECK(!ret, "a waiver file the model takes refused: %s", err);
		CHECK(ws.nr == m->nr, "%u waivers read, %u written", ws.nr, m->nr);
		for (unsigned int i = 0; i < ws.nr; i++)
			same_waiver(&ws.list[i], &m->want[i]);
		for (unsigned int i = 0; i < ws.nr; i++)
			waives_its_own(&ws, &m->want[i]);
	} else if (m->known) {
		snprintf(prefix, sizeof(prefix), "%s:%u:", fleet_files.waivers, m->first_error);
		if (!ret || !starts_with(err, prefix)) {
			fleet_fail("a waiver file the model refuses at line %u%s: %s", m->first_error,
			     m->lax_date ? " (a date with a sign or a blank)" : "",
			     ret ? err : "taken");
		}
	}
	if (ret)
		CHECK(starts_with(err, fleet_files.waivers), "an error that names no file: '%s'", err);
	for (unsigned int i = 0; !ret && i < ws.nr; i++)
		CHECK(ws.list[i].from <= ws.list[i].to, "line %u: from after to", ws.list[i].line);
	if (!ret)
		waivers_free(&ws);
	/* a folder is no waiver file: it must be refused, as baseline_load() refuses one */
	if (f->flags & 0x20) {
		ret = waivers_load(fleet_files.base, TODAY, NULL, 0, &ws, err, sizeof(err));
		if (!ret) {
			waivers_free(&ws);
			fleet_fail("a folder taken for a file of no waiver: %s", fleet_files.base);
		}
	}
}

/* ---- the baselines */

/* Whether the model says the file must load. */
static bool must_load(const struct baseline_model *b)
{
	return b->valid && b->objects && (!b->report || b->objects == 1);
}

static void same_baseline(const struct baseline *got, const struct baseline_model *m,
			  const char *path)
{
	unsigned __int128 count = 0, waived = 0;
	unsigned int errors = 0;

	for (unsigned int i = 0; i < got->nr_keys; i++) {
		count += got->keys[i].count;
		waived += got->keys[i].waived;
	}
	for (unsigned int i = 0; i < got->nr_traces; i++)
		errors += got->traces[i].error != NULL;
	CHECK(got->nr_traces == m->traces && errors == m->errors,
	      "%s: %u traces (%u not judged) read; %u (%u) written", path, got->nr_traces, errors,
	      m->traces, m->errors);
	CHECK((m->overflow || got->nr_keys >= m->distinct) && got->nr_keys <= m->groups,
	      "%s: %u keys read of %u groups, %u keys apart", path, got->nr_keys, m->groups,
	      m->distinct);
	/* exact while no key's sum is held at 2^63 - 1, JSON's largest integer */
	if (m->count < LLONG_MAX && m->waived < LLONG_MAX)
		CHECK(count == m->count && waived == m->waived,
		      "%s: counts read otherwise than written", path);
	CHECK(got->kind == (m->report ? BASELINE_REPORT : BASELINE_LINES), "%s: read as kind %d",
	      path, got->kind);
}

static int load(const char *path, const struct baseline_model *m, struct baseline *b)
{
	char err[BASELINE_ERR_LEN] = "";
	int ret = baseline_load(path, b, err, sizeof(err));

	if (m->known && must_load(m))
		CHECK(!ret, "%s: a baseline the model takes refused: %s", path, err);
	else if (m->known)
		CHECK(ret, "%s: a baseline the model refuses taken", path);
	CHECK(!ret || err[0], "%s: refused without a word", path);
	if (!ret && m->known && must_load(m))
		same_baseline(b, m, path);
	return ret;
}

/* Counts of JSON: never negative, whatever the sums. */
static void json_counts(const struct baseline_comparison *c)
{
	static const char *const outcomes[] = { "new", "fixed", "unchanged", "waived" };
	json_t *o = baseline_json(c), *a, *e;
	size_t i;

	CHECK(o, "baseline_json() failed");
	for (size_t k = 0; k < 4; k++) {
		a = json_object_get(o, outcomes[k]);
		CHECK(json_array_size(a) == c->nr[k], "JSON %s: %zu, the comparison %u",
		      outcomes[k], json_array_size(a), c->nr[k]);
		json_array_foreach(a, i, e) {
			CHECK(json_integer_value(json_object_get(e, "old")) >= 0 &&
			      json_integer_value(json_object_get(e, "new")) >= 0,
			      "JSON %s: a negative count", outcomes[k]);
		}
	}
	CHECK(json_array_size(json_object_get(o, "unjudged")) == c->nr_unjudged, "JSON unjudged");
	json_decref(o);
}

/* The text: one line a key and a trace, and the counts; no text of a file forges a line. */
static void text_lines(const struct baseline_comparison *c)
{
	char *text = NULL;
	size_t len = 0, lines = 0, want = c->nr_unjudged + 1;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		abort();
	baseline_print(c, mem);
	fclose(mem);
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	for (int o = 0; o < BASELINE_NR_OUTCOMES; o++)
		want += c->nr[o];
	CHECK(lines == want, "the comparison in %zu lines, not %zu", lines, want);
	free(text);
}

/* What holds of every comparison: each outcome's counts, NEW's counts kept. */
static void comparison_shape(const struct baseline *new, const struct baseline_comparison *c)
{
	unsigned __int128 count = 0, waived = 0, got_count = 0, got_waived = 0;
	unsigned int unjudged = 0;

	for (unsigned int i = 0; i < c->nr[BASELINE_NEW]; i++)
		CHECK(!c->changes[BASELINE_NEW][i].old && c->changes[BASELINE_NEW][i].new,
		      "a new key with counts %lu, %lu", c->changes[BASELINE_NEW][i].old,
		      c->changes[BASELINE_NEW][i].new);
	for (unsigned int i = 0; i < c->nr[BASELINE_FIXED]; i++)
		CHECK(c->changes[BASELINE_FIXED][i].old && !c->changes[BASELINE_FIXED][i].new,
		      "a fixed key with counts %lu, %lu", c->changes[BASELINE_FIXED][i].old,
		      c->changes[BASELINE_FIXED][i].new);
	for (unsigned int i = 0; i < c->nr[BASELINE_UNCHANGED]; i++) {
		const struct baseline_change *ch = &c->changes[BASELINE_UNCHANGED][i];

		CHECK(ch->old && ch->new, "an unchanged key with a count 0");
	}
	for (unsigned int i = 0; i < new->nr_keys; i++) {
		count += new->keys[i].count;
		waived += new->keys[i].waived;
	}
	for (unsigned int i = 0; i < c->nr[BASELINE_NEW]; i++)
		got_count += c->changes[BASELINE_NEW][i].new;
	for (unsigned int i = 0; i < c->nr[BASELINE_UNCHANGED]; i++)
		got_count += c->changes[BASELINE_UNCHANGED][i].new;
	for (unsigned int i = 0; i < c->nr[BASELINE_WAIVED]; i++)
		got_waived += c->changes[BASELINE_WAIVED][i].new;
	/* exact while no key's sum reaches 2^63 - 1, where it is held */
	if (count < LLONG_MAX && waived < LLONG_MAX)
		CHECK(got_count == count && got_waived == waived,
		      "NEW's violations counted otherwise in the comparison");
	for (unsigned int i = 0; i < c->nr_unjudged; i++)
		unjudged += c->unjudged[i].in_new;
	CHECK(unjudged == c->nr_failing, "%u unjudged in NEW, %u failing", unjudged, c->nr_failing);
	json_counts(c);
	text_lines(c);
}

static int compare(const struct baseline *old, const struct baseline *new,
		   struct baseline_comparison *c)
{
	memset(c, 0, sizeof(*c));
	CHECK(!baseline_compare(old, new, c), "baseline_compare() failed");
	comparison_shape(new, c);
	return c->nr_failing ? EXIT_ERROR : c->nr[BASELINE_NEW] ? EXIT_VIOLATIONS : EXIT_CLEAN;
}

/**
 * fleet_against_itself - a baseline compared with itself: nothing new, nothing fixed
 * @b: the baseline
 * @path: its file, for the messages
 *
 * Its unjudged traces must be the comparison's failing ones.
 */
void fleet_against_itself(const struct baseline *b, const char *path)
{
	struct baseline_comparison c;
	unsigned int errors = 0;

	compare(b, b, &c);
	for (unsigned int i = 0; i < b->nr_traces; i++)
		errors += b->traces[i].error != NULL;
	CHECK(!c.nr[BASELINE_NEW] && !c.nr[BASELINE_FIXED], "%s against itself: %u new, %u fixed",
	      path, c.nr[BASELINE_NEW], c.nr[BASELINE_FIXED]);
	CHECK(c.nr_failing == errors, "%s against itself: %u failing, %u not judged", path,
	      c.nr_failing, errors);
	baseline_comparison_free(&c);
}

/* rvreplay compare [--json|-q] A B in this process: the exit code the library gives. */
static void compare_command(const struct fleet *f, int want)
{
	char *argv[6];
	int argc = 0, ret;

	argv[argc++] = "compare";
	switch (f->more >> 1 & 3) {
	case 1: argv[argc++] = "--json"; break;
	case 2: argv[argc++] = "-q"; break;
	case 3: argv[argc++] = "--bogus"; want = EXIT_ERROR; break;
	default: break;
	}
	argv[argc++] = fleet_files.a;
	argv[argc++] = fleet_files.b;
	argv[argc] = NULL;
	ret = cmd_compare(argc, argv);
	cmd_quiet = false;
	CHECK(ret == want, "rvreplay compare exit %d, the comparison says %d", ret, want);
}

/**
 * fleet_check_baselines - baselines A and B loaded as written, compared, and by rvreplay compare
 * @f: the run: its baselines and their models
 */
void fleet_check_baselines(const struct fleet *f)
{
	struct baseline a, b;
	struct baseline_comparison c;
	char err[BASELINE_ERR_LEN];
	int ra = load(fleet_files.a, &f->a, &a), rb = load(fleet_files.b, &f->b, &b), want = EXIT_ERROR;

	if (!ra)
		fleet_against_itself(&a, fleet_files.a);
	if (!rb)
		fleet_against_itself(&b, fleet_files.b);
	if (!ra && !rb && !baseline_resolve_single(&a, &b, err, sizeof(err))) {
		want = compare(&a, &b, &c);
		baseline_comparison_free(&c);
		compare(&b, &a, &c);
		baseline_comparison_free(&c);
		fleet_against_itself(&a, fleet_files.a);
	}
	compare_command(f, want);
	if (!ra)
		baseline_free(&a);
	if (!rb)
		baseline_free(&b);
}

