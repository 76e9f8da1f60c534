// SPDX-License-Identifier: GPL-2.0-only
/*
 * A trace's report as JUnit test cases, for the test reporters of GitLab,
 * Jenkins and GitHub: a test case per monitor and real-time task, a
 * failure per violation group (its reason, and the group as the text
 * report tells it), a skip for an instance that had nothing to judge, was
 * never judged, or whose violations are all waived. The command layer
 * wraps them in a testsuite per trace (tests/junit/junit.xsd).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "report.h"

/*
 * Text already escaped (escape.h) as XML character data or an attribute
 * value: XML's specials as entities, and the two code points UTF-8 allows
 * and XML does not (U+FFFE, U+FFFF) as \xNN.
 */
static void xml_chars(FILE *out, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (p[0] == 0xef && p[1] == 0xbf && (p[2] == 0xbe || p[2] == 0xbf)) {
			fprintf(out, "\\xef\\xbf\\x%02x", p[2]);
			p += 2;
		} else if (*p == '&') {
			fputs("&amp;", out);
		} else if (*p == '<') {
			fputs("&lt;", out);
		} else if (*p == '>') {
			fputs("&gt;", out);
		} else if (*p == '"') {
			fputs("&quot;", out);
		} else {
			fputc(*p, out);
		}
	}
}

/**
 * report_xml_text() - text from a trace (hostile) as XML character data or
 *	an attribute value
 * @out: where to write
 * @s: the text, escaped as escape.h says, then as XML wants
 */
void report_xml_text(FILE *out, const char *s)
{
	char *e = escape_dup(s);

	xml_chars(out, e ? e : "?");
	free(e);
}

/* The group as the text report tells it, as the body of a failure. */
static void failure(struct report *rep, const struct verdict_group *g, FILE *out)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (mem) {
		report_text_group(rep, g, mem);
		fclose(mem);
	}
	fprintf(out, "      <failure type=\"%s\" message=\"", explain_cause_key(g->cause));
	report_xml_text(out, g->reason);
	fputs("\">", out);
	/* the report escaped the trace's text already */
	xml_chars(out, text ? text : "");
	fputs("</failure>\n", out);
	free(text);
}

static void case_open(FILE *out, const char *suite, const struct rv_monitor *m, const char *comm,
		      int pid)
{
	fprintf(out, "    <testcase classname=\"");
	report_xml_text(out, suite);
	fprintf(out, "\" name=\"%s: ", m->name);
	if (instance_is_cpu(pid)) {
		char name[32];

		fprintf(out, "%s\">\n", instance_name(pid, name, sizeof(name)));
		return;
	}
	report_xml_text(out, comm);
	fprintf(out, " pid %d\">\n", pid);
}

/* Monitor instances in the coverage's order (by pid, then monitor name). */
static int instance_cmp(int pid_a, const struct rv_monitor *a, int pid_b,
			const struct rv_monitor *b)
{
	return pid_a != pid_b ? (pid_a > pid_b) - (pid_a < pid_b) : strcmp(a->name, b->name);
}

/* The groups' indexes by instance, each instance's in the groups' order. */
struct by_instance {
	const struct verdict_group	*groups;
	unsigned int			*order;
	unsigned int			nr;
};

static int order_cmp(const void *a, const void *b, void *data)
{
	const struct verdict_group *g = data;
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;
	int c = instance_cmp(g[x].pid, g[x].monitor, g[y].pid, g[y].monitor);

	return c ? c : (x > y) - (x < y);
}

static int by_instance_init(struct by_instance *b, const struct verdict_groups *g)
{
	b->groups = g->groups;
	b->nr = g->nr;
	b->order = malloc((g->nr ? g->nr : 1) * sizeof(*b->order));
	if (!b->order)
		return -1;
	for (unsigned int i = 0; i < g->nr; i++)
		b->order[i] = i;
	if (g->nr)
		qsort_r(b->order, g->nr, sizeof(*b->order), order_cmp, (void *)g->groups);
	return 0;
}

/* The first position of the instance's groups in @b->order (b->nr: none). */
static unsigned int by_instance_find(const struct by_instance *b, const struct rv_monitor *m,
				     int pid)
{
	unsigned int lo = 0, hi = b->nr;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		const struct verdict_group *g = &b->groups[b->order[mid]];

		if (instance_cmp(g->pid, g->monitor, pid, m) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The failures of one monitor instance; its waived groups as one skip. */
static unsigned int instance_groups(struct report *rep, const struct by_instance *b,
				    const struct rv_monitor *m, int pid, FILE *out, bool *waived)
{
	unsigned int failures = 0;

	*waived = false;
	for (unsigned int k = by_instance_find(b, m, pid); k < b->nr; k++) {
		const struct verdict_group *g = &b->groups[b->order[k]];

		if (g->monitor != m || g->pid != pid)
			break;
		if (g->waiver) {
			*waived = true;
			continue;
		}
		failure(rep, g, out);
		failures++;
	}
	return failures;
}

static void one_case(struct report *rep, const struct by_instance *b, const char *suite,
		     const struct rv_monitor *m, const char *comm, int pid, const char *skip,
		     FILE *out, struct junit_counts *n)
{
	unsigned int failures;
	bool waived;

	case_open(out, suite, m, comm, pid);
	failures = instance_groups(rep, b, m, pid, out, &waived);
	if (!failures && (waived || skip)) {
		fputs("      <skipped message=\"", out);
		report_xml_text(out, waived ? "its violations are all waived (--waivers)" : skip);
		fputs("\"/>\n", out);
		n->skipped++;
	}
	fputs("    </testcase>\n", out);
	n->tests++;
	n->failures += failures;
}

/* Whether the coverage (sorted by instance) lists @g's instance. */
static bool covered(const struct report *rep, const struct verdict_group *g)
{
	unsigned int lo = 0, hi = rep->nr_coverage;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		const struct coverage *c = &rep->coverage[mid];
		int cmp = instance_cmp(c->pid, c->monitor, g->pid, g->monitor);

		if (!cmp)
			return true;
		if (cmp < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/**
 * report_junit_cases() - the test cases of a trace's report
 * @rep: the report, after report_end()
 * @suite: the test suite's name (the trace), the classname of each case
 * @out: where to write them
 * @n: the counts of tests, failures and skips written
 */
void report_junit_cases(struct report *rep, const char *suite, FILE *out, struct junit_counts *n)
{
	char why[EXPLAIN_LEN * 2];
	struct by_instance b;

	memset(n, 0, sizeof(*n));
	if (by_instance_init(&b, &rep->groups)) {
		rep->oom = true;
		return;
	}
	for (unsigned int i = 0; i < rep->nr_coverage; i++) {
		const struct coverage *c = &rep->coverage[i];
		enum coverage_class class = report_coverage_class(rep, c, why, sizeof(why));

		if (class == COVERAGE_NOT_ITS_KIND)
			continue;
		one_case(rep, &b, suite, c->monitor, c->comm, c->pid,
			 class == COVERAGE_NOTHING || class == COVERAGE_NEVER ? why : NULL, out, n);
	}
	/* violations of tasks the coverage does not list (filtered, or not RT at the end) */
	for (unsigned int i = 0; i < rep->groups.nr; i++) {
		const struct verdict_group *g = &rep->groups.groups[i];
		bool first = b.order[by_instance_find(&b, g->monitor, g->pid)] == i;

		if (first && !covered(rep, g))
			one_case(rep, &b, suite, g->monitor, g->comm, g->pid, NULL, out, n);
	}
	free(b.order);
}
