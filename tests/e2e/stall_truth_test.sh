#!/bin/sh
# stall's verdicts against an independent reference: for every bundled
# trace, at HZ 1000 and 250 and thresholds short enough for these traces
# to break, the set of violations (pid, ts_ns, event, state) of
# `rvreplay -m stall --json` must be that of tests/e2e/stall_reference.py,
# which reads `trace-cmd report -t` and implements the kernel's automaton
# and handlers (stall.dot, stall.c, da_monitor.h, ha_monitor.h) and the
# inferences docs/semantics.md documents, without any of our C code; the
# total of coverage[].unsure_waits must be the reference's count.
# A wrong reference must be caught, and the totals must not be zero: an
# agreement on nothing proves nothing.
#
# usage: stall_truth_test.sh   (from the top of the tree; RVREPLAY names
#                               the binary)

. tests/e2e/lib.sh

REF=tests/e2e/stall_reference.py
TRACES="traces/*.dat tests/kmod/traces/*.dat tests/compat/guests/traces/*.dat"
RUNS="1000:1 1000:2 1000:3 1000:5 250:1 250:2 250:3 250:5"
# under the sanitizers (make check-san) what is checked is memory safety:
# two settings, not every one again
[ -n "${ASAN_OPTIONS:-}" ] && RUNS="1000:2 250:1"

# Violations the replay reports and the kernel would not, known and
# explained (the records are in the traces): TRACE PID TS_NS EVENT STATE,
# one per line; a known violation must still be reported (else: remove
# it here), and the unsure counts of its trace are not compared. None
# today: this test found 11 on the module-recorded traces, where the
# replay took a record of an event without a format (the module's,
# written inside sched_switch) for its task running again; it no longer
# does (docs/semantics.md section 10).
KNOWN=""

command -v trace-cmd > /dev/null || skip_or_fail "stall truth" "no trace-cmd"
command -v python3 > /dev/null || skip_or_fail "stall truth" "no python3"

# replay_runs TRACE: the replay's violations and unsure waits at each run
# of $RUNS, after a line "run HZ J" each (one Python for all: it starts
# slowly here)
replay_runs() {
	files=
	for run in $RUNS; do
		out=$TMP/replay.${run%:*}.${run#*:}.json
		"$RVREPLAY" -m stall --hz "${run%:*}" --param "stall.threshold_jiffies=${run#*:}" \
			--json "$1" > "$out" 2> "$TMP/replay.err"
		rc=$?
		if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
			echo "rvreplay exit $rc: $(head -c 300 "$TMP/replay.err")"
			return
		fi
		files="$files $run=$out"
	done
	# shellcheck disable=SC2086
	python3 -c '
import json, sys
for arg in sys.argv[1:]:
    run, path = arg.split("=", 1)
    print("run", *run.split(":"))
    d = json.load(open(path))
    for v in d["violations"]:
        if v["monitor"] == "stall":
            print(v["pid"], v["ts_ns"], v["da"]["event"], v["da"]["state"])
    print("unsure", sum(c.get("unsure_waits", 0) for c in d["coverage"]
                        if c["monitor"] == "stall"))
' $files
}

# ref_runs: the reference's, on the trace's text in $TMP, in the same form
ref_runs() {
	python3 "$REF" --runs "$(echo "$RUNS" | tr ' ' ,)" "$TMP/report.txt" "$TMP/events.txt" ||
		echo "reference failed"
}

# block FILE HZ J: one run's lines, the violations sorted, "unsure N" last
block() {
	awk -v h="$2" -v j="$3" '$1 == "run" { on = ($2 == h && $3 == j); next } on' "$1" \
		> "$TMP/block"
	grep -v '^unsure ' "$TMP/block" | sort -k1,1n -k2,2n
	grep '^unsure ' "$TMP/block"
}

# compare NAME HZ J: one run of both sides, less the known violations
# (which must be in the replay's); adds to $mismatch and the counts
compare() {
	name=$1
	block "$TMP/replay.out" "$2" "$3" > "$TMP/a.all"
	block "$TMP/ref.out" "$2" "$3" > "$TMP/b"
	known=$(echo "$KNOWN" | awk -v t="$name" '$1 == t { $1 = ""; sub(/^ /, ""); print }')
	if [ -n "$known" ]; then
		echo "$known" > "$TMP/known"
		missing=$(grep -vxFf "$TMP/a.all" "$TMP/known")
		[ -z "$missing" ] ||
			mismatch="$mismatch; known violation no longer reported (remove it from KNOWN): $missing"
		grep -vxFf "$TMP/known" "$TMP/a.all" | grep -v '^unsure ' > "$TMP/a"
		grep -v '^unsure ' "$TMP/b" > "$TMP/b.cmp"
		mv "$TMP/b.cmp" "$TMP/b"
		nknown=$((nknown + $(wc -l < "$TMP/known")))
	else
		cp "$TMP/a.all" "$TMP/a"
	fi
	if ! cmp -s "$TMP/a" "$TMP/b"; then
		mismatch="$mismatch; HZ $2 threshold $3: $(diff "$TMP/a" "$TMP/b" | grep '^[<>]' |
			sed 's/^</replay:/; s/^>/reference:/' | head -6 | tr '\n' ' ')"
	fi
	nrep=$((nrep + $(grep -vc '^unsure ' "$TMP/a.all")))
	nref=$((nref + $(grep -vc '^unsure ' "$TMP/b")))
	nuns=$((nuns + $(sed -n 's/^unsure //p' "$TMP/a.all")))
}

# texts TRACE: trace-cmd's reading of it, for the reference
texts() {
	trace-cmd report -t "$1" > "$TMP/report.txt" 2> /dev/null
	trace-cmd report --events "$1" > "$TMP/events.txt" 2> /dev/null
}

total_v=0
total_u=0
for trace in $TRACES; do
	name=$(basename "$trace")
	texts "$trace"
	replay_runs "$trace" > "$TMP/replay.out"
	ref_runs > "$TMP/ref.out"
	mismatch=
	nrep=0 nref=0 nuns=0 nknown=0
	for run in $RUNS; do
		compare "$name" "${run%:*}" "${run#*:}"
	done
	total_v=$((total_v + nrep))
	total_u=$((total_u + nuns))
	counts="$nrep violations (reference: $nref), $nuns unsure waits over ${RUNS}"
	[ "$nknown" = 0 ] || counts="$counts ($nknown known replay-only)"
	if [ -z "$mismatch" ]; then
		ok "stall $name: $counts"
	else
		not_ok "stall $name: replay and reference differ ($counts)" "${mismatch#; }"
	fi
done

if [ "$total_v" -gt 0 ] && [ "$total_u" -gt 0 ]; then
	ok "stall totals: $total_v violations, $total_u unsure waits compared"
else
	not_ok "stall totals: $total_v violations, $total_u unsure waits: nothing compared"
fi

# A reference broken on purpose must disagree somewhere: the test can fail.
RUNS="1000:2"
for wrong in no-unsure running-as-wait; do
	caught=
	for trace in traces/futex-wake.dat traces/cond-signal.dat \
		     tests/compat/guests/traces/arm64-cyclictest-rel.dat; do
		texts "$trace"
		replay_runs "$trace" > "$TMP/replay.out"
		export STALL_REF_WRONG="$wrong"
		ref_runs > "$TMP/ref.out"
		unset STALL_REF_WRONG
		cmp -s "$TMP/replay.out" "$TMP/ref.out" || caught="$caught $(basename "$trace")"
	done
	if [ -n "$caught" ]; then
		ok "a reference with $wrong is caught:$caught"
	else
		not_ok "a reference with $wrong agrees with the replay: the comparison proves nothing"
	fi
done

finish
