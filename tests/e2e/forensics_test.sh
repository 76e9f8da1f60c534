#!/bin/sh
# Forensics at scale (issue "Forensics at scale"): a default report that fits
# a screen and names the worst case, statistics per task, and what held
# the CPU between a wakeup and the run, each figure checked against counts
# taken from trace-cmd report -t of the same trace.
#
# usage: forensics_test.sh VERDICT_CHECK WORKLOADS   (from the top of the tree)

. tests/e2e/lib.sh
T=traces
W=${2:-build/workloads}

json() {
	python3 -c "import json,sys
d = json.load(open(sys.argv[1]))
$2" "$1" 2>&1
}

# ---- a report that fits a screen ----

for f in $T/cyclictest-rel.dat $T/mutex-nonpi.dat; do
	"$RVREPLAY" "$f" > "$TMP/r.txt" 2>&1
	lines=$(wc -l < "$TMP/r.txt")
	if [ "$lines" -le 60 ] && grep -Eq '^  (worst|first, worst|at): ' "$TMP/r.txt" &&
	   grep -q '^Summary: ' "$TMP/r.txt"; then
		ok "$f: the default report fits a screen ($lines lines) and names the worst case"
	else
		not_ok "$f: the default report fits a screen and names the worst case" \
			"$lines lines" "$(head -c 400 "$TMP/r.txt")"
	fi
done
check "cyclictest-rel: a group per task and reason, its count and times" "$T/cyclictest-rel.dat" 1 \
	"^sleep violations: cyclictest pid 6971 prio 19: 50 from 4983\\.388927 to 4983\\.438862, clock_nanosleep\\(CLOCK_MONOTONIC, relative\\)$"
"$RVREPLAY" --all $T/cyclictest-rel.dat > "$TMP/all.txt" 2>&1
n=$(grep -c '^sleep violation: ' "$TMP/all.txt")
[ "$n" = 97 ] && ok "--all: every violation in full ($n)" || not_ok "--all: every violation in full" "$n"
"$RVREPLAY" --json $T/cyclictest-rel.dat > "$TMP/c.json" 2> /dev/null
got=$(json "$TMP/c.json" '
g = d["groups"]
print("ok" if len(d["violations"]) == 97 and sum(x["count"] for x in g) == 97 and len(g) == 2 else (len(d["violations"]), [x["count"] for x in g]))')
[ "$got" = ok ] && ok "JSON: every violation, and the groups" || not_ok "JSON: every violation, and the groups" "$got"

# --sort, --limit
"$RVREPLAY" --json --sort latency $T/cyclictest-rel.dat > "$TMP/l.json" 2> /dev/null
got=$(json "$TMP/l.json" '
m = [x["max_latency_ns"] for x in d["groups"]]
print("ok" if m == sorted(m, reverse=True) else m)')
[ "$got" = ok ] && ok "--sort latency: the longest wakeup-to-run first" || not_ok "--sort latency" "$got"
check "--sort count: the biggest group first" "--sort count $T/cyclictest-rel.dat" 1 \
	"^sleep violations: cyclictest pid 6971 prio 19: 50 from"
"$RVREPLAY" --sort count $T/cyclictest-rel.dat 2>&1 | grep -m1 '^sleep violations: ' > "$TMP/first"
grep -q "pid 6971" "$TMP/first" && ok "--sort count: 50 before 47" || not_ok "--sort count: 50 before 47" "$(cat "$TMP/first")"
check "--limit 1: the others counted, and the limit that shows them" "--limit 1 $T/cyclictest-rel.dat" 1 \
	"^\\.\\.\\. 1 more group \\(--limit 2 or 0 shows every group, --all every violation\\)$"
n=$("$RVREPLAY" --json $T/clock-nanosleep.dat 2> /dev/null | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["groups"]))')
check "--limit 3 of $n groups: --limit $n shows them" "--limit 3 $T/clock-nanosleep.dat" 1 \
	"^\\.\\.\\. $((n - 3)) more groups \\(--limit $n or 0 shows every group, --all every violation\\)$"
check_error "--sort: a known key" "--sort pid $T/cyclictest-rel.dat" "bad --sort 'pid'"

# ---- statistics per task, against trace-cmd report -t ----

# From trace-cmd report -t: each sleep (a switch-out in S or D, real-time) of the pid,
# its length to its sched_wakeup and the wakeup-to-run latency (its
# switch-in, or its own next record when that was not recorded).
hand_count() {
	trace-cmd report -t "$1" 2> /dev/null | python3 -c '
import re, sys
pid = sys.argv[1]
start = wake = None
slept, lat = [], []
for l in sys.stdin:
    m = re.match(r"\s*(.+?)-(\d+)\s+\[\d+\]\s+(\d+)\.(\d+): (\w+):\s+(.*)", l)
    if not m:
        continue
    cur, sec, frac, ev, rest = m.group(2), int(m.group(3)), int(m.group(4)), m.group(5), m.group(6)
    ts = sec * 10**9 + frac
    if start is not None and wake is not None and (cur == pid or (ev == "sched_switch" and re.search(r"==> \S+:%s \[" % pid, rest))):
        lat.append(ts - wake); start = wake = None
    sw = re.match(r"\S+:%s \[(\d+)\] [SD]" % pid, rest) if ev == "sched_switch" else None
    if sw and int(sw.group(1)) < 100:
        start, wake = ts, None
    elif sw:
        start = wake = None
    elif ev == "sched_wakeup" and re.match(r"\S+:%s \[" % pid, rest) and start is not None and wake is None:
        wake = ts; slept.append(ts - start)
print(len(lat), min(slept), max(slept), min(lat), max(lat))' "$2"
}

"$RVREPLAY" --json $T/mutex-nonpi.dat > "$TMP/m.json" 2> /dev/null
for pid in 7038 7039; do
	want=$(hand_count $T/mutex-nonpi.dat $pid)
	got=$(json "$TMP/m.json" "
t = [x for x in d['stats'] if x['pid'] == $pid][0]
s = [t['slept'], t['slept_violating']]
l = [t['latency'], t['latency_violating']]
c = sum(x['count'] for x in l)
mn = lambda hs: min(h['min_ns'] for h in hs if h['count'])
mx = lambda hs: max(h['max_ns'] for h in hs if h['count'])
print(c, mn(s), mx(s), mn(l), mx(l))")
	if [ -n "$want" ] && [ "$want" = "$got" ]; then
		ok "stats pid $pid: sleeps, sleep and latency min/max as trace-cmd report -t counts ($got)"
	else
		not_ok "stats pid $pid: as trace-cmd report -t counts" "report: $got" "hand:   $want"
	fi
done
check "--stats: aligned, per task" "--stats -s $T/mutex-nonpi.dat" 1 \
	"^    latency, violating +5 +[0-9.]+ [nmu]s"
got=$(json "$TMP/m.json" '
t = [x for x in d["stats"] if x["pid"] == 7039][0]
h = t["latency_violating"]
print("ok" if h["p99_below_ns"] >= h["max_ns"] and sum(b["count"] for b in h["log2_buckets"]) == h["count"] else h)')
[ "$got" = ok ] && ok "stats: p99 is a bucket bound above the max, buckets hold every sleep" || \
	not_ok "stats: p99 and buckets" "$got"
# its faults while real-time: sched_setscheduler (NR 144) to policy 1
# (SCHED_FIFO) or 0 (SCHED_OTHER) and back, as the workload toggles it
want=$(trace-cmd report $T/pagefault-nomlock.dat 2> /dev/null | awk '
	/pagefault-6994 .*sys_enter: +NR 144 / { p = $(NF - 4) }
	/pagefault-6994 .*sys_exit: +NR 144 = 0/ { rt = (p == "1," || p == "2,") }
	rt && /pagefault-6994 .*page_fault_user:/ { n++; if ($NF ~ /0x[0-9a-f]*[2367abef]$/) w++ }
	END { printf "page faults: +%d \\(user %d, %swrite %d, not present %d\\)\n", n, n,
	      n - w ? "read " n - w ", " : "", w, n }')
check "stats: page faults per kind, as trace-cmd report counts them" \
	"--stats -s $T/pagefault-nomlock.dat" 1 "$want"

# ---- what held the CPU, against trace-cmd report -t ----

# mutex-nonpi, the first violation: 7039 woken at 4984.159740 (its
# sched_wakeup), switched in by 7038 at its next sched_switch
trace-cmd report -t $T/mutex-nonpi.dat 2> /dev/null |
	awk '/4984\.1597[0-9]*: sched_wakeup: +mutex_inversion:7039 / && !w { w = $3 } w && /==> mutex_inversion:7039 / { print w, $3; exit }' |
	tr -d ':' > "$TMP/win"
read -r w r < "$TMP/win"
held=$(python3 -c "print(round(($r - $w) * 1e9))")
got=$(json "$TMP/m.json" '
h = d["violations"][0]["context"]["sleep"]["held"]
print(h["window_ns"], h["ran"][0]["pid"], h["ran"][0]["ns"])')
if [ "$got" = "$held 7038 $held" ]; then
	ok "held: the window and who ran in it, as trace-cmd report -t shows ($held ns, pid 7038)"
else
	not_ok "held: the window and who ran in it" "report: $got" "trace-cmd: $held ns"
fi

# A CPU hog beside an RT thread, recorded here
if [ "$(id -u)" = 0 ] && grep -qw tracefs /proc/filesystems && [ -x "$W/cpu_hog" ]; then
	"$RVREPLAY" record -m sleep -o "$TMP/hog.dat" -- "$W/cpu_hog" > /dev/null 2>&1
	# its tasks alone: the recording holds every task's, another real-time
	# workload's beside this script among them
	"$RVREPLAY" -m sleep --comm cpu_hog "$TMP/hog.dat" > "$TMP/hog.txt" 2>&1
	"$RVREPLAY" -m sleep --comm cpu_hog --json "$TMP/hog.dat" > "$TMP/hog.json" 2> /dev/null
	hog=$(json "$TMP/hog.json" '
h = [v for v in d["violations"] if v["context"]["sleep"] and v["context"]["sleep"]["held"]]
w = max(h, key=lambda v: v["context"]["sleep"]["held"]["window_ns"])["context"]["sleep"]["held"]
print(w["ran"][0]["comm"], w["ran"][0]["prio"], w["window_ns"])')
	if [ "$(wc -l < "$TMP/hog.txt")" -le 60 ] && grep -q '^  held:   CPU 0, the .* cpu_hog pid [0-9]* prio 39 ' "$TMP/hog.txt" &&
	   echo "$hog" | grep -q '^cpu_hog 39 [0-9]*$'; then
		ok "a CPU hog beside an RT thread: fits a screen, the hog named as what held the CPU ($hog)"
	else
		not_ok "a CPU hog beside an RT thread" "$hog" "$(head -c 600 "$TMP/hog.txt")"
	fi
else
	skip "a CPU hog beside an RT thread" "needs root, tracefs and the workloads"
fi

# ---- interrupts: what held the CPU, and what woke the task ----

# irq_truth DESC TRACE OPTIONS MIN_WINDOWS MIN_HANDLERS: every sleep
# violation's interrupts as trace-cmd report -t shows them
irq_truth() {
	# shellcheck disable=SC2086
	"$RVREPLAY" --all --json $3 "$2" > "$TMP/irq.json" 2> /dev/null
	trace-cmd report -t "$2" > "$TMP/irq.txt" 2> /dev/null
	if python3 tests/e2e/irq_truth.py "$TMP/irq.txt" "$TMP/irq.json" > "$TMP/irq.out" &&
	   tail -1 "$TMP/irq.out" | awk -v w="$4" -v h="$5" '$1 >= w && $4 >= h { ok = 1 } END { exit !ok }'; then
		ok "$1: $(tail -1 "$TMP/irq.out")"
	else
		not_ok "$1" "$(tail -5 "$TMP/irq.out")"
	fi
}
irq_truth "udp-softirq: interrupts in each window and the waker's handler" $T/udp-softirq.dat "" 20 5
irq_truth "udp-softirq, 7.3: the same, with the wakeup monitor's soft irq verdicts" \
	$T/udp-softirq.dat "--profile 7.3" 20 10
check "udp-softirq: the handlers in words, most time first" "$T/udp-softirq.dat" 1 \
	"^  held:   CPU 0, the 644\\.6 us from the wakeup to its run: cpu_hog pid 13573 prio 39 644\\.6 us; interrupts in it: softirq RCU 1 run 6242 ns, softirq SCHED 1 run 1633 ns$"
check "udp-softirq: woken from the NET_RX softirq of the other CPU" "$T/udp-softirq.dat" 1 \
	"woken by a soft irq on CPU 1 in softirq NET_RX, interrupting udp_wake pid 13572"
check "a trace without the irq events: no word of interrupts" "--all $T/mutex-nonpi.dat" 1 \
	"^  held:   CPU [0-9], "
if grep -q "interrupt" "$TMP/all"; then
	not_ok "a trace without the irq events: no word of interrupts" "$(grep interrupt "$TMP/all" | head -3)"
fi
got=$(json "$TMP/m.json" '
print(set(v["context"]["sleep"]["held"]["interrupts"] is None for v in d["violations"]
          if v["context"]["sleep"] and v["context"]["sleep"]["held"]))')
[ "$got" = "{True}" ] && ok "a trace without the irq events: JSON interrupts null" ||
	not_ok "a trace without the irq events: JSON interrupts null" "$got"
check "list: the irq events, for the report only" "list" 0 \
	"^      context   irq:softirq_entry +interrupts that delayed a woken task, or woke it \\(--context-events\\)"
check "check: a trace without them says so, and still judges" "check -m sleep $T/mutex-nonpi.dat" 0 \
	"^  absent   context  irq:irq_handler_entry +0 "

# recorded here: --context-events adds them, and only it
if [ "$(id -u)" = 0 ] && grep -qw tracefs /proc/filesystems && [ -x "$W/udp_wake" ]; then
	"$RVREPLAY" record -q --context-events -o "$TMP/irqs.dat" -- sh -c \
		"\"$W/cpu_hog\" & \"$W/udp_wake\"; wait" > /dev/null 2>&1
	irq_truth "recorded with --context-events: every window and waker handler" "$TMP/irqs.dat" "" 10 1
	"$RVREPLAY" record -q -m sleep -o "$TMP/noirqs.dat" -- true > /dev/null 2>&1
	check "recorded without it: no irq events" "check -m sleep $TMP/noirqs.dat" 0 \
		"^  absent   context  irq:softirq_entry "
else
	skip "recorded with --context-events" "needs root, tracefs and the workloads"
fi

# ---- navigation ----

check "--around T: the violation at T" "-s --around 4984.159740 $T/mutex-nonpi.dat" 1 \
	"^Summary: 1 violation"
check "--around T,W: a wider window" "-s --around 4984.163,0.005 $T/mutex-nonpi.dat" 1 \
	"^Summary: [2-9] violations"
check "--ts rel: from the first record" "--ts rel -s $T/mutex-nonpi.dat" 1 \
	"^  sleep     mutex_inversion  pid 7039    prio 39        5  \\+[0-9]+\\.[0-9]{6}\\.\\.\\+"

finish
