// SPDX-License-Identifier: GPL-2.0-only
/*
 * Whether a replay judged anything: a monitor that had real-time tasks
 * (not known kernel threads) to judge and judged none of them (their
 * system calls missing from the trace, say) has no verdict, and "0
 * violations" would be a false pass.
 */
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "explain.h"
#include "report.h"
#include "time_text.h"

/**
 * report_coverage_class() - how far an instance was judged, as the
 * report's options say (--strict-start, --ts)
 * @rep: the report
 * @c: the instance
 * @buf: where to write why
 * @len: its size
 *
 * Return: its class (explain_coverage()).
 */
enum coverage_class report_coverage_class(const struct report *rep, const struct coverage *c,
					  char *buf, size_t len)
{
	enum coverage_class class = explain_coverage(c, rep->replay->strict_start,
						     rep->replay->times, buf, len);
	size_t n = strlen(buf);
	char ts[32];

	if (c->cut_off && n < len)
		snprintf(buf + n, len - n, "; its clocks at the end not judged: CPU %d's records end "
			 "at %s (the trace holds none of its later events), before the task's last "
			 "record", c->cut_off_cpu, time_text(rep->replay->times,
							     report_cpu_end(rep, c->cut_off_cpu),
							     ts, sizeof(ts)));
	return class;
}

/**
 * report_cpu_end() - where a CPU's records end before the trace's
 * @rep: the report, its lost events all told
 * @cpu: the CPU
 *
 * Return: the time of its last record, as its gap of dropped events or
 * damaged data says; 0 when none says so.
 */
uint64_t report_cpu_end(const struct report *rep, int cpu)
{
	for (unsigned int i = 0; i < rep->nr_lost; i++)
		if (rep->lost[i].cpu == cpu &&
		    (rep->lost[i].where == LOST_DROPPED || rep->lost[i].where == LOST_DAMAGED))
			return rep->lost[i].ts;
	return 0;
}

/**
 * report_coverage_told() - whether a report lists an instance, not only counts it
 * @c: the instance
 * @class: its class
 * @all: --all: those with nothing to judge, or of a kind left out, too
 *
 * Return: true for the instances not judged, or not wholly, and any with
 * sleeps woken before they switched out.
 */
bool report_coverage_told(const struct coverage *c, enum coverage_class class, bool all)
{
	if (c->early_wakes && !c->monitor->every_task)
		return true;
	if (c->unsure || c->inferred || c->cut_off)
		return true;
	if (class == COVERAGE_NOTHING || class == COVERAGE_NOT_ITS_KIND)
		return all;
	return class != COVERAGE_JUDGED;
}

/**
 * report_coverage_rt_only() - whether every monitor of a report judges real-time tasks only
 * @rep: the report
 *
 * Return: true without a monitor of every task (wwnr) or of CPUs (wip):
 * the coverage is of real-time tasks.
 */
bool report_coverage_rt_only(const struct report *rep)
{
	for (int i = 0; i < rep->replay->nr_monitors; i++)
		if (rep->replay->monitors[i]->every_task ||
		    !rv_monitor_per_task(rep->replay->monitors[i]))
			return false;
	return true;
}

/**
 * report_coverage_counts() - the instances judged and not, in words
 * @rep: the report (its monitors)
 * @count: instances per class
 * @total: all of them
 * @buf: gets "3 of 4 monitor instances of real-time tasks were judged; 1
 *	 had nothing to judge", without a full stop
 * @len: its size
 */
void report_coverage_counts(const struct report *rep, const unsigned int count[COVERAGE_NEVER + 1],
			    unsigned int total, char *buf, size_t len)
{
	size_t n = snprintf(buf, len, "%u of %u monitor instances %swere judged",
			    count[COVERAGE_JUDGED] + count[COVERAGE_PARTLY], total,
			    report_coverage_rt_only(rep) ? "of real-time tasks " : "");

	if (count[COVERAGE_PARTLY] && n < len)
		n += snprintf(buf + n, len - n, " (%u in part)", count[COVERAGE_PARTLY]);
	if (count[COVERAGE_NOTHING] && n < len)
		n += snprintf(buf + n, len - n, "; %u had nothing to judge", count[COVERAGE_NOTHING]);
	if (count[COVERAGE_NOT_ITS_KIND] && n < len)
		snprintf(buf + n, len - n, "; %u are kernel threads a monitor of user threads "
			 "leaves out", count[COVERAGE_NOT_ITS_KIND]);
}

/*
 * Never judged as the kernel never judges it: a task real-time from its
 * first page fault (every atom known), whose pagefault instance never
 * starts (explain.c's never_judged()).
 */
static bool as_the_kernel(const struct coverage *c)
{
	return c->unjudged && !c->unknown_atoms;
}

/* Whether every instance of @m was never judged for want of the trace: one of them. */
static const struct coverage *none_judged(const struct report *rep, const struct rv_monitor *m,
					  char *why, size_t len, unsigned int *never)
{
	const struct coverage *first = NULL;
	char buf[EXPLAIN_LEN * 2];

	*never = 0;
	for (unsigned int i = 0; i < rep->nr_coverage; i++) {
		const struct coverage *c = &rep->coverage[i];
		enum coverage_class class;

		if (c->monitor != m)
			continue;
		class = report_coverage_class(rep, c, buf, sizeof(buf));
		if (class == COVERAGE_JUDGED || class == COVERAGE_PARTLY)
			return NULL;
		/*
		 * The kernel's own monitor would not have started either: no
		 * blind spot. Kernel threads (migration/N, rcu, allowlisted by
		 * sleep) are in every trace: a trace of them alone is no run,
		 * nor of tasks named as kernel threads are whose kind the
		 * trace does not tell (the coverage names each of them).
		 */
		if (class != COVERAGE_NEVER || as_the_kernel(c) || c->kthread ||
		    (c->kthread_unknown && c->comm_says_kthread))
			continue;
		if (!first) {
			first = c;
			snprintf(why, len, "%s", buf);
		}
		(*never)++;
	}
	return first;
}

/**
 * report_none_judged() - a monitor that judged none of its real-time tasks
 * @rep: the report, ended
 * @buf: gets "sleep judged none of the 2 real-time tasks it saw: pid 1234
 *	 (cyclictest): WHY"
 * @len: its size
 *
 * Instances with nothing to judge (no event of the monitor), of a kind
 * the monitor leaves out, or never started as the kernel's monitor never
 * starts do not count; one instance judged, even in part, is a verdict.
 *
 * Return: true when some monitor judged none.
 */
bool report_none_judged(const struct report *rep, char *buf, size_t len)
{
	char why[EXPLAIN_LEN * 2], comm[ESCAPE_LEN(TRACE_COMM_LEN)];
	unsigned int never;

	for (int i = 0; i < rep->replay->nr_monitors; i++) {
		const struct rv_monitor *m = rep->replay->monitors[i];
		const struct coverage *c = none_judged(rep, m, why, sizeof(why), &never);

		if (!c)
			continue;
		snprintf(buf, len, "%s judged none of the %u real-time task%s it saw: pid %d (%s) %s",
			 m->name, never, never == 1 ? "" : "s", c->pid,
			 escape(c->comm, comm, sizeof(comm)), why);
		return true;
	}
	return false;
}
