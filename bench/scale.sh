#!/bin/sh
# make bench, scale: rvreplay on violation groups and on violating
# real-time tasks, each count doubled (make_hostile sleeps: one task
# sleeping N times in read() of N fds, or N tasks sleeping once each).
# A time ratio near 2 at each doubling is linear; near 4, quadratic. Peak
# memory per group or task is printed too. Figures, not a test: it fails
# only when it cannot run.
#
# usage: RVREPLAY=BIN MAKE_HOSTILE=GEN sh bench/scale.sh   (BENCH_SCALE_MAX, default 1048576)
set -u
RVREPLAY=${RVREPLAY:-build/rvreplay}
MAKE_HOSTILE=${MAKE_HOSTILE:-build/tests/make_hostile}
MAX=${BENCH_SCALE_MAX:-1048576}
TEMPLATE=traces/clock-nanosleep.dat
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# row WHAT N TASKS: one run, its seconds and peak KiB, and the ratio to the last
row() {
	"$MAKE_HOSTILE" sleeps "$TEMPLATE" "$TMP/in.dat" "$2" "$3" || exit 2
	/usr/bin/time -f "%e %M" -o "$TMP/time" "$RVREPLAY" -q --context 0 "$TMP/in.dat" \
		> /dev/null 2>&1
	read -r secs kib <<EOF
$(tail -n 1 "$TMP/time")
EOF
	ratio=$(awk -v a="$secs" -v b="${last:-0}" 'BEGIN { print (b > 0 ? sprintf("%.2f", a / b) : "-") }')
	printf '  %-8s %8d %8.2f s  x%-5s %6d MiB  %6.0f bytes each\n' "$1" "$2" "$secs" "$ratio" \
		$((kib / 1024)) "$(awk -v k="$kib" -v n="$2" 'BEGIN { print k * 1024 / n }')"
	last=$secs
}

echo "scale: time and peak memory as the count doubles (x2.00: linear)"
for what in groups tasks; do
	last=
	n=16384
	while [ "$n" -le "$MAX" ]; do
		if [ "$what" = groups ]; then row groups "$n" 1; else row tasks "$n" "$n"; fi
		n=$((n * 2))
	done
done
