#!/usr/bin/env python3
# An independent reference for the wwnr monitor ("wakeup while not
# running", Linux 6.0+, kernel/trace/rv/monitors/wwnr/wwnr.c), written
# from the kernel's rules, not from rvreplay's code: it reads the text of
# `trace-cmd report -t -R` of a trace and prints one line per violation,
#     PID TS_NS EVENT STATE
# EVENT one of switch_in, switch_out, wakeup, STATE the state before it.
#
# The rules:
# - the automaton (models/wwnr.dot): not_running (initial) --wakeup-->
#   not_running, not_running --switch_in--> running, running --switch_out-->
#   not_running; any other event in a state is an error;
# - sched_switch(prev, next, prev_state): a start event switch_out for
#   prev when prev_state is TASK_INTERRUPTIBLE (the raw field == 1
#   exactly; "R+" and every preemption are not), else an event; then the
#   event switch_in for next. sched_wakeup(p): the event wakeup for p;
# - an event is ignored unless the task is monitoring; a start event
#   starts a task that is not monitoring, in not_running, without
#   handling the event; an unexpected event is a violation and the task
#   stops monitoring until its next start event (include/rv/da_monitor.h);
# - the idle task (pid 0) is never monitored;
# - a task's monitor state is zeroed at fork (kernel/fork.c,
#   rv_task_fork()), and goes with its task_struct when it is freed: a
#   pid seen in sched_process_fork as the child, or after its
#   sched_process_free, is a new task;
# - some kernels do not record every sched_switch (no switch out of the
#   idle task on some CPUs): a task switched out, with no switch-in
#   since, seen running again (a record whose pid field is that task,
#   other than the sched_switch that switches it in) gets its switch_in
#   first; a wakeup in between does not end the wait (a woken task is
#   still to be switched in). The records of the rv system (event_*,
#   error_*) do not count: the monitors write them from their probe on
#   another tracepoint, for sched_switch inside __schedule() while prev
#   is still current, and they may follow that tracepoint's own record.
#   Nor can a record trace-cmd cannot decode ("[UNKNOWN EVENT]", no
#   format in the file): it shows no pid;
# - at events lost ("[EVENTS DROPPED]"), with --lost-events reset (the
#   default, as rvreplay's), no task is monitoring any more.
#
# Raw fields (-R) are used, not the plugins' text: prev_state is a number
# there, exact, where "S" and "S+" are a plugin's reading of it.
#
# usage: wwnr_reference.py [--lost-events reset|ignore] [--buffer NAME] TRACE.dat
#        wwnr_reference.py [--lost-events reset|ignore] [--buffer NAME] --report REPORT.txt
# --buffer: the lines of that buffer instance only (default: the top one,
# as rvreplay's default).
# WWNR_REFERENCE_WRONG=start-on-any   every switch-out a start event
# WWNR_REFERENCE_WRONG=no-inference   no switch_in inferred
# WWNR_REFERENCE_WRONG=rv-records-run  the rv system's records show a task runs
# make the reference deliberately wrong, for a test to show it can fail.
import os
import re
import subprocess
import sys

HEADER = re.compile(r"^\s*(?P<comm>.*?)-(?P<pid>\d+)\s+\[(?P<cpu>\d+)\]\s+"
                    r"(?P<sec>\d+)\.(?P<frac>\d+):\s+(?P<event>[\w:-]+):\s?(?P<data>.*)$")
SWITCH = re.compile(r"^\s*prev_comm=.* prev_pid=(?P<prev>-?\d+) prev_prio=-?\d+ "
                    r"prev_state=(?P<state>\S+) next_comm=.* next_pid=(?P<next>-?\d+) "
                    r"next_prio=-?\d+\s*$")
WAKEUP = re.compile(r"^\s*comm=.* pid=(?P<pid>-?\d+) prio=-?\d+.*$")
FORK = re.compile(r"^\s*parent_comm=.* parent_pid=-?\d+ child_comm=.* child_pid=(?P<pid>-?\d+)")
FREE = re.compile(r"^\s*comm=.* pid=(?P<pid>-?\d+) prio=-?\d+")
DROPPED = re.compile(r"^\s*CPU:\s*\d+ \[(\d+ )?EVENTS DROPPED\]\s*$")
# an instance's name before its lines: no space or colon in it, a comm
# (at most 15 characters, printed in 16) always leaves a space first
INSTANCE = re.compile(r"^\s*(?P<inst>[^\s:]+): (?P<rest>.*)$")
RV_RECORD = re.compile(r"^(event|error)_\w+$")
TASK_INTERRUPTIBLE = 0x1

# the automaton: state -> {event: next state}
AUTOMATON = {
    "not_running": {"wakeup": "not_running", "switch_in": "running"},
    "running": {"switch_out": "not_running"},
}
INITIAL = "not_running"


class Task:
    def __init__(self):
        self.monitoring = False
        self.state = INITIAL
        self.awaiting_switch_in = False


class Wwnr:
    def __init__(self, wrong):
        self.tasks = {}
        self.wrong = wrong
        self.violations = []
        self.ts = 0

    def task(self, pid):
        if pid not in self.tasks:
            self.tasks[pid] = Task()
        return self.tasks[pid]

    def step(self, pid, event):
        t = self.task(pid)
        nxt = AUTOMATON[t.state].get(event)
        if nxt is not None:
            t.state = nxt
            return
        self.violations.append((pid, self.ts, event, t.state))
        t.monitoring = False
        t.state = INITIAL

    def handle_event(self, pid, event):
        if pid != 0 and self.task(pid).monitoring:
            self.step(pid, event)

    def handle_start_event(self, pid, event):
        if pid == 0:
            return
        t = self.task(pid)
        if not t.monitoring:
            t.monitoring = True
            t.state = INITIAL
            return
        self.step(pid, event)

    def switch(self, prev, prev_state, nxt):
        if prev != 0:
            self.task(prev).awaiting_switch_in = True
            if prev_state == TASK_INTERRUPTIBLE or self.wrong == "start-on-any":
                self.handle_start_event(prev, "switch_out")
            else:
                self.handle_event(prev, "switch_out")
        self.switch_in(nxt)

    def switch_in(self, pid):
        if pid == 0:
            return
        self.task(pid).awaiting_switch_in = False
        self.handle_event(pid, "switch_in")

    def seen_running(self, pid, event, switched_in):
        """A record of @pid: it runs; its switch_in first if it is missing."""
        if pid == 0 or self.wrong == "no-inference" or pid == switched_in:
            return
        if RV_RECORD.match(event) and self.wrong != "rv-records-run":
            return
        t = self.tasks.get(pid)
        if t and t.awaiting_switch_in:
            self.switch_in(pid)

    def lost(self):
        for t in self.tasks.values():
            t.monitoring = False
            t.state = INITIAL


def parse_int(text):
    return int(text, 0)


def buffer_lines(lines, buffer):
    """The lines of @buffer ("" the top one). With buffer instances,
    trace-cmd starts each line with its instance's name and ": ", right
    aligned (the top buffer's lines with as many spaces); a line saying
    events were dropped carries the prefix, and the record it goes with
    follows on the next line without one."""
    carry = None
    for line in lines:
        line = line.rstrip("\n")
        if carry is not None:
            inst, body, carry = carry, line, None
        else:
            m = INSTANCE.match(line)
            inst, body = (m["inst"], m["rest"]) if m else ("", line)
            if DROPPED.match(body):
                carry = inst
        if inst == buffer:
            yield body


def replay(lines, lost_mode, wrong, warn, buffer=""):
    w = Wwnr(wrong)
    unparsed = 0
    for line in buffer_lines(lines, buffer):
        m = HEADER.match(line)
        if not m:
            if DROPPED.match(line):
                if lost_mode == "reset":
                    w.lost()
            elif line.strip() and not line.startswith("cpus="):
                unparsed += 1
            continue
        pid, event, data = int(m["pid"]), m["event"], m["data"]
        w.ts = int(m["sec"]) * 10**9 + int(m["frac"].ljust(9, "0")[:9])
        switched_in = None
        sw = None
        if event == "sched_switch":
            sw = SWITCH.match(data)
            if not sw:
                sys.exit(f"wwnr_reference: a sched_switch not understood: {line}")
            switched_in = int(sw["next"])
        w.seen_running(pid, event, switched_in)
        if sw:
            w.switch(int(sw["prev"]), parse_int(sw["state"]), int(sw["next"]))
        elif event == "sched_wakeup":
            wk = WAKEUP.match(data)
            if not wk:
                sys.exit(f"wwnr_reference: a sched_wakeup not understood: {line}")
            w.handle_event(int(wk["pid"]), "wakeup")
        elif event == "sched_process_fork":
            fk = FORK.match(data)
            if fk:
                w.tasks.pop(int(fk["pid"]), None)
        elif event == "sched_process_free":
            fr = FREE.match(data)
            if fr:
                w.tasks.pop(int(fr["pid"]), None)
    if unparsed:
        warn(f"wwnr_reference: {unparsed} lines without a pid (not records or "
             "records trace-cmd cannot decode), left out")
    return w.violations


def main(argv):
    lost_mode = "reset"
    report = None
    buffer = ""
    args = argv[1:]
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if opt == "--lost-events" and args:
            lost_mode = args.pop(0)
        elif opt == "--report" and args:
            report = args.pop(0)
        elif opt == "--buffer" and args:
            buffer = args.pop(0)
        else:
            sys.exit(f"wwnr_reference: unknown option {opt}")
    if lost_mode not in ("reset", "ignore") or (report is None) == (len(args) != 1):
        sys.exit("usage: wwnr_reference.py [--lost-events reset|ignore] [--buffer NAME] "
                 "TRACE.dat | --report REPORT.txt")
    wrong = os.environ.get("WWNR_REFERENCE_WRONG", "")
    if wrong not in ("", "start-on-any", "no-inference", "rv-records-run"):
        sys.exit(f"wwnr_reference: WWNR_REFERENCE_WRONG={wrong} is no known mistake")
    if report is not None:
        with open(report, errors="replace") as f:
            lines = f.readlines()
    else:
        # every event, unfiltered: the inference needs the records of all events
        out = subprocess.run(["trace-cmd", "report", "-t", "-R", "-i", args[0]],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             errors="replace", check=True)
        lines = out.stdout.splitlines()
    for pid, ts, event, state in replay(lines, lost_mode, wrong,
                                        lambda s: print(s, file=sys.stderr), buffer):
        print(pid, ts, event, state)


if __name__ == "__main__":
    main(sys.argv)
