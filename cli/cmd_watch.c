// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay watch [-d SECONDS] [-b KB] [--cpus LIST] [--jsonl FILE] [--save FILE]
 *                [--flight-dir DIR] [--keep T|SIZE] [--after T] [--max-files N]
 *                [--on-violation CMD] [REPLAY OPTIONS] [-- COMMAND [ARGS...]]
 * The monitors judge as the events arrive (docs/design/watch.md): the
 * events the monitors need, traced in an instance of our own as `record`
 * traces them, read as they are written (recorder/watch_source.c), and
 * replayed by the same engine as a file (the live reader,
 * parsers/trace_input_live.c). Each violation is told at once, on
 * standard error and with --jsonl as a line of JSON; at the end the
 * report, as rvreplay prints a trace's, and its exit code.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "catalog.h"
#include "flight.h"
#include "cmd_replay.h"
#include "escape.h"
#include "explain.h"
#include "on_violation.h"
#include "output_file.h"
#include "progress.h"
#include "record_events.h"
#include "task_metadata.h"
#include "watch_source.h"
#include "watcher_place.h"

#define LIVE_NAME	"(live)"

static const char watch_usage[] =
"usage: rvreplay watch [-d SECONDS] [-b KB] [--cpus LIST] [--jsonl FILE] [--save FILE]\n"
"                      [--flight-dir DIR] [--keep T|SIZE] [--after T] [--max-files N]\n"
"                      [--on-violation CMD] [REPLAY OPTIONS] [-- COMMAND [ARGS...]]\n"
"\n"
"Judge as the events arrive: the events the monitors need (default: rtapp) are\n"
"traced in a tracefs instance of rvreplay's own, as rvreplay record traces them,\n"
"read as the kernel writes them and replayed by the same engine, while COMMAND\n"
"runs (or until SIGINT or SIGTERM, or for SECONDS). Each violation is told on\n"
"standard error as it is judged; at the end the report, as rvreplay prints a\n"
"trace's. The instance is removed at the end, on errors and on signals.\n"
"\n"
"  -d, --duration S     stop after S seconds\n"
"  -b, --buffer-kb KB   ring buffer per CPU (default 4096)\n"
"      --cpus LIST      run the watcher there (\"0\", \"0-1,4\"): the housekeeping CPUs,\n"
"                       off the real-time ones; COMMAND keeps its own. Never at a\n"
"                       real-time priority\n"
"      --jsonl FILE     each violation as it is judged, a line of JSON, flushed\n"
"      --save FILE      the events judged, as a trace.dat rvreplay replays to the\n"
"                       same verdicts\n"
"      --flight-dir DIR a flight recorder: after each violation (--after), write\n"
"                       DIR/violation-N.dat, the last --keep of events with the\n"
"                       watch's start, which rvreplay replays to the violation\n"
"      --keep T|SIZE    the window kept: a time (10s, default; 500ms) or the\n"
"                       size of all CPUs' pages (64M)\n"
"      --after T        the events kept after a violation (default 1s)\n"
"      --max-files N    flight files at most (default 100)\n"
"      --on-violation CMD  sh -c CMD with the violation's JSON line on its standard\n"
"                       input; one at a time, 32 waiting at most (more are counted,\n"
"                       not passed on), 10 s each, 1 s in all at the end\n"
"  -h, --help           print this help\n"
"\n"
"REPLAY OPTIONS are rvreplay's (rvreplay --help): -m, --spec, --profile, --hz, -o,\n"
"--json, -s, -q, --all, --pid, --cpu, --lost-events, ... Not with watch: --html,\n"
"--chrome-trace, --comm, --waivers, --baseline, --junit, --jsonl of a batch,\n"
"folders or several traces.\n"
"\n"
"Exit status: 0 no violation, 1 violations, 2 error (as rvreplay's) or evidence\n"
"lost: a flight file not written or past --max-files, a violation not passed on\n"
"to --on-violation's CMD or a CMD that failed, a --jsonl line its reader did not\n"
"take in time (each said, even with -q).\n";

struct watch_cli {
	struct replay_cli	c;
	struct record_options	rec;
	const char		*jsonl;		/* --jsonl FILE */
	struct output_file	jsonl_out;
	FILE			*jsonl_file;	/* a regular file's stream, closed at the end */
	int			jsonl_fd;	/* where the lines go, whole or not at all; -1 */
	bool			jsonl_pipe;	/* a FIFO: a line goes only if it fits */
	unsigned long		jsonl_dropped;	/* lines its reader did not take in time */
	char			*line;		/* the JSON line being made */
	size_t			line_len;
	const char		*save;		/* --save FILE */
	struct output_file	save_out;
	struct on_violation	react;		/* --on-violation CMD */
	struct flight_options	flight;		/* --flight-dir and its window */
	struct watch_source	*src;
	unsigned long		not_kept;	/* violations past --max-files */
	unsigned long		not_flown;	/* flight files that could not be written */
	bool			cut;		/* ended before all events traced were read */
	cpu_set_t		cpus;		/* --cpus */
	bool			cpus_set;
	char			**rargv;	/* rvreplay's options, for replay_cli_parse() */
	int			rargc;
	bool			jsonl_failed;
};

/* "10s", "500ms": a time in nanoseconds. Return: 0, or -1. */
static int parse_duration(const char *s, uint64_t *ns)
{
	char *end;
	unsigned long long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	v = strtoull(s, &end, 10);
	if (v > 86400ULL * 1000)
		return -1;
	if (!strcmp(end, "s"))
		*ns = v * 1000000000ULL;
	else if (!strcmp(end, "ms"))
		*ns = v * 1000000ULL;
	else
		return -1;
	return 0;
}

/* --flight-dir, --keep, --after, --max-files. Return: 1 taken, 0 not one, -1 bad. */
static int flight_option(struct watch_cli *w, const char *opt, const char *arg)
{
	struct flight_options *f = &w->flight;

	if (!strcmp(opt, "--flight-dir")) {
		if (!arg || !*arg)
			return cmd_usage_error("rvreplay watch", "--flight-dir needs a DIR"), -1;
		f->dir = arg;
	} else if (!strcmp(opt, "--keep")) {
		f->keep_ns = f->keep_bytes = 0;
		if (parse_duration(arg, &f->keep_ns) && cmd_parse_size(arg ? arg : "", &f->keep_bytes))
			return cmd_usage_error("rvreplay watch", "bad --keep '%s' (a time as 10s or "
					       "500ms, or a size as 64M)", arg ? arg : ""), -1;
		if (!f->keep_ns && !f->keep_bytes)
			return cmd_usage_error("rvreplay watch", "--keep 0: nothing kept"), -1;
	} else if (!strcmp(opt, "--after")) {
		if (parse_duration(arg, &f->after_ns))
			return cmd_usage_error("rvreplay watch", "bad --after '%s' (a time as 1s or "
					       "200ms)", arg ? arg : ""), -1;
	} else if (!strcmp(opt, "--max-files")) {
		if (!arg || cmd_parse_uint(arg, 1000000, &f->max_files) || !f->max_files)
			return cmd_usage_error("rvreplay watch", "bad --max-files '%s'",
					       arg ? arg : ""), -1;
	} else {
		return 0;
	}
	return 1;
}

/* One of watch's own options, and its value. Return: 1 taken, 0 not watch's, -1 bad. */
static int own_option(struct watch_cli *w, const char *opt, const char *arg)
{
	int ret = flight_option(w, opt, arg);

	if (ret)
		return ret;
	if (!strcmp(opt, "-d") || !strcmp(opt, "--duration")) {
		if (!arg || cmd_parse_uint(arg, 86400 * 365, &w->rec.duration_s))
			return cmd_usage_error("rvreplay watch", "bad --duration '%s'",
					       arg ? arg : ""), -1;
	} else if (!strcmp(opt, "-b") || !strcmp(opt, "--buffer-kb")) {
		if (!arg || cmd_parse_uint(arg, 1 << 22, &w->rec.buffer_kb) || !w->rec.buffer_kb)
			return cmd_usage_error("rvreplay watch", "bad --buffer-kb '%s'",
					       arg ? arg : ""), -1;
	} else if (!strcmp(opt, "--cpus")) {
		if (!arg || watcher_cpus_parse(arg, &w->cpus))
			return cmd_usage_error("rvreplay watch", "bad --cpus '%s' (a list as "
					       "\"0-1,4\")", arg ? arg : ""), -1;
		w->cpus_set = true;
	} else if (!strcmp(opt, "--on-violation")) {
		if (!arg || !*arg)
			return cmd_usage_error("rvreplay watch", "--on-violation needs a CMD"), -1;
		w->react.command = arg;
	} else if (!strcmp(opt, "--jsonl") || !strcmp(opt, "--save")) {
		if (!arg)
			return cmd_usage_error("rvreplay watch", "%s needs a FILE", opt), -1;
		*(opt[2] == 'j' ? &w->jsonl : &w->save) = arg;
	} else {
		return 0;
	}
	return 1;
}

/*
 * watch's options out of argv, the others kept for rvreplay's parser,
 * the command after "--". Return: 0, -1 on a usage error, 1 after help.
 */
static int split(struct watch_cli *w, int argc, char **argv)
{
	w->rargv = calloc(argc + 2, sizeof(*w->rargv));
	if (!w->rargv)
		return cmd_usage_error("rvreplay watch", "out of memory"), -1;
	w->rargv[w->rargc++] = "rvreplay";
	for (int i = 1; i < argc; i++) {
		char opt[32], *eq = strchr(argv[i], '=');
		const char *arg;
		int ret;

		if (!strcmp(argv[i], "--")) {
			w->rec.argv = i + 1 < argc ? argv + i + 1 : NULL;
			break;
		}
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(watch_usage, stdout);
			return 1;
		}
		snprintf(opt, sizeof(opt), "%.*s", eq && argv[i][1] == '-' ?
			 (int)(eq - argv[i]) : (int)strlen(argv[i]), argv[i]);
		arg = eq && argv[i][1] == '-' ? eq + 1 : (i + 1 < argc ? argv[i + 1] : NULL);
		ret = own_option(w, opt, arg);
		if (ret < 0)
			return -1;
		if (ret && !(eq && argv[i][1] == '-'))
			i++;
		if (!ret)
			w->rargv[w->rargc++] = argv[i];
	}
	w->rargv[w->rargc++] = LIVE_NAME;
	return 0;
}

/* What a live trace cannot do: a second pass over it, several traces. */
static int refused(const struct replay_cli *c)
{
	const char *what = c->list.batch ? "a folder or several traces" :
			   c->html ? "--html" : c->chrome ? "--chrome-trace" :
			   c->perfetto ? "--perfetto" :
			   c->filter.nr_comms ? "--comm" : c->waivers_path ? "--waivers" :
			   c->baseline_path ? "--baseline" : c->junit ? "--junit" :
			   c->jsonl ? "--jsonl" : NULL;

	if (!what)
		return 0;
	return cmd_usage_error("rvreplay watch", "%s: not with watch (rvreplay watch --help)",
			       what), -1;
}

/* The kernel's profile and HZ, named: nothing reads the live trace ahead of its replay. */
static int settle(struct watch_cli *w, struct replay_options *chosen)
{
	struct replay_cli *c = &w->c;
	char err[TRACE_ERR_LEN];
	struct utsname u;

	uname(&u);
	chosen->profile = c->common.profile ? rv_profile_find(c->common.profile) :
			  catalog_profile_of(u.release);
	if (!chosen->profile)
		return cmd_usage_error("rvreplay watch", "unknown profile '%s' (6.17, 7.1 or 7.3)",
				       c->common.profile), -1;
	c->common.profile = chosen->profile->name;
	if (!c->common.hz)
		c->common.hz = kernel_hz();
	if (catalog_select(c->common.names, c->common.nr_names, c->common.rules, c->common.nr_rules,
			   chosen, err))
		return cmd_usage_error("rvreplay watch", "%s", err), -1;
	record_events_choose(&w->rec, chosen, false);
	return 0;
}

/* --on-violation: the violation's JSON line to CMD. */
static void react(struct watch_cli *w, const struct report *rep, const struct verdict *v)
{
	char *line = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&line, &len);

	if (!f) {
		w->react.failed++;
		return;
	}
	if (report_json_verdict_line((struct report *)rep, v, f))
		w->react.failed++;
	if (fclose(f) == 0 && len)
		on_violation_run(&w->react, line, len);
	free(line);
}

/* At a tick: a violation waiting for --on-violation's CMD, to it once none runs. */
static void react_next(void *data)
{
	on_violation_poll(&((struct watch_cli *)data)->react);
}

/* What --on-violation did, said when something was not passed on or failed (even with -q). */
static void react_said(const struct watch_cli *w)
{
	const struct on_violation *ov = &w->react;

	if (on_violation_lost(ov))
		cmd_notice(LIVE_NAME, "--on-violation: %lu violations not passed on: %lu while "
			   "%d waited already, %lu lines longer than a pipe holds, %lu still "
			   "waiting at the end", on_violation_lost(ov), ov->skipped,
			   ON_VIOLATION_QUEUE, ov->unfit, ov->not_run);
	if (w->react.failed)
		cmd_notice(LIVE_NAME, "--on-violation: %lu of %lu runs failed (did not start, "
			   "exited non-zero or took more than %d s)", w->react.failed,
			   w->react.runs, ON_VIOLATION_SECONDS);
}

/*
 * Room in the pipe for @len bytes, so that the line goes whole: a pipe
 * holds pages, and a write ends in a page of its own when its last bytes
 * do not fit the one before, so the unread bytes fill at worst half of
 * the pages they hold (and the head one may be read in part).
 */
static bool pipe_room(int fd, size_t len)
{
	long size = fcntl(fd, F_GETPIPE_SZ), page = sysconf(_SC_PAGESIZE);
	int unread = 0;
	long used;

	if (size <= 0 || page <= 0 || ioctl(fd, FIONREAD, &unread) || unread < 0)
		return false;
	used = (2 * ((unread + page - 1) / page) + 2) * page;
	return used <= size && len <= (size_t)(size - used);
}

/* A line to --jsonl, whole or not at all: never waits for a reader. */
static void jsonl_send(struct watch_cli *w, const char *line, size_t len)
{
	ssize_t n;

	if (w->jsonl_pipe && !pipe_room(w->jsonl_fd, len)) {
		w->jsonl_dropped++;
		return;
	}
	n = write(w->jsonl_fd, line, len);
	if (n == (ssize_t)len)
		return;
	if (n < 0 && (errno == EAGAIN || errno == EPIPE))
		w->jsonl_dropped++;	/* its reader slow or gone */
	else
		w->jsonl_failed = true;
}

/* The stream a --jsonl line is made in, or NULL without --jsonl. */
static FILE *line_begin(struct watch_cli *w)
{
	FILE *f;

	if (w->jsonl_fd < 0 || w->jsonl_failed)
		return NULL;
	f = open_memstream(&w->line, &w->line_len);
	if (!f)
		w->jsonl_failed = true;
	return f;
}

/* The line made in @f to --jsonl; @made: its maker's return, 0 when whole. */
static void line_end(struct watch_cli *w, FILE *f, int made)
{
	if (!f)
		return;
	if (fclose(f) || made)
		w->jsonl_failed = true;
	else
		jsonl_send(w, w->line, w->line_len);
	free(w->line);
	w->line = NULL;
}

/* A flight file written (or not): said, and a JSON line. */
static void flown(void *data, const char *file, const uint64_t *ts, int n, bool written)
{
	struct watch_cli *w = data;
	char name[ESCAPE_LEN(4096)];
	FILE *f = line_begin(w);

	if (f) {
		fprintf(f, "{\"type\":\"flight\",\"file\":");
		report_json_string(file, f);
		fprintf(f, ",\"written\":%s,\"violations_ts_ns\":[", written ? "true" : "false");
		for (int i = 0; i < n; i++)
			fprintf(f, "%s%llu", i ? "," : "", (unsigned long long)ts[i]);
		line_end(w, f, fprintf(f, "]}\n") < 0);
	}
	escape(file, name, sizeof(name));
	if (!written) {
		w->not_flown++;
		cmd_notice(LIVE_NAME, "%s: the flight file could not be written", name);
	} else if (!w->c.common.quiet) {
		fprintf(stderr, "rvreplay: watch: %s: %d violation%s and the events around\n", name,
			n, n == 1 ? "" : "s");
	}
}

/* A violation's line on standard error: @how says a held one's sleep is not over. */
static void say_violation(const struct watch_cli *w, const struct report *rep,
			  const struct verdict *v, const char *how, const char *reason)
{
	char ts[32], comm[ESCAPE_LEN(TRACE_COMM_LEN)], prio[16];

	if (w->c.common.quiet)
		return;
	time_text(rep->replay->times, v->ts, ts, sizeof(ts));
	explain_prio(v->prio, prio, sizeof(prio));
	fprintf(stderr, "rvreplay: watch: %s %s violation%s: %s pid %d prio %s, CPU %d: %s\n", ts,
		v->monitor->name, how, escape(v->comm, comm, sizeof(comm)), v->pid, prio, v->cpu,
		reason);
}

/* A violation as it is judged: one line on standard error, one of JSON with --jsonl. */
static void told(void *data, const struct report *rep, const struct verdict *v,
		 const char *reason)
{
	struct watch_cli *w = data;
	FILE *f = line_begin(w);

	if (f)
		line_end(w, f, report_json_verdict_line((struct report *)rep, v, f));
	if (w->react.command)
		react(w, rep, v);
	if (w->flight.dir && !watch_source_flight(w->src, v->ts))
		w->not_kept++;
	say_violation(w, rep, v, "", reason);
}

/* Events lost: said at once, with what --lost-events does about them. */
static void lost(void *data, const struct report *rep, const struct lost_gap *g)
{
	static const char *const mode[] = {
		[LOST_RESET] = "every instance starts over", [LOST_IGNORE] = "ignored",
		[LOST_FAIL] = "the watch stops",
	};
	struct watch_cli *w = data;
	char ts[32], count[32] = "events (how many unknown)";
	FILE *f = line_begin(w);

	if (f)
		line_end(w, f, report_json_lost_line(g, f));
	if (g->where != LOST_MID && g->where != LOST_START)
		return;		/* dropped, damaged: from the end, the report says them */
	time_text(rep->replay->times, g->ts, ts, sizeof(ts));
	if (g->count >= 0)
		snprintf(count, sizeof(count), "%lld event%s", g->count, g->count == 1 ? "" : "s");
	cmd_warning(LIVE_NAME, "CPU %d: %s lost before %s%s (--lost-events: %s)", g->cpu, count,
		    g->where == LOST_START ? "its first record, " : "", ts,
		    mode[rep->replay->lost]);
}

/* A record that came after later ones were judged: never judged out of order, said now. */
static void late(void *data, const struct trace_live_late *l)
{
	cmd_warning(LIVE_NAME, "CPU %d: a record at %llu.%09llu came after records up to "
		    "%llu.%09llu were judged: not judged, counted as events lost (reorder window "
		    "now %llu ms)", l->cpu, (unsigned long long)(l->ts / 1000000000),
		    (unsigned long long)(l->ts % 1000000000),
		    (unsigned long long)(l->released_ts / 1000000000),
		    (unsigned long long)(l->released_ts % 1000000000),
		    (unsigned long long)(l->window_ns / 1000000));
}

/* A sleep violation held until the task runs again: told now, whole when it runs. */
static void held(void *data, const struct report *rep, const struct verdict *v,
		 const char *reason)
{
	struct watch_cli *w = data;
	FILE *f = line_begin(w);

	if (f)
		line_end(w, f, report_json_held_line((struct report *)rep, v, f));
	say_violation(w, rep, v, ", its sleep not over yet", reason);
}

/* --jsonl a regular file: a new one put in place, written by its descriptor. */
static int jsonl_open_file(struct watch_cli *w, char *err, size_t len)
{
	w->jsonl_file = output_file_stream(&w->jsonl_out, err, len);
	if (!w->jsonl_file)
		return -1;
	w->jsonl_fd = fileno(w->jsonl_file);
	/* not COMMAND's, nor --on-violation's */
	return fcntl(w->jsonl_fd, F_SETFD, FD_CLOEXEC) ? -1 : 0;
}

/*
 * --jsonl a FIFO or device, opened without waiting: a FIFO with no reader
 * is refused, not waited for; a reader is given a pipe of 1 MiB if it may.
 */
static int jsonl_open_direct(struct watch_cli *w, char *err, size_t len)
{
	int fd = open(w->jsonl, O_WRONLY | O_NONBLOCK | O_CLOEXEC), e = errno;
	struct stat st;

	if (fd < 0 && e == ENXIO && !stat(w->jsonl, &st) && S_ISFIFO(st.st_mode)) {
		snprintf(err, len, "a FIFO with no reader: start its reader first");
		return -1;
	}
	if (fd < 0) {
		snprintf(err, len, "cannot write: %s", strerror(e));
		return -1;
	}
	if (fstat(fd, &st) || st.st_dev != w->jsonl_out.dev || st.st_ino != w->jsonl_out.ino) {
		close(fd);
		snprintf(err, len, "cannot write: no longer the file it was at the start");
		return -1;
	}
	w->jsonl_pipe = S_ISFIFO(st.st_mode);
	if (w->jsonl_pipe)
		fcntl(fd, F_SETPIPE_SZ, 1 << 20);
	w->jsonl_fd = fd;
	return 0;
}

/* The files watch writes besides the report: --jsonl now, --save at the end. */
static int outputs_open(struct watch_cli *w)
{
	char err[TRACE_ERR_LEN];

	if (w->save && output_file_prepare(&w->save_out, w->save, -1, err, sizeof(err))) {
		cmd_error(w->save, "%s", err);
		return -1;
	}
	w->rec.output = w->save ? w->save : LIVE_NAME;
	/* without --save, the pages read go to a work folder in /tmp, removed at the end */
	w->rec.workdir_near = w->save ? output_file_workdir(&w->save_out) : "/tmp/rvreplay-watch";
	record_events_outputs(&w->rec, &w->save_out);
	if (w->flight.dir && access(w->flight.dir, W_OK | X_OK)) {
		cmd_error(w->flight.dir, "--flight-dir: %s", strerror(errno));
		return -1;
	}
	if (!w->jsonl)
		return 0;
	/* written as the violations come, for tail -f: in place from the start */
	if (output_file_prepare(&w->jsonl_out, w->jsonl, -1, err, sizeof(err)) ||
	    (w->jsonl_out.direct ? jsonl_open_direct(w, err, sizeof(err)) :
	     jsonl_open_file(w, err, sizeof(err)))) {
		cmd_error(w->jsonl, "%s", err);
		return -1;
	}
	return 0;
}

/* The --jsonl file closed: a line that could not be written is an error. */
static int jsonl_close(struct watch_cli *w, int ret)
{
	int closed;

	if (w->jsonl_fd < 0)
		return ret;
	closed = w->jsonl_file ? fclose(w->jsonl_file) : close(w->jsonl_fd);
	if (closed || w->jsonl_failed) {
		cmd_error(w->jsonl, "a violation could not be written");
		return EXIT_ERROR;
	}
	return ret;
}

/* Evidence lost, each loss said when it happened: exit 2, whatever the verdict. */
static int evidence_kept(const struct watch_cli *w, int ret)
{
	if (w->not_flown || w->not_kept || on_violation_lost(&w->react) || w->react.failed ||
	    w->jsonl_dropped || w->cut)
		return EXIT_ERROR;
	return ret;
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static double seconds(struct timeval t)
{
	return t.tv_sec + t.tv_usec / 1e6;
}

/* What watching cost: the watcher's own CPU time (not the command's), and what it read. */
static void cost_said(const struct watch_cli *w, const struct record_result *res, double wall)
{
	struct rusage ru;
	unsigned long long bytes = 0;

	if (w->c.common.quiet || getrusage(RUSAGE_SELF, &ru))
		return;
	for (int i = 0; res->stats && i < res->cpus; i++)
		bytes += res->stats[i].bytes;
	fprintf(stderr, "rvreplay: %s: watched for %.2f s, %llu KiB of events read; the watcher "
		"used %.2f s of CPU (user %.2f, system %.2f)\n", LIVE_NAME, wall, bytes / 1024,
		seconds(ru.ru_utime) + seconds(ru.ru_stime), seconds(ru.ru_utime),
		seconds(ru.ru_stime));
}

static int run(struct watch_cli *w)
{
	double start = now_s();
	struct report_tap tap = { .verdict = told, .held = held, .lost = lost, .data = w };
	struct trace_live_options live = { 0 };
	struct record_result res;
	struct watch_source *src;
	char err[RECORD_ERR_LEN];
	int ret;

	w->flight.told = flown;
	w->flight.data = w;
	src = watch_source_start(&w->rec, w->cpus_set ? &w->cpus : NULL,
				 w->flight.dir ? &w->flight : NULL, &res, err);
	w->src = src;
	if (!src) {
		cmd_error(w->rec.output, "%s", err);
		record_result_free(&res);
		return EXIT_ERROR;
	}
	/* a reader gone is a line dropped, not the end (COMMAND, forked, keeps its SIGPIPE) */
	signal(SIGPIPE, SIG_IGN);
	watch_source_live(src, &live);
	live.late = late;
	watch_source_on_tick(src, react_next, w);
	cmd_open_live(watch_source_header(src), &live);
	w->c.report.tap = &tap;
	w->c.live = true;
	/* told as they come: a context is not held for records after the run */
	w->c.replay.context_centred = false;
	ret = replay_cli_trace(&w->c);
	cmd_open_live(NULL, NULL);
	w->cut = watch_source_cut(src);
	if (w->cut)
		cmd_notice(LIVE_NAME, "ended before all the events traced were read (told to end, "
			   "it reads what is left for 1 s at most, or a CPU's queue was "
			   "full): the last ones not judged");
	on_violation_finish(&w->react);
	react_said(w);
	if (w->jsonl_dropped)
		cmd_notice(LIVE_NAME, "--jsonl: %lu lines dropped: its reader did not take them in "
			   "time", w->jsonl_dropped);
	if (w->not_kept)
		cmd_notice(LIVE_NAME, "%lu violations have no flight file: --max-files %lu reached",
			   w->not_kept, w->flight.max_files);
	cost_said(w, &res, now_s() - start);
	/* its own failure said (an error before was said when it happened) */
	err[0] = '\0';
	if (watch_source_end(src, ret == EXIT_ERROR ? -1 : 0, w->save != NULL)) {
		if (err[0])
			cmd_error(w->rec.output, "%s", err);
		ret = EXIT_ERROR;
	}
	record_result_free(&res);
	return evidence_kept(w, ret);
}

/**
 * cmd_watch() - rvreplay watch
 * @argc: argument count
 * @argv: arguments ("watch" first)
 *
 * Return: the exit code.
 */
int cmd_watch(int argc, char **argv)
{
	struct replay_options chosen = { 0 };
	struct watch_cli w = { .rec = { .buffer_kb = 4096, .kallsyms = true, .what = "watching",
					.term_stops = true },
			       .flight = { .keep_ns = 10000000000ULL, .after_ns = 1000000000ULL,
					   .max_files = 100 }, .jsonl_fd = -1 };
	int ret = split(&w, argc, argv);

	if (!ret)
		ret = replay_cli_parse(&w.c, w.rargc, w.rargv);
	if (!ret)
		ret = refused(&w.c);
	if (!ret)
		ret = settle(&w, &chosen);
	if (ret) {
		free(w.rargv);
		trace_list_free(&w.c.list);
		return ret < 0 ? EXIT_ERROR : EXIT_CLEAN;
	}
	w.rec.quiet = w.c.common.quiet;
	progress_disable();
	ret = outputs_open(&w) ? EXIT_ERROR : run(&w);
	ret = jsonl_close(&w, ret);
	free(w.rargv);
	trace_list_free(&w.c.list);
	return ret;
}
