#!/bin/sh
# Reports that are exactly right (issue "Reports that are exactly right"):
# every time, explanation, filter and coverage line checked against the raw
# events, as trace-cmd report -t (nanoseconds) and -l (context) show them.
# Bundled traces, and scenarios made at test time (tests/hostile/make_hostile.c).
#
# usage: report_truth_test.sh   (from the top of the tree; RVREPLAY and
#                               MAKE_HOSTILE name the binaries)

. tests/e2e/lib.sh
MAKE_HOSTILE=${MAKE_HOSTILE:-build/tests/make_hostile}
T=traces
K=tests/kmod/traces
TEMPLATE=$T/clock-nanosleep.dat

# json FILE PYTHON: run PYTHON with d = the JSON report in FILE; it prints
# "ok" or what is wrong
json() {
	python3 -c "import json,sys
d = json.load(open(sys.argv[1]))
$2" "$1" 2>&1
}

# ---- times: one formatting, trace-cmd's ----

# Every violation's header time is its event line's time, in us and in ns,
# and every event line the report prints is a line of trace-cmd report.
for f in $T/cyclictest-rel.dat $T/mutex-nonpi.dat $K/x86_64-futex_wake-lower.dat; do
	for unit in us ns; do
		"$RVREPLAY" --all --ts $unit --context 20 "$f" > "$TMP/r.txt" 2>&1
		awk '/ violation: / { h = $NF } /^  event:  / { split($0, a, /\] +/); split(a[2], b, ":");
			if (h != b[1]) { bad++; print h " " b[1] } n++ }
			END { print (bad || !n ? "" : "ok ") n " headers, " bad + 0 " differ" }' \
			"$TMP/r.txt" > "$TMP/times"
		if head -1 "$TMP/times" | grep -q '^ok '; then
			ok "--ts $unit $f: every header is its event's time ($(head -1 "$TMP/times"))"
		else
			not_ok "--ts $unit $f: every header is its event's time" "$(head -5 "$TMP/times")"
		fi
		tflag=
		[ $unit = ns ] && tflag=-t
		trace-cmd report $tflag "$f" 2> /dev/null | sed 's/^ *//' > "$TMP/tc.txt"
		grep -E '^  event:  |^    ' "$TMP/r.txt" | sed 's/^  event:  //; s/^ *//' |
			grep -E '^[^ ].*\[[0-9]{3}\] ' | sort -u > "$TMP/lines"
		missing=$(grep -cvxFf "$TMP/tc.txt" "$TMP/lines")
		if [ "$missing" = 0 ] && [ -s "$TMP/lines" ]; then
			ok "--ts $unit $f: every event line is trace-cmd report${tflag:+ $tflag}'s ($(wc -l < "$TMP/lines"))"
		else
			not_ok "--ts $unit $f: every event line is trace-cmd report's" \
				"$(grep -vxFf "$TMP/tc.txt" "$TMP/lines" | head -3)"
		fi
	done
done

# --from T --to T, T the time a header prints, selects that violation
"$RVREPLAY" --json $T/cyclictest-rel.dat > "$TMP/r.json" 2> /dev/null
json "$TMP/r.json" '
for v in d["violations"]:
    ns = v["ts_ns"]
    if ns % 1000 >= 500:
        us = (ns + 500) // 1000
        print("%d.%06d %d.%09d" % (us // 1000000, us % 1000000, ns // 10**9, ns % 10**9))
        break' > "$TMP/t"
read -r T6 T9 < "$TMP/t"
check "--from T --to T, T as the header prints it (rounded up): the violation" \
	"-s --from $T6 --to $T6 $T/cyclictest-rel.dat" 1 "^Summary: 1 violation"
check "--from T --to T, T in ns (9 decimals): exact" \
	"-s --from $T9 --to $T9 $T/cyclictest-rel.dat" 1 "^Summary: 1 violation"
check "--ts ns: the header in nanoseconds" \
	"--all --ts ns --from $T9 --to $T9 --context 0 $T/cyclictest-rel.dat" 1 " at $T9\$"
check_error "--ts: us, ns or rel" "--ts ms $T/cyclictest-rel.dat" "bad --ts 'ms' \\(us, ns or rel\\)"

# ---- explanations ----

# 7.3 wakeup: a hard irq nested in a soft irq (trace-cmd report -l: "Hs")
P=$K/x86_64-preexisting.dat
"$RVREPLAY" --profile 7.3 -m wakeup --json "$P" > "$TMP/w.json" 2> /dev/null
got=$(json "$TMP/w.json" '
v = d["violations"][0]
w = v["context"]["sleep"]["waker"]
ok = (v["atoms"] == ["rt", "us_th", "wo_so"] and v["reason_detail"] == "woken from soft irq"
      and w["context"] == "soft irq" and w["cpu"] == v["cpu"] and "interrupting the idle task" in v["why"]
      and "wakeup 7.3:" in v["why"])
print("ok" if ok else (v["atoms"], v["reason_detail"], w["context"], v["why"]))')
# trace-cmd report -l: "H" is a hard irq that interrupted a soft irq
flags=$(trace-cmd report -l "$P" 2> /dev/null | grep "15.832220: sched_waking:.*pid=177 " |
	awk '{ print $2 }')
case "$got $flags" in
"ok "*H*) ok "7.3 wakeup from a hard irq in a soft irq ($flags): soft irq, as the atoms say" ;;
*) not_ok "7.3 wakeup from a hard irq in a soft irq: soft irq, as the atoms say" "$got" \
	"flags $flags" ;;
esac
check "an irq waker is no task: the interrupted one named as such" \
	"--all --profile 7.3 -m wakeup --context 0 $P" 1 \
	"why:    woken by a soft irq on CPU 0 \\(a hard irq nested in it\\), interrupting the idle task"

# The rule stated is the profile's
for p in 6.17 7.1 7.3; do
	case $p in
	6.17) rule="only futex wait, or clock_nanosleep with TIMER_ABSTIME on CLOCK_MONOTONIC or CLOCK_TAI" ;;
	7.1) rule="only futex wait, epoll_wait, or clock_nanosleep with TIMER_ABSTIME on CLOCK_MONOTONIC" ;;
	7.3) rule="futex wait, epoll_wait, or clock_nanosleep with TIMER_ABSTIME on any clock but CLOCK_REALTIME" ;;
	esac
	check "profile $p: the why of a sleep states $p's rule" \
		"--profile $p -m sleep --context 0 $T/cyclictest-rel.dat" 1 "\\(sleep $p: [^)]*$rule"
done

# A waker verdict's sleep line says what the task slept in
check "a waker violation: what it slept in" "--all -m sleep --context 0 $T/mutex-nonpi.dat" 1 \
	"^  sleep:  slept [0-9.]+ [nmu]s in futex\\(FUTEX_WAIT_PRIVATE\\), woken by mutex_inversion \\(pid"

# --strict-start violations at a page fault carry the fault
"$RVREPLAY" --strict-start -m pagefault --json $T/pagefault-nomlock.dat > "$TMP/s.json" 2> /dev/null
got=$(json "$TMP/s.json" '
s = [v for v in d["violations"] if v["reason"] == "start"]
print("ok %d" % len(s) if s and all(v["context"]["fault"] and v["context"]["fault"]["error"] for v in s) else "no fault")')
case $got in
ok*) ok "--strict-start at a page fault: the fault decoded (${got#ok } violations)" ;;
*) not_ok "--strict-start at a page fault: the fault decoded" "$got" ;;
esac
check "--strict-start at a page fault: fault line, a why that says the fault" \
	"--strict-start -m pagefault --context 0 $T/pagefault-nomlock.dat" 1 \
	"why:    a user page fault while real-time, when the task was first judged"

# 7.3 SCHEDULE_IN at the task's next own record: said
"$MAKE_HOSTILE" inferred-switch-in "$TEMPLATE" "$TMP/inferred.dat"
check "7.3: a switch-in not recorded is said" \
	"--all --profile 7.3 -m sleep --context 0 $TMP/inferred.dat" 1 \
	"note:   its switch-in was not recorded: SCHEDULE_IN is taken at this, its next own record"
check "7.3: no sched_wakeup: the sleep lasted until it ran" \
	"--profile 7.3 -m sleep --context 0 $TMP/inferred.dat" 1 \
	"no sched_wakeup recorded: until it ran again, at its next own record"

# A trace recorded with the module's monitors: their event_sleep lines,
# written inside sched_switch with the task switched out still current,
# are no run of it (the text took one for its run, before its wakeup, and
# told no latency): each sleep's wakeup to run is its next switch-in after
# the wakeup in trace-cmd report -t
R=$K/riscv64-cond_signal-lower.dat
"$RVREPLAY" --all -m sleep --json "$R" > "$TMP/rv.json" 2> /dev/null
trace-cmd report -t "$R" 2> /dev/null > "$TMP/rv.txt"
got=$(python3 - "$TMP/rv.json" "$TMP/rv.txt" <<'EOF'
import json, re, sys
switch_in = []
for l in open(sys.argv[2]):
    m = re.search(r'\s(\d+)\.(\d{9}): sched_switch: .* ==> .*:(\d+) \[', l)
    if m:
        switch_in.append((int(m.group(1)) * 10**9 + int(m.group(2)), int(m.group(3))))
bad, n = [], 0
for v in json.load(open(sys.argv[1]))['violations']:
    s = v['context']['sleep']
    if not s or not s['wakeup_ts_ns']:
        continue
    run = min((t for t, pid in switch_in if pid == v['pid'] and t >= s['wakeup_ts_ns']), default=None)
    n += 1
    if run is None or s['wakeup_latency_ns'] != run - s['wakeup_ts_ns']:
        bad.append((v['ts_ns'], s['wakeup_latency_ns'], run and run - s['wakeup_ts_ns']))
print('ok %d' % n if n and not bad else 'of %d: %s' % (n, bad[:3]))
EOF
)
case $got in
ok*) ok "module-recorded trace: each wakeup-to-run latency is its switch-in's in trace-cmd report -t (${got#ok } sleeps)" ;;
*) not_ok "module-recorded trace: each wakeup-to-run latency is its switch-in's in trace-cmd report -t" "$got" ;;
esac

# The atoms' names
check "rvreplay list: the atoms' legend, per monitor" "list" 0 \
	"^      wo_so +WOKEN_BY_SOFTIRQ$"
check "rvreplay list: SLEEP is sle in 7.3" "list" 0 "^      sle +SLEEP$"

# ---- filters ----

"$MAKE_HOSTILE" renamed "$TEMPLATE" "$TMP/renamed.dat"
check "--comm: a name the task took after the violation, its last, named first" \
	"--all -m pagefault --context 0 --comm renamed $TMP/renamed.dat" 1 \
	"^pagefault violation: renamed \\(was early\\) pid 1001"
check "--comm NEWNAME: the group header names it by both" \
	"-m pagefault --context 0 --comm renamed $TMP/renamed.dat" 1 \
	"^pagefault violation: renamed \\(was early\\) pid 1001 prio 49: 1 at"
check "--comm: its name at the violation" "-s -m pagefault --comm early $TMP/renamed.dat" 1 \
	"^Summary: 1 violation"
check "--comm: no name of it" "-s -m pagefault --comm other $TMP/renamed.dat" 0 \
	"^Summary: 0 violations"

# Filters that keep nothing say so, as an unknown --pid does, even with -q, and
# the summary counts what they hid (issue 32, item 6); the trace's span is
# trace-cmd report -t's first and last record
M=$T/mutex-nonpi.dat
span=$(trace-cmd report -t $M 2> /dev/null | awk '/^ *[^ ].*\[[0-9][0-9][0-9]\] +[0-9]+\.[0-9]+:/ {
	for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) { t = substr($i, 1, length($i) - 1); break }
	if (!f) f = t; l = t } END { printf "%.6f %.6f", f, l }')
first=${span% *} last=${span#* }
"$RVREPLAY" --json $M > "$TMP/all.json" 2> /dev/null
read -r n vfirst vlast <<EOF2
$(json "$TMP/all.json" '
v = d["violations"]
t = lambda ns: "%d.%06d" % (ns // 10**9, (ns % 10**9 + 500) // 1000)
print(len(v), t(v[0]["ts_ns"]), t(v[-1]["ts_ns"]))')
EOF2
check "--around outside the trace: said, even with -q" "-q --around 1.5 $M" 0 \
	"^rvreplay: warning: $M: --around: the window from 1\.499000 to 1\.501000 holds no record: the trace runs from $first to $last\$"
check "--from after the trace: said" "-q --from 5000 $M" 0 \
	"warning: $M: --from: the window from 5000\.000000 to the end holds no record: the trace runs from $first to $last\$"
check "--to before the trace: said" "-q --to 4000 $M" 0 \
	"warning: $M: --to: the window from the start to 4000\.000000 holds no record"
check "the summary counts what the window hid" "-s --from 5000 $M" 0 \
	"^Summary: 0 violations \($n more hidden by --from\): "
check "a window of no violation, violations outside it: said, with what was hid" \
	"-q --from 4984.160000 --to 4984.161000 $M" 0 \
	"warning: $M: --from, --to: no violation in the window from 4984\.160000 to 4984\.161000; the filters \(--from, --to\) hid $n, from $vfirst to $vlast\$"
check "a window with violations: no word of it" "-q --around 4984.159740 $M" 1 ""
"$RVREPLAY" --json --pid 7039 --around 4984.163,0.002 $M > "$TMP/h.json" 2> /dev/null
got=$(json "$TMP/h.json" '
s = d["summary"]
print(s["violations"], s["violations_hidden"], s["violations"] + s["violations_hidden"])')
case $got in
"2 $((n - 2)) $n") ok "JSON summary.violations_hidden: the others of the $n ($got)" ;;
*) not_ok "JSON summary.violations_hidden: the others of the $n" "$got" ;;
esac

# ---- coverage ----

"$RVREPLAY" --json $T/cyclictest-rel.dat > "$TMP/c.json" 2> /dev/null
got=$(json "$TMP/c.json" '
n = [c for c in d["coverage"] if c["why"] is None or not c["why"]]
k = [c for c in d["coverage"] if c["monitor"] == "pagefault" and c["class"] == "nothing_to_judge"
     and c["why"] == "nothing to judge: no page fault in the trace"]
print("ok %d" % len(k) if not n and k else ("null why", len(n), len(k)))')
case $got in
ok*) ok "coverage: never a null reason; no page fault is its own class (${got#ok })" ;;
*) not_ok "coverage: never a null reason; no page fault is its own class" "$got" ;;
esac
check "coverage: RT tasks with no fault are said (--all)" "-s --all $T/cyclictest-rel.dat" 1 \
	"pagefault cyclictest +pid [0-9]+ +nothing to judge: no page fault in the trace"
"$RVREPLAY" -s --strict-start -m pagefault $T/pagefault-nomlock.dat > "$TMP/ss.txt" 2>&1
if grep -q "were not\b\|were not judged\|not judged" "$TMP/ss.txt"; then
	not_ok "--strict-start: no fault said unjudged after being reported" "$(grep 'not' "$TMP/ss.txt")"
else
	ok "--strict-start: no fault said unjudged after being reported"
fi
check "--kthread-comms is advised only where it would help" "-s $T/cyclictest-rel.dat" 1 \
	"migration/1 +pid 23 +never judged: atoms never learned"
"$RVREPLAY" -s $T/cyclictest-rel.dat 2>&1 | grep -c "kthread-comms" > "$TMP/n"
if [ "$(cat "$TMP/n")" = 0 ]; then
	ok "--kthread-comms: not advised for tasks it would not let be judged"
else
	not_ok "--kthread-comms: not advised for tasks it would not let be judged" \
		"$("$RVREPLAY" -s $T/cyclictest-rel.dat 2>&1 | grep kthread-comms)"
fi
# futex_wake 7242: sys_enter clock_nanosleep at 4985.715104, woken at .715129 by
# itself (its timer), never switched out in between (trace-cmd report)
check "coverage: a sleep woken before the task switched out" "-s $T/futex-wake.dat" 1 \
	"sleep +futex_wake +pid 7242 .*1 sleep woken before it switched out: the kernel may have judged it, a trace cannot"
"$RVREPLAY" --json $T/futex-wake.dat > "$TMP/f.json" 2> /dev/null
got=$(json "$TMP/f.json" '
print("ok" if any(c["pid"] == 7242 and c["monitor"] == "sleep" and c["early_wakes"] == 1 for c in d["coverage"]) else "no")')
[ "$got" = ok ] && ok "JSON coverage: early_wakes" || not_ok "JSON coverage: early_wakes" "$got"

# ---- lost events ----

L=$K/x86_64-lost.dat
"$RVREPLAY" -s $L 2>&1 | sed -n '/^Lost events:/,/^Trace/p' > "$TMP/lost"
if [ "$(grep -c 'CPU 0:' "$TMP/lost")" = 1 ] && [ "$(grep -c 'CPU 1:' "$TMP/lost")" = 1 ] &&
   grep -q "^  CPU 0: events (how many unknown) overwritten before the first record (16.379424)$" "$TMP/lost" &&
   grep -q "^  CPU 1: 174 events overwritten before the first record (16.368152)$" "$TMP/lost"; then
	# trace-cmd report: "CPU:1 [174 EVENTS DROPPED]", "CPU:0 [EVENTS DROPPED]" (no count
	# stored in that page): as the pages tell it, live or from a file alike
	ok "an overrun at a CPU's start: listed once, at that CPU's first record"
else
	not_ok "an overrun at a CPU's start: listed once, at that CPU's first record" "$(cat "$TMP/lost")"
fi
"$RVREPLAY" --json $L > "$TMP/l.json" 2> /dev/null
got=$(json "$TMP/l.json" 'g = d["lost_events"]
print("ok" if len(g) == 2 and all(x["where"] == "start" for x in g) else g)')
[ "$got" = ok ] && ok "JSON lost_events: one start gap per CPU" || not_ok "JSON lost_events: one start gap per CPU" "$got"

# ---- a sleep's times: switch-out, wakeup, run (issue 32, item 7) ----

# sleep_times TRACE PID SWITCH_OUT_NS: the sleep's three times, from trace-cmd report -t
sleep_times() {
	trace-cmd report -t "$1" 2> /dev/null | python3 -c '
import re, sys
pid, out = sys.argv[1], int(sys.argv[2])
wake = run = None
for l in sys.stdin:
    m = re.match(r"\s*(.+?)-(\d+)\s+\[\d+\]\s+(\d+)\.(\d+): (\w+):\s+(.*)", l)
    if not m:
        continue
    ts = int(m.group(3)) * 10**9 + int(m.group(4))
    if ts <= out:
        continue
    if m.group(5) == "sched_wakeup" and re.match(r"\S+:%s \[" % pid, m.group(6)) and wake is None:
        wake = ts
    if m.group(2) == pid or (m.group(5) == "sched_switch" and "==> " in m.group(6) and
                             re.search(r"==> \S+:%s \[" % pid, m.group(6))):
        run = ts
        break
print("%d.%09d %d.%09d %d.%09d" % (out // 10**9, out % 10**9, wake // 10**9, wake % 10**9,
                                   run // 10**9, run % 10**9))' "$2" "$3"
}

# times_truth DESC TRACE PID: the first group's worst, as trace-cmd shows it; --around
# on each of its times finds it; its context holds its wakeup and its run
times_truth() {
	"$RVREPLAY" --json -m sleep --pid "$3" "$2" > "$TMP/w.json" 2> /dev/null
	out=$(json "$TMP/w.json" '
w = d["groups"][0]["worst"]
v = [v for v in d["violations"] if v["ts_ns"] == w["ts_ns"]][0]
print(v["context"]["sleep"]["start_ts_ns"])')
	want=$(sleep_times "$2" "$3" "$out")
	"$RVREPLAY" --ts ns -m sleep --pid "$3" "$2" > "$TMP/w.txt" 2>&1
	got=$(awk '/^  times:  / { print $4, $6, $8; exit }' "$TMP/w.txt" | tr -d ,)
	if [ -n "$want" ] && [ "$got" = "$want" ]; then
		ok "$1: the worst's switch-out, wakeup and run, as trace-cmd report -t ($got)"
	else
		not_ok "$1: the worst's switch-out, wakeup and run, as trace-cmd report -t" \
			"report: $got" "trace-cmd: $want" "$(grep -m1 'times:' "$TMP/w.txt")"
	fi
	wts=$(json "$TMP/w.json" 'print(d["groups"][0]["worst"]["ts_ns"])')
	for t in $want; do
		"$RVREPLAY" --json -m sleep --pid "$3" --around "$t" "$2" > "$TMP/a.json" 2> /dev/null
		found=$(json "$TMP/a.json" "print(any(v['ts_ns'] == $wts for v in d['violations']))")
		[ "$found" = True ] && ok "$1: --around $t (a time it prints) finds it" ||
			not_ok "$1: --around $t (a time it prints) finds it" "$found"
	done
	# its context: centred on its run (4 of the 8 after it), the wakeup before
	wake=$(echo "$got" | cut -d' ' -f2) run=$(echo "$got" | cut -d' ' -f3)
	if awk -v w="$wake: sched_wakeup:" -v r="$run: " '
		/^  8 events of pid [0-9]+, around its run again:$/ { c = 1; next }
		c && /^    / { n++; if (index($0, w) && !hr) hw = 1; if (index($0, r)) hr = n; next }
		c { exit }
		END { exit !(hw && hr && n == 8 && n - hr == 4) }' "$TMP/w.txt"; then
		ok "$1: its context is centred on its run (4 of 8 events after it), its wakeup before"
	else
		not_ok "$1: its context is centred on its run (4 of 8 events after it), its wakeup before" \
			"$(grep -A9 'events of pid' "$TMP/w.txt" | head -10)"
	fi
}
times_truth "a bad sleep reason, its switch-in not recorded" $T/cyclictest-rel.dat 6972
times_truth "a bad sleep reason" $T/cyclictest-rel.dat 6971
times_truth "a waker verdict" $T/mutex-nonpi.dat 7039
"$RVREPLAY" --json --all $T/cyclictest-rel.dat > "$TMP/r.json" 2> /dev/null
got=$(json "$TMP/r.json" '
bad = [v["ts_ns"] for v in d["violations"] if v["context"]["sleep"]["run_ts_ns"] !=
       v["context"]["sleep"]["wakeup_ts_ns"] + v["context"]["sleep"]["wakeup_latency_ns"]]
inf = sum(v["context"]["sleep"]["run_inferred"] for v in d["violations"])
print("ok %d inferred" % inf if not bad and inf else bad[:3])')
case $got in
ok*) ok "JSON run_ts_ns: the wakeup plus the latency; run_inferred said (${got#ok })" ;;
*) not_ok "JSON run_ts_ns: the wakeup plus the latency" "$got" ;;
esac

# ---- the tasks of a trace (issue 32, item 8) ----

# Tasks seen, and at most at once only when the trace tells when tasks go
# (sched_process_free), as tests/e2e/tasks_truth.py counts them from
# trace-cmd report -t
for f in $T/clock-nanosleep.dat $T/futex-wake.dat $T/mutex-nonpi.dat $K/x86_64-stall.dat; do
	trace-cmd report -t "$f" > "$TMP/t.txt" 2> /dev/null
	read -r seen most <<EOF2
$(python3 tests/e2e/tasks_truth.py "$TMP/t.txt")
EOF2
	if trace-cmd report "$f" 2> /dev/null | grep -q 'sched_process_free'; then
		want="$seen tasks seen, $most at most at once" jwant="$seen $most"
	else
		want="$seen tasks seen" jwant="$seen None"
	fi
	"$RVREPLAY" -s -m sleep "$f" > "$TMP/t.out" 2>&1
	"$RVREPLAY" --json -m sleep "$f" > "$TMP/t.json" 2> /dev/null
	got=$(json "$TMP/t.json" 't = d["trace"]; print(t["tasks_seen"], t["tasks_at_once"])')
	if tail -1 "$TMP/t.out" | grep -q ", $want\$" && [ "$got" = "$jwant" ]; then
		ok "$f: $want, as trace-cmd report -t shows them (JSON $got)"
	else
		not_ok "$f: $want, as trace-cmd report -t shows them" "$(tail -1 "$TMP/t.out")" "JSON $got"
	fi
done

# ---- JSON and documents ----

"$RVREPLAY" --json --profile 7.3 $T/mutex-nonpi.dat > "$TMP/m.json" 2> /dev/null
got=$(json "$TMP/m.json" '
ms = sorted(set(v["monitor"] for v in d["violations"]))
print("ok" if "wakeup" in ms else ms)')
if [ "$got" = ok ] && grep -q '`sleep`, `pagefault` or `wakeup`' docs/rvreplay-json.md; then
	ok "JSON: monitor wakeup occurs and the schema says so"
else
	not_ok "JSON: monitor wakeup occurs and the schema says so" "$got"
fi
"$RVREPLAY" --json -s $T/mutex-nonpi.dat > "$TMP/js.json" 2> /dev/null
got=$(json "$TMP/js.json" 'print("ok" if len(d["violations"]) == 6 == d["summary"]["violations"] else
      (len(d["violations"]), d["summary"]["violations"]))')
[ "$got" = ok ] && ok "--json -s: every violation still in JSON" || not_ok "--json -s: every violation still in JSON" "$got"
"$RVREPLAY" --json $T/clock-nanosleep.dat > "$TMP/n.json" 2> /dev/null
got=$(json "$TMP/n.json" '
e = [l for v in d["violations"] for l in v["context"]["events"] if "print:" in l]
print("ok %d" % len(e) if e and not any(l.endswith("\n") for l in e) else "newline")')
case $got in
ok*) ok "a marker's own newline: not in its event line (${got#ok } markers)" ;;
*) not_ok "a marker's own newline: not in its event line" "$got" ;;
esac
if make -s -p -q all 2> /dev/null | grep -q '^all:.* man'; then
	ok "make builds the man pages"
else
	not_ok "make builds the man pages" "$(make -s -p -q all 2>/dev/null | grep '^all:')"
fi

finish
