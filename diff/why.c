// SPDX-License-Identifier: GPL-2.0-only
/*
 * The divergence classes of docs/semantics.md section 5, in words and as
 * one word for scripts.
 */
#include "diff.h"

static const struct {
	const char	*key;
	const char	*text;
} why_words[DIFF_NR_WHY] = {
	[DIFF_UNEXPLAINED] = { "unexplained", "no documented divergence explains it" },
	[DIFF_LOST] = { "lost-events", "the trace lost events the live monitor saw "
			"(docs/semantics.md section 5, lost events)" },
	[DIFF_OUTSIDE] = { "outside-window", "outside the time the live monitors ran "
			   "(rvreplay-kmod: enabled/disabled lines)" },
	[DIFF_INFER] = { "inference", "the replay's inference for a task older than the trace; "
			 "without --infer the replay agrees (docs/semantics.md section 5, atoms that "
			 "only events teach)" },
	[DIFF_STRICT] = { "strict-start", "--strict-start judges beyond the kernel" },
	[DIFF_PRIO] = { "priority-late", "a priority change no recorded event showed "
			"(docs/semantics.md section 5, priorities are learned from events)" },
	[DIFF_HARDIRQ] = { "hardirq-edge", "lockdep's hard irq context against the trace's "
			   "hardirq bit (docs/semantics.md section 5)" },
	[DIFF_SET_STATE] = { "sleep-at-set-state", "the kernel's SLEEP at set_current_state(), "
			     "the trace's at the switch (docs/semantics.md section 5)" },
	[DIFF_BEFORE] = { "before-trace", "the live monitor ran before the trace began and learned "
			  "atoms only events teach of a task older than the trace, or started its "
			  "automaton (docs/semantics.md section 5)" },
	[DIFF_SWITCH_STATE] = { "switch-state", "the kernel's automaton starts on the raw state "
				"at the switch (TASK_INTERRUPTIBLE alone, also when preempted), the "
				"trace shows it masked and a preemption as R+ (docs/semantics.md "
				"section 9)" },
	[DIFF_CLOCK_EDGE] = { "clock-edge", "a hybrid automaton's wait at its bound (or the bound "
			      "less one jiffy) within the time from a record to the live monitor's "
			      "probe after it, which reads its own clock (docs/semantics.md section 6)" },
	[DIFF_PROBE_ORDER] = { "probe-order", "an interrupt came between the trace event and the "
			       "live monitor's probe of the same tracepoint: the live automaton "
			       "stepped on the interrupt's events first, on that record's event just "
			       "after them (docs/semantics.md section 11)" },
};

/**
 * diff_why_text() - a divergence class in words
 * @why: the class
 *
 * Return: a sentence naming docs/semantics.md's section.
 */
const char *diff_why_text(enum diff_why why)
{
	return why < DIFF_NR_WHY ? why_words[why].text : "?";
}

/**
 * diff_why_key() - a divergence class as one word, for scripts
 * @why: the class
 *
 * Return: "priority-late", "lost-events", ...
 */
const char *diff_why_key(enum diff_why why)
{
	return why < DIFF_NR_WHY ? why_words[why].key : "?";
}
