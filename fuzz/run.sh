#!/bin/sh
# Run one libFuzzer harness on its seeds and its corpus.
#
# usage: fuzz/run.sh FUZZ_BUILD HARNESS check|long SECONDS
#
#   check  deterministic (-seed=1), from the seeds and the regressions
#          only: a bounded time for make check
#   long   random seed, keeping the corpus grown in FUZZ_BUILD/corpus
#
# Exit status: 0 no finding, 1 a crash, leak or hang (the input is in
# FUZZ_BUILD/crashes/), 2 usage or setup error.
set -u
[ $# = 4 ] || { echo "usage: fuzz/run.sh FUZZ_BUILD HARNESS check|long SECONDS" >&2; exit 2; }
build=$1 name=$2 mode=$3 seconds=$4
bin=$build/fuzz/${name}_fuzz
[ -x "$bin" ] || { echo "fuzz/run.sh: no harness $bin" >&2; exit 2; }

seeds=$build/seeds/$name
corpus=$build/corpus/$name
crashes=$build/crashes
rm -rf "$seeds"
mkdir -p "$seeds" "$corpus" "$crashes"
case $name in
spec)
	for f in models/rtapp/*.ltl models/rtapp/*/*.ltl tests/unit/specs/*.ltl \
		 tests/regressions/*.ltl; do
		[ -f "$f" ] && cp "$f" "$seeds/$(echo "$f" | tr / _)"
	done
	opts="-dict=fuzz/spec.dict -max_len=4096"
	;;
structured)
	# programs, not traces (structured_fuzz.c): a few to start from
	printf '\001\002\000\001\000\061\040\000' > "$seeds/switch"
	printf '\005\000\002\001\000\000\000\000\000\001\001\004\003\007\000\000\000' \
		> "$seeds/syscalls"
	printf '\000\000\005\001\000\010\033]2;x\a\n\000\003\006\000\007\000\377\377\020' \
		> "$seeds/marker"
	opts="-max_len=4096 -detect_leaks=0"
	ASAN_OPTIONS=detect_leaks=0:${ASAN_OPTIONS:-}
	;;
*)
	for f in traces/*.dat tests/data/tracedat/*.dat tests/regressions/*.dat; do
		[ -f "$f" ] && cp "$f" "$seeds/$(echo "$f" | tr / _)"
	done
	# whole traces are the inputs: no growing from short ones
	opts="-dict=fuzz/trace.dict -len_control=0 -close_fd_mask=3"
	# libtracecmd leaks on its error paths (malformed files) and its
	# frames cannot be unwound: leaks are checked where only our code
	# allocates (spec, tracedat) and by valgrind_test.sh on whole runs
	if [ "$name" != tracedat ]; then
		opts="$opts -detect_leaks=0"
		ASAN_OPTIONS=detect_leaks=0:${ASAN_OPTIONS:-}
	fi
	;;
esac

if [ "$mode" = check ]; then
	# the same run every time, from the seeds and regressions only;
	# the first finding stops it
	work=$build/corpus/$name.check
	rm -rf "$work"
	mkdir -p "$work"
	opts="$opts -seed=1"
else
	# worker processes that go on after a finding, collecting them all
	work=$corpus
	opts="$opts -fork=${FUZZ_JOBS:-1} -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
fi
# as in production, an absurd size read from a file makes malloc fail
ASAN_OPTIONS=allocator_may_return_null=1:${ASAN_OPTIONS:-}
export ASAN_OPTIONS
before=$(ls "$crashes" | grep "^$name-" | grep -vc slow-unit)

echo "== fuzz $name: $mode, $seconds s"
start=$(date +%s)
# shellcheck disable=SC2086
"$bin" $opts -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2560 \
	-print_final_stats=1 -artifact_prefix="$crashes/$name-" "$work" "$seeds" \
	> "$build/$name.log" 2>&1
status=$?
grep -a -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+[[:space:]]+DONE|#[0-9]+: cov)' "$build/$name.log" | tail -3 |
	sed 's/^/   /'
echo "   $(( $(date +%s) - start )) s, log in $build/$name.log"
found=$(( $(ls "$crashes" | grep "^$name-" | grep -vc slow-unit) - before ))
if [ $status != 0 ] || [ $found != 0 ]; then
	echo "   $found new input(s) in $crashes/$name-*"
	grep -E 'ERROR|SUMMARY|Test unit written|timeout|leak' "$build/$name.log" | head -20
	echo "fuzz $name: FOUND A PROBLEM (exit $status): reproduce with $bin FILE," \
	     "then add FILE to tests/regressions/" >&2
	exit 1
fi
[ "$mode" = check ] && rm -rf "$work"
exit 0
