#!/bin/sh
# rvreplay's speed and memory on a big trace (issue 6), run by `make bench`.
#
# Records the same workload (cyclictest at 500 us and stress-ng --switch)
# at 1x, 2x and 4x length with `rvreplay record`, converts each to format
# 7 (zstd) when trace-cmd can, then measures, interleaved and BENCH_RUNS
# times each, the medians of wall-clock time and peak memory (maximum
# resident set, GNU time %M) of:
#   rvreplay --monitor rtapp          text report to /dev/null
#   rvreplay --monitor rtapp --json   to /dev/null
#   the same with RVREPLAY_READER=libtracecmd (the reference reader)
#   bench/floor.c                     bare tracecmd_iterate_events()
#   trace-cmd report                  to /dev/null
#   rvreplay --monitor wwnr, --monitor stall, and rtapp, wwnr and stall
#   together (each monitor's cost; together against rtapp alone)
#   rvreplay --perfetto FILE: its size over the trace.dat's, and peak memory
# on the 4x trace in both formats; wip (per CPU), which needs preemptirq
# events no kernel here records, against wwnr on the bundled trace of the
# kernel's own wip (tests/kmod/traces/x86_64-kernel-wip.dat) grown 200
# times (its time goes back at each copy: a cost, not a verdict); and prints the ratios to the floor,
# then a scaling table: time and peak memory of the 2x and 4x traces over
# the 1x ones. A benchmark, not a test: it fails only when it cannot run.
#
# usage: RVREPLAY=build/rvreplay FLOOR=build/bench/floor [MEASURE=build/bench/measure] \
#        sh bench/bench.sh
#   BENCH_TRACE=FILE    measure this trace (no recording, no scaling table)
#   BENCH_RUNS=N        runs per command (default 5)
#   BENCH_SECONDS=S     length of the 1x recording in seconds (default 1)
#   BENCH_DIR=DIR       keep the recordings there (default: a temporary
#                       directory, removed at the end)
#   BENCH_REPORT=0      do not time trace-cmd report (it is slow)
#   BENCH_CALLGRIND=1   also count instructions with valgrind --tool=callgrind
#                       (repeatable under load; slow)

RVREPLAY=${RVREPLAY:-build/rvreplay}
FLOOR=${FLOOR:-build/bench/floor}
RUNS=${BENCH_RUNS:-5}
SECONDS_1X=${BENCH_SECONDS:-1}
# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"

[ -x "$RVREPLAY" ] || die "no $RVREPLAY (make rvreplay)"
[ -x "$FLOOR" ] || die "no $FLOOR"
[ -x "${MEASURE:-}" ] || "$TIME" -f %M true 2>/dev/null ||
	die "needs bench/measure.c built (MEASURE=, make bench) or GNU time in $TIME"
HAVE_TRACECMD=0
command -v trace-cmd > /dev/null && HAVE_TRACECMD=1

TMP=$(mktemp -d) || die "no temporary directory"
trap 'rm -rf "$TMP"' EXIT
TIMES=$TMP/times
DIR=${BENCH_DIR:-$TMP}
mkdir -p "$DIR" || die "cannot create $DIR"

# record K: the workload at K times the base length, as DIR/Kx-v6.dat
record() {
	s=$((SECONDS_1X * $1))
	out=$DIR/$1x-v6.dat
	[ -s "$out" ] && return 0
	echo "recording ${s} s of cyclictest + stress-ng --switch into $out" >&2
	"$RVREPLAY" record -q --no-kallsyms -b 8192 -d $((s + 20)) -o "$out" -- \
		sh -c "cyclictest -m -p 80 -t 2 -i 500 -l $((s * 2000)) -q > /dev/null &
		       stress-ng --switch 2 -t ${s}s > /dev/null 2>&1; wait" \
		|| die "rvreplay record failed (run as root; or give BENCH_TRACE=FILE)"
}

# to_v7 FILE: a format 7 (zstd) copy next to it, printed; nothing without trace-cmd
to_v7() {
	v7=${1%-v6.dat}-v7.dat
	[ "$HAVE_TRACECMD" = 1 ] || return 0
	if [ -s "$v7" ] || trace-cmd convert --file-version 7 --compression zstd \
			-i "$1" -o "$v7" > /dev/null 2>&1; then
		echo "$v7"
	fi
}

# run_all TRACE: every command once on TRACE
run_all() {
	timed rvreplay "$1" "$RVREPLAY" --monitor rtapp "$1"
	timed rvreplay-json "$1" "$RVREPLAY" --monitor rtapp --json "$1"
	timed rvreplay-libtracecmd "$1" env RVREPLAY_READER=libtracecmd \
		"$RVREPLAY" --monitor rtapp "$1"
	timed floor "$1" "$FLOOR" "$1"
	# each monitor's cost per record, and all of them against rtapp alone
	timed rvreplay-wwnr "$1" "$RVREPLAY" --monitor wwnr "$1"
	timed rvreplay-stall "$1" "$RVREPLAY" --monitor stall --hz 250 "$1"
	timed rvreplay-all "$1" "$RVREPLAY" --monitor rtapp --monitor wwnr --monitor stall \
		--hz 250 "$1"
	if [ "$HAVE_TRACECMD" = 1 ] && [ "${BENCH_REPORT:-1}" != 0 ]; then
		timed trace-cmd-report "$1" trace-cmd report -i "$1"
	fi
}

# callgrind TRACE: instruction counts, which load on the machine does not change
callgrind() {
	command -v valgrind > /dev/null || { echo "  (no valgrind for instruction counts)"; return; }
	r=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$RVREPLAY" --monitor rtapp \
		"$1" 2>&1 > /dev/null | sed -n 's/.*Collected : //p')
	f=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$FLOOR" "$1" 2>&1 \
		> /dev/null | sed -n 's/.*Collected : //p')
	awk -v r="$r" -v f="$f" 'BEGIN {
		printf "  instructions (callgrind): rvreplay %d, floor %d: %.2f x floor\n", r, f,
			(f > 0 ? r / f : 0) }'
}

describe
if [ -n "$BENCH_TRACE" ]; then
	[ -s "$BENCH_TRACE" ] || die "no trace $BENCH_TRACE"
	MAIN=$BENCH_TRACE
	SCALE=
else
	for k in 1 2 4; do
		record $k
	done
	MAIN=$DIR/4x-v6.dat
	SCALE="1 2 4"
fi

MAINS=$MAIN
case "$MAIN" in
*-v6.dat) V7=$(to_v7 "$MAIN"); [ -n "$V7" ] && MAINS="$V7 $MAIN" ;;
esac

i=0
while [ $i -lt "$RUNS" ]; do
	for t in $MAINS; do
		run_all "$t"
	done
	i=$((i + 1))
done
for t in $MAINS; do
	table "$t" rvreplay rvreplay-json rvreplay-libtracecmd floor trace-cmd-report \
		rvreplay-wwnr rvreplay-stall rvreplay-all
	awk -v a="$(median rvreplay-all "$t" 5)" -v r="$(median rvreplay "$t" 5)" 'BEGIN {
		if (r > 0) printf "  rtapp, wwnr and stall together / rtapp alone (cpu): %.2fx " \
			"(goal: 1.5x at most)\n", a / r }'
	[ "${BENCH_CALLGRIND:-0}" = 1 ] && callgrind "$t"
done

# wip's cost per record, against wwnr's on the same records
WIP=$DIR/wip-grown.dat
if [ -s "$WIP" ] || python3 tests/lib/make_trace.py grow tests/kmod/traces/x86_64-kernel-wip.dat \
		"$WIP" 200 > /dev/null 2>&1; then
	i=0
	while [ $i -lt "$RUNS" ]; do
		timed floor "$WIP" "$FLOOR" "$WIP"
		timed rvreplay-wip "$WIP" "$RVREPLAY" --monitor wip "$WIP"
		timed rvreplay-wwnr "$WIP" "$RVREPLAY" --monitor wwnr "$WIP"
		i=$((i + 1))
	done
	table "$WIP" rvreplay-wip rvreplay-wwnr
	awk -v p="$(median rvreplay-wip "$WIP" 5)" -v w="$(median rvreplay-wwnr "$WIP" 5)" \
		-v n="$(records_of "$WIP")" 'BEGIN {
		if (w > 0 && n > 0) printf "  wip / wwnr (cpu): %.2fx; wip %.0f ns per record\n",
			p / w, p * 1e9 / n }'
fi

# --perfetto: its file against the trace.dat (goal: 1.5x at most), streamed
# (peak memory against the text report's on the same trace)
echo
echo "perfetto: --perfetto FILE's size over the trace.dat's, and peak memory"
for t in $MAINS; do
	timed rvreplay-perfetto "$t" "$RVREPLAY" -q --perfetto "$TMP/p.pftrace" "$t"
	awk -v p="$(wc -c < "$TMP/p.pftrace")" -v d="$(wc -c < "$t")" \
		-v kb="$(median rvreplay-perfetto "$t" 4)" -v kr="$(median rvreplay "$t" 4)" \
		-v t="$t" 'BEGIN {
		printf "  %s: %d bytes, perfetto %d bytes: %.2fx (goal 1.5x at most); " \
			"peak %.1f MiB, the text report %.1f MiB\n", t, d, p, (d > 0 ? p / d : 0),
			kb / 1024, kr / 1024 }'
done

[ -z "$SCALE" ] && exit 0
echo
echo "scaling: the same workload recorded at 1x, 2x and 4x length (rvreplay --monitor rtapp)"
for k in $SCALE; do
	v7=$(to_v7 "$DIR/${k}x-v6.dat")
	for t in "$DIR/${k}x-v6.dat" $v7; do
		echo "$k $(format_of "$t") $t" >> "$TMP/scaled"
	done
done
i=0
while [ $i -lt "$RUNS" ]; do
	while read -r k fmt t; do
		timed rvreplay "$t" "$RVREPLAY" --monitor rtapp "$t"
		timed floor "$t" "$FLOOR" "$t"
	done < "$TMP/scaled"
	i=$((i + 1))
done
printf '  %-6s %-6s %9s %10s %7s %9s %7s %9s %7s\n' length format records "rvreplay s" \
	"time x" "peak MiB" "mem x" "floor s" "x floor"
# shellcheck disable=SC2094 # the file is only read here
while read -r k fmt t; do
	base=$(awk -v f="$fmt" '$1 == 1 && $2 == f { print $3 }' "$TMP/scaled")
	awk -v k="$k" -v fmt="$fmt" -v n="$(records_of "$t")" \
		-v s="$(median rvreplay "$t" 3)" -v kb="$(median rvreplay "$t" 4)" \
		-v s1="$(median rvreplay "$base" 3)" -v kb1="$(median rvreplay "$base" 4)" \
		-v fs="$(median floor "$t" 3)" 'BEGIN {
		printf "  %-6s %-6s %9d %10.3f %7.2f %9.1f %7.2f %9.3f %7.2f\n", k "x", "v" fmt, n,
			s, (s1 > 0 ? s / s1 : 0), kb / 1024, (kb1 > 0 ? kb / kb1 : 0), fs,
			(fs > 0 ? s / fs : 0) }'
done < "$TMP/scaled"
