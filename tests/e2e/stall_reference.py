#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""An independent reference of the stall monitor (Linux 7.1) over a trace.

Usage: stall_reference.py TRACE HZ THRESHOLD_JIFFIES [EVENTS]
       stall_reference.py --runs HZ:THRESHOLD[,...] TRACE [EVENTS]

TRACE is a trace.dat (read through `trace-cmd report -t` and `trace-cmd
report --events`) or a file holding the text of the first, EVENTS then
one holding that of the second (without it, the monitors' records are
known by their names). Prints one line per violation,
"PID TS_NS EVENT STATE" (EVENT "none" for a clock still past its bound at the trace's end), then
"unsure N", the waits the jiffy counter's unknown phase leaves undecided.

It never uses rvreplay's code: the automaton is the kernel's
tools/verification/models/stall.dot, the handlers those of
kernel/trace/rv/monitors/stall/stall.c, the start and error rules those of
include/rv/da_monitor.h and ha_monitor.h, and the inferences of what a
trace does not record those documented in docs/semantics.md, sections 9
and 10, with one rule those sections do not state (the replay follows it
too): a record of the systems rv or rvreplay (the kernel's monitors and
rvreplay.ko, whose probes write inside sched_switch after the switch-out)
is not a record that shows its task running.

The second form judges the trace once per run, each run's lines after
a line "run HZ THRESHOLD" (a Python start is slow on the machines here).

STALL_REF_WRONG deliberately breaks one rule, for the test to show that a
wrong reference is caught: "no-unsure" judges the band [B-1, B) ticks as
within the bound; "running-as-wait" takes a switch-out in TASK_RUNNING
("R", no preemption bit) for a wait, as if the handler tested only
preempt. (No bundled trace shows "R+": a wrong handling of the bit alone
would go unseen here.)
"""

import re
import subprocess
import sys
import os

# stall.dot: (state, event) -> (next state, resets clk)
TRANSITIONS = {
    ("dequeued", "sched_wakeup"): ("enqueued", True),
    ("enqueued", "sched_wakeup"): ("enqueued", False),
    ("enqueued", "sched_switch_in"): ("running", False),
    ("running", "sched_switch_in"): ("running", False),
    ("running", "sched_wakeup"): ("running", False),
    ("running", "sched_switch_preempt"): ("enqueued", True),
    ("running", "sched_switch_wait"): ("dequeued", False),
}

USAGE = ("usage: stall_reference.py TRACE HZ THRESHOLD_JIFFIES [EVENTS]\n"
         "       stall_reference.py --runs HZ:THRESHOLD[,...] TRACE [EVENTS]")
LINE = re.compile(r"^\s*(.*)-(\d+)\s+\[(\d+)\]\s+(\d+)\.(\d+):\s+(\w+):\s*(.*)$")
SWITCH = re.compile(r"^(.*):(-?\d+) \[(-?\d+)\] (\S+) ==> (.*):(-?\d+) \[(-?\d+)\]")
WAKEUP = re.compile(r"^(.*):(-?\d+) \[(-?\d+)\]")
WAKING = re.compile(r"\bpid=(\d+)\b")
FORK = re.compile(r"\bchild_pid=(\d+)\b")
FREE = re.compile(r"\bpid=(\d+)\b")
DROPPED = re.compile(r"^CPU:\d+ \[(\d+ )?EVENTS DROPPED\]")


class Task:
    """One task's instance and what the inferences need to know of it."""

    def __init__(self):
        self.state = None       # None: not monitoring
        self.clk = None         # ns of the last reset of clk
        self.out = False        # its last recorded switch switched it out
        self.waking = None      # ns of a sched_waking since, no sched_wakeup


class Stall:
    def __init__(self, hz, threshold, wrong, rv_events):
        tick = 10**9 / hz
        self.sure_ns = threshold * tick
        self.unsure_ns = (threshold - 1) * tick
        self.wrong = wrong
        self.rv_events = rv_events
        self.tasks = {}
        self.cpu_next = {}      # cpu -> pid its last recorded switch ran
        self.violations = []
        self.unsure = 0
        self.last_ts = None

    def task(self, pid):
        if pid not in self.tasks:
            self.tasks[pid] = Task()
        return self.tasks[pid]

    def over(self, t, ts):
        """0: within the bound, 1: unsure, 2: over it for sure."""
        w = ts - t.clk
        if w >= self.sure_ns:
            return 2
        if w >= self.unsure_ns and self.wrong != "no-unsure":
            return 1
        return 0

    def event(self, pid, name, ts, start=False):
        """da_handle_event(), or da_handle_start_event() with start."""
        if pid == 0:
            return
        t = self.task(pid)
        if t.state == "enqueued":
            # The kernel's timer, armed on entering enqueued, fires at the
            # bound, before this event: the instance is stopped then.
            verdict = self.over(t, ts)
            if verdict:
                if verdict == 2:
                    self.violations.append((pid, ts, name, "enqueued"))
                else:
                    self.unsure += 1
                t.state = None
        if t.state is None:
            if start:
                t.state = "dequeued"
                t.clk = None
            return
        nxt = TRANSITIONS.get((t.state, name))
        if nxt is None:
            self.violations.append((pid, ts, name, t.state))
            t.state = None
            return
        t.state, reset = nxt
        if reset:
            t.clk = ts

    def switch_in(self, pid, ts):
        """A switch-in, recorded or inferred, after a missed sched_wakeup."""
        if pid == 0:
            return
        t = self.task(pid)
        if t.waking is not None:
            self.event(pid, "sched_wakeup", t.waking)
        t.waking = None
        t.out = False
        self.event(pid, "sched_switch_in", ts)

    def infer_switch_in(self, pid, cpu, ts, name, next_pid):
        """A task seen running at its own record, its switch-in not recorded.

        The kernel's RV monitors write their records from their probes,
        those of sched_switch too, after the task switched out: a record
        of theirs is no run of the task.
        """
        if name in self.rv_events:
            return
        if pid == 0 or pid == next_pid or pid not in self.tasks:
            return
        t = self.tasks[pid]
        if not t.out:
            return
        ran = self.cpu_next.get(cpu)
        if ran is None or ran == 0 or ran == pid:
            self.switch_in(pid, ts)

    def sched_switch(self, cpu, ts, body):
        m = SWITCH.match(body)
        if not m:
            return
        prev, state, nxt = int(m.group(2)), m.group(4), int(m.group(6))
        preempt = "+" in state
        wait = not preempt and state != "R"
        if self.wrong == "running-as-wait" and not preempt:
            wait = True
        if wait:
            self.event(prev, "sched_switch_wait", ts, start=True)
        else:
            self.event(prev, "sched_switch_preempt", ts)
        if prev != 0:
            t = self.task(prev)
            t.out = True
            t.waking = None
        self.switch_in(nxt, ts)
        self.cpu_next[cpu] = nxt

    def record(self, pid, cpu, ts, name, body):
        self.last_ts = ts
        next_pid = None
        if name == "sched_switch":
            m = SWITCH.match(body)
            next_pid = int(m.group(6)) if m else None
        self.infer_switch_in(pid, cpu, ts, name, next_pid)
        if name == "sched_switch":
            self.sched_switch(cpu, ts, body)
        elif name == "sched_wakeup":
            m = WAKEUP.match(body)
            if m:
                woken = int(m.group(2))
                if woken != 0:
                    self.task(woken).waking = None
                self.event(woken, "sched_wakeup", ts)
        elif name == "sched_waking":
            m = WAKING.search(body)
            if m and int(m.group(1)) != 0:
                t = self.task(int(m.group(1)))
                if t.waking is None:
                    t.waking = ts
        elif name == "sched_process_fork":
            m = FORK.search(body)
            if m:
                self.tasks[int(m.group(1))] = Task()
        elif name == "sched_process_free":
            m = FREE.search(body)
            if m:
                self.tasks.pop(int(m.group(1)), None)
        elif name == "sched_process_exit":
            # ha_handle_sched_process_exit(): reset, timer cancelled.
            t = self.tasks.get(pid)
            if t:
                t.state = None

    def lost(self):
        """Events dropped: every instance starts over, as a task older
        than the trace (docs/semantics.md, section 5)."""
        for t in self.tasks.values():
            t.state = None

    def end(self):
        """The timer of a wait still open at the trace's end."""
        if self.last_ts is None:
            return
        for pid in sorted(self.tasks):
            t = self.tasks[pid]
            if t.state != "enqueued":
                continue
            verdict = self.over(t, self.last_ts)
            if verdict == 2:
                self.violations.append((pid, self.last_ts, "none", "enqueued"))
            elif verdict == 1:
                self.unsure += 1


def rv_event_names(path, events, lines):
    """The events of the systems rv (the kernel's monitors' own records)
    and rvreplay (those of rvreplay.ko, the same monitors live)."""
    if path.endswith(".dat"):
        text = subprocess.run(["trace-cmd", "report", "--events", path],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              check=True, text=True, errors="replace").stdout
    elif events:
        with open(events, errors="replace") as f:
            text = f.read()
    else:
        return {m.group(6) for m in map(LINE.match, lines)
                if m and re.match(r"(event|error|error_env)_\w+$", m.group(6))}
    names, system = set(), None
    for line in text.splitlines():
        if line.startswith("system: "):
            system = line.split()[1]
        elif line.startswith("name: ") and system in ("rv", "rvreplay"):
            names.add(line.split()[1])
    return names


def report_lines(path):
    if path.endswith(".dat"):
        out = subprocess.run(["trace-cmd", "report", "-t", path],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             check=True, text=True, errors="replace")
        return out.stdout.splitlines()
    with open(path, errors="replace") as f:
        return f.read().splitlines()


def parse(lines):
    """The records, in order: (pid, cpu, ts_ns, event, fields), None for
    a gap of dropped events."""
    records = []
    for line in lines:
        if DROPPED.match(line):
            records.append(None)
            continue
        m = LINE.match(line)
        if not m:
            continue
        ts = int(m.group(4)) * 10**9 + int(m.group(5).ljust(9, "0")[:9])
        records.append((int(m.group(2)), int(m.group(3)), ts,
                        m.group(6), m.group(7)))
    return records


def judge(records, hz, threshold, rv_events):
    mon = Stall(hz, threshold, os.environ.get("STALL_REF_WRONG", ""), rv_events)
    for rec in records:
        if rec is None:
            mon.lost()
        else:
            mon.record(*rec)
    mon.end()
    for v in mon.violations:
        print("%d %d %s %s" % v)
    print("unsure %d" % mon.unsure)


def main():
    args = sys.argv[1:]
    runs = None
    if len(args) >= 2 and args[0] == "--runs":
        runs = [tuple(int(x) for x in run.split(":")) for run in args[1].split(",")]
        args = args[2:]
    if (runs and len(args) not in (1, 2)) or (not runs and len(args) not in (3, 4)):
        sys.exit(USAGE)
    trace = args[0]
    events = args[-1] if len(args) in (2, 4) else None
    lines = report_lines(trace)
    records = parse(lines)
    rv_events = rv_event_names(trace, events, lines)
    if not runs:
        judge(records, int(args[1]), int(args[2]), rv_events)
        return
    for hz, threshold in runs:
        print("run %d %d" % (hz, threshold))
        judge(records, hz, threshold, rv_events)


if __name__ == "__main__":
    main()
