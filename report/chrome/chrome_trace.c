// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Chrome trace export (chrome_trace.h): the header, the records'
 * pass (CPU runs, real-time tasks' states, wakeup flows), the end.
 */
#include <stdlib.h>
#include <string.h>

#include "cpu_history.h"
#include "escape.h"
#include "explain.h"
#include "chrome_local.h"

/* An inferred run's slice says so: its name, and why in its args. */
#define INFERRED_WHY	"switch-in not recorded: from its next own record"

static int cpu_tid(int cpu)
{
	return CHROME_CPUS_PID + 1 + cpu;
}

static bool is_rt(int prio)
{
	return prio != TRACE_UNKNOWN_PRIO && prio < 100;	/* deadline: -1 */
}

static bool emitting(const struct chrome_trace *c)
{
	return c->started && !c->done;
}

static void cpu_names(struct chrome_trace *c)
{
	char name[32];

	chrome_event(c, 'M', CHROME_CPUS_PID, cpu_tid(0), 0);
	chrome_str(c, "name", "process_name");
	fprintf(c->f, ",\"args\":{\"name\":\"CPUs\"}}");
	chrome_event(c, 'M', CHROME_CPUS_PID, cpu_tid(0), 0);
	chrome_str(c, "name", "process_sort_index");
	fprintf(c->f, ",\"args\":{\"sort_index\":-1}}");
	for (int cpu = 0; cpu < c->cpus; cpu++) {
		snprintf(name, sizeof(name), "CPU %d", cpu);
		chrome_event(c, 'M', CHROME_CPUS_PID, cpu_tid(cpu), 0);
		chrome_str(c, "name", "thread_name");
		fprintf(c->f, ",\"args\":{\"name\":\"%s\"}}", name);
		chrome_event(c, 'M', CHROME_CPUS_PID, cpu_tid(cpu), 0);
		chrome_str(c, "name", "thread_sort_index");
		fprintf(c->f, ",\"args\":{\"sort_index\":%d}}", cpu);
	}
}

/**
 * chrome_new() - start a Chrome trace: its header and the CPUs' names
 * @out: where
 * @opts: the report's options (the trace's path, its architecture)
 * @in: the trace
 * @from: the first ns exported (--from)
 * @to: the last (--to; UINT64_MAX: the end)
 *
 * Return: the export, or NULL when memory runs out.
 */
struct chrome_trace *chrome_new(FILE *out, const struct report_options *opts,
				struct trace_input *in, uint64_t from, uint64_t to)
{
	struct chrome_trace *c = calloc(1, sizeof(*c));
	char path[ESCAPE_LEN(256)];

	if (!c)
		return NULL;
	c->f = out;
	c->in = in;
	c->arch = opts->arch;
	c->from = from;
	c->to = to;
	c->max_bytes = opts->chrome_max;
	c->cpus = trace_input_meta(in)->cpus;
	c->cpu = calloc(c->cpus + 1, sizeof(*c->cpu));
	if (!c->cpu) {
		free(c);
		return NULL;
	}
	c->first = true;
	fprintf(out, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"rvreplay %s\"",
		RVREPLAY_VERSION);
	chrome_str(c, "trace", escape(opts->path, path, sizeof(path)));
	chrome_str(c, "profile", opts->profile);
	fprintf(out, "},\"traceEvents\":[");
	cpu_names(c);
	return c;
}

/* ---- the CPUs' tracks ---- */

static void cpu_begin(struct chrome_trace *c, int cpu, uint64_t ts)
{
	const struct cpu_now *now = &c->cpu[cpu];
	char name[TRACE_COMM_LEN + 16];

	if (!emitting(c) || !now->known || !now->pid)
		return;
	chrome_event(c, 'B', CHROME_CPUS_PID, cpu_tid(cpu), ts);
	fprintf(c->f, ",\"cat\":\"sched\"");
	snprintf(name, sizeof(name), "%s%s", now->comm[0] ? now->comm : "?",
		 now->inferred ? " (inferred)" : "");
	chrome_trace_str(c, "name", name);
	fprintf(c->f, ",\"args\":{\"pid\":%d,\"prio\":", now->pid);
	if (now->prio == TRACE_UNKNOWN_PRIO)
		fprintf(c->f, "null");
	else
		fprintf(c->f, "%d", now->prio);
	fprintf(c->f, ",\"real_time\":%s", is_rt(now->prio) ? "true" : "false");
	if (now->inferred)
		chrome_str(c, "inferred", INFERRED_WHY);
	fprintf(c->f, "}}");
}

static void cpu_end(struct chrome_trace *c, int cpu, uint64_t ts)
{
	const struct cpu_now *now = &c->cpu[cpu];

	if (!emitting(c) || !now->known || !now->pid)
		return;
	chrome_event(c, 'E', CHROME_CPUS_PID, cpu_tid(cpu), ts);
	fputc('}', c->f);
}

/* The first record of a CPU tells who runs there, its name from the saved cmdlines. */
static void cpu_seen(struct chrome_trace *c, const struct trace_record *rec)
{
	if (cpu_now_first(&c->cpu[rec->cpu], rec, c->in))
		cpu_begin(c, rec->cpu, rec->ts);
}

/* ---- the real-time tasks' tracks ---- */

static void state_begin(struct chrome_trace *c, struct chrome_task *t, uint64_t ts)
{
	char words[EXPLAIN_LEN + 32], sys[EXPLAIN_LEN];

	if (!emitting(c) || !t->track || t->state == CS_NONE)
		return;
	if (t->state == CS_SLEEPING) {
		explain_syscall(&t->slept_in, c->arch, sys, sizeof(sys));
		snprintf(words, sizeof(words), "sleeping in %s", sys);
	} else if (t->state == CS_RUNNABLE) {
		snprintf(words, sizeof(words), "runnable");
	} else {
		snprintf(words, sizeof(words), "running on CPU %d%s", t->cpu,
			 t->inferred ? " (inferred)" : "");
	}
	chrome_event(c, 'B', t->pid, t->pid, ts);
	fprintf(c->f, ",\"cat\":\"state\"");
	chrome_str(c, "name", words);
	if (t->state == CS_RUNNING && t->inferred)
		fprintf(c->f, ",\"args\":{\"inferred\":\"" INFERRED_WHY "\"}");
	fputc('}', c->f);
}

static void state_end(struct chrome_trace *c, struct chrome_task *t, uint64_t ts)
{
	if (!emitting(c) || !t->track || t->state == CS_NONE)
		return;
	chrome_event(c, 'E', t->pid, t->pid, ts);
	fputc('}', c->f);
}

static void state_set(struct chrome_trace *c, struct chrome_task *t, enum chrome_state state,
		      uint64_t ts)
{
	state_end(c, t, ts);
	t->state = state;
	state_begin(c, t, ts);
}

/* A task real-time at a switch gets a track; kept if its priority drops. */
static struct chrome_task *task_seen(struct chrome_trace *c, const struct trace_task_ref *ref)
{
	struct chrome_task *t = chrome_task(c, ref->pid, is_rt(ref->prio));

	if (!t)
		return NULL;
	memcpy(t->comm, ref->comm, sizeof(t->comm));
	t->prio = ref->prio;
	if (!t->track && is_rt(ref->prio)) {
		t->track = true;
		t->state = CS_NONE;	/* its track starts with its next state */
		chrome_name_task(c, t);
	}
	return t;
}

static enum chrome_state switched_out(long prev_state)
{
	static const enum chrome_state state[] = {
		[CPU_LEFT_RUNNABLE] = CS_RUNNABLE, [CPU_LEFT_SLEEPING] = CS_SLEEPING,
		[CPU_LEFT_EXITED] = CS_NONE,
	};

	return state[cpu_now_left(prev_state)];
}

static void on_switch(struct chrome_trace *c, const struct trace_record *rec)
{
	struct chrome_task *prev = rec->sw.prev.pid ? task_seen(c, &rec->sw.prev) : NULL;
	struct chrome_task *next = rec->sw.next.pid ? task_seen(c, &rec->sw.next) : NULL;

	cpu_end(c, rec->cpu, rec->ts);
	cpu_now_switch(&c->cpu[rec->cpu], rec);
	cpu_begin(c, rec->cpu, rec->ts);
	if (prev) {
		prev->slept_in = prev->sys;
		prev->switched_out = true;
		state_set(c, prev, switched_out(rec->sw.prev_state), rec->ts);
	}
	if (next) {
		next->cpu = rec->cpu;
		next->inferred = false;
		next->switched_out = false;
		state_set(c, next, CS_RUNNING, rec->ts);
	}
}

/*
 * A record of a task switched out and not switched in since: it runs, its
 * switch-in not recorded, as the text and the monitors infer it
 * (switch_in_missed()); its CPU too, when its track showed another or idle.
 */
static void infer_run(struct chrome_trace *c, const struct trace_record *rec)
{
	struct cpu_now *now = &c->cpu[rec->cpu];
	struct chrome_task *t = rec->pid > 0 ? chrome_task(c, rec->pid, false) : NULL;

	if (t && t->switched_out && switch_in_missed(rec, now->switched_in)) {
		t->cpu = rec->cpu;
		t->inferred = true;
		t->switched_out = false;
		state_set(c, t, CS_RUNNING, rec->ts);
	}
	if (cpu_now_missed(now, rec)) {
		struct trace_task_ref known = { .pid = -1 };

		if (t && t->comm[0]) {
			known.pid = t->pid;
			known.prio = t->prio;
			memcpy(known.comm, t->comm, sizeof(known.comm));
		}
		cpu_end(c, rec->cpu, rec->ts);
		cpu_now_infer(now, rec, &known, c->in);
		cpu_begin(c, rec->cpu, rec->ts);
	}
}

/*
 * A waking of a sleeping real-time task: a flow starts in the waker's
 * slice on its CPU; an interrupt (or an idle CPU) gets a slice of its own,
 * of no length, for the flow to start from.
 */
static void on_waking(struct chrome_trace *c, const struct trace_record *rec)
{
	struct chrome_task *t = chrome_task(c, rec->wake.pid, false);
	const struct cpu_now *now = &c->cpu[rec->cpu];
	const char *context = explain_context(rec->flags);
	bool own = strcmp(context, "task") || !now->known || !now->pid;
	char name[64];

	if (!emitting(c) || !t || !t->track || t->state != CS_SLEEPING)
		return;
	if (own) {
		snprintf(name, sizeof(name), "%s (waking pid %d)", strcmp(context, "task") ? context :
			 "waker", rec->wake.pid);
		chrome_event(c, 'B', CHROME_CPUS_PID, cpu_tid(rec->cpu), rec->ts);
		fprintf(c->f, ",\"cat\":\"wakeup\"");
		chrome_str(c, "name", name);
		fputc('}', c->f);
	}
	t->flow = ++c->flows;
	chrome_event(c, 's', CHROME_CPUS_PID, cpu_tid(rec->cpu), rec->ts);
	fprintf(c->f, ",\"cat\":\"wakeup\",\"name\":\"wakeup\",\"id\":%lu}", t->flow);
	if (own) {
		chrome_event(c, 'E', CHROME_CPUS_PID, cpu_tid(rec->cpu), rec->ts);
		fputc('}', c->f);
	}
}

/* The wakeup: the flow ends at the runnable slice it opens. */
static void on_wakeup(struct chrome_trace *c, const struct trace_record *rec)
{
	struct chrome_task *t = chrome_task(c, rec->wake.pid, false);

	if (!t || t->state != CS_SLEEPING)
		return;
	state_end(c, t, rec->ts);
	if (t->flow && emitting(c) && t->track) {
		chrome_event(c, 'f', t->pid, t->pid, rec->ts);
		fprintf(c->f, ",\"cat\":\"wakeup\",\"name\":\"wakeup\",\"id\":%lu}", t->flow);
	}
	t->flow = 0;
	t->state = CS_RUNNABLE;
	state_begin(c, t, rec->ts);
}

static void on_syscall(struct chrome_trace *c, const struct trace_record *rec)
{
	struct chrome_task *t = chrome_task(c, rec->pid, rec->kind == TRACE_SYS_ENTER);

	if (!t)
		return;
	t->sys.active = rec->kind == TRACE_SYS_ENTER;
	if (!t->sys.active)
		return;
	t->sys.id = rec->sys_enter.id;
	memcpy(t->sys.args, rec->sys_enter.args, sizeof(t->sys.args));
	t->sys.ts = rec->ts;
}

/* A task freed: its track's slice ends, its state goes. */
static void on_free(struct chrome_trace *c, const struct trace_record *rec)
{
	struct chrome_task **p = &c->hash[(unsigned int)rec->task.pid % CHROME_HASH], *t;

	for (; (t = *p); p = &t->next) {
		if (t->pid != rec->task.pid)
			continue;
		state_end(c, t, rec->ts);
		*p = t->next;
		free(t);
		return;
	}
}

/* --from reached: what runs and what each task does, from there. */
static void start(struct chrome_trace *c, uint64_t ts)
{
	c->started = true;
	for (int cpu = 0; cpu < c->cpus; cpu++)
		cpu_begin(c, cpu, ts);
	for (unsigned int i = 0; i < CHROME_HASH; i++)
		for (struct chrome_task *t = c->hash[i]; t; t = t->next)
			state_begin(c, t, ts);
}

/* --to passed, or the records are over: every open slice ends. */
static void stop(struct chrome_trace *c)
{
	uint64_t ts = c->last_ts;

	if (!c->started || c->done)
		return;
	for (int cpu = 0; cpu < c->cpus; cpu++)
		cpu_end(c, cpu, ts);
	for (unsigned int i = 0; i < CHROME_HASH; i++)
		for (struct chrome_task *t = c->hash[i]; t; t = t->next)
			state_end(c, t, ts);
	c->done = true;
}

/* The bound reached, looked at every 1024 records: the slices end there. */
static bool at_bound(struct chrome_trace *c)
{
	if (c->truncated)
		return true;
	if (!c->started || ++c->since_check < 1024)
		return false;
	c->since_check = 0;
	if (!chrome_over_bound(c))
		return false;
	stop(c);
	c->truncated = true;
	return true;
}

/**
 * chrome_record() - one record of the second pass, in time order
 * @c: the export
 * @rec: the record
 */
void chrome_record(struct chrome_trace *c, const struct trace_record *rec)
{
	if (c->done || rec->cpu < 0 || rec->cpu >= c->cpus || at_bound(c))
		return;
	if (rec->ts > c->to) {
		stop(c);
		return;
	}
	if (!c->started && rec->ts >= c->from)
		start(c, rec->ts);
	if (c->started)
		c->last_ts = rec->ts;
	cpu_seen(c, rec);
	infer_run(c, rec);
	switch (rec->kind) {
	case TRACE_SWITCH:
		on_switch(c, rec);
		break;
	case TRACE_WAKING:
		on_waking(c, rec);
		break;
	case TRACE_WAKEUP:
	case TRACE_WAKEUP_NEW:
		on_wakeup(c, rec);
		break;
	case TRACE_SYS_ENTER:
	case TRACE_SYS_EXIT:
		on_syscall(c, rec);
		break;
	case TRACE_FREE:
		on_free(c, rec);
		break;
	default:
		break;
	}
}

/**
 * chrome_done() - whether records after this one add nothing (past --to)
 * @c: the export
 *
 * Return: true when done.
 */
bool chrome_done(const struct chrome_trace *c)
{
	return c->done;
}

/**
 * chrome_truncated() - whether the export stopped at its size bound
 * @c: the export
 *
 * Return: true when it did (the file says where).
 */
bool chrome_truncated(const struct chrome_trace *c)
{
	return c->truncated;
}

/**
 * chrome_end() - the records are over: open slices end, the file closes
 * @c: the export
 *
 * Return: 0, or -1 when it could not be written.
 */
int chrome_end(struct chrome_trace *c)
{
	char note[160];

	stop(c);
	if (c->truncated) {
		/* where and why the export ends, in the file, for whoever opens it */
		snprintf(note, sizeof(note), "rvreplay: the export ends here, at its bound of %llu "
			 "MiB: %lu violations not drawn (--all exports everything)",
			 (unsigned long long)(c->max_bytes >> 20), c->undrawn);
		chrome_event(c, 'i', CHROME_CPUS_PID, cpu_tid(0), c->last_ts);
		chrome_str(c, "name", note);
		fprintf(c->f, ",\"s\":\"g\"}");
	}
	fprintf(c->f, "\n]}\n");
	return ferror(c->f) ? -1 : 0;
}

void chrome_free(struct chrome_trace *c)
{
	if (!c)
		return;
	for (unsigned int i = 0; i < CHROME_HASH; i++) {
		while (c->hash[i]) {
			struct chrome_task *t = c->hash[i];

			c->hash[i] = t->next;
			free(t);
		}
	}
	free(c->cpu);
	free(c);
}
