// SPDX-License-Identifier: GPL-2.0-only
/*
 * The monitor catalog: profiles, specs and the events each monitor needs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "monitor_params.h"
#include "upstream_monitors.h"

/* What the replay learns of tasks from records (replay.c, docs/semantics.md section 3). */
static const struct {
	enum trace_kind	kind;
	bool		required;
	const char	*why;
} facts[] = {
	{ TRACE_SWITCH, true, "priorities: which tasks are real-time" },
	{ TRACE_WAKING, false, "priorities of woken tasks" },
	{ TRACE_WAKEUP_NEW, false, "priorities of tasks born in the trace" },
	{ TRACE_SYS_ENTER, false, "sched_setscheduler: real-time before any switch" },
	{ TRACE_SYS_EXIT, false, "sched_setscheduler results" },
	{ TRACE_FORK, false, "tasks born in the trace: every atom known from the start" },
	{ TRACE_FREE, false, "task lifetimes and pid reuse" },
	{ TRACE_PI_SETPRIO, false, "priority inheritance boosts" },
};

#define NR_FACTS	(sizeof(facts) / sizeof(facts[0]))
#define MAX_LISTED	32

/*
 * The needs of every monitor of rv_monitor_list[], and of the rules given
 * (--spec), made on first use.
 */
static struct event_need needs_of[MAX_LISTED + MAX_MONITORS][TRACE_NR_KINDS + 1];
static const struct rv_monitor *needs_for[MAX_LISTED + MAX_MONITORS];

extern const struct { const char *path, *text; } spec_texts[];
extern const struct { const char *spec, *short_name, *long_name; } atom_legend[];

/* For the reports only: the interrupts a CPU handled (engine/cpu_irqs.h). */
static const enum trace_kind context_events[] = {
	TRACE_IRQ_ENTRY, TRACE_IRQ_EXIT, TRACE_SOFTIRQ_ENTRY, TRACE_SOFTIRQ_EXIT,
};

#define CONTEXT_WHY	"interrupts that delayed a woken task, or woke it (--context-events)"

/* @kind in @list, once, its reasons joined. Return: its entry, or NULL. */
static struct event_need *need(struct event_need *list, enum trace_kind kind, bool required,
			       const char *why)
{
	struct event_need *n = list;
	size_t used;

	if (kind == TRACE_OTHER || !why)
		return NULL;
	while (n->kind != TRACE_OTHER && n->kind != kind)
		n++;
	if (n->kind == TRACE_OTHER) {
		n->kind = kind;
		n->required = required;
		snprintf(n->why, sizeof(n->why), "%s", why);
		return n;
	}
	n->required |= required;
	used = strlen(n->why);
	if (!strstr(n->why, why) && used < sizeof(n->why))
		snprintf(n->why + used, sizeof(n->why) - used, "; %s", why);
	return n;
}

/* Required ones first, each group in the order they were found. */
static void required_first(struct event_need *list)
{
	struct event_need sorted[TRACE_NR_KINDS + 1];
	int n = 0;

	for (int pass = 1; pass >= 0; pass--)
		for (struct event_need *e = list; e->kind != TRACE_OTHER; e++)
			if (e->required == pass)
				sorted[n++] = *e;
	sorted[n].kind = TRACE_OTHER;
	memcpy(list, sorted, (n + 1) * sizeof(*list));
}

/* The facts a monitor of every task needs: tasks born and freed (pid reuse). */
static bool lifetime(enum trace_kind kind)
{
	return kind == TRACE_FORK || kind == TRACE_FREE;
}

static void make_needs(const struct rv_monitor *m, struct event_need *list)
{
	const struct rv_route *r;

	for (int i = 0; i <= TRACE_NR_KINDS; i++)
		list[i].kind = TRACE_OTHER;
	for (r = rv_routes; r->event; r++)
		if (rv_monitor_handles(m, r->type))
			need(list, trace_kind_find(r->system, r->event), r->required,
			     m->roles[r->type]);
	/* a CPU's (or the global) instance learns nothing of tasks: the report names the one it ran */
	if (!rv_monitor_per_task(m))
		need(list, TRACE_SWITCH, false, "the task each CPU ran, for the report");
	for (size_t i = 0; i < NR_FACTS && rv_monitor_per_task(m); i++)
		if (!m->every_task || lifetime(facts[i].kind))
			need(list, facts[i].kind, facts[i].required, facts[i].why);
	/* the automata take a sched_wakeup the trace lacks at its sched_waking */
	if (m->every_task && rv_monitor_handles(m, RV_EV_WAKEUP))
		need(list, TRACE_WAKING, false, "a sched_wakeup not recorded, taken at its waking");
	/* how long a sleep lasted, for the report, where WAKE is not an atom */
	if (rv_monitor_handles(m, RV_EV_SWITCH_OUT) && !rv_monitor_handles(m, RV_EV_WAKEUP))
		need(list, TRACE_WAKEUP, false, "when each sleep ended, for the report");
	required_first(list);
	/* the sleeps of real-time tasks, told with their interrupts */
	if (!rv_monitor_handles(m, RV_EV_SWITCH_OUT) || m->every_task || !rv_monitor_per_task(m))
		return;
	for (size_t i = 0; i < sizeof(context_events) / sizeof(context_events[0]); i++)
		need(list, context_events[i], false, CONTEXT_WHY)->context = true;
}

/**
 * catalog_needs() - the trace events a monitor needs
 * @m: the monitor
 *
 * Return: the events, required ones first, ended by TRACE_OTHER.
 */
const struct event_need *catalog_needs(const struct rv_monitor *m)
{
	static const struct event_need none = { .kind = TRACE_OTHER };
	size_t i;

	for (i = 0; i < sizeof(needs_for) / sizeof(needs_for[0]) && needs_for[i]; i++)
		if (needs_for[i] == m)
			return needs_of[i];
	if (i == sizeof(needs_for) / sizeof(needs_for[0]))
		return &none;
	make_needs(m, needs_of[i]);
	needs_for[i] = m;
	return needs_of[i];
}

/**
 * catalog_need_label() - how much a monitor needs an event, in a word
 * @n: the need
 *
 * Return: "required", "optional" or "context" (for the reports only).
 */
const char *catalog_need_label(const struct event_need *n)
{
	return n->required ? "required" : n->context ? "context" : "optional";
}

/**
 * catalog_spec() - a monitor's specification text
 * @m: the monitor
 *
 * Return: the text of m->spec as the build found it, or "".
 */
const char *catalog_spec(const struct rv_monitor *m)
{
	for (int i = 0; spec_texts[i].path; i++)
		if (!strcmp(spec_texts[i].path, m->spec))
			return spec_texts[i].text;
	return "";
}

/**
 * catalog_atom_name() - an atom's name in the specification
 * @m: the monitor
 * @short_name: its short name ("wo_so"), as reports and the kernel print it
 *
 * Return: "WOKEN_BY_SOFTIRQ", or NULL when @m has no such atom.
 */
const char *catalog_atom_name(const struct rv_monitor *m, const char *short_name)
{
	for (int i = 0; atom_legend[i].spec; i++)
		if (!strcmp(atom_legend[i].spec, m->spec) &&
		    !strcmp(atom_legend[i].short_name, short_name))
			return atom_legend[i].long_name;
	return NULL;
}

/* A release as major * 1000 + minor; 0 when it is not "MAJOR.MINOR...". */
static int version_of(const char *release)
{
	int major, minor;

	if (!release || sscanf(release, "%d.%d", &major, &minor) != 2 || major < 0 || minor < 0 ||
	    minor > 999 || major > 99999)
		return 0;
	return major * 1000 + minor;
}

/**
 * catalog_profile_of() - the profile of a kernel release (docs/semantics.md section 8)
 * @release: "6.18.44-fc-v1147", "7.3.0-rc1", or "" when unknown
 *
 * The latest profile not after the release. Older kernels have no rtapp
 * monitors: their traces were judged live by our module, whose default
 * is the first profile, 6.17.
 *
 * Return: the profile.
 */
const struct rv_profile *catalog_profile_of(const char *release)
{
	const struct rv_profile *p = &rv_profiles[0];
	int v = version_of(release);

	for (int i = 1; rv_profiles[i].name; i++)
		if (version_of(rv_profiles[i].name) <= v)
			p = &rv_profiles[i];
	return p;
}

struct profile_scan {
	char		name[TRACE_MARKER_NAME_LEN];
	unsigned long	seen;
};

/* "rvreplay-profile: 7.3", written by our kernel module when it loads. */
static int find_profile_line(void *data, const struct trace_record *rec)
{
	struct profile_scan *scan = data;

	if (++scan->seen > 100000)
		return 1;
	if (rec->kind != TRACE_PRINT || rec->print.marker.kind != TRACE_MARKER_PROFILE)
		return 0;
	strcpy(scan->name, rec->print.marker.profile);
	return 1;
}

static bool before_rtapp(const char *release)
{
	int major, minor;

	return sscanf(release, "%d.%d", &major, &minor) != 2 || major < 6 ||
	       (major == 6 && minor < 17);
}

/**
 * catalog_choose_profile() - the monitors' kernel-version profile for a trace
 * @in: the opened trace
 * @name: --profile, or NULL to choose from the trace's kernel release
 * @err: TRACE_ERR_LEN bytes for why there is none
 *
 * A kernel older than 6.17 has no rtapp monitors: only our module can have
 * judged it live, and it writes its profile into the trace (6.17 if not).
 *
 * Return: the profile, or NULL with @err set.
 */
const struct rv_profile *catalog_choose_profile(struct trace_input *in, const char *name,
						char *err)
{
	const char *release = trace_input_meta(in)->release;
	struct profile_scan scan = { "", 0 };
	const struct rv_profile *p;

	if (name) {
		p = rv_profile_find(name);
		if (!p)
			snprintf(err, TRACE_ERR_LEN, "unknown profile '%s' (6.17, 7.1 or 7.3)", name);
		return p;
	}
	if (!before_rtapp(release))
		return catalog_profile_of(release);
	if (trace_input_iterate(in, find_profile_line, &scan) < 0) {
		snprintf(err, TRACE_ERR_LEN, "out of memory reading the trace");
		return NULL;
	}
	p = scan.name[0] ? rv_profile_find(scan.name) : NULL;
	return p ? p : rv_profile_find("6.17");
}

/**
 * catalog_profile_kernels() - the kernel releases of a profile, in words
 * @p: the profile
 * @buf: gets "6.17 to 7.0", "7.1 and 7.2" or "7.3 and later"
 * @len: its size
 */
void catalog_profile_kernels(const struct rv_profile *p, char *buf, size_t len)
{
	int v = version_of(p->name), next = p[1].name ? version_of(p[1].name) : 0;
	int last = next % 1000 ? next - 1 : 0;

	if (!next)
		snprintf(buf, len, "%s and later", p->name);
	else if (!last)
		snprintf(buf, len, "%s to before %d.0", p->name, next / 1000);
	else if (last == v + 1)
		snprintf(buf, len, "%s and %d.%d", p->name, last / 1000, last % 1000);
	else if (last / 1000 == v / 1000)
		snprintf(buf, len, "%s to %d.%d", p->name, last / 1000, last % 1000);
	else
		snprintf(buf, len, "%s to %d.0", p->name, last / 1000);
}

/**
 * catalog_profile_changes() - what a profile changed, from its monitors' descriptors
 * @p: the profile
 * @buf: gets "sleep: epoll_wait is a valid sleep reason", ...
 * @len: its size
 */
void catalog_profile_changes(const struct rv_profile *p, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	if (p == rv_profiles) {
		snprintf(buf, len, "the first rtapp monitors");
		return;
	}
	for (int i = 0; p->monitors[i] && used < len; i++) {
		const struct rv_monitor *m = p->monitors[i];

		if (strcmp(m->version, p->name))
			continue;
		if (m->changes)
			used += snprintf(buf + used, len - used, "%s%s: %s", used ? "; " : "",
					 m->name, m->changes);
		else
			used += snprintf(buf + used, len - used, "%snew monitor %s", used ? "; " : "",
					 m->name);
	}
}

static int add(struct replay_options *opts, const struct rv_monitor *m, char *err)
{
	for (int i = 0; i < opts->nr_monitors; i++)
		if (opts->monitors[i] == m)
			return 0;
	if (!rv_monitor_replayable(m)) {
		snprintf(err, TRACE_ERR_LEN, "monitor '%s': its type or instance kind is not replayed yet",
			 m->name);
		return -1;
	}
	if (opts->nr_monitors == MAX_MONITORS) {
		snprintf(err, TRACE_ERR_LEN, "too many monitors");
		return -1;
	}
	opts->monitors[opts->nr_monitors++] = m;
	return 0;
}

/*
 * A monitor of no container (wwnr, stall) judges a trace of any kernel: one
 * newer than the trace's profile is taken in its latest version.
 */
static const struct rv_monitor *standalone(const char *name)
{
	const struct rv_monitor *found = NULL;

	for (int i = 0; rv_monitor_list[i]; i++)
		if (!rv_monitor_list[i]->container && !strcmp(rv_monitor_list[i]->name, name))
			found = rv_monitor_list[i];
	return found;
}

/* Whether @m is in the container @name; a monitor of none (wwnr) is in none. */
static bool in_container(const struct rv_monitor *m, const char *name)
{
	return m->container && !strcmp(m->container->name, name);
}

static int add_name(struct replay_options *opts, const char *name, char *err)
{
	const struct rv_monitor *m;

	/* a container: every monitor of the profile in it */
	if (catalog_is_container(opts->profile, name)) {
		for (int k = 0; opts->profile->monitors[k]; k++)
			if (in_container(opts->profile->monitors[k], name) &&
			    add(opts, opts->profile->monitors[k], err))
				return -1;
		return 0;
	}
	m = rv_profile_monitor(opts->profile, name);
	if (!m)
		m = standalone(name);
	if (!m && upstream_not_replayed(name, err, TRACE_ERR_LEN))
		return -1;
	if (!m) {
		snprintf(err, TRACE_ERR_LEN, "no monitor '%s' in profile %s (see 'rvreplay list')",
			 name, opts->profile->name);
		return -1;
	}
	return add(opts, m, err);
}

/* "wwnr,stall": each name of a comma-separated list, as the module's monitors= takes them. */
static int add_list(struct replay_options *opts, const char *list, char *err)
{
	char name[64];
	size_t len;

	for (const char *p = list;; p += len + 1) {
		len = strcspn(p, ",");
		if (!len || len >= sizeof(name)) {
			snprintf(err, TRACE_ERR_LEN, "bad monitor list '%s' (names separated by "
				 "commas: wwnr,stall)", list);
			return -1;
		}
		memcpy(name, p, len);
		name[len] = '\0';
		if (add_name(opts, name, err))
			return -1;
		if (!p[len])
			return 0;
	}
}

/**
 * catalog_is_container() - whether a name is a container of a profile's monitors
 * @p: the profile
 * @name: "rtapp", ...
 *
 * Return: true when a monitor of @p is in a container of that name.
 */
bool catalog_is_container(const struct rv_profile *p, const char *name)
{
	for (int i = 0; p->monitors[i]; i++)
		if (in_container(p->monitors[i], name))
			return true;
	return false;
}

/**
 * catalog_select() - the monitors named on the command line
 * @names: monitor or container names, each may be a comma-separated list; none: rtapp,
 *	unless there are rules
 * @nr: how many
 * @rules: the users' rules (--spec), after the named monitors
 * @nr_rules: how many
 * @opts: gets the monitors, in the profile's order; opts->profile is set
 * @err: TRACE_ERR_LEN bytes for an unknown name
 *
 * Return: 0, or -1 with @err set.
 */
int catalog_select(const char *const *names, int nr, const struct rv_monitor *const *rules,
		   int nr_rules, struct replay_options *opts, char *err)
{
	const struct rv_monitor *chosen[MAX_MONITORS];
	int n = 0;

	opts->nr_monitors = 0;
	if (!nr && !nr_rules && add_name(opts, CATALOG_DEFAULT_CONTAINER, err))
		return -1;
	for (int i = 0; i < nr; i++)
		if (add_list(opts, names[i], err))
			return -1;
	/* profile order, so the output does not depend on the option order */
	for (int i = 0; opts->profile->monitors[i]; i++)
		for (int k = 0; k < opts->nr_monitors; k++)
			if (opts->monitors[k] == opts->profile->monitors[i])
				chosen[n++] = opts->profile->monitors[i];
	/* then those newer than the profile (standalone()), in list order */
	for (int i = 0; rv_monitor_list[i]; i++)
		for (int k = 0; k < opts->nr_monitors; k++)
			if (opts->monitors[k] == rv_monitor_list[i] &&
			    !rv_profile_monitor(opts->profile, rv_monitor_list[i]->name))
				chosen[n++] = rv_monitor_list[i];
	memcpy(opts->monitors, chosen, n * sizeof(chosen[0]));
	opts->nr_monitors = n;
	for (int i = 0; i < nr_rules; i++)
		if (add(opts, rules[i], err))
			return -1;
	return params_resolve(opts, err);
}

