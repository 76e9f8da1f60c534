#!/bin/sh
# Under ASan+UBSan, once over every bundled trace: every monitor, every
# output writer and every command, so that the sanitizers see each code
# path the e2e scripts check on well-formed traces (make check's san part
# runs the full scripts only where input is hostile or varied:
# E2E_SAN_SCRIPTS). What the output says is the e2e scripts' to check;
# here a run must end with its documented exit code, no sanitizer report
# (guard_rvreplay: 86 ASan, 87 UBSan), no leak, and its files written.
# Run from the top of the tree: outputs_test.sh VERDICT_CHECK WORKLOAD_DIR

. tests/e2e/lib.sh
W=$2

guard_rvreplay

# runs DESC WANT ARGS...: the exit code one of WANT ("0 1"), else a failure
runs() {
	desc=$1 want=$2
	shift 2
	"$RVREPLAY" "$@" > "$TMP/out" 2> "$TMP/err"
	got=$?
	case " $want " in
	*" $got "*) ok "$desc (exit $got)" ;;
	*) not_ok "$desc: exit $got, expected one of $want" "$(tail -c 1500 "$TMP/err")" ;;
	esac
}

# written DESC FILE...: each file written and not empty
written() {
	desc=$1
	shift
	for f in "$@"; do
		[ -s "$f" ] || { not_ok "$desc: $f not written"; return; }
	done
	ok "$desc: every file written"
}

for t in traces/*.dat tests/kmod/traces/*.dat tests/rules/traces/*.dat; do
	n=$(basename "$t" .dat)
	o=$TMP/$n
	runs "$n: every monitor, every output" "0 1 2" -m rtapp -m wwnr -m stall -m wip \
		--stats --all --context 4 --html "$o.html" --chrome-trace "$o.chrome.json" \
		--perfetto "$o.pftrace" --junit "$o.xml" --jsonl "$o.jsonl" -o "$o.txt" "$t"
	[ "$got" = 2 ] || written "$n" "$o.html" "$o.chrome.json" "$o.pftrace" "$o.xml" \
		"$o.jsonl" "$o.txt"
	runs "$n: --json, sorted by latency" "0 1 2" --json --sort latency -m rtapp -m wwnr "$t"
	runs "$n: check" "0 1 2" check "$t"
done

# the commands and options of their own, each once
runs "list" "0" list
runs "a folder of traces, 2 jobs" "1 2" -j 2 --junit "$TMP/batch.xml" -o "$TMP/batch" traces
runs "--baseline" "0 1" --json -o "$TMP/base.json" traces/mutex-nonpi.dat
runs "--baseline of itself" "0" --baseline "$TMP/base.json" traces/mutex-nonpi.dat
runs "another run" "0 1" --json -o "$TMP/other.json" traces/mutex-pi.dat
runs "compare" "0 1" compare "$TMP/base.json" "$TMP/other.json"
runs "diff" "0 1" diff tests/kmod/traces/x86_64-futex_wake-lower-rv.dat
runs "diff --states" "0 1" diff --states -m wip -m wwnr tests/kmod/traces/x86_64-kernel-wip.dat
for r in examples/specs/*.ltl examples/specs/*.dot; do
	runs "rule $(basename "$r") on mutex-nonpi" "0 1 2" --spec "$r" traces/mutex-nonpi.dat
	runs "rule $(basename "$r") exported" "0 2" spec export "$r" --kernel "$TMP/kernel-$(basename "$r")"
done
runs "rule rt-not-moved on moved.dat" "0 1" --spec examples/specs/rt-not-moved.ltl \
	tests/rules/traces/moved.dat

# The recorder and the watcher, where root and tracefs allow.
if [ "$(id -u)" = 0 ] && grep -qw tracefs /proc/filesystems; then
	runs "record a workload" "0" record -q --no-kallsyms -o "$TMP/rec.dat" -- \
		"$W/nanosleep" nanosleep
	runs "its replay" "0 1" --html "$TMP/rec.html" "$TMP/rec.dat"
	runs "watch a workload" "0 1" watch -q -- "$W/nanosleep" nanosleep
else
	skip "record and watch under the sanitizers" "needs root and tracefs"
fi
finish
