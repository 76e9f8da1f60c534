// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pass 1: the live records and their triggers. Each live error and step
 * record is tied to the record it belongs to (diff.h's tie rule); our
 * module's enabled and disabled lines give the windows the live monitors
 * ran in; forks say which tasks the trace saw born.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff_local.h"
#include "grow.h"

static int monitor_index(const struct diff_options *opts, const char *name)
{
	for (int i = 0; i < opts->replay.nr_monitors; i++)
		if (!strcmp(opts->replay.monitors[i]->name, name))
			return i;
	return -1;
}

/* The latest record on this CPU that gives @m an event of @instance. */
static const struct diff_candidate *tie(struct diff_cpu_scan *c, const struct rv_monitor *m,
					int instance)
{
	for (unsigned int i = 0; i < c->count; i++) {
		unsigned int at = (c->head + DIFF_CANDIDATES - 1 - i) % DIFF_CANDIDATES;
		const struct diff_candidate *cand = &c->ring[at];

		if (diff_gives_to(cand, m, instance))
			return cand;
	}
	return NULL;
}

static void on_window_line(struct diff_scan *s, const struct trace_record *rec)
{
	struct diff_result *res = s->res;

	if (rec->print.marker.kind == TRACE_MARKER_KMOD_ENABLED) {
		if (grow_room(&res->windows, res->nr_windows, sizeof(*res->windows))) {
			s->oom = true;
			return;
		}
		res->windows[res->nr_windows++] = (struct diff_window){ rec->ts, UINT64_MAX };
	} else if (rec->print.marker.kind == TRACE_MARKER_KMOD_DISABLED && res->nr_windows) {
		res->windows[res->nr_windows - 1].to = rec->ts;
	}
}

/*
 * An rv:* record its probe wrote before the trace event's own, in the same
 * tracepoint call: the trigger is the next record of that call, the next
 * one written in the same context (task and interrupt level) on this CPU.
 * Records of interrupts that came in between are skipped; any other
 * record of the context means the call was over: no trigger after it.
 */
static void resolve_waiting(struct diff_scan *s, struct diff_cpu_scan *c,
			    const struct diff_candidate *cand)
{
	unsigned int kept = 0;

	for (unsigned int i = 0; i < c->nr_waiting; i++) {
		struct diff_live *l = &s->res->lives[c->waiting[i]];
		bool same = cand->pid == c->wait_pid[i] && cand->ctx == c->wait_ctx[i];

		if (same && diff_gives_to(cand, s->opts->replay.monitors[l->monitor], l->pid)) {
			l->has_next = true;
			l->next_at = cand->at;
			l->next_ref = cand->ref;
			l->next_kind = cand->kind;
		} else if (!same && ++c->since[i] < DIFF_NEXT_WINDOW) {
			c->since[kept] = c->since[i];
			c->wait_pid[kept] = c->wait_pid[i];
			c->wait_ctx[kept] = c->wait_ctx[i];
			c->waiting[kept++] = c->waiting[i];
		}
	}
	c->nr_waiting = kept;
}

static void add_candidate(struct diff_scan *s, struct diff_cpu_scan *c,
			  const struct trace_record *rec)
{
	struct diff_candidate *cand = &c->ring[c->head];

	cand->nr = diff_targets_of(rec, cand->t);
	if (!cand->nr)
		return;
	cand->at = diff_key_of(rec);
	cand->ref = rec->ref;
	cand->kind = rec->kind;
	cand->asleep = diff_switched_out_asleep(rec);
	cand->pid = rec->pid;
	cand->ctx = rec->flags & DIFF_CTX_BITS;
	c->head = (c->head + 1) % DIFF_CANDIDATES;
	if (c->count < DIFF_CANDIDATES)
		c->count++;
	if (c->nr_waiting)
		resolve_waiting(s, c, cand);
}

/*
 * How long after its trigger a record of our module came: at most, how
 * late its probe read its clock (it reads it before writing the record;
 * the kernel's rv:* probes may write theirs before the trigger's).
 */
static void note_delay(struct diff_scan *s, const struct trace_record *rec,
		       const struct diff_candidate *cand)
{
	if (cand && !strcmp(rec->rv.system, "rvreplay") && rec->ts >= cand->at.ts &&
	    rec->ts - cand->at.ts > s->res->live_delay_max)
		s->res->live_delay_max = rec->ts - cand->at.ts;
}

static void add_live_error(struct diff_scan *s, struct diff_cpu_scan *c,
			   const struct trace_record *rec, int m, const struct diff_candidate *cand)
{
	struct diff_result *res = s->res;
	struct diff_live *l;

	if (grow_room(&res->lives, res->nr_lives, sizeof(*l))) {
		s->oom = true;
		return;
	}
	l = &res->lives[res->nr_lives];
	memset(l, 0, sizeof(*l));
	l->monitor = m;
	l->pid = diff_instance_of_live(s->opts->replay.monitors[m], rec);
	l->timeout = diff_timeout(rec);
	snprintf(l->comm, sizeof(l->comm), "%s", rec->rv.task.comm);
	snprintf(l->system, sizeof(l->system), "%s", rec->rv.system);
	l->ref = rec->ref;
	l->ts = rec->ts;
	l->tied = cand != NULL;
	note_delay(s, rec, cand);
	l->at = cand ? cand->at : diff_key_of(rec);
	l->at_ref = cand ? cand->ref : rec->ref;
	l->at_kind = cand ? cand->kind : TRACE_OTHER;
	/* a clock that ran out: no record triggered it, none after it either */
	if (!strcmp(rec->rv.system, "rv") && !l->timeout) {
		if (c->nr_waiting >= DIFF_CANDIDATES ||
		    grow_room(&c->waiting, c->nr_waiting, sizeof(*c->waiting))) {
			s->oom |= c->nr_waiting < DIFF_CANDIDATES;
		} else {
			c->since[c->nr_waiting] = 0;
			c->wait_pid[c->nr_waiting] = rec->pid;
			c->wait_ctx[c->nr_waiting] = rec->flags & DIFF_CTX_BITS;
			c->waiting[c->nr_waiting++] = res->nr_lives;
		}
	}
	res->nr_lives++;
	res->live_errors++;
}

static void add_live_step(struct diff_scan *s, const struct trace_record *rec, int m,
			  const struct diff_candidate *cand)
{
	const struct rv_monitor *mon = s->opts->replay.monitors[m];
	struct diff_step *st;

	if (grow_room(&s->steps, s->nr_steps, sizeof(*st))) {
		s->oom = true;
		return;
	}
	st = &s->steps[s->nr_steps++];
	st->monitor = m;
	st->pid = diff_instance_of_live(mon, rec);
	st->at = cand ? cand->at : diff_key_of(rec);
	st->kind = cand ? cand->kind : TRACE_OTHER;
	st->asleep = cand && cand->asleep;
	st->seq = s->seq++;
	diff_parse_step(mon, rec, st);
	note_delay(s, rec, cand);
	s->res->live_steps++;
}

static int scan_record(void *data, const struct trace_record *rec)
{
	struct diff_scan *s = data;
	const struct diff_candidate *cand;
	struct diff_cpu_scan *c;
	int m;

	if (rec->cpu < 0 || rec->cpu >= s->nr_cpus)
		return 0;
	c = &s->cpus[rec->cpu];
	c->last_ts = rec->ts;
	switch (rec->kind) {
	case TRACE_PRINT:
		on_window_line(s, rec);
		break;
	case TRACE_FORK:
		if (grow_room(&s->born, s->nr_born, sizeof(*s->born)))
			s->oom = true;
		else
			s->born[s->nr_born++] = rec->fork.child.pid;
		add_candidate(s, c, rec);
		break;
	case TRACE_RV_EVENT:
	case TRACE_RV_ERROR:
		m = monitor_index(s->opts, rec->rv.monitor);
		if (m < 0) {
			s->res->foreign++;
			break;
		}
		if (!s->res->system)
			s->res->system = !strcmp(rec->rv.system, "rv") ? "rv" : "rvreplay";
		cand = tie(c, s->opts->replay.monitors[m],
			   diff_instance_of_live(s->opts->replay.monitors[m], rec));
		if (rec->kind == TRACE_RV_ERROR)
			add_live_error(s, c, rec, m, diff_timeout(rec) ? NULL : cand);
		else
			add_live_step(s, rec, m, cand);
		break;
	default:
		add_candidate(s, c, rec);
		break;
	}
	return s->oom ? -1 : 0;
}

/**
 * diff_scan_pass() - pass 1: read the live records of a trace
 * @in: the trace
 * @s: its opts and res set; gets the CPUs' state, the live steps, the tasks born
 * @err: TRACE_ERR_LEN bytes for the reason of a failure
 *
 * Return: 0, or -1 (unreadable trace, out of memory) with @err set.
 */
int diff_scan_pass(struct trace_input *in, struct diff_scan *s, char *err)
{
	s->nr_cpus = trace_input_meta(in)->cpus;
	s->cpus = calloc(s->nr_cpus > 0 ? s->nr_cpus : 1, sizeof(*s->cpus));
	if (!s->cpus) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	if (trace_input_iterate(in, scan_record, s) < 0 || s->oom) {
		snprintf(err, TRACE_ERR_LEN, "out of memory");
		return -1;
	}
	return 0;
}
