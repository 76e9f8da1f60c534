#!/bin/sh
# make bench, traces as trace-cmd makes them (issue 16): every event format
# of the kernel (some 2,300) and its kallsyms (megabytes), which the traces
# of `rvreplay record` do not carry. Records at bench time, with
# scripts/extract-trace.sh (the events enabled in a tracefs instance of its
# own, then `trace-cmd extract`; the top-level instance is left as it was):
#   small   cyclictest, 200 loops: about 1 MB in format 7, almost all of it
#           metadata; its time is rvreplay's fixed cost per trace
#   large   cyclictest with hackbench: a few million records
# each in format 7 (zstd, as trace-cmd writes it) and converted to format 6,
# then measures, interleaved and BENCH_RUNS times (default 5), the medians
# of wall-clock time, CPU time and peak memory of:
#   rvreplay -s                       the default reader, summary only
#   the same with RVREPLAY_READER=libtracecmd
#   bench/floor.c                     bare tracecmd_iterate_events()
#   trace-cmd report                  to /dev/null
# and prints each trace's table, then the fixed cost (the small trace) apart
# from the cost per record ((large - small) / (records large - records
# small)). A benchmark, not a test: it fails only when it cannot run.
#
# usage: RVREPLAY=build/rvreplay FLOOR=build/bench/floor [MEASURE=build/bench/measure] \
#        sh bench/tracecmd.sh
#   BENCH_RUNS=N          runs per command (default 5)
#   BENCH_DIR=DIR         keep the recordings there (default: a temporary
#                         directory, removed at the end); traces already
#                         there are measured again, not recorded
#   BENCH_HACKBENCH=N     hackbench loops of the large trace (default 1000:
#                         about 3.4 million records on 2 CPUs)
#   BENCH_REPORT=0        do not time trace-cmd report (slow on the large trace)
#   BENCH_BASELINE=BIN    also measure another rvreplay (an older build), in
#                         the same interleaved runs: "before" against "after"

RVREPLAY=${RVREPLAY:-build/rvreplay}
FLOOR=${FLOOR:-build/bench/floor}
RUNS=${BENCH_RUNS:-5}
LOOPS=${BENCH_HACKBENCH:-1000}
BASELINE=${BENCH_BASELINE:-}
LABELS="rvreplay rvreplay-libtracecmd floor trace-cmd-report"
[ -n "$BASELINE" ] && LABELS="rvreplay baseline rvreplay-libtracecmd baseline-libtracecmd floor
	trace-cmd-report"
BENCH=$(dirname "$0")
EXTRACT=$BENCH/../scripts/extract-trace.sh
# shellcheck source=bench/lib.sh
. "$BENCH/lib.sh"

# The events of every monitor of `rvreplay list`, as a user would enable them.
EVENTS="sched:sched_switch sched:sched_waking sched:sched_wakeup sched:sched_wakeup_new
	sched:sched_process_fork sched:sched_process_free sched:sched_pi_setprio
	sched:sched_kthread_stop raw_syscalls:sys_enter raw_syscalls:sys_exit
	exceptions:page_fault_user exceptions:page_fault_kernel lock:contention_begin
	lock:contention_end"

[ -x "$RVREPLAY" ] || die "no $RVREPLAY (make rvreplay)"
[ -x "$FLOOR" ] || die "no $FLOOR"
[ -z "$BASELINE" ] || [ -x "$BASELINE" ] || die "no $BASELINE"
[ -x "${MEASURE:-}" ] || "$TIME" -f %M true 2>/dev/null ||
	die "needs bench/measure.c built (MEASURE=, make bench) or GNU time in $TIME"
command -v trace-cmd > /dev/null || die "needs trace-cmd"
command -v cyclictest > /dev/null && command -v hackbench > /dev/null ||
	die "needs cyclictest and hackbench (rt-tests)"

TMP=$(mktemp -d) || die "no temporary directory"
trap 'rm -rf "$TMP"' EXIT
TIMES=$TMP/times
DIR=${BENCH_DIR:-$TMP}
mkdir -p "$DIR" || die "cannot create $DIR"

# extract NAME KB COMMAND: DIR/NAME-v7.dat recorded while COMMAND runs, and its
# format 6 copy DIR/NAME-v6.dat
extract() {
	name=$1 kb=$2
	shift 2
	v7=$DIR/$name-v7.dat v6=$DIR/$name-v6.dat
	if [ ! -s "$v7" ]; then
		echo "recording the $name trace with trace-cmd extract into $v7" >&2
		args=
		for e in $EVENTS; do args="$args -e $e"; done
		# shellcheck disable=SC2086
		"$EXTRACT" $args -b "$kb" -o "$v7" -- sh -c "$*" ||
			die "scripts/extract-trace.sh failed (run as root, with tracefs)"
	fi
	[ -s "$v6" ] || trace-cmd convert -i "$v7" -o "$v6" --file-version 6 \
		--compression none > /dev/null 2>&1 || die "trace-cmd convert failed"
}

# run_all TRACE: every command once on TRACE; libtracecmd, which inflates a
# CPU's data whole, may hold more than the default --max-inflated
run_all() {
	timed rvreplay "$1" "$RVREPLAY" -s "$1"
	timed rvreplay-libtracecmd "$1" env RVREPLAY_READER=libtracecmd "$RVREPLAY" -s \
		--max-inflated 2G "$1"
	if [ -n "$BASELINE" ]; then
		timed baseline "$1" "$BASELINE" -s "$1"
		timed baseline-libtracecmd "$1" env RVREPLAY_READER=libtracecmd "$BASELINE" -s \
			--max-inflated 2G "$1"
	fi
	timed floor "$1" "$FLOOR" "$1"
	[ "${BENCH_REPORT:-1}" != 0 ] && timed trace-cmd-report "$1" trace-cmd report -i "$1"
}

# split FORMAT: fixed cost (the small trace) and cost per record of each command
split() {
	small=$DIR/small-v$1.dat large=$DIR/large-v$1.dat
	ns=$(records_of "$small") nl=$(records_of "$large")
	echo
	echo "format $1: fixed cost (the small trace, $ns records) and cost per record" \
		"((large - small) / $((nl - ns)) records), wall-clock (CPU)"
	printf '  %-22s %16s %8s %22s %8s\n' command "fixed s" "x floor" "per record ns" "x floor"
	for label in $LABELS; do
		[ "$(median "$label" "$small" 3)" = - ] && continue
		awk -v l="$label" -v n="$((nl - ns))" \
			-v fw="$(median "$label" "$small" 3)" -v fc="$(median "$label" "$small" 5)" \
			-v lw="$(median "$label" "$large" 3)" -v lc="$(median "$label" "$large" 5)" \
			-v ffw="$(median floor "$small" 3)" -v ffc="$(median floor "$small" 5)" \
			-v flw="$(median floor "$large" 3)" -v flc="$(median floor "$large" 5)" 'BEGIN {
			rw = (lw - fw) * 1e9 / n; rc = (lc - fc) * 1e9 / n
			frw = (flw - ffw) * 1e9 / n
			printf "  %-22s %7.3f (%6.3f) %8.2f %11.1f (%7.1f) %8.2f\n", l, fw, fc,
				(ffw > 0 ? fw / ffw : 0), rw, rc, (frw > 0 ? rw / frw : 0) }'
	done
}

describe
echo "traces: made with scripts/extract-trace.sh (trace-cmd extract: every format, kallsyms)"
extract small 1024 "cyclictest -m -p 80 -t 2 -i 1000 -l 200 -q > /dev/null"
extract large 131072 "cyclictest -m -p 80 -t 2 -i 200 -l 5000 -q > /dev/null &
	hackbench -l $LOOPS -g 2 > /dev/null 2>&1; wait"
TRACES="$DIR/small-v7.dat $DIR/small-v6.dat $DIR/large-v7.dat $DIR/large-v6.dat"

i=0
while [ $i -lt "$RUNS" ]; do
	for t in $TRACES; do
		run_all "$t"
	done
	i=$((i + 1))
done
for t in $TRACES; do
	# shellcheck disable=SC2086
	table "$t" $LABELS
done
split 7
split 6
