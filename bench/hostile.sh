#!/bin/sh
# make bench, hostile inputs: peak memory and time of rvreplay on each
# hostile trace of tests/hostile/ that is under 1 MB, as ratios to the
# goals (256 MiB, 10 s): a ratio over 1 misses the goal. The median of
# BENCH_RUNS runs (default 3). Figures, not a test: it fails only when it
# cannot run.
#
# usage: RVREPLAY=BIN MAKE_HOSTILE=GEN sh bench/hostile.sh
set -u
RVREPLAY=${RVREPLAY:-build/rvreplay}
MAKE_HOSTILE=${MAKE_HOSTILE:-build/tests/make_hostile}
RUNS=${BENCH_RUNS:-3}
TEMPLATE=traces/clock-nanosleep.dat
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# median FILE: the middle line of its sorted numbers
median() {
	sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# case NAME KIND ARGS -- RVREPLAY ARGS
bench_case() {
	name=$1 kind=$2
	shift 2
	gen=
	while [ "$1" != -- ]; do gen="$gen $1"; shift; done
	shift
	# shellcheck disable=SC2086
	"$MAKE_HOSTILE" "$kind" "$TEMPLATE" "$TMP/in.dat" $gen || exit 2
	: > "$TMP/mem"
	: > "$TMP/secs"
	for i in $(seq "$RUNS"); do
		/usr/bin/time -f "%M %e" -o "$TMP/time" "$RVREPLAY" "$@" "$TMP/in.dat" \
			> /dev/null 2>&1
		tail -n 1 "$TMP/time" | awk '{ print $1 / 1024 > "'"$TMP/mem"'.1"; print $2 }' \
			>> "$TMP/secs"
		cat "$TMP/mem.1" >> "$TMP/mem"
	done
	mem=$(median "$TMP/mem") secs=$(median "$TMP/secs")
	kib=$(( ($(stat -c %s "$TMP/in.dat") + 1023) / 1024 ))
	awk -v n="$name" -v k="$kib" -v m="$mem" -v s="$secs" 'BEGIN {
		printf "%-34s %6d KiB %7.1f MiB %5.2f  %6.2f s %5.2f\n", n, k, m, m / 256, s, s / 10 }'
}

echo "hostile inputs: median of $RUNS runs; ratios to the goals 256 MiB and 10 s"
printf '%-34s %10s %11s %5s  %8s %5s\n' case input memory ratio time ratio
bench_case "128 MiB chunk (refused)" big-chunk 128 -- -s
bench_case "4 GiB for libtracecmd (refused)" date-bomb 4096 -- -s
bench_case "100 MiB cmdlines (refused)" cmdlines-bomb 100 -- -s
bench_case "100 MiB printk formats (refused)" printk-bomb 100 -- -s
bench_case "100 MiB kallsyms" kallsyms-bomb 100 -- --context 20
bench_case "60,000 event formats" formats-bomb 60000 -- -s
bench_case "print format, 40,000 operands" print-bomb 40000 -- -s
bench_case "10,000 tasks x 10,000 gaps" gaps 10000 10000 -- -s
bench_case "300,000 tasks, --context 1000" many-pids 300000 -- --context 1000
