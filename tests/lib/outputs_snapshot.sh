#!/bin/sh
# Every output of every command and format over the committed traces,
# written to a folder: two snapshots (before and after a change that must
# not change behaviour, a move or a split) are compared with diff -r.
#
#   tests/lib/outputs_snapshot.sh BIN OUT      (from the top of the tree)
#   diff -r OUT.before OUT.after && echo byte-identical
#
# Paths are written as given (relative), so two checkouts compare. The exit
# code of each run is kept beside its output.
set -u
BIN=$1
OUT=$2
rm -rf "$OUT"
mkdir -p "$OUT"

# run NAME ARGS...: BIN ARGS, its stdout, stderr and exit code under NAME
run() {
	name=$1
	shift
	"$BIN" "$@" > "$OUT/$name.out" 2> "$OUT/$name.err"
	echo $? > "$OUT/$name.code"
}

for t in traces/*.dat tests/kmod/traces/*.dat tests/compat/guests/traces/*.dat; do
	n=$(echo "$t" | tr / _)
	run "$n.text" "$t"
	run "$n.all" --all --context 4 "$t"
	run "$n.summary" -s "$t"
	run "$n.stats" --stats "$t"
	run "$n.ns" --ts ns --sort latency "$t"
	run "$n.json" --json "$t"
	run "$n.html" -q --html "$OUT/$n.html" --chrome-trace "$OUT/$n.chrome.json" \
		--junit "$OUT/$n.junit.xml" --jsonl "$OUT/$n.jsonl" "$t"
	run "$n.check" check "$t"
	run "$n.diff" diff "$t"
	for m in sleep pagefault wakeup; do
		run "$n.$m" -m "$m" "$t"
	done
	for p in 6.17 7.1 7.3; do
		run "$n.profile-$p" -s --profile "$p" "$t"
	done
done
run list list
run batch -j 1 traces --jsonl "$OUT/batch.jsonl" --junit "$OUT/batch.junit.xml"
run compare compare "$OUT/batch.jsonl" "$OUT/batch.jsonl"
run compare-json compare --json "$OUT/traces_mutex-nonpi.dat.json.out" "$OUT/batch.jsonl"
# the outputs' own names hold $OUT: written relative to it
sed -i "s|$OUT/||g" "$OUT"/*.out "$OUT"/*.err 2> /dev/null
