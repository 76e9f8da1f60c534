#!/bin/sh
# make bench, batch throughput (issue "Fleet and CI mode"): traces per
# second of one batch run over every bundled trace, copied COPIES times
# (default 8), with -j 1 and -j N (default: the CPUs), against one
# rvreplay run per trace one after the other, as a shell loop or a CI
# script without the batch mode would run them. The median of BENCH_RUNS
# runs (default 3). Figures, not a test: it fails only when it cannot run.
#
# usage: RVREPLAY=BIN sh bench/batch.sh
set -u
RVREPLAY=${RVREPLAY:-build/rvreplay}
RUNS=${BENCH_RUNS:-3}
COPIES=${BENCH_COPIES:-8}
JOBS=${BENCH_JOBS:-$(nproc)}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

mkdir -p "$TMP/traces"
for i in $(seq "$COPIES"); do
	for t in traces/*.dat; do
		cp "$t" "$TMP/traces/$i-$(basename "$t")"
	done
done
n=$(ls "$TMP"/traces/*.dat | wc -l)

# seconds CMD...: the median wall time of RUNS runs
seconds() {
	for r in $(seq "$RUNS"); do
		start=$(date +%s.%N)
		"$@" > /dev/null 2>&1
		[ $? -le 1 ] || { echo "bench: $* failed" >&2; exit 2; }
		end=$(date +%s.%N)
		echo "$start $end" | awk '{ printf "%.3f\n", $2 - $1 }'
	done | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

one_by_one() {
	for t in "$TMP"/traces/*.dat; do
		"$RVREPLAY" -q --jsonl "$TMP/one.jsonl" "$t" || [ $? -le 1 ] || return 2
	done
}

loop=$(seconds one_by_one)
j1=$(seconds "$RVREPLAY" -q -j 1 --jsonl "$TMP/b1.jsonl" "$TMP/traces")
jn=$(seconds "$RVREPLAY" -q -j "$JOBS" --jsonl "$TMP/bn.jsonl" "$TMP/traces")
echo "batch throughput: $n traces (the bundled ones x $COPIES), median of $RUNS runs"
awk -v n="$n" -v loop="$loop" -v j1="$j1" -v jn="$jn" -v jobs="$JOBS" 'BEGIN {
	printf "  %-34s %7.2f s %8.1f traces/s\n", "one rvreplay per trace, in a loop", loop, n / loop
	printf "  %-34s %7.2f s %8.1f traces/s  %5.2fx the loop\n", "one batch, -j 1", j1, n / j1, loop / j1
	printf "  %-34s %7.2f s %8.1f traces/s  %5.2fx the loop\n", "one batch, -j " jobs, jn, n / jn, loop / jn
}'
