// SPDX-License-Identifier: GPL-2.0-only
/*
 * The text report's words for deterministic and hybrid automata (wwnr,
 * stall): the state a task was in and since when, a clock's run, and
 * what the kernel's monitor would have traced.
 */
#include <stdio.h>

#include "explain.h"
#include "report.h"

/* "preemptive since the preempt_enable at T, the CPU's instance" */
static void cpu_since(const struct report *rep, const struct verdict *v, char *buf, size_t len)
{
	char ts[32];

	char whose[32];

	if (v->global)
		snprintf(whose, sizeof(whose), "the global instance");
	else
		snprintf(whose, sizeof(whose), "CPU %d's instance", v->cpu);
	if (!v->entered.ts) {
		snprintf(buf, len, "%s (%s; entered before the trace)", explain_da_state(v), whose);
		return;
	}
	time_text(rep->replay->times, v->entered.ts, ts, sizeof(ts));
	snprintf(buf, len, "%s since the %s at %s (%s; the task named is the one it ran)",
		 explain_da_state(v), trace_kind_event(v->entered.by), ts, whose);
}

/* "running since its switch-in at T on CPU 0" */
static void da_since(const struct report *rep, const struct verdict *v, char *buf, size_t len)
{
	const struct task_switch *s = &v->last_switch;
	char ts[32];

	if (v->per_cpu) {
		cpu_since(rep, v, buf, len);
		return;
	}
	if (!s->ts) {
		snprintf(buf, len, "%s (no switch of it in the trace before)", explain_da_state(v));
		return;
	}
	time_text(rep->replay->times, s->ts, ts, sizeof(ts));
	snprintf(buf, len, "%s since its switch-%s at %s on CPU %d%s", explain_da_state(v),
		 s->in ? "in" : "out", ts, s->cpu,
		 s->inferred ? " (not recorded: taken at its next own record)" : "");
}

/* "enqueued since 4986.000100, when clk was reset: 4.210 s, bound 4 s" */
static void clock_since(const struct report *rep, const struct verdict *v, char *buf, size_t len)
{
	const struct verdict_clock *c = &v->clock;
	char ts[32], wait[32], bound[32];

	time_text(rep->replay->times, c->epoch_ns, ts, sizeof(ts));
	explain_duration(v->ts > c->epoch_ns ? v->ts - c->epoch_ns : 0, wait, sizeof(wait));
	explain_duration(c->bound_ns, bound, sizeof(bound));
	snprintf(buf, len, "%s since %s, when %s was reset: %s%s, bound %s", explain_da_state(v),
		 ts, c->name, wait, !v->at_end ? "" : v->at_cpu_end ? " at the end of its CPU's records" :
		 " at the end of the trace", bound);
}

/**
 * text_automaton_state() - a DA's or HA's verdict: the state, since when
 * @rep: the report (its time format)
 * @v: a CAUSE_UNEXPECTED or CAUSE_CONSTRAINT verdict
 * @buf: where to write
 * @len: its size
 */
void text_automaton_state(const struct report *rep, const struct verdict *v, char *buf,
			  size_t len)
{
	if (v->cause == CAUSE_CONSTRAINT)
		clock_since(rep, v, buf, len);
	else
		da_since(rep, v, buf, len);
}

/**
 * text_automaton_kernel() - what the kernel's monitor traces for a DA's or HA's verdict
 * @rep: the report
 * @v: a CAUSE_UNEXPECTED or CAUSE_CONSTRAINT verdict
 * @buf: where to write
 * @len: its size
 *
 * error_<monitor>, or for a clock error_env_<monitor>, which the kernel's
 * timer gives at the bound with the event "none" (a later event finds it
 * only if the timer fired late).
 */
void text_automaton_kernel(const struct report *rep, const struct verdict *v, char *buf,
			   size_t len)
{
	if (v->cause == CAUSE_UNEXPECTED) {
		snprintf(buf, len, "error_%s: event %s not expected in the state %s",
			 v->monitor->name, explain_da_event(v), explain_da_state(v));
		return;
	}
	snprintf(buf, len, "error_env_%s: event none not expected in the state %s with env "
		 "%s >= %llu%s (its timer, at the bound)", v->monitor->name, explain_da_state(v),
		 v->clock.name, (unsigned long long)v->clock.bound, v->clock.jiffies ? " jiffies" : " ns");
}

/**
 * text_automaton_params() - the parameters the monitors judged with, one line each
 * @rep: the report (its monitors and their values, the kernel's HZ)
 * @out: where to write
 *
 * "parameters: stall threshold_jiffies=1000 (4.000 s at HZ 250)", for a
 * monitor with parameters only.
 */
void text_automaton_params(const struct report *rep, FILE *out)
{
	const struct replay_options *o = rep->replay;
	char d[32];

	for (int i = 0; i < o->nr_monitors; i++) {
		const struct rv_monitor *m = o->monitors[i];

		for (int k = 0; k < RV_MAX_PARAMS && m->params[k].name; k++) {
			fprintf(out, "parameters: %s %s=%llu", m->name, m->params[k].name,
				(unsigned long long)o->param_values[i][k]);
			if (rv_monitor_needs_hz(m) && o->hz) {
				explain_duration(o->param_values[i][k] * 1000000000ULL / o->hz, d,
						 sizeof(d));
				fprintf(out, " (%s at HZ %u%s)", d, o->hz,
					o->hz_from_trace ? ", as the trace says" : "");
			}
			fprintf(out, "\n");
		}
	}
}
