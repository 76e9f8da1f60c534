// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness of rules (--spec): a rule's text read, its bindings
 * parsed and its formula compiled as rvreplay does, and when it loads, an
 * instance of it driven through every event it handles, ROUNDS times, so
 * that its filters and the automaton's steps run on what the fuzzer wrote.
 * A rule's evaluation costs time linear in its size (issue 43): fuzz/run.sh
 * gives each input a time limit its steps only miss when a step costs more
 * (the shapes that cost exponential time or the stack before are among its
 * seeds, tests/rules/costly_rule.sh).
 */
#include <stdint.h>
#include <string.h>

#include "fuzz_file.h"
#include "monitor.h"
#include "rule.h"
#include "trace_input.h"

static void report_nothing(void *data, const struct rv_target *t, const unsigned long *before,
			   const unsigned long *atoms, enum rv_violation_kind kind)
{
}

enum { ROUNDS = 16 };

/* Every event the rule handles, ROUNDS times, with fields taken from the input. */
static void drive(const struct rv_monitor *m, const uint8_t *data, size_t size)
{
	static const struct rv_report report = { .violation = report_nothing };
	struct rv_task task = { .pid = 7, .prio = 49, .rt = 1, .kthread = 0, .init_comm = "fuzz" };
	struct rv_target t = { .monitor = m, .task = &task, .report = &report };
	union rv_state state;
	struct rv_event ev;
	long long vals[8] = { 0 };
	char strs[8][32] = { "fuzz", "cyclictest", "", "migration/0" };

	memcpy(vals, data, size < sizeof(vals) ? size : sizeof(vals));

	rv_instance_bind(&t, &state);
	rv_instance_init(&t, size & 1);
	for (int round = 0; round < ROUNDS; round++)
		for (int type = 0; type < RV_NR_EVENTS; type++) {
			if (!m->on[type])
				continue;
			memset(&ev, 0, sizeof(ev));
			ev.type = type;
			if (size > (size_t)type)
				memcpy(&ev.sys_enter.args, data + type,
				       size - type < sizeof(ev.sys_enter.args) ?
				       size - type : sizeof(ev.sys_enter.args));
			ev.sys_enter.id = round & 1 ? 9 : 202;
			ev.sys_enter.table = NULL;
			/* an event of its own system: each of those the rule names */
			if (type == RV_EV_TRACE)
				ev.trace = (typeof(ev.trace)){ .event = round & 1, .known = size & 0xff,
					.strings = (size >> 8) & 0x0f, .val = vals, .str = strs };
			if (!m->wants || m->wants(&t, &ev))
				rv_handle(&t, &ev);
			task.rt = round & 1 ? 0 : 1;
		}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct rv_monitor *m;
	char err[RULE_ERR_LEN];

	if (size > 16384)
		return -1;
	/* the events of their own systems rules named: this input's only */
	trace_user_reset();
	m = rule_load(fuzz_file(data, size), err);
	if (!m)
		return 0;
	drive(m, data, size);
	rule_free(m);
	return 0;
}
