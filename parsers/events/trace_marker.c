// SPDX-License-Identifier: GPL-2.0-only
/*
 * Decoding the lines our recorder (recorder/task_metadata.c) and kernel
 * module (kmod/module.c) write into a trace (trace_marker.h). Each is
 * taken as those writers write it; a line of ours that does not parse is
 * TRACE_MARKER_NONE, as any other text.
 */
#include <stdio.h>
#include <string.h>

#include "trace_marker.h"

#define LINE_MAX_LEN	256	/* the longest line decoded for its fields */

static const char task_tag[] = "rvreplay-task: ";
static const char events_tag[] = "rvreplay-events: ";
static const char profile_tag[] = "rvreplay-profile: ";
static const char enabled_tag[] = "rvreplay-kmod: enabled ";
static const char disabled_tag[] = "rvreplay-kmod: disabled";
static const char kernel_tag[] = "rvreplay-kernel: ";

#define TAG_LEN(tag)	(sizeof(tag) - 1)

static bool starts(const char *buf, size_t len, const char *tag, size_t tag_len)
{
	return len >= tag_len && !memcmp(buf, tag, tag_len);
}

/* @line NUL-terminated: "rvreplay-task: pid=%d tgid=%d kthread=%d policy=%d prio=%d comm=%s" */
static bool decode_task(const char *line, struct trace_marker_task *t)
{
	const char *c;

	if (sscanf(line, "rvreplay-task: pid=%d tgid=%d kthread=%d policy=%d prio=%d", &t->pid,
		   &t->tgid, &t->kthread, &t->policy, &t->prio) != 5 || t->pid < 0)
		return false;
	t->comm[0] = '\0';
	c = strstr(line, " comm=");
	if (c)
		snprintf(t->comm, sizeof(t->comm), "%s", c + 6);
	return true;
}

static void decode_profile(const char *buf, size_t len, struct trace_marker *m)
{
	size_t n = len - TAG_LEN(profile_tag);

	if (n >= sizeof(m->profile))
		n = sizeof(m->profile) - 1;
	memcpy(m->profile, buf + TAG_LEN(profile_tag), n);
	m->profile[n] = '\0';
	m->kind = TRACE_MARKER_PROFILE;
}

/* The value of the word " KEY=" of @line, in @buf, and its length; NULL when absent. */
static const char *word(const char *line, const char *buf, const char *key, size_t *len)
{
	const char *p = line ? strstr(line, key) : NULL;

	*len = 0;
	if (!p)
		return NULL;
	p += strlen(key);
	*len = strcspn(p, " ");
	return buf + (p - line);
}

/* The monitors= and params= words of an enabled line short enough to be one of the module's. */
static void decode_enabled(const char *line, const char *buf, size_t len, struct trace_marker *m)
{
	m->kind = TRACE_MARKER_KMOD_ENABLED;
	m->kmod.monitors = word(line, buf, " monitors=", &m->kmod.len);
	m->kmod.params = word(line, buf, " params=", &m->kmod.params_len);
}

/**
 * trace_marker_decode() - what a trace_marker line of ours says
 * @buf: the line (an ftrace:print record's buf, its final newlines cut)
 * @len: its length
 * @m: gets the decoded line; m->kind TRACE_MARKER_NONE when it is not ours
 */
void trace_marker_decode(const char *buf, size_t len, struct trace_marker *m)
{
	char line[LINE_MAX_LEN];
	bool fits = len < sizeof(line);

	m->kind = TRACE_MARKER_NONE;
	if (len < 9 || memcmp(buf, "rvreplay-", 9))
		return;
	if (fits) {
		memcpy(line, buf, len);
		line[len] = '\0';
	}
	if (starts(buf, len, task_tag, TAG_LEN(task_tag))) {
		if (len > TAG_LEN(task_tag) && fits && decode_task(line, &m->task))
			m->kind = TRACE_MARKER_TASK;
	} else if (starts(buf, len, events_tag, TAG_LEN(events_tag))) {
		m->kind = TRACE_MARKER_EVENTS;
		m->events.words = buf + TAG_LEN(events_tag);
		m->events.len = len - TAG_LEN(events_tag);
	} else if (starts(buf, len, profile_tag, TAG_LEN(profile_tag))) {
		if (len > TAG_LEN(profile_tag))
			decode_profile(buf, len, m);
	} else if (starts(buf, len, enabled_tag, TAG_LEN(enabled_tag))) {
		decode_enabled(fits ? line : NULL, buf, len, m);
	} else if (starts(buf, len, disabled_tag, TAG_LEN(disabled_tag))) {
		m->kind = TRACE_MARKER_KMOD_DISABLED;
	} else if (starts(buf, len, kernel_tag, TAG_LEN(kernel_tag)) && fits) {
		if (sscanf(line, "rvreplay-kernel: hz=%u", &m->hz) == 1 && m->hz &&
		    m->hz <= 100000)
			m->kind = TRACE_MARKER_KERNEL;
	}
}
