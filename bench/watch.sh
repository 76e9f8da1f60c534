#!/bin/sh
# bench/watch.sh: what rvreplay watch costs (issue 31), beside rvreplay
# record, on this machine. A benchmark, not a test: it prints figures.
#   1. the highest event rate each sustains with no event lost (bench/rate.c
#      doubling its rate of system calls, 2 records each, for 3 s);
#   2. the watcher's CPU time per million events (its own, not the command's);
#   3. how long after a violation watch tells it: bench/fault_at prints the
#      CLOCK_MONOTONIC time right after each page fault it raises, and each
#      "pagefault violation" line is stamped as it arrives; quiet, and
#      under BENCH_BG_RATE background calls a second (the issue's goal:
#      100 ms at most);
#   4. cyclictest's latency (max and 99th percentile, -m -p 80 -i 200) with no
#      tracing, under record and under watch, the same background rate, as
#      ratios to no tracing.
# Needs root, tracefs and cyclictest (rt-tests). Variables: RVREPLAY, RATE
# (bench/rate.c built), BENCH_CT_SECONDS (default 10), BENCH_BG_RATE
# (background calls a second during cyclictest, default 50000).
set -u
. bench/lib.sh
RVREPLAY=${RVREPLAY:-build/rvreplay}
RATE=${RATE:-build/bench/rate}
FAULT_AT=${FAULT_AT:-build/bench/fault_at}
CT_S=${BENCH_CT_SECONDS:-10}
BG=${BENCH_BG_RATE:-50000}
RUNS=3
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

[ "$(id -u)" = 0 ] || die "watch bench: needs root"
command -v cyclictest > /dev/null || die "watch bench: needs cyclictest (rt-tests)"
[ -x "$RATE" ] || die "watch bench: no $RATE (make $RATE)"

# lost RUN RATE: events lost by "record" or "watch" at RATE calls a second for 3 s
lost_at() {
	if [ "$1" = record ]; then
		"$RVREPLAY" record -m rtapp --no-kallsyms -o "$W/r.dat" -- \
			sh -c "$RATE $2 3 > $W/reached" > /dev/null 2> "$W/r.err"
		"$RVREPLAY" --json "$W/r.dat" > "$W/r.json" 2> /dev/null
	else
		"$RVREPLAY" watch --json -o "$W/r.json" -- sh -c "$RATE $2 3 > $W/reached" \
			> /dev/null 2> "$W/r.err"
	fi
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
lost = sum(g["count"] if g["count"] is not None else 1 for g in d["lost_events"])
print(lost, d["trace"]["events"])' "$W/r.json" 2> /dev/null | tr '\n' ' ' || echo "error -"
	cat "$W/reached" 2> /dev/null || echo 0
}

describe
echo
echo "1. the highest event rate with none lost, bench/rate doubling its system calls from 25000/s, 3 s each:"
for run in record watch; do
	best=0 rate=25000 reached=0 events=0
	while [ "$rate" -le 3200000 ]; do
		set -- $(lost_at "$run" "$rate")
		[ "$1" = 0 ] || break
		best=$rate reached=$3 events=$2
		rate=$((rate * 2))
	done
	echo "   $run: $((events / 3)) events/s without a loss (asked $best calls/s, reached" \
		"$reached); asked $rate: ${1} lost of ${2} events"
	eval "best_$run=$best"
done

echo
echo "2. the watcher's CPU per million events (its own; the command's apart):"
for rate in 100000 400000; do
	"$RVREPLAY" watch --json -o "$W/c.json" -- "$RATE" "$rate" 3 > /dev/null 2> "$W/c.err"
	cpu=$(sed -n 's/.*the watcher used \([0-9.]*\) s of CPU.*/\1/p' "$W/c.err")
	events=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["trace"]["events"])' \
		"$W/c.json" 2> /dev/null)
	awk -v c="${cpu:-0}" -v e="${events:-0}" -v r="$rate" 'BEGIN {
		printf "   at %d calls/s: %d events, %.2f s of CPU: %.2f s per million\n",
			r, e, c, e ? c * 1e6 / e : 0 }'
done

# p99 and max of a cyclictest -h histogram (microseconds)
latency() {
	awk '/^[0-9]+ / { us = $1 + 0; for (i = 2; i <= NF; i++) n[us] += $i; total += 0 }
	     /^# Max Latencies:/ { max = 0; for (i = 4; i <= NF; i++) if ($i + 0 > max) max = $i + 0 }
	     END { for (u in n) total += n[u]; acc = 0
		   for (u = 0; u <= 100000; u++) { acc += n[u]; if (acc >= 0.99 * total) { p99 = u; break } }
		   printf "%d %d\n", p99, max }' "$1"
}

echo
echo "3. from a violation to its line (fault_at: 10 faults a second apart):"
for load in quiet loaded; do
	[ "$load" = loaded ] && { "$RATE" "$BG" 13 > /dev/null & bg=$!; }
	"$RVREPLAY" watch -m pagefault -- sh -c "$FAULT_AT 10 > $W/at" 2>&1 > /dev/null |
		python3 -c '
import sys, time
for line in sys.stdin:
    if "pagefault violation: fault_at" in line:
        print("%.6f" % time.monotonic(), flush=True)' > "$W/told"
	[ "$load" = loaded ] && wait "$bg"
	paste "$W/at" "$W/told" | awk -v l="$load" '{ d = ($2 - $1) * 1000; n++; s += d
		if (d > max) max = d } END { if (!n) { print "   " l ": no line"; exit }
		printf "   %s: %d violations, mean %.1f ms, max %.1f ms\n", l, n, s / n, max }'
done

CT="cyclictest -m -p 80 -i 200 -t 2 -D $CT_S -q -h 4000"
echo
echo "4. cyclictest ($CT, $BG background calls/s), three runs each, interleaved:"
for i in 1 2 3; do
	for how in none record watch; do
		"$RATE" "$BG" $((CT_S + 2)) > /dev/null &
		bg=$!
		case $how in
		none) $CT > "$W/ct.$how.$i" 2>&1 ;;
		record) "$RVREPLAY" record --no-kallsyms -o "$W/ct.dat" -- $CT > "$W/ct.$how.$i" 2>&1 ;;
		watch) "$RVREPLAY" watch -q -- $CT > "$W/ct.$how.$i" 2> /dev/null ;;
		esac
		wait "$bg"
		echo "$how $(latency "$W/ct.$how.$i")" >> "$W/ct"
	done
done
for how in none record watch; do
	p99=$(awk -v h="$how" '$1 == h { print $2 }' "$W/ct" | sort -n | sed -n 2p)
	max=$(awk -v h="$how" '$1 == h { print $3 }' "$W/ct" | sort -n | sed -n 2p)
	echo "$how $p99 $max"
done > "$W/ct.med"
awk 'NR == 1 { p0 = $2; m0 = $3 }
     { printf "   %-6s p99 %4d us (x %.2f)   max %5d us (x %.2f)\n", $1, $2, p0 ? $2 / p0 : 0,
	       $3, m0 ? $3 / m0 : 0 }' "$W/ct.med"
