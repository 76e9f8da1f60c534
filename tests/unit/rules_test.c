// SPDX-License-Identifier: GPL-2.0-only
/*
 * Users' rules (rules/, rvreplay-spec(5)): bindings parsed, errors with FILE:LINE:COL,
 * filters' values on a made-up event and task, a rule loaded and its instance driven,
 * and its export for a kernel tree with the rule's texts escaped.
 */
#define _GNU_SOURCE
#include <check.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rule.h"
#include "rule_c.h"
#include "rule_eval.h"
#include "rule_export.h"
#include "rule_local.h"

static char dir[64];		/* each test case's folder, removed even when a test fails */

static void dir_make(void)
{
	snprintf(dir, sizeof(dir), "/tmp/rules_test.XXXXXX");
	if (!mkdtemp(dir))
		dir[0] = '\0';		/* its tests fail to write there */
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	return remove(path);
}

static void dir_remove(void)
{
	if (dir[0])
		nftw(dir, remove_one, 8, FTW_DEPTH | FTW_PHYS);
}

/* the events of their own systems rules name are the process's: each test its own */
static void setup(void)
{
	trace_user_reset();
}

/* @text, a rule named r.ltl, parsed: its bindings in @b. */
static void parse_ok(const char *text, struct rule_bindings *b)
{
	char err[RULE_ERR_LEN] = "";

	ck_assert_msg(!rule_bindings_parse("r.ltl", text, b, err), "%s: %s", text, err);
}

/* @text, a rule named r.ltl, refused with exactly @want. */
static void refused(const char *text, const char *want)
{
	struct rule_bindings b;
	char err[RULE_ERR_LEN] = "";

	ck_assert_int_eq(rule_bindings_parse("r.ltl", text, &b, err), -1);
	ck_assert_str_eq(err, want);
	rule_bindings_free(&b);
}

START_TEST(test_fact_and_pulse_bindings)
{
	struct rule_bindings b;

	parse_ok("RULE = always (RT imply not MM)\n# a comment\n"
		 "#: RT = task.rt && task.user_thread \n"
		 "#: MM = on sys_enter if syscall in (mmap, brk, munmap)\n", &b);
	ck_assert_int_eq(b.b[0].pos.line, 3);
	ck_assert_int_eq(b.b[0].pos.col, 4);
	ck_assert_int_eq(b.b[0].kind, RULE_FACT);
	ck_assert_str_eq(b.b[0].text, "task.rt && task.user_thread");
	ck_assert_int_eq(b.b[0].fact->r->field, RF_TASK_USER_THREAD);
	ck_assert_int_eq(b.b[1].kind, RULE_PULSE);
	ck_assert_int_eq(b.b[1].on, RV_EV_SYS_ENTER);
	ck_assert_str_eq(b.b[1].on_if->r->next->next->str, "munmap");
	ck_assert_ptr_null(b.b[1].on_if->r->next->next->next);
	rule_bindings_free(&b);
}
END_TEST

START_TEST(test_state_and_value_bindings)
{
	const struct trace_user_event *u;
	struct rule_bindings b;

	parse_ok("#: S = on switch_in off switch_out if sleeping initially task.kthread ? false : "
		 "unknown inferred false at sched_waking sched:sched_wakeup\n"
		 "#: MOVED = dest_cpu != orig_cpu at sched:sched_migrate_task for pid off "
		 "switch_out\n", &b);
	ck_assert_int_eq(b.b[0].kind, RULE_STATE);
	ck_assert_int_eq(b.b[0].on, RV_EV_SWITCH_IN);
	ck_assert_int_eq(b.b[0].off, RV_EV_SWITCH_OUT);
	ck_assert_int_eq(b.b[0].off_if->field, RF_SLEEPING);
	ck_assert_int_eq(b.b[0].initially->r->op, RO_UNKNOWN);
	ck_assert_uint_eq(b.b[0].inferred_at, 1u << RV_EV_WAKING | 1u << RV_EV_WAKEUP);
	ck_assert_int_eq(b.b[1].kind, RULE_VALUE);
	ck_assert_int_eq(b.b[1].on, RV_EV_TRACE);
	ck_assert_int_eq(b.b[1].off, RV_EV_SWITCH_OUT);
	u = trace_user_event(b.b[1].on_user);
	ck_assert_str_eq(u->full, "sched:sched_migrate_task");
	ck_assert_str_eq(u->task, "pid");
	ck_assert_int_eq(b.b[1].value->l->field, RF_EVENT);
	ck_assert_str_eq(u->fields[b.b[1].value->l->num], "dest_cpu");
	ck_assert_str_eq(u->fields[b.b[1].value->r->num], "orig_cpu");
	rule_bindings_free(&b);
}
END_TEST

START_TEST(test_unknown_names_did_you_mean)
{
	/* rvreplay-spec(5)'s example, to the byte */
	refused("RULE = always (RT imply not W)\n#: RT = task.rt\n#: W = on sched_wakup\n",
		"r.ltl:3:11: error: unknown event 'sched_wakup' (did you mean sched_wakeup?)");
	refused("#: RT = task.prioo < 10\n",
		"r.ltl:1:9: error: unknown name 'task.prioo' (did you mean task.prio?)");
	refused("#: A = on sys_enter if syscall == futx\n",
		"r.ltl:1:35: error: unknown system call 'futx' (did you mean futex?)");
	refused("#: A = on page_fault if prev_state == 1\n",
		"r.ltl:1:25: error: 'prev_state' is a field of switch_out only");
	refused("#: A = on sched_switch\n", "r.ltl:1:11: error: sched_switch is two events "
		"here: switch_out (its prev task) or switch_in (its next)");
	refused("#: A = on irq:irq_handler_entry\n", "r.ltl:1:11: error: irq:irq_handler_entry "
		"is one the replay reads for itself: a rule names the monitors' events and those "
		"the replay does not read");
}
END_TEST

START_TEST(test_numbers_and_strings_refused)
{
	char line[128];
	struct rule_bindings b;

	refused("#: A = task.pid < 18446744073709551616\n",
		"r.ltl:1:19: error: a number over 64 bits (18446744073709551615 at most)");
	parse_ok("#: A = task.pid < 18446744073709551615\n", &b);
	ck_assert(b.b[0].fact->r->uns);
	ck_assert_uint_eq((unsigned long long)b.b[0].fact->r->num, 18446744073709551615ULL);
	rule_bindings_free(&b);
	/* 31 bytes: an event's string field is read up to 31, so it could be longer */
	snprintf(line, sizeof(line), "#: A = on workqueue:nums if name == \"%031d\"\n", 0);
	refused(line, "r.ltl:1:34: error: a string of 31 bytes or more: the replay reads the "
		"first 31 of an event's string fields");
	snprintf(line, sizeof(line), "#: A = on workqueue:nums if name == \"%030d\"\n", 0);
	parse_ok(line, &b);
	rule_bindings_free(&b);
	refused("#: A = task.pid > 0 && \"b\" < task.comm\n", "r.ltl:1:28: error: strings are "
		"not ordered: '<', '<=', '>' and '>=' compare numbers (trace-cmd refuses them "
		"too)");
	refused("#: A = task.comm == 0\n",
		"r.ltl:1:18: error: a string compared with a number (trace-cmd refuses it too)");
	refused("#: A = task.comm == \"abc\n", "r.ltl:1:21: error: a string is not closed (\")");
}
END_TEST

/* @text parsed as a fact's expression, from deep.ltl:1:1. */
static int parse_fact(const char *text, char *err)
{
	struct rule_pos pos = { "deep.ltl", 1, 1 };
	struct rule_expr *e = NULL;
	int ret = rule_expr_parse(&text, &pos, 0, -1, &e, err);

	rule_expr_free(e);
	return ret;
}

/* @first, @unit @n times, then @last, in @buf (REPEAT_LEN bytes). */
#define REPEAT_LEN	8192
static const char *repeat(char *buf, const char *first, const char *unit, int n, const char *last)
{
	size_t used = snprintf(buf, REPEAT_LEN, "%s", first);

	for (int i = 0; i < n; i++)
		used += snprintf(buf + used, REPEAT_LEN - used, "%s", unit);
	ck_assert_uint_lt(used + strlen(last), REPEAT_LEN);
	strcat(buf, last);
	return buf;
}

START_TEST(test_nesting_limits)
{
	static char text[REPEAT_LEN], open[REPEAT_LEN];
	char err[RULE_ERR_LEN] = "";

	ck_assert_msg(!parse_fact(repeat(text, "1", " && 1", 1000, ""), err), "%s", err);
	ck_assert_int_eq(parse_fact(repeat(text, "1", " && 1", 1001, ""), err), -1);
	/* the 1001st '&&', at 3 + 5 * 1000 */
	ck_assert_str_eq(err, "deep.ltl:1:5003: error: operators nested too deep (1000 at most on "
			 "a path, each '&&', '||' or '&' of a chain counting)");
	repeat(open, "", "(", 64, "1");
	ck_assert_msg(!parse_fact(repeat(text, open, ")", 64, ""), err), "%s", err);
	repeat(open, "", "(", 65, "1");
	ck_assert_int_eq(parse_fact(repeat(text, open, ")", 65, ""), err), -1);
	ck_assert_str_eq(err, "deep.ltl:1:66: error: parentheses nested too deep (64 at most)");
}
END_TEST

START_TEST(test_binding_line_errors)
{
	refused("#: A = on page_fault\n#:   A = on sys_exit\n",
		"r.ltl:2:6: error: A is bound twice (first at line 1)");
	refused("#: A = on page_fault \x80\n",
		"r.ltl:1:22: error: a byte that is not printable ASCII (0x80)");
	refused("#: A = task.rt off switch_out\n", "r.ltl:1:16: error: expected 'initially', "
		"'inferred' or the end of the line");
	refused("#: A = task.rt initially true\n", "r.ltl:1:26: error: a fact has no initial "
		"value: it is read before every step");
}
END_TEST

/* A task, an instance of it and one event, for filters' values. */
struct scene {
	struct rv_task		task;
	struct rv_target	t;
	struct rv_event		ev;
	long long		val[TRACE_USER_FIELDS];
	char			str[TRACE_USER_FIELDS][TRACE_USER_STR_LEN];
};

static const struct rv_syscalls x86_64 = { .arch = "x86_64" };

static void scene_init(struct scene *s, enum rv_event_type type)
{
	memset(s, 0, sizeof(*s));
	s->task = (struct rv_task){ .pid = 7, .prio = 120, .rt = 0, .kthread = 0,
				    .init_comm = "bash", .comm = "cyclictest", .cpu = 1 };
	s->t.task = &s->task;
	s->ev.type = type;
	if (type == RV_EV_SYS_ENTER)
		s->ev.sys_enter.table = &x86_64;
	if (type == RV_EV_TRACE) {
		s->ev.trace.val = s->val;
		s->ev.trace.str = s->str;
	}
}

/* The value on the scene of binding "A = @body": its fact, its value, or its event's filter. */
static int value_of(struct scene *s, const char *body)
{
	const struct rule_binding *b;
	struct rule_bindings bs;
	char line[256];
	int v;

	snprintf(line, sizeof(line), "#: A = %s\n", body);
	parse_ok(line, &bs);
	b = &bs.b[0];
	v = rule_eval(b->fact ? b->fact : b->value ? b->value : b->on_if,
		      &(struct rule_ctx){ .t = &s->t, .ev = b->fact ? NULL : &s->ev });
	rule_bindings_free(&bs);
	return v;
}

/* workqueue:nums's fields, as its first binding asks for them (trace_user_want_field()) */
enum { BIG, NEG, NAME };

START_TEST(test_event_fields)
{
	struct scene s;

	scene_init(&s, RV_EV_TRACE);
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if big > 0 && neg > 0 && name == 0"), -1);
	ck_assert_str_eq(trace_user_event(trace_user_find("workqueue", "nums"))->fields[NAME],
			 "name");
	s.val[BIG] = (long long)0xffffffff80001000ULL;
	s.val[NEG] = -3;
	s.ev.trace.known = 1u << BIG | 1u << NEG | 1u << NAME;
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if big >= 0xffffffff80000000"), 1);
	/* a signed field sign-extended, then unsigned: an error is over 0, as trace-cmd */
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if neg > 5"), 1);
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if neg < 5"), 0);
	s.val[BIG] = 5;
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if big >= 0xffffffff80000000"), 0);
	ck_assert_int_eq(value_of(&s, "neg at workqueue:nums"), 1);
	/* 31 bytes may have been cut: what it would match whole is unknown */
	s.ev.trace.strings = 1u << NAME;
	memset(s.str[NAME], 'a', 31);
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if name ~ \"*z\""), -1);
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if name ~ \"aaa*\""), 1);
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if name == \"aa\""), 0);
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if name == name"), -1);
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if name == 0"), 0);
	strcpy(s.str[NAME], "events");
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if name == name"), 1);
	/* a field the trace's record does not hold */
	s.ev.trace.known = 1u << BIG;
	ck_assert_int_eq(value_of(&s, "on workqueue:nums if neg > 5"), -1);
}
END_TEST

START_TEST(test_facts_compare_signed)
{
	struct scene s;

	scene_init(&s, RV_EV_PAGE_FAULT);
	s.task.prio = 10;
	s.task.rt = 1;
	ck_assert_int_eq(value_of(&s, "task.prio < 100"), 1);
	/* a literal over 2^63-1 is unsigned, and so is its comparison, as in C */
	ck_assert_int_eq(value_of(&s, "task.pid > 0x8000000000000000"), 0);
	ck_assert_int_eq(value_of(&s, "task.pid < 0xffffffffffffffff"), 1);
	s.task.first_ns = 1000;
	s.t.now = 1000 + 10000000;
	ck_assert_int_eq(value_of(&s, "task.age >= 10ms"), 1);
	s.t.now--;
	ck_assert_int_eq(value_of(&s, "task.age >= 10ms"), 0);
	ck_assert_int_eq(value_of(&s, "task.comm ^= \"cyclic\""), 1);
	ck_assert_int_eq(value_of(&s, "task.comm ^= \"cyclictest+\""), 0);
	ck_assert_int_eq(value_of(&s, "task.comm ~ \"cyc*t\""), 1);
	s.task.comm = NULL;		/* none told since its creation */
	ck_assert_int_eq(value_of(&s, "task.comm == \"bash\""), 1);
}
END_TEST

START_TEST(test_unknown_facts)
{
	struct scene s;
	const char *init = "task.kthread ? false : unknown";

	scene_init(&s, RV_EV_SWITCH_OUT);
	s.task.prio = RV_PRIO_UNKNOWN;
	s.task.rt = RV_UNKNOWN;
	s.task.cpu = -1;
	ck_assert_int_eq(value_of(&s, "task.prio < 100"), -1);
	/* known false beats unknown in &&, known true in || */
	ck_assert_int_eq(value_of(&s, "task.prio < 100 && false"), 0);
	ck_assert_int_eq(value_of(&s, "true || task.prio < 100"), 1);
	ck_assert_int_eq(value_of(&s, "task.prio < 100 || false"), -1);
	ck_assert_int_eq(value_of(&s, "task.prio in (1, 2)"), -1);
	ck_assert_int_eq(value_of(&s, "task.rtprio > 50 || task.cpu == 1 || task.age > 0"), -1);
	ck_assert_int_eq(value_of(&s, "unknown"), -1);
	s.task.kthread = 1;
	ck_assert_int_eq(value_of(&s, init), 0);
	s.task.kthread = 0;
	ck_assert_int_eq(value_of(&s, init), -1);
}
END_TEST

START_TEST(test_in_lists_and_event_facts)
{
	struct scene s;
	const char *mm = "on sys_enter if syscall in (mmap, brk, munmap)";

	scene_init(&s, RV_EV_SYS_ENTER);
	s.ev.sys_enter.id = 9;		/* x86_64's mmap */
	ck_assert_int_eq(value_of(&s, mm), 1);
	s.ev.sys_enter.id = 0;		/* read */
	ck_assert_int_eq(value_of(&s, mm), 0);
	s.ev.sys_enter.id = 202;
	ck_assert_int_eq(value_of(&s, "on sys_enter if syscall == futex"), 1);
	s.ev.sys_enter.args[1] = 128 | 1;
	ck_assert_int_eq(value_of(&s, "on sys_enter if (arg1 & FUTEX_CMD_MASK) in (FUTEX_WAIT, "
				  "FUTEX_WAKE)"), 1);
	ck_assert_int_eq(value_of(&s, "on sys_enter if arg1 in (1, 128)"), 0);
	scene_init(&s, RV_EV_WAKING);
	s.ev.cpu = 3;
	s.ev.waking.context = RV_CTX_HARDIRQ;
	s.ev.waking.waker_prio = 5;
	s.ev.waking.wakee_prio = RV_PRIO_UNKNOWN;
	ck_assert_int_eq(value_of(&s, "on sched_waking if waker.hardirq && !waker.task && "
				  "waker.prio == 5 && cpu == 3"), 1);
	ck_assert_int_eq(value_of(&s, "on sched_waking if woken.prio < 100"), -1);
}
END_TEST

/* @text written to @name in the test's folder; its path in @path. */
static void write_rule(const char *name, const char *text, char *path, size_t len)
{
	FILE *f;

	snprintf(path, len, "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_msg(f, "cannot write %s", path);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* @name in the test's folder, written with @text and loaded. */
static const struct rv_monitor *load(const char *name, const char *text, char *path, size_t len)
{
	char err[RULE_ERR_LEN] = "";
	const struct rv_monitor *m;

	write_rule(name, text, path, len);
	m = rule_load(path, err);
	ck_assert_msg(m, "%s", err);
	return m;
}

/* One instance of a loaded rule, with its violations counted. */
struct drive {
	struct rv_task		task;
	struct rv_report	report;
	struct rv_target	t;
	union rv_state		state;
	int			violations;
};

static void count_violation(void *data, const struct rv_target *t, const unsigned long *before,
			    const unsigned long *atoms, enum rv_violation_kind kind)
{
	((struct drive *)data)->violations++;
}

static void drive_init(struct drive *d, const struct rv_monitor *m)
{
	memset(d, 0, sizeof(*d));
	d->task = (struct rv_task){ .pid = 7, .prio = 120, .init_comm = "app" };
	d->report.violation = count_violation;
	d->t = (struct rv_target){ .monitor = m, .task = &d->task, .report = &d->report,
				   .report_data = d };
	rv_instance_bind(&d->t, &d->state);
	rv_instance_init(&d->t, false);
}

/* An event, given as the replay gives it: only when the rule's filters take it. */
static bool drive_event(struct drive *d, enum rv_event_type type, long syscall)
{
	struct rv_event ev = { .type = type };

	ev.sys_enter.id = syscall;
	ev.sys_enter.table = type == RV_EV_SYS_ENTER ? &x86_64 : NULL;
	if (d->t.monitor->wants && !d->t.monitor->wants(&d->t, &ev))
		return false;
	rv_handle(&d->t, &ev);
	return true;
}

static const char no_mm_calls[] =
	"# no real-time task calls mmap, brk or munmap\n"
	"RULE = always (RT imply not MM_CALL)\n\n#: monitor no_mm\n"
	"#: RT = task.rt && task.user_thread\n"
	"#: MM_CALL = on sys_enter if syscall in (mmap, brk, munmap)\n";

START_TEST(test_load_formula_and_drive)
{
	char path[128];
	const struct rv_monitor *m = load("no-mm.ltl", no_mm_calls, path, sizeof(path));
	struct drive d;

	ck_assert(rule_is(m));
	ck_assert_str_eq(m->name, "no_mm");
	ck_assert_str_eq(rule_text(m), no_mm_calls);
	ck_assert_str_eq(m->roles[RV_EV_SYS_ENTER], "MM_CALL");
	drive_init(&d, m);
	/* not real-time: a call starts the instance, and is no violation */
	ck_assert(drive_event(&d, RV_EV_SYS_ENTER, 9));
	ck_assert(rv_instance_running(&d.t));
	d.task.rt = 1;
	d.task.prio = 10;
	ck_assert(!drive_event(&d, RV_EV_SYS_ENTER, 0));	/* read: none of its events */
	ck_assert_int_eq(d.violations, 0);
	ck_assert(drive_event(&d, RV_EV_SYS_ENTER, 12));	/* brk while real-time */
	ck_assert_int_eq(d.violations, 1);
	ck_assert(!rv_instance_running(&d.t));
	rule_free(m);
}
END_TEST

START_TEST(test_load_automaton_and_drive)
{
	char err[RULE_ERR_LEN] = "";
	const struct rv_monitor *m = rule_load("examples/specs/wip.dot", err);
	struct drive d;

	ck_assert_msg(m, "%s", err);
	ck_assert_str_eq(m->name, "wip_rule");
	ck_assert_int_eq(m->type, RV_MONITOR_DA);
	ck_assert_int_eq(m->instance, RV_PER_CPU);
	ck_assert_str_eq(m->start_rule, "its first preempt_enable (on preempt_enable starts)");
	drive_init(&d, m);
	/* before its start event, nothing is judged */
	ck_assert(drive_event(&d, RV_EV_WAKING, 0));
	ck_assert(!rv_instance_running(&d.t));
	ck_assert(drive_event(&d, RV_EV_PREEMPT_ENABLE, 0));
	ck_assert(rv_instance_running(&d.t));
	ck_assert(drive_event(&d, RV_EV_PREEMPT_DISABLE, 0));
	ck_assert(drive_event(&d, RV_EV_WAKING, 0));
	ck_assert(drive_event(&d, RV_EV_PREEMPT_ENABLE, 0));
	ck_assert_int_eq(d.violations, 0);
	ck_assert(drive_event(&d, RV_EV_WAKING, 0));		/* preemptive: not expected */
	ck_assert_int_eq(d.violations, 1);
	ck_assert(!rv_instance_running(&d.t));
	rule_free(m);
}
END_TEST

/* The rule @formula @bindings, in @name, refused with "ITS PATH@want". */
static void load_refused(const char *name, const char *bindings, const char *want)
{
	char path[128], text[512], err[RULE_ERR_LEN] = "", full[RULE_ERR_LEN];

	snprintf(text, sizeof(text), "RULE = always (RT imply not MM_CALL)\n%s", bindings);
	write_rule(name, text, path, sizeof(path));
	ck_assert_ptr_null(rule_load(path, err));
	snprintf(full, sizeof(full), "%s%s", path, want);
	ck_assert_str_eq(err, full);
}

START_TEST(test_load_errors)
{
	char want[256];

	load_refused("a.ltl", "#: RT = task.rt\n#: MM_CAL = on sys_enter\n",
		     ":3:4: error: MM_CAL is no atom of the formula (did you mean MM_CALL?)");
	load_refused("b.ltl", "#: RT = task.rt\n", ":1:1: error: the atom MM_CALL of the formula "
		     "has no binding ('#: MM_CALL = ...')");
	load_refused("d.ltl", "#: instance cpu\n#: RT = task.rt\n#: MM_CALL = on sys_enter\n",
		     ":2:13: error: a formula's instances are the tasks', as the kernel's LTL "
		     "monitors' (include/rv/ltl_monitor.h): a rule per CPU or global is an "
		     "automaton (.dot)");
	snprintf(want, sizeof(want), ":1:1: error: no bindings: no '#:' line says how an atom "
		 "comes from the trace, and there is no %s/e.bind", dir);
	load_refused("e.ltl", "", want);
}
END_TEST

/* Bindings in FILE.bind beside a rule without '#:' lines: its errors name that file. */
START_TEST(test_load_bind_file_beside)
{
	char path[128], bind[128], err[RULE_ERR_LEN] = "";
	const struct rv_monitor *m;

	write_rule("rt-calls.ltl", "RULE = always (RT imply not MM_CALL)\n", path, sizeof(path));
	write_rule("rt-calls.bind", "RT = task.rt\n  MM_CALL = on sys_entr\n", bind, sizeof(bind));
	ck_assert_ptr_null(rule_load(path, err));
	strcat(bind, ":2:16: error: unknown event 'sys_entr' (did you mean sys_enter?)");
	ck_assert_str_eq(err, bind);
	/* every line of it is a binding line, no '#:' */
	write_rule("rt-calls.bind", "monitor my_rule\ndescription what it says  \n\nRT = task.rt\n"
		   "MM_CALL = on page_fault_kernel\n", bind, sizeof(bind));
	m = rule_load(path, err);
	ck_assert_msg(m, "%s", err);
	ck_assert_str_eq(m->name, "my_rule");
	ck_assert_str_eq(m->description, "what it says");
	ck_assert_str_eq(m->roles[RV_EV_PAGE_FAULT], "MM_CALL");
	rule_free(m);
}
END_TEST

/* Binding "A = @body"'s expression (its filter, or its fact) as kernel C, for task @task. */
static void c_of(const char *body, const char *task, const char *want)
{
	struct rule_bindings b;
	char *text = NULL, line[256];
	size_t len;
	FILE *out = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(out);
	snprintf(line, sizeof(line), "#: A = %s\n", body);
	parse_ok(line, &b);
	rule_c_expr(out, b.b[0].fact ? b.b[0].fact : b.b[0].on_if, task);
	ck_assert_int_eq(fclose(out), 0);
	ck_assert_str_eq(text, want);
	free(text);
	rule_bindings_free(&b);
}

START_TEST(test_export_expressions_as_c)
{
	c_of("on sys_enter if syscall in (mmap, 12) && arg0 != 0", "current",
	     "((id == __NR_mmap || id == 12) && (args[0] != 0))");
	c_of("task.rtprio > 50 && task.kthread", "task",
	     "(((rt_task(task) ? MAX_RT_PRIO - 1 - (task)->prio : 0) > 50) && "
	     "!!((task)->flags & PF_KTHREAD))");
	c_of("task.pid == 0x8000000000000000 || task.pid == 0x7fffffffffffffff", "p",
	     "(((p)->pid == 9223372036854775808ULL) || ((p)->pid == 9223372036854775807))");
	c_of("task.comm ^= \"a\\\"", "next", "!strncmp((next)->comm, \"a\\\\\", 2)");
	c_of("task.kthread ? unknown : task.comm ~ \"x*\"", "t",
	     "(!!((t)->flags & PF_KTHREAD) ? RV_RULE_UNKNOWN_HAS_NO_KERNEL_VALUE : "
	     "RV_RULE_COMM_ONLY_BY_EQUALITY_OR_PREFIX)");
	c_of("on page_fault if address >= 0xffffffff80000000", "current",
	     "(address >= 18446744071562067968ULL)");
}
END_TEST

/* File @name of the export under @top, whole, with each of @want in it. */
static const char *exported(const char *top, const char *name, const char *const *want)
{
	static char text[65536];
	char path[256];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", top, name);
	f = fopen(path, "r");
	ck_assert_msg(f, "cannot read %s", path);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	for (; want && *want; want++)
		ck_assert_msg(strstr(text, *want), "no \"%s\" in %s:\n%s", *want, name, text);
	return text;
}

static const char hostile_rule[] =
	"RULE = always ((NAMED and BIG) imply not (MAX or MM))\n"
	"#: monitor hostile\n"
	"#: description ends */ here, a \\ and ?\? and \"q\"\n"
	"#: NAMED = task.comm == \"x\\?\?/\"\n"
	"#: BIG = task.pid != 0x8000000000000000\n"
	"#: MAX = task.pid != 0x7fffffffffffffff\n"
	"#: MM = on sys_enter if syscall == mmap\n";

/* Its file named with a '*' before a '/', a newline, a backslash and a trigraph. */
START_TEST(test_export_escapes_hostile_texts)
{
	char path[128], top[128], from[256], help[512], err[RULE_ERR_LEN] = "";
	const char *const c[] = {
		" * hostile: ends *\\/ here, a \\134 and ?\\? and \"q\"\n", from,
		"\t/* NAMED = task.comm == \"x\\134?\\?/\" */\n"
		"\tltl_atom_set(mon, LTL_NAMED, !strcmp((task)->comm, \"x\\\\?\\?/\"));\n",
		"\tltl_atom_set(mon, LTL_BIG, ((task)->pid != 9223372036854775808ULL));\n",
		"\tltl_atom_set(mon, LTL_MAX, ((task)->pid != 9223372036854775807));\n",
		"\t.description = \"ends */ here, a \\\\ and ?\\? and \\\"q\\\"\",\n",
		"#ifndef __NR_mmap\n#define __NR_mmap (-1)\n#endif\n",
		"\t\tif ((id == __NR_mmap)) {\n\t\t\tltl_atom_set(mon, LTL_MM, true);\n", NULL,
	};
	const char *const kconfig[] = { help, NULL };
	const struct rv_monitor *m;

	snprintf(path, sizeof(path), "%s/a*", dir);
	ck_assert_int_eq(mkdir(path, 0755), 0);
	m = load("a*/b\nc\\d?\?e.ltl", hostile_rule, path, sizeof(path));
	snprintf(top, sizeof(top), "%s/linux", dir);
	ck_assert_msg(!rule_export(m, top, err), "%s", err);
	snprintf(from, sizeof(from), " * Exported by rvreplay from %s/a*\\/b\\nc\\134d?\\?e.ltl: ",
		 dir);
	exported(top, "kernel/trace/rv/monitors/hostile/hostile.c", c);
	snprintf(help, sizeof(help), "config RV_MON_HOSTILE\n\tdepends on RV\n\tselect "
		 "RV_LTL_MONITOR\n\tbool \"hostile monitor\"\n\thelp\n\t  ends */ here, a \\\\ "
		 "and ?\? and \"q\"\n\n\t  Exported by rvreplay from %s/a*/b\\nc\\\\d?\?e.ltl.\n",
		 dir);
	exported(top, "kernel/trace/rv/monitors/hostile/Kconfig", kconfig);
	ck_assert_str_eq(exported(top, "tools/verification/models/hostile.ltl", NULL),
			 hostile_rule);
	rule_free(m);
}
END_TEST

START_TEST(test_export_refusals_write_nothing)
{
	char path[128], top[128], want[RULE_ERR_LEN], err[RULE_ERR_LEN] = "";
	const struct rv_monitor *m = load("sco.ltl", "RULE = always not A\n#: A = on page_fault\n",
					  path, sizeof(path));
	struct stat st;

	snprintf(top, sizeof(top), "%s/linux-sco", dir);
	ck_assert_int_eq(rule_export(m, top, err), -1);
	snprintf(want, sizeof(want), "%s:1:1: error: the kernel's RV (Linux 7.3) has a monitor "
		 "named sco: an export would replace its files or its CONFIG_RV_MON_ symbol; give "
		 "the rule another name with '#: monitor NAME'", path);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(stat(top, &st), -1);
	rule_free(m);
}
END_TEST

static TCase *tcase_of(Suite *s, const char *name)
{
	TCase *tc = tcase_create(name);

	tcase_add_unchecked_fixture(tc, dir_make, dir_remove);
	tcase_add_checked_fixture(tc, setup, NULL);
	suite_add_tcase(s, tc);
	return tc;
}

Suite *rules_suite(void);

Suite *rules_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *bind = tcase_of(s, "bindings"), *errors = tcase_of(s, "errors");
	TCase *eval = tcase_of(s, "eval"), *load = tcase_of(s, "load");
	TCase *export = tcase_of(s, "export");

	tcase_add_test(bind, test_fact_and_pulse_bindings);
	tcase_add_test(bind, test_state_and_value_bindings);
	tcase_add_test(errors, test_unknown_names_did_you_mean);
	tcase_add_test(errors, test_numbers_and_strings_refused);
	tcase_add_test(errors, test_nesting_limits);
	tcase_add_test(errors, test_binding_line_errors);
	tcase_add_test(eval, test_event_fields);
	tcase_add_test(eval, test_facts_compare_signed);
	tcase_add_test(eval, test_unknown_facts);
	tcase_add_test(eval, test_in_lists_and_event_facts);
	tcase_add_test(load, test_load_formula_and_drive);
	tcase_add_test(load, test_load_automaton_and_drive);
	tcase_add_test(load, test_load_errors);
	tcase_add_test(load, test_load_bind_file_beside);
	tcase_add_test(export, test_export_expressions_as_c);
	tcase_add_test(export, test_export_escapes_hostile_texts);
	tcase_add_test(export, test_export_refusals_write_nothing);
	return s;
}
