#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""watch_record.py LIVE.jsonl RECORDED.json COMM: the violations of the
tasks named COMM that rvreplay watch told live against the JSON report of
the replay of what `rvreplay record` recorded of the same run from another
instance: the same monitor, task, cause and event, in order, their times
within 1 ms (two instances stamp one event apart). Prints "ok N" or what
differs. Used by tests/e2e/watch_test.sh and the 6.1 guest's
(tests/kmod/live)."""
import json
import sys

comm = sys.argv[3]


def key(v):
    return (v["monitor"], v["pid"], v["comm"], v["reason"], v["event"])


live = [v for v in map(json.loads, open(sys.argv[1]))
        if v["type"] == "violation" and v["comm"] == comm]
rec = [v for v in json.load(open(sys.argv[2]))["violations"] if v["comm"] == comm]
if not live:
    print("no violation of %s live" % comm)
elif [key(v) for v in live] != [key(v) for v in rec]:
    print("live %s / recorded %s" % ([key(v) for v in live][:3], [key(v) for v in rec][:3]))
elif any(abs(a["ts_ns"] - b["ts_ns"]) > 1000000 for a, b in zip(live, rec)):
    print("times apart by more than 1 ms")
else:
    print("ok %d" % len(live))
