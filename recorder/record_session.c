// SPDX-License-Identifier: GPL-2.0-only
/*
 * A session on a tracefs instance of our own, start to end, in one
 * thread: record_session.h. Everything is written in a work folder next
 * to the output and the trace.dat is renamed into place only when
 * complete.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <tracefs.h>

#include "record_session.h"
#include "task_metadata.h"
#include "tracedat_write.h"

/**
 * record_session_fail() - the session's error message, set
 * @r: the session
 * @fmt: one %s
 * @arg: for it
 *
 * Return: -1.
 */
int record_session_fail(struct record_session *r, const char *fmt, const char *arg)
{
	snprintf(r->err, RECORD_ERR_LEN, fmt, arg);
	return -1;
}

static int block_signals(struct record_session *r)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigaddset(&set, SIGQUIT);
	sigaddset(&set, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &set, &r->old_mask))
		return record_session_fail(r, "cannot block signals: %s", strerror(errno));
	r->sigfd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	return r->sigfd < 0 ? record_session_fail(r, "signalfd: %s", strerror(errno)) : 0;
}

static int make_workdir(struct record_session *r)
{
	if (record_workdir_create(&r->workdir, r->o->workdir_near, r->o->notice, r->err,
				  RECORD_ERR_LEN))
		return -1;
	snprintf(r->tmp_out, sizeof(r->tmp_out), "%s/trace.dat", r->workdir.path);
	return 0;
}

static int start_timer(struct record_session *r)
{
	struct itimerspec its = { .it_value = { .tv_sec = r->o->duration_s } };

	r->timerfd = -1;
	if (!r->o->duration_s)
		return 0;
	r->timerfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (r->timerfd < 0 || timerfd_settime(r->timerfd, 0, &its, NULL))
		return record_session_fail(r, "timerfd: %s", strerror(errno));
	return 0;
}

/* ---- the command ---- */

static void child_exec(struct record_session *r, int go, int report)
{
	char marker[4300];
	int e;
	char c;

	sigprocmask(SIG_SETMASK, &r->old_mask, NULL);
	snprintf(marker, sizeof(marker), "%s/trace_marker", r->tfs.own.path);
	setenv("RVREPLAY_TRACE_MARKER", marker, 1);
	/* wait until the recording runs and the metadata is written */
	if (read(go, &c, 1) != 1)
		_exit(127);
	execvp(r->o->argv[0], r->o->argv);
	e = errno;
	if (write(report, &e, sizeof(e)) != sizeof(e))
		_exit(127);
	_exit(127);
}

static int spawn(struct record_session *r)
{
	int go[2], report[2];

	r->child = -1;
	r->go_pipe = r->exec_pipe = -1;
	if (!r->o->argv)
		return 0;
	if (pipe2(go, O_CLOEXEC) || pipe2(report, O_CLOEXEC))
		return record_session_fail(r, "pipe: %s", strerror(errno));
	r->child = fork();
	if (r->child < 0)
		return record_session_fail(r, "fork: %s", strerror(errno));
	if (r->child == 0) {
		/* the parent's ends: held here too, the go pipe would never say "stop" */
		close(go[1]);
		close(report[0]);
		child_exec(r, go[0], report[1]);
	}
	close(go[0]);
	close(report[1]);
	r->go_pipe = go[1];
	r->exec_pipe = report[0];
	return 0;
}

/* Let the command run; fails if it could not be executed. */
static int release_child(struct record_session *r)
{
	int e;

	if (r->child < 0)
		return 0;
	if (write(r->go_pipe, "g", 1) != 1)
		return record_session_fail(r, "cannot start the command: %s", strerror(errno));
	close(r->go_pipe);
	r->go_pipe = -1;
	if (read(r->exec_pipe, &e, sizeof(e)) == sizeof(e)) {
		waitpid(r->child, NULL, 0);
		r->child = -1;
		snprintf(r->err, RECORD_ERR_LEN, "%s: %s", r->o->argv[0],
			 e == ENOENT ? "command not found" : strerror(e));
		return -1;
	}
	return 0;
}

static void stop_child(struct record_session *r)
{
	if (r->child <= 0)
		return;
	if (r->go_pipe >= 0) {
		close(r->go_pipe);	/* it exits without running the command */
		r->go_pipe = -1;
	} else {
		kill(r->child, SIGTERM);
	}
	waitpid(r->child, &r->res->child_status, 0);
	r->child = -1;
}

/* Return: 1 to stop recording, 0 to go on, -1 on error. */
static int on_signal(struct record_session *r)
{
	struct signalfd_siginfo si;

	while (read(r->sigfd, &si, sizeof(si)) == sizeof(si)) {
		if (si.ssi_signo == SIGCHLD) {
			if (r->child > 0 && waitpid(r->child, &r->res->child_status, WNOHANG) ==
			    r->child) {
				r->child = -1;
				return 1;
			}
			continue;
		}
		if (si.ssi_signo == SIGINT || (si.ssi_signo == SIGTERM && r->o->term_stops)) {
			r->res->interrupted = true;
			if (r->child > 0 && si.ssi_pid != 0)
				kill(r->child, SIGINT);	/* sent to us alone: pass it on */
			return 1;
		}
		r->aborted = true;
		snprintf(r->err, RECORD_ERR_LEN, "stopped by %s: no trace written",
			 strsignal(si.ssi_signo));
		return -1;
	}
	return 0;
}

/* ---- the output ---- */

static void read_stats(struct record_session *r, char **stats)
{
	char file[64];

	r->res->cpus = r->streams.nr;
	free(r->res->stats);
	r->res->stats = calloc(r->streams.nr ? r->streams.nr : 1, sizeof(*r->res->stats));
	for (int i = 0; i < r->streams.nr; i++) {
		const char *p;

		snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", r->streams.cpus[i].cpu);
		stats[i] = record_tracefs_read(&r->tfs, file);
		if (!r->res->stats)
			continue;
		r->res->stats[i].bytes = r->streams.cpus[i].bytes;
		r->res->stats[i].overrun = -1;
		r->res->stats[i].dropped = -1;
		if (stats[i] && (p = strstr(stats[i], "overrun: ")))
			r->res->stats[i].overrun = strtoll(p + 9, NULL, 10);
		if (stats[i] && (p = strstr(stats[i], "dropped events: ")))
			r->res->stats[i].dropped = strtoll(p + 16, NULL, 10);
	}
}

static int write_trace(struct record_session *r, const char *path)
{
	const char *events[RECORD_MAX_EVENTS + 1];
	struct tracedat_write_cpu cpus[r->streams.nr ? r->streams.nr : 1];
	struct tracedat_write_input in = { 0 };
	char *stats[r->streams.nr ? r->streams.nr : 1];
	char names[RECORD_MAX_EVENTS + 1][128], dir[4200], uname_s[512], *clock;
	char printk[4200], cmdlines[4200];
	struct utsname u;
	int n = 0, ret;

	read_stats(r, stats);
	for (int i = 0; i < r->o->nr_events; i++) {
		snprintf(names[n], sizeof(names[n]), "%s/%s", r->o->events[i].system,
			 r->o->events[i].name);
		events[n] = names[n];
		n++;
	}
	for (int i = 0; i < r->streams.nr; i++)
		cpus[i] = (struct tracedat_write_cpu){ r->streams.cpus[i].cpu,
						       r->streams.cpus[i].path,
						       r->window ? NULL : stats[i] };
	uname(&u);
	snprintf(uname_s, sizeof(uname_s), "%s %s %s %s", u.sysname, u.nodename, u.release,
		 u.machine);
	snprintf(dir, sizeof(dir), "%s/events", r->tfs.tracing_dir);
	clock = record_tracefs_read(&r->tfs, "trace_clock");
	in.events_dir = dir;
	in.events = events;
	in.nr_events = n;
	in.kallsyms_path = r->o->kallsyms ? "/proc/kallsyms" : NULL;
	/* global files: reading them changes nothing */
	snprintf(printk, sizeof(printk), "%s/printk_formats", r->tfs.tracing_dir);
	snprintf(cmdlines, sizeof(cmdlines), "%s/saved_cmdlines", r->tfs.tracing_dir);
	in.printk_path = printk;
	in.cmdlines_path = cmdlines;
	in.clock = clock ? clock : "[local]";
	in.uname = uname_s;
	in.page_size = r->streams.subbuf_size;
	in.nr_cpus = r->streams.nr;
	in.cpus = cpus;
	ret = tracedat_write(path, &in, r->err, RECORD_ERR_LEN);
	for (int i = 0; i < r->streams.nr; i++)
		free(stats[i]);
	free(clock);
	return ret;
}

/*
 * An instance that cannot be removed is an error, said after what went
 * wrong first if anything did: the machine is not left as it was found.
 */
static int teardown(struct record_session *r, int ret)
{
	char left[RECORD_ERR_LEN];
	size_t len = strlen(r->err);

	if (!record_tracefs_teardown(&r->tfs, left, sizeof(left)))
		return ret;
	if (ret && len)
		snprintf(r->err + len, RECORD_ERR_LEN - len, "; %s", left);
	else
		snprintf(r->err, RECORD_ERR_LEN, "%s", left);
	return -1;
}

/* The instance removed first: the trace is put in place only when all went well. */
static int finish(struct record_session *r)
{
	/* the command's and our own files of the instance would keep it */
	stop_child(r);
	streams_close(&r->streams, true);
	if (teardown(r, 0))
		return -1;
	/* SIGTERM while the trace was being written: still no trace */
	if (on_signal(r) < 0)
		return -1;
	return r->o->place(r->o->place_data, r->tmp_out, r->err, RECORD_ERR_LEN);
}

static int cleanup(struct record_session *r, int ret)
{
	stop_child(r);
	streams_close(&r->streams, true);
	ret = teardown(r, ret);
	if (r->tmp_out[0])
		unlink(r->tmp_out);
	record_workdir_remove(&r->workdir);
	if (r->exec_pipe >= 0)
		close(r->exec_pipe);
	if (r->timerfd >= 0)
		close(r->timerfd);
	if (r->sigfd >= 0) {
		/* handled or too late to matter: not delivered when unblocked */
		struct signalfd_siginfo si;

		while (read(r->sigfd, &si, sizeof(si)) == sizeof(si))
			;
		close(r->sigfd);
	}
	sigprocmask(SIG_SETMASK, &r->old_mask, NULL);
	return ret;
}


/**
 * record_session_init() - a session not started yet
 * @r: the session
 * @o: what to record
 * @res: zeroed here; filled with per-CPU statistics and the command's status
 * @err: RECORD_ERR_LEN bytes for the message on failure
 */
void record_session_init(struct record_session *r, const struct record_options *o,
			 struct record_result *res, char *err)
{
	*r = (struct record_session){ .o = o, .res = res, .err = err, .sigfd = -1,
				      .timerfd = -1, .child = -1, .exec_pipe = -1,
				      .go_pipe = -1 };
	/* the mask the cleanup puts back, also when the session fails before blocking any */
	sigprocmask(SIG_SETMASK, NULL, &r->old_mask);
	memset(res, 0, sizeof(*res));
	res->child_status = -1;
	err[0] = '\0';
}

/**
 * record_session_start() - the instance, its readers and the command, tracing on
 * @r: the session
 *
 * Signals are blocked (read through the session), the instance is set up
 * and locked, every CPU's reader open, the command started but held,
 * tracing on with the metadata lines written (docs/semantics.md section
 * 7). record_session_release() then lets the command run.
 *
 * Return: 0, or -1 with the error set. record_session_cleanup() in both cases.
 */
int record_session_start(struct record_session *r)
{
	if (geteuid() != 0)
		return record_session_fail(r, "%s needs root (tracefs belongs to root)",
					   r->o->what ? r->o->what : "recording");
	if (block_signals(r) || start_timer(r))
		return -1;
	if (record_tracefs_setup(&r->tfs, r->o, r->err, RECORD_ERR_LEN))
		return -1;
	if (make_workdir(r))
		return -1;
	if (streams_open(&r->streams, r->tfs.own.fd, r->workdir.path, r->err, RECORD_ERR_LEN))
		return -1;
	/* from here its files are open: nobody can remove it before we do */
	if (record_instance_check(&r->tfs.own, false, r->err, RECORD_ERR_LEN))
		return -1;
	if (spawn(r))
		return -1;
	if (tracefs_trace_on(r->tfs.inst))
		return record_session_fail(r, "cannot turn tracing on in %s", r->tfs.own.name);
	if (events_metadata_write(r->tfs.inst, r->o, r->tfs.enabled) ||
	    kernel_metadata_write(r->tfs.inst))
		return record_session_fail(r, "cannot write the list of events into %s",
					   r->tfs.own.name);
	r->res->tasks = task_metadata_write(r->tfs.inst, "/proc");
	return 0;
}

/**
 * record_session_release() - the command runs, once the caller is ready for its events
 * @r: the session, started
 *
 * Return: 0, or -1 with the error set (the command could not be executed).
 */
int record_session_release(struct record_session *r)
{
	return release_child(r);
}

/**
 * record_session_poll() - wait for the caller's descriptors, a signal or the time limit
 * @r: the session
 * @fds: the caller's descriptors, and room for two more after them
 * @nr: how many are the caller's
 * @timeout_ms: the longest wait
 *
 * The instance is checked to be still ours.
 *
 * Return: 1 to stop (the command ended, SIGINT, the time limit), 0 to go
 * on, -1 on error (SIGTERM, SIGHUP, SIGQUIT: aborted).
 */
int record_session_poll(struct record_session *r, struct pollfd *fds, int nr, int timeout_ms)
{
	int ret;

	fds[nr] = (struct pollfd){ .fd = r->sigfd, .events = POLLIN };
	fds[nr + 1] = (struct pollfd){ .fd = r->timerfd, .events = POLLIN };
	if (poll(fds, nr + 2, timeout_ms) < 0 && errno != EINTR)
		return record_session_fail(r, "poll: %s", strerror(errno));
	if (record_instance_check(&r->tfs.own, true, r->err, RECORD_ERR_LEN))
		return -1;
	ret = on_signal(r);
	if (ret)
		return ret < 0 ? -1 : 1;
	return r->timerfd >= 0 && (fds[nr + 1].revents & POLLIN) ? 1 : 0;
}

/**
 * record_session_stop() - tracing off in the instance
 * @r: the session
 *
 * Return: 0, or -1 with the error set.
 */
int record_session_stop(struct record_session *r)
{
	if (tracefs_trace_off(r->tfs.inst))
		return record_session_fail(r, "cannot turn tracing off in %s", r->tfs.own.name);
	return 0;
}

/**
 * record_session_write() - the trace.dat of what the CPUs' files hold
 * @r: the session
 * @path: where; NULL: the work folder's trace.dat, which record_session_finish() places
 *
 * Every CPU's file as it is now: empty ones make a trace.dat of the
 * formats, kallsyms and metadata alone (the header a live reader opens).
 *
 * Return: 0, or -1 with the error set.
 */
int record_session_write(struct record_session *r, const char *path)
{
	return write_trace(r, path ? path : r->tmp_out);
}

/**
 * record_session_finish() - the instance removed, then the trace put in place
 * @r: the session, its trace written
 *
 * Return: 0, or -1 with the error set.
 */
int record_session_finish(struct record_session *r)
{
	return finish(r);
}

/**
 * record_session_cleanup() - whatever happened, the machine as it was found
 * @r: the session
 * @ret: how it went so far
 *
 * The command stopped, the instance removed (tracefs unmounted if we
 * mounted it), the work folder removed, the signals restored.
 *
 * Return: @ret, or -1 when the instance could not be removed.
 */
int record_session_cleanup(struct record_session *r, int ret)
{
	return cleanup(r, ret);
}

/**
 * record_session_stats() - the per-CPU statistics now, into the result
 * @r: the session
 */
void record_session_stats(struct record_session *r)
{
	char *stats[r->streams.nr ? r->streams.nr : 1];

	read_stats(r, stats);
	for (int i = 0; i < r->streams.nr; i++)
		free(stats[i]);
}
