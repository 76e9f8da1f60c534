#!/bin/sh
# Re-record the bundled traces of traces/ with rvreplay record, on this
# machine, and describe each in traces/NAME.txt. Format 6 is what the
# recorder writes; most are converted to format 7 (zstd) by trace-cmd to
# keep them small and to cover both formats. After a re-recording, review
# the verdicts and refresh traces/NAME.expect (see tests/e2e/verdicts_test.sh).
#
# usage: scripts/record-traces.sh [NAME...]   (as root, from the top of the tree)
set -eu

RV=./rvreplay
W=build/workloads
CT="cyclictest -m -p 80 -t 2 -i 1000 -l 50 -q"

# name|format|kallsyms|command
TRACES="
cyclictest-abs|7|yes|$CT
cyclictest-rel|7|no|$CT -r
pagefault-nomlock|7|no|$W/pagefault nomlock
pagefault-mlock|7|no|$W/pagefault mlock
mutex-nonpi|6|no|$W/mutex_inversion nonpi
mutex-pi|7|no|$W/mutex_inversion pi
poll-read|7|no|sh -c '$W/blocking_io poll && $W/blocking_io read'
epoll-timerfd|7|no|sh -c '$W/blocking_io epoll && $W/blocking_io timerfd'
clock-nanosleep|7|no|sh -c 'for c in monotonic tai realtime boottime; do for m in abs rel; do $W/clock_nanosleep \$c \$m || exit; done; done'
nanosleep|7|no|sh -c 'for v in nanosleep usleep raw; do $W/nanosleep \$v || exit; done'
futex-wake|7|no|sh -c 'for v in higher equal lower other; do $W/futex_wake \$v || exit; done'
cond-signal|7|no|sh -c 'for v in higher equal lower; do $W/cond_signal \$v || exit; done'
"

wanted() {
	[ $# -eq 0 ] && return 0
	for n in "$@"; do [ "$n" = "$1" ] && return 0; done
	return 1
}

describe() {
	name=$1 format=$2 kallsyms=$3 cmd=$4 summary=$5
	{
		echo "traces/$name.dat"
		echo
		echo "Recorded with:"
		echo
		echo "    rvreplay record $( [ "$kallsyms" = yes ] || echo '--no-kallsyms ')-o traces/$name.dat -- $cmd"
		[ "$format" = 7 ] && echo "    trace-cmd convert --file-version 7 --compression zstd (then)"
		echo
		echo "Format: trace.dat version $format; $(wc -c < "traces/$name.dat") bytes."
		echo "Machine: $(uname -srm), $(nproc) CPUs, $(date -u +%Y-%m-%d)."
		echo "Recorder: $summary"
		echo
		echo "Roles written by the workloads (tid, expected verdicts):"
		echo
		trace-cmd report "traces/$name.dat" 2>/dev/null | grep -o 'rvreplay-role: .*' |
			sed 's/^/    /' || echo "    (none: an outside workload)"
		echo
		echo "Verdicts (rvreplay -s, profile 6.17):"
		echo
		"$RV" -s "traces/$name.dat" | sed -n '/^Summary/,/^Coverage/p' | sed '$d' | sed 's/^/    /'
	} > "traces/$name.txt"
}

echo "$TRACES" | while IFS='|' read -r name format kallsyms cmd; do
	[ -n "$name" ] || continue
	wanted "$name" ${@+"$@"} || continue
	opt=
	[ "$kallsyms" = yes ] || opt=--no-kallsyms
	eval "$RV record $opt -o /tmp/rv-$name.dat -- $cmd" > "/tmp/rv-$name.log" 2>&1
	summary=$(grep '^rvreplay: /tmp' "/tmp/rv-$name.log" | sed 's|/tmp/rv-||' | head -1)
	if [ "$format" = 7 ]; then
		trace-cmd convert -i "/tmp/rv-$name.dat" -o "traces/$name.dat" \
			--file-version 7 --compression zstd > /dev/null 2>&1
		rm -f "/tmp/rv-$name.dat"
	else
		mv "/tmp/rv-$name.dat" "traces/$name.dat"
	fi
	describe "$name" "$format" "$kallsyms" "$cmd" "$summary"
	echo "$name: $(wc -c < "traces/$name.dat") bytes"
done
