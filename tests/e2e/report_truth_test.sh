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
   grep -q "^  CPU 0: 178 events overwritten before the first record (16.379424)$" "$TMP/lost" &&
   grep -q "^  CPU 1: 174 events overwritten before the first record (16.368152)$" "$TMP/lost"; then
	ok "an overrun at a CPU's start: listed once, at that CPU's first record"
else
	not_ok "an overrun at a CPU's start: listed once, at that CPU's first record" "$(cat "$TMP/lost")"
fi
"$RVREPLAY" --json $L > "$TMP/l.json" 2> /dev/null
got=$(json "$TMP/l.json" 'g = d["lost_events"]
print("ok" if len(g) == 2 and all(x["where"] == "start" for x in g) else g)')
[ "$got" = ok ] && ok "JSON lost_events: one start gap per CPU" || not_ok "JSON lost_events: one start gap per CPU" "$got"

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
