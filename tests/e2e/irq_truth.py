#!/usr/bin/env python3
# The interrupts of rvreplay's JSON against trace-cmd report -t of the same
# trace, taken independently of rvreplay's parser: for every sleep
# violation, the handlers its CPU ran between the wakeup and the run (per
# interrupt: runs and nanoseconds in the window), and the handler the
# waker's CPU was in at the sched_waking. Handler runs are told as the
# report's (docs/semantics.md, "What the CPU was doing"): an entry ends an
# open run of its kind on that CPU, an exit without its entry is left out,
# a run still open counts to the window's end.
#
# usage: irq_truth.py REPORT.txt REPORT.json
# Prints one line per violation checked; exit 1 on any difference.
import json
import re
import sys

SOFTIRQS = ["HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED",
            "HRTIMER", "RCU"]
LINE = re.compile(r"^\s*.*?-(\d+)\s+\[(\d+)\]\s+(\d+)\.(\d+):\s+(\S+):\s+(.*)$")


def ns(sec, frac):
    return int(sec) * 10**9 + int(frac.ljust(9, "0")[:9])


def handler(event, rest):
    """(soft, nr, name) of an entry or exit record, else None."""
    if event not in ("irq_handler_entry", "irq_handler_exit", "softirq_entry", "softirq_exit"):
        return None
    soft = event.startswith("softirq")
    nr = int(re.search(r"(?:vec|irq)=(-?\d+)", rest).group(1))
    if soft:
        return soft, nr, SOFTIRQS[nr] if 0 <= nr < len(SOFTIRQS) else ""
    name = re.search(r" name=(.*)$", rest)
    return soft, nr, name.group(1)[:31] if name else ""


def read_report(path):
    """Every handler run per CPU (never ended: to the end of time), and
    the handlers open at each sched_waking."""
    runs, opened, at_waking = {}, {}, {}
    for line in open(path, errors="replace"):
        m = LINE.match(line)
        if not m:
            continue
        cpu, ts, event = int(m.group(2)), ns(m.group(3), m.group(4)), m.group(5)
        h = handler(event, m.group(6))
        if event == "sched_waking":
            at_waking[(cpu, ts)] = {k[1]: v for k, v in opened.items() if k[0] == cpu}
        if not h:
            continue
        soft, nr, name = h
        prev = opened.get((cpu, soft))
        if event.endswith("_entry"):
            if prev:
                runs.setdefault(cpu, []).append((prev[0], ts, soft, prev[1], prev[2]))
            opened[(cpu, soft)] = (ts, nr, name)
        elif prev and prev[1] == nr:
            runs.setdefault(cpu, []).append((prev[0], ts, soft, prev[1], prev[2]))
            del opened[(cpu, soft)]
    for (cpu, soft), o in opened.items():
        runs.setdefault(cpu, []).append((o[0], float("inf"), soft, o[1], o[2]))
    return runs, at_waking


def window_uses(runs, cpu, start, end):
    uses = {}
    for s, e, soft, nr, name in runs.get(cpu, []):
        if e < start or s >= end:
            continue
        key = ("softirq" if soft else "irq", nr, name)
        count, total = uses.get(key, (0, 0))
        uses[key] = (count + 1, total + max(0, min(e, end) - max(s, start)))
    return uses


def main():
    runs, at_waking = read_report(sys.argv[1])
    report = json.load(open(sys.argv[2]))
    bad = checked = named = 0
    for v in report["violations"]:
        sleep = (v.get("context") or {}).get("sleep")
        if not sleep:
            continue
        held, waker = sleep["held"], sleep["waker"]
        if held and held["interrupts"] is not None:
            irqs = held["interrupts"]
            start = sleep["wakeup_ts_ns"] or waker["ts_ns"]
            end = start + held["window_ns"]
            want = window_uses(runs, held["cpu"], start, end)
            got = {(u["kind"], u["nr"], u["name"]): (u["count"], u["ns"]) for u in irqs["used"]}
            if irqs["others"] or irqs["partial"]:
                print("not checked (others or partial):", v["ts_ns"])
            elif got != want:
                bad += 1
                print("DIFFERS at %d: report %s, trace-cmd %s" % (v["ts_ns"], got, want))
            else:
                checked += 1
        if waker and waker["context"] in ("hard irq", "soft irq"):
            soft = waker["context"] == "soft irq"
            o = at_waking.get((waker["cpu"], waker["ts_ns"]), {}).get(soft)
            want = {"kind": "softirq" if soft else "irq", "nr": o[1], "name": o[2]} if o else None
            if waker["handler"] != want:
                bad += 1
                print("WAKER DIFFERS at %d: report %s, trace-cmd %s" %
                      (v["ts_ns"], waker["handler"], want))
            elif want:
                named += 1
    print("%d windows and %d waker handlers as trace-cmd report shows them, %d differ" %
          (checked, named, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
