// SPDX-License-Identifier: GPL-2.0-only
/*
 * Writing "rvreplay-task: pid=17 tgid=17 kthread=1 policy=1 prio=0
 * comm=migration/0" for every thread in /proc.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tracefs.h>

#include "task_metadata.h"

#define PF_KTHREAD	0x00200000UL

/**
 * task_info_parse_stat() - the facts of a task from its /proc/.../stat line
 * @stat: the line: "pid (comm) state ppid ... flags ... priority ... policy"
 * @tgid: the thread group (the /proc directory it was found in)
 * @ti: filled
 *
 * The comm may hold spaces and parentheses: it ends at the last ')'.
 * "priority" (field 18) is the kernel prio minus 100.
 *
 * Return: 0, or -1 when the line is not a stat line.
 */
static int task_info_parse_stat(const char *stat, int tgid, struct task_info *ti)
{
	const char *open = strchr(stat, '('), *close = strrchr(stat, ')'), *p;
	unsigned long flags = 0;
	long priority = 0, policy = 0;
	size_t len;
	int field;

	memset(ti, 0, sizeof(*ti));
	if (!open || !close || close < open || sscanf(stat, "%d", &ti->pid) != 1)
		return -1;
	len = close - open - 1;
	if (len >= sizeof(ti->comm))
		len = sizeof(ti->comm) - 1;
	memcpy(ti->comm, open + 1, len);
	for (size_t i = 0; i < len; i++)
		if (!isprint((unsigned char)ti->comm[i]))
			ti->comm[i] = '?';
	/* fields after the comm: 3 state, 4 ppid, ..., 9 flags, 18 priority, 41 policy */
	p = close + 1;
	for (field = 3; field <= 41 && *p; field++) {
		while (*p == ' ')
			p++;
		if (field == 9)
			flags = strtoul(p, NULL, 10);
		else if (field == 18)
			priority = strtol(p, NULL, 10);
		else if (field == 41)
			policy = strtol(p, NULL, 10);
		while (*p && *p != ' ')
			p++;
	}
	if (field <= 41)
		return -1;
	ti->tgid = tgid;
	ti->kthread = !!(flags & PF_KTHREAD);
	ti->prio = priority + 100;
	ti->policy = policy;
	return 0;
}

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return -1;
	ok = fgets(buf, len, f) != NULL;
	fclose(f);
	return ok ? 0 : -1;
}

static long write_threads(struct tracefs_instance *inst, const char *proc, int tgid)
{
	char dir[512], path[1024], line[2048];
	struct task_info ti;
	struct dirent *d;
	long n = 0;
	DIR *dp;

	snprintf(dir, sizeof(dir), "%s/%d/task", proc, tgid);
	dp = opendir(dir);
	if (!dp)
		return 0;	/* it exited meanwhile */
	while ((d = readdir(dp))) {
		if (!isdigit((unsigned char)d->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "%s/%s/stat", dir, d->d_name);
		if (read_line(path, line, sizeof(line)) || task_info_parse_stat(line, tgid, &ti))
			continue;
		if (tracefs_printf(inst, "rvreplay-task: pid=%d tgid=%d kthread=%d policy=%d "
				   "prio=%d comm=%s\n", ti.pid, ti.tgid, ti.kthread, ti.policy,
				   ti.prio, ti.comm) >= 0)
			n++;
	}
	closedir(dp);
	return n;
}

/**
 * task_metadata_write() - a metadata line per thread into the instance's trace_marker
 * @inst: the recording's instance, tracing on
 * @proc: where procfs is ("/proc"; tests give another)
 *
 * Return: how many lines were written, or -1 when @proc cannot be read.
 */
long task_metadata_write(struct tracefs_instance *inst, const char *proc)
{
	struct dirent *d;
	DIR *dp = opendir(proc);
	long n = 0;

	if (!dp)
		return -1;
	while ((d = readdir(dp)))
		if (isdigit((unsigned char)d->d_name[0]))
			n += write_threads(inst, proc, atoi(d->d_name));
	closedir(dp);
	tracefs_print_close(inst);
	return n;
}

/**
 * events_metadata_write() - the events the recording enabled, as one trace_marker line
 * @inst: the recording's instance, tracing on
 * @o: the events asked for
 * @enabled: which of them were enabled ([o->nr_events])
 *
 * "rvreplay-events: sched:sched_switch sched:sched_waking ..." (read by
 * engine/gate.c).
 *
 * Return: 0, or -1 when the line could not be written.
 */
int events_metadata_write(struct tracefs_instance *inst, const struct record_options *o,
			  const bool *enabled)
{
	char line[4096];
	size_t used = snprintf(line, sizeof(line), "rvreplay-events:");

	for (int i = 0; i < o->nr_events && used < sizeof(line); i++)
		if (enabled[i])
			used += snprintf(line + used, sizeof(line) - used, " %s:%s",
					 o->events[i].system, o->events[i].name);
	if (used >= sizeof(line) - 1)
		return -1;
	return tracefs_printf(inst, "%s\n", line) < 0 ? -1 : 0;
}
