// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay [OPTIONS] TRACE.dat: replay a trace through the monitors and
 * report every violation.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "baseline.h"
#include "batch.h"
#include "catalog.h"
#include "cmd.h"
#include "gate.h"
#include "output_file.h"
#include "progress.h"
#include "report.h"
#include "report_pictures.h"
#include "task_names.h"
#include "trace_list.h"
#include "trace_result.h"

#define MAX_NAMES	16
#define MAX_CONTEXT	1000
#define MAX_JOBS	1024

struct replay_cli {
	const char		*names[MAX_NAMES];
	int			nr_names;
	struct replay_options	replay;
	struct report_options	report;
	struct report_filter	filter;
	const char		*output;
	const char		*arch;
	const char		*buffer;
	const char		*color;
	const char		*profile;
	const char		*path;
	uint64_t		max_inflated;
	bool			around;		/* --around: --from and --to set by it */
	enum time_unit		ts;		/* --ts */
	bool			quiet;
	bool			named;		/* -m named monitors, not only the container */
	struct gate_monitor	unavailable[MAX_MONITORS];
	const char		*html;		/* --html FILE */
	const char		*chrome;	/* --chrome-trace FILE */
	const char		*waivers_path;	/* --waivers FILE */
	struct waivers		waivers;
	struct trace_list	list;		/* the traces */
	const char		*index_file;	/* --index-file LIST */
	long			index;		/* --index N, -1: every trace of LIST */
	unsigned long		jobs;		/* -j N */
	unsigned long		trace_timeout;	/* --trace-timeout S, 0: none */
	bool			max_listed_set;	/* --max-violations given */
	bool			max_explained_set;	/* --max-groups given */
	const char		*jsonl;		/* --jsonl FILE */
	const char		*junit;		/* --junit FILE */
	struct trace_result	*result;	/* the trace's, for --jsonl, --junit, --baseline */
	const char		*baseline_path;	/* --baseline OLD */
	struct baseline		old, new;	/* OLD, and this run's lines */
	bool			new_broken;	/* a line of this run could not be taken in */
	char			out_path[3][4096];	/* a trace's -o, --html, --chrome-trace in
							   the folders a batch names */
};

static const char usage_text[] =
"usage: rvreplay [OPTIONS] TRACE.dat|FOLDER...\n"
"       rvreplay COMMAND [ARGS...]\n"
"\n"
"Replay a trace-cmd trace through the kernel's rtapp LTL monitors and\n"
"explain every violation.\n"
"\n"
"Commands (rvreplay COMMAND --help, man rvreplay-COMMAND):\n"
"  list      the profiles, the monitors and the events they need\n"
"  check     whether a trace holds the events the monitors need\n"
"  record    record a trace with those events while a command runs\n"
"  diff      compare a trace's live verdicts with the replay's\n"
"  compare   compare two runs: violations new, fixed and unchanged\n"
"\n"
"Options (man rvreplay):\n"
"  -m, --monitor NAME      rtapp (default), sleep, pagefault or wakeup; repeatable\n"
"      --profile VERSION   the kernel's monitors: 6.17, 7.1 or 7.3 (default: from\n"
"                          the trace's kernel release)\n"
"      --json              write JSON (schema: rvreplay-json(5))\n"
"  -o, --output FILE       write the whole report to FILE (even with -q)\n"
"      --pid PID[,PID...]  report only these tasks\n"
"      --comm PATTERN      report only tasks whose comm matches (shell pattern)\n"
"      --cpu CPU           report only violations on this CPU\n"
"      --from SECONDS      report only from this time (as trace-cmd report shows it)\n"
"      --to SECONDS        report only up to this time\n"
"      --around T[,W]      report only within W seconds (default 0.001) of T\n"
"      --ts UNIT           times in us (default, as trace-cmd report), ns (as\n"
"                          trace-cmd report -t) or rel (from the first record)\n"
"      --context N         events shown per violation (default 8)\n"
"      --arch ARCH         the trace's architecture (default: from the trace)\n"
"      --buffer NAME       replay this buffer instance (default: the top one)\n"
"      --lost-events=MODE  reset (default), ignore or fail at lost events\n"
"      --damaged=MODE      fail (default) or report: data the reader cannot read\n"
"      --max-inflated SIZE\n"
"                          the most the trace may make rvreplay hold in memory\n"
"                          at once: chunks, sections (default 128M; K, M, G)\n"
"      --strict-start      a failed start is a violation (beyond the kernel)\n"
"      --no-infer          no inference of atoms from system call boundaries\n"
"      --kthread-comms     take kworker/..., ksoftirqd/..., rcu... to be kernel threads\n"
"      --all               every violation in full (default: groups of a task,\n"
"                          monitor and reason, their first and worst in full)\n"
"      --sort KEY          groups by time (default), latency, sleep or count\n"
"      --limit N           groups printed (default 10; 0: all)\n"
"      --max-violations N  violations --json lists (default 10000; 0 or --all:\n"
"                          every one); all are counted and grouped\n"
"      --max-groups N      groups kept in full: their first and worst violation\n"
"                          (default 10000; 0 or --all: every one); the others\n"
"                          are counted, not explained\n"
"      --stats             statistics per real-time task: sleeps, latencies, faults\n"
"      --html FILE         also write an HTML report: a timeline of each group\n"
"      --chrome-trace FILE also write the trace for Perfetto and chrome://tracing\n"
"      --waivers FILE      known violations (docs/waivers.md): reported as waived;\n"
"                          the exit code is 1 only for violations not waived\n"
"      --jsonl FILE        also write a JSON Lines line per trace (rvreplay-json(5))\n"
"      --junit FILE        also write JUnit XML: a testsuite per trace\n"
"  -j, --jobs N            traces replayed at once (default: the CPUs)\n"
"      --trace-timeout S   in a batch, a trace still replaying after S seconds\n"
"                          is stopped: not judged (exit 2), named\n"
"      --index-file LIST   the traces listed in LIST, one per line\n"
"      --index N           only the one on line N of LIST (0 the first)\n"
"      --baseline OLD      compare with an earlier run's JSON or JSON Lines: the\n"
"                          exit code is 1 only for violations that are new\n"
"  -s, --summary           no detail per violation\n"
"  -q, --quiet             no text report on stdout: errors and warnings that\n"
"                          change what was judged only; the exit code tells\n"
"      --color WHEN        auto (default), always or never\n"
"  -V, --version           print the version\n"
"  -h, --help              print this help\n"
"\n"
"Several traces (or a FOLDER of *.dat) are replayed each on its own; -o,\n"
"--html and --chrome-trace then name folders, one file per trace.\n"
"\n"
"Exit status: 0 every monitor judged the trace and found no violation,\n"
"1 violations found, 2 nothing or not everything could be judged (usage,\n"
"unreadable or damaged trace, events not recorded; see rvreplay(1));\n"
"for several traces, the worst of them.\n";

enum {
	OPT_JSON = 256, OPT_PID, OPT_COMM, OPT_CPU, OPT_FROM, OPT_TO, OPT_CONTEXT, OPT_ARCH,
	OPT_BUFFER, OPT_LOST, OPT_STRICT, OPT_NO_INFER, OPT_KCOMMS, OPT_COLOR, OPT_PROFILE,
	OPT_DAMAGED, OPT_MAX_INFLATED, OPT_TS, OPT_ALL, OPT_SORT, OPT_LIMIT, OPT_STATS, OPT_AROUND,
	OPT_HTML, OPT_CHROME, OPT_WAIVERS, OPT_JSONL, OPT_JUNIT, OPT_INDEX_FILE, OPT_INDEX,
	OPT_BASELINE, OPT_TRACE_TIMEOUT, OPT_MAX_VIOLATIONS, OPT_MAX_GROUPS,
};

static const struct option longopts[] = {
	{ "monitor", required_argument, NULL, 'm' },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "jsonl", required_argument, NULL, OPT_JSONL },
	{ "junit", required_argument, NULL, OPT_JUNIT },
	{ "jobs", required_argument, NULL, 'j' },
	{ "index-file", required_argument, NULL, OPT_INDEX_FILE },
	{ "index", required_argument, NULL, OPT_INDEX },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "trace-timeout", required_argument, NULL, OPT_TRACE_TIMEOUT },
	{ "output", required_argument, NULL, 'o' },
	{ "pid", required_argument, NULL, OPT_PID },
	{ "comm", required_argument, NULL, OPT_COMM },
	{ "cpu", required_argument, NULL, OPT_CPU },
	{ "from", required_argument, NULL, OPT_FROM },
	{ "to", required_argument, NULL, OPT_TO },
	{ "context", required_argument, NULL, OPT_CONTEXT },
	{ "arch", required_argument, NULL, OPT_ARCH },
	{ "buffer", required_argument, NULL, OPT_BUFFER },
	{ "lost-events", required_argument, NULL, OPT_LOST },
	{ "damaged", required_argument, NULL, OPT_DAMAGED },
	{ "max-inflated", required_argument, NULL, OPT_MAX_INFLATED },
	{ "strict-start", no_argument, NULL, OPT_STRICT },
	{ "no-infer", no_argument, NULL, OPT_NO_INFER },
	{ "kthread-comms", no_argument, NULL, OPT_KCOMMS },
	{ "summary", no_argument, NULL, 's' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "color", required_argument, NULL, OPT_COLOR },
	{ "ts", required_argument, NULL, OPT_TS },
	{ "all", no_argument, NULL, OPT_ALL },
	{ "sort", required_argument, NULL, OPT_SORT },
	{ "limit", required_argument, NULL, OPT_LIMIT },
	{ "max-violations", required_argument, NULL, OPT_MAX_VIOLATIONS },
	{ "max-groups", required_argument, NULL, OPT_MAX_GROUPS },
	{ "stats", no_argument, NULL, OPT_STATS },
	{ "around", required_argument, NULL, OPT_AROUND },
	{ "html", required_argument, NULL, OPT_HTML },
	{ "chrome-trace", required_argument, NULL, OPT_CHROME },
	{ "waivers", required_argument, NULL, OPT_WAIVERS },
	{ "profile", required_argument, NULL, OPT_PROFILE },
	{ "version", no_argument, NULL, 'V' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int parse_sort(struct replay_cli *c, const char *arg)
{
	static const char *const names[] = {
		[GROUP_BY_TIME] = "time", [GROUP_BY_LATENCY] = "latency",
		[GROUP_BY_SLEEP] = "sleep", [GROUP_BY_COUNT] = "count",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(arg, names[i])) {
			c->report.sort = i;
			return 0;
		}
	return cmd_usage_error("rvreplay", "bad --sort '%s' (time, latency, sleep or count)",
			       arg), -1;
}

/* --around T[,W]: violations within W seconds (default 0.001) of T */
static int parse_around(struct replay_cli *c, const char *arg)
{
	char t[64], *comma;
	uint64_t at, w = 1000000;

	snprintf(t, sizeof(t), "%s", arg);
	comma = strchr(t, ',');
	if (comma)
		*comma = '\0';
	if (cmd_parse_time(t, false, &at) || (comma && cmd_parse_time(comma + 1, false, &w)))
		return cmd_usage_error("rvreplay", "bad --around '%s' (T or T,W in seconds, like "
				       "2372.172553,0.005)", arg), -1;
	/* T as trace-cmd prints it stands for its microsecond: widen by its rounding */
	cmd_parse_time(t, false, &c->filter.from);
	cmd_parse_time(t, true, &c->filter.to);
	c->filter.from = c->filter.from > w ? c->filter.from - w : 0;
	c->filter.to = c->filter.to > UINT64_MAX - w ? UINT64_MAX : c->filter.to + w;
	c->around = true;
	return 0;
}

static int parse_pids(struct report_filter *f, const char *arg)
{
	char *copy = strdup(arg), *save = NULL, *tok;
	unsigned long pid;
	int ret = 0;

	for (tok = strtok_r(copy, ",", &save); tok && !ret; tok = strtok_r(NULL, ",", &save)) {
		if (cmd_parse_uint(tok, 0x7fffffff, &pid) || f->nr_pids == REPORT_MAX_PIDS)
			ret = -1;
		else
			f->pids[f->nr_pids++] = pid;
	}
	free(copy);
	return copy ? ret : -1;
}

static int parse_lost(struct replay_cli *c, const char *arg)
{
	if (!strcmp(arg, "reset"))
		c->replay.lost = LOST_RESET;
	else if (!strcmp(arg, "ignore"))
		c->replay.lost = LOST_IGNORE;
	else if (!strcmp(arg, "fail"))
		c->replay.lost = LOST_FAIL;
	else
		return -1;
	return 0;
}

/* Return: 0 to go on, -1 on a usage error, 1 when done (help, version). */
static int parse_option(struct replay_cli *c, int opt, const char *arg)
{
	unsigned long n;

	switch (opt) {
	case 'm':
		if (c->nr_names == MAX_NAMES)
			return cmd_usage_error("rvreplay", "too many --monitor"), -1;
		c->names[c->nr_names++] = arg;
		c->named |= strcmp(arg, "rtapp") != 0;
		return 0;
	case OPT_JSON:
		c->report.json = true;
		return 0;
	case 'o':
		c->output = arg;
		return 0;
	case OPT_PID:
		return parse_pids(&c->filter, arg) ?
		       (cmd_usage_error("rvreplay", "bad --pid '%s'", arg), -1) : 0;
	case OPT_COMM:
		if (c->filter.nr_comms == REPORT_MAX_COMMS)
			return cmd_usage_error("rvreplay", "too many --comm"), -1;
		c->filter.comms[c->filter.nr_comms++] = arg;
		return 0;
	case OPT_CPU:
		if (cmd_parse_uint(arg, 65535, &n))
			return cmd_usage_error("rvreplay", "bad --cpu '%s'", arg), -1;
		c->filter.cpu = n;
		return 0;
	case OPT_FROM:
	case OPT_TO:
		if (cmd_parse_time(arg, opt == OPT_TO, opt == OPT_FROM ? &c->filter.from :
				   &c->filter.to))
			return cmd_usage_error("rvreplay", "bad time '%s' (seconds, like 2372.172553)",
					       arg), -1;
		return 0;
	case OPT_CONTEXT:
		if (cmd_parse_uint(arg, MAX_CONTEXT, &n))
			return cmd_usage_error("rvreplay", "bad --context '%s' (0 to %d)", arg,
					       MAX_CONTEXT), -1;
		c->replay.context = n;
		return 0;
	case OPT_ARCH:
		c->arch = arg;
		return 0;
	case OPT_BUFFER:
		c->buffer = arg;
		return 0;
	case OPT_PROFILE:
		c->profile = arg;
		return 0;
	case OPT_LOST:
		return parse_lost(c, arg) ? (cmd_usage_error("rvreplay", "bad --lost-events '%s' "
					     "(reset, ignore or fail)", arg), -1) : 0;
	case OPT_DAMAGED:
		if (strcmp(arg, "fail") && strcmp(arg, "report"))
			return cmd_usage_error("rvreplay", "bad --damaged '%s' (fail or report)",
					       arg), -1;
		c->replay.damaged = !strcmp(arg, "report") ? DAMAGED_REPORT : DAMAGED_FAIL;
		return 0;
	case OPT_MAX_INFLATED:
		return cmd_parse_size(arg, &c->max_inflated) ?
		       (cmd_usage_error("rvreplay", "bad --max-inflated '%s' (1M to 1024G)", arg),
			-1) : 0;
	case OPT_STRICT:
		c->replay.strict_start = true;
		return 0;
	case OPT_NO_INFER:
		c->replay.infer = false;
		return 0;
	case OPT_KCOMMS:
		c->replay.kthread_comms = true;
		return 0;
	case 's':
		c->report.summary_only = true;
		return 0;
	case 'q':
		c->quiet = true;
		cmd_quiet = true;
		return 0;
	case OPT_TS:
		return cmd_parse_ts("rvreplay", arg, &c->ts);
	case OPT_ALL:
		c->report.all = true;
		return 0;
	case OPT_SORT:
		return parse_sort(c, arg);
	case OPT_MAX_VIOLATIONS:
		if (cmd_parse_uint(arg, ULONG_MAX, &n))
			return cmd_usage_error("rvreplay", "bad --max-violations '%s' (0 for all)", arg),
			       -1;
		c->report.max_listed = n;
		c->max_listed_set = true;
		return 0;
	case OPT_MAX_GROUPS:
		if (cmd_parse_uint(arg, UINT_MAX, &n))
			return cmd_usage_error("rvreplay", "bad --max-groups '%s' (0 for all)", arg), -1;
		c->report.max_explained = n;
		c->max_explained_set = true;
		return 0;
	case OPT_LIMIT:
		if (cmd_parse_uint(arg, 1000000, &n))
			return cmd_usage_error("rvreplay", "bad --limit '%s' (0 for no limit)", arg),
			       -1;
		c->report.limit = n;
		return 0;
	case OPT_STATS:
		c->report.stats = true;
		return 0;
	case OPT_AROUND:
		return parse_around(c, arg);
	case OPT_HTML:
		c->html = arg;
		return 0;
	case OPT_CHROME:
		c->chrome = arg;
		return 0;
	case OPT_WAIVERS:
		c->waivers_path = arg;
		return 0;
	case OPT_JSONL:
		c->jsonl = arg;
		return 0;
	case OPT_JUNIT:
		c->junit = arg;
		return 0;
	case 'j':
		if (cmd_parse_uint(arg, MAX_JOBS, &c->jobs) || !c->jobs)
			return cmd_usage_error("rvreplay", "bad --jobs '%s' (1 to %d)", arg, MAX_JOBS),
			       -1;
		return 0;
	case OPT_INDEX_FILE:
		c->index_file = arg;
		return 0;
	case OPT_BASELINE:
		c->baseline_path = arg;
		return 0;
	case OPT_TRACE_TIMEOUT:
		if (cmd_parse_uint(arg, 7 * 24 * 3600, &c->trace_timeout) || !c->trace_timeout)
			return cmd_usage_error("rvreplay", "bad --trace-timeout '%s' (seconds, 1 to "
					       "604800)", arg), -1;
		return 0;
	case OPT_INDEX:
		if (cmd_parse_uint(arg, TRACE_LIST_MAX, &n))
			return cmd_usage_error("rvreplay", "bad --index '%s'", arg), -1;
		c->index = n;
		return 0;
	case OPT_COLOR:
		if (strcmp(arg, "auto") && strcmp(arg, "always") && strcmp(arg, "never"))
			return cmd_usage_error("rvreplay", "bad --color '%s' (auto, always or never)",
					       arg), -1;
		c->color = arg;
		return 0;
	case 'V':
		printf("rvreplay %s\n", RVREPLAY_VERSION);
		return 1;
	case 'h':
		fputs(usage_text, stdout);
		return 1;
	default:
		return cmd_usage_error("rvreplay", "unknown option"), -1;
	}
}

/* An output file of a batch, and the trace that writes it. */
struct output_name {
	char		path[600];
	const char	*trace;
};

static void output_name(struct output_name *o, const char *trace, const char *dir,
			const char *name, const char *suffix)
{
	snprintf(o->path, sizeof(o->path), "%s/%s%s", dir, name, suffix);
	o->trace = trace;
}

static int by_output_path(const void *a, const void *b)
{
	return strcmp(((const struct output_name *)a)->path, ((const struct output_name *)b)->path);
}

/*
 * Whether two outputs of a batch are one file: traces of one name, or
 * a.dat's --chrome-trace and a.chrome.dat's -o in one folder
 * (D/a.chrome.json both). Return: 0, or -1 with @err naming them.
 */
static int outputs_collide(const struct replay_cli *c, char *err, size_t len)
{
	struct output_name *o = calloc(3 * (size_t)c->list.nr + 1, sizeof(*o));
	unsigned int n = 0;
	char name[256];
	int ret = 0;

	if (!o)
		return snprintf(err, len, "out of memory"), -1;
	for (unsigned int i = 0; i < c->list.nr; i++) {
		trace_list_name(c->list.paths[i], name, sizeof(name));
		if (c->output)
			output_name(&o[n++], c->list.paths[i], c->output, name,
				    c->report.json ? ".json" : ".txt");
		if (c->html)
			output_name(&o[n++], c->list.paths[i], c->html, name, ".html");
		if (c->chrome)
			output_name(&o[n++], c->list.paths[i], c->chrome, name, ".chrome.json");
	}
	qsort(o, n, sizeof(*o), by_output_path);
	for (unsigned int i = 1; i < n && !ret; i++) {
		if (strcmp(o[i - 1].path, o[i].path))
			continue;
		snprintf(err, len, "%.200s and %.200s would both write %.300s: rename one, or run "
			 "them apart", o[i - 1].trace, o[i].trace, o[i].path);
		ret = -1;
	}
	free(o);
	return ret;
}

/* The traces named, or listed by --index-file; what a batch of them allows. */
static int traces(struct replay_cli *c, int argc, char **argv)
{
	char err[TRACE_ERR_LEN + 4096];

	if (c->index_file && argc)
		return cmd_usage_error("rvreplay", "--index-file names the traces: no TRACE too"), -1;
	if (c->index >= 0 && !c->index_file)
		return cmd_usage_error("rvreplay", "--index needs --index-file"), -1;
	if (!c->index_file && !argc)
		return cmd_usage_error("rvreplay", "no trace file given"), -1;
	for (int i = 0; i < argc; i++)
		if (trace_list_add(&c->list, argv[i], err, sizeof(err)))
			return cmd_usage_error("rvreplay", "%s", err), -1;
	if (c->index_file && trace_list_index(&c->list, c->index_file, c->index, err, sizeof(err)))
		return cmd_usage_error("rvreplay", "%s", err), -1;
	/* a timeout stops a child: one trace is a batch of one */
	c->list.batch |= c->list.nr > 1 || c->trace_timeout;
	if (!c->list.batch) {
		c->path = c->list.paths[0];
		return 0;
	}
	if (c->report.json && !c->output)
		return cmd_usage_error("rvreplay", "--json with several traces writes a file per "
				       "trace: name a folder with -o"), -1;
	if ((c->output || c->html || c->chrome) && outputs_collide(c, err, sizeof(err)))
		return cmd_usage_error("rvreplay", "%s", err), -1;
	if ((c->jsonl || c->baseline_path) && trace_list_same_keys(&c->list, err, sizeof(err)))
		return cmd_usage_error("rvreplay", "%s", err), -1;
	return 0;
}

/*
 * Perfetto's UI and chrome://tracing load JSON traces of a few hundred MB
 * at most: --chrome-trace stops at 256 MiB, or RVREPLAY_CHROME_MAX_MIB.
 */
static uint64_t chrome_bound(void)
{
	const char *env = getenv("RVREPLAY_CHROME_MAX_MIB");
	unsigned long mib = 256;

	if (env && cmd_parse_uint(env, 1UL << 20, &mib))
		mib = 256;
	return (uint64_t)(mib ? mib : 256) << 20;
}

static int parse(struct replay_cli *c, int argc, char **argv)
{
	int opt, ret;

	c->replay.context = 8;
	c->replay.infer = true;
	c->filter.cpu = -1;
	c->filter.to = UINT64_MAX;
	c->report.limit = 10;
	c->report.max_listed = REPORT_MAX_LISTED;
	c->report.max_explained = GROUPS_MAX_EXPLAINED;
	c->color = "auto";
	optind = 1;
	opterr = 0;
	c->index = -1;
	while ((opt = getopt_long(argc, argv, "m:o:j:sqVh", longopts, NULL)) != -1) {
		if (opt == '?')
			return cmd_usage_error("rvreplay", "unknown option '%s'", argv[optind - 1]), -1;
		if (opt == ':')
			return cmd_usage_error("rvreplay", "option needs a value"), -1;
		ret = parse_option(c, opt, optarg);
		if (ret)
			return ret;
	}
	if (c->filter.from > c->filter.to)
		return cmd_usage_error("rvreplay", "--from is after --to: nothing to report"), -1;
	/* --all: every violation, in JSON too, unless --max-violations says otherwise */
	if (c->report.all && !c->max_listed_set)
		c->report.max_listed = 0;
	if (c->report.all && !c->max_explained_set)
		c->report.max_explained = 0;
	c->report.chrome_max = c->report.all ? 0 : chrome_bound();
	return traces(c, argc - optind, argv + optind);
}

/* --color=auto: a report on a terminal, unless NO_COLOR (set, not empty) or TERM=dumb */
static bool use_color(const struct replay_cli *c)
{
	const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");

	if (c->report.json || !strcmp(c->color, "never"))
		return false;
	if (!strcmp(c->color, "always"))
		return true;
	if ((no_color && *no_color) || (term && !strcmp(term, "dumb")))
		return false;
	return !c->output && isatty(STDOUT_FILENO);
}

/* Whether a monitor's state ends the run: blind, or unavailable when asked for by name. */
static bool stops(const struct replay_cli *c, const struct gate_monitor *m)
{
	return m->state == GATE_BLIND || (m->state == GATE_UNAVAILABLE && c->named);
}

/*
 * Why the monitors cannot judge, as one error: every one that stops the
 * run, each with every event it misses, then the command that records
 * what the blind ones lack.
 */
static void cannot_judge(const struct replay_cli *c, const struct gate *g)
{
	char line[4 * GATE_WHY_LEN], advice[256];
	size_t used = 0;
	bool blind = false;

	line[0] = '\0';
	for (int i = 0; i < g->nr_monitors && used < sizeof(line); i++) {
		const struct gate_monitor *m = &g->monitors[i];

		if (!stops(c, m))
			continue;
		if (used)
			used += snprintf(line + used, sizeof(line) - used, "; ");
		if (used >= sizeof(line))
			break;
		if (m->state == GATE_UNAVAILABLE)
			used += snprintf(line + used, sizeof(line) - used,
					 "%s is unavailable on this trace's kernel: %s (%s)",
					 m->monitor->name, m->why, g->kernel);
		else
			used += snprintf(line + used, sizeof(line) - used,
					 "%s cannot judge this trace: %s", m->monitor->name, m->why);
		blind |= m->state == GATE_BLIND;
	}
	if (blind && used < sizeof(line)) {
		gate_advice(g, advice, sizeof(advice));
		snprintf(line + used, sizeof(line) - used, "; record it with '%s'", advice);
	}
	cmd_error(c->path, "%s", line);
}

/* What a pass over the records says: an event not recorded, or no record at all. */
static int judged(const struct replay_cli *c, struct gate *g, const struct replay_stats *stats)
{
	if (!stats->counts.events) {
		cmd_error(c->path, "the trace holds no record: nothing was judged");
		return EXIT_ERROR;
	}
	gate_after(g, &stats->counts);
	for (int i = 0; i < g->nr_monitors; i++) {
		if (g->monitors[i].state == GATE_BLIND) {
			cannot_judge(c, g);
			return EXIT_ERROR;
		}
	}
	return 0;
}

/* Warnings that change what was judged: said even with -q. */
static void judged_notices(const struct replay_cli *c, const struct report *rep)
{
	unsigned int gaps = rep->nr_lost;

	for (int i = 0; i < c->filter.nr_pids; i++)
		if (!rep->filter.pid_seen[i])
			cmd_notice(c->path, "--pid %d: no such task in the trace", c->filter.pids[i]);
	for (int i = 0; i < c->filter.nr_comms; i++)
		if (!rep->filter.comm_seen[i])
			cmd_notice(c->path, "--comm '%s': no task of the trace had such a name",
				   c->filter.comms[i]);
	if (rep->unlisted)
		cmd_notice(c->path, "--json lists %lu of the %lu violations (--max-violations %lu); "
			   "every one is counted and grouped (--max-violations 0 or --all lists them)",
			   rep->listed, rep->listed + rep->unlisted, c->report.max_listed);
	if (rep->groups.unexplained)
		cmd_notice(c->path, "%u of the %u violation groups are counted, not explained "
			   "(--max-groups %u; 0 or --all keeps every one)", rep->groups.unexplained,
			   rep->groups.nr, c->report.max_explained);
	if (gaps)
		cmd_notice(c->path, "events were lost (%u gap%s): verdicts near them may differ "
			   "from the kernel's (the report's lost events say where)", gaps,
			   gaps == 1 ? "" : "s");
}

/* Waivers that could not apply, or applied to nothing: said, never silent. */
static void waiver_notices(const struct replay_cli *c)
{
	const struct waivers *w = c->report.waivers;

	for (unsigned int i = 0; w && i < w->nr; i++) {
		if (w->list[i].expired)
			cmd_warning(c->waivers_path, "line %u: waiver expired on %s, not applied",
				    w->list[i].line, w->list[i].expires);
		else if (!w->list[i].matched)
			cmd_warning(c->waivers_path, "line %u: waiver matched no violation",
				    w->list[i].line);
	}
}

static int load_waivers(struct replay_cli *c)
{
	char err[TRACE_ERR_LEN], today[16];
	time_t now = time(NULL);
	struct tm tm;

	if (!c->waivers_path)
		return 0;
	gmtime_r(&now, &tm);
	strftime(today, sizeof(today), "%Y-%m-%d", &tm);
	if (waivers_load(c->waivers_path, today, &c->waivers, err, sizeof(err))) {
		cmd_error(NULL, "%s", err);	/* err names the file, line and column */
		return -1;
	}
	c->report.waivers = &c->waivers;
	return 0;
}

/* --html, --chrome-trace: files written whole or not at all, as -o's */
struct picture_files {
	struct output_file	html, chrome;
	FILE			*html_f, *chrome_f;
};

/* An output besides the report, when asked for; -1 when it cannot be written. */
static int extra_open(const char *path, int input_fd, struct output_file *o, FILE **f)
{
	char err[TRACE_ERR_LEN];

	if (!path)
		return 0;
	if (output_file_prepare(o, path, input_fd, err, sizeof(err)) ||
	    !(*f = output_file_open(o, err, sizeof(err)))) {
		cmd_error(path, "%s", err);
		return -1;
	}
	return 0;
}

static void pictures_abort(struct picture_files *pf)
{
	if (pf->html_f)
		output_file_abort(&pf->html);
	if (pf->chrome_f)
		output_file_abort(&pf->chrome);
}

static int pictures_open(const struct replay_cli *c, const struct opened_trace *t,
			 struct picture_files *pf)
{
	if (extra_open(c->html, trace_input_fd(t->in), &pf->html, &pf->html_f) ||
	    extra_open(c->chrome, trace_input_fd(t->in), &pf->chrome, &pf->chrome_f)) {
		pictures_abort(pf);
		return -1;
	}
	return 0;
}

static int pictures_commit(struct picture_files *pf)
{
	char err[TRACE_ERR_LEN];

	if (pf->html_f && output_file_commit(&pf->html, err, sizeof(err))) {
		cmd_error(pf->html.path, "%s", err);
		if (pf->chrome_f)
			output_file_abort(&pf->chrome);
		return -1;
	}
	if (pf->chrome_f && output_file_commit(&pf->chrome, err, sizeof(err))) {
		cmd_error(pf->chrome.path, "%s", err);
		return -1;
	}
	return 0;
}

/* The second pass over the records, with its progress line, and the pictures written. */
static int pictures_draw(struct replay_cli *c, struct opened_trace *t, struct report_pictures *p,
			 struct report *rep, const struct replay_stats *stats)
{
	char err[TRACE_ERR_LEN];
	int failed;

	if (!p->html && !p->chrome)
		return 0;
	progress_begin(c->path, PROGRESS_BYTES, trace_input_meta(t->in)->data_bytes);
	trace_input_on_progress(t->in, progress_update);
	failed = pictures_write(p, rep, stats, err, sizeof(err));
	trace_input_on_progress(t->in, NULL);
	progress_end();
	if (failed)
		cmd_error(c->path, "%s", err);
	else if (p->chrome && chrome_truncated(p->chrome))
		cmd_notice(c->path, "--chrome-trace ends at its bound of %llu MiB, said in the file "
			   "(--all exports every record)",
			   (unsigned long long)(c->report.chrome_max >> 20));
	return failed;
}

/* What --jsonl and --junit say of the trace, taken before the report goes. Return: 0 or -1. */
static int keep_result(struct replay_cli *c, struct report *rep, const struct replay_stats *stats)
{
	struct trace_result *res = c->result;

	if (c->jsonl || c->baseline_path) {
		res->digest = report_json_digest(rep, stats);
		res->groups = tmpfile();
		if (!res->digest || !res->groups || report_json_groups(rep, res->groups))
			return -1;
	}
	if (!c->junit)
		return 0;
	res->cases = tmpfile();
	if (!res->cases)
		return -1;
	report_junit_cases(rep, c->path, res->cases, &res->counts);
	return ferror(res->cases) || rep->oom ? -1 : 0;
}

static int run(struct replay_cli *c, struct opened_trace *t, struct gate *g, FILE *out,
	       struct picture_files *pf)
{
	struct report_pictures pics = { 0 };
	struct report rep;
	struct replay_sink sink;
	struct replay *r;
	char err[TRACE_ERR_LEN];
	int ret = EXIT_ERROR, failed;

	c->report.out = out;
	c->report.path = c->path;
	c->report.arch = t->arch;
	c->report.arch_evidence = t->arch_evidence;
	c->report.profile = c->replay.profile->name;
	c->report.color = use_color(c);
	c->replay.syscalls = t->syscalls;
	/* --comm, and waivers' comm, match every name a task had: one more read */
	if (c->filter.nr_comms || c->report.waivers) {
		c->filter.names = task_names_scan(t->in);
		if (!c->filter.names) {
			cmd_error(c->path, "out of memory, or the trace cannot be read, naming its tasks");
			return EXIT_ERROR;
		}
	}
	if (pictures_init(&pics, pf->html_f, pf->chrome_f, &c->report, t->in, c->filter.from,
			  c->filter.to)) {
		cmd_error(c->path, "out of memory");
		return EXIT_ERROR;
	}
	c->report.tap = pf->html_f || pf->chrome_f ? &pics.tap : NULL;
	report_init(&rep, &c->report, &c->filter, t->in, &c->replay);
	sink = report_sink(&rep);
	r = replay_new(&c->replay, t->in, &sink);
	if (!r) {
		cmd_error(c->path, "out of memory");
		goto out;
	}
	report_begin(&rep);
	progress_begin(c->path, PROGRESS_BYTES, trace_input_meta(t->in)->data_bytes);
	trace_input_on_progress(t->in, progress_update);
	failed = replay_run(r, err);
	trace_input_on_progress(t->in, NULL);
	progress_end();
	if (failed) {
		cmd_error(c->path, "%s", err);
		goto out;
	}
	if (judged(c, g, replay_stats(r)))
		goto out;
	report_end(&rep, replay_stats(r));
	if (rep.oom) {
		cmd_error(c->path, "out of memory");
		goto out;
	}
	if (pictures_draw(c, t, &pics, &rep, replay_stats(r)))
		goto out;
	judged_notices(c, &rep);
	if (!c->list.batch)
		waiver_notices(c);
	/* a result the machine outputs lack is a trace not judged */
	if (c->result && keep_result(c, &rep, replay_stats(r))) {
		cmd_error(c->path, "out of memory");
		goto out;
	}
	/* no verdict is no pass: a monitor that judged none of its tasks */
	if (report_none_judged(&rep, err, sizeof(err))) {
		cmd_error(c->path, "%s", err);
		goto out;
	}
	ret = rep.violations > rep.waived ? EXIT_VIOLATIONS : EXIT_CLEAN;
out:
	replay_free(r);
	pictures_release(&pics);
	report_release(&rep);
	task_names_free((struct task_names *)c->filter.names);
	return ret;
}

/*
 * Which monitors judge. Those the trace's kernel cannot offer are dropped
 * from the container with a notice (asked for by name: an error); a
 * monitor an event was not recorded for is an error.
 */
static int gate(struct replay_cli *c, struct opened_trace *t, struct gate *g)
{
	gate_before(g, &c->replay, t->in, t->arch);
	for (int i = 0; i < g->nr_monitors; i++) {
		if (stops(c, &g->monitors[i])) {
			cannot_judge(c, g);
			return EXIT_ERROR;
		}
	}
	for (int i = 0; i < g->nr_monitors; i++) {
		const struct gate_monitor *m = &g->monitors[i];

		if (m->state == GATE_UNAVAILABLE) {
			cmd_notice(c->path, "%s not judged: %s (%s)", m->monitor->name, m->why,
				   g->kernel);
			c->unavailable[c->report.nr_unavailable++] = *m;
		}
	}
	c->report.unavailable = c->unavailable;
	gate_keep_judging(g, &c->replay);
	if (!c->replay.nr_monitors) {
		cmd_error(c->path, "no monitor can judge this trace");
		return EXIT_ERROR;
	}
	return 0;
}

/* Options that need the trace to be checked: a CPU it has. */
static int usage_on_trace(const struct replay_cli *c, const struct opened_trace *t)
{
	int cpus = trace_input_meta(t->in)->cpus;

	if (c->filter.cpu >= cpus)
		return cmd_usage_error("rvreplay", "--cpu %d: the trace has CPUs 0 to %d",
				       c->filter.cpu, cpus - 1);
	return 0;
}

/* The report: a file renamed into place, or standard output, whole or not at all. */
static int replay_to(struct replay_cli *c, struct opened_trace *t, struct gate *g)
{
	struct picture_files pf = { 0 };
	struct output_file o;
	char err[TRACE_ERR_LEN];
	FILE *out;
	int ret;

	if (pictures_open(c, t, &pf))
		return EXIT_ERROR;
	if (output_file_prepare(&o, c->output, trace_input_fd(t->in), err, sizeof(err)) ||
	    !(out = output_file_open(&o, err, sizeof(err)))) {
		cmd_error(c->output ? c->output : "stdout", "%s", err);
		pictures_abort(&pf);
		return EXIT_ERROR;
	}
	ret = run(c, t, g, out, &pf);
	if (ret == EXIT_ERROR) {
		output_file_abort(&o);
		pictures_abort(&pf);
		return ret;
	}
	if (output_file_commit(&o, err, sizeof(err))) {
		cmd_error(o.path, "%s", err);
		pictures_abort(&pf);
		return EXIT_ERROR;
	}
	return pictures_commit(&pf) ? EXIT_ERROR : ret;
}

/* One trace, c->path, to its report; its result taken when c->result is set. */
static int replay_one(struct replay_cli *c)
{
	struct opened_trace t = { 0 };
	struct gate g;
	char err[TRACE_ERR_LEN];
	int ret;

	cmd_last_error[0] = '\0';
	ret = cmd_open_trace(c->path, c->buffer, c->arch, c->max_inflated, &t);
	if (ret)
		return ret;
	/* a read of the whole file: only for the JSON Lines that tell its digest */
	if (c->result && c->jsonl)
		trace_result_file(c->result, trace_input_fd(t.in));
	cmd_set_times(t.in, c->ts);
	ret = EXIT_ERROR;
	if (usage_on_trace(c, &t))
		goto out;
	c->replay.profile = cmd_choose_profile(c->path, &t, c->profile);
	if (!c->replay.profile)
		goto out;
	if (catalog_select(c->names, c->nr_names, &c->replay, err)) {
		cmd_error(c->path, "%s", err);
		goto out;
	}
	if (gate(c, &t, &g))
		goto out;
	ret = replay_to(c, &t, &g);
out:
	trace_input_close(t.in);
	return ret;
}

/* In a batch's child: @path's outputs in the folders -o, --html and --chrome-trace name. */
static void outputs_in_folders(struct replay_cli *c, const char *path)
{
	char name[256];

	trace_list_name(path, name, sizeof(name));
	if (c->output) {
		snprintf(c->out_path[0], sizeof(c->out_path[0]), "%s/%s.%s", c->output, name,
			 c->report.json ? "json" : "txt");
		c->output = c->out_path[0];
	}
	if (c->html) {
		snprintf(c->out_path[1], sizeof(c->out_path[1]), "%s/%s.html", c->html, name);
		c->html = c->out_path[1];
	}
	if (c->chrome) {
		snprintf(c->out_path[2], sizeof(c->out_path[2]), "%s/%s.chrome.json", c->chrome, name);
		c->chrome = c->out_path[2];
	}
}

/* A trace of a batch, in its child: its report, its line and suite, the waivers it used. */
static int batch_one(void *ctx, unsigned int index, FILE *line, FILE *suite, FILE *notes)
{
	struct replay_cli *c = ctx;
	const char *path = c->list.paths[index];
	struct trace_result res = { .path = path, .key = c->list.keys[index] };
	int ret;

	c->path = path;
	c->result = &res;
	outputs_in_folders(c, path);
	ret = replay_one(c);
	for (unsigned int i = 0; notes && i < c->waivers.nr; i++)
		if (c->waivers.list[i].matched)
			fprintf(notes, "%u\n", i);
	if (line) {
		json_t *o = trace_result_json(&res, ret, ret == EXIT_ERROR ? cmd_last_error : NULL);

		if (trace_result_line(line, o, &res)) {
			cmd_error(path, "out of memory, or a temporary file failed");
			ret = EXIT_ERROR;
		}
		json_decref(o);
	}
	if (suite && trace_result_suite(suite, &res, ret, ret == EXIT_ERROR ? cmd_last_error : NULL)) {
		cmd_error(path, "a temporary file failed");
		ret = EXIT_ERROR;
	}
	trace_result_release(&res);
	return ret;
}

/* In the parent: the waivers a trace's child used (one index a line). */
static void batch_notes(void *ctx, const char *notes)
{
	struct replay_cli *c = ctx;
	unsigned long i;
	char *end;

	for (const char *p = notes; p && *p; p = end + (*end == '\n')) {
		i = strtoul(p, &end, 10);
		if (end == p)
			return;
		if (i < c->waivers.nr)
			c->waivers.list[i].matched = true;
	}
}

/* --baseline: a trace's line (@lines from its start) taken into this run's side. */
static void take_line(struct replay_cli *c, FILE *lines)
{
	char err[BASELINE_ERR_LEN];

	if (!c->baseline_path)
		return;
	if (lines)
		rewind(lines);
	if (!lines || baseline_add_lines(&c->new, lines, err, sizeof(err))) {
		cmd_error(NULL, "--baseline: this run's result: %s", lines ? err : "out of memory");
		c->new_broken = true;
	}
}

/* In the parent: a trace's line of a batch, for --baseline. */
static void batch_line(void *ctx, const char *line)
{
	FILE *f = line ? fmemopen((void *)line, strlen(line), "r") : NULL;

	take_line(ctx, f);
	if (f)
		fclose(f);
}

/*
 * --baseline: this run against OLD. The comparison goes to stdout after
 * the text report, else its last line to stderr. Return: the exit code,
 * 2 whenever a trace was not judged.
 */
static int against_baseline(struct replay_cli *c, int ret)
{
	struct baseline_comparison cmp = { 0 };
	bool to_stdout = !c->quiet && !c->report.json;
	int said;

	char err[BASELINE_ERR_LEN];

	if (!c->new_broken && (baseline_unique(&c->new, err, sizeof(err)) ||
			       baseline_resolve_single(&c->old, &c->new, err, sizeof(err)))) {
		cmd_error(NULL, "--baseline: %s", err);
		c->new_broken = true;
	} else if (!c->new_broken && baseline_compare(&c->old, &c->new, &cmp)) {
		cmd_error(NULL, "out of memory");
		c->new_broken = true;
	}
	if (c->new_broken) {
		baseline_comparison_free(&cmp);
		return EXIT_ERROR;
	}
	if (to_stdout)
		printf("\nAgainst the baseline %s:\n", c->baseline_path);
	said = cmd_compare_say(&cmp, c->baseline_path, "this run", to_stdout ? stdout : NULL);
	if (!to_stdout)
		fprintf(stderr, "rvreplay: against %s: %u new, %u fixed, %u unchanged, %u waived\n",
			c->baseline_path, cmp.nr[BASELINE_NEW], cmp.nr[BASELINE_FIXED],
			cmp.nr[BASELINE_UNCHANGED], cmp.nr[BASELINE_WAIVED]);
	baseline_comparison_free(&cmp);
	return ret == EXIT_ERROR ? EXIT_ERROR : said;
}

static int load_baseline(struct replay_cli *c)
{
	char err[BASELINE_ERR_LEN];

	if (!c->baseline_path || !baseline_load(c->baseline_path, &c->old, err, sizeof(err)))
		return 0;
	cmd_error(c->baseline_path, "%s", err);
	return -1;
}

/* -o, --html, --chrome-trace of a batch: folders, made when missing. */
static int make_folders(const struct replay_cli *c)
{
	const char *dirs[] = { c->output, c->html, c->chrome };
	struct stat st;

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		if (!dirs[i])
			continue;
		if (mkdir(dirs[i], 0777) && errno != EEXIST) {
			cmd_error(dirs[i], "cannot make the folder: %s", strerror(errno));
			return -1;
		}
		if (stat(dirs[i], &st) || !S_ISDIR(st.st_mode)) {
			cmd_error(dirs[i], "not a folder: with several traces, -o, --html and "
				  "--chrome-trace name folders");
			return -1;
		}
	}
	return 0;
}

/* --jsonl, --junit: files written whole or not at all, as -o's. */
struct result_files {
	struct output_file	jsonl, junit;
	FILE			*jsonl_f, *junit_f;
};

/*
 * An output of the run may not replace a trace: one of its own, or any
 * trace.dat (--jsonl traces/a.dat traces/b.dat: the file name forgotten).
 */
static int not_a_trace(const struct replay_cli *c, const char *out)
{
	struct stat o, t;

	if (!out || stat(out, &o))
		return 0;
	for (unsigned int i = 0; i < c->list.nr; i++) {
		if (stat(c->list.paths[i], &t) || t.st_dev != o.st_dev || t.st_ino != o.st_ino)
			continue;
		cmd_error(out, "%s: it would be overwritten", c->list.batch ?
			  "is one of the traces to replay" : "is the trace being read");
		return -1;
	}
	if (S_ISREG(o.st_mode) && tracedat_file_has_magic(out)) {
		cmd_error(out, "is a trace.dat file: it would be overwritten (a file name "
			  "forgotten after an option?)");
		return -1;
	}
	return 0;
}

static int results_open(const struct replay_cli *c, struct result_files *rf)
{
	if (not_a_trace(c, c->jsonl) || not_a_trace(c, c->junit) ||
	    (!c->list.batch && (not_a_trace(c, c->output) || not_a_trace(c, c->html) ||
				not_a_trace(c, c->chrome))))
		return -1;
	if (extra_open(c->jsonl, -1, &rf->jsonl, &rf->jsonl_f))
		return -1;
	if (extra_open(c->junit, -1, &rf->junit, &rf->junit_f)) {
		if (rf->jsonl_f)
			output_file_abort(&rf->jsonl);
		return -1;
	}
	if (rf->junit_f)
		trace_result_junit_begin(rf->junit_f);
	return 0;
}

static int results_close(struct result_files *rf, int ret)
{
	char err[TRACE_ERR_LEN];

	if (rf->junit_f)
		trace_result_junit_end(rf->junit_f);
	if (rf->jsonl_f && output_file_commit(&rf->jsonl, err, sizeof(err))) {
		cmd_error(rf->jsonl.path, "%s", err);
		ret = EXIT_ERROR;
	}
	if (rf->junit_f && output_file_commit(&rf->junit, err, sizeof(err))) {
		cmd_error(rf->junit.path, "%s", err);
		ret = EXIT_ERROR;
	}
	return ret;
}

/* One trace, with its line and suite when asked: no child, the output as ever. */
static int single(struct replay_cli *c, struct result_files *rf)
{
	struct trace_result res = { .path = c->path, .key = c->list.keys[0] };
	int ret;

	if (rf->jsonl_f || rf->junit_f || c->baseline_path)
		c->result = &res;
	ret = replay_one(c);
	if (rf->jsonl_f || c->baseline_path) {
		json_t *o = trace_result_json(&res, ret, ret == EXIT_ERROR ? cmd_last_error : NULL);
		FILE *mine = c->baseline_path ? tmpfile() : NULL;

		if ((rf->jsonl_f && trace_result_line(rf->jsonl_f, o, &res)) ||
		    (c->baseline_path && (!mine || trace_result_line(mine, o, &res)))) {
			cmd_error(c->path, "out of memory, or a temporary file failed");
			ret = EXIT_ERROR;
		}
		take_line(c, mine);
		if (mine)
			fclose(mine);
		json_decref(o);
	}
	if (rf->junit_f && trace_result_suite(rf->junit_f, &res, ret,
					      ret == EXIT_ERROR ? cmd_last_error : NULL)) {
		cmd_error(c->path, "a temporary file failed");
		ret = EXIT_ERROR;
	}
	trace_result_release(&res);
	c->result = NULL;
	return ret;
}

/**
 * cmd_replay() - the main job: rvreplay [OPTIONS] TRACE.dat|FOLDER...
 * @argc: argument count
 * @argv: arguments
 *
 * Return: the exit code (of several traces, the worst).
 */
int cmd_replay(int argc, char **argv)
{
	struct replay_cli c = { 0 };
	struct result_files rf = { 0 };
	struct batch b;
	int ret;

	ret = parse(&c, argc, argv);
	if (ret) {
		trace_list_free(&c.list);
		return ret < 0 ? EXIT_ERROR : EXIT_CLEAN;
	}
	ret = EXIT_ERROR;
	if (load_waivers(&c) || load_baseline(&c))
		goto out;
	/* -q silences the text report on stdout only: a file or JSON gets it all */
	c.report.quiet = c.quiet && !c.output && !c.report.json;
	if (c.quiet || c.report.json || c.list.batch)
		progress_disable();
	if ((c.list.batch && make_folders(&c)) || results_open(&c, &rf))
		goto out;
	if (!c.list.batch) {
		ret = results_close(&rf, single(&c, &rf));
		goto compared;
	}
	b = (struct batch){ .list = &c.list, .jobs = c.jobs ? c.jobs : cmd_cpus(), .one = batch_one,
			    .notes = batch_notes, .line = c.baseline_path ? batch_line : NULL, .ctx = &c,
			    .jsonl = rf.jsonl_f, .junit = rf.junit_f, .timeout = c.trace_timeout };
	if (b.jobs > c.list.nr)
		b.jobs = c.list.nr;
	ret = results_close(&rf, batch_run(&b));
	/* a waiver is unused when no trace of the batch used it: said once */
	waiver_notices(&c);
compared:
	if (c.baseline_path)
		ret = against_baseline(&c, ret);
out:
	baseline_free(&c.old);
	baseline_free(&c.new);
	waivers_free(&c.waivers);
	trace_list_free(&c.list);
	return ret;
}
