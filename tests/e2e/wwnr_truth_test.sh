#!/bin/sh
# wwnr's verdicts proved against an independent reference: for every trace
# rvreplay -m wwnr accepts (the bundled ones, the module-referee traces,
# the foreign guests', the reader's test files with a buffer instance, and
# the regression inputs), the violations of
# --json (pid, ts_ns, the DA event atoms[0], and the state before from
# "da": {"state"} when the JSON has it) are exactly those
# tests/e2e/wwnr_reference.py finds in trace-cmd report -t -R, from the
# kernel's rules. Two empty sets prove nothing: the total must be above 0;
# and the comparison must be able to fail: each deliberate mistake of the
# reference (WWNR_REFERENCE_WRONG) must differ on a trace where the right
# reference agrees.
#
# usage: wwnr_truth_test.sh   (from the top of the tree; RVREPLAY names the binary)

. tests/e2e/lib.sh
REFERENCE=tests/e2e/wwnr_reference.py
MISTAKES="no-inference start-on-any rv-records-run"

command -v trace-cmd > /dev/null || skip_or_fail "wwnr against its reference" "no trace-cmd"
command -v python3 > /dev/null || skip_or_fail "wwnr against its reference" "no python3"

# replay_set TRACE: the replay's violations in $TMP/replay, one
# "PID TS_NS EVENT [STATE]" a line, sorted; exit status rvreplay's, 99
# when its JSON is not read
replay_set() {
	"$RVREPLAY" -m wwnr --json --max-violations 0 "$1" > "$TMP/json" 2> "$TMP/err"
	rc=$?
	[ $rc -le 1 ] || return $rc
	python3 - "$TMP/json" > "$TMP/replay" 2> "$TMP/err" <<'P' || return 99
import json, sys
d = json.load(open(sys.argv[1]))
if d["summary"]["violations_unlisted"]:
    sys.exit("violations left unlisted")
for v in d["violations"]:
    if v["monitor"] != "wwnr":
        continue
    da = v.get("da")
    state = [da["state"]] if isinstance(da, dict) and "state" in da else []
    print(v["pid"], v["ts_ns"], v["atoms"][0], *state)
P
	sort -o "$TMP/replay" "$TMP/replay"
	return $rc
}

# reference_set [MISTAKE]: the reference's violations of $TMP/report in
# $TMP/ref, as many columns as the replay's lines have (no state column
# while the JSON has no "da")
reference_set() {
	WWNR_REFERENCE_WRONG=${1:-} python3 "$REFERENCE" --report "$TMP/report" > "$TMP/ref.all" \
		2> "$TMP/ref.err" || return 1
	if awk 'NF == 4 { found = 1 } END { exit !found }' "$TMP/replay"; then
		sort "$TMP/ref.all" > "$TMP/ref"
	else
		awk '{ print $1, $2, $3 }' "$TMP/ref.all" | sort > "$TMP/ref"
	fi
}

# ---- the reference itself, on a report made by hand ----

# comms with spaces and dashes, a switch_in inferred from a sys_enter, a
# preemption (not a start), an rv record that does not show its task
# running, events lost (every task stops monitoring), a pid reused, and
# two records of another buffer instance (td-x) that do not show pid 14
# running in the top one
cat > "$TMP/report" <<'R'
cpus=2
     my task-1-7     [000]     1.000000001: sched_switch:          prev_comm=my task-1 prev_pid=7 prev_prio=120 prev_state=1 next_comm=swapper/0 next_pid=0 next_prio=120
          <idle>-0     [000]     1.000000002: sched_wakeup:          comm=my task-1 pid=7 prio=120 target_cpu=000
     my task-1-7     [001]     1.000000003: sys_enter:             id=1 args=ARRAY[00]
          <idle>-0     [000]     1.000000004: sched_wakeup:          comm=my task-1 pid=7 prio=120 target_cpu=001
     my task-1-7     [001]     1.000000005: sched_switch:          prev_comm=my task-1 prev_pid=7 prev_prio=120 prev_state=256 next_comm=kworker/0:1-ev next_pid=12 next_prio=120
          <idle>-0     [000]     1.000000006: sched_wakeup:          comm=my task-1 pid=7 prio=120 target_cpu=001
  kworker/0:1-ev-12    [001]     1.000000007: sched_switch:          prev_comm=kworker/0:1-ev prev_pid=12 prev_prio=120 prev_state=1 next_comm=swapper/1 next_pid=0 next_prio=120
  kworker/0:1-ev-12    [001]     1.000000008: event_wwnr:            comm=kworker/0:1-ev pid=12 state=not_running event=switch_out next_state=not_running final_state=1
          <idle>-0     [000]     1.000000009: sched_wakeup:          comm=kworker/0:1-ev pid=12 prio=120 target_cpu=001
            sh-9       [000]     1.000000010: sched_switch:          prev_comm=sh prev_pid=9 prev_prio=120 prev_state=1 next_comm=swapper/0 next_pid=0 next_prio=120
CPU:0 [3 EVENTS DROPPED]
            sh-9       [001]     1.000000011: sys_exit:              id=1 ret=0
          <idle>-0     [000]     1.000000012: sched_wakeup:          comm=sh pid=9 prio=120 target_cpu=001
            sh-11      [000]     1.000000013: sched_switch:          prev_comm=sh prev_pid=11 prev_prio=120 prev_state=1 next_comm=swapper/0 next_pid=0 next_prio=120
     my task-1-7     [001]     1.000000014: sched_process_fork:    parent_comm=my task-1 parent_pid=7 child_comm=my task-1 child_pid=11
            sh-11      [000]     1.000000015: sys_exit:              id=1 ret=0
          <idle>-0     [000]     1.000000016: sched_wakeup:          comm=sh pid=11 prio=120 target_cpu=001
            sh-14      [000]     1.000000017: sched_switch:          prev_comm=sh prev_pid=14 prev_prio=120 prev_state=1 next_comm=sh next_pid=15 next_prio=120
   td-x:             sh-14      [001]     1.000000018: sys_enter:             id=1 args=ARRAY[00]
   td-x: CPU:1 [EVENTS DROPPED]
            sh-14      [001]     1.000000019: sys_exit:              id=1 ret=0
          <idle>-0     [000]     1.000000020: sched_wakeup:          comm=sh pid=14 prio=120 target_cpu=001
R
for lost in reset ignore; do
	want="7 1000000004 wakeup running"
	[ $lost = ignore ] && want="$want
9 1000000012 wakeup running"
	got=$(python3 "$REFERENCE" --lost-events $lost --report "$TMP/report" 2>&1)
	if [ "$got" = "$want" ]; then
		ok "the reference on a report made by hand, --lost-events $lost"
	else
		not_ok "the reference on a report made by hand, --lost-events $lost" \
			"expected: $want" "got: $got"
	fi
done

# ---- the replay against the reference, trace by trace ----

total=0
agreed=0
states=0
compared=0
: > "$TMP/caught"
for t in traces/*.dat tests/kmod/traces/*.dat tests/compat/guests/traces/*.dat \
	 tests/data/tracedat/*.dat tests/regressions/*.dat; do
	replay_set "$t"
	rc=$?
	if [ $rc = 99 ]; then
		not_ok "wwnr $t: the JSON of rvreplay -m wwnr --json is not read" "$(head -3 "$TMP/err")"
		continue
	fi
	# a regression input may be refused; any other trace must be judged
	if [ $rc -gt 1 ]; then
		case $t in
		tests/regressions/*)
			echo "        $t: not judged (exit $rc): $(head -c 100 "$TMP/err")" ;;
		*)
			not_ok "wwnr $t: rvreplay -m wwnr exits $rc" "$(head -3 "$TMP/err")" ;;
		esac
		continue
	fi
	compared=$((compared + 1))
	if ! trace-cmd report -t -R -i "$t" > "$TMP/report" 2> /dev/null; then
		not_ok "wwnr $t: trace-cmd report -t -R fails"
		continue
	fi
	if ! reference_set; then
		not_ok "wwnr $t: the reference fails" "$(head -3 "$TMP/ref.err")"
		continue
	fi
	n=$(wc -l < "$TMP/replay")
	cols="pid, ts_ns, event"
	if awk 'NF == 4 { found = 1 } END { exit !found }' "$TMP/replay"; then
		cols="$cols, state"
		states=$((states + 1))
	fi
	if cmp -s "$TMP/replay" "$TMP/ref"; then
		ok "wwnr $t: $n violations, the replay's = the reference's ($cols)"
		total=$((total + n))
		agreed=$((agreed + 1))
	else
		not_ok "wwnr $t: replay $n violations, reference $(wc -l < "$TMP/ref") ($cols)" \
			"< replay only, > reference only:" \
			"$(diff "$TMP/replay" "$TMP/ref" | grep '^[<>]' | head -10 | sed '2,$s/^/        /')" \
			"$(head -2 "$TMP/ref.err")"
		continue
	fi
	# the comparison can fail: a wrong reference, where the right one
	# agrees, until each mistake has been caught once
	for m in $MISTAKES; do
		grep -q "^$m " "$TMP/caught" && continue
		reference_set "$m" && ! cmp -s "$TMP/replay" "$TMP/ref" && echo "$m $t" >> "$TMP/caught"
	done
done

if [ $total -gt 0 ]; then
	ok "wwnr: $total violations over the $agreed of $compared traces that agree, each one the reference's"
else
	not_ok "wwnr: no violation agreed over $compared traces: two empty sets prove nothing"
fi
[ $states -gt 0 ] || echo "        the state column not compared: the JSON has no \"da\": {\"state\"}"
for m in $MISTAKES; do
	first=$(sed -n "s/^$m //p" "$TMP/caught")
	if [ -n "$first" ]; then
		ok "WWNR_REFERENCE_WRONG=$m: the comparison fails (first on $first)"
	else
		not_ok "WWNR_REFERENCE_WRONG=$m: the comparison fails on no trace (it proves nothing of that rule)"
	fi
done
finish
