// SPDX-License-Identifier: GPL-2.0-only
/*
 * A recording, start to end, in one thread and one poll(2) loop over the
 * per-CPU ring buffers and the session's signals and time limit
 * (record_session.c), each readable CPU drained into its file. The
 * trace.dat is written in a work folder and renamed into place only when
 * complete.
 *
 * Why our own recorder: trace-cmd record must write
 * /proc/sys/kernel/ftrace_enabled and stops where that file is read-only,
 * and it changes the top-level instance. This one touches only its own
 * instance, streams pages with splice, and writes trace.dat version 6
 * (uncompressed, the simplest format both trace-cmd and rvreplay read).
 */
#include <stdlib.h>

#include "record.h"
#include "record_session.h"

#define POLL_MS		200

static uint64_t streamed(const struct record_streams *s)
{
	uint64_t bytes = 0;

	for (int i = 0; i < s->nr; i++)
		bytes += s->cpus[i].bytes;
	return bytes;
}

static int loop(struct record_session *r)
{
	struct pollfd fds[r->streams.nr + 2];
	int ret;

	for (;;) {
		ret = record_session_poll(r, fds, streams_poll_fds(&r->streams, fds), POLL_MS);
		if (ret < 0)
			return -1;
		if (streams_drain(&r->streams, r->err, RECORD_ERR_LEN))
			return -1;
		if (r->o->progress)
			r->o->progress(streamed(&r->streams));
		if (ret)
			return 0;
	}
}

static int record(struct record_session *r)
{
	if (record_session_start(r) || record_session_release(r) || loop(r))
		return -1;
	if (record_session_stop(r))
		return -1;
	if (streams_flush(&r->streams, r->err, RECORD_ERR_LEN) || record_session_write(r, NULL))
		return -1;
	return record_session_finish(r);
}

/**
 * record_run() - record the events until the command ends, SIGINT or the time limit
 * @o: what to record and where
 * @res: filled with per-CPU statistics and the command's status
 * @err: RECORD_ERR_LEN bytes for the message on failure
 *
 * Whatever happens, the instance is removed, tracefs is unmounted if we
 * mounted it, and no partial output is left: the trace is written in a
 * work folder next to @o->workdir_near and put in place by @o->place()
 * only when complete, and the instance is removed. SIGTERM, SIGHUP and
 * SIGQUIT abort without output; SIGINT stops and writes the trace. What
 * recorders that died left (an instance, a work folder next to the
 * output) is cleaned up on the way, once proven theirs, and told to
 * @o->notice.
 *
 * Return: 0, or -1 with @err set: an error, an instance taken over during
 * the recording, or one that cannot be removed (left stopped).
 */
int record_run(const struct record_options *o, struct record_result *res, char *err)
{
	struct record_session r;

	record_session_init(&r, o, res, err);
	return record_session_cleanup(&r, record(&r));
}

void record_result_free(struct record_result *res)
{
	free(res->stats);
	res->stats = NULL;
}
