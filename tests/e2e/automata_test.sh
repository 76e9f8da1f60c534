#!/bin/sh
# wwnr and stall as a user meets them: the options (--hz, --param) and
# their one-line errors, what a stall verdict says in text and JSON and
# that each number is the records' (trace-cmd report -t), the end of the
# trace and of a CPU's records (a full buffer), the parameters line, and a trace recorded here replayed with the
# HZ it says (needs root and tracefs: a skip, a failure under CI=true).
#
# usage: automata_test.sh VERDICT_CHECK WORKLOAD_DIR   (from the top of the tree)

. tests/e2e/lib.sh
T=traces/cond-signal.dat

check_error "stall without --hz" "-m stall $T" "stall counts jiffies: give the traced kernel's HZ"
check_error "--hz 0" "-m stall --hz 0 $T" "bad --hz '0'"
check_error "--param not of the form" "-m stall --hz 250 --param x $T" "bad --param 'x' \\(MONITOR.NAME=VALUE"
check_error "--param of a monitor not replayed" \
	"-m wwnr --param stall.threshold_jiffies=5 $T" "monitor stall is not replayed"
check_error "--param no monitor has" "-m stall --hz 250 --param stall.foo=5 $T" \
	"monitor stall has no parameter 'foo' \\(it has threshold_jiffies\\)"
check "stall and wwnr judge a trace of any profile" "-m stall -m wwnr --hz 250 $T" 1 \
	"^monitors: wwnr stall \\(profile 6.17"
check "the parameters line" "-m stall --hz 250 $T" 0 \
	"^parameters: stall threshold_jiffies=1000 \\(4000.000 ms at HZ 250\\)$"

# 3 jiffies at HZ 1000: pid 7275, woken at 4986.015018, run at 4986.018197
"$RVREPLAY" -m stall --hz 1000 --param stall.threshold_jiffies=3 --all --ts ns "$T" > "$TMP/text"
"$RVREPLAY" -m stall --hz 1000 --param stall.threshold_jiffies=3 --json "$T" > "$TMP/json"
trace-cmd report -t -i "$T" 2>/dev/null > "$TMP/report"
if python3 - "$TMP/json" "$TMP/report" > "$TMP/why" 2>&1 <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
report = open(sys.argv[2]).read().splitlines()
(v,) = d["violations"]
c = v["da"]["clock"]
assert v["reason"] == "constraint" and v["da"]["state"] == "enqueued", v
assert v["da"]["event"] == "sched_switch_in" and not v["da"]["at_end"], v["da"]
assert (c["bound"], c["unit"], c["hz"], c["bound_ns"]) == (3, "jiffies", 1000, 3000000), c
assert c["value_ns"] == v["ts_ns"] - c["reset_ts_ns"] >= c["bound_ns"], c
assert d["parameters"] == {"stall": {"threshold_jiffies": 3}} and d["hz"] == 1000
def line(ts):
    t = "%d.%09d:" % (ts // 10**9, ts % 10**9)
    return [l for l in report if t in l]
reset, run = line(c["reset_ts_ns"]), line(v["ts_ns"])
assert any("sched_wakeup:" in l and "7275" in l for l in reset), reset
assert any("sched_switch:" in l and "==> cond_signal:7275" in l for l in run), run
PY
then
	ok "a stall verdict's clock is the records' (trace-cmd report -t)"
else
	not_ok "a stall verdict's clock is the records' (trace-cmd report -t)" "$(cat "$TMP/why")"
fi
if grep -q "state:  enqueued since 4986.015017695, when clk was reset: 3179.2 us, bound 3000.0 us" \
	"$TMP/text" && grep -q "held:   CPU 0, the 3179.2 us from the clock's reset to its run: idle" \
	"$TMP/text"; then
	ok "its text: the wait, the bound, who held the CPU"
else
	not_ok "its text: the wait, the bound, who held the CPU" "$(head -12 "$TMP/text")"
fi

# a threshold no wait reaches: nothing; one tick lower than a wait: unsure, never a violation
check "a bound no wait reaches" "-m stall --hz 250 -q $T" 0 ""
"$RVREPLAY" -m stall --hz 1000 --param stall.threshold_jiffies=4 --json "$T" > "$TMP/json4"
if python3 -c "
import json, sys
d = json.load(open('$TMP/json4'))
assert not d['violations'], d['violations']
assert sum(c['unsure_waits'] for c in d['coverage']) >= 1
" 2> "$TMP/why"; then
	ok "a wait within a jiffy of the bound: unsure, counted, no violation"
else
	not_ok "a wait within a jiffy of the bound: unsure, counted, no violation" "$(cat "$TMP/why")"
fi

# still waiting past the bound when the trace ends: the kernel's timer
END=tests/kmod/traces/riscv64-cond_signal-lower.dat
check "a wait past the bound at the trace's end" \
	"-m stall --hz 1000 --param stall.threshold_jiffies=2 --all --pid 15 $END" 1 \
	"why:    at the end of the trace, still in the state enqueued 22.126 ms after"
check "its task's last record, none kept with --context 0" \
	"-m stall --hz 1000 --param stall.threshold_jiffies=2 --all --context 0 --pid 15 $END" 1 \
	"last:    \(no record of it kept: --context 0\)"

# A CPU whose records end early (a full buffer in no-overwrite mode: its
# newest events dropped, its statistics say so): what became of the tasks
# it ran or queued after its last record is not in the trace. CPU 0 of
# futex-wake.dat cut at 30%: tasks woken to it after its end were "still
# enqueued" at the trace's end (5 verdicts, none true); they are not
# judged past CPU 0's records, each said in the coverage with the time of
# CPU 0's last record as trace-cmd report -t shows it.
CUT=$TMP/cpu0-ends.dat
if last=$(python3 tests/lib/cpu_ends.py traces/futex-wake.dat "$CUT" 0 0.3 500 2> "$TMP/why"); then
	"$RVREPLAY" -m stall --hz 1000 --param stall.threshold_jiffies=1 --json "$CUT" \
		> "$TMP/cut.json" 2> /dev/null
	"$RVREPLAY" -m stall --hz 1000 --param stall.threshold_jiffies=1 "$CUT" > "$TMP/cut.text" 2>&1
	seen=$(trace-cmd report -t --cpu 0 "$CUT" 2> /dev/null | tail -1 | record_time)
	us=$(echo "$seen" | awk '{ printf "%.6f", $1 }')
	if python3 - "$TMP/cut.json" "$last" > "$TMP/why" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
last = int(sys.argv[2])
late = [v for v in d['violations'] if v['da'] and v['da']['at_end'] and v['ts_ns'] > last]
assert not late, 'judged past CPU 0\'s end: pids %s' % [v['pid'] for v in late]
cut = [c for c in d['coverage'] if c.get('cut_off_ns')]
assert len(cut) == 5, 'not judged there: %d' % len(cut)
assert all(c['cut_off_ns'] == last and c['cut_off_cpu'] == 0 for c in cut), cut
PY
	then
		ok "past a CPU's early end nothing judged: 5 tasks not judged there, none enqueued to the end"
	else
		not_ok "past a CPU's early end nothing judged" "$(cat "$TMP/why")"
	fi
	n=$(grep -c "its clocks at the end not judged: CPU 0's records end at $us (the trace holds none of its later events)" "$TMP/cut.text")
	if [ "$seen" ] && [ "$n" = 5 ] && grep -q "CPU 0: 500 events dropped.*its records end at $us)" "$TMP/cut.text" &&
	   ! grep -q "at the end of the trace" "$TMP/cut.text"; then
		ok "its words: CPU 0's records end at $us (trace-cmd report -t: $seen), 5 tasks"
	else
		not_ok "its words: CPU 0's records end at its last record" "trace-cmd: $seen, $n lines" \
			"$(grep -E "end|dropped" "$TMP/cut.text" | head -8)"
	fi
else
	not_ok "a trace whose CPU 0 ends early" "$(cat "$TMP/why")"
fi

# recorded here: the trace says its kernel's HZ
if [ "$(id -u)" != 0 ] || ! grep -qw tracefs /proc/filesystems; then
	skip "a recorded trace says its HZ" "needs root and tracefs"
elif "$RVREPLAY" record -q -m stall -o "$TMP/rec.dat" -- sleep 0.2 2> "$TMP/rec.err"; then
	hz=$( (zcat /proc/config.gz 2>/dev/null || cat "/boot/config-$(uname -r)" 2>/dev/null) |
		sed -n 's/^CONFIG_HZ=//p')
	if [ -z "$hz" ]; then
		check "a recorded trace without HZ asks for it" "-m stall $TMP/rec.dat" 2 "--hz N"
	else
		check "a recorded trace says its HZ ($hz)" "-m stall $TMP/rec.dat" 0 \
			"at HZ $hz, as the trace says"
		check "--hz wins over the trace" "-m stall --hz 100 $TMP/rec.dat" 0 "at HZ 100\\)"
	fi
else
	not_ok "record -m stall" "$(cat "$TMP/rec.err")"
fi
finish
