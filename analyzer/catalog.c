/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The monitor catalog: containers, specs and the events each monitor needs.
 */
#include <stdio.h>
#include <string.h>

#include "catalog.h"

static const struct event_need pagefault_needs[] = {
	{ TRACE_FAULT_USER, true, "the page faults judged" },
	{ TRACE_SWITCH, true, "priorities: which tasks are real-time" },
	{ TRACE_FAULT_KERNEL, false, "faults taken in the kernel for a task" },
	{ TRACE_WAKING, false, "priorities of woken tasks" },
	{ TRACE_WAKEUP_NEW, false, "priorities of tasks born in the trace" },
	{ TRACE_SYS_ENTER, false, "sched_setscheduler: real-time before any switch" },
	{ TRACE_SYS_EXIT, false, "sched_setscheduler results" },
	{ TRACE_FORK, false, "tasks born in the trace: every atom known from the start" },
	{ TRACE_FREE, false, "task lifetimes and pid reuse" },
	{ TRACE_PI_SETPRIO, false, "priority inheritance boosts" },
	{ TRACE_OTHER, false, NULL },
};

static const struct event_need sleep_needs[] = {
	{ TRACE_SWITCH, true, "sleeps (switch-out in TASK_INTERRUPTIBLE) and priorities" },
	{ TRACE_WAKING, true, "who woke the task, from which context" },
	{ TRACE_WAKEUP, true, "the end of each sleep (WAKE)" },
	{ TRACE_SYS_ENTER, true, "why the task sleeps: clock_nanosleep, futex" },
	{ TRACE_SYS_EXIT, true, "the end of each system call" },
	{ TRACE_CONTENTION_BEGIN, false, "blocking on an rt_mutex (allowlisted)" },
	{ TRACE_CONTENTION_END, false, "the end of rt_mutex blocking" },
	{ TRACE_KTHREAD_STOP, false, "kthread_stop() of kernel threads" },
	{ TRACE_WAKEUP_NEW, false, "priorities of tasks born in the trace" },
	{ TRACE_FORK, false, "kernel threads and tasks born in the trace" },
	{ TRACE_FREE, false, "task lifetimes and pid reuse" },
	{ TRACE_PI_SETPRIO, false, "priority inheritance boosts" },
	{ TRACE_OTHER, false, NULL },
};

/* 7.3: SCHEDULE_IN ends a sleep, no WAKE; kernel threads are not judged. */
static const struct event_need sleep_7_3_needs[] = {
	{ TRACE_SWITCH, true, "sleeps (switch-out), SCHEDULE_IN (switch-in) and priorities" },
	{ TRACE_WAKING, true, "who woke the task, from which context" },
	{ TRACE_SYS_ENTER, true, "why the task sleeps: clock_nanosleep, futex, epoll_wait" },
	{ TRACE_SYS_EXIT, true, "the end of each system call" },
	{ TRACE_FORK, true, "user threads: only tasks known not to be kernel threads are judged" },
	{ TRACE_WAKEUP, false, "when the sleep ended, for the report" },
	{ TRACE_CONTENTION_BEGIN, false, "blocking on an rt_mutex (allowlisted)" },
	{ TRACE_CONTENTION_END, false, "the end of rt_mutex blocking" },
	{ TRACE_WAKEUP_NEW, false, "priorities of tasks born in the trace" },
	{ TRACE_FREE, false, "task lifetimes and pid reuse" },
	{ TRACE_PI_SETPRIO, false, "priority inheritance boosts" },
	{ TRACE_OTHER, false, NULL },
};

static const struct event_need wakeup_needs[] = {
	{ TRACE_WAKING, true, "who woke the task, from which context" },
	{ TRACE_SWITCH, true, "priorities of wakers and woken tasks" },
	{ TRACE_SYS_ENTER, true, "futex LOCK_PI (allowlisted); user threads" },
	{ TRACE_SYS_EXIT, true, "the end of each system call" },
	{ TRACE_FORK, false, "user threads and tasks born in the trace" },
	{ TRACE_CONTENTION_BEGIN, false, "blocking on an rt_mutex (allowlisted)" },
	{ TRACE_CONTENTION_END, false, "the end of rt_mutex blocking" },
	{ TRACE_WAKEUP_NEW, false, "priorities of tasks born in the trace" },
	{ TRACE_FREE, false, "task lifetimes and pid reuse" },
	{ TRACE_PI_SETPRIO, false, "priority inheritance boosts" },
	{ TRACE_OTHER, false, NULL },
};

extern const struct rv_monitor pagefault_monitor;
extern const struct rv_monitor sleep_monitor, sleep_7_1_monitor, sleep_7_3_monitor;
extern const struct rv_monitor wakeup_monitor;
extern const char spec_pagefault[], spec_sleep[], spec_sleep_7_1[], spec_sleep_7_3[];
extern const char spec_wakeup[];

static const struct {
	const struct rv_monitor	*monitor;
	const struct event_need	*needs;
	const char		*spec;
	const char		*path;
} entries[] = {
	{ &pagefault_monitor, pagefault_needs, spec_pagefault, "models/rtapp/pagefault.ltl" },
	{ &sleep_monitor, sleep_needs, spec_sleep, "models/rtapp/sleep.ltl" },
	{ &sleep_7_1_monitor, sleep_needs, spec_sleep_7_1, "models/rtapp/7.1/sleep.ltl" },
	{ &sleep_7_3_monitor, sleep_7_3_needs, spec_sleep_7_3, "models/rtapp/7.3/sleep.ltl" },
	{ &wakeup_monitor, wakeup_needs, spec_wakeup, "models/rtapp/7.3/wakeup.ltl" },
};

#define NR_ENTRIES	(sizeof(entries) / sizeof(entries[0]))

static int entry(const struct rv_monitor *m)
{
	for (size_t i = 0; i < NR_ENTRIES; i++)
		if (entries[i].monitor == m)
			return i;
	return -1;
}

const struct event_need *catalog_needs(const struct rv_monitor *m)
{
	static const struct event_need none = { TRACE_OTHER, false, NULL };
	int i = entry(m);

	return i < 0 ? &none : entries[i].needs;
}

const char *catalog_spec(const struct rv_monitor *m)
{
	int i = entry(m);

	return i < 0 ? "" : entries[i].spec;
}

const char *catalog_spec_path(const struct rv_monitor *m)
{
	int i = entry(m);

	return i < 0 ? "" : entries[i].path;
}

/**
 * catalog_profile_of() - the profile of a kernel release (semantics-profiles.md)
 * @release: "6.18.44-fc-v1147", "7.3.0-rc1", or "" when unknown
 *
 * 6.17 to 7.0: 6.17; 7.1 and 7.2: 7.1; 7.3 and later: 7.3. Older kernels
 * have no rtapp monitors: their traces were judged live by our module,
 * whose default is 6.17.
 *
 * Return: the profile.
 */
const struct rv_profile *catalog_profile_of(const char *release)
{
	int major = 0, minor = 0;

	if (release && sscanf(release, "%d.%d", &major, &minor) == 2) {
		if (major > 7 || (major == 7 && minor >= 3))
			return rv_profile_find("7.3");
		if (major == 7 && minor >= 1)
			return rv_profile_find("7.1");
	}
	return rv_profile_find("6.17");
}

static int add(struct replay_options *opts, const struct rv_monitor *m, char *err)
{
	for (int i = 0; i < opts->nr_monitors; i++)
		if (opts->monitors[i] == m)
			return 0;
	if (opts->nr_monitors == MAX_MONITORS) {
		snprintf(err, TRACE_ERR_LEN, "too many monitors");
		return -1;
	}
	opts->monitors[opts->nr_monitors++] = m;
	return 0;
}

static int add_name(struct replay_options *opts, const char *name, char *err)
{
	const struct rv_monitor *m;

	/* rtapp: the container of every monitor of the profile */
	if (!strcmp(name, "rtapp")) {
		for (int k = 0; opts->profile->monitors[k]; k++)
			if (add(opts, opts->profile->monitors[k], err))
				return -1;
		return 0;
	}
	m = rv_profile_monitor(opts->profile, name);
	if (!m) {
		snprintf(err, TRACE_ERR_LEN, "no monitor '%s' in profile %s (see 'rvreplay list')",
			 name, opts->profile->name);
		return -1;
	}
	return add(opts, m, err);
}

/**
 * catalog_select() - the monitors named on the command line
 * @names: monitor or container names, or none for rtapp
 * @nr: how many
 * @opts: gets the monitors, in the profile's order; opts->profile is set
 * @err: TRACE_ERR_LEN bytes for an unknown name
 *
 * Return: 0, or -1 with @err set.
 */
int catalog_select(const char *const *names, int nr, struct replay_options *opts, char *err)
{
	const struct rv_monitor *chosen[MAX_MONITORS];
	int n = 0;

	opts->nr_monitors = 0;
	if (!nr)
		return add_name(opts, "rtapp", err);
	for (int i = 0; i < nr; i++)
		if (add_name(opts, names[i], err))
			return -1;
	/* profile order, so the output does not depend on the option order */
	for (int i = 0; opts->profile->monitors[i]; i++)
		for (int k = 0; k < opts->nr_monitors; k++)
			if (opts->monitors[k] == opts->profile->monitors[i])
				chosen[n++] = opts->profile->monitors[i];
	memcpy(opts->monitors, chosen, n * sizeof(chosen[0]));
	return 0;
}

/**
 * catalog_missing() - the required events the trace cannot hold
 * @opts: the selected monitors
 * @in: the trace
 * @buf: gets "sched:sched_waking (sleep), ..."
 * @len: its size
 *
 * Return: how many are missing.
 */
int catalog_missing(const struct replay_options *opts, const struct trace_input *in, char *buf,
		    size_t len)
{
	size_t used = 0;
	int missing = 0;

	buf[0] = '\0';
	for (int i = 0; i < opts->nr_monitors; i++) {
		const struct event_need *n = catalog_needs(opts->monitors[i]);

		for (; n->kind != TRACE_OTHER; n++) {
			if (!n->required || trace_input_has(in, n->kind))
				continue;
			if (used < len)
				used += snprintf(buf + used, len - used, "%s%s (%s)", missing ? ", " : "",
						 trace_kind_event(n->kind), opts->monitors[i]->name);
			missing++;
		}
	}
	return missing;
}

/**
 * catalog_record_command() - the command that records what the monitors need
 * @opts: the selected monitors
 * @buf: where to write it
 * @len: its size
 */
void catalog_record_command(const struct replay_options *opts, char *buf, size_t len)
{
	size_t used = snprintf(buf, len, "rvreplay record");

	for (int i = 0; i < opts->nr_monitors && used < len; i++)
		used += snprintf(buf + used, len - used, " -m %s", opts->monitors[i]->name);
	if (used < len)
		snprintf(buf + used, len - used, " -o trace.dat -- COMMAND");
}
