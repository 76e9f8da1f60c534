// SPDX-License-Identifier: GPL-2.0-only
/*
 * A trace's report as JUnit test cases, for the test reporters of GitLab,
 * Jenkins and GitHub: a test case per monitor and real-time task, a
 * failure per violation group (its reason, and the group as the text
 * report tells it), a skip for an instance that had nothing to judge, was
 * never judged, or whose violations are all waived. The command layer
 * wraps them in a testsuite per trace (tests/junit/junit.xsd).
 */
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
	fprintf(out, "      <failure type=\"%s\" message=\"", explain_cause_key(g->worst->cause));
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
	report_xml_text(out, comm);
	fprintf(out, " pid %d\">\n", pid);
}

/* The failures of one monitor instance; its waived groups as one skip. */
static unsigned int instance_groups(struct report *rep, const struct rv_monitor *m, int pid,
				    FILE *out, bool *waived)
{
	unsigned int failures = 0;

	*waived = false;
	for (unsigned int i = 0; i < rep->groups.nr; i++) {
		const struct verdict_group *g = &rep->groups.groups[i];

		if (g->monitor != m || g->pid != pid)
			continue;
		if (g->waiver) {
			*waived = true;
			continue;
		}
		failure(rep, g, out);
		failures++;
	}
	return failures;
}

static void one_case(struct report *rep, const char *suite, const struct rv_monitor *m,
		     const char *comm, int pid, const char *skip, FILE *out,
		     struct junit_counts *n)
{
	unsigned int failures;
	bool waived;

	case_open(out, suite, m, comm, pid);
	failures = instance_groups(rep, m, pid, out, &waived);
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

static bool covered(const struct report *rep, const struct verdict_group *g)
{
	for (unsigned int i = 0; i < rep->nr_coverage; i++)
		if (rep->coverage[i].monitor == g->monitor && rep->coverage[i].pid == g->pid)
			return true;
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

	memset(n, 0, sizeof(*n));
	for (unsigned int i = 0; i < rep->nr_coverage; i++) {
		const struct coverage *c = &rep->coverage[i];
		enum coverage_class class = explain_coverage(c, rep->replay->strict_start, why,
							     sizeof(why));

		if (class == COVERAGE_NOT_ITS_KIND)
			continue;
		one_case(rep, suite, c->monitor, c->comm, c->pid,
			 class == COVERAGE_NOTHING || class == COVERAGE_NEVER ? why : NULL, out, n);
	}
	/* violations of tasks the coverage does not list (filtered, or not RT at the end) */
	for (unsigned int i = 0; i < rep->groups.nr; i++) {
		const struct verdict_group *g = &rep->groups.groups[i];
		bool first = true;

		for (unsigned int j = 0; j < i; j++)
			if (rep->groups.groups[j].monitor == g->monitor &&
			    rep->groups.groups[j].pid == g->pid)
				first = false;
		if (first && !covered(rep, g))
			one_case(rep, suite, g->monitor, g->worst->comm, g->pid, NULL, out, n);
	}
}
