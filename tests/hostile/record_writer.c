// SPDX-License-Identifier: GPL-2.0-only
/*
 * The records of a made trace, each an event of the template's formats
 * (record_writer.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_writer.h"

static void fail(const char *what)
{
	fprintf(stderr, "make_hostile: %s\n", what);
	exit(2);
}

static void put(struct page_writer *w, uint64_t ts, const struct payload *p)
{
	if (page_writer_event(w, ts, p->data, p->len))
		fail("an event does not fit");
}

/**
 * record_prologue() - one record of each event the monitors require
 * @t: the template
 * @w: the CPU's pages
 * @ts: the first record's time, one nanosecond apart
 *
 * By pid 1 (not real-time), so that the gate lets the file be judged:
 * what follows is the test.
 *
 * Return: the time after the last record.
 */
uint64_t record_prologue(struct template *t, struct page_writer *w, uint64_t ts)
{
	static const char *const events[][2] = {
		{ "sched", "sched_waking" }, { "sched", "sched_wakeup" },
		{ "raw_syscalls", "sys_enter" }, { "raw_syscalls", "sys_exit" },
		{ "exceptions", "page_fault_user" },
	};
	struct payload p;

	for (size_t i = 0; i < sizeof(events) / sizeof(events[0]); i++) {
		if (template_payload(t, events[i][0], events[i][1], 1, &p))
			fail("the template lacks an event the monitors require");
		if (!strcmp(events[i][1], "sched_waking") || !strcmp(events[i][1], "sched_wakeup")) {
			payload_str(&p, "comm", "init");
			payload_num(&p, "pid", 1);
			payload_num(&p, "prio", 120);
		}
		put(w, ts++, &p);
	}
	return ts;
}

/**
 * record_event() - an event of @pid's, its fields as the template leaves them
 * @t: the template
 * @w: the CPU's pages
 * @ts: its time
 * @pid: common_pid
 * @system: the event's system
 * @name: its name, e.g. sys_enter or page_fault_user
 */
void record_event(struct template *t, struct page_writer *w, uint64_t ts, int pid,
		  const char *system, const char *name)
{
	struct payload p;

	if (template_payload(t, system, name, pid, &p))
		fail("the template lacks an event");
	put(w, ts, &p);
}

/**
 * record_switch_out() - a sched_switch of @pid to the idle task
 * @t: the template
 * @w: the CPU's pages
 * @ts: its time
 * @pid: the task leaving
 * @comm: its name
 * @prio: its kernel prio
 * @state: prev_state, the state it is left in
 */
void record_switch_out(struct template *t, struct page_writer *w, uint64_t ts, int pid,
		       const char *comm, int prio, long state)
{
	struct payload p;

	if (template_payload(t, "sched", "sched_switch", pid, &p))
		fail("the template has no sched_switch");
	payload_str(&p, "prev_comm", comm);
	payload_num(&p, "prev_pid", pid);
	payload_num(&p, "prev_prio", prio);
	payload_num(&p, "prev_state", state);
	payload_str(&p, "next_comm", "swapper/0");
	payload_num(&p, "next_pid", 0);
	payload_num(&p, "next_prio", 120);
	put(w, ts, &p);
}

/**
 * record_switch_in() - a sched_switch from the idle task to @pid
 * @t: the template
 * @w: the CPU's pages
 * @ts: its time
 * @pid: the task run
 * @comm: its name
 * @prio: its kernel prio
 */
void record_switch_in(struct template *t, struct page_writer *w, uint64_t ts, int pid,
		      const char *comm, int prio)
{
	struct payload p;

	if (template_payload(t, "sched", "sched_switch", 0, &p))
		fail("the template has no sched_switch");
	payload_str(&p, "prev_comm", "swapper/0");
	payload_num(&p, "prev_pid", 0);
	payload_num(&p, "prev_prio", 120);
	payload_num(&p, "prev_state", 0);
	payload_str(&p, "next_comm", comm);
	payload_num(&p, "next_pid", pid);
	payload_num(&p, "next_prio", prio);
	put(w, ts, &p);
}

/**
 * record_wake() - a sched_waking or sched_wakeup of @pid by @waker, on CPU 0
 * @t: the template
 * @w: the CPU's pages
 * @ts: its time
 * @name: "sched_waking" or "sched_wakeup"
 * @waker: common_pid
 * @pid: the task woken
 * @comm: its name
 * @prio: its kernel prio
 */
void record_wake(struct template *t, struct page_writer *w, uint64_t ts, const char *name,
		 int waker, int pid, const char *comm, int prio)
{
	struct payload p;

	if (template_payload(t, "sched", name, waker, &p))
		fail("the template has no sched_waking or sched_wakeup");
	payload_str(&p, "comm", comm);
	payload_num(&p, "pid", pid);
	payload_num(&p, "prio", prio);
	payload_num(&p, "target_cpu", 0);
	put(w, ts, &p);
}

/**
 * record_pi_setprio() - a sched_pi_setprio of @pid by @by
 * @t: the template
 * @w: the CPU's pages
 * @ts: its time
 * @by: common_pid
 * @pid: the task boosted or unboosted
 * @comm: its name
 * @from: its kernel prio before
 * @to: after
 */
void record_pi_setprio(struct template *t, struct page_writer *w, uint64_t ts, int by, int pid,
		       const char *comm, int from, int to)
{
	struct payload p;

	if (template_payload(t, "sched", "sched_pi_setprio", by, &p))
		fail("the template has no sched_pi_setprio");
	payload_str(&p, "comm", comm);
	payload_num(&p, "pid", pid);
	payload_num(&p, "oldprio", from);
	payload_num(&p, "newprio", to);
	put(w, ts, &p);
}

/**
 * record_syscall_enter() - a system call entered by @pid
 * @t: the template
 * @w: the CPU's pages
 * @ts: its time
 * @pid: common_pid
 * @nr: the system call's number (x86_64's)
 * @a0: its first argument
 * @a1: its second; the others 0
 */
void record_syscall_enter(struct template *t, struct page_writer *w, uint64_t ts, int pid,
			  long nr, uint64_t a0, uint64_t a1)
{
	struct payload p;
	uint64_t args[6] = { a0, a1 };
	struct tep_format_field *f;

	if (template_payload(t, "raw_syscalls", "sys_enter", pid, &p))
		fail("the template has no sys_enter");
	payload_num(&p, "id", nr);
	f = tep_find_any_field(p.event, "args");
	if (!f || f->offset + (int)sizeof(args) > (int)sizeof(p.data))
		fail("sys_enter has no args");
	memcpy(p.data + f->offset, args, sizeof(args));
	put(w, ts, &p);
}

/**
 * record_syscall_exit() - a system call of @pid's returning
 * @t: the template
 * @w: the CPU's pages
 * @ts: its time
 * @pid: common_pid
 * @nr: the system call's number
 */
void record_syscall_exit(struct template *t, struct page_writer *w, uint64_t ts, int pid,
			 long nr)
{
	struct payload p;

	if (template_payload(t, "raw_syscalls", "sys_exit", pid, &p))
		fail("the template has no sys_exit");
	payload_num(&p, "id", nr);
	put(w, ts, &p);
}
