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
timeout=20
case $name in
spec)
	for f in models/rtapp/*.ltl models/rtapp/*/*.ltl tests/unit/specs/*.ltl \
		 tests/regressions/*.ltl; do
		[ -f "$f" ] && cp "$f" "$seeds/$(echo "$f" | tr / _)"
	done
	opts="-dict=fuzz/spec.dict -max_len=4096"
	;;
rule)
	for f in examples/specs/*.ltl examples/specs/*.dot tests/rules/broken/*.ltl tests/rules/broken/*.dot tests/regressions/rule-*.ltl tests/regressions/rule-*.dot; do
		[ -f "$f" ] && cp "$f" "$seeds/$(echo "$f" | tr / _)"
	done
	# the shapes that cost exponential time or the stack before, near
	# the limits: each input's evaluation within the time limit below
	for shape in shared:30 bitand:63 chain:990 chain:1100; do
		# named: a rule takes its monitor's name from its file's otherwise
		{ echo "#: monitor costly"; sh tests/rules/costly_rule.sh "${shape%:*}" "${shape#*:}"; } \
			> "$seeds/costly-${shape%:*}-${shape#*:}.ltl"
	done
	opts="-dict=fuzz/rule.dict -max_len=16384"
	# a rule's evaluation is linear in its size (issue 43): an input of
	# 16 KiB runs its steps in well under a second, even under ASan
	timeout=5
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
fleet)
	# programs that make a fleet's files (fleet_fuzz.c), and the fleet
	# findings kept as regressions
	# a folder: b/ beside b-x.dat, a diamond, two loops, a FIFO; a batch over it
	printf '\340\050\000\000\000\001\000\002\000\002\000\000\000\002\001\000' > "$seeds/folder"
	printf '\000\000\000\000\000\004\000\004\002\027\005\004\001\000\004\001' >> "$seeds/folder"
	printf '\027\006\004\000\000\004\001\027\007\000\000\000\006\000\000\000' >> "$seeds/folder"
	# waivers: a BOM, CRLF, a block of every key, a comment, a block without why
	printf '\003\000\006\000\377\000\000\000\000\000\000\000\000\000\003\000' > "$seeds/waivers"
	printf '\000\000\000\002\001\000\002\000\000\007\000\000\000\002\005\001' >> "$seeds/waivers"
	printf '\002\000\000\000\000\002\000\000\000\000\005\000\000\000\000\000' >> "$seeds/waivers"
	printf '\025\000\000\000\000\000\012\163\141\171\040\042\150\151\042\134' >> "$seeds/waivers"
	printf '\011\000\000\000\000\000\000\000\000\002\006\004\005\156\157\164' >> "$seeds/waivers"
	printf '\145\041\006\005\001\006\000\000\003\300\001\001\000\000\000\000' >> "$seeds/waivers"
	printf '\000\001\000\000\000\000\000\000\000\000\000' >> "$seeds/waivers"
	# an index: a trace, garbage, a CR end, a comment, blanks; --index 1; a batch
	printf '\340\240\000\002\000\000\000\000\000\002\000\001\000\002\004\001' > "$seeds/index"
	printf '\002\003\004\011\000\000\001\000\011\000\002\002\001\011\004\000' >> "$seeds/index"
	printf '\000\011\005\001\017\001' >> "$seeds/index"
	# baselines: keys, waived and huge counts, traces not judged, \u escapes,
	# odd members; a night apart
	printf '\040\002\013\000\002\001\003\100\000\110\006\000\000\000\000\000' > "$seeds/baselines"
	printf '\006\001\001\001\000\003\000\000\000\000\000\013\000\000\002\000' >> "$seeds/baselines"
	printf '\120\000\007\000\013\000\012\002\001\140\000\130\000\006\001\001' >> "$seeds/baselines"
	printf '\001\030\000\015\000\002\001\002\100\000\110\006\000\000\000\000' >> "$seeds/baselines"
	printf '\000\006\001\001\001\000\000\015\005\002\015\000\000\001\001\111' >> "$seeds/baselines"
	printf '\000\000\003\000\000\000\000\000' >> "$seeds/baselines"
	# paths past PATH_MAX: folders of 255-byte names, 15 deep, and a link from
	# the bottom to 14 more beside them
	printf '\000\000\000\010\000\026\233\016\000\000\000\027\005\000\010\020' > "$seeds/long"
	printf '\026\233\015\000\004\017\000\000\020' >> "$seeds/long"
	# two single reports
	printf '\000\000\016\001\000\002\010\006\000\000\000\000\000\003\000\000' > "$seeds/reports"
	printf '\000\014\000\016\000\010\001\000\000\006\001\001\001\000\000' >> "$seeds/reports"
	for f in tests/regressions/fleet-*.bin; do
		[ -f "$f" ] && cp "$f" "$seeds/$(basename "$f")"
	done
	# the harness's own words reach the log; the command's reports do not
	opts="-max_len=4096 -close_fd_mask=3"
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

# fuzz: the harness for $seconds s; sets status and found
fuzz() {
	start=$(date +%s)
	# shellcheck disable=SC2086
	"$bin" $opts -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2560 \
		-print_final_stats=1 -artifact_prefix="$crashes/$name-" "$work" "$seeds" \
		> "$build/$name.log" 2>&1
	status=$?
	grep -a -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+[[:space:]]+DONE|#[0-9]+: cov)' "$build/$name.log" | tail -3 |
		sed 's/^/   /'
	echo "   $(( $(date +%s) - start )) s, log in $build/$name.log"
	found=$(( $(ls "$crashes" | grep "^$name-" | grep -vc slow-unit) - before ))
}

# load_timeout: the run's findings are timeouts alone, each of which runs
# within the limit alone: the machine was busy (a CPU hog beside it took
# 21 s over an empty input that takes 0.2 s), not a hang. The inputs go.
load_timeout() {
	new=$(ls -t "$crashes" | grep "^$name-" | grep -v slow-unit | head -n "$found")
	[ -n "$new" ] || return 1
	for f in $new; do
		case $f in "$name-timeout-"*) ;; *) return 1 ;; esac
		"$bin" -timeout="$timeout" -rss_limit_mb=2560 -runs=1 "$crashes/$f" > /dev/null 2>&1 || return 1
	done
	for f in $new; do
		echo "   $f: within 20 s alone: the machine was busy, not a hang; once more"
		rm -f "$crashes/$f"
	done
}

echo "== fuzz $name: $mode, $seconds s"
fuzz
if [ $status != 0 ] && [ $found != 0 ] && [ "$mode" = check ] && load_timeout; then
	rm -rf "$work"
	mkdir -p "$work"
	fuzz
fi
if [ $status != 0 ] || [ $found != 0 ]; then
	echo "   $found new input(s) in $crashes/$name-*"
	grep -E 'ERROR|SUMMARY|Test unit written|timeout|leak' "$build/$name.log" | head -20
	echo "fuzz $name: FOUND A PROBLEM (exit $status): reproduce with $bin FILE," \
	     "then add FILE to tests/regressions/" >&2
	exit 1
fi
[ "$mode" = check ] && rm -rf "$work"
exit 0
