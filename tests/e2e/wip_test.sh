#!/bin/sh
# wip (per CPU) and wwnr against the kernel's own: the trace
# tests/kmod/traces/x86_64-kernel-wip.dat holds the events both read and
# the kernel's rv:error_wip and rv:error_wwnr records of the same run
# (tests/kmod/wip/record-wip.sh, 6.12 guest). The replay's verdicts must
# be the kernel's, one for one, and rvreplay diff must tie them and
# explain every step apart; in a second recording, a step the kernel's
# wip took after an interrupt's is [probe-order]. Then a copy whose one
# preempt_disable before a sched_waking is made a record of no known
# event (as if the trace had lost it): one more wip violation, at that
# sched_waking, told with the CPU and the preempt_enable that began the
# state, each time as `trace-cmd report -t` prints it, in text, JSON,
# HTML and JUnit, and waived as any. And rvreplay.ko's own wip live
# (tests/kmod/traces/x86_64-kmod-wip.dat, the same guest and workload,
# the module's rvreplay:event_wip/error_wip in the kernel's per-CPU
# layout, no id): its verdict and every step are the replay's.
#
# usage: wip_test.sh   (from the top of the tree; RVREPLAY names the binary)

. tests/e2e/lib.sh
T=tests/kmod/traces/x86_64-kernel-wip.dat

command -v trace-cmd > /dev/null || skip_or_fail "wip" "no trace-cmd"
command -v python3 > /dev/null || skip_or_fail "wip" "no python3"

check "wip judges every CPU of the kernel's run" "-m wip $T" 1 \
	"^Coverage: 2 of 2 monitor instances were judged\\.$"
check_error "wip needs the preemptirq events" "-m wip traces/futex-wake.dat" \
	"wip cannot judge this trace: preemptirq:preempt_disable and preemptirq:preempt_enable were not recorded"

trace-cmd report -t -i "$T" 2> /dev/null > "$TMP/report"
for m in wip wwnr; do
	"$RVREPLAY" -m $m --json "$T" > "$TMP/$m.json" 2> "$TMP/$m.err"
done
# every error_<monitor> record of the kernel is a replay verdict of its
# task (wwnr) or CPU (wip), at or before it and within 1 ms of it
if python3 - "$TMP/report" "$TMP/wip.json" "$TMP/wwnr.json" > "$TMP/why" 2>&1 <<'PY'
import json, re, sys
lines = open(sys.argv[1]).read().splitlines()
kernel = {"wip": [], "wwnr": []}
for l in lines:
    m = re.search(r"\[(\d+)\]\s+(\d+)\.(\d+): error_(wip|wwnr):\s+(?:(\d+):)?", l)
    if m:
        ts = int(m.group(2)) * 10**9 + int(m.group(3))
        kernel[m.group(4)].append((int(m.group(5)) if m.group(5) else int(m.group(1)), ts))
for mon, path in (("wip", sys.argv[2]), ("wwnr", sys.argv[3])):
    d = json.load(open(path))
    replay = [(v["cpu"] if mon == "wip" else v["pid"], v["ts_ns"]) for v in d["violations"]]
    assert len(replay) == len(kernel[mon]), (mon, replay, kernel[mon])
    for (rk, rts), (kk, kts) in zip(sorted(replay), sorted(kernel[mon])):
        assert rk == kk and 0 <= kts - rts < 10**6, (mon, rk, rts, kk, kts)
    if mon == "wip":
        rows = sorted((c["cpu"], c["pid"], c["comm"], c["class"]) for c in d["coverage"])
        assert rows == [(0, None, "CPU 0", "judged"), (1, None, "CPU 1", "judged")], rows
    print(mon, len(replay), "verdicts, as the kernel's")
assert len(kernel["wip"]) > 0, "no kernel wip verdict: an agreement on nothing"
PY
then
	ok "wip and wwnr verdicts are the kernel's ($(tr '\n' ' ' < "$TMP/why"))"
else
	not_ok "wip and wwnr verdicts are the kernel's" "$(cat "$TMP/why")"
fi

# The kernel's verdicts tied to the replay's by rvreplay diff, and every
# step where the two went apart explained
check "diff: the kernel's wip verdict is the replay's" "diff -m wip -m wwnr $T" 0 \
	"^matched +wip +run +cpu 1 +CPU 1 at "
check "diff --states: every step apart explained" \
	"diff -m wip -m wwnr --states $T | grep -c -e UNEXPLAINED -e 'explained \\[before-trace\\]'" 0 "^[1-9]"
check "diff --states: none unexplained (its States line, no UNEXPLAINED)" \
	"diff -m wip -m wwnr --states $T | grep -c -e UNEXPLAINED -e '^States: '" 0 "^1$"
P=tests/kmod/traces/x86_64-kernel-wip-probe-order.dat
check "diff: a step the kernel's wip took after an interrupt's is [probe-order]" \
	"diff -m wip $P" 1 "^  diff: +explained \\[probe-order\\]: an interrupt came between"
check "diff: probe-order, and nothing unexplained" "diff -m wip $P" 1 \
	"^Summary: 0 live verdicts, 1 replayed: 0 matched, 0 live only, 1 replay only; 0 unexplained, probe-order x1$"
check "diff: the CPU's last records" "diff -m wip $P" 1 "^  last 8 events of CPU 1:$"

# rvreplay.ko's wip, per CPU, live: diff takes the monitors from its
# enabled line, reads its records without id as the record's CPU's
K=tests/kmod/traces/x86_64-kmod-wip.dat
check "diff: the module's monitors, its live records" "diff $K" 0 \
	"^monitors: wip wwnr \\(profile 6\\.17, arch x86_64\\); live verdicts: the rvreplay module's rvreplay:error_\\*$"
check "diff: the module's wip verdict is the replay's, on its CPU" "diff -m wip $K" 0 \
	"^matched +wip +run +cpu 0 +CPU 0 at 4\\.656393$"
check "diff: every live wip and wwnr verdict matched" "diff -m wip -m wwnr --states $K" 0 \
	"^Summary: 1 live verdicts, 1 replayed: 1 matched, 0 live only, 0 replay only: all match$"
check "diff --states: every step of the module's wip and wwnr is the replay's" \
	"diff -m wip -m wwnr --states $K" 0 "^States: 3108 live steps, 3108 replayed: identical$"
check "diff --states: the module's wip alone stepped too" "diff -m wip --states $K" 0 \
	"^States: [1-9][0-9]{3} live steps, [0-9]+ replayed: identical$"

# A preempt_disable lost: the CPU, the record number, and the ns times of
# the sched_waking after it and of the preempt_enable before it
python3 - "$T" "$TMP/lost.dat" > "$TMP/lost" 2>&1 <<'PY'
import os, struct, sys
sys.path.insert(0, os.path.join("tests", "lib"))
from tracedat6 import V6
t = V6(sys.argv[1])
per_cpu = {}
for cpu, at, length in t.records():
    name = t.events.get(struct.unpack_from('<H', t.data, at)[0], ("?",))[0]
    if name in ("preempt_disable", "preempt_enable", "sched_waking"):
        per_cpu.setdefault(cpu, []).append((name, at))
for cpu, recs in sorted(per_cpu.items()):
    for k in range(2, len(recs)):
        if [n for n, _ in recs[k - 2:k + 1]] == ["preempt_enable", "preempt_disable", "sched_waking"]:
            struct.pack_into('<H', t.data, recs[k - 1][1], 65000)
            t.write(sys.argv[2])
            print(cpu)
            sys.exit(0)
sys.exit("no preempt_disable between a preempt_enable and a sched_waking")
PY
cpu=$(cat "$TMP/lost")
trace-cmd report -t -i "$TMP/lost.dat" 2> /dev/null > "$TMP/lost.report"
# the first sched_waking of that CPU after the record of no event, and the
# last preempt_enable of that CPU before it
times=$(awk -v cpu="[$(printf %03d "$cpu")]" '
	/UNKNOWN EVENT/ { gone = 1 }
	index($0, cpu) && !gone && / preempt_enable:/ { enable = $3 }
	index($0, cpu) && gone && / sched_waking:/ { sub(":", "", $3); sub(":", "", enable); print $3, enable; exit }
' "$TMP/lost.report")
waking=${times% *} enable=${times#* }
check "a preempt_disable lost: one wip violation, at its CPU's next sched_waking" \
	"-m wip --ts ns $TMP/lost.dat" 1 \
	"^wip violation: CPU $cpu: 1 at $waking, sched_waking in preemptive$"
check "told with the preempt_enable that began the state" \
	"-m wip --ts ns $TMP/lost.dat" 1 \
	"^  at: +$waking on CPU $cpu: sched_waking, preemptive since the preemptirq:preempt_enable at $enable \\(CPU $cpu's instance; the task named is the one it ran\\)$"
check "the kernel's words" "-m wip $TMP/lost.dat" 1 \
	"^  kernel: error_wip: event sched_waking not expected in the state preemptive$"
check "the summary row is the CPU's" "-m wip $TMP/lost.dat" 1 \
	"^  wip +CPU $cpu +1  [0-9.]+\\.\\.[0-9.]+  sched_waking in preemptive x1$"
check "JSON: the CPU's instance and the record that entered its state" \
	"-m wip --json $TMP/lost.dat | jq -c '.violations[0] | [.cpu, .da.instance, .da.state, .da.event, .da.entered.event, .da.entered.ts_ns]'" 0 \
	"^\\[$cpu,\"cpu\",\"preemptive\",\"sched_waking\",\"preemptirq:preempt_enable\",$(echo "$enable" | tr -d .)\\]$"
check "JSON: the group is the CPU's" \
	"-m wip --json $TMP/lost.dat | jq -c '.groups[0] | [.pid, .cpu, .count]'" 0 "^\\[null,$cpu,1\\]$"
check "JUnit: a test case per CPU, its failure in it" \
	"-m wip --junit $TMP/j.xml $TMP/lost.dat > /dev/null; tr '\\n' ' ' < $TMP/j.xml" 0 \
	"name=\"wip: CPU $cpu\"> +<failure type=\"unexpected_event\" message=\"sched_waking in preemptive\">wip violation: CPU $cpu: "
check "HTML: the group and its summary row are the CPU's" \
	"-m wip --html $TMP/w.html $TMP/lost.dat > /dev/null; grep -c -e '</span> CPU $cpu: 1 violation at ' -e '<tr><td>wip</td><td>CPU $cpu</td>' $TMP/w.html" 0 "^2$"
printf '[[waiver]]\nmonitor = "wip"\ncomm = "*"\nreason = "unexpected_event"\nwhy = "a lost preempt_disable"\n' > "$TMP/w.toml"
check "a waiver covers wip violations (the kernel's one and the lost preempt_disable's)" \
	"-m wip --waivers $TMP/w.toml $TMP/lost.dat" 0 "^Summary: 2 violations \\(2 waived\\): wip 2$"
check "the context is the CPU's records, the one of no event among them" "-m wip $TMP/lost.dat" 1 \
	"^    \\(record at offset [0-9]+: 16 bytes, not the layout of any event\\)$"
# The statistics of real-time sleeps say when no monitor judged them
check "--stats without a monitor of sleeps: not judged" \
	"-m wwnr --stats traces/cond-signal.dat | grep -c '^    sleep, not judged '" 0 "^[1-9]"
check "--stats without a monitor of sleeps: no violating rows (its header, no violating)" \
	"-m wwnr --stats traces/cond-signal.dat | grep -c -e violating -e '^Statistics of real-time tasks'" 0 "^1$"
check "--stats with sleep: violating and ok" "--stats traces/cond-signal.dat | grep -c '^    sleep, ok '" 0 "^[1-9]"
check "JSON stats: sleeps_judged" \
	"-m wwnr --json traces/cond-signal.dat | jq -c '[.stats[].sleeps_judged] | unique'" 0 "^\\[false\\]$"
finish
