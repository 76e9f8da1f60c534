// SPDX-License-Identifier: GPL-2.0-only
/*
 * A comparison of baselines told (baseline.h): as text, a line per key,
 * or as one JSON object.
 */
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "baseline_local.h"
#include "escape.h"

static const char *const outcome_names[BASELINE_NR_OUTCOMES] = {
	[BASELINE_NEW]		= "new",
	[BASELINE_FIXED]	= "fixed",
	[BASELINE_UNCHANGED]	= "unchanged",
	[BASELINE_WAIVED]	= "waived",
};

/**
 * baseline_unjudged_why() - why a trace has no verdict to compare
 * @u: the trace
 *
 * Return: the error its line gives, or "absent from NEW".
 */
const char *baseline_unjudged_why(const struct baseline_unjudged *u)
{
	return u->absent ? "absent from NEW" : u->trace->error;
}

/* The file whose line names the trace: OLD for an absent one. */
static const char *unjudged_in(const struct baseline_unjudged *u)
{
	return u->in_new && !u->absent ? "new" : "old";
}

static void print_change(FILE *out, enum baseline_outcome o, const struct baseline_change *ch)
{
	char label[16], trace[ESCAPE_LEN(NAME_LEN)], monitor[ESCAPE_LEN(32)];
	char comm[ESCAPE_LEN(64)], reason[ESCAPE_LEN(32)];

	snprintf(label, sizeof(label), "%s:", outcome_names[o]);
	fprintf(out, "%-10s %s%s%s %s %s", label, escape(ch->trace, trace, sizeof(trace)),
		ch->trace[0] ? ": " : "", escape(ch->monitor, monitor, sizeof(monitor)),
		escape(ch->comm, comm, sizeof(comm)), escape(ch->reason, reason, sizeof(reason)));
	if (o == BASELINE_FIXED)
		fprintf(out, " (%lu)\n", ch->old);
	else if (o == BASELINE_NEW || ch->old == ch->new)
		fprintf(out, " (%lu)\n", ch->new);
	else
		fprintf(out, " (%lu, was %lu)\n", ch->new, ch->old);
}

static void print_unjudged(FILE *out, const struct baseline_unjudged *u)
{
	char path[ESCAPE_LEN(NAME_LEN)], why[ESCAPE_LEN(NAME_LEN)];

	fprintf(out, "%-10s %s in %s: %s\n", "unjudged:", escape(u->trace->path, path, sizeof(path)),
		u->in_new && !u->absent ? "NEW" : "OLD",
		escape(baseline_unjudged_why(u), why, sizeof(why)));
}

/**
 * baseline_print() - the comparison as text, one line per key
 * @c: the comparison
 * @out: where to
 *
 * "new:       sleep cyclictest sleep_reason (3)", the new keys first, then
 * fixed, unchanged, waived, the unjudged traces, and the counts of keys:
 * "compare: 1 new, 0 fixed, 2 unchanged, 0 waived".
 */
void baseline_print(const struct baseline_comparison *c, FILE *out)
{
	for (int o = 0; o < BASELINE_NR_OUTCOMES; o++)
		for (unsigned int i = 0; i < c->nr[o]; i++)
			print_change(out, o, &c->changes[o][i]);
	for (unsigned int i = 0; i < c->nr_unjudged; i++)
		print_unjudged(out, &c->unjudged[i]);
	fprintf(out, "compare: %u new, %u fixed, %u unchanged, %u waived", c->nr[BASELINE_NEW],
		c->nr[BASELINE_FIXED], c->nr[BASELINE_UNCHANGED], c->nr[BASELINE_WAIVED]);
	if (c->nr_unjudged)
		fprintf(out, ", %u unjudged", c->nr_unjudged);
	fputc('\n', out);
}

static json_t *change_json(const struct baseline_change *ch)
{
	return json_pack("{s:s, s:s, s:s, s:s, s:I, s:I}", "trace", ch->trace,
			 "monitor", ch->monitor, "comm", ch->comm, "reason", ch->reason,
			 "old", (json_int_t)ch->old, "new", (json_int_t)ch->new);
}

static json_t *unjudged_json(const struct baseline_unjudged *u)
{
	return json_pack("{s:s, s:s, s:s, s:o, s:b, s:s}", "trace", u->trace->name,
			 "path", u->trace->path, "in", unjudged_in(u),
			 "line", u->trace->line ? json_integer(u->trace->line) : json_null(),
			 "fails", u->in_new, "why", baseline_unjudged_why(u));
}

static json_t *changes_json(const struct baseline_change *changes, unsigned int nr)
{
	json_t *a = json_array();

	for (unsigned int i = 0; i < nr && a; i++) {
		if (json_array_append_new(a, change_json(&changes[i]))) {
			json_decref(a);
			a = NULL;
		}
	}
	return a;
}

static json_t *unjudged_array(const struct baseline_comparison *c)
{
	json_t *a = json_array();

	for (unsigned int i = 0; i < c->nr_unjudged && a; i++) {
		if (json_array_append_new(a, unjudged_json(&c->unjudged[i]))) {
			json_decref(a);
			a = NULL;
		}
	}
	return a;
}

/**
 * baseline_json() - the comparison as one JSON object
 * @c: the comparison
 *
 * {"new": [...], "fixed": [...], "unchanged": [...], "waived": [...],
 * "unjudged": [...]}: a key is {"trace", "monitor", "comm", "reason",
 * "old", "new"}; an unjudged trace {"trace", "path", "in" ("old" or
 * "new": the file whose line names it), "line", "fails", "why"}.
 *
 * Return: the object, or NULL when memory runs out.
 */
json_t *baseline_json(const struct baseline_comparison *c)
{
	json_t *o = json_object();
	int err = !o;

	for (int k = 0; k < BASELINE_NR_OUTCOMES; k++)
		err = err || json_object_set_new(o, outcome_names[k],
						 changes_json(c->changes[k], c->nr[k]));
	err = err || json_object_set_new(o, "unjudged", unjudged_array(c));
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/**
 * baseline_comparison_free() - free a comparison, leaving it empty
 * @c: the comparison
 */
void baseline_comparison_free(struct baseline_comparison *c)
{
	for (int o = 0; o < BASELINE_NR_OUTCOMES; o++)
		free(c->changes[o]);
	free(c->unjudged);
	memset(c, 0, sizeof(*c));
}
