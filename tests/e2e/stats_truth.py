#!/usr/bin/env python3
# The statistics per task of rvreplay --stats, counted independently from
# trace-cmd report -t: each sleep (a switch-out in S) of a task, begun
# real-time (its prio at the switch-out below 100) or not, its length to its
# sched_wakeup and its wakeup-to-run latency (its switch-in, or its next own
# record when none was recorded); its page faults while real-time.
#
# usage: stats_truth.py REPORT_T_TXT [--pid P]... [--comm GLOB]... [--from NS] [--to NS]
# prints one line per task: pid sleeps not_rt slept_min slept_max lat_min lat_max faults
import fnmatch
import re
import sys

LINE = re.compile(r"\s*(.+?)-(\d+)\s+\[(\d+)\]\s+(\d+)\.(\d+): (\w+):\s+(.*)")


def args():
    a = {"pid": [], "comm": [], "from": 0, "to": 2**64 - 1}
    it = iter(sys.argv[2:])
    for k in it:
        v = next(it)
        if k in ("--pid", "--comm"):
            a[k[2:]].append(int(v) if k == "--pid" else v)
        else:
            a[k[2:]] = int(v)
    return a


def main():
    a = args()
    prio, names = {}, {}
    open_sleep = {}          # pid -> [start, begun_rt, wakeup]
    per = {}                 # pid -> figures

    def task(pid):
        return per.setdefault(pid, {"sleeps": 0, "not_rt": 0, "slept": [], "lat": [],
                                    "faults": 0})

    def wanted(pid):
        if a["pid"] and pid not in a["pid"]:
            return False
        return not a["comm"] or any(fnmatch.fnmatchcase(n, g) for n in names.get(pid, ())
                                    for g in a["comm"])

    def ran(pid, ts):
        start, begun_rt, wake = open_sleep.pop(pid)
        if not (begun_rt or prio.get(pid, 120) < 100):
            return
        if ts < a["from"] or start > a["to"]:
            return
        t = task(pid)
        if not begun_rt:
            t["not_rt"] += 1
            return
        t["sleeps"] += 1
        t["slept"].append((wake if wake else ts) - start)
        if wake:
            t["lat"].append(ts - wake)

    lines = open(sys.argv[1]).read().splitlines()
    # every name a pid had, for --comm (rvreplay matches any of them)
    for l in lines:
        m = LINE.match(l)
        if m:
            names.setdefault(int(m.group(2)), set()).add(m.group(1))
            for c, p in re.findall(r"(\S+):(\d+) \[", m.group(7)):
                names.setdefault(int(p), set()).add(c)
    for l in lines:
        m = LINE.match(l)
        if not m:
            continue
        cur, ev, rest = int(m.group(2)), m.group(6), m.group(7)
        ts = int(m.group(4)) * 10**9 + int(m.group(5))
        if cur in open_sleep and cur != 0:
            ran(cur, ts)
        if ev == "sched_switch":
            sw = re.match(r"\S+:(\d+) \[(-?\d+)\] (\S+) ==> \S+:(\d+) \[(-?\d+)\]", rest)
            prev, pprio, state, nxt, nprio = (int(sw.group(1)), int(sw.group(2)), sw.group(3),
                                              int(sw.group(4)), int(sw.group(5)))
            prio[prev], prio[nxt] = pprio, nprio
            if nxt in open_sleep:
                ran(nxt, ts)
            if state == "S" and prev:
                open_sleep[prev] = [ts, pprio < 100, 0]
        elif ev in ("sched_waking", "sched_wakeup", "sched_wakeup_new"):
            w = re.search(r"(?:pid=|:)(\d+) (?:prio=|\[)(-?\d+)", rest)
            pid, p = int(w.group(1)), int(w.group(2))
            prio[pid] = p
            if ev == "sched_wakeup" and pid in open_sleep and not open_sleep[pid][2]:
                open_sleep[pid][2] = ts
        elif ev == "sched_pi_setprio":
            w = re.search(r"pid=(\d+) oldprio=-?\d+ newprio=(-?\d+)", rest)
            prio[int(w.group(1))] = int(w.group(2))
        elif ev in ("page_fault_user", "page_fault_kernel"):
            if prio.get(cur, 120) < 100 and a["from"] <= ts <= a["to"]:
                task(cur)["faults"] += 1
    for pid in sorted(per):
        t = per[pid]
        if not wanted(pid):
            continue
        mn = lambda x: min(x) if x else "-"
        mx = lambda x: max(x) if x else "-"
        print(pid, t["sleeps"], t["not_rt"], mn(t["slept"]), mx(t["slept"]), mn(t["lat"]),
              mx(t["lat"]), t["faults"])


main()
