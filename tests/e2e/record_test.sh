#!/bin/sh
# rvreplay record, live: each workload of tests/workloads recorded and
# replayed, its roles' verdicts checked; cyclictest as an outside workload;
# and the machine left as found (tracefs state compared before and after,
# as far as it is this script's: lib.sh's remember_state), on success,
# errors and signals. Needs root and tracefs; elsewhere it says why it
# skips. Run from the top of the tree.
#
# usage: record_test.sh VERDICT_CHECK WORKLOAD_DIR

. tests/e2e/lib.sh
VERDICT_CHECK=$1
W=$2
T=/sys/kernel/tracing

need_tracefs "record tests"


remember_state

# record_and_check DESC VERDICT_CHECK_ARGS -- COMMAND...
record_and_check() {
	desc=$1
	shift
	checks=
	while [ "$1" != "--" ]; do
		checks="$checks $1"
		shift
	done
	shift
	rm -f "$TMP/w.dat"
	if ! "$RVREPLAY" record -q --no-kallsyms -o "$TMP/w.dat" -- "$@" > "$TMP/rec.out" 2>&1; then
		not_ok "$desc" "record failed: $(cat "$TMP/rec.out")"
		return
	fi
	if ! trace-cmd report "$TMP/w.dat" > "$TMP/report.txt" 2>/dev/null; then
		not_ok "$desc" "trace-cmd report cannot read the recording"
		return
	fi
	grep 'rvreplay-role:' "$TMP/report.txt" > "$TMP/roles"
	"$RVREPLAY" --json "$TMP/w.dat" > "$TMP/w.json" 2> "$TMP/err"
	if [ $? -gt 1 ]; then
		not_ok "$desc" "replay failed: $(cat "$TMP/err")"
	# shellcheck disable=SC2086
	elif ! "$VERDICT_CHECK" "$TMP/w.json" --roles "$TMP/roles" $checks > "$TMP/check"; then
		not_ok "$desc" "$(cat "$TMP/check")"
	elif ! grep -q 'rvreplay-task: pid=' "$TMP/report.txt"; then
		not_ok "$desc" "no task metadata in the recording"
	else
		ok "$desc ($(wc -l < "$TMP/roles") roles)"
	fi
}

for clock in monotonic tai realtime boottime; do
	for mode in abs rel; do
		record_and_check "clock_nanosleep $clock $mode" -- "$W/clock_nanosleep" $clock $mode
	done
done
for v in nanosleep usleep raw; do
	record_and_check "nanosleep $v" -- "$W/nanosleep" $v
done
for v in higher equal lower other; do
	record_and_check "futex woken by $v" -- "$W/futex_wake" $v
done
for v in pi nonpi; do
	record_and_check "mutex $v" -- "$W/mutex_inversion" $v
done
for v in higher equal lower; do
	record_and_check "condition variable, $v signaller" -- "$W/cond_signal" $v
done
for v in poll epoll read timerfd; do
	record_and_check "blocking in $v" -- "$W/blocking_io" $v
done
for v in nomlock mlock; do
	record_and_check "page faults, $v" -- "$W/pagefault" $v
done
same_state "workloads"

if command -v cyclictest > /dev/null; then
	CT="cyclictest -m -p 80 -t 2 -i 1000 -l 100 -q"
	record_and_check "cyclictest (absolute CLOCK_MONOTONIC)" --comm cyclictest sleep ok -- $CT
	record_and_check "cyclictest -r (relative)" --comm cyclictest sleep bad -- $CT -r
	record_and_check "cyclictest --clock=1 (CLOCK_REALTIME)" --comm cyclictest sleep bad -- $CT --clock=1
	same_state "cyclictest"
else
	skip "cyclictest" "not installed (Debian package rt-tests)"
fi

# A run far longer than the ring buffer: streaming keeps everything.
if command -v cyclictest > /dev/null; then
	rm -f "$TMP/long.dat"
	"$RVREPLAY" record -b 1024 --no-kallsyms -o "$TMP/long.dat" -- \
		cyclictest -m -p 80 -t 2 -i 100 -l 40000 -q > "$TMP/rec.out" 2>&1
	size=$(wc -c < "$TMP/long.dat" 2>/dev/null || echo 0)
	buffers=$((1024 * 1024 * $(nproc)))
	if grep -q "lost events: none" "$TMP/rec.out" && [ "$size" -gt $((4 * buffers)) ]; then
		ok "a run $((size / buffers))x longer than the ring buffers loses nothing ($size bytes)"
	else
		not_ok "a run longer than the ring buffer" "$(cat "$TMP/rec.out")" "size $size"
	fi
else
	skip "a run longer than the ring buffer" "no cyclictest (Debian package rt-tests)"
fi

# A reader left behind (a ring buffer of two pages per CPU under a burst of
# system calls): every gap is where trace-cmd report says, with its count,
# each told once (the per-CPU overrun is what the pages told, not more).
rm -f "$TMP/behind.dat"
"$RVREPLAY" record -b 8 --no-kallsyms -o "$TMP/behind.dat" -- \
	dd if=/dev/zero of=/dev/null bs=1 count=100000 > "$TMP/rec.out" 2>&1
"$RVREPLAY" --json "$TMP/behind.dat" > "$TMP/behind.json" 2> /dev/null
trace-cmd report -t "$TMP/behind.dat" > "$TMP/behind.txt" 2> /dev/null
got=$(python3 - "$TMP/behind.json" "$TMP/behind.txt" <<'PY'
import json, re, sys
ours = sorted((g["cpu"], g["ts_ns"], g["count"], g["where"])
              for g in json.load(open(sys.argv[1]))["lost_events"])
theirs, pending = [], {}
for line in open(sys.argv[2], errors="replace"):
    # "[EVENTS DROPPED]" alone: a gap whose count the page could not hold
    m = re.match(r"CPU:(\d+) \[(?:(\d+) )?EVENTS DROPPED\]", line)
    if m:
        pending[int(m.group(1))] = int(m.group(2)) if m.group(2) else None
        continue
    m = re.search(r"\[(\d+)\]\s+(\d+)\.(\d{9}):", line)
    if m and int(m.group(1)) in pending:
        cpu = int(m.group(1))
        theirs.append((cpu, int(m.group(2)) * 10**9 + int(m.group(3)), pending.pop(cpu)))
theirs.sort()
if not theirs:
    print("trace-cmd report shows no dropped events: the reader never fell behind")
elif [o[:3] for o in ours] != theirs:
    a, b = set(o[:3] for o in ours), set(theirs)
    print("ours only", sorted(a - b, key=str)[:5], "trace-cmd only", sorted(b - a, key=str)[:5])
elif any(o[3] not in ("mid", "start") for o in ours):
    print("a gap told without its place:", [o for o in ours if o[3] not in ("mid", "start")][:3])
else:
    print("ok %d gaps, %d events" % (len(ours), sum(o[2] or 0 for o in ours)))
PY
)
case $got in
ok*) ok "a reader left behind: every gap in its place, as trace-cmd report (${got#ok })" ;;
*) not_ok "a reader left behind: every gap in its place, as trace-cmd report" "$got" \
	"$(cat "$TMP/rec.out")" ;;
esac

# Errors: one line, exit 2, no output file, tracefs as before.
check_error "command not found"	"record -o $TMP/nf.dat -- /nonexistent/cmd" \
	"^rvreplay: $TMP/nf.dat: /nonexistent/cmd: command not found$"
check_error "output folder missing" "record -o $TMP/none/x.dat -- true" \
	"^rvreplay: $TMP/none/x.dat: cannot write next to it: No such file or directory$"
check "output is a device: written into it"	"record -o /dev/null -- true" 0 "^rvreplay: /dev/null: [0-9]+ CPUs"
if [ -c /dev/null ]; then
	ok "output is a device: still the device"
else
	not_ok "output is a device: still the device" "$(ls -l /dev/null)"
fi
check_error "unknown monitor"	"record -m nope -- true" "no monitor 'nope' in profile"
if ls "$TMP"/nf.dat* "$TMP"/none > /dev/null 2>&1; then
	not_ok "no output after errors"
else
	ok "no output after errors"
fi
same_state "errors"

# The command crashing: the trace is still written.
check "command crashing"	"record -o $TMP/crash.dat -- sh -c 'kill -SEGV \$\$'" 0 \
	"sh was killed by signal 11"
[ -s "$TMP/crash.dat" ] && ok "trace written after the crash" || not_ok "trace written after the crash"

# Signals: SIGINT stops and writes, SIGTERM aborts and writes nothing.
for sig in INT TERM; do
	rm -f "$TMP/sig.dat"
	"$RVREPLAY" record -o "$TMP/sig.dat" > "$TMP/sig.out" 2>&1 &
	pid=$!
	wait_tracing $pid
	kill -$sig $pid
	wait $pid
	code=$?
	if [ $sig = INT ] && [ $code = 0 ] && "$RVREPLAY" -q "$TMP/sig.dat"; [ $sig = INT ] &&
	   [ -s "$TMP/sig.dat" ]; then
		ok "SIGINT: stops and writes the trace"
	elif [ $sig = TERM ] && [ $code = 2 ] && [ ! -e "$TMP/sig.dat" ] &&
	     grep -q "no trace written" "$TMP/sig.out"; then
		ok "SIGTERM: aborts, no trace"
	else
		not_ok "SIG$sig" "exit $code" "$(cat "$TMP/sig.out")"
	fi
	if ls "$TMP"/sig.dat.rvreplay-* > /dev/null 2>&1; then
		not_ok "SIG$sig: work folder left behind"
	fi
	same_state "SIG$sig"
done

if command -v setpriv > /dev/null; then
	# the binary itself: RVREPLAY is remember_state's wrapper, in a folder of root's
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$BIN" record -o /tmp/x.dat \
		-- true > "$TMP/out" 2> "$TMP/err"
	if [ $? = 2 ] && grep -q "needs root" "$TMP/err"; then
		ok "not root"
	else
		not_ok "not root" "$(cat "$TMP/err")"
	fi
else
	skip "not root" "no setpriv (util-linux) to drop privileges"
fi
same_state "the end"
finish
