// SPDX-License-Identifier: GPL-2.0-only
/*
 * The live automata's records, from their bytes to what rvreplay diff
 * compares: the decoder reads the kernel's DA layouts (rv_trace.h: per
 * task event_/error_<monitor> with an id, per CPU without one, the hybrid
 * automata's error_env_<monitor>) beside the LTL one, by their formats;
 * diff turns a DA step's names into the replay's bits, keys a per-CPU
 * monitor's instance by the record's CPU, and matches a clock that ran
 * out (event "none") with the instance's next broken constraint by time.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "diff_fixture.h"
#include "trace_decode.h"

extern const struct rv_monitor wwnr_monitor;
extern const struct rv_monitor stall_monitor;
extern const struct rv_monitor sleep_monitor;

#define COMMON_FIELDS								\
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"	\
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"	\
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"

/* 6.12's event_da_monitor_id, as tracefs prints the format of rv:event_wwnr */
static const char event_wwnr[] =
	"name: event_wwnr\nID: 101\nformat:\n" COMMON_FIELDS
	"\tfield:int id;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:__data_loc char[] state;\toffset:12;\tsize:4;\tsigned:0;\n"
	"\tfield:__data_loc char[] event;\toffset:16;\tsize:4;\tsigned:0;\n"
	"\tfield:__data_loc char[] next_state;\toffset:20;\tsize:4;\tsigned:0;\n"
	"\tfield:bool final_state;\toffset:24;\tsize:1;\tsigned:0;\n\n"
	"print fmt: \"%d: %s x %s -> %s%s\", REC->id, __get_str(state), __get_str(event), "
	"__get_str(next_state), REC->final_state ? \" (final)\" : \"\"\n";

/* 7.1's error_env_da_monitor_id, of rv:error_env_stall */
static const char error_env_stall[] =
	"name: error_env_stall\nID: 102\nformat:\n" COMMON_FIELDS
	"\tfield:int id;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:__data_loc char[] state;\toffset:12;\tsize:4;\tsigned:0;\n"
	"\tfield:__data_loc char[] event;\toffset:16;\tsize:4;\tsigned:0;\n"
	"\tfield:__data_loc char[] env;\toffset:20;\tsize:4;\tsigned:0;\n\n"
	"print fmt: \"%d: event %s not expected in the state %s with env %s\", REC->id, "
	"__get_str(event), __get_str(state), __get_str(env)\n";

/* event_da_monitor, per CPU: rv:event_wip has no id */
static const char event_wip[] =
	"name: event_wip\nID: 103\nformat:\n" COMMON_FIELDS
	"\tfield:__data_loc char[] state;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:__data_loc char[] event;\toffset:12;\tsize:4;\tsigned:0;\n"
	"\tfield:__data_loc char[] next_state;\toffset:16;\tsize:4;\tsigned:0;\n"
	"\tfield:bool final_state;\toffset:20;\tsize:1;\tsigned:0;\n\n"
	"print fmt: \"%s x %s -> %s%s\", __get_str(state), __get_str(event), "
	"__get_str(next_state), REC->final_state ? \" (final)\" : \"\"\n";

/* the LTL layout, of rvreplay:event_sleep */
static const char event_sleep[] =
	"name: event_sleep\nID: 104\nformat:\n" COMMON_FIELDS
	"\tfield:__data_loc char[] comm;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:__data_loc char[] states;\toffset:16;\tsize:4;\tsigned:0;\n"
	"\tfield:__data_loc char[] atoms;\toffset:20;\tsize:4;\tsigned:0;\n"
	"\tfield:__data_loc char[] next;\toffset:24;\tsize:4;\tsigned:0;\n\n"
	"print fmt: \"%s[%d]: (%s) x (%s) -> (%s)\", __get_str(comm), REC->pid, "
	"__get_str(states), __get_str(atoms), __get_str(next)\n";

struct decoding {
	struct tep_handle	*tep;
	struct trace_decoder	*d;
};

static void parse(struct tep_handle *tep, const char *system, const char *fmt)
{
	ck_assert_int_eq(tep_parse_event(tep, fmt, strlen(fmt), system), 0);
}

static void decoding_init(struct decoding *dc)
{
	dc->tep = tep_alloc();
	ck_assert_ptr_nonnull(dc->tep);
	tep_set_file_bigendian(dc->tep, __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ?
				       TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	parse(dc->tep, "rv", event_wwnr);
	parse(dc->tep, "rv", error_env_stall);
	parse(dc->tep, "rv", event_wip);
	parse(dc->tep, "rvreplay", event_sleep);
	dc->d = trace_decoder_new(dc->tep);
	ck_assert_ptr_nonnull(dc->d);
}

static void decoding_release(struct decoding *dc)
{
	trace_decoder_free(dc->d);
	tep_free(dc->tep);
}

/* A record: the common fields, then @nums 4-byte numbers, then __data_loc strings. */
struct payload {
	unsigned char	bytes[256];
	int		fixed;		/* where the next fixed field goes */
	int		dynamic;	/* where the next string goes */
};

static void payload_init(struct payload *p, unsigned short id, int pid, int fixed_end)
{
	memset(p, 0, sizeof(*p));
	memcpy(p->bytes, &id, 2);
	memcpy(p->bytes + 4, &pid, 4);
	p->fixed = 8;
	p->dynamic = fixed_end;
}

static void put_int(struct payload *p, int v)
{
	memcpy(p->bytes + p->fixed, &v, 4);
	p->fixed += 4;
}

static void put_str(struct payload *p, const char *s)
{
	unsigned int len = strlen(s) + 1, loc = p->dynamic | len << 16;

	memcpy(p->bytes + p->fixed, &loc, 4);
	p->fixed += 4;
	memcpy(p->bytes + p->dynamic, s, len);
	p->dynamic += len;
}

static void decode(const struct decoding *dc, const struct payload *p, struct trace_record *rec)
{
	memset(rec, 0, sizeof(*rec));
	rec->cpu = 1;
	ck_assert(trace_decode_payload(dc->d, p->bytes, p->dynamic, rec));
}

START_TEST(da_step_per_task)
{
	struct decoding dc;
	struct payload p;
	struct trace_record rec;
	struct diff_step st = { 0 };

	decoding_init(&dc);
	payload_init(&p, 101, 0, 28);
	put_int(&p, 4242);
	put_str(&p, "running");
	put_str(&p, "switch_out");
	put_str(&p, "not_running");
	p.bytes[p.fixed] = 1;		/* final_state */
	decode(&dc, &p, &rec);
	ck_assert_int_eq(rec.kind, TRACE_RV_EVENT);
	ck_assert_str_eq(rec.rv.system, "rv");
	ck_assert_str_eq(rec.rv.monitor, "wwnr");
	ck_assert_int_eq(rec.rv.layout, TRACE_RV_DA);
	ck_assert(!rec.rv.env);
	ck_assert_int_eq(rec.rv.task.pid, 4242);
	ck_assert_str_eq(rec.rv.task.comm, "");
	ck_assert_str_eq(rec.rv.states, "running");
	ck_assert_str_eq(rec.rv.atoms, "switch_out");
	ck_assert_str_eq(rec.rv.next, "not_running");
	/* the replay's DA core reports one bit each: state, event, next state */
	diff_parse_step(&wwnr_monitor, &rec, &st);
	ck_assert_uint_eq(st.states, 1UL << 1);		/* running */
	ck_assert_uint_eq(st.atoms, 1UL << 1);		/* switch_out */
	ck_assert_uint_eq(st.next, 1UL << 0);		/* not_running */
	ck_assert_int_eq(diff_instance_of_live(&wwnr_monitor, &rec), 4242);
	decoding_release(&dc);
}
END_TEST

START_TEST(ha_clock_ran_out)
{
	struct decoding dc;
	struct payload p;
	struct trace_record rec;

	decoding_init(&dc);
	payload_init(&p, 102, 0, 24);
	put_int(&p, 77);
	put_str(&p, "enqueued");
	put_str(&p, "none");
	put_str(&p, "clk=3");
	decode(&dc, &p, &rec);
	ck_assert_int_eq(rec.kind, TRACE_RV_ERROR);
	/* error_env_stall is stall's, not a monitor "env_stall" */
	ck_assert_str_eq(rec.rv.monitor, "stall");
	ck_assert(rec.rv.env);
	ck_assert_int_eq(rec.rv.task.pid, 77);
	ck_assert_str_eq(rec.rv.states, "enqueued");
	ck_assert_str_eq(rec.rv.next, "clk=3");
	ck_assert(diff_timeout(&rec));
	/* the same error at an event is tied to its record */
	payload_init(&p, 102, 0, 24);
	put_int(&p, 77);
	put_str(&p, "enqueued");
	put_str(&p, "sched_switch_in");
	put_str(&p, "clk=3");
	decode(&dc, &p, &rec);
	ck_assert(!diff_timeout(&rec));
	decoding_release(&dc);
}
END_TEST

/* A per-CPU monitor as the lead's wip will be: wwnr's automaton, instance per CPU. */
static const struct rv_monitor per_cpu_mon = {
	.name = "wip", .type = RV_MONITOR_DA, .instance = RV_PER_CPU,
};

START_TEST(da_step_per_cpu)
{
	struct decoding dc;
	struct payload p;
	struct trace_record rec;

	decoding_init(&dc);
	payload_init(&p, 103, 321, 24);
	put_str(&p, "non_preemptive");
	put_str(&p, "preempt_enable");
	put_str(&p, "preemptive");
	decode(&dc, &p, &rec);
	ck_assert_int_eq(rec.kind, TRACE_RV_EVENT);
	ck_assert_str_eq(rec.rv.monitor, "wip");
	ck_assert_int_eq(rec.rv.layout, TRACE_RV_DA_IMPLICIT);
	ck_assert_int_eq(rec.rv.task.pid, -1);
	ck_assert_str_eq(rec.rv.atoms, "preempt_enable");
	/* no id: the record's CPU is the instance, whoever ran */
	ck_assert_int_eq(diff_instance_of_live(&per_cpu_mon, &rec), 1);
	ck_assert_int_eq(diff_instance(&per_cpu_mon, 321, 0), 0);
	ck_assert_int_eq(diff_instance(&wwnr_monitor, 321, 0), 321);
	decoding_release(&dc);
}
END_TEST

START_TEST(ltl_layout_unchanged)
{
	struct decoding dc;
	struct payload p;
	struct trace_record rec;
	struct diff_step st = { 0 };

	decoding_init(&dc);
	payload_init(&p, 104, 9, 28);
	put_str(&p, "sleeper");
	put_int(&p, 9);
	put_str(&p, "1-2");
	put_str(&p, "rt");
	put_str(&p, "0,2");
	decode(&dc, &p, &rec);
	ck_assert_int_eq(rec.kind, TRACE_RV_EVENT);
	ck_assert_int_eq(rec.rv.layout, TRACE_RV_LTL);
	ck_assert_str_eq(rec.rv.system, "rvreplay");
	ck_assert_str_eq(rec.rv.task.comm, "sleeper");
	ck_assert_int_eq(rec.rv.task.pid, 9);
	diff_parse_step(&sleep_monitor, &rec, &st);
	ck_assert_uint_eq(st.states, 0x6);
	ck_assert_uint_eq(st.next, 0x5);
	ck_assert_uint_ne(st.atoms, 0);
	decoding_release(&dc);
}
END_TEST

START_TEST(unknown_names_are_no_bits)
{
	struct trace_record rec;
	struct diff_step st = { 0 };

	memset(&rec, 0, sizeof(rec));
	rec.kind = TRACE_RV_EVENT;
	rec.rv.layout = TRACE_RV_DA;
	strcpy(rec.rv.states, "\x1b[2Jrunning");
	strcpy(rec.rv.atoms, "none");
	strcpy(rec.rv.next, "");
	diff_parse_step(&stall_monitor, &rec, &st);
	ck_assert_uint_eq(st.states, 0);
	ck_assert_uint_eq(st.atoms, 0);
	ck_assert_uint_eq(st.next, 0);
}
END_TEST

/* ---- matching: a clock that ran out, a per-CPU instance ---- */

static void case_init(struct match_case *mc)
{
	match_case_init(mc, &stall_monitor, &per_cpu_mon);
	/* the module said when it ran: no [before-trace] */
	mc->res.windows = calloc(1, sizeof(*mc->res.windows));
	mc->res.windows[0] = (struct diff_window){ 0, UINT64_MAX };
	mc->res.nr_windows = 1;
}

static struct verdict *add_verdict(struct match_case *mc, const struct rv_monitor *m, int pid,
				   int cpu, uint64_t ts, enum rv_violation_kind kind)
{
	return match_case_verdict(mc, m, pid, (struct diff_key){ ts, cpu, ts * 10 }, kind);
}

static void run_match(struct match_case *mc)
{
	ck_assert_int_eq(diff_match(&mc->cmp, &mc->rerun), 0);
}

START_TEST(timeout_matches_next_constraint)
{
	struct match_case mc;
	struct diff_live *l;
	struct verdict *step, *clock;

	case_init(&mc);
	l = &mc.lives[mc.res.nr_lives++];
	l->monitor = 0;
	l->pid = 50;
	l->ts = 1000;
	l->at = (struct diff_key){ 1000, 0, 7 };
	l->timeout = true;
	/* before it, and an unexpected event after it: neither is a clock's */
	add_verdict(&mc, &stall_monitor, 50, 1, 900, RV_VIOLATION_CONSTRAINT);
	step = add_verdict(&mc, &stall_monitor, 50, 1, 1100, RV_VIOLATION_STEP);
	clock = add_verdict(&mc, &stall_monitor, 50, 0, 1500, RV_VIOLATION_CONSTRAINT);
	run_match(&mc);
	ck_assert_uint_eq(mc.res.matched, 1);
	ck_assert_uint_eq(mc.res.replay_only, 2);
	ck_assert_uint_eq(mc.res.live_timeouts, 1);
	ck_assert_uint_eq(mc.res.timeouts_matched, 1);
	for (unsigned int i = 0; i < mc.res.nr_entries; i++) {
		const struct diff_entry *e = &mc.res.entries[i];

		if (e->side != DIFF_MATCHED)
			continue;
		ck_assert_ptr_eq(e->verdict, clock);
		/* listed where the replay found it */
		ck_assert_uint_eq(e->at.ts, 1500);
	}
	ck_assert_ptr_ne(step, clock);
	match_case_release(&mc);
}
END_TEST

START_TEST(timeout_takes_what_tied_errors_leave)
{
	struct match_case mc;
	struct diff_live *tied, *timeout;

	case_init(&mc);
	timeout = &mc.lives[mc.res.nr_lives++];
	timeout->monitor = 0;
	timeout->pid = 50;
	timeout->ts = 1000;
	timeout->at = (struct diff_key){ 1000, 0, 7 };
	timeout->timeout = true;
	tied = &mc.lives[mc.res.nr_lives++];
	tied->monitor = 0;
	tied->pid = 50;
	tied->ts = 1201;
	tied->tied = true;
	tied->at = (struct diff_key){ 1200, 1, 12000 };
	add_verdict(&mc, &stall_monitor, 50, 1, 1200, RV_VIOLATION_CONSTRAINT);
	run_match(&mc);
	/* the verdict at its record is the tied error's; the clock's finds none */
	ck_assert_uint_eq(mc.res.matched, 1);
	ck_assert_uint_eq(mc.res.live_only, 1);
	ck_assert_uint_eq(mc.res.timeouts_matched, 0);
	match_case_release(&mc);
}
END_TEST

START_TEST(per_cpu_keyed_by_cpu)
{
	struct match_case mc;
	struct diff_live *l;

	case_init(&mc);
	l = &mc.lives[mc.res.nr_lives++];
	l->monitor = 1;
	l->pid = 1;			/* CPU 1's instance */
	l->ts = 501;
	l->tied = true;
	l->at = (struct diff_key){ 500, 1, 5000 };
	/* two tasks' verdicts at that record: the CPU's is the one */
	add_verdict(&mc, &per_cpu_mon, 4242, 1, 500, RV_VIOLATION_STEP);
	add_verdict(&mc, &per_cpu_mon, 4243, 0, 600, RV_VIOLATION_STEP);
	run_match(&mc);
	ck_assert_uint_eq(mc.res.matched, 1);
	ck_assert_uint_eq(mc.res.replay_only, 1);
	for (unsigned int i = 0; i < mc.res.nr_entries; i++)
		if (mc.res.entries[i].side == DIFF_REPLAY_ONLY)
			ck_assert_int_eq(mc.res.entries[i].pid, 0);	/* CPU 0 */
	match_case_release(&mc);
}
END_TEST

/* ---- a hybrid automaton's wait at an edge ---- */

/* The replay's steps of stall's pid 7: woken (its clock reset) at 1 ms, then what @later says. */
static void edge_case(struct match_case *mc, struct diff_step *steps, uint64_t live_delay)
{
	case_init(mc);
	mc->opts.replay.hz = 250;
	mc->opts.replay.param_values[0][0] = 2;		/* threshold_jiffies: 8 ms, unsure from 4 */
	mc->res.live_delay_max = live_delay;
	/* dequeued x sched_wakeup -> enqueued: the reset */
	steps[0] = (struct diff_step){ .monitor = 0, .pid = 7, .at = { 1000000, 0, 10 },
				       .states = 1UL << 0, .atoms = 1UL << 3, .next = 1UL << 1 };
	mc->cmp.replay = steps;
	mc->cmp.nr_replay = 1;
}

START_TEST(wait_at_an_edge)
{
	struct match_case mc;
	struct diff_step steps[1];
	struct diff_key at;

	edge_case(&mc, steps, 20000);
	/* 4 ms after the reset, 15 us off: the module may have found it unsure */
	at = (struct diff_key){ 1000000 + 4000000 + 15000, 0, 20 };
	ck_assert(diff_clock_edge(&mc.cmp, 0, 7, &at));
	/* 8 ms, 30 us before: the module may have found it over */
	at = (struct diff_key){ 1000000 + 8000000 - 30000, 1, 30 };
	ck_assert(diff_clock_edge(&mc.cmp, 0, 7, &at));
	/* 6 ms: both sides unsure, 12 ms: both over; 50 us off an edge is beyond twice the delay */
	at = (struct diff_key){ 1000000 + 6000000, 0, 40 };
	ck_assert(!diff_clock_edge(&mc.cmp, 0, 7, &at));
	at = (struct diff_key){ 1000000 + 12000000, 0, 50 };
	ck_assert(!diff_clock_edge(&mc.cmp, 0, 7, &at));
	at = (struct diff_key){ 1000000 + 4000000 + 50000, 0, 60 };
	ck_assert(!diff_clock_edge(&mc.cmp, 0, 7, &at));
	/* another task, or no live delay at all: nothing at an edge */
	at = (struct diff_key){ 1000000 + 4000000, 0, 20 };
	ck_assert(!diff_clock_edge(&mc.cmp, 0, 8, &at));
	match_case_release(&mc);
	edge_case(&mc, steps, 0);
	at = (struct diff_key){ 1000000 + 4000000 + 1, 0, 20 };
	ck_assert(!diff_clock_edge(&mc.cmp, 0, 7, &at));
	match_case_release(&mc);
}
END_TEST

START_TEST(edge_explains_a_verdict)
{
	struct match_case mc;
	struct diff_step steps[1];
	struct diff_live *l;

	edge_case(&mc, steps, 20000);
	/* the module found the clock over at the switch-in, the replay unsure */
	l = &mc.lives[mc.res.nr_lives++];
	l->monitor = 0;
	l->pid = 7;
	l->ts = 9000000;
	l->tied = true;
	l->at = (struct diff_key){ 1000000 + 8000000 - 10000, 0, 90 };
	run_match(&mc);
	ck_assert_uint_eq(mc.res.live_only, 1);
	ck_assert_int_eq(mc.res.entries[0].why, DIFF_CLOCK_EDGE);
	ck_assert_uint_eq(mc.res.unexplained, 0);
	match_case_release(&mc);
}
END_TEST

Suite *diff_live_suite(void)
{
	Suite *s = suite_create("diff_live");
	TCase *tc = tcase_create("records");

	tcase_add_test(tc, da_step_per_task);
	tcase_add_test(tc, ha_clock_ran_out);
	tcase_add_test(tc, da_step_per_cpu);
	tcase_add_test(tc, ltl_layout_unchanged);
	tcase_add_test(tc, unknown_names_are_no_bits);
	suite_add_tcase(s, tc);
	tc = tcase_create("match");
	tcase_add_test(tc, timeout_matches_next_constraint);
	tcase_add_test(tc, timeout_takes_what_tied_errors_leave);
	tcase_add_test(tc, per_cpu_keyed_by_cpu);
	tcase_add_test(tc, wait_at_an_edge);
	tcase_add_test(tc, edge_explains_a_verdict);
	suite_add_tcase(s, tc);
	return s;
}
