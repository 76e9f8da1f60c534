#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""watch_same.py LIVE.jsonl SAVED.json: the violations rvreplay watch told
as JSON Lines against the JSON report of the replay of what it saved
(--save): equal field for field, each held one told whole later. The
replay holds a sleep violation for records after its run (a centred
context), which reorders its task's later ones among other tasks': the two
lists are compared in time order, and a sleep's events up to its run, the
live ones (watch tells them at the run) ending with the saved ones. Prints "ok N" (N violations) or what differs; writes the number of
held ones to LIVE.jsonl.held. Used by tests/e2e/watch_test.sh and the 6.1
guest's (tests/kmod/live)."""
import json, re, sys

# A record printed again names its task from the trace's saved comms: the
# kernel's saved_cmdlines at the end (a bounded cache: "<...>" once a pid
# is evicted) for the file, the scheduler's records for the live trace.
def unnamed(o):
    if isinstance(o, dict):
        return {k: unnamed(v) for k, v in o.items()}
    if isinstance(o, list):
        return [unnamed(v) for v in o]
    if isinstance(o, str):
        # a comm may hold spaces ("rs:main Q:Reg"): up to the pid before "[CPU]";
        # the blanks before it pad the comm to its column, so they go too
        return re.sub(r"^\s*.*?-(\d+) +\[(\d+)\]", r"TASK-\1 [\2]", o)
    return o

lines = [unnamed(json.loads(line)) for line in open(sys.argv[1])]
saved = unnamed(json.load(open(sys.argv[2]))["violations"])
live, held = [], []
for i, v in enumerate(lines):
    kind = v.pop("type", None)
    if kind == "held":
        # a sleep violation told before its sleep ended: the whole one follows
        later = [w for w in lines[i + 1:] if w.get("type") == "violation" and
                 all(w[k] == v[k] for k in ("monitor", "pid", "ts_ns", "reason"))]
        if not later:
            print("a held violation never told whole:", v)
            sys.exit(0)
        held.append(v)
    elif kind == "violation":
        live.append(v)
    elif kind not in ("lost", "flight"):
        print("a line that is none of violation, held, lost, flight:", v)
        sys.exit(0)
def events_to_run(v):
    """The violation without its events, and its events up to its run."""
    c = v.get("context") or {}
    ev, at = c.pop("events", []), c.pop("events_run_index", None)
    return ev if at is None else ev[:at + 1]

def order(vs):
    return sorted(vs, key=lambda v: (v["ts_ns"], v["monitor"], v["pid"]))

live, saved = order(live), order(saved)
for i, (a, b) in enumerate(zip(live, saved)):
    la, sb = events_to_run(a), events_to_run(b)
    if (la or sb) and (not sb or la[-len(sb):] != sb):
        print("violation %d: its events up to its run differ: live %s / saved %s" %
              (i, la, sb))
        sys.exit(0)
if live != saved:
    for i, (a, b) in enumerate(zip(live, saved)):
        if a != b:
            print("violation %d differs: live %s / saved %s" % (i, json.dumps(a)[:300],
                                                           json.dumps(b)[:300]))
            break
    print("live %d, saved %d violations" % (len(live), len(saved)))
else:
    print("ok %d" % len(live))
with open(sys.argv[1] + ".held", "w") as f:
    f.write("%d\n" % len(held))
