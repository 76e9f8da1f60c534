// SPDX-License-Identifier: GPL-2.0-only
/*
 * rvreplay's options: its own, beside those it shares with diff and check
 * (cmd_options.c), and the traces it is given.
 */
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_replay.h"

#define MAX_JOBS	1024

static const char usage_text[] =
"usage: rvreplay [OPTIONS] TRACE.dat|FOLDER...\n"
"       rvreplay COMMAND [ARGS...]\n"
"\n"
"Replay a trace-cmd trace through the kernel's runtime-verification monitors\n"
"and explain every violation.\n"
"\n"
"Commands (rvreplay COMMAND --help, man rvreplay-COMMAND):\n"
"  list      the profiles, the monitors and the events they need\n"
"  check     whether a trace holds the events the monitors need\n"
"  record    record a trace with those events while a command runs\n"
"  watch     judge as the events arrive, live, while a command runs\n"
"  diff      compare a trace's live verdicts with the replay's\n"
"  compare   compare two runs: violations new, fixed and unchanged\n"
"  spec      write a rule of your own (--spec) into a kernel tree\n"
"\n"
"Options (man rvreplay):\n"
"  -m, --monitor NAME      rtapp (default), sleep, pagefault, wakeup, wwnr or stall;\n"
"                          repeatable\n"
"      --spec FILE         your own rule (rvreplay-spec(5)): a formula and how its\n"
"                          atoms come from the trace; repeatable; alone, only the rules\n"
"      --hz N              the traced kernel's CONFIG_HZ (stall's clock counts jiffies)\n"
"      --param M.NAME=V    a monitor's parameter: stall.threshold_jiffies (default 1000)\n"
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
"      --perfetto FILE     also write the trace in Perfetto's own format: its\n"
"                          CPU and thread tracks, the verdicts as slices\n"
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
"--html, --chrome-trace and --perfetto then name folders, one file per trace.\n"
"\n"
"Exit status: 0 every monitor judged the trace and found no violation,\n"
"1 violations found, 2 nothing or not everything could be judged (usage,\n"
"unreadable or damaged trace, events not recorded; see rvreplay(1));\n"
"for several traces, the worst of them.\n";

enum {
	OPT_JSON = 256, OPT_PID, OPT_COMM, OPT_CPU, OPT_FROM, OPT_TO, OPT_NO_INFER, OPT_COLOR,
	OPT_ALL, OPT_SORT, OPT_LIMIT, OPT_STATS, OPT_AROUND, OPT_HTML, OPT_CHROME, OPT_PERFETTO, OPT_WAIVERS,
	OPT_JSONL, OPT_JUNIT, OPT_INDEX_FILE, OPT_INDEX, OPT_BASELINE, OPT_TRACE_TIMEOUT,
	OPT_MAX_VIOLATIONS, OPT_MAX_GROUPS,
};

static const struct option longopts[] = {
	CMD_TRACE_LONGOPTS,
	CMD_REPLAY_LONGOPTS,
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
	{ "no-infer", no_argument, NULL, OPT_NO_INFER },
	{ "color", required_argument, NULL, OPT_COLOR },
	{ "all", no_argument, NULL, OPT_ALL },
	{ "sort", required_argument, NULL, OPT_SORT },
	{ "limit", required_argument, NULL, OPT_LIMIT },
	{ "max-violations", required_argument, NULL, OPT_MAX_VIOLATIONS },
	{ "max-groups", required_argument, NULL, OPT_MAX_GROUPS },
	{ "stats", no_argument, NULL, OPT_STATS },
	{ "around", required_argument, NULL, OPT_AROUND },
	{ "html", required_argument, NULL, OPT_HTML },
	{ "chrome-trace", required_argument, NULL, OPT_CHROME },
	{ "perfetto", required_argument, NULL, OPT_PERFETTO },
	{ "waivers", required_argument, NULL, OPT_WAIVERS },
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
	c->filter.around = true;
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

/* --pid, --comm, --cpu, --from, --to, --around: what the report keeps */
static int parse_filter_option(struct replay_cli *c, int opt, const char *arg)
{
	unsigned long n;

	switch (opt) {
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
	case OPT_AROUND:
		return parse_around(c, arg);
	default:
		return CMD_OPT_OTHER;
	}
}

/* The report: its form, and how much of it */
static int parse_report_option(struct replay_cli *c, int opt, const char *arg)
{
	unsigned long n;

	switch (opt) {
	case OPT_JSON:
		c->report.json = true;
		return 0;
	case 'o':
		c->output = arg;
		return 0;
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
	case OPT_COLOR:
		if (strcmp(arg, "auto") && strcmp(arg, "always") && strcmp(arg, "never"))
			return cmd_usage_error("rvreplay", "bad --color '%s' (auto, always or never)",
					       arg), -1;
		c->color = arg;
		return 0;
	default:
		return CMD_OPT_OTHER;
	}
}

/* The files besides the report, and the traces of a batch */
static int parse_run_option(struct replay_cli *c, int opt, const char *arg)
{
	unsigned long n;

	switch (opt) {
	case OPT_HTML:
		c->html = arg;
		return 0;
	case OPT_CHROME:
		c->chrome = arg;
		return 0;
	case OPT_PERFETTO:
		c->perfetto = arg;
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
	case OPT_BASELINE:
		c->baseline_path = arg;
		return 0;
	case 'j':
		if (cmd_parse_uint(arg, MAX_JOBS, &c->jobs) || !c->jobs)
			return cmd_usage_error("rvreplay", "bad --jobs '%s' (1 to %d)", arg, MAX_JOBS),
			       -1;
		return 0;
	case OPT_TRACE_TIMEOUT:
		if (cmd_parse_uint(arg, 7 * 24 * 3600, &c->trace_timeout) || !c->trace_timeout)
			return cmd_usage_error("rvreplay", "bad --trace-timeout '%s' (seconds, 1 to "
					       "604800)", arg), -1;
		return 0;
	case OPT_INDEX_FILE:
		c->index_file = arg;
		return 0;
	case OPT_INDEX:
		if (cmd_parse_uint(arg, TRACE_LIST_MAX, &n))
			return cmd_usage_error("rvreplay", "bad --index '%s'", arg), -1;
		c->index = n;
		return 0;
	default:
		return CMD_OPT_OTHER;
	}
}

/* rvreplay's own options. Return: 0 to go on, -1 on a usage error, 1 when done (help, version). */
static int parse_option(void *cli, int opt, const char *arg)
{
	struct replay_cli *c = cli;
	int ret = parse_filter_option(c, opt, arg);

	if (ret == CMD_OPT_OTHER)
		ret = parse_report_option(c, opt, arg);
	if (ret == CMD_OPT_OTHER)
		ret = parse_run_option(c, opt, arg);
	if (ret != CMD_OPT_OTHER)
		return ret;
	switch (opt) {
	case OPT_NO_INFER:
		c->replay.infer = false;
		return 0;
	case 'V':
		printf("rvreplay %s\n", RVREPLAY_VERSION);
		return 1;
	default:
		fputs(usage_text, stdout);
		return 1;
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
	struct output_name *o = calloc(4 * (size_t)c->list.nr + 1, sizeof(*o));
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
		if (c->perfetto)
			output_name(&o[n++], c->list.paths[i], c->perfetto, name, ".perfetto-trace");
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
	if ((c->output || c->html || c->chrome || c->perfetto) && outputs_collide(c, err, sizeof(err)))
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

/**
 * replay_cli_parse() - rvreplay's options and the traces it is given
 * @c: filled
 * @argc: argument count
 * @argv: arguments
 *
 * Return: 0 to go on, -1 after a usage error, 1 when done (help, version).
 */
int replay_cli_parse(struct replay_cli *c, int argc, char **argv)
{
	int ret;

	c->common.command = "rvreplay";
	c->common.replay = &c->replay;
	c->replay.context = 8;
	c->replay.context_centred = true;
	c->replay.infer = true;
	c->filter.cpu = -1;
	c->filter.to = UINT64_MAX;
	c->report.limit = 10;
	c->report.max_listed = REPORT_MAX_LISTED;
	c->report.max_explained = GROUPS_MAX_EXPLAINED;
	c->color = "auto";
	c->index = -1;
	ret = cmd_options_getopt(&c->common, argc, argv, "m:o:j:sqVh", longopts, parse_option, c);
	if (ret)
		return ret;
	c->report.summary_only = c->common.summary;
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
