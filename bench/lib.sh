# shellcheck shell=sh
# Helpers of the benchmark scripts (sourced): runs timed into a table of
# "LABEL TRACE wall-s peak-KiB cpu-s" lines in $TIMES, their medians, and
# the table of a trace (ratios to the floor, $FLOOR).
TIME=/usr/bin/time

die() {
	echo "bench: $*" >&2
	exit 2
}

# timed LABEL TRACE CMD...: one run, appended to $TIMES (cpu: user + system,
# the process and the children it waited for), measured by $MEASURE
# (bench/measure.c, to the microsecond) or else GNU time (to 10 ms); an
# exit code over 1 (an error for rvreplay) is told on stderr
timed() {
	label=$1 trace=$2
	shift 2
	rm -f "$TIMES.one"
	if [ -x "${MEASURE:-}" ]; then
		"$MEASURE" "$TIMES.one" "$@"
	else
		"$TIME" -f "%e %M %U %S %x" -o "$TIMES.one" "$@" > /dev/null 2>&1
		tail -n 1 "$TIMES.one" | awk '{ print $1, $2, $3 + $4, $5 }' > "$TIMES.cpu"
		mv "$TIMES.cpu" "$TIMES.one"
	fi
	tail -n 1 "$TIMES.one" | awk -v l="$label" -v t="$trace" '{
		printf "%s %s %s %s %s\n", l, t, $1, $2, $3
		if ($4 > 1) printf "bench: %s on %s: exit %d\n", l, t, $4 > "/dev/stderr" }' >> "$TIMES"
}

# median LABEL TRACE FIELD: the median of a column (3: seconds, 4: KiB, 5: CPU seconds)
median() {
	awk -v l="$1" -v t="$2" '$1 == l && $2 == t { print $'"$3"' }' "$TIMES" |
		sort -n | awk '{ v[NR] = $1 } END {
			if (!NR) { print "-"; exit }
			print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

describe() {
	model=$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1)
	echo "machine: $(nproc) CPUs, ${model:-unknown CPU}, Linux $(uname -r)"
	echo "runs: $RUNS per command, interleaved; medians of wall-clock time, of CPU time"
	echo "(user + system: less disturbed by other load) and of peak RSS;" \
		"load average now: $(cut -d' ' -f1-3 /proc/loadavg)"
}

format_of() {
	head -c 11 "$1" | tail -c 1
}

records_of() {
	"$FLOOR" "$1" 2>/dev/null | awk '{ print $1 }'
}

# table TRACE LABEL...: the medians of those commands on TRACE, and their ratios to the floor
table() {
	trace=$1
	shift
	fs=$(median floor "$trace" 3)
	fc=$(median floor "$trace" 5)
	echo
	echo "$trace: $(wc -c < "$trace") bytes, format $(format_of "$trace")," \
		"$(records_of "$trace") records"
	printf '  %-22s %8s %8s %8s %8s %9s\n' command "wall s" "x floor" "cpu s" "x floor" \
		"peak MiB"
	for label in "$@"; do
		s=$(median "$label" "$trace" 3)
		[ "$s" = - ] && continue
		awk -v l="$label" -v s="$s" -v c="$(median "$label" "$trace" 5)" \
			-v kb="$(median "$label" "$trace" 4)" -v fs="$fs" -v fc="$fc" 'BEGIN {
			printf "  %-22s %8.3f %8.2f %8.3f %8.2f %9.1f\n", l, s,
				(fs > 0 ? s / fs : 0), c, (fc > 0 ? c / fc : 0), kb / 1024 }'
	done
	rs=$(median rvreplay "$trace" 3)
	ts=$(median trace-cmd-report "$trace" 3)
	[ "$ts" != - ] && awk -v r="$rs" -v t="$ts" 'BEGIN {
		if (r > 0) printf "  trace-cmd report / rvreplay (wall): %.1fx\n", t / r }'
}
