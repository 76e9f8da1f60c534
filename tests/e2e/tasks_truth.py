#!/usr/bin/env python3
# The tasks a trace shows, counted from trace-cmd report -t as the replay
# meets them (docs/semantics.md section 3): every pid a record names (its
# common_pid, sched_switch's prev and next, the woken, forked, boosted and
# freed, rvreplay-task lines), a pid freed and named again a new task.
# Prints "SEEN AT_ONCE": the tasks seen, and the most known and not freed at once.
#
# usage: tasks_truth.py REPORT_T_TXT
import re
import sys

LINE = re.compile(r"\s*(.+?)-(\d+)\s+\[\d+\]\s+\d+\.\d+: (\w+):\s+(.*)")
live, seen, most = set(), 0, 0


def touch(pid):
    global seen, most
    if pid < 0 or pid in live:
        return
    live.add(pid)
    seen += 1
    most = max(most, len(live))


for l in open(sys.argv[1]):
    m = LINE.match(l)
    if not m:
        continue
    touch(int(m.group(2)))
    ev, rest = m.group(3), m.group(4)
    if ev == "sched_switch":
        for p in re.findall(r":(\d+) \[", rest):
            touch(int(p))
    elif ev in ("sched_waking", "sched_wakeup", "sched_wakeup_new", "sched_pi_setprio",
                "sched_process_exit", "sched_process_free", "sched_kthread_stop"):
        p = re.search(r"(?:pid=|:)(\d+)", rest)
        touch(int(p.group(1)))
        if ev == "sched_process_free":
            live.discard(int(p.group(1)))
    elif ev == "sched_process_fork":
        f = re.search(r"pid=(\d+) child_comm=.* child_pid=(\d+)", rest)
        touch(int(f.group(1)))
        live.discard(int(f.group(2)))	# a pid reused
        touch(int(f.group(2)))
    elif ev == "print":
        t = re.search(r"rvreplay-task: pid=(\d+) ", rest)
        if t:
            touch(int(t.group(1)))
print(seen, most)
