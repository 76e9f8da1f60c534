// SPDX-License-Identifier: GPL-2.0-only
/*
 * The dedicated tracefs instance: mount tracefs if nobody did (and unmount
 * it at the end), check that every event exists, create an instance of our
 * own (record_instance.c: its name, its lock, the instances of recorders
 * that died), size its buffer and enable the events.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include <tracefs.h>

#include "record_tracefs.h"

#define TRACEFS_DEFAULT	"/sys/kernel/tracing"

/* Whether a tracefs is mounted anywhere (libtracefs then finds it). */
static bool tracefs_mounted(void)
{
	char line[1024], dev[256], dir[512], type[64];
	FILE *f = fopen("/proc/mounts", "re");
	bool found = false;

	while (f && !found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%255s %511s %63s", dev, dir, type) == 3 &&
			!strcmp(type, "tracefs");
	if (f)
		fclose(f);
	return found;
}

/*
 * Mount tracefs if nobody did, to unmount it at the end. Done here rather
 * than with tracefs_tracing_dir_is_mounted(), which leaks its path
 * (libtracefs 1.6.4).
 */
static int mount_tracefs(struct record_tracefs *t, char *err, size_t errlen)
{
	const char *path;

	if (!tracefs_mounted()) {
		if (mount("nodev", TRACEFS_DEFAULT, "tracefs", 0, NULL)) {
			snprintf(err, errlen, "tracefs is not mounted and cannot be mounted on %s: %s",
				 TRACEFS_DEFAULT, strerror(errno));
			return -1;
		}
		t->we_mounted = true;
	}
	path = tracefs_tracing_dir();
	if (!path) {
		snprintf(err, errlen, "no tracefs on this system (is CONFIG_TRACING enabled?)");
		return -1;
	}
	t->tracing_dir = strdup(path);
	if (!t->tracing_dir) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

static int check_events(const struct record_options *o, char *err, size_t errlen)
{
	size_t used = 0;
	int missing = 0;

	for (int i = 0; i < o->nr_events; i++) {
		const struct record_event *e = &o->events[i];

		if (tracefs_event_file_exists(NULL, e->system, e->name, "format") || !e->required)
			continue;
		if (used < errlen)
			used += snprintf(err + used, errlen - used, "%s%s:%s (%s)",
					 missing ? ", " : "events missing on this kernel: ",
					 e->system, e->name, e->monitors);
		missing++;
	}
	return missing ? -1 : 0;
}

static int enable_events(struct record_tracefs *t, const struct record_options *o, char *err,
			 size_t errlen)
{
	for (int i = 0; i < o->nr_events; i++) {
		const struct record_event *e = &o->events[i];

		if (!tracefs_event_file_exists(NULL, e->system, e->name, "format"))
			continue;	/* optional, and checked already */
		if (tracefs_event_enable(t->inst, e->system, e->name)) {
			snprintf(err, errlen, "cannot enable %s:%s", e->system, e->name);
			return -1;
		}
		t->enabled[i] = true;
	}
	return 0;
}

/*
 * A recorder killed by SIGKILL cannot remove its instance: the next one
 * reaps it. Until then the instance would keep its buffers and, in
 * overwrite mode, go on tracing. Held open, its free_buffer is closed by
 * the kernel when the process dies, which shrinks the buffers to their
 * least and, with disable_on_free, stops tracing (ftrace.rst,
 * "free_buffer"). Kernels without them: as before.
 */
static void hold_free_buffer(struct record_tracefs *t)
{
	if (tracefs_option_enable(t->inst, TRACEFS_OPTION_DISABLE_ON_FREE))
		return;
	t->free_fd = openat(t->own.fd, "free_buffer", O_WRONLY | O_CLOEXEC);
	t->free_open = t->free_fd >= 0;
}

/**
 * record_tracefs_setup() - a new instance with the events, tracing off
 * @t: filled
 * @o: the events and buffer size
 * @err: for the message on failure
 * @errlen: its size
 *
 * On failure everything done is undone (call record_tracefs_teardown()
 * anyway, it is safe).
 *
 * Return: 0, or -1.
 */
int record_tracefs_setup(struct record_tracefs *t, const struct record_options *o, char *err,
			 size_t errlen)
{
	char pid[16];

	memset(t, 0, sizeof(*t));
	if (mount_tracefs(t, err, errlen))
		return -1;
	if (check_events(o, err, errlen))
		return -1;
	if (record_instance_create(&t->own, t->tracing_dir, o->notice, err, errlen))
		return -1;
	t->created = true;
	t->inst = tracefs_instance_alloc(t->tracing_dir, t->own.name);
	if (!t->inst) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (tracefs_trace_off(t->inst) ||
	    tracefs_instance_set_buffer_size(t->inst, o->buffer_kb, -1)) {
		snprintf(err, errlen, "cannot set up the tracefs instance %s", t->own.name);
		return -1;
	}
	/*
	 * When the reader falls behind, overwrite the oldest unread pages: the
	 * kernel then flags the next page it hands out with the count lost, so
	 * the replay knows where each gap is and resets there. In no-overwrite
	 * mode it drops the newest events and flags no page: the gap's place
	 * is lost, only a per-CPU count remains (measured: -b 8 under dd,
	 * 125 gaps in the records, none flagged).
	 */
	tracefs_option_enable(t->inst, TRACEFS_OPTION_OVERWRITE);
	hold_free_buffer(t);
	/* wake the reader early, so a small buffer does not overflow (kernels >= 5.x) */
	tracefs_instance_file_write(t->inst, "buffer_percent", "10");
	/* our own reading and writing is not the workload (kernels >= 5.8) */
	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	tracefs_instance_file_write(t->inst, "set_event_notrace_pid", pid);
	return enable_events(t, o, err, errlen);
}

/**
 * record_tracefs_teardown() - remove the instance, unmount what we mounted
 * @t: what record_tracefs_setup() filled (also after it failed), or zeroes
 * @err: for the message when the instance cannot be removed
 * @errlen: its size
 *
 * Safe to call again: what is done is not done twice.
 *
 * Return: 0, or -1 with @err set when the instance is left (stopped, see
 * record_instance_remove()).
 */
int record_tracefs_teardown(struct record_tracefs *t, char *err, size_t errlen)
{
	int ret = 0;

	/* before the instance is removed: an open file keeps it busy */
	if (t->free_open)
		close(t->free_fd);
	t->free_open = false;
	if (t->inst) {
		tracefs_instance_free(t->inst);
		t->inst = NULL;
	}
	if (t->created)
		ret = record_instance_remove(&t->own, err, errlen);
	t->created = false;
	if (t->we_mounted && t->tracing_dir)
		umount2(t->tracing_dir, MNT_DETACH);
	free(t->tracing_dir);
	t->tracing_dir = NULL;
	t->we_mounted = false;
	return ret;
}

/**
 * record_tracefs_read() - a file of the instance (stats, trace_clock...)
 * @t: the recording's tracefs
 * @file: its name relative to the instance
 *
 * Return: its contents, malloc'd, or NULL.
 */
char *record_tracefs_read(struct record_tracefs *t, const char *file)
{
	return tracefs_instance_file_read(t->inst, file, NULL);
}
