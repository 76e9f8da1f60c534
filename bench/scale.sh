#!/bin/sh
# make bench, scale: rvreplay on violation groups and on violating
# real-time tasks, each count doubled (make_hostile sleeps: one task
# sleeping N times in read() of N fds, or N tasks sleeping once each),
# first the text report alone, then every output at once (JSON, HTML,
# Chrome trace, JUnit, JSON Lines, statistics). A time ratio near 2 at
# each doubling is linear; near 4, quadratic. Peak memory per group or
# task is printed too. Figures, not a test: it fails only when it cannot run.
#
# usage: RVREPLAY=BIN MAKE_HOSTILE=GEN sh bench/scale.sh   (BENCH_SCALE_MAX, default 1048576)
set -u
RVREPLAY=${RVREPLAY:-build/rvreplay}
MAKE_HOSTILE=${MAKE_HOSTILE:-build/tests/make_hostile}
MAX=${BENCH_SCALE_MAX:-1048576}
TEMPLATE=traces/clock-nanosleep.dat
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# row WHAT N OUTPUTS: one run, its seconds and peak KiB, and the ratio to the last
row() {
	if [ "$3" = text ]; then
		set -- "$1" "$2" "$3" -q
	else
		set -- "$1" "$2" "$3" -q --json --html "$TMP/r.html" --chrome-trace "$TMP/r.chrome.json" \
			--junit "$TMP/r.xml" --jsonl "$TMP/r.jsonl" --stats
	fi
	what=$1 n=$2 outputs=$3
	shift 3
	/usr/bin/time -f "%e %M" -o "$TMP/time" "$RVREPLAY" "$@" --context 0 "$TMP/in.dat" \
		> /dev/null 2>&1
	read -r secs kib <<EOF
$(tail -n 1 "$TMP/time")
EOF
	eval "last=\${last_$outputs:-0}"
	ratio=$(awk -v a="$secs" -v b="$last" 'BEGIN { print (b > 0 ? sprintf("%.2f", a / b) : "-") }')
	printf '  %-6s %-5s %8d %8.2f s  x%-5s %6d MiB  %6.0f bytes each\n' "$what" "$outputs" "$n" \
		"$secs" "$ratio" $((kib / 1024)) "$(awk -v k="$kib" -v n="$n" 'BEGIN { print k * 1024 / n }')"
	eval "last_$outputs=\$secs"
}

echo "scale: time and peak memory as the count doubles (x2.00: linear);"
echo "'text' is the text report, 'all' every output at once"
for what in groups tasks; do
	last_text= last_all=
	n=16384
	while [ "$n" -le "$MAX" ]; do
		if [ "$what" = groups ]; then tasks=1; else tasks=$n; fi
		"$MAKE_HOSTILE" sleeps "$TEMPLATE" "$TMP/in.dat" "$n" "$tasks" || exit 2
		row "$what" "$n" text
		row "$what" "$n" all
		n=$((n * 2))
	done
done
